// libFuzzer target: the config file reader (TOML, the long option names as keys, as
// `--config FILE` and .drawaudit.toml are read) on arbitrary bytes. A bad file must be a usage
// error (CLI::ParseError), never a crash, a hang or another exception.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "audit_command.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::string path =
        "/tmp/drawaudit-fuzz-config-" + std::to_string(getpid()) + ".toml";
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    } else {
        return 0;
    }
    CLI::App app{"drawaudit", "drawaudit"};
    drawaudit::app::AuditCommand command;
    drawaudit::app::add_audit_options(app, command);
    const std::string config_path = path;
    const char* argv[] = {"drawaudit", "--config", config_path.c_str(), "game.pgn"};
    try {
        app.parse(4, argv);
    } catch (const CLI::ParseError&) {
        // A usage error: drawaudit says so and exits 2.
    }
    return 0;
}
