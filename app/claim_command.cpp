// `drawaudit claim` (RULES.md "A claim ruled at the board"): the game selected by its tags
// without replaying the others, audited alone as the audit would, and the ruling printed.
#include "claim_command.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "audit/claim_ruling.hpp"
#include "audit/pairings.hpp"
#include "audit/tags.hpp"
#include "audit_command.hpp"
#include "outputs.hpp"
#include "pgn/reader.hpp"
#include "pgn/source.hpp"
#include "pgn/text.hpp"
#include "report/claim_writer.hpp"
#include "report/escape.hpp"
#include "report/messages.hpp"
#include "report/notation.hpp"

namespace drawaudit::app {

CLI::App* add_claim_command(CLI::App& app, ClaimOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "claim",
        "Rule on a draw claim at the board (9.2, 9.3, 9.5): CORRECT, INCORRECT or GAME OVER, with "
        "the evidence");
    cmd->footer(
        "Exit status: 0 the claim is correct, 1 incorrect or the game was already over, 2 usage "
        "or input error (no game or several match, a --move or --at that the record cannot "
        "read).\nExamples:\n"
        "  drawaudit claim round5.pgn --round 5 --board 12\n"
        "  drawaudit claim game.pgn --move \"Nf3\"\n"
        "  drawaudit claim round5.pgn --player carlsen --at \"40... Rd8\" --format html > "
        "claim.html\n"
        "The ruling and its evidence: docs/arbiter.md, \"At the board\".");
    cmd->add_option("FILE", options.file, "The PGN file with the game (- for standard input)")
        ->required();
    cmd->add_option("--game", options.game, "The game's number in the file (e.g. --game 3)")
        ->check(CLI::PositiveNumber)
        ->type_name("N");
    cmd->add_option("--round", options.round,
                    "The game's Round tag (a Round tag 5.12 is round 5, board 12)")
        ->type_name("R");
    cmd->add_option("--board", options.board, "The game's Board tag")->type_name("B");
    cmd->add_option("--player", options.player,
                    "A part of White's or Black's name (any case and accents; e.g. --player "
                    "carlsen)")
        ->type_name("NAME");
    cmd->add_option("--move", options.move,
                    "The move written on the scoresheet (9.2.1.1, 9.3.1), e.g. --move Nf3; none: "
                    "the claim on the board (9.2.1.2, 9.3.2)")
        ->type_name("SAN");
    auto* at = cmd->add_option("--at", options.at,
                               "The claim after this move of the record (e.g. --at \"40... "
                               "Rd8\"; --at start); default: the last position")
                   ->type_name("MOVE");
    auto* at_ply = cmd->add_option("--at-ply", options.at_ply,
                                   "The claim at position K (K half-moves from the start)")
                       ->check(CLI::NonNegativeNumber)
                       ->type_name("K");
    at->excludes(at_ply);
    cmd->add_option("--time-control", options.time_control,
                    "standard, rapid or blitz, where the TimeControl tag does not say")
        ->check(CLI::IsMember({"standard", "rapid", "blitz"}));
    cmd->add_option("--format", options.format, "text, json or html")
        ->check(CLI::IsMember({"text", "json", "html"}))
        ->capture_default_str();
    cmd->add_option("--lang", options.lang,
                    "en or es: the text and html (default: es when LANG starts with es)")
        ->check(CLI::IsMember({"en", "es"}));
    return cmd;
}

