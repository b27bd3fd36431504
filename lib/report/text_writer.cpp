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

class TextWriter final : public Writer {
  public:
    TextWriter(Output& output, const WriterOptions& options)
        : Writer(output),
          style_(options.color ? ansi_colour : no_colour),
          all_games_(options.all_games),
          lang_(options.lang),
          min_severity_(options.min_severity) {}

    void game(const GameReport& report) override {
        count(report);
        if (report.findings.empty() && !all_games_) return;
        write_identity(report);
        write_findings(report);
        write_omitted(report.findings_omitted, Msg::OmittedInGameOne, Msg::OmittedInGameMany);
        out("  ");
        const bool bad =
            std::any_of(report.findings.begin(), report.findings.end(), [](const Finding& f) {
                return f.rule == Rule::ResultConflict || f.rule == Rule::ResultMismatch;
            });
        const Verdict verdict = judge_result(report, lang_);
        const bool consistent = verdict.kind == VerdictKind::Consistent;
        coloured(bad ? style_.red : consistent ? style_.green : std::string_view{}, verdict.text);
        if (const std::string why = draw_reason_sentence(report, lang_); !why.empty()) {
            out(" ");
            out(why);
        }
        out("\n\n");
        maybe_flush();
    }

    // --trf: the TRF's own findings in a block of their own, named by the TRF's file.
    void trf_findings(const GameReport& trf) override {
        if (trf.findings.empty()) return;
        out(style_.bold);
        append_terminal_text(buffer_, trf.file);
        out("  ");
        out(text(Msg::TrfHeading, lang_));
        out(style_.reset);
        out("\n\n");
        in_trf_ = true;
        write_findings(trf);
        in_trf_ = false;
        out("\n");
    }

    void end(const audit::Summary& summary) override {
        const auto games_with = [&](Rule rule) {
            return summary.games_by_rule[static_cast<std::size_t>(rule)];
        };
        const auto findings = [&](Rule rule) {
            return summary.findings[static_cast<std::size_t>(rule)];
        };
        const Lang lang = lang_;
        const auto number = [&](std::uint64_t n) { return count_text(n, lang); };
        out(style_.bold);
        out(say(lang, Msg::SummaryRead,
                counted_text(summary.games, lang, Msg::GameOne, Msg::GameMany),
                counted_text(summary.files, lang, Msg::FileOne, Msg::FileMany),
                number(summary.games_with_errors), number(summary.games)));
        if (summary.io_errors > 0)
            out(say(lang, Msg::SummaryIoErrors,
                    counted_text(summary.io_errors, lang, Msg::FileOne, Msg::FileMany),
                    number(summary.io_errors)));
        out(text(Msg::Period, lang));
        out(style_.reset);
        out("\n");
        out(say(lang, Msg::SummaryClaims,
                counted_text(games_with(Rule::ThreefoldClaim), lang, Msg::GameOne, Msg::GameMany),
                number(threefold_on_board_games_), number(games_with(Rule::FiftyMoveClaim)),
                counted_text(games_with(Rule::MovesAfterEnd), lang, Msg::GameOne, Msg::GameMany),
                counted_text(games_with(Rule::EarlyAgreement), lang, Msg::DrawOne, Msg::DrawMany),
                number(games_with(Rule::ThreefoldClaim)), number(games_with(Rule::MovesAfterEnd)),
                number(games_with(Rule::EarlyAgreement))));
        out("\n");
        out(say(
            lang, Msg::SummaryEndings, number(games_with(Rule::Checkmate)),
            number(games_with(Rule::Stalemate)), number(games_with(Rule::DeadPosition)),
            number(games_with(Rule::FivefoldDraw)), number(games_with(Rule::SeventyFiveMoveDraw)),
            counted_text(games_with(Rule::ResultConflict), lang, Msg::GameOne, Msg::GameMany),
            number(games_with(Rule::ResultMismatch)), number(games_with(Rule::ResultConflict))));
        std::string errors;
        for (const Rule rule : {Rule::IllegalMove, Rule::ParseError, Rule::BadFen,
                                Rule::FenRepaired, Rule::UnsupportedVariant, Rule::NullMove}) {
            if (findings(rule) == 0) continue;
            if (!errors.empty()) errors += ", ";
            errors += fmt::format("{} {}", number(findings(rule)), rule_label(rule, lang));
        }
        write_results_and_draw_reasons(summary, lang);
        if (findings(Rule::DuplicateGame) + findings(Rule::DuplicateConflict) > 0) {
            out(say(lang, Msg::SummaryDuplicates,
                    number(findings(Rule::DuplicateGame) + findings(Rule::DuplicateConflict)),
                    number(findings(Rule::DuplicateConflict))));
        }
        if (summary.baselined > 0) {
            out(say(lang,
                    summary.baselined == 1 ? Msg::SummaryBaselineOne : Msg::SummaryBaselineMany,
                    number(summary.baselined)));
        }
        if (summary.below_min_severity > 0 && min_severity_) {
            out(say(lang,
                    summary.below_min_severity == 1 ? Msg::SummaryBelowMinSeverityOne
                                                    : Msg::SummaryBelowMinSeverityMany,
                    number(summary.below_min_severity), audit::severity_name(*min_severity_)));
        }
        write_omitted(summary.findings_omitted, Msg::OmittedInRunOne, Msg::OmittedInRunMany);
        if (summary.pairings) out(pairing_summary_text(*summary.pairings, lang));
        out("\n");
        out(text(Msg::SummaryUnreplayed, lang));
        out(errors.empty() ? text(Msg::None, lang) : std::string_view(errors));
        out(say(lang, Msg::SummaryPlies, number(summary.plies),
                decimal_text(summary.seconds, 2, lang)));
        out("\n");
        flush();
    }

