// RULES.md "Why each draw happened": the reason of a 1/2-1/2 record, the first that holds in the
// order below. Everything here reads what the replay has already decided; nothing is replayed.
#include "audit/draw_reason.hpp"

#include <cctype>

namespace drawaudit::audit {

namespace {

Side other(Side s) {
    return s == Side::White ? Side::Black : s == Side::Black ? Side::White : Side::None;
}

bool icontains(std::string_view text, std::string_view word) {
    if (word.size() > text.size()) return false;
    for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
        bool same = true;
        for (std::size_t c = 0; same && c < word.size(); ++c) {
            same = std::tolower(static_cast<unsigned char>(text[i + c])) ==
                   static_cast<unsigned char>(word[c]);
        }
        if (same) return true;
    }
    return false;
}

DrawReason reason_of(Termination t) {
    switch (t) {
        case Termination::Stalemate:
            return DrawReason::Stalemate;  // 5.2.1
        case Termination::DeadPosition:
            return DrawReason::DeadPosition;  // 5.2.2
        case Termination::Fivefold:
            return DrawReason::Fivefold;  // 9.6.1
        case Termination::SeventyFiveMove:
            return DrawReason::SeventyFiveMove;  // 9.6.2
        case Termination::Checkmate:
        case Termination::None:
            break;
    }
    return DrawReason::None;
}

// Perpetual check (the seed: "jaque continuo o perpetuo"): the last position n repeats position
// j (the latest earlier one equal to it, 9.2.2) and every move of one player between j and n gave
// check. The moves into positions j + i with i odd are the moves of the side to move at j; those
// with i even (the last one, into n, among them) are the other side's.
DrawExplanation perpetual_check(const FinalCycle& cycle) {
    const std::span<const bool> checks = cycle.in_check;
    if (cycle.first_ply < 0 || checks.size() < 3 || cycle.to_move == Side::None) return {};
    const int length = static_cast<int>(checks.size()) - 1;  // n - j, even
    bool odd_all = true, even_all = true;
    for (int i = 1; i <= length; ++i) {
        bool& all = i % 2 == 1 ? odd_all : even_all;
        all = all && checks[static_cast<std::size_t>(i)];
    }
    const int j = cycle.first_ply;
    DrawExplanation out;
    out.reason = DrawReason::PerpetualCheck;
    // Where both sides checked on every move, the one who made the repeating move is named.
    if (even_all) {
        out.side = other(cycle.to_move);
        // The move into j was that side's too, and a check (j is the same position as n): the
        // report starts the run there.
        out.first_check_ply = j > 0 && checks[0] ? j : j + 2;
        out.last_check_ply = j + length;
    } else if (odd_all) {
        out.side = cycle.to_move;
        out.first_check_ply = j + 1;
        out.last_check_ply = j + length - 1;
    } else {
        return {};
    }
    return out;
}

}  // namespace

bool termination_tag_says_on_time(std::string_view termination_tag) {
    return icontains(termination_tag, "time") || icontains(termination_tag, "flag");
}

DrawExplanation explain_draw(const DrawFacts& facts) {
    if (facts.result != "1/2-1/2") return {};
    // The game ended automatically: that is why (a draw against a checkmate has no reason: it is
    // a result-conflict).
    if (facts.termination == Termination::Checkmate) return {};
    if (const DrawReason ended = reason_of(facts.termination); ended != DrawReason::None) {
        return {.reason = ended};
    }
    if (facts.last_position_known) {
        if (DrawExplanation perpetual = perpetual_check(facts.cycle);
            perpetual.reason != DrawReason::None)
            return perpetual;
        if (facts.threefold_claim_at_end) return {.reason = DrawReason::ThreefoldRepetition};
        if (facts.fifty_move_claim_at_end) return {.reason = DrawReason::FiftyMove};
    }
    // 6.9: a flag fell, and the opponent could not checkmate.
    if (termination_tag_says_on_time(facts.termination_tag))
        return {.reason = DrawReason::TimeForfeit};
    if (facts.early_agreement) return {.reason = DrawReason::EarlyAgreement};
    return {.reason = DrawReason::Agreement};
}

ClaimsAtEnd claims_at_end(std::span<const Finding> findings, int last_ply, int halfmove_clock) {
    ClaimsAtEnd out;
    out.fifty_move = halfmove_clock >= 100;  // 9.3.2 stands at every position of its window
    for (const Finding& f : findings) {
        if (f.rule == Rule::EarlyAgreement) out.early_agreement = true;
        if (f.ply != last_ply) continue;
        if (f.rule == Rule::ThreefoldClaim) out.threefold = true;
        if (f.rule == Rule::FiftyMoveClaim) out.fifty_move = true;  // 9.3.1 at clock 99
    }
    return out;
}

std::optional<int> date_year(std::string_view date) {
    if (date.size() < 4) return std::nullopt;
    if (date.size() > 4 && date[4] != '.' && date[4] != '-' && date[4] != '/') return std::nullopt;
    int year = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const char c = date[i];
        if (c < '0' || c > '9') return std::nullopt;
        year = year * 10 + (c - '0');
    }
    return year;
}

}  // namespace drawaudit::audit
