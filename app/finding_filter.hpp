// --only, --ignore, --severity and --min-severity: which findings a run reports, and at what
// severity.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <tl/expected.hpp>

#include "audit/finding.hpp"

namespace drawaudit::app {

class FindingFilter {
  public:
    // From the option values (rule ids; "RULE=LEVEL"; a level, or "" for every level); an error
    // message names a bad value.
    static tl::expected<FindingFilter, std::string> create(const std::vector<std::string>& only,
                                                           const std::vector<std::string>& ignore,
                                                           const std::vector<std::string>& severity,
                                                           const std::string& min_severity = "");

    // Drops the findings not selected, applies the severity overrides, then drops the findings
    // below --min-severity, in place, counting those in the record (below_min_severity).
    void apply(audit::GameReport& report) const;
    bool selects_everything() const { return selects_everything_; }

  private:
    std::array<bool, audit::RuleCount> selected_{};
    std::array<std::optional<audit::Severity>, audit::RuleCount> severity_{};
    audit::Severity min_severity_ = audit::Severity::Info;  // Info: every finding is kept
    bool selects_everything_ = true;
};

}  // namespace drawaudit::app
