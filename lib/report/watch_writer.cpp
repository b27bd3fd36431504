#include "report/watch_writer.hpp"

#include <algorithm>
#include <vector>

#include "report/escape.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {

namespace {

using live::Event;
using live::EventKind;
using live::EventSubject;

Msg kind_word(EventKind kind) {
    switch (kind) {
        case EventKind::Alert:
            return Msg::WatchAlert;
        case EventKind::Withdrawn:
            return Msg::WatchWithdrawn;
        case EventKind::Notice:
            break;
    }
    return Msg::WatchNotice;
}

std::string_view rule_words(const Event& event, Lang lang) {
    switch (event.subject) {
        case EventSubject::GameFinished:
            return text(Msg::WatchRuleGameFinished, lang);
        case EventSubject::FileUnreadable:
            return text(Msg::WatchRuleFileUnreadable, lang);
        case EventSubject::Finding:
            break;
    }
    return rule_label(event.finding->rule, lang);
}

// The move an event is at: the finding's, or the game's last for a finished game.
std::string_view event_move(const Event& event) {
    if (event.finding) return event.finding->move;
    return event.game ? std::string_view(event.game->last_move) : std::string_view{};
}

// "board 12", else "game 3" (its place in the file).
std::string where_label(const live::WatchedGame& game, Lang lang) {
    if (!game.where.board.empty()) return say(lang, Msg::WatchBoard, game.where.board);
    return say(lang, Msg::GameLabel, game.report.game);
}

std::string players(const live::WatchedGame& game) {
    const std::string_view white = known_tag(game.report.white);
    const std::string_view black = known_tag(game.report.black);
    return fmt::format("{} - {}", white.empty() ? "?" : white, black.empty() ? "?" : black);
}

}  // namespace

std::string event_sentence(const Event& event, Lang lang) {
    std::string sentence;
    switch (event.subject) {
        case EventSubject::Finding:
            sentence = finding_sentence(*event.finding, event.game->report, lang);
            break;
        case EventSubject::GameFinished: {
            const audit::GameReport& report = event.game->report;
            sentence = say(lang, Msg::WatchGameFinished, report.result);
            if (const std::string why = draw_reason_sentence(report, lang); !why.empty())
                sentence += ". " + why;
            else if (report.termination != audit::Termination::None)
                sentence += fmt::format(" ({}).", termination_reason(report.termination, lang));
            else
                sentence += '.';
            break;
        }
        case EventSubject::FileUnreadable:
            sentence = say(lang, Msg::WatchFileUnreadable, event.reason);
            break;
    }
    if (event.kind == EventKind::Withdrawn) return say(lang, Msg::WatchWithdrawnSays, sentence);
    return sentence;
}

void append_event_line(fmt::memory_buffer& out, const Event& event, Lang lang,
                       std::string_view clock, bool colour) {
    const std::string_view on = !colour                              ? ""
                                : event.kind == EventKind::Alert     ? "\x1b[1;31m"
                                : event.kind == EventKind::Withdrawn ? "\x1b[2m"
                                                                     : "";
    if (!clock.empty()) fmt::format_to(std::back_inserter(out), "[{}] ", clock);
    append(out, on);
    append(out, text(kind_word(event.kind), lang));
    out.push_back(' ');
    append(out, rule_words(event, lang));
    if (!on.empty()) append(out, "\x1b[0m");
    append(out, ": ");
    append_terminal_text(out, event.file);
    if (event.game) {
        append(out, ", ");
        append_terminal_text(out, where_label(*event.game, lang));
        append(out, ", ");
        append_terminal_text(out, players(*event.game));
        const std::string_view move = event_move(event);
        append(out, ", ");
        if (move.empty())
            append(out,
                   text(event.game->last_move.empty() ? Msg::WatchNoMoves : Msg::StartLabel, lang));
        else
            append_terminal_text(out, move_for(lang, move));
    }
    append(out, ": ");
    append_terminal_text(out, event_sentence(event, lang));
    if (event.finding && !event.finding->article.empty()) {
        append(out, " (");
        append(out, article_ref(event.finding->article, lang));
        out.push_back(')');
    }
    out.push_back('\n');
}

