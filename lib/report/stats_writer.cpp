// --format stats: a database's draw statistics, without per-game blocks (RULES.md "Why each draw
// happened"): the results and the draw rate, the draw reasons, the years (or decades), the events
// and players with the most early agreements, and the length of draws against decisive games.
// As text (every sentence from the catalog, in the --lang of the run), or as one JSON object
// (-o FILE.json, --stats-json FILE) with the same numbers and English keys.
// Memory stays bounded: the per-event and per-player tables hold at most kTableCap names each,
// and say so when an early agreement could not be counted for that reason.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/messages.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::DrawReason;
using audit::GameReport;
using audit::RecordedResult;

constexpr std::size_t kTableCap = 10000;  // names per table (events, players)
constexpr std::size_t kTop = 10;          // rows printed per table
constexpr int kMaxTrackedMoves = 500;     // game lengths beyond this share one histogram slot
constexpr int kYearsBeforeDecades = 25;   // more known years than this: the table is by decade

// Early agreements per name, for at most kTableCap names: a name first seen when the table is
// full is not added, and its early agreements are counted as left out.
class CappedCounts {
  public:
    void add(std::string_view name) {
        if (const auto it = counts_.find(std::string(name)); it != counts_.end()) {
            ++it->second;
        } else if (counts_.size() < kTableCap) {
            counts_.emplace(std::string(name), 1);
        } else {
            ++left_out_;
        }
    }
    // The names with the most, most first (ties by name, so the report does not depend on the
    // table's order).
    std::vector<std::pair<std::string_view, std::uint64_t>> top(std::size_t n) const {
        std::vector<std::pair<std::string_view, std::uint64_t>> all(counts_.begin(), counts_.end());
        const auto more = [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        };
        const std::size_t keep = std::min(n, all.size());
        std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
                          more);
        all.resize(keep);
        return all;
    }
    std::uint64_t left_out() const { return left_out_; }
    bool capped() const { return counts_.size() >= kTableCap && left_out_ > 0; }

  private:
    std::unordered_map<std::string, std::uint64_t> counts_;
    std::uint64_t left_out_ = 0;
};

// Game lengths in moves (a move: one half-move of each side, rounded up), as a histogram.
class Lengths {
  public:
    void add(int plies) {
        const int moves = (plies + 1) / 2;
        ++slots_[static_cast<std::size_t>(std::min(moves, kMaxTrackedMoves))];
        ++games_;
        total_moves_ += static_cast<std::uint64_t>(moves);
    }
    std::uint64_t games() const { return games_; }
    double mean() const {
        return games_ == 0 ? 0.0 : static_cast<double>(total_moves_) / static_cast<double>(games_);
    }
    int median() const {
        if (games_ == 0) return 0;
        std::uint64_t seen = 0;
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            seen += slots_[i];
            if (2 * seen >= games_) return static_cast<int>(i);
        }
        return kMaxTrackedMoves;
    }
    // Games of `first` to `last` moves (last < 0: no upper end).
    std::uint64_t between(int first, int last) const {
        std::uint64_t n = 0;
        const int end = last < 0 ? kMaxTrackedMoves : std::min(last, kMaxTrackedMoves);
        for (int i = std::max(first, 0); i <= end; ++i) n += slots_[static_cast<std::size_t>(i)];
        return n;
    }

  private:
    std::array<std::uint64_t, kMaxTrackedMoves + 1> slots_{};
    std::uint64_t games_ = 0;
    std::uint64_t total_moves_ = 0;
};

struct Bucket {
    std::string_view label;
    int first, last;  // moves; last < 0: open
};
constexpr std::array<Bucket, 8> kBuckets = {{{"0-20", 0, 20},
                                             {"21-30", 21, 30},
                                             {"31-40", 31, 40},
                                             {"41-50", 41, 50},
                                             {"51-60", 51, 60},
                                             {"61-80", 61, 80},
                                             {"81-100", 81, 100},
                                             {"101+", 101, -1}}};

double share(std::uint64_t part, std::uint64_t total) {
    return total == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(total);
}

// A tag value as the tables name it: the PGN placeholders "?" and "" are one unknown name.
std::string_view table_name(std::string_view tag) {
    const std::string_view known = known_tag(tag);
    return known.empty() ? std::string_view("?") : known;
}