namespace {

// One game of the file as the selection sees it.
struct Candidate {
    std::uint64_t game = 0;
    std::uint64_t line = 0;
    pgn::TextPos pos;
    std::string white, black, round, board, time_control;
};

// A name as --player compares it: the words the TRF's name matching reads (lower case, accents
// folded, punctuation and runs of spaces as one space), in their order.
std::string comparable_name(std::string_view name) {
    std::string out;
    for (const std::string& word : audit::name_words(name).words) {
        if (!out.empty()) out += ' ';
        out += word;
    }
    return out;
}

// The Round tag "5.12" of a broadcast also gives the board; --round may also name the tag whole.
bool round_board_match(const Candidate& c, const ClaimOptions& o) {
    const audit::RoundAndBoard where = audit::round_and_board(c.round, c.board);
    if (!o.round.empty() && where.round != o.round && c.round != o.round) return false;
    if (!o.board.empty() && where.board != o.board) return false;
    return true;
}

bool selected(const Candidate& c, const ClaimOptions& o) {
    if (o.game != 0 && c.game != o.game) return false;
    if (!round_board_match(c, o)) return false;
    if (!o.player.empty()) {
        const std::string wanted = comparable_name(o.player);
        if (comparable_name(c.white).find(wanted) == std::string::npos &&
            comparable_name(c.black).find(wanted) == std::string::npos)
            return false;
    }
    return true;
}

// Reads the tags of every game (not its moves), and keeps the text of the games selected.
class GameSelection final : public pgn::Visitor {
  public:
    explicit GameSelection(const ClaimOptions& options) : options_(options) {}
    bool wants_variations() const override { return false; }
    bool wants_comments() const override { return false; }
    void begin_game(const pgn::GameStart& start) override {
        current_ = Candidate{start.game, start.line, start.pos, {}, {}, {}, {}, {}};
    }
    void tag(std::string_view name, std::string_view raw, pgn::TextPos) override {
        if (name == "White") current_.white = pgn::unescape_tag(raw);
        if (name == "Black") current_.black = pgn::unescape_tag(raw);
        if (name == "Round") current_.round = pgn::unescape_tag(raw);
        if (name == "Board") current_.board = pgn::unescape_tag(raw);
        if (name == "TimeControl") current_.time_control = pgn::unescape_tag(raw);
    }
    pgn::Control end_tags() override { return pgn::Control::SkipGame; }
    void end_game(std::string_view text) override {
        const bool chosen = selected(current_, options_);
        if (chosen && matches_.empty()) text_ = std::string(text);
        if (chosen) matches_.push_back(current_);
        if (all_.size() < kListed + 1) all_.push_back(current_);
        ++games_;
    }

    static constexpr std::size_t kListed = 30;  // candidates listed in an error
    const std::vector<Candidate>& matches() const { return matches_; }
    const std::vector<Candidate>& all() const { return all_; }
    std::uint64_t games() const { return games_; }
    const std::string& text() const { return text_; }

  private:
    const ClaimOptions& options_;
    Candidate current_;
    std::vector<Candidate> matches_, all_;
    std::string text_;
    std::uint64_t games_ = 0;
};

// Every sentence from the catalog, in the claim's language; the file, game and line first.
void error_line(report::Lang lang, std::string_view file, std::uint64_t game, std::uint64_t line,
                std::string_view message) {
    std::string text = fmt::format("claim: {}", report::terminal_text(file));
    if (line != 0) text += fmt::format(":{}", line);
    if (game != 0) text += report::say(lang, report::Msg::ClaimErrorGame, game);
    text += ": ";
    text += report::terminal_text(message);
    std::fprintf(stderr, "%s\n", text.c_str());
}

void list_candidates(report::Lang lang, const std::vector<Candidate>& list, std::uint64_t total) {
    const std::size_t shown = std::min(list.size(), GameSelection::kListed);
    for (std::size_t i = 0; i < shown; ++i) {
        const Candidate& c = list[i];
        const std::string line =
            report::say(lang, report::Msg::ClaimErrorCandidate, c.game, c.line,
                        report::terminal_text(c.round.empty() ? "?" : c.round),
                        report::terminal_text(c.board.empty() ? "?" : c.board),
                        report::terminal_text(c.white), report::terminal_text(c.black));
        std::fprintf(stderr, "%s\n", line.c_str());
    }
    if (total > shown) {
        const std::string more = report::say(lang, report::Msg::ClaimErrorMoreGames, total - shown);
        std::fprintf(stderr, "%s\n", more.c_str());
    }
}

// The error as the person typed it (Spanish letters stay Spanish), in the catalog's words.
std::string claim_error_message(audit::ClaimError e, const ClaimOptions& options,
                                report::Lang lang) {
    using audit::ClaimErrorKind;
    if (e.kind == ClaimErrorKind::MoveUnreadable || e.kind == ClaimErrorKind::MoveAmbiguous)
        e.given = options.move;
    if (e.kind == ClaimErrorKind::AtMoveNotRecorded || e.kind == ClaimErrorKind::AtUnreadable)
        e.given = options.at;
    return report::claim_error_sentence(e, lang);
}

// The record cannot be replayed to its end: its first error finding, with its line.
const audit::Finding* first_error(const audit::GameReport& report) {
    for (const audit::Finding& f : report.findings) {
        if (f.severity == audit::Severity::Error &&
            (f.rule == audit::Rule::IllegalMove || f.rule == audit::Rule::ParseError ||
             f.rule == audit::Rule::BadFen || f.rule == audit::Rule::NullMove ||
             f.rule == audit::Rule::UnsupportedVariant))
            return &f;
    }
    for (const audit::Finding& f : report.findings) {
        if (f.rule == audit::Rule::NullMove) return &f;
    }
    return nullptr;
}

}  // namespace

namespace {
constexpr std::size_t kReadBlock = std::size_t{1} << 16;
// A round's file is a few MiB at most; a whole database is refused rather than held in memory.
constexpr std::size_t kMaxClaimInputBytes = std::size_t{512} << 20;
}  // namespace

