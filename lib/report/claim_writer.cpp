// The ruling on a claim in words, as JSON and as a page (RULES.md "A claim ruled at the board",
// "Output"). Every sentence comes from the catalog (messages.cpp), in the reader's language;
// every string from the input is escaped for the format that prints it.
#include "report/claim_writer.hpp"

#include <array>
#include <string_view>

#include <fmt/format.h>

#include "audit/rules.hpp"
#include "report/board_svg.hpp"
#include "report/escape.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::ClaimNote;
using audit::ClaimPosition;
using audit::ClaimRuling;
using audit::ClaimVerdict;
using audit::LookAlikeKind;
using audit::Route;

std::string_view verdict_word(ClaimVerdict v, Lang lang) {
    switch (v) {
        case ClaimVerdict::Correct:
            return text(Msg::ClaimCorrect, lang);
        case ClaimVerdict::Incorrect:
            return text(Msg::ClaimIncorrect, lang);
        case ClaimVerdict::GameOver:
            return text(Msg::ClaimGameOver, lang);
    }
    return "";
}

// "after 4... Ng8" / "the start position": where a position of the record stands.
std::string where(const ClaimPosition& p, Lang lang) {
    if (p.ply == 0 || p.move.empty()) return std::string(text(Msg::StartPosition, lang));
    return say(lang, Msg::AfterMove, move_for(lang, p.move));
}

// "after 8... Ng8" / "at the start": when the game ended.
std::string when(const ClaimPosition& p, Lang lang) {
    if (p.ply == 0 || p.move.empty()) return std::string(text(Msg::AtTheStart, lang));
    return say(lang, Msg::AfterMove, move_for(lang, p.move));
}

audit::Side opponent(audit::Side side) {
    return side == audit::Side::White ? audit::Side::Black : audit::Side::White;
}

// The article each ground is ruled under: the route that holds, else the one the claim used.
std::string_view threefold_article(const ClaimRuling& r) {
    if (r.threefold.route == Route::Appeared) return "9.2.1.2";
    if (r.threefold.route == Route::Declared || r.written_move) return "9.2.1.1";
    return "9.2.1.2";
}
std::string_view fifty_article(const ClaimRuling& r) {
    if (r.fifty.route == Route::Appeared) return "9.3.2";
    if (r.fifty.route == Route::Declared || r.written_move) return "9.3.1";
    return "9.3.2";
}

std::string times(std::size_t n, Lang lang) {
    return n == 1 ? std::string(text(Msg::ClaimTimesOne, lang))
                  : say(lang, Msg::ClaimTimesMany, count_text(n, lang));
}

std::string minutes(int seconds, Lang lang) {
    return seconds == 60 ? std::string(text(Msg::ClaimMinuteOne, lang))
                         : say(lang, Msg::ClaimMinutesMany, seconds / 60);
}

std::string difference_words(const audit::LookAlikeDifference& d, Lang lang) {
    switch (d.kind) {
        case LookAlikeKind::CastlingRight:
            return say(
                lang,
                d.wing == audit::Wing::King ? Msg::ClaimCastleKingside : Msg::ClaimCastleQueenside,
                side_subject(d.side, lang));
        case LookAlikeKind::EnPassantThen:
            return say(lang, Msg::ClaimEnPassantThen, move_for(lang, d.capture));
        case LookAlikeKind::EnPassantNow:
            return say(lang, Msg::ClaimEnPassantNow, move_for(lang, d.capture));
    }
    return "";
}

std::string look_alike_words(const audit::LookAlike& look, Lang lang) {
    std::string differences;
    for (const auto& d : look.differences) {
        if (!differences.empty()) differences += "; ";
        differences += difference_words(d, lang);
    }
    return say(lang, Msg::ClaimLookAlike, where(look.position, lang), differences);
}

// The threefold evidence: the occurrences of the position the claim is about.
std::string occurrence_words(const ClaimRuling& r, Lang lang) {
    const auto& occurrences = r.threefold.occurrences;
    if (r.threefold.about_written_move && occurrences.empty())
        return say(lang, Msg::ClaimNeverBefore, move_for(lang, r.after_written_move->move));
    std::string list;
    for (const ClaimPosition& p : occurrences) {
        if (!list.empty()) list += ", ";
        list += where(p, lang);
        if (!r.threefold.about_written_move && p.ply == r.claimed.ply)
            list += text(Msg::ClaimNow, lang);
    }
    if (r.threefold.about_written_move)
        return say(lang, Msg::ClaimAfterWritten, move_for(lang, r.after_written_move->move),
                   times(occurrences.size(), lang), list);
    return say(lang, Msg::ClaimOnBoard, times(occurrences.size(), lang), list);
}

