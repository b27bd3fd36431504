// Names and default articles of the rules of RULES.md, and the summary counts.
#include "audit/finding.hpp"

#include <algorithm>

#include "audit/draw_reason.hpp"

namespace drawaudit::audit {

namespace {

struct RuleInfo {
    std::string_view id;
    std::string_view article;  // default article; findings may name a more precise one
};

// Indexed by Rule. The articles here are only the defaults shown in help texts and rule metadata;
// the auditor (auditor.cpp) names the article that applies next to the code applying it. What
// each rule reports, in words, is lib/report's (report::rule_description).
// clang-format off
constexpr std::array<RuleInfo, RuleCount> rule_table{{
    {"threefold-claim", "9.2"},   {"fifty-move-claim", "9.3"},
    {"fivefold-draw", "9.6.1"},   {"seventy-five-move-draw", "9.6.2"},
    {"checkmate", "5.1.1"},       {"stalemate", "5.2.1"},
    {"dead-position", "5.2.2"},   {"moves-after-end", ""},
    {"result-conflict", ""},      {"result-mismatch", "PGN 8.2.6"},
    {"early-agreement", "5.2.3"}, {"illegal-move", "3.10"},
    {"parse-error", "PGN 8"},     {"bad-fen", "PGN 16.1"},
    {"fen-repaired", "PGN 16.1"}, {"unsupported-variant", ""},
    {"null-move", "3.10"},        {"duplicate-game", ""},
    {"duplicate-conflict", ""},
    // RULES.md "Broadcast artefacts (no TRF needed)"
    {"broadcast-result-signal", ""},
    {"result-tag-invalid", "PGN 8.1.1.7"},
    // --trf (RULES.md "Round reconciliation against the pairing program")
    {"pairing-result-mismatch", ""}, {"pairing-colours", ""},
    {"pairing-forfeit-played", ""}, {"pairing-missing-game", ""},
    {"game-without-pairing", ""},  {"trf-error", "C.04 Annex 2"},
}};
// clang-format on

const RuleInfo& info(Rule rule) {
    return rule_table[static_cast<std::size_t>(rule)];
}

}  // namespace

std::string_view rule_id(Rule rule) {
    return info(rule).id;
}

std::optional<Rule> rule_from_id(std::string_view id) {
    for (std::size_t i = 0; i < rule_table.size(); ++i) {
        if (rule_table[i].id == id) return static_cast<Rule>(i);
    }
    return std::nullopt;
}

std::string_view rule_article(Rule rule) {
    return info(rule).article;
}

std::string_view matched_by_name(MatchedBy m) {
    return m == MatchedBy::FideId ? "fide-id" : "name";
}

std::string_view severity_name(Severity s) {
    switch (s) {
        case Severity::Info:
            return "info";
        case Severity::Warning:
            return "warning";
        case Severity::Error:
            return "error";
    }
    return "";
}

std::optional<Severity> severity_from_name(std::string_view name) {
    for (Severity s : {Severity::Info, Severity::Warning, Severity::Error}) {
        if (severity_name(s) == name) return s;
    }
    return std::nullopt;
}

std::string_view route_name(Route r) {
    switch (r) {
        case Route::None:
            return "";
        case Route::Appeared:
            return "appeared";
        case Route::Declared:
            return "declared";
    }
    return "";
}

std::string_view side_name(Side s) {
    switch (s) {
        case Side::None:
            return "";
        case Side::White:
            return "white";
        case Side::Black:
            return "black";
    }
    return "";
}

std::string_view laws_name(Laws l) {
    switch (l) {
        case Laws::Laws1997:
            return "1997";
        case Laws::Laws2014:
            return "2014";
        case Laws::Laws2017:
            return "2017";
        case Laws::Laws2023:
            return "2023";
    }
    return "";
}

std::optional<Laws> laws_from_name(std::string_view name) {
    for (Laws l : {Laws::Laws1997, Laws::Laws2014, Laws::Laws2017, Laws::Laws2023}) {
        if (laws_name(l) == name) return l;
    }
    return std::nullopt;
}

std::string_view termination_name(Termination t) {
    switch (t) {
        case Termination::None:
            return "";
        case Termination::Checkmate:
            return "checkmate";
        case Termination::Stalemate:
            return "stalemate";
        case Termination::DeadPosition:
            return "dead-position";
        case Termination::Fivefold:
            return "fivefold";
        case Termination::SeventyFiveMove:
            return "seventy-five-move";
    }
    return "";
}

namespace {
// Indexed by DrawReason: the ids of RULES.md "Why each draw happened".
constexpr std::array<std::string_view, DrawReasonCount> draw_reason_ids = {"",
                                                                           "stalemate",
                                                                           "dead-position",
                                                                           "fivefold",
                                                                           "seventy-five-move",
                                                                           "perpetual-check",
                                                                           "threefold-repetition",
                                                                           "fifty-move",
                                                                           "time-forfeit",
                                                                           "early-agreement",
                                                                           "agreement"};
constexpr std::array<std::string_view, RecordedResultCount> recorded_result_names = {
    "1-0", "0-1", "1/2-1/2", "*"};
}  // namespace

std::string_view draw_reason_id(DrawReason r) {
    return draw_reason_ids[static_cast<std::size_t>(r)];
}

std::optional<DrawReason> draw_reason_from_id(std::string_view id) {
    for (std::size_t i = 1; i < draw_reason_ids.size(); ++i) {
        if (draw_reason_ids[i] == id) return static_cast<DrawReason>(i);
    }
    return std::nullopt;
}

RecordedResult recorded_result(std::string_view result_tag) {
    // Counted for every game: told apart by size and one byte before the comparison.
    if (result_tag.size() == 7) {
        return result_tag == "1/2-1/2" ? RecordedResult::Draw : RecordedResult::Unknown;
    }
    if (result_tag.size() == 3 && result_tag[1] == '-') {
        if (result_tag == "1-0") return RecordedResult::WhiteWins;
        if (result_tag == "0-1") return RecordedResult::BlackWins;
    }
    return RecordedResult::Unknown;
}

std::string_view recorded_result_name(RecordedResult r) {
    return recorded_result_names[static_cast<std::size_t>(r)];
}

void GameReport::clear() {
    for (std::string* s : {&file, &white, &black, &event, &site, &round, &date, &result, &white_elo,
                           &black_elo, &termination_tag, &movetext_result, &expected_result, &text,
                           &draw_first_check, &draw_last_check, &white_fide_id, &black_fide_id})
        s->clear();
    pairing.reset();
    game = 0;
    line = 0;
    offset = 0;
    laws = Laws::Laws2023;
    plies = 0;
    termination = Termination::None;
    end_ply.reset();
    error = false;
    draw_reason = DrawReason::None;
    draw_side = Side::None;
    final_unwinnable = {};
    undetermined_positions = 0;
    below_min_severity = 0;
    identity = 0;
    occurrence = 0;
    duplicate_key = {};
    text_bytes = 0;
    text_hash = 0;
    findings_omitted.clear();
    // A few findings' room is kept; a record that held many gives it back, or every pooled
    // record would keep the room of the longest list it ever held (megabytes per job).
    if (findings.capacity() > 4) {
        std::vector<Finding>().swap(findings);
    } else {
        findings.clear();
    }
}

// clear() names every member: a new member must be added there (and to this size).
static_assert(sizeof(GameReport) == 976 || sizeof(void*) != 8,
              "GameReport changed: update GameReport::clear()");

void Summary::add(const GameReport& game) {
    count(game, 1);
}
void Summary::remove(const GameReport& game) {
    count(game, ~std::uint64_t{0});
}

// Unsigned arithmetic modulo 2^64: adding ~0 takes one away.
void Summary::count(const GameReport& game, std::uint64_t one) {
    games += one;
    if (game.error) games_with_errors += one;
    plies += one * static_cast<std::uint64_t>(game.plies);
    undetermined_positions += one * static_cast<std::uint64_t>(game.undetermined_positions);
    below_min_severity += one * game.below_min_severity;
    // Most games have no finding: the per-rule counts are left alone then.
    if (!game.findings.empty()) {
        std::array<bool, RuleCount> seen{};
        for (const Finding& f : game.findings) {
            const auto index = static_cast<std::size_t>(f.rule);
            findings[index] += one;
            seen[index] = true;
        }
        for (std::size_t i = 0; i < seen.size(); ++i) {
            if (seen[i]) games_by_rule[i] += one;
        }
    }
    if (game.findings_omitted.any()) [[unlikely]] {
        for (std::size_t i = 0; i < RuleCount; ++i)
            findings_omitted.add(static_cast<Rule>(i), one * game.findings_omitted.by_rule[i]);
    }
    const RecordedResult result = recorded_result(game.result);
    results[static_cast<std::size_t>(result)] += one;
    if (game.draw_reason != DrawReason::None)
        draw_reasons[static_cast<std::size_t>(game.draw_reason)] += one;
    const int year_key = date_year(game.date).value_or(UnknownYear);
    YearCount& year = by_year[year_key];
    year.games += one;
    if (result == RecordedResult::Draw) year.draws += one;
    if (year.games == 0) by_year.erase(year_key);  // taken back: as if never counted
}

void Summary::merge(const Summary& other) {
    files += other.files;
    games += other.games;
    games_with_errors += other.games_with_errors;
    plies += other.plies;
    bytes += other.bytes;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        findings[i] += other.findings[i];
        games_by_rule[i] += other.games_by_rule[i];
        findings_omitted.add(static_cast<Rule>(i), other.findings_omitted.by_rule[i]);
    }
    for (std::size_t i = 0; i < results.size(); ++i) results[i] += other.results[i];
    for (std::size_t i = 0; i < draw_reasons.size(); ++i) draw_reasons[i] += other.draw_reasons[i];
    for (const auto& [year, count] : other.by_year) {
        YearCount& mine = by_year[year];
        mine.games += count.games;
        mine.draws += count.draws;
    }
    undetermined_positions += other.undetermined_positions;
    baselined += other.baselined;
    below_min_severity += other.below_min_severity;
    io_errors += other.io_errors;
    // Workers run at the same time: the run took as long as the slowest of them.
    seconds = std::max(seconds, other.seconds);
}

}  // namespace drawaudit::audit
