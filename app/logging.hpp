// The messages on stderr ("drawaudit: warning: ..."), one logger for every command, and the one
// reading of NO_COLOR (https://no-color.org) for them and for the text report.
#pragma once

#include <string>
#include <string_view>

#include <spdlog/common.h>

#include "report/messages.hpp"

namespace drawaudit::app {

struct LogSettings {
    bool quiet = false;                    // -q: errors only
    int verbose = 0;                       // -v: run statistics; -vv: debugging
    std::string log_level;                 // --log-level, which wins over both; empty: none given
    report::Lang lang = report::Lang::En;  // of the level's word ("warning", "aviso")
};

// NO_COLOR set to any non-empty value asks for no colour; unset or empty asks nothing.
bool no_color_requested(const char* no_color_value);
// The same, from this process's environment.
bool no_color_requested();

// --color auto|always|never for a stream: always wins over NO_COLOR; auto is colour on a
// terminal unless NO_COLOR asks for none.
bool use_colour(std::string_view setting, bool terminal, bool no_color);

spdlog::level::level_enum log_level_for(const LogSettings& settings);
// The colour of the messages on stderr: on a terminal, unless NO_COLOR asks for none.
spdlog::color_mode log_colour_mode(bool no_color);

// Installs the logger every command writes its messages to.
void set_up_logging(const LogSettings& settings = {});

}  // namespace drawaudit::app