void append_event_json(fmt::memory_buffer& out, const Event& event, std::string_view time) {
    auto it = std::back_inserter(out);
    const live::WatchedGame* game = event.game.get();
    const audit::Finding* finding = event.finding ? &*event.finding : nullptr;
    append(out, "{\"type\":\"event\",\"kind\":");
    append_json_string(out, live::event_kind_name(event.kind));
    append(out, ",\"rule\":");
    append_json_string(out, event.rule());
    append(out, ",\"route\":");
    append_json_string_or_null(out, finding ? audit::route_name(finding->route) : "");
    append(out, ",\"file\":");
    append_json_string(out, event.file);
    append(out, ",\"game\":");
    if (game)
        fmt::format_to(it, "{}", game->report.game);
    else
        append(out, "null");
    append(out, ",\"round\":");
    append_json_string_or_null(out, game ? std::string_view(game->where.round) : "");
    append(out, ",\"board\":");
    append_json_string_or_null(out, game ? std::string_view(game->where.board) : "");
    append(out, ",\"white\":");
    append_json_string_or_null(out, game ? known_tag(game->report.white) : "");
    append(out, ",\"black\":");
    append_json_string_or_null(out, game ? known_tag(game->report.black) : "");
    append(out, ",\"result\":");
    append_json_string_or_null(out, game ? std::string_view(game->tags.result) : "");
    append(out, ",\"ply\":");
    if (finding)
        fmt::format_to(it, "{}", finding->ply);
    else if (game)
        fmt::format_to(it, "{}", game->report.plies);
    else
        append(out, "null");
    append(out, ",\"move\":");
    append_json_string_or_null(out, event_move(event));
    append(out, ",\"side\":");
    append_json_string_or_null(out, finding ? audit::side_name(finding->side) : "");
    append(out, ",\"article\":");
    append_json_string_or_null(out, finding ? std::string_view(finding->article) : "");
    append(out, ",\"severity\":");
    append_json_string(out,
                       audit::severity_name(finding ? finding->severity : audit::Severity::Info));
    append(out, ",\"message\":");
    append_json_string(out, event_sentence(event, Lang::En));
    append(out, ",\"time\":");
    append_json_string(out, time);
    append(out, "}\n");
}

std::string watch_summary(const live::RoundCounts& counts, Lang lang) {
    return say(lang, Msg::WatchSummary, count_text(counts.games, lang),
               count_text(counts.alerts, lang), count_text(counts.notices, lang),
               count_text(counts.withdrawn, lang));
}

namespace {

constexpr std::string_view kPageStyle =
    "body{font-family:system-ui,sans-serif;margin:1em;background:#f6f6f6}"
    "h1{font-size:1.3em}.tiles{display:flex;flex-wrap:wrap;gap:.6em;align-items:flex-start}"
    ".tile{background:#fff;border:1px solid #ccc;border-radius:6px;padding:.5em .7em;"
    "width:19em}.tile.alert{border:2px solid #c00;background:#fff4f4}"
    ".tile h2{font-size:1em;margin:0 0 .3em}.players{font-weight:600}"
    ".status{color:#555}.alerts{color:#a00}.claims{color:#064}"
    "ul{margin:.3em 0;padding-left:1.1em}li{margin:.15em 0}";

void append_item_list(fmt::memory_buffer& out, std::string_view css, Msg heading,
                      const std::vector<const Event*>& events, Lang lang) {
    if (events.empty()) return;
    fmt::format_to(std::back_inserter(out), "<div class=\"{}\">", css);
    append_html(out, text(heading, lang));
    append(out, "<ul>");
    for (const Event* e : events) {
        append(out, "<li>");
        append_html(out, rule_words(*e, lang));
        const std::string_view move = event_move(*e);
        if (!move.empty()) {
            append(out, ", ");
            append_html(out, move_for(lang, move));
        }
        append(out, ": ");
        append_html(out, event_sentence(*e, lang));
        append(out, "</li>");
    }
    append(out, "</ul></div>");
}

}  // namespace

