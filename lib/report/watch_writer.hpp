// What `drawaudit watch` says (RULES.md "A live round"): one terminal line or one JSON Lines
// object per event, the summary line, and the page of the round (one tile per board).
#pragma once

#include <string>
#include <string_view>

#include <fmt/format.h>

#include "live/round.hpp"
#include "report/messages.hpp"

namespace drawaudit::report {

// The sentence of an event in `lang`: the finding's, or the watch's own (game finished, file
// unreadable); a withdrawal says that it no longer holds.
std::string event_sentence(const live::Event& event, Lang lang);

// One terminal line (with its newline): "[12:04:31] ALERT fivefold-draw: round5.pgn, board 12,
// Carlsen - Caruana, 61... Kd7: <sentence> (9.6.1)". `clock` "" leaves the time out (--once);
// `colour`: alerts in bold red, withdrawals dim. Every text from the input is escaped.
void append_event_line(fmt::memory_buffer& out, const live::Event& event, Lang lang,
                       std::string_view clock, bool colour);

// One JSON Lines object (with its newline): type "event", kind, rule, route, file, game, round,
// board, white, black, result, ply, move, side, article, severity, message (English), time.
void append_event_json(fmt::memory_buffer& out, const live::Event& event, std::string_view time);

// The one-line summary at the end of a watch (boards, events by kind).
std::string watch_summary(const live::RoundCounts& counts, Lang lang);

// The round's page: one tile per board (board, players, last move, status, the claims open at
// its last position while it goes on, its alerts; boards with an alert first), reloading itself
// every `refresh_seconds` (meta refresh: no script, no network).
std::string watch_page(const live::Round& round, Lang lang, std::string_view time,
                       int refresh_seconds);

}  // namespace drawaudit::report
