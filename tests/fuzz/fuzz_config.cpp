// libFuzzer target: the config file reader (app/config_file.cpp, the strict TOML subset whose
// keys are the long option names, as `--config FILE` and .drawaudit.toml are read) on arbitrary
// bytes. A bad file must be a usage error (CLI::ParseError) and the reader's own errors name the
// file; never a crash, a hang or another exception.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "audit_command.hpp"
#include "config_file.hpp"

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
    } catch (const drawaudit::app::ConfigFileError& error) {
        if (std::string(error.what()).find(path) == std::string::npos) std::abort();
    } catch (const CLI::ParseError&) {
        // A usage error: drawaudit says so and exits 2.
    }
    return 0;
}
