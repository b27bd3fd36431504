// The words and numbers a person reads for the audit's ids (RULES.md, "Spanish notation"): a rule
// as a label, and counts and shares written as the reader's language writes them. Machine formats
// keep the ids and plain digits; only the readers' reports (text, HTML) come through here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "audit/finding.hpp"
#include "report/messages.hpp"

namespace drawaudit::report {

// A rule as a person reads it: English keeps the id ("threefold-claim"), Spanish has RULES.md's
// label ("reclamación por triple repetición").
std::string_view rule_label(audit::Rule rule, Lang lang);

// Where a number is printed: the HTML report keeps a number and its '%' or its digit groups on
// one line with a no-break space.
enum class Medium : std::uint8_t { Text, Html };

// A count of things (never a year), grouped by threes from five digits on: "412,227" in English,
// "412 227" in Spanish; "1803" with four.
std::string format_count(std::uint64_t n, Lang lang, Medium medium);

// part / total as a percentage with one decimal: "39.1%", "39,1 %"; "-" for an empty total.
std::string format_percent(std::uint64_t part, std::uint64_t total, Lang lang, Medium medium);

}  // namespace drawaudit::report