// The columns a UTF-8 label takes (its code points: the labels hold no wide characters).
std::size_t text_width(std::string_view utf8) {
    return static_cast<std::size_t>(
        std::count_if(utf8.begin(), utf8.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

class StatsWriter final : public Writer {
  public:
    StatsWriter(Output& output, const WriterOptions& options)
        : Writer(output),
          as_json_(options.stats_as_json),
          json_output_(options.stats_json_output),
          min_moves_(options.min_moves_before_agreement),
          lang_(options.lang) {}

    void game(const GameReport& report) override {
        if (report.draw_reason == DrawReason::EarlyAgreement) {
            events_.add(table_name(report.event));
            players_.add(table_name(report.white));
            players_.add(table_name(report.black));
        }
        // Lengths only of records replayed to their end: a broken record's length is not its own.
        if (report.error) return;
        const RecordedResult result = audit::recorded_result(report.result);
        if (result == RecordedResult::Draw) draws_.add(report.plies);
        if (result == RecordedResult::WhiteWins || result == RecordedResult::BlackWins)
            decisive_.add(report.plies);
    }

    void end(const audit::Summary& summary) override {
        if (as_json_) {
            write_json(buffer_, summary);
        } else {
            write_text(summary);
        }
        flush();
        if (json_output_ != nullptr) {
            fmt::memory_buffer json;
            write_json(json, summary);
            // A failed write is the output's to tell (FileOutput::error, checked by the app).
            json_output_->write(std::string_view(json.data(), json.size()));
        }
    }

  private:
    static std::uint64_t count(const audit::Summary& s, RecordedResult r) {
        return s.results[static_cast<std::size_t>(r)];
    }
    static std::uint64_t decided(const audit::Summary& s) {
        return count(s, RecordedResult::WhiteWins) + count(s, RecordedResult::BlackWins) +
               count(s, RecordedResult::Draw);
    }
    static std::uint64_t reason_count(const audit::Summary& s, int reason) {
        return s.draw_reasons[static_cast<std::size_t>(reason)];
    }
    static bool by_decade(const audit::Summary& s) {
        const auto known = s.by_year.size() - s.by_year.count(audit::Summary::UnknownYear);
        return known > static_cast<std::size_t>(kYearsBeforeDecades);
    }
    // The year table, or the decade table (a decade named by its first year) when asked.
    static std::vector<std::pair<int, audit::YearCount>> periods(const audit::Summary& s,
                                                                 bool decades) {
        std::vector<std::pair<int, audit::YearCount>> out;
        for (const auto& [year, count] : s.by_year) {
            if (year == audit::Summary::UnknownYear) continue;
            const int period = decades ? year - year % 10 : year;
            if (out.empty() || out.back().first != period)
                out.emplace_back(period, audit::YearCount{});
            out.back().second.games += count.games;
            out.back().second.draws += count.draws;
        }
        if (const auto unknown = s.by_year.find(audit::Summary::UnknownYear);
            unknown != s.by_year.end())
            out.emplace_back(audit::Summary::UnknownYear, unknown->second);
        return out;
    }

    void out(std::string_view text) { append(buffer_, text); }
    // Event and player names come from the input: shown, never sent raw to a terminal.
    void name(std::string_view text) { append_terminal_text(buffer_, text); }

    // A count as the report's language writes it: Spanish groups five digits or more ("412 227",
    // RULES.md "Spanish notation"); English keeps the bare digits it has always printed.
    std::string number(std::uint64_t n) const {
        return lang_ == Lang::En ? std::to_string(n) : count_text(n, lang_);
    }
    std::string_view says(Msg msg) const { return text(msg, lang_); }
    // `cell` padded to `width` columns on the left (right-aligned) or on the right; a Spanish
    // heading wider than the English column widens it (text_width: accents take one column).
    static std::string right(std::string_view cell, std::size_t width) {
        return std::string(width - std::min(width, text_width(cell)), ' ').append(cell);
    }
    static std::string left(std::string_view cell, std::size_t width) {
        return std::string(cell).append(width - std::min(width, text_width(cell)), ' ');
    }
    static std::size_t column(std::size_t width, std::string_view heading) {
        return std::max(width, text_width(heading));
    }
    // The widest share ("100.0%", "100,0 %"): the columns of shares hold it.
    std::size_t percent_width() const { return text_width(percent_text(1, 1, lang_)); }

    void write_text(const audit::Summary& s) {
        const std::uint64_t draws = count(s, RecordedResult::Draw);
        out(say(lang_, Msg::StatsHeading, number(s.games),
                says(s.games == 1 ? Msg::GameOne : Msg::GameMany), number(s.files),
                says(s.files == 1 ? Msg::FileOne : Msg::FileMany), number(s.games_with_errors)));
        out("\n\n");

        out(says(Msg::StatsResults));
        out("\n");
        for (int r = 0; r < audit::RecordedResultCount; ++r) {
            const auto result = static_cast<RecordedResult>(r);
            out(fmt::format(
                "  {:<8} {:>10}  {}\n", audit::recorded_result_name(result),
                number(count(s, result)),
                right(percent_text(count(s, result), s.games, lang_), percent_width())));
        }
        out("  ");
        out(say(lang_, Msg::StatsDrawRate, percent_text(draws, decided(s), lang_),
                number(decided(s))));
        out("\n\n");

        out(say(lang_, Msg::StatsReasons, number(draws)));
        out("\n");
        // The reasons as a person reads them: the ids in English, the labels in Spanish.
        std::size_t label_width = 21;
        for (int i = 1; i < audit::DrawReasonCount; ++i) {
            const std::string_view label = draw_reason_label(static_cast<DrawReason>(i), lang_);
            label_width = std::max(label_width, text_width(label));
        }
        for (int i = 1; i < audit::DrawReasonCount; ++i) {
            const std::string_view label = draw_reason_label(static_cast<DrawReason>(i), lang_);
            out(fmt::format(
                "  {} {:>10}  {}\n", left(label, label_width), number(reason_count(s, i)),
                right(percent_text(reason_count(s, i), draws, lang_), percent_width())));
        }
        std::uint64_t explained = 0;
        for (int i = 1; i < audit::DrawReasonCount; ++i) explained += reason_count(s, i);
        if (explained < draws) {
            const std::uint64_t unexplained = draws - explained;
            out("  ");
            out(say(lang_, unexplained == 1 ? Msg::StatsUnexplainedOne : Msg::StatsUnexplainedMany,
                    number(unexplained)));
            out("\n");
        }
        out("\n");

        const bool decades = by_decade(s);
        const std::string_view period_heading = says(decades ? Msg::StatsDecade : Msg::StatsYear);
        const std::array<std::size_t, 4> widths = {
            column(7, period_heading), column(10, says(Msg::StatsGames)),
            column(10, says(Msg::StatsDraws)), column(9, says(Msg::StatsDrawRateColumn))};
        out(says(decades ? Msg::StatsByDecade : Msg::StatsByYear));
        out("\n");
        out(fmt::format("  {} {} {}  {}\n", left(period_heading, widths[0]),
                        right(says(Msg::StatsGames), widths[1]),
                        right(says(Msg::StatsDraws), widths[2]),
                        right(says(Msg::StatsDrawRateColumn), widths[3])));
        for (const auto& [period, n] : periods(s, decades)) {
            // Years are not counts: never grouped.
            const std::string label = period == audit::Summary::UnknownYear ? std::string("?")
                                      : decades ? say(lang_, Msg::StatsDecadeLabel, period,
                                                      fmt::format("{:02}", (period + 9) % 100))
                                                : std::to_string(period);
            out(fmt::format("  {} {} {}  {}\n", left(label, widths[0]),
                            right(number(n.games), widths[1]), right(number(n.draws), widths[2]),
                            right(percent_text(n.draws, n.games, lang_), widths[3])));
        }
        out("\n");

        write_early_agreements_text(s);
        write_lengths_text();
    }

    void write_early_agreements_text(const audit::Summary& s) {
        const std::uint64_t early = reason_count(s, static_cast<int>(DrawReason::EarlyAgreement));
        out(min_moves_ > 0 ? say(lang_, Msg::StatsEarlyRule, number(early), min_moves_)
                           : say(lang_, Msg::StatsEarlyNoRule, number(early)));
        out("\n");
        write_table_text(says(Msg::StatsTopEvents), events_);
        write_table_text(says(Msg::StatsTopPlayers), players_);
        out("\n");
    }

    void write_table_text(std::string_view title, const CappedCounts& table) {
        const auto rows = table.top(kTop);
        if (rows.empty()) return;
        out("  ");
        out(title);
        out("\n");
        for (const auto& [who, n] : rows) {
            out(fmt::format("  {:>8}  ", number(n)));
            name(who);
            out("\n");
        }
        if (table.capped()) {
            out("  ");
            out(say(lang_, table.left_out() == 1 ? Msg::StatsTableCapOne : Msg::StatsTableCapMany,
                    number(kTableCap), number(table.left_out())));
            out("\n");
        }
    }

    void write_lengths_text() {
        const std::array<std::size_t, 4> widths = {
            column(9, says(Msg::StatsDecisive)), column(10, says(Msg::StatsGames)),
            column(6, says(Msg::StatsMean)), column(6, says(Msg::StatsMedian))};
        out(says(Msg::StatsLengths));
        out("\n");
        out(fmt::format(
            "  {} {} {} {}", left("", widths[0]), right(says(Msg::StatsGames), widths[1]),
            right(says(Msg::StatsMean), widths[2]), right(says(Msg::StatsMedian), widths[3])));
        const std::size_t bucket_width = std::max<std::size_t>(7, percent_width());
        for (const Bucket& b : kBuckets) out(fmt::format(" {}", right(b.label, bucket_width)));
        out("\n");
        for (const auto& [label, lengths] :
             {std::pair<Msg, const Lengths*>{Msg::StatsDraws, &draws_},
              std::pair<Msg, const Lengths*>{Msg::StatsDecisive, &decisive_}}) {
            out(fmt::format("  {} {} {} {}", left(says(label), widths[0]),
                            right(number(lengths->games()), widths[1]),
                            right(decimal_text(lengths->mean(), 1, lang_), widths[2]),
                            right(std::to_string(lengths->median()), widths[3])));
            for (const Bucket& b : kBuckets)
                out(fmt::format(" {}", right(percent_text(lengths->between(b.first, b.last),
                                                          lengths->games(), lang_),
                                             bucket_width)));
            out("\n");
        }
    }

    // The same numbers as one JSON object (one line).
    void write_json(fmt::memory_buffer& json, const audit::Summary& s) const {
        const auto key = [&](std::string_view name) {
            append_json_string(json, name);
            json.push_back(':');
        };
        const std::uint64_t draws = count(s, RecordedResult::Draw);
        append(json, fmt::format("{{\"type\":\"stats\",\"files\":{},\"games\":{},"
                                 "\"games_with_errors\":{},",
                                 s.files, s.games, s.games_with_errors));
        key("results");
        json.push_back('{');
        for (int r = 0; r < audit::RecordedResultCount; ++r) {
            if (r > 0) json.push_back(',');
            key(audit::recorded_result_name(static_cast<RecordedResult>(r)));
            append(json, std::to_string(count(s, static_cast<RecordedResult>(r))));
        }
        append(json, fmt::format("}},\"games_with_result\":{},\"draw_rate\":{:.6f},", decided(s),
                                 share(draws, decided(s))));
        key("draw_reasons");
        json.push_back('{');
        for (int i = 1; i < audit::DrawReasonCount; ++i) {
            if (i > 1) json.push_back(',');
            key(audit::draw_reason_id(static_cast<DrawReason>(i)));
            append(json, std::to_string(reason_count(s, i)));
        }
        json.push_back('}');
        for (const bool decades : {false, true}) {
            json.push_back(',');
            key(decades ? "by_decade" : "by_year");
            json.push_back('{');
            bool first = true;
            for (const auto& [period, n] : periods(s, decades)) {
                if (!first) json.push_back(',');
                first = false;
                key(period == audit::Summary::UnknownYear ? std::string("?")
                                                          : std::to_string(period));
                append(json, fmt::format("{{\"games\":{},\"draws\":{}}}", n.games, n.draws));
            }
            json.push_back('}');
        }
        append(json, fmt::format(",\"early_agreements\":{{\"min_moves_before_agreement\":{},"
                                 "\"games\":{},\"table_cap\":{},",
                                 min_moves_,
                                 reason_count(s, static_cast<int>(DrawReason::EarlyAgreement)),
                                 kTableCap));
        for (const auto& [label, table] :
             {std::pair<std::string_view, const CappedCounts*>{"events", &events_},
              std::pair<std::string_view, const CappedCounts*>{"players", &players_}}) {
            key(label);
            append(json, "{\"top\":[");
            bool first = true;
            for (const auto& [who, n] : table->top(kTop)) {
                if (!first) json.push_back(',');
                first = false;
                append(json, "{\"name\":");
                append_json_string(json, who);
                append(json, fmt::format(",\"early_agreements\":{}}}", n));
            }
            append(json, fmt::format("],\"capped\":{},\"left_out\":{}}}",
                                     table->capped() ? "true" : "false", table->left_out()));
            if (label == "events") json.push_back(',');
        }
        append(json, "},\"length_moves\":{");
        for (const auto& [label, lengths] :
             {std::pair<std::string_view, const Lengths*>{"draws", &draws_},
              std::pair<std::string_view, const Lengths*>{"decisive", &decisive_}}) {
            key(label);
            append(json, fmt::format("{{\"games\":{},\"mean\":{:.3f},\"median\":{},\"buckets\":{{",
                                     lengths->games(), lengths->mean(), lengths->median()));
            for (std::size_t b = 0; b < kBuckets.size(); ++b) {
                if (b > 0) json.push_back(',');
                key(kBuckets[b].label);
                append(json, std::to_string(lengths->between(kBuckets[b].first, kBuckets[b].last)));
            }
            append(json, "}}");
            if (label == "draws") json.push_back(',');
        }
        append(json, "}}\n");
    }

    bool as_json_;
    Output* json_output_;
    int min_moves_;
    Lang lang_;  // the text's sentences, labels and numbers (RULES.md "Spanish notation")
    CappedCounts events_, players_;
    Lengths draws_, decisive_;
};

}  // namespace

std::unique_ptr<Writer> make_stats_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<StatsWriter>(output, options);
}

}  // namespace drawaudit::report