std::string fifty_count_words(const ClaimRuling& r, Lang lang) {
    const int clock = r.fifty.halfmove_clock;
    // Counts of one take the singular (a clock of 1, 2 or 3), in both languages.
    std::string moves;
    if (clock == 1)
        moves = text(Msg::ClaimMovesHalfOnly, lang);
    else if (clock / 2 == 1)
        moves = text(clock == 2 ? Msg::ClaimMovesEvenOne : Msg::ClaimMovesOddOne, lang);
    else
        moves = say(lang, clock % 2 == 0 ? Msg::ClaimMovesEven : Msg::ClaimMovesOdd,
                    count_text(static_cast<std::uint64_t>(clock / 2), lang));
    const std::string since = r.fifty.reset.ply == 0 ? std::string(text(Msg::StartPosition, lang))
                                                     : move_for(lang, r.fifty.reset.move);
    if (clock == 1) return say(lang, Msg::ClaimFiftyCountOne, since, moves);
    return say(lang, Msg::ClaimFiftyCount, since,
               count_text(static_cast<std::uint64_t>(clock), lang), moves);
}

// The ruling in one line.
std::string heading(const ClaimRuling& r, Lang lang) {
    const std::string_view word = verdict_word(r.verdict, lang);
    if (r.verdict == ClaimVerdict::GameOver) {
        return say(lang, Msg::ClaimHeadGameOver, word, when(r.ended->at, lang),
                   termination_reason(r.ended->termination, lang),
                   article_ref(audit::termination_article(r.ended->termination), lang));
    }
    if (r.verdict == ClaimVerdict::Incorrect)
        return say(lang, Msg::ClaimHeadIncorrect, word, side_subject(r.claimant, lang));
    const bool threefold = r.threefold.verdict == ClaimVerdict::Correct;
    const bool fifty = r.fifty.verdict == ClaimVerdict::Correct;
    // RULES.md: the ruling names the ground(s) and route that hold, so both when both do.
    if (threefold && fifty)
        return say(lang, Msg::ClaimHeadCorrectBoth, word, side_subject(r.claimant, lang),
                   text(Msg::ClaimGroundThreefold, lang), article_ref(threefold_article(r), lang),
                   text(Msg::ClaimGroundFifty, lang), article_ref(fifty_article(r), lang));
    return say(lang, Msg::ClaimHeadCorrect, word, side_subject(r.claimant, lang),
               text(threefold ? Msg::ClaimGroundThreefold : Msg::ClaimGroundFifty, lang),
               article_ref(threefold ? threefold_article(r) : fifty_article(r), lang));
}

std::string game_words(const ClaimGame& g, Lang lang) {
    std::string out =
        say(lang, Msg::ClaimGame, g.game, g.file, g.line, known_tag(g.white), known_tag(g.black));
    if (!known_tag(g.board).empty())
        out += say(lang, Msg::ClaimRoundBoard, known_tag(g.round), known_tag(g.board));
    else if (!known_tag(g.round).empty())
        out += say(lang, Msg::ClaimRound, known_tag(g.round));
    return out;
}

// What follows (9.5): drawn, or the time added and the written move to be played, or nothing
// after the end of the game.
std::string follows_words(const ClaimRuling& r, Lang lang) {
    std::string out;
    if (r.verdict == ClaimVerdict::GameOver) {
        out = say(lang, Msg::ClaimFollowsOver, when(r.ended->at, lang),
                  termination_reason(r.ended->termination, lang),
                  article_ref(audit::termination_article(r.ended->termination), lang));
        if (r.ended->termination == audit::Termination::Fivefold ||
            r.ended->termination == audit::Termination::SeventyFiveMove)
            out += text(Msg::ClaimShouldHaveStopped, lang);
        return out;
    }
    if (r.verdict == ClaimVerdict::Correct) {
        out = text(Msg::ClaimFollowsDrawn, lang);
        if (r.written_move) out += text(Msg::ClaimFollowsNotPlayed, lang);
        return out;
    }
    out = say(lang, Msg::ClaimFollowsTime, minutes(r.time_added_seconds, lang),
              side_inside(opponent(r.claimant), lang),
              article_ref(audit::incorrect_claim_article(r.laws, r.play_kind), lang));
    if (r.written_move && r.written_move_legal)
        out += say(lang, Msg::ClaimFollowsMustPlay, move_for(lang, *r.written_move));
    return out;
}

