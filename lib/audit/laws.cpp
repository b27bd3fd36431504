// RULES.md "Which Laws": the edition a PGN Date gives.
#include "audit/laws.hpp"

#include <optional>

namespace drawaudit::audit {

namespace {

// Parses a run of digits; nullopt for "??" or anything not a number.
std::optional<int> date_part(std::string_view part) {
    if (part.empty()) return std::nullopt;
    int value = 0;
    for (char c : part) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

}  // namespace

// 2023 from 2023-01-01, 2017 from 2017-07-01, 2014 from 2014-07-01, the 1997 text (no 9.6)
// before. A date that leaves two editions possible gives the newest.
Laws laws_for_date(std::string_view date) {
    // The common form "YYYY.MM.DD" (parts may be "??"): the year alone decides, except in 2014
    // and 2017, without splitting the date.
    if (date.size() == 10 && date[4] == '.' && date[7] == '.') {
        int year = 0;
        bool digits = true;
        for (int i = 0; i < 4; ++i) {
            const char c = date[static_cast<std::size_t>(i)];
            digits = digits && c >= '0' && c <= '9';
            year = year * 10 + (c - '0');
        }
        if (digits && year != 2014 && year != 2017) {
            return year >= 2023  ? Laws::Laws2023
                   : year > 2017 ? Laws::Laws2017
                   : year > 2014 ? Laws::Laws2014
                                 : Laws::Laws1997;
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
    const std::optional<int> year = count > 0 ? date_part(parts[0]) : std::nullopt;
    const std::optional<int> month = count > 1 ? date_part(parts[1]) : std::nullopt;
    if (!year) return Laws::Laws2023;
    if (*year >= 2023) return Laws::Laws2023;
    if (*year > 2017 && *year <= 2022) return Laws::Laws2017;
    if (*year > 2014 && *year < 2017) return Laws::Laws2014;
    if (*year < 2014) return Laws::Laws1997;
    // 2014 or 2017: the edition changed on 1 July of that year.
    if (!month || *month < 1 || *month > 12) return Laws::Laws2023;
    const bool second_half = *month >= 7;
    if (*year == 2017) return second_half ? Laws::Laws2017 : Laws::Laws2014;
    return second_half ? Laws::Laws2014 : Laws::Laws1997;
}

}  // namespace drawaudit::audit
