// RULES.md "Which Laws": the edition a PGN Date gives, from the table's first days in force.
#include "audit/laws.hpp"

#include <algorithm>
#include <optional>

namespace drawaudit::audit {

namespace {

// The largest value a date part may stand for: its digits, each '?' read as 9 ("20??" may be
// 2099). nullopt for an empty part or anything but digits and '?'.
std::optional<int> latest_value(std::string_view part) {
    if (part.empty() || part.size() > 4) return std::nullopt;
    int value = 0;
    for (char c : part) {
        if (c == '?') c = '9';
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

// A partial date gives the newest edition in force on some day it allows, which is the edition
// in force on its latest day: the latest year it allows, and in that year the latest month (an
// edition holds from the first day of a month, so the day never decides).
Laws laws_for_date(std::string_view date) {
    std::array<std::string_view, 3> parts{};
    std::size_t count = 0;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= date.size() && count < parts.size(); ++i) {
        if (i == date.size() || date[i] == '.' || date[i] == '-' || date[i] == '/') {
            parts[count++] = date.substr(begin, i - begin);
            begin = i + 1;
        }
    }
    const std::optional<int> year = count > 0 ? latest_value(parts[0]) : std::nullopt;
    if (!year) return kLawsEditions.back().laws;  // an unknown date: the newest edition
    // A month that is missing or not one of 1..12 allows the whole year.
    const std::optional<int> month = count > 1 ? latest_value(parts[1]) : std::nullopt;
    const int latest_month = !month || *month < 1 ? 12 : std::min(*month, 12);
    Laws laws = kLawsEditions.front().laws;
    for (const LawsEdition& e : kLawsEditions) {
        if (*year > e.in_force_year ||
            (*year == e.in_force_year && latest_month >= e.in_force_month))
            laws = e.laws;
    }
    return laws;
}

}  // namespace drawaudit::audit
