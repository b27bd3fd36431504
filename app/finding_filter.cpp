#include "finding_filter.hpp"

#include <algorithm>

namespace drawaudit::app {

tl::expected<FindingFilter, std::string> FindingFilter::create(
    const std::vector<std::string>& only, const std::vector<std::string>& ignore,
    const std::vector<std::string>& severity, const std::string& min_severity) {
    FindingFilter filter;
    if (!min_severity.empty()) {
        const auto level = audit::severity_from_name(min_severity);
        if (!level)
            return tl::unexpected("--min-severity: unknown level '" + min_severity +
                                  "' (info, warning, error)");
        filter.min_severity_ = *level;
    }
    filter.selected_.fill(only.empty());
    for (const std::string& id : only) {
        const auto rule = audit::rule_from_id(id);
        if (!rule) return tl::unexpected("--only: unknown rule id '" + id + "'");
        filter.selected_[static_cast<std::size_t>(*rule)] = true;
    }
    for (const std::string& id : ignore) {
        const auto rule = audit::rule_from_id(id);
        if (!rule) return tl::unexpected("--ignore: unknown rule id '" + id + "'");
        filter.selected_[static_cast<std::size_t>(*rule)] = false;
    }
    for (const std::string& setting : severity) {
        const auto equals = setting.find('=');
        if (equals == std::string::npos) {
            return tl::unexpected("--severity: expected RULE=LEVEL, got '" + setting + "'");
        }
        const std::string id = setting.substr(0, equals), level = setting.substr(equals + 1);
        const auto rule = audit::rule_from_id(id);
        if (!rule) return tl::unexpected("--severity: unknown rule id '" + id + "'");
        const auto parsed = audit::severity_from_name(level);
        if (!parsed)
            return tl::unexpected("--severity: unknown level '" + level +
                                  "' (info, warning, error)");
        filter.severity_[static_cast<std::size_t>(*rule)] = parsed;
    }
    filter.selects_everything_ =
        std::all_of(filter.selected_.begin(), filter.selected_.end(), [](bool b) { return b; }) &&
        std::none_of(filter.severity_.begin(), filter.severity_.end(),
                     [](const auto& s) { return s.has_value(); }) &&
        filter.min_severity_ == audit::Severity::Info;
    return filter;
}

void FindingFilter::apply(audit::GameReport& report) const {
    if (selects_everything_) return;
    auto& findings = report.findings;
    findings.erase(std::remove_if(findings.begin(), findings.end(),
                                  [&](const audit::Finding& f) {
                                      return !selected_[static_cast<std::size_t>(f.rule)];
                                  }),
                   findings.end());
    for (audit::Finding& f : findings) {
        if (const auto& level = severity_[static_cast<std::size_t>(f.rule)]) f.severity = *level;
    }
    // After the overrides: --severity RULE=error keeps RULE under --min-severity error. Applied
    // twice (a duplicate finding added later), the second pass finds nothing more to count.
    if (min_severity_ == audit::Severity::Info) return;
    const auto kept =
        std::remove_if(findings.begin(), findings.end(),
                       [&](const audit::Finding& f) { return f.severity < min_severity_; });
    report.below_min_severity += static_cast<std::uint32_t>(findings.end() - kept);
    findings.erase(kept, findings.end());
}

}  // namespace drawaudit::app