int run_claim(const ClaimOptions& options) {
    const std::string_view file = options.file;
    // As the audit picks it: --lang, else LANG, else English; errors included.
    const report::Lang lang = chosen_lang(options.lang);
    auto source = pgn::open_source(options.file);
    if (!source) {
        error_line(lang, file, 0, 0, report::io_error_text(source.error(), lang));
        return ExitError;
    }
    // The whole input in memory: a round's file is small, and the streaming reader's buffer of
    // several MiB would cost more to set up than the ruling (issue 27 asks well under 50 ms).
    std::string input;
    input.reserve(std::min<std::size_t>(static_cast<std::size_t>((*source)->input_size()),
                                        kMaxClaimInputBytes));
    std::vector<char> block(kReadBlock);
    for (;;) {
        auto read = (*source)->read(block.data(), block.size());
        if (!read) {
            error_line(lang, file, 0, 0, report::io_error_text(read.error(), lang));
            return ExitError;
        }
        if (*read == 0) break;
        if (input.size() + *read > kMaxClaimInputBytes) {
            error_line(
                lang, file, 0, 0,
                report::say(lang, report::Msg::ClaimErrorTooLarge, kMaxClaimInputBytes >> 20));
            return ExitError;
        }
        input.append(block.data(), *read);
    }
    GameSelection selection(options);
    pgn::parse_games(input, pgn::TextOrigin{file}, selection);
    if (selection.matches().size() != 1) {
        const bool none = selection.matches().empty();
        if (selection.games() == 0) {
            error_line(lang, file, 0, 0, report::text(report::Msg::ClaimErrorNoGame, lang));
        } else if (none) {
            error_line(lang, file, 0, 0, report::text(report::Msg::ClaimErrorNoMatch, lang));
            list_candidates(lang, selection.all(), selection.games());
        } else {
            error_line(
                lang, file, 0, 0,
                report::say(lang, report::Msg::ClaimErrorSeveral, selection.matches().size()));
            list_candidates(lang, selection.matches(), selection.matches().size());
        }
        return ExitError;
    }
    const Candidate& chosen = selection.matches().front();

    audit::AuditedGame game{audit::AuditOptions{}};
    pgn::TextOrigin origin{file, chosen.game, {chosen.line, chosen.pos.column, chosen.pos.offset}};
    game.audit(selection.text(), origin);
    const audit::History& history = game.history();

    // The moment of the claim.
    int k = history.last();
    if (options.at_ply >= 0) {
        k = options.at_ply;
    } else if (!options.at.empty()) {
        auto at = audit::recorded_move_ply(game, report::english_move(lang, options.at));
        if (!at) {
            error_line(lang, file, chosen.game, at.error().line,
                       claim_error_message(at.error(), options, lang));
            return ExitError;
        }
        k = *at;
    }
    // A record that cannot be replayed to its end gives no last position to rule on.
    const audit::Finding* broken = first_error(game.report());
    if (broken != nullptr &&
        (!history.started() || (options.at.empty() && options.at_ply < 0) || k > history.last())) {
        const std::string where =
            history.started() && history.last() > 0
                ? report::say(lang, report::Msg::ClaimErrorPast,
                              report::move_for(lang, history.move_text(history.last())))
                : std::string(report::text(report::Msg::ClaimErrorFromStart, lang));
        error_line(lang, file, chosen.game, broken->line,
                   report::say(lang, report::Msg::ClaimErrorUnreplayable, where,
                               report::finding_sentence(*broken, game.report(), lang)));
        return ExitError;
    }

    audit::ClaimRequest request;
    request.ply = k;
    if (!options.move.empty()) request.written_move = report::english_move(lang, options.move);
    if (!options.time_control.empty())
        request.play_kind = audit::play_kind_from_name(options.time_control);
    request.time_control_tag = chosen.time_control;
    auto ruling = audit::rule_claim(game, request);
    if (!ruling) {
        error_line(lang, file, chosen.game, ruling.error().line,
                   claim_error_message(ruling.error(), options, lang));
        return ExitError;
    }

    report::ClaimGame shown{std::string(file), chosen.game,  chosen.line,  chosen.white,
                            chosen.black,      chosen.round, chosen.board, chosen.time_control};
    std::string out;
    if (options.format == "json")
        out = report::claim_json(shown, *ruling);
    else if (options.format == "html")
        out = report::claim_html(shown, *ruling, lang);
    else
        out = report::claim_text(shown, *ruling, lang);
    std::fwrite(out.data(), 1, out.size(), stdout);
    return ruling->verdict == audit::ClaimVerdict::Correct ? ExitClean : ExitFindings;
}

}  // namespace drawaudit::app
