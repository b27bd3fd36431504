#include "run_checks.hpp"

#include <algorithm>

#include "audit/fingerprint.hpp"

namespace drawaudit::app {

bool RunChecks::admit(audit::GameReport& report, std::uint64_t games_before,
                      std::uint32_t file_index, const FindingFilter& filter, Stamped stamped) {
    report.game += games_before;
    report.occurrence = occurrences_.next(report.identity);
    if (report.occurrence > 0 || stamped == Stamped::ByAPart) audit::restamp_fingerprints(report);
    const std::size_t before = report.findings.size();
    if (settings_.duplicates) duplicates_.check(report, file_index);
    const bool duplicate = report.findings.size() > before;
    if (settings_.reconciler != nullptr && stamped == Stamped::AtZero) {
        const std::size_t reconciled = report.findings.size();
        settings_.reconciler->reconcile(report);
        if (report.findings.size() > reconciled) audit::restamp_fingerprints(report);
    }
    // A part's findings went through the filter already: applied again, it changes only the
    // duplicate finding. The workers' records meet it here for the first time.
    if (stamped == Stamped::AtZero || duplicate) filter.apply(report);
    return duplicate && report.findings.size() > before;
}

void RunChecks::after_filter(audit::GameReport& report, audit::Summary& summary) {
    if (settings_.baseline != nullptr) {
        const auto kept = std::remove_if(
            report.findings.begin(), report.findings.end(),
            [&](const audit::Finding& f) { return settings_.baseline->contains(f.fingerprint); });
        summary.baselined += static_cast<std::uint64_t>(report.findings.end() - kept);
        report.findings.erase(kept, report.findings.end());
    }
    if (settings_.write_baseline != nullptr) {
        for (const audit::Finding& f : report.findings)
            settings_.write_baseline->add(report.file, report.game, f.ply, f.rule, f.fingerprint);
    }
}

void RunChecks::finish(report::Writer& writer, const FindingFilter& filter, audit::Summary& summary,
                       std::optional<audit::Severity>& worst) {
    if (settings_.reconciler == nullptr) return;
    audit::GameReport trf;
    trf.file = settings_.reconciler->trf_file();
    trf.findings = settings_.reconciler->finish();
    filter.apply(trf);
    if (settings_.baseline != nullptr) {
        const auto kept = std::remove_if(
            trf.findings.begin(), trf.findings.end(),
            [&](const audit::Finding& f) { return settings_.baseline->contains(f.fingerprint); });
        summary.baselined += static_cast<std::uint64_t>(trf.findings.end() - kept);
        trf.findings.erase(kept, trf.findings.end());
    }
    // Counted as findings, not as a game: the TRF is no game of the input.
    for (const audit::Finding& f : trf.findings) {
        ++summary.findings[static_cast<std::size_t>(f.rule)];
        raise_worst(worst, f.severity);
        if (settings_.write_baseline != nullptr)
            settings_.write_baseline->add(trf.file, 0, f.ply, f.rule, f.fingerprint);
    }
    summary.pairings = settings_.reconciler->counts();
    writer.trf_findings(trf);
}

void RunChecks::patch(report::FormattedRecords& records, const std::string& file,
                      std::uint64_t games_before) {
    // By game_in_chunk (1-based): most chunks number their games 1..n in order.
    chunk_occurrences_.clear();
    chunk_identities_.clear();
    bool any_repeated = false;
    for (const auto& game : records.identities) {
        const auto at = static_cast<std::size_t>(game.game_in_chunk);
        if (at >= chunk_occurrences_.size()) {
            chunk_occurrences_.resize(at + 1, 0);
            chunk_identities_.resize(at + 1, 0);
        }
        chunk_identities_[at] = game.identity;
        chunk_occurrences_[at] = occurrences_.next(game.identity);
        any_repeated = any_repeated || chunk_occurrences_[at] > 0;
    }
    // With a baseline, the games with findings are held (pipeline.cpp, Job::held) and recorded
    // for --write-baseline when the ordered stage counts them.
    const bool record = settings_.write_baseline != nullptr && settings_.baseline == nullptr;
    if (!any_repeated && !record) return;
    for (const auto& slot : records.fingerprints) {
        const auto at = static_cast<std::size_t>(slot.game_in_chunk);
        const std::uint32_t occurrence =
            at < chunk_occurrences_.size() ? chunk_occurrences_[at] : 0;
        const std::uint64_t identity = at < chunk_identities_.size() ? chunk_identities_[at] : 0;
        const std::uint64_t fingerprint =
            audit::finding_fingerprint(identity, occurrence, slot.rule, slot.route, slot.ply);
        if (occurrence > 0) {
            const auto hex = audit::fingerprint_hex(fingerprint);
            std::copy(hex.begin(), hex.end(), records.text.data() + slot.offset);
        }
        if (record)
            settings_.write_baseline->add(file, games_before + slot.game_in_chunk, slot.ply,
                                          slot.rule, fingerprint);
    }
}

}  // namespace drawaudit::app
