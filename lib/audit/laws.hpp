// RULES.md "Which Laws": the editions of the FIDE Laws, the one a game's Date tag gives, and what
// each edition changes for the rules (one table; the rules ask it, never compare editions).
#pragma once

#include <array>
#include <string_view>

#include "audit/finding.hpp"

namespace drawaudit::audit {

// What one edition of the Laws changes for this tool.
struct LawsEdition {
    Laws laws;
    int in_force_year, in_force_month;  // the edition holds from the first day of that month
    // 9.6 exists: fivefold repetition and the 75-move rule end the game (from 2014).
    bool has_automatic_draws;
    // 9.6.1 of 2014: fivefold "on consecutive alternate moves", read as positions k, k-4, ...,
    // k-16 all the same.
    bool fivefold_needs_consecutive_alternate;
    // 5.1.2 of 2023: a resigned game where the winner cannot mate is drawn too (before 2023 only
    // a loss on time, 6.9, or by an illegal move, 7.5.5).
    bool winner_cannot_mate_applies_to_resignation;
};

// Oldest first.
inline constexpr std::array<LawsEdition, 4> kLawsEditions = {{
    {Laws::Laws1997, 0, 1, false, false, false},
    {Laws::Laws2014, 2014, 7, true, true, false},
    {Laws::Laws2017, 2017, 7, true, false, false},
    {Laws::Laws2023, 2023, 1, true, false, true},
}};

constexpr const LawsEdition& edition_of(Laws laws) {
    for (const LawsEdition& e : kLawsEditions) {
        if (e.laws == laws) return e;
    }
    return kLawsEditions.back();
}

// The edition of the Laws in force on a PGN Date ("YYYY.MM.DD", any digit may be "?"). A partial
// date gives the newest edition in force on some day it allows ("2014.??.??": 2014; "20??.??.??":
// 2023), an unknown date the newest edition (RULES.md, "Which Laws").
Laws laws_for_date(std::string_view date);

}  // namespace drawaudit::audit
