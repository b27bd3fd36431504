// The chess-core flags of the shared peer cases (../shared/peer-cases/cases.json, collected from
// other libraries' test suites): every SAN move replays, and legal_ep, key_equals_fen,
// checkmate, stalemate and the material flags agree at every position they name.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chess/material.hpp"
#include "chess/position.hpp"
#include "chess/san.hpp"
#include "shared_corpus.hpp"

namespace drawaudit::chess {
namespace {

struct PeerCase {
    std::string id;
    Position start;
    std::vector<std::string> moves;
    nlohmann::json json;
};

const std::vector<PeerCase>& peer_cases() {
    static const std::vector<PeerCase> cases = [] {
        std::vector<PeerCase> result;
        std::ifstream in(std::string(DRAWAUDIT_SHARED_DIR) + "/peer-cases/cases.json");
        if (!in) return result;
        const nlohmann::json root = nlohmann::json::parse(in);
        for (const nlohmann::json& c : root.at("cases")) {
            const std::string start = c.at("start").get<std::string>();
            auto parsed = Position::from_fen(start == "startpos" ? std::string(StartFen) : start);
            if (!parsed) continue;  // reported by ReplaysEveryCase
            result.push_back({c.at("id").get<std::string>(), parsed->position,
                              c.at("moves_san").get<std::vector<std::string>>(), c});
        }
        return result;
    }();
    return cases;
}

// The positions 0..n of a case (fewer when a move does not replay).
std::vector<Position> replay(const PeerCase& c, std::string* failure = nullptr) {
    std::vector<Position> positions{c.start};
    for (const std::string& san : c.moves) {
        auto move = parse_san(positions.back(), san);
        if (!move) {
            if (failure) *failure = std::string(san_refusal_id(move.error().refusal));
            break;
        }
        Position next = positions.back();
        next.make_move(*move);
        positions.push_back(next);
    }
    return positions;
}

std::optional<bool> flag_at(const Position& pos, const std::string& flag) {
    if (flag == "legal_ep") return pos.has_legal_en_passant();
    if (flag == "checkmate") return pos.is_checkmate();
    if (flag == "stalemate") return pos.is_stalemate();
    if (flag == "insufficient_material") return is_insufficient_material(pos);
    if (flag == "insufficient_white") return !can_checkmate(pos, Color::White);
    if (flag == "insufficient_black") return !can_checkmate(pos, Color::Black);
    return std::nullopt;
}

TEST(PeerCases, FileIsPresent) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    EXPECT_FALSE(peer_cases().empty());
}

TEST(PeerCases, EveryMoveOfEveryCaseReplays) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    for (const PeerCase& c : peer_cases()) {
        std::string failure;
        const auto positions = replay(c, &failure);
        EXPECT_EQ(positions.size(), c.moves.size() + 1) << c.id << ": " << failure;
    }
}

TEST(PeerCases, SpotCheckedCoreFlagsAgree) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    int checked = 0;
    for (const PeerCase& c : peer_cases()) {
        if (!c.json.contains("at")) continue;
        const auto positions = replay(c);
        for (const nlohmann::json& check : c.json.at("at")) {
            const auto ply = check.at("ply").get<std::size_t>();
            if (ply >= positions.size()) continue;
            for (const auto& [flag, value] : check.items()) {
                if (flag == "key_equals_fen") {
                    const auto other = Position::from_fen(value.get<std::string>() + " 0 1");
                    ASSERT_TRUE(other.has_value()) << c.id;
                    EXPECT_EQ(positions[ply].key(), other->position.key())
                        << c.id << " ply " << ply;
                    EXPECT_TRUE(positions[ply].same_position(other->position))
                        << c.id << " ply " << ply;
                    ++checked;
                    continue;
                }
                const auto ours = flag_at(positions[ply], flag);
                if (ours && value.is_boolean()) {
                    ++checked;
                    EXPECT_EQ(*ours, value.get<bool>())
                        << c.id << " ply " << ply << " " << flag << " " << positions[ply].to_fen();
                }
            }
        }
    }
    EXPECT_GT(checked, 100);
}

TEST(PeerCases, ExhaustiveCoreFlagListsAgree) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    for (const PeerCase& c : peer_cases()) {
        if (!c.json.contains("plies")) continue;
        const auto positions = replay(c);
        for (const auto& [flag, plies] : c.json.at("plies").items()) {
            const std::set<std::size_t> expected(plies.begin(), plies.end());
            for (std::size_t ply = 1; ply < positions.size(); ++ply) {
                const auto ours = flag_at(positions[ply], flag);
                if (!ours) break;
                EXPECT_EQ(*ours, expected.count(ply) == 1)
                    << c.id << " ply " << ply << " " << flag << " " << positions[ply].to_fen();
            }
        }
    }
}

}  // namespace
}  // namespace drawaudit::chess