// The piece letters of a diagram in `lang` (RULES.md "Spanish notation"); a pawn is P.
char diagram_letter(char fen_letter, Lang lang) {
    if (lang == Lang::En) return fen_letter;
    const bool black = fen_letter >= 'a';
    char upper = black ? static_cast<char>(fen_letter - 'a' + 'A') : fen_letter;
    switch (upper) {
        case 'K':
            upper = 'R';
            break;
        case 'Q':
            upper = 'D';
            break;
        case 'R':
            upper = 'T';
            break;
        case 'B':
            upper = 'A';
            break;
        case 'N':
            upper = 'C';
            break;
        default:
            break;
    }
    return black ? static_cast<char>(upper - 'A' + 'a') : upper;
}

// A compact text diagram from a FEN's board field: White's pieces upper case, Black's lower
// case, '.' an empty square; rank 8 first.
void append_diagram(std::string& out, std::string_view fen, Lang lang) {
    const std::string_view board = fen.substr(0, fen.find(' '));
    int rank = 8;
    out += "  8 ";
    for (const char c : board) {
        if (c == '/') {
            out += "\n  ";
            out += static_cast<char>('0' + --rank);
            out += ' ';
        } else if (c >= '1' && c <= '8') {
            for (int i = 0; i < c - '0'; ++i) out += " .";
        } else {
            out += ' ';
            out += diagram_letter(c, lang);
        }
    }
    out += "\n     a b c d e f g h\n";
}

std::string_view route_or_empty(Route route) {
    return audit::route_name(route);
}

}  // namespace

std::string claim_note_sentence(const audit::ClaimNoteEntry& note, const ClaimRuling& r,
                                Lang lang) {
    const std::string written = r.written_move ? move_for(lang, *r.written_move) : std::string();
    switch (note.note) {
        case ClaimNote::WrittenMoveIllegal:
            return say(lang, Msg::ClaimNoteIllegal, written);
        case ClaimNote::WrittenMoveMates:
            return say(lang, Msg::ClaimNoteMates, written);
        case ClaimNote::EndedEarlier:
            return say(lang, Msg::ClaimNoteEnded, when(r.ended->at, lang),
                       termination_reason(r.ended->termination, lang));
        case ClaimNote::TimeControlUnknown:
            return std::string(text(Msg::ClaimNoteTimeControl, lang));
        case ClaimNote::ClaimAvailableEarlier:
            return say(lang, Msg::ClaimNoteEarlier, side_subject(r.claimant, lang),
                       text(note.ground == audit::Rule::ThreefoldClaim ? Msg::ClaimGroundThreefold
                                                                       : Msg::ClaimGroundFifty,
                            lang),
                       fmt::format("{} ({})", note.at.ply, where(note.at, lang)));
    }
    return "";
}

std::string claim_error_sentence(const audit::ClaimError& e, Lang lang) {
    using audit::ClaimErrorKind;
    switch (e.kind) {
        case ClaimErrorKind::PlyOutOfRecord:
            return say(lang, Msg::ClaimErrorPlyPast, e.given, e.last_ply);
        case ClaimErrorKind::MoveUnreadable:
            return say(lang, Msg::ClaimErrorMoveUnreadable, e.given,
                       san_refusal_text(e.refusal, lang));
        case ClaimErrorKind::MoveAmbiguous: {
            std::string moves;
            for (const std::string& m : e.candidates) {
                if (!moves.empty()) moves += ", ";
                moves += move_for(lang, m);
            }
            return say(lang, Msg::ClaimErrorMoveAmbiguous, e.given, moves);
        }
        case ClaimErrorKind::AtMoveNotRecorded:
            if (e.recorded.empty())
                return say(lang, Msg::ClaimErrorAtNoSuchMove, e.given, e.last_ply);
            return say(lang, Msg::ClaimErrorAtRecorded, e.given, move_for(lang, e.recorded));
        case ClaimErrorKind::AtUnreadable:
            return say(lang, Msg::ClaimErrorAtUnreadable, e.given);
    }
    return "";
}

