#include "report/notation.hpp"

#include <algorithm>

namespace drawaudit::report {

namespace {

constexpr std::string_view english_pieces = "KQRBN";
constexpr std::string_view spanish_pieces = "RDTAC";  // rey, dama, torre, alfil, caballo

// `move` with each piece letter of `from` written as the letter at its place in `to`. A piece
// letter stands first in a SAN token (after the move number's space or dot) or right after '='
// (promotion); an upper-case letter elsewhere is part of no SAN ("O-O" has no piece).
std::string with_piece_letters(std::string_view move, std::string_view from, std::string_view to) {
    std::string out(move);
    for (std::size_t i = 0; i < out.size(); ++i) {
        const bool token_start = i == 0 || out[i - 1] == ' ' || out[i - 1] == '.';
        const bool promotion = i > 0 && out[i - 1] == '=';
        if (!token_start && !promotion) continue;
        if (const auto at = from.find(out[i]); at != std::string_view::npos) out[i] = to[at];
    }
    return out;
}

}  // namespace

std::string move_for(Lang lang, std::string_view move) {
    if (lang == Lang::En) return std::string(move);
    return with_piece_letters(move, english_pieces, spanish_pieces);
}

std::string english_move(Lang lang, std::string_view move) {
    if (lang == Lang::En) return std::string(move);
    return with_piece_letters(move, spanish_pieces, english_pieces);
}

bool is_black_move(std::string_view move) {
    return move.find("...") != std::string_view::npos;
}

std::optional<std::string> destination_square(std::string_view move, bool black_to_move) {
    // Drop the move number ("36." / "35...") if present.
    if (const auto space = move.rfind(' '); space != std::string_view::npos) {
        black_to_move = is_black_move(move.substr(0, space));
        move.remove_prefix(space + 1);
    }
    while (!move.empty() && std::string_view("+#!?").find(move.back()) != std::string_view::npos) {
        move.remove_suffix(1);
    }
    if (move == "O-O" || move == "0-0") return std::string(black_to_move ? "g8" : "g1");
    if (move == "O-O-O" || move == "0-0-0") return std::string(black_to_move ? "c8" : "c1");
    // Promotion: "e8=Q" or "e8Q".
    if (const auto eq = move.find('='); eq != std::string_view::npos) move = move.substr(0, eq);
    if (!move.empty() && std::string_view("QRBN").find(move.back()) != std::string_view::npos &&
        move.size() >= 3) {
        move.remove_suffix(1);
    }
    if (move.size() < 2) return std::nullopt;
    const char file = move[move.size() - 2], rank = move[move.size() - 1];
    if (file < 'a' || file > 'h' || rank < '1' || rank > '8') return std::nullopt;
    return std::string{file, rank};
}

std::string earlier_occurrences(const audit::Finding& finding, Lang lang) {
    std::string out;
    const bool indexed = finding.occurrences.size() == finding.occurrence_moves.size();
    for (std::size_t i = 0; i < finding.occurrence_moves.size(); ++i) {
        if (indexed && finding.occurrences[i] == finding.ply) continue;  // the position itself
        if (!out.empty()) out += ", ";
        const std::string& move = finding.occurrence_moves[i];
        if (move == "start" || move.empty()) {
            out += text(Msg::StartPosition, lang);
        } else {
            out += say(lang, Msg::AfterMove, move_for(lang, move));
        }
    }
    return out;
}

namespace {

bool has_finding(const audit::GameReport& report, audit::Rule rule) {
    return std::any_of(report.findings.begin(), report.findings.end(),
                       [&](const audit::Finding& f) { return f.rule == rule; });
}

bool claim_at_end(const audit::GameReport& report) {
    return std::any_of(
        report.findings.begin(), report.findings.end(), [&](const audit::Finding& f) {
            const bool claim =
                f.rule == audit::Rule::ThreefoldClaim || f.rule == audit::Rule::FiftyMoveClaim;
            if (!claim) return false;
            if (f.ply == report.plies) return true;
            return f.until_ply &&
                   *f.until_ply == report.plies;  // a fifty-move window open at the end
        });
}

}  // namespace

Verdict judge_result(const audit::GameReport& report, Lang lang) {
    const std::string recorded =
        report.result.empty() ? std::string(text(Msg::VerdictMissing, lang)) : report.result;
    Verdict verdict;
    std::string& out = verdict.text;
    out = say(lang, Msg::VerdictPrefix, recorded);
    // A record broken after an automatic end (an illegal move after mate) can still be judged.
    if (report.error && report.expected_result.empty()) {
        out += text(Msg::VerdictNotJudged, lang);
        return verdict;
    }
    if (has_finding(report, audit::Rule::ResultMismatch) &&
        !has_finding(report, audit::Rule::ResultConflict)) {
        out += text(Msg::VerdictMismatch, lang);
        if (!report.movetext_result.empty())
            out += say(lang, Msg::VerdictMarker, report.movetext_result);
        out += text(Msg::Period, lang);
        verdict.kind = VerdictKind::Inconsistent;
        return verdict;
    }
    if (has_finding(report, audit::Rule::ResultConflict)) {
        out += text(Msg::VerdictConflict, lang);
        // The 5.1.2 check gives a result only in its finding (the game record has none).
        std::string expected = report.expected_result;
        for (const audit::Finding& f : report.findings) {
            if (expected.empty() && f.rule == audit::Rule::ResultConflict) expected = f.expected;
        }
        if (!expected.empty()) out += say(lang, Msg::VerdictRulesGive, expected);
        out += text(Msg::Period, lang);
        verdict.kind = VerdictKind::Inconsistent;
        return verdict;
    }
    if (has_finding(report, audit::Rule::EarlyAgreement)) {
        out += text(Msg::VerdictEarly, lang);
        return verdict;
    }
    verdict.kind = VerdictKind::Consistent;
    if (!report.expected_result.empty()) {
        out += say(lang, Msg::VerdictConsistentGives, report.expected_result);
        if (report.termination != audit::Termination::None) {
            // English names the termination by its id, as the JSON Lines record does.
            out += say(lang, Msg::VerdictBy,
                       lang == Lang::En ? audit::termination_name(report.termination)
                                        : termination_reason(report.termination, lang));
        }
        out += text(Msg::VerdictClose, lang);
        return verdict;
    }
    if (report.result == "1/2-1/2") {
        out += text(claim_at_end(report) ? Msg::VerdictClaimAtEnd : Msg::VerdictAgreed, lang);
        return verdict;
    }
    if (report.result == "*" || report.result.empty()) {
        out += text(Msg::VerdictNoResult, lang);
        verdict.kind = VerdictKind::Neutral;
        return verdict;
    }
    out += text(Msg::VerdictNoOwnResult, lang);
    return verdict;
}

std::string result_verdict(const audit::GameReport& report, Lang lang) {
    return judge_result(report, lang).text;
}

std::string_view laws_label(audit::Laws laws, Lang lang) {
    switch (laws) {
        case audit::Laws::Laws1997:
            return text(Msg::LawsBefore2014, lang);
        case audit::Laws::Laws2014:
            return text(Msg::Laws2014, lang);
        case audit::Laws::Laws2017:
            return text(Msg::Laws2017, lang);
        case audit::Laws::Laws2023:
            return text(Msg::Laws2023, lang);
    }
    return "Laws";
}

void StableHash::add(std::string_view bytes) {
    for (const char c : bytes) {
        state_ ^= static_cast<unsigned char>(c);
        state_ *= 0x100000001b3ULL;
    }
}

std::string_view known_tag(std::string_view value) {
    if (value == "?" || value == "-" || value == "????.??.??" || value == "??") return {};
    return value;
}

}  // namespace drawaudit::report
