// drawaudit: audits PGN chess games against the draw rules of the FIDE Laws of Chess.
#include <CLI/CLI.hpp>

#include "perft_command.hpp"

int main(int argc, char** argv) {
    CLI::App app{"drawaudit: audits PGN chess games against the draw rules of the FIDE Laws of Chess",
                 "drawaudit"};
    app.set_version_flag("--version", std::string("drawaudit ") + DRAWAUDIT_VERSION);

    drawaudit::app::PerftOptions perft_options;
    CLI::App* perft = drawaudit::app::add_perft_command(app, perft_options);

    CLI11_PARSE(app, argc, argv);
    if (perft->parsed()) return drawaudit::app::run_perft(perft_options);
    return 0;
}
