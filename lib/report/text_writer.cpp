// The arbiter's report (the default format): one block per game with findings, each finding on
// a line in move-number notation with its article and what may be claimed and how, then the
// verdict on the recorded result; a short summary at the end.
#include <algorithm>
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;
using audit::Rule;

struct Style {
    std::string_view bold, dim, red, yellow, green, reset;
};
constexpr Style no_colour{};
constexpr Style ansi_colour{"\x1b[1m", "\x1b[2m", "\x1b[31m", "\x1b[33m", "\x1b[32m", "\x1b[0m"};

std::string plural(std::uint64_t n, std::string_view one, std::string_view many) {
    return fmt::format("{} {}", n, n == 1 ? one : many);
}

class TextWriter final : public Writer {
  public:
    TextWriter(Output& output, const WriterOptions& options)
        : Writer(output),
          style_(options.color ? ansi_colour : no_colour),
          all_games_(options.all_games) {}

    void game(const GameReport& report) override {
        count(report);
        if (report.findings.empty() && !all_games_) return;
        write_identity(report);
        write_findings(report);
        out("  ");
        const bool bad =
            std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& f) {
                return f.rule == Rule::ResultConflict || f.rule == Rule::ResultMismatch;
            });
        const std::string verdict = result_verdict(report);
        const bool consistent = verdict.find(": consistent") != std::string::npos;
        coloured(bad ? style_.red : consistent ? style_.green : std::string_view{}, verdict);
        out("\n\n");
        maybe_flush();
    }

    void end(const audit::Summary& summary) override {
        const auto games_with = [&](Rule rule) {
            return summary.games_by_rule[static_cast<std::size_t>(rule)];
        };
        const auto findings = [&](Rule rule) {
            return summary.findings[static_cast<std::size_t>(rule)];
        };
        out(style_.bold);
        out(fmt::format("{} read from {}, {} could not be audited to the end",
                        plural(summary.games, "game", "games"),
                        plural(summary.files, "file", "files"), summary.games_with_errors));
        if (summary.io_errors > 0)
            out(fmt::format("; {} could not be read", plural(summary.io_errors, "file", "files")));
        out(".");
        out(style_.reset);
        out(fmt::format(
            "\nThreefold claims available in {} (on the board in {}), fifty-move claims in {}; "
            "{} continued after the game had ended; {} agreed before both players had moved "
            "(5.2.3) or too early for the tournament rules (9.1.1).",
            plural(games_with(Rule::ThreefoldClaim), "game", "games"), threefold_on_board_games_,
            games_with(Rule::FiftyMoveClaim),
            plural(games_with(Rule::MovesAfterEnd), "game", "games"),
            plural(games_with(Rule::EarlyAgreement), "draw", "draws")));
        out(fmt::format(
            "\nAutomatic endings: {} checkmate, {} stalemate, {} dead position, {} fivefold, {} "
            "seventy-five-move. Recorded results in conflict with the rules: {}; Result tag and "
            "movetext marker differ: {}.",
            games_with(Rule::Checkmate), games_with(Rule::Stalemate),
            games_with(Rule::DeadPosition), games_with(Rule::FivefoldDraw),
            games_with(Rule::SeventyFiveMoveDraw),
            plural(games_with(Rule::ResultConflict), "game", "games"),
            games_with(Rule::ResultMismatch)));
        std::string errors;
        for (const Rule rule : {Rule::IllegalMove, Rule::ParseError, Rule::BadFen,
                                Rule::FenRepaired, Rule::UnsupportedVariant, Rule::NullMove}) {
            if (findings(rule) == 0) continue;
            if (!errors.empty()) errors += ", ";
            errors += fmt::format("{} {}", findings(rule), audit::rule_id(rule));
        }
        if (findings(Rule::DuplicateGame) + findings(Rule::DuplicateConflict) > 0) {
            out(fmt::format("\nDuplicate games (--duplicates): {} recorded again, {} of them with "
                            "another result (duplicate-conflict).",
                            findings(Rule::DuplicateGame) + findings(Rule::DuplicateConflict),
                            findings(Rule::DuplicateConflict)));
        }
        if (summary.baselined > 0) {
            out(fmt::format("\nLeft out: {} finding{} already in the baseline.", summary.baselined,
                            summary.baselined == 1 ? "" : "s"));
        }
        out("\nRecords that could not be replayed: ");
        out(errors.empty() ? std::string("none") : errors);
        out(fmt::format(". {} plies in {:.2f} s.\n", summary.plies, summary.seconds));
        flush();
    }

  private:
    void out(std::string_view text) { append(buffer_, text); }
    void coloured(std::string_view colour, std::string_view text) {
        if (!colour.empty()) out(colour);
        append_valid_utf8(buffer_, text);
        if (!colour.empty()) out(style_.reset);
    }

    void count(const GameReport& report) {
        const bool on_board =
            std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& f) {
                return f.rule == Rule::ThreefoldClaim && f.route == audit::Route::Appeared;
            });
        if (on_board) ++threefold_on_board_games_;
    }

    void write_identity(const GameReport& report) {
        out(style_.bold);
        append_valid_utf8(buffer_, report.file);
        out(fmt::format(":{}  game {}", report.line, report.game));
        std::string where;
        if (const auto event = known_tag(report.event); !event.empty()) where = std::string(event);
        if (const auto site = known_tag(report.site); !site.empty()) {
            where += where.empty() ? std::string(site) : fmt::format(" ({})", site);
        }
        if (const auto round = known_tag(report.round); !round.empty()) {
            where +=
                where.empty() ? fmt::format("round {}", round) : fmt::format(", round {}", round);
        }
        if (const auto date = known_tag(report.date); !date.empty()) {
            where += where.empty() ? std::string(date) : fmt::format(", {}", date);
        }
        if (!where.empty()) {
            out("  ");
            append_valid_utf8(buffer_, where);
        }
        out(fmt::format("  [{}]", laws_label(report.laws)));
        out(style_.reset);
        out("\n");
        const auto white = known_tag(report.white), black = known_tag(report.black);
        append_valid_utf8(buffer_, white.empty() ? std::string_view("?") : white);
        append_rating(known_tag(report.white_elo));
        out(" - ");
        append_valid_utf8(buffer_, black.empty() ? std::string_view("?") : black);
        append_rating(known_tag(report.black_elo));
        out("  ");
        out(report.result.empty() ? std::string_view("(no result)")
                                  : std::string_view(report.result));
        out("\n\n");
    }

    // " (2683)" after a player's name, as arbiters' pairing lists print it; nothing when unknown.
    void append_rating(std::string_view elo) {
        if (elo.empty() || elo == "0") return;
        out(" (");
        append_valid_utf8(buffer_, elo);
        out(")");
    }

    static std::string_view move_label(const Finding& f) {
        if (!f.move.empty()) return f.move;
        return f.ply == 0 ? "start" : "-";  // a finding about the text, not a move
    }

    void write_findings(const GameReport& report) {
        std::size_t move_width = 5;
        for (const Finding& f : report.findings)
            move_width = std::max(move_width, move_label(f).size());
        std::string_view previous_move;
        int previous_ply = -1;
        for (const Finding& f : report.findings) {
            const std::string_view move = move_label(f);
            const bool same_move = f.ply == previous_ply && move == previous_move;
            previous_move = move;
            previous_ply = f.ply;
            out("  ");
            out(style_.bold);
            out(fmt::format("{:<{}}", same_move ? std::string_view{} : move, move_width));
            out(style_.reset);
            const std::string_view article =
                f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article);
            out(fmt::format("  {:<8} ", article));
            if (f.severity == audit::Severity::Error) {
                coloured(style_.red, "[error] ");
            } else if (f.severity == audit::Severity::Warning) {
                coloured(style_.yellow, "[warning] ");
            }
            append_valid_utf8(buffer_, f.message);
            const std::string earlier = earlier_occurrences(f);
            if (!earlier.empty() && !mentions_first_occurrence(f)) {
                out(" (earlier: ");
                out(earlier);
                out(")");
            }
            out("\n");
        }
    }

    // The auditor's message may list the occurrences itself; do not repeat them.
    static bool mentions_first_occurrence(const Finding& f) {
        for (std::size_t i = 0; i < f.occurrence_moves.size(); ++i) {
            if (i < f.occurrences.size() && f.occurrences[i] == f.ply) continue;
            const std::string& move = f.occurrence_moves[i];
            return f.message.find(move == "start" ? std::string("start") : move) !=
                   std::string::npos;
        }
        return false;
    }

    Style style_;
    bool all_games_;
    std::uint64_t threefold_on_board_games_ = 0;
};

}  // namespace

std::unique_ptr<Writer> make_text_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<TextWriter>(output, options);
}

}  // namespace drawaudit::report