  private:
    void out(std::string_view text) { append(buffer_, text); }

    // One sentence per rule with findings counted beyond the per-game limit (none in real runs).
    void write_omitted(const audit::OmittedFindings& all, Msg one, Msg many) {
        if (!all.any()) return;
        const auto& omitted = all.by_rule;
        for (std::size_t i = 0; i < omitted.size(); ++i) {
            if (omitted[i] == 0) continue;
            out(say(lang_, omitted[i] == 1 ? one : many, count_text(omitted[i], lang_),
                    rule_label(static_cast<Rule>(i), lang_)));
        }
    }

    // RULES.md summary: the results, the draw rate and each draw reason with its share.
    void write_results_and_draw_reasons(const audit::Summary& summary, Lang lang) {
        const auto result_count = [&](audit::RecordedResult r) {
            return summary.results[static_cast<std::size_t>(r)];
        };
        const std::uint64_t draws = result_count(audit::RecordedResult::Draw);
        const std::uint64_t decided = result_count(audit::RecordedResult::WhiteWins) +
                                      result_count(audit::RecordedResult::BlackWins) + draws;
        const auto number = [&](std::uint64_t n) { return count_text(n, lang); };
        out(say(lang, Msg::SummaryResults, number(result_count(audit::RecordedResult::WhiteWins)),
                number(result_count(audit::RecordedResult::BlackWins)), number(draws),
                number(result_count(audit::RecordedResult::Unknown)),
                percent_text(draws, decided, lang),
                counted_text(decided, lang, Msg::GameOne, Msg::GameMany)));
        std::string reasons;
        for (int i = 1; i < audit::DrawReasonCount; ++i) {
            const std::uint64_t n = summary.draw_reasons[static_cast<std::size_t>(i)];
            if (n == 0) continue;
            if (!reasons.empty()) reasons += ", ";
            // In English the reasons go by their ids, as --format stats and the machine formats
            // name them; other languages by their own words.
            reasons += fmt::format("{} {} ({})",
                                   draw_reason_label(static_cast<audit::DrawReason>(i), lang),
                                   number(n), percent_text(n, draws, lang));
        }
        out(text(Msg::SummaryDrawReasons, lang));
        out(reasons.empty() ? text(Msg::SummaryNoDraws, lang) : std::string_view(reasons));
        out(text(Msg::Period, lang));
    }
    void coloured(std::string_view colour, std::string_view text) {
        if (!colour.empty()) out(colour);
        append_terminal_text(buffer_, text);
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
        append_terminal_text(buffer_, report.file);
        out(fmt::format(":{}  ", report.line));
        out(say(lang_, Msg::GameLabel, report.game));
        std::string where;
        if (const auto event = known_tag(report.event); !event.empty()) where = std::string(event);
        if (const auto site = known_tag(report.site); !site.empty()) {
            where += where.empty() ? std::string(site) : fmt::format(" ({})", site);
        }
        if (const auto round = known_tag(report.round); !round.empty()) {
            const std::string label = say(lang_, Msg::RoundLabel, round);
            where += where.empty() ? label : ", " + label;
        }
        if (const auto date = known_tag(report.date); !date.empty()) {
            where += where.empty() ? std::string(date) : fmt::format(", {}", date);
        }
        if (!where.empty()) {
            out("  ");
            append_terminal_text(buffer_, where);
        }
        out(fmt::format("  [{}]", laws_label(report.laws, lang_)));
        out(style_.reset);
        out("\n");
        const auto white = known_tag(report.white), black = known_tag(report.black);
        append_terminal_text(buffer_, white.empty() ? std::string_view("?") : white);
        append_rating(known_tag(report.white_elo));
        out(" - ");
        append_terminal_text(buffer_, black.empty() ? std::string_view("?") : black);
        append_rating(known_tag(report.black_elo));
        out("  ");
        if (report.result.empty())
            out(text(Msg::NoResult, lang_));
        else
            append_terminal_text(buffer_, report.result);
        out("\n\n");
    }