std::string claim_text(const ClaimGame& game, const ClaimRuling& r, Lang lang) {
    fmt::memory_buffer escaped;
    auto line = [&](std::string_view sentence) {
        append_terminal_text(escaped, sentence);
        escaped.push_back('\n');
    };
    line(heading(r, lang));
    line(game_words(game, lang));
    line(say(lang, Msg::ClaimMoment, where(r.claimed, lang), r.claimed.ply,
             side_inside(r.claimant, lang)));
    if (r.written_move)
        line(say(lang, r.written_move_legal ? Msg::ClaimWritten : Msg::ClaimWrittenIllegal,
                 move_for(lang, *r.written_move)));
    line("");
    line(say(lang, Msg::ClaimThreefoldHead, verdict_word(r.threefold.verdict, lang),
             threefold_article(r)));
    line("  - " + occurrence_words(r, lang));
    for (const auto& look : r.threefold.look_alikes) line("  - " + look_alike_words(look, lang));
    line(say(lang, Msg::ClaimFiftyHead, verdict_word(r.fifty.verdict, lang), fifty_article(r)));
    line("  - " + fifty_count_words(r, lang));
    if (r.written_move_legal && r.fifty.halfmove_clock == 99) {
        line("  - " + say(lang,
                          r.written_move_quiet ? Msg::ClaimWrittenQuiet : Msg::ClaimWrittenZeroing,
                          move_for(lang, *r.written_move)));
    }
    line("");
    line(follows_words(r, lang));
    if (r.verdict != ClaimVerdict::GameOver) {
        line(text(Msg::ClaimDrawOffer, lang));
        line(text(Msg::ClaimTouched, lang));
    }
    if (!r.notes.empty()) {
        line("");
        line(text(Msg::ClaimNotes, lang));
        for (const auto& note : r.notes) {
            line(fmt::format("  [{}] {}", audit::claim_note_id(note.note),
                             claim_note_sentence(note, r, lang)));
        }
    }
    line("");
    line(say(lang, Msg::ClaimBoardClaimed, where(r.claimed, lang), side_inside(r.claimant, lang)));
    std::string diagrams;
    append_diagram(diagrams, r.claimed.fen, lang);
    if (r.after_written_move) {
        diagrams +=
            say(lang, Msg::ClaimBoardAfterWritten, move_for(lang, r.after_written_move->move));
        diagrams += '\n';
        append_diagram(diagrams, r.after_written_move->fen, lang);
    }
    append(escaped, diagrams);
    return fmt::to_string(escaped);
}

namespace {
void append_position_json(fmt::memory_buffer& out, const ClaimPosition& p) {
    fmt::format_to(std::back_inserter(out), "{{\"ply\":{},\"move\":", p.ply);
    append_json_string_or_null(out, p.move);
    out.push_back('}');
}
void append_key(fmt::memory_buffer& out, std::string_view key) {
    out.push_back(',');
    append_json_string(out, key);
    out.push_back(':');
}
}  // namespace

