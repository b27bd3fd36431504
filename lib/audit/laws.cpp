// RULES.md "Which Laws": the edition a PGN Date gives, from the table's first days in force.
#include "audit/laws.hpp"

#include <algorithm>
#include <optional>

namespace drawaudit::audit {

namespace {

// The largest value a date part may stand for: its digits, each '?' read as 9 ("20??" may be
// 2099). A '?' stands for a digit only in a part of its full `width` ("?" alone, as PGN writes
// an unknown date, is no year 9). nullopt for an empty part or anything but digits and '?'.
std::optional<int> latest_value(std::string_view part, std::size_t width) {
    if (part.empty() || part.size() > width) return std::nullopt;
    const bool partial = part.find('?') != std::string_view::npos;
    if (partial && part.size() != width) return std::nullopt;
    int value = 0;
    for (char c : part) {
        if (c == '?') c = '9';
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

// The edition in force in `month` of `year` (an edition holds from the first day of a month).
Laws edition_in(int year, int month) {
    Laws laws = kLawsEditions.front().laws;
    for (const LawsEdition& e : kLawsEditions) {
        if (year > e.in_force_year || (year == e.in_force_year && month >= e.in_force_month))
            laws = e.laws;
    }
    return laws;
}

}  // namespace

// A partial date gives the newest edition in force on some day it allows, which is the edition
// in force on its latest day: the latest year it allows, and in that year the latest month (an
// edition holds from the first day of a month, so the day never decides).
Laws laws_for_date(std::string_view date) {
    // The usual "YYYY.MM.DD" with a complete year, in a year no edition took force after
    // January of: the year alone decides, without splitting the date (once per game).
    if (date.size() == 10 && date[4] == '.' && date[7] == '.') {
        int year = 0;
        bool digits = true;
        for (std::size_t i = 0; i < 4; ++i) {
            digits = digits && date[i] >= '0' && date[i] <= '9';
            year = year * 10 + (date[i] - '0');
        }
        if (digits) {
            const Laws laws = edition_in(year, 12);
            if (edition_in(year, 1) == laws) return laws;
        }
    }
    std::array<std::string_view, 3> parts{};
    std::size_t count = 0;
    std::size_t begin = 0;
    for (std::size_t i = 0; i <= date.size() && count < parts.size(); ++i) {
        if (i == date.size() || date[i] == '.' || date[i] == '-' || date[i] == '/') {
            parts[count++] = date.substr(begin, i - begin);
            begin = i + 1;
        }
    }
    const std::optional<int> year = count > 0 ? latest_value(parts[0], 4) : std::nullopt;
    if (!year) return kLawsEditions.back().laws;  // an unknown date: the newest edition
    // A month that is missing or not one of 1..12 allows the whole year.
    const std::optional<int> month = count > 1 ? latest_value(parts[1], 2) : std::nullopt;
    return edition_in(*year, !month || *month < 1 ? 12 : std::min(*month, 12));
}

}  // namespace drawaudit::audit