    // " (2683)" after a player's name, as arbiters' pairing lists print it; nothing when unknown.
    void append_rating(std::string_view elo) {
        if (elo.empty() || elo == "0") return;
        out(" (");
        append_terminal_text(buffer_, elo);
        out(")");
    }

    // The move column: the finding's move in the report's notation.
    std::string move_label(const Finding& f) const {
        if (!f.move.empty()) return move_for(lang_, f.move);
        // About the text, not a move (a TRF line has no position at all).
        return std::string(f.ply == 0 && !in_trf_ ? text(Msg::StartLabel, lang_) : "-");
    }

    // A move label as the terminal is shown it (a SAN token of the input may hold anything).
    std::string_view shown_move(const Finding& f) {
        label_.clear();
        append_terminal_text(label_, move_label(f));
        return {label_.data(), label_.size()};
    }

    void write_findings(const GameReport& report) {
        std::size_t move_width = 5;
        for (const Finding& f : report.findings)
            move_width = std::max(move_width, shown_move(f).size());
        std::string previous_move;
        int previous_ply = -1;
        for (const Finding& f : report.findings) {
            std::string move = move_label(f);
            const bool same_move = f.ply == previous_ply && move == previous_move;
            previous_move = std::move(move);
            previous_ply = f.ply;
            out("  ");
            out(style_.bold);
            out(fmt::format("{:<{}}", same_move ? std::string_view{} : shown_move(f), move_width));
            out(style_.reset);
            const std::string_view article =
                f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article);
            out("  ");
            const std::size_t article_start = buffer_.size();
            append_terminal_text(buffer_, article);
            const std::size_t article_size = buffer_.size() - article_start;
            out(fmt::format("{:<{}} ", "", article_size < 8 ? 8 - article_size : 0));
            if (f.severity == audit::Severity::Error) {
                coloured(style_.red, text(Msg::ErrorTag, lang_));
            } else if (f.severity == audit::Severity::Warning) {
                coloured(style_.yellow, text(Msg::WarningTag, lang_));
            }
            append_terminal_text(buffer_, finding_sentence(f, report, lang_));
            const std::string earlier = earlier_occurrences(f, lang_);
            if (!earlier.empty() && !sentence_lists_occurrences(f, lang_)) {
                out(say(lang_, Msg::EarlierList, earlier));
            }
            out("\n");
        }
    }

    Style style_;
    fmt::memory_buffer label_;
    bool all_games_;
    bool in_trf_ = false;  // writing the TRF's own findings
    Lang lang_;
    std::optional<audit::Severity> min_severity_;  // --min-severity, when given
    std::uint64_t threefold_on_board_games_ = 0;
};

}  // namespace

std::unique_ptr<Writer> make_text_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<TextWriter>(output, options);
}

}  // namespace drawaudit::report
