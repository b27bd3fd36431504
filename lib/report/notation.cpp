#include "report/notation.hpp"

#include <algorithm>

namespace drawaudit::report {

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

std::string earlier_occurrences(const audit::Finding& finding) {
    std::string out;
    const bool indexed = finding.occurrences.size() == finding.occurrence_moves.size();
    for (std::size_t i = 0; i < finding.occurrence_moves.size(); ++i) {
        if (indexed && finding.occurrences[i] == finding.ply) continue;  // the position itself
        if (!out.empty()) out += ", ";
        const std::string& move = finding.occurrence_moves[i];
        if (move == "start" || move.empty()) {
            out += "the start position";
        } else {
            out += "after ";
            out += move;
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

std::string result_verdict(const audit::GameReport& report) {
    const std::string recorded = report.result.empty() ? std::string("missing") : report.result;
    std::string out = "Result " + recorded + ": ";
    // A record broken after an automatic end (an illegal move after mate) can still be judged.
    if (report.error && report.expected_result.empty()) {
        out += "not judged (the game could not be audited to its end).";
        return out;
    }
    if (has_finding(report, audit::Rule::ResultMismatch) &&
        !has_finding(report, audit::Rule::ResultConflict)) {
        out += "does not match the movetext's termination marker";
        if (!report.movetext_result.empty()) out += " (" + report.movetext_result + ")";
        out += ".";
        return out;
    }
    if (has_finding(report, audit::Rule::ResultConflict)) {
        out += "NOT consistent with the rules";
        // The 5.1.2 check gives a result only in its finding (the game record has none).
        std::string expected = report.expected_result;
        for (const audit::Finding& f : report.findings) {
            if (expected.empty() && f.rule == audit::Rule::ResultConflict) expected = f.expected;
        }
        if (!expected.empty()) out += " (the rules give " + expected + ")";
        out += ".";
        return out;
    }
    if (has_finding(report, audit::Rule::EarlyAgreement)) {
        out += "questionable (a draw agreed too early, see above).";
        return out;
    }
    if (!report.expected_result.empty()) {
        out += "consistent (the rules give " + report.expected_result;
        if (report.termination != audit::Termination::None) {
            out += " by ";
            out += audit::termination_name(report.termination);
        }
        out += ").";
        return out;
    }
    if (report.result == "1/2-1/2") {
        out += claim_at_end(report) ? "consistent (a claim was available at the end of the record)."
                                    : "consistent (a draw by agreement; no claim was available at "
                                      "the end of the record).";
        return out;
    }
    if (report.result == "*" || report.result.empty()) {
        out += "no result recorded (the rules give none of their own).";
        return out;
    }
    out += "consistent (the rules give no result of their own).";
    return out;
}

std::string_view laws_label(audit::Laws laws) {
    switch (laws) {
        case audit::Laws::Laws1997:
            return "Laws before 2014-07-01";
        case audit::Laws::Laws2014:
            return "Laws of 2014-07-01";
        case audit::Laws::Laws2017:
            return "Laws of 2017-07-01";
        case audit::Laws::Laws2023:
            return "Laws of 2023-01-01";
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
