// Helpers for the audit tests: run small PGN texts through audit_text and pick findings.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "audit/auditor.hpp"
#include "audit/finding.hpp"

namespace drawaudit::audit::testing {

inline GameReport audit_one(std::string_view pgn, const AuditOptions& options = {}) {
    std::vector<GameReport> games = audit_text(pgn, options);
    EXPECT_EQ(games.size(), 1u) << pgn;
    return games.empty() ? GameReport{} : std::move(games.front());
}

inline std::vector<Finding> findings_of(const GameReport& game, Rule rule,
                                        std::optional<Route> route = std::nullopt) {
    std::vector<Finding> out;
    for (const Finding& f : game.findings) {
        if (f.rule == rule && (!route || f.route == *route)) out.push_back(f);
    }
    return out;
}

inline std::vector<int> plies_of(const GameReport& game, Rule rule,
                                 std::optional<Route> route = std::nullopt) {
    std::vector<int> out;
    for (const Finding& f : findings_of(game, rule, route)) out.push_back(f.ply);
    return out;
}

inline std::optional<Finding> finding_at(const GameReport& game, Rule rule, int ply,
                                         std::optional<Route> route = std::nullopt) {
    for (const Finding& f : findings_of(game, rule, route)) {
        if (f.ply == ply) return f;
    }
    return std::nullopt;
}

// A game from a FEN (SetUp "1"), with optional extra tag lines.
inline std::string fen_game(std::string_view fen, std::string_view movetext,
                            std::string_view extra_tags = "") {
    std::string pgn = "[Event \"test\"]\n[SetUp \"1\"]\n[FEN \"";
    pgn += fen;
    pgn += "\"]\n";
    pgn += extra_tags;
    pgn += "\n";
    pgn += movetext;
    pgn += "\n";
    return pgn;
}

inline std::string game(std::string_view movetext, std::string_view extra_tags = "") {
    std::string pgn = "[Event \"test\"]\n";
    pgn += extra_tags;
    pgn += "\n";
    pgn += movetext;
    pgn += "\n";
    return pgn;
}

}  // namespace drawaudit::audit::testing
