// The ordered stage's run-wide work on each game, in input order (pipeline.cpp): occurrence
// numbers for the fingerprints, --duplicates, --baseline and --write-baseline. Only this stage
// sees the games in order, so only it can know them; the workers format JSON Lines and CSV
// before, with occurrence 0, and patch() rewrites the fingerprints of the rare games for which
// that was wrong (same length, in place): the text is the same for any -j.
// drawaudit merge takes its parts' games through admit() too, so that it numbers, stamps and
// finds the duplicates as the run does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "audit/duplicates.hpp"
#include "audit/finding.hpp"
#include "audit/pairings.hpp"
#include "baseline.hpp"
#include "finding_filter.hpp"
#include "report/writer.hpp"

namespace drawaudit::app {

// The worst severity of what a run or a merge reported, for --fail-on.
inline void raise_worst(std::optional<audit::Severity>& worst,
                        std::optional<audit::Severity> severity) {
    if (severity && (!worst || *severity > *worst)) worst = severity;
}

inline std::optional<audit::Severity> worst_of(const audit::GameReport& report) {
    std::optional<audit::Severity> worst;
    for (const audit::Finding& f : report.findings) raise_worst(worst, f.severity);
    return worst;
}

struct RunCheckSettings {
    bool duplicates = false;
    const Baseline* baseline = nullptr;        // findings to leave out
    BaselineWriter* write_baseline = nullptr;  // where to record the reported findings
    audit::Reconciler* reconciler = nullptr;   // --trf: the games against their pairings
};

class RunChecks {
  public:
    explicit RunChecks(const RunCheckSettings& settings) : settings_(settings) {}
    // Whether the workers must hand over the records instead of formatting them: a duplicate
    // finding or a baselined one changes a record's text, which only this stage can decide.
    // (A --baseline alone does not: the workers hold the games with findings, Job::held.)
    // --trf's findings too: only this stage sees the games in order, and knows which pairings
    // had no game.
    bool needs_records() const { return settings_.duplicates || settings_.reconciler != nullptr; }
    bool writes_baseline() const { return settings_.write_baseline != nullptr; }

    // A game's record as the ordered stage takes it, in the run's order: numbered after the
    // `games_before` earlier games of its file, its occurrence number (and fingerprints), its
    // duplicate finding, then the finding filter. The workers stamp every record at occurrence
    // 0; a shard's part at its own occurrence, which the whole run's may not be (drawaudit
    // merge). Returns whether a duplicate finding was added and kept (it is the first finding).
    enum class Stamped { AtZero, ByAPart };
    bool admit(audit::GameReport& report, std::uint64_t games_before, std::uint32_t file_index,
               const FindingFilter& filter, Stamped stamped = Stamped::AtZero);
    // After the filter: leaves out the findings of the baseline (counted in `summary.baselined`)
    // and records the rest for --write-baseline.
    void after_filter(audit::GameReport& report, audit::Summary& summary);

    // --trf, after the last game: the TRF's own findings (filtered, counted, written) and the
    // summary's `pairings`. Nothing without a TRF.
    void finish(report::Writer& writer, const FindingFilter& filter, audit::Summary& summary,
                std::optional<audit::Severity>& worst);

    // A chunk a worker formatted (only when !needs_records()): occurrence numbers, fingerprints
    // rewritten where they are not 0, and the findings recorded for --write-baseline.
    void patch(report::FormattedRecords& records, const std::string& file,
               std::uint64_t games_before);

    // After patch(): the occurrence number of the chunk's game `game_in_chunk`.
    std::uint32_t occurrence_in_chunk(std::uint64_t game_in_chunk) const {
        const auto at = static_cast<std::size_t>(game_in_chunk);
        return at < chunk_occurrences_.size() ? chunk_occurrences_[at] : 0;
    }

  private:
    RunCheckSettings settings_;
    audit::OccurrenceCounter occurrences_;
    audit::DuplicateIndex duplicates_;
    std::vector<std::uint32_t> chunk_occurrences_;  // patch()'s, by game_in_chunk
    std::vector<std::uint64_t> chunk_identities_;
};

}  // namespace drawaudit::app