std::string watch_page(const live::Round& round, Lang lang, std::string_view time,
                       int refresh_seconds) {
    fmt::memory_buffer out;
    auto it = std::back_inserter(out);
    fmt::format_to(it,
                   "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n"
                   "<meta http-equiv=\"refresh\" content=\"{}\">\n<title>",
                   lang_name(lang), refresh_seconds);
    append_html(out, text(Msg::WatchPageTitle, lang));
    append(out, "</title>\n<style>");
    append(out, kPageStyle);
    append(out, "</style>\n</head>\n<body>\n<h1>");
    append_html(out, text(Msg::WatchPageTitle, lang));
    append(out, "</h1>\n<p class=\"updated\">");
    append_html(out, say(lang, Msg::WatchPageUpdated, time, refresh_seconds));
    append(out, "</p>\n");
    struct Tile {
        std::shared_ptr<const live::WatchedGame> game;
        std::vector<Event> holding;
        std::vector<const Event*> alerts, claims;
    };
    std::vector<Tile> tiles;
    for (auto& game : round.games()) {
        Tile tile{game, round.holding(*game), {}, {}};
        for (const Event& e : tile.holding) {
            if (e.kind == EventKind::Alert) tile.alerts.push_back(&e);
            // Open: a claim the player having the move may make now, at the game's last
            // position, while the game goes on (earlier ones passed with the move played).
            const bool claim = e.finding && (e.finding->rule == audit::Rule::ThreefoldClaim ||
                                             e.finding->rule == audit::Rule::FiftyMoveClaim);
            if (claim && e.finding->ply == game->report.plies &&
                live::in_progress(game->tags.result))
                tile.claims.push_back(&e);
        }
        tiles.push_back(std::move(tile));
    }
    // Boards with an alert first, then in the order of their files.
    std::stable_sort(tiles.begin(), tiles.end(), [](const Tile& a, const Tile& b) {
        return !a.alerts.empty() && b.alerts.empty();
    });
    if (tiles.empty()) {
        append(out, "<p>");
        append_html(out, text(Msg::WatchNoGames, lang));
        append(out, "</p>\n");
    }
    append(out, "<div class=\"tiles\">\n");
    for (const Tile& tile : tiles) {
        const live::WatchedGame& game = *tile.game;
        fmt::format_to(it, "<section class=\"tile{}\">\n<h2>", tile.alerts.empty() ? "" : " alert");
        append_html(out, where_label(game, lang));
        if (!game.where.round.empty()) {
            append(out, " · ");
            append_html(out, say(lang, Msg::RoundLabel, game.where.round));
        }
        append(out, " · ");
        append_html(out, game.report.file);
        append(out, "</h2>\n<div class=\"players\">");
        append_html(out, players(game));
        append(out, "</div>\n<div class=\"status\">");
        append_html(out, live::in_progress(game.tags.result) ? text(Msg::WatchInProgress, lang)
                                                             : game.tags.result);
        append(out, " · ");
        if (game.last_move.empty())
            append_html(out, text(Msg::WatchNoMoves, lang));
        else
            append_html(out, say(lang, Msg::WatchLastMove, move_for(lang, game.last_move)));
        append(out, "</div>\n");
        append_item_list(out, "alerts", Msg::WatchAlerts, tile.alerts, lang);
        append_item_list(out, "claims", Msg::WatchOpenClaims, tile.claims, lang);
        append(out, "</section>\n");
    }
    append(out, "</div>\n</body>\n</html>\n");
    return fmt::to_string(out);
}

}  // namespace drawaudit::report