std::string claim_json(const ClaimGame& game, const ClaimRuling& r) {
    fmt::memory_buffer out;
    auto it = std::back_inserter(out);
    out.push_back('{');
    append_json_string(out, "file");
    out.push_back(':');
    append_json_string(out, game.file);
    fmt::format_to(it, ",\"game\":{},\"line\":{}", game.game, game.line);
    append_key(out, "white");
    append_json_string_or_null(out, known_tag(game.white));
    append_key(out, "black");
    append_json_string_or_null(out, known_tag(game.black));
    append_key(out, "round");
    append_json_string_or_null(out, known_tag(game.round));
    append_key(out, "board");
    append_json_string_or_null(out, known_tag(game.board));
    fmt::format_to(it, ",\"laws\":\"{}\",\"time_control\":\"{}\",\"ply\":{},\"move\":",
                   audit::laws_name(r.laws), audit::play_kind_name(r.play_kind), r.claimed.ply);
    append_json_string_or_null(out, r.claimed.move);
    fmt::format_to(it, ",\"claimant\":\"{}\",\"written_move\":", audit::side_name(r.claimant));
    append_json_string_or_null(out, r.written_move.value_or(""));
    fmt::format_to(it, ",\"ruling\":\"{}\"", audit::claim_verdict_name(r.verdict));

    fmt::format_to(it, ",\"threefold\":{{\"ruling\":\"{}\",\"route\":",
                   audit::claim_verdict_name(r.threefold.verdict));
    append_json_string_or_null(out, route_or_empty(r.threefold.route));
    fmt::format_to(it, ",\"occurrences\":[");
    for (std::size_t i = 0; i < r.threefold.occurrences.size(); ++i) {
        if (i > 0) out.push_back(',');
        append_position_json(out, r.threefold.occurrences[i]);
    }
    fmt::format_to(it, "],\"look_alikes\":[");
    for (std::size_t i = 0; i < r.threefold.look_alikes.size(); ++i) {
        const auto& look = r.threefold.look_alikes[i];
        if (i > 0) out.push_back(',');
        fmt::format_to(it, "{{\"ply\":{},\"move\":", look.position.ply);
        append_json_string_or_null(out, look.position.move);
        append_key(out, "difference");
        std::string differences;
        for (const auto& d : look.differences) {
            if (!differences.empty()) differences += "; ";
            differences += difference_words(d, Lang::En);
        }
        append_json_string(out, differences);
        out.push_back('}');
    }
    fmt::format_to(it, "]}},\"fifty\":{{\"ruling\":\"{}\",\"route\":",
                   audit::claim_verdict_name(r.fifty.verdict));
    append_json_string_or_null(out, route_or_empty(r.fifty.route));
    fmt::format_to(it, ",\"halfmove_clock\":{},\"reset_ply\":{},\"reset_move\":",
                   r.fifty.halfmove_clock, r.fifty.reset.ply);
    append_json_string_or_null(out, r.fifty.reset.move);
    out.push_back('}');
    append_key(out, "ended");
    if (r.ended) {
        fmt::format_to(it, "{{\"termination\":\"{}\",\"ply\":{},\"move\":",
                       audit::termination_name(r.ended->termination), r.ended->at.ply);
        append_json_string_or_null(out, r.ended->at.move);
        out.push_back('}');
    } else {
        append(out, "null");
    }
    fmt::format_to(it, ",\"time_added_seconds\":{},\"notes\":[", r.time_added_seconds);
    for (std::size_t i = 0; i < r.notes.size(); ++i) {
        if (i > 0) out.push_back(',');
        fmt::format_to(it, "{{\"id\":\"{}\",\"message\":", audit::claim_note_id(r.notes[i].note));
        append_json_string(out, claim_note_sentence(r.notes[i], r, Lang::En));
        out.push_back('}');
    }
    append(out, "]");
    append_key(out, "fen");
    append_json_string(out, r.claimed.fen);
    append(out, "}\n");
    return fmt::to_string(out);
}

namespace {

// The page's own style: the house style of the HTML report (html_writer.cpp), its boards' rules.
constexpr std::string_view claim_style = R"css(
:root{color-scheme:light}
body{font:15px/1.45 "DejaVu Sans",system-ui,sans-serif;margin:0 auto;max-width:1180px;padding:0 16px;color:#111;background:#fff}
h1{font-size:1.6em;margin:.6em 0 .2em}h2{font-size:1.25em;margin:1em 0 .3em}
p{margin:.3em 0}
.verdict{font-weight:bold;padding:4px 8px;border-left:6px solid #2e7d32;background:#eaf4ea}
.verdict.incorrect,.verdict.game-over{border-left:6px double #b00020;background:#fdecee}
ul.evidence{padding-left:1.1em;margin:.4em 0}ul.evidence li{margin:.25em 0}
.positions{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:16px}
.position{border:1px solid #999;padding:8px;break-inside:avoid;margin:0}
.position.now{border:3px solid #111}.position.look-alike{border:2px dashed #b00020}
.position figcaption{margin-top:.3em}.difference{font-weight:bold;color:#b00020}
.board{width:100%;max-width:300px;height:auto;display:block}
)css";

// After report::board_css.
constexpr std::string_view claim_style_after_boards =
    R"css(@media print{body{max-width:none;font-size:9.5pt;padding:0}.verdict{background:none;border-left-color:#000}.position{break-inside:avoid}}
)css";

void append_tag(fmt::memory_buffer& out, std::string_view open, std::string_view content,
                std::string_view close) {
    append(out, open);
    append_html(out, content);
    append(out, close);
}

void append_board_figure(fmt::memory_buffer& out, std::string_view css_class,
                         const ClaimPosition& p, std::string_view caption,
                         std::string_view difference) {
    append(out, "<figure class=\"position ");
    append(out, css_class);
    append(out, "\">");
    append_board_svg(out, p.fen);
    append(out, "<figcaption>");
    append_html(out, fmt::format("{} ({})", caption, p.ply));
    if (!difference.empty())
        append_tag(out, "<br><span class=\"difference\">", difference, "</span>");
    append_tag(out, "<br><span class=\"fen\">", p.fen, "</span>");
    append(out, "</figcaption></figure>\n");
}

}  // namespace

std::string claim_html(const ClaimGame& game, const ClaimRuling& r, Lang lang) {
    fmt::memory_buffer out;
    append(out, "<!DOCTYPE html>\n<html lang=\"");
    append(out, lang_name(lang));
    append(out,
           "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
           "content=\"width=device-width, initial-scale=1\">\n<title>");
    append_html(out, say(lang, Msg::ClaimHtmlTitle, game.game));
    append(out, "</title>\n<style>");
    append(out, claim_style);
    append(out, board_css);
    append(out, claim_style_after_boards);
    append(out, "</style>\n</head>\n<body>\n<h1>");
    append_html(out, say(lang, Msg::ClaimHtmlTitle, game.game));
    append(out, "</h1>\n");
    append_tag(out, "<p>", game_words(game, lang), "</p>\n");
    append(out, "<p class=\"verdict ");
    append(out, audit::claim_verdict_name(r.verdict));
    append(out, "\">");
    append_html(out, heading(r, lang));
    append(out, "</p>\n");
    append_tag(out, "<p>",
               say(lang, Msg::ClaimMoment, where(r.claimed, lang), r.claimed.ply,
                   side_inside(r.claimant, lang)),
               "</p>\n");
    if (r.written_move)
        append_tag(out, "<p>",
                   say(lang, r.written_move_legal ? Msg::ClaimWritten : Msg::ClaimWrittenIllegal,
                       move_for(lang, *r.written_move)),
                   "</p>\n");

    append_tag(out, "<h2>",
               say(lang, Msg::ClaimThreefoldHead, verdict_word(r.threefold.verdict, lang),
                   threefold_article(r)),
               "</h2>\n");
    append_tag(out, "<ul class=\"evidence\"><li>", occurrence_words(r, lang), "</li></ul>\n");
    append(out, "<div class=\"positions\">\n");
    if (r.after_written_move) {
        append_board_figure(
            out, "now", *r.after_written_move,
            say(lang, Msg::ClaimBoardAfterWritten, move_for(lang, r.after_written_move->move)), "");
    }
    for (const ClaimPosition& p : r.threefold.occurrences) {
        const bool now = !r.threefold.about_written_move && p.ply == r.claimed.ply;
        append_board_figure(out, now ? "now" : "occurrence", p, where(p, lang), "");
    }
    if (r.threefold.about_written_move || r.threefold.occurrences.empty())
        append_board_figure(out, "now", r.claimed, where(r.claimed, lang), "");
    append(out, "</div>\n");
    if (!r.threefold.look_alikes.empty()) {
        append_tag(out, "<h2>", text(Msg::ClaimHtmlLookAlikes, lang), "</h2>\n");
        append(out, "<div class=\"positions\">\n");
        for (const auto& look : r.threefold.look_alikes) {
            std::string differences;
            for (const auto& d : look.differences) {
                if (!differences.empty()) differences += "; ";
                differences += difference_words(d, lang);
            }
            append_board_figure(out, "look-alike", look.position, where(look.position, lang),
                                differences);
        }
        append(out, "</div>\n");
    }

    append_tag(
        out, "<h2>",
        say(lang, Msg::ClaimFiftyHead, verdict_word(r.fifty.verdict, lang), fifty_article(r)),
        "</h2>\n<ul class=\"evidence\">");
    append_tag(out, "<li>", fifty_count_words(r, lang), "</li>");
    if (r.written_move_legal && r.fifty.halfmove_clock == 99) {
        append_tag(
            out, "<li>",
            say(lang, r.written_move_quiet ? Msg::ClaimWrittenQuiet : Msg::ClaimWrittenZeroing,
                move_for(lang, *r.written_move)),
            "</li>");
    }
    append(out, "</ul>\n");
    append_tag(out, "<p>", follows_words(r, lang), "</p>\n");
    if (r.verdict != ClaimVerdict::GameOver) {
        append_tag(out, "<p>", text(Msg::ClaimDrawOffer, lang), "</p>\n");
        append_tag(out, "<p>", text(Msg::ClaimTouched, lang), "</p>\n");
    }
    if (!r.notes.empty()) {
        append_tag(out, "<h2>", text(Msg::ClaimNotes, lang), "</h2>\n<ul class=\"evidence\">");
        for (const auto& note : r.notes) {
            append(out, "<li class=\"");
            append(out, audit::claim_note_id(note.note));
            append(out, "\">");
            append_html(out, claim_note_sentence(note, r, lang));
            append(out, "</li>");
        }
        append(out, "</ul>\n");
    }
    append(out, "</body>\n</html>\n");
    return fmt::to_string(out);
}

}  // namespace drawaudit::report
