// The peer cases of ../shared/peer-cases/cases.json (other libraries' test suites and real games)
// replayed through the audit. Flags map onto RULES.md as peer-cases/README.md says; where a case
// and RULES.md disagree, RULES.md wins and the disagreement is listed (kind and reason below).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "audit_test_support.hpp"
#include "chess/material.hpp"
#include "chess/san.hpp"
#include "chess/unwinnable.hpp"
#include "shared_corpus.hpp"

namespace drawaudit::audit {
namespace {

using nlohmann::json;

const json& peer_cases() {
    static const json cases = [] {
        std::ifstream in(std::string(DRAWAUDIT_SHARED_DIR) + "/peer-cases/cases.json");
        if (!in) return json::object();
        return json::parse(in);
    }();
    return cases;
}

std::size_t case_count() {
    const json& all = peer_cases();
    return all.contains("cases") ? all["cases"].size() : 0;
}

// No flag is skipped by name any more; a flag the bounded analysis cannot decide (see check())
// is counted as skipped under its own name.
const std::set<std::string> SkippedFlags = {};

// The unwinnability verdict of the full analysis, or nullopt when its budget ran out.
std::optional<bool> proved_unwinnable(const chess::Position& pos, chess::Color side) {
    const chess::WinnabilityResult r =
        chess::analyse_winnability(pos, side, {chess::AnalysisMode::Full, 300'000});
    if (r.verdict == chess::Winnability::Undetermined) return std::nullopt;
    return r.verdict == chess::Winnability::Unwinnable;
}

// Where RULES.md reads a case differently from the library that produced it.
enum class Disagreement {
    // RULES.md: "No claim is reported at a position where the game has already ended." The
    // libraries still answer "may claim" at the position of a fivefold or 75-move ending.
    ClaimAtEndedPosition,
    // RULES.md follows fifty_ahead_fide (9.3.1 needs only a non-pawn, non-capture move, even a
    // mating one); python-chess's fifty_claim refuses a declared move that ends the game.
    NarrowerFiftyClaim,
    // RULES.md: seventy-five-move holds at clock 150 "unless position k is checkmate"; a
    // stalemate on that move is both stalemate and seventy-five-move (each that holds is
    // reported). python-chess answers false for a stalemate.
    SeventyFiveWithStalemate,
};

std::string_view disagreement_reason(Disagreement d) {
    switch (d) {
        case Disagreement::ClaimAtEndedPosition:
            return "no claim at a position where the game has already ended (RULES.md, Claims)";
        case Disagreement::NarrowerFiftyClaim:
            return "9.3.1 declared route allows any non-pawn non-capture move (RULES.md follows "
                   "fifty_ahead_fide, not python-chess's fifty_claim)";
        case Disagreement::SeventyFiveWithStalemate:
            return "a stalemate at clock 150 is also a seventy-five-move draw (RULES.md: each "
                   "ending that holds is reported; only mate prevails)";
    }
    return "";
}

struct CaseOutcome {
    int flags_checked = 0;
    std::map<std::string, int> skipped;
    std::vector<std::string> mismatches;     // failures
    std::vector<std::string> disagreements;  // RULES.md wins; explained
    bool replayed = true;
};

// What the audit (and, for key facts, the chess core) says about one position.
struct Facts {
    bool appeared = false, declared = false, fifty_declared = false, fifty_appeared = false;
    bool fivefold = false, seventy_five = false, checkmate = false, stalemate = false, dead = false;
};

class CaseChecker {
  public:
    explicit CaseChecker(const json& c) : case_(c) {}

    CaseOutcome run() {
        if (!replay()) {
            out_.replayed = false;
            out_.mismatches.push_back("the moves could not be replayed by the chess core");
            return out_;
        }
        AuditOptions options;
        options.laws = Laws::Laws2023;  // the cases answer by the 2023 Laws (schema)
        report_ = testing::audit_one(pgn(), options);
        collect_facts();
        if (case_.contains("at")) {
            for (const json& spot : case_["at"]) {
                const int k = spot["ply"].get<int>();
                for (auto it = spot.begin(); it != spot.end(); ++it) {
                    if (it.key() != "ply") check(it.key(), k, it.value());
                }
            }
        }
        if (case_.contains("plies")) {
            const int n = static_cast<int>(case_["moves_san"].size());
            for (auto it = case_["plies"].begin(); it != case_["plies"].end(); ++it) {
                std::set<int> on;
                for (const json& p : it.value()) on.insert(p.get<int>());
                for (int k = 1; k <= n; ++k) check(it.key(), k, json(on.count(k) > 0));
            }
        }
        if (case_.contains("game")) check_game(case_["game"]);
        return out_;
    }

  private:
    bool replay() {
        const std::string start = case_["start"].get<std::string>();
        if (start == "startpos") {
            positions_.push_back(chess::Position::startpos());
        } else {
            auto parsed = chess::Position::from_fen(start);
            if (!parsed) return false;
            positions_.push_back(parsed->position);
        }
        for (const json& san : case_["moves_san"]) {
            const chess::Position& before = positions_.back();
            auto m = chess::parse_san(before, san.get<std::string>());
            if (!m) return false;
            numbered_ += (before.side_to_move() == chess::Color::White || positions_.size() == 1)
                             ? std::to_string(before.fullmove_number()) +
                                   (before.side_to_move() == chess::Color::White ? ". " : "... ")
                             : std::string{};
            numbered_ += san.get<std::string>() + " ";
            chess::Position next = before;
            next.make_move(*m);
            positions_.push_back(next);
        }
        return true;
    }

    std::string pgn() const {
        std::string text = "[Event \"" + case_["id"].get<std::string>() + "\"]\n";
        std::string result = "*";
        if (case_.contains("game")) result = case_["game"]["recorded_result"].get<std::string>();
        text += "[Result \"" + result + "\"]\n";
        const std::string start = case_["start"].get<std::string>();
        if (start != "startpos") text += "[SetUp \"1\"]\n[FEN \"" + start + "\"]\n";
        text += "\n" + numbered_ + result + "\n";
        return text;
    }

    void collect_facts() {
        facts_.assign(positions_.size(), Facts{});
        auto at = [&](int k) -> Facts* {
            return k >= 0 && k < static_cast<int>(facts_.size())
                       ? &facts_[static_cast<std::size_t>(k)]
                       : nullptr;
        };
        for (const Finding& f : report_.findings) {
            Facts* facts = at(f.ply);
            if (!facts) continue;
            switch (f.rule) {
                case Rule::ThreefoldClaim:
                    (f.route == Route::Appeared ? facts->appeared : facts->declared) = true;
                    break;
                case Rule::FiftyMoveClaim:
                    if (f.route == Route::Declared) {
                        facts->fifty_declared = true;
                    } else {
                        // Reported once per side and window: available at every position of
                        // the window where that side has the move, except the position where
                        // the game ended (the window's last one; no claim stands there).
                        const int last = f.until_ply.value_or(f.ply);
                        const bool ends_there = report_.end_ply && *report_.end_ply == last;
                        for (int k = f.ply; k <= (ends_there ? last - 1 : last); ++k) {
                            const chess::Color mover =
                                positions_[static_cast<std::size_t>(k)].side_to_move();
                            if ((mover == chess::Color::White) == (f.side == Side::White)) {
                                at(k)->fifty_appeared = true;
                            }
                        }
                    }
                    break;
                case Rule::FivefoldDraw:
                    facts->fivefold = true;
                    break;
                case Rule::SeventyFiveMoveDraw:
                    facts->seventy_five = true;
                    break;
                case Rule::Checkmate:
                    facts->checkmate = true;
                    break;
                case Rule::Stalemate:
                    facts->stalemate = true;
                    break;
                case Rule::DeadPosition:
                    facts->dead = true;
                    break;
                default:
                    break;
            }
        }
    }

    int end() const {
        return report_.end_ply ? *report_.end_ply : static_cast<int>(positions_.size()) - 1;
    }

    void note(bool agree, const std::string& flag, int k, const json& expected, bool ours,
              std::optional<Disagreement> why_if_not = std::nullopt) {
        ++out_.flags_checked;
        if (agree) return;
        std::ostringstream line;
        line << case_["id"].get<std::string>() << " ply " << k << " " << flag << ": case says "
             << expected.dump() << ", drawaudit " << (ours ? "true" : "false");
        if (why_if_not) {
            line << " -- " << disagreement_reason(*why_if_not);
            out_.disagreements.push_back(line.str());
        } else {
            out_.mismatches.push_back(line.str());
        }
    }

    void check(const std::string& flag, int k, const json& expected) {
        if (SkippedFlags.count(flag)) {
            ++out_.skipped[flag];
            return;
        }
        // drawaudit stops at the first automatic ending: later positions do not compare.
        if (k > end() || k >= static_cast<int>(positions_.size())) return;
        const chess::Position& pos = positions_[static_cast<std::size_t>(k)];
        const Facts& f = facts_[static_cast<std::size_t>(k)];
        const bool ended_here = report_.end_ply && *report_.end_ply == k;

        if (flag == "winnable") {  // "WB", "W-", "-B", "--": who can still checkmate
            const std::string label = expected.get<std::string>();
            for (int i = 0; i < 2; ++i) {
                const auto ours =
                    proved_unwinnable(pos, i == 0 ? chess::Color::White : chess::Color::Black);
                if (!ours) {
                    ++out_.skipped[flag];
                    continue;
                }
                const bool can_win = label.size() == 2 && label[static_cast<std::size_t>(i)] != '-';
                note(*ours != can_win, flag, k, expected, !*ours);
            }
            return;
        }
        if (flag == "legal_ep") {
            note(pos.has_legal_en_passant() == expected.get<bool>(), flag, k, expected,
                 pos.has_legal_en_passant());
            return;
        }
        if (flag == "key_equals_fen") {
            const bool ours = pos.to_position_fen() == expected.get<std::string>();
            note(ours, flag, k, expected, ours);
            return;
        }
        const bool want = expected.get<bool>();
        auto compare = [&](bool ours, std::optional<Disagreement> why = std::nullopt) {
            note(ours == want, flag, k, expected, ours, ours == want ? std::nullopt : why);
        };
        const std::optional<Disagreement> ended =
            ended_here ? std::optional(Disagreement::ClaimAtEndedPosition) : std::nullopt;
        if (flag == "threefold_on_board") return compare(f.appeared, ended);
        if (flag == "threefold_claim") return compare(f.appeared || f.declared, ended);
        if (flag == "fifty_on_board") return compare(f.fifty_appeared, ended);
        if (flag == "fifty_ahead_fide") return compare(f.fifty_declared, ended);
        if (flag == "fifty_claim") {
            const bool ours = f.fifty_appeared || f.fifty_declared;
            std::optional<Disagreement> why = ended;
            if (ours && !want && f.fifty_declared) why = Disagreement::NarrowerFiftyClaim;
            return compare(ours, why);
        }
        if (flag == "fivefold") return compare(f.fivefold);
        if (flag == "seventy_five_auto") {
            return compare(f.seventy_five,
                           f.stalemate && f.seventy_five
                               ? std::optional(Disagreement::SeventyFiveWithStalemate)
                               : std::nullopt);
        }
        if (flag == "checkmate") return compare(f.checkmate);
        if (flag == "stalemate") return compare(f.stalemate);
        if (flag == "insufficient_material") return compare(chess::is_insufficient_material(pos));
        // The audit's dead position uses the quick proofs only: a dead position they cannot
        // close is not a mismatch (incomplete, not wrong), a dead position they claim is.
        if (flag == "dead_position") {
            if (!f.dead && want) {
                ++out_.skipped[flag];
                return;
            }
            return compare(f.dead);
        }
        if (flag == "unwinnable_white" || flag == "unwinnable_black") {
            const auto ours = proved_unwinnable(
                pos, flag == "unwinnable_white" ? chess::Color::White : chess::Color::Black);
            if (!ours) {
                ++out_.skipped[flag];
                return;
            }
            return compare(*ours);
        }
        if (flag == "insufficient_white")
            return compare(!chess::can_checkmate(pos, chess::Color::White));
        if (flag == "insufficient_black")
            return compare(!chess::can_checkmate(pos, chess::Color::Black));
        if (flag == "game_over") return compare(ended_here);
        out_.mismatches.push_back("unknown flag " + flag);
    }

    void check_game(const json& verdict) {
        const json& first_end = verdict["first_automatic_end"];
        if (first_end.is_null()) {
            note(!report_.end_ply, "first_automatic_end", -1, first_end,
                 report_.end_ply.has_value());
        } else {
            const int ply = first_end["ply"].get<int>();
            const std::string reason = first_end["reason"].get<std::string>();
            const Termination want = reason == "fivefold"       ? Termination::Fivefold
                                     : reason == "seventy-five" ? Termination::SeventyFiveMove
                                     : reason == "checkmate"    ? Termination::Checkmate
                                     : reason == "stalemate"    ? Termination::Stalemate
                                                                : Termination::DeadPosition;
            const bool agree = report_.end_ply == ply && report_.termination == want;
            note(agree, "first_automatic_end", ply, first_end, agree);
        }
        const std::string by_rules = verdict["result_by_rules"].is_null()
                                         ? ""
                                         : verdict["result_by_rules"].get<std::string>();
        note(report_.expected_result == by_rules, "result_by_rules", -1, verdict["result_by_rules"],
             report_.expected_result == by_rules);
        const bool conflict = !testing::findings_of(report_, Rule::ResultConflict).empty();
        note(conflict == verdict["result_conflict"].get<bool>(), "result_conflict", -1,
             verdict["result_conflict"], conflict);
        const bool after = !testing::findings_of(report_, Rule::MovesAfterEnd).empty();
        note(after == verdict["played_after_end"].get<bool>(), "played_after_end", -1,
             verdict["played_after_end"], after);
    }

    const json& case_;
    std::vector<chess::Position> positions_;
    std::string numbered_;
    GameReport report_;
    std::vector<Facts> facts_;
    CaseOutcome out_;
};

class PeerCase : public ::testing::TestWithParam<std::size_t> {};

TEST_P(PeerCase, AgreesWithRulesMd) {
    const json& c = peer_cases()["cases"][GetParam()];
    SCOPED_TRACE(c["id"].get<std::string>());
    const CaseOutcome out = CaseChecker(c).run();
    for (const std::string& m : out.mismatches) ADD_FAILURE() << m;
    for (const std::string& d : out.disagreements) std::cout << "[RULES.md wins] " << d << "\n";
    RecordProperty("flags_checked", out.flags_checked);
}

// Without ../shared there are no cases to instantiate (FileIsPresentWith146Cases says so).
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(PeerCase);
INSTANTIATE_TEST_SUITE_P(Cases, PeerCase, ::testing::Range<std::size_t>(0, case_count()),
                         [](const ::testing::TestParamInfo<std::size_t>& info) {
                             std::string name = peer_cases()["cases"][info.param]["id"];
                             for (char& ch : name) {
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             }
                             return std::to_string(info.param) + "_" + name;
                         });

TEST(PeerCases, FileIsPresentWith146Cases) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    ASSERT_EQ(case_count(), 146u) << "peer-cases/cases.json not found under " DRAWAUDIT_SHARED_DIR;
}

// The totals: cases passed, flags checked, flags skipped (by name), disagreements.
TEST(PeerCases, SummaryNamesSkippedFlagsAndDisagreements) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    int passed = 0, checked = 0;
    std::map<std::string, int> skipped;
    std::vector<std::string> disagreements;
    for (std::size_t i = 0; i < case_count(); ++i) {
        const CaseOutcome out = CaseChecker(peer_cases()["cases"][i]).run();
        passed += out.mismatches.empty() ? 1 : 0;
        checked += out.flags_checked;
        for (const auto& [flag, n] : out.skipped) skipped[flag] += n;
        disagreements.insert(disagreements.end(), out.disagreements.begin(),
                             out.disagreements.end());
    }
    int skipped_total = 0;
    std::string skipped_text;
    for (const auto& [flag, n] : skipped) {
        skipped_total += n;
        skipped_text += flag + "=" + std::to_string(n) + " ";
    }
    std::cout << "peer cases: " << passed << "/" << case_count() << " passed, " << checked
              << " flags checked, " << skipped_total << " skipped (" << skipped_text
              << "- dead positions the quick proofs cannot close, sides the bounded analysis left "
                 "undetermined), "
              << disagreements.size() << " disagreements where RULES.md wins\n";
    for (const std::string& d : disagreements) std::cout << "  " << d << "\n";
    RecordProperty("cases_passed", passed);
    RecordProperty("flags_checked", checked);
    RecordProperty("flags_skipped", skipped_total);
    RecordProperty("skipped_flags", skipped_text);
    RecordProperty("disagreements", static_cast<int>(disagreements.size()));
    EXPECT_EQ(passed, static_cast<int>(case_count()));
}

// real-seventyFive-beyond-onischuk_guseinov_2014 was played on 2014.06.20, before 9.6 existed
// (RULES.md "Which Laws": the 1997 text until 2014-06-30). The case's verdict (an automatic end
// at ply 272) is the 2023 reading, which the test above checks with --laws 2023; with the
// default --laws auto and the game's date, RULES.md gives no automatic end at all.
TEST(PeerCases, OnischukGuseinov2014IsNotEndedUnderTheLawsOfItsDate) {
    DRAWAUDIT_REQUIRE_SHARED("peer-cases/cases.json");
    for (std::size_t i = 0; i < case_count(); ++i) {
        const json& c = peer_cases()["cases"][i];
        if (c["id"] != "real-seventyFive-beyond-onischuk_guseinov_2014") continue;
        std::string movetext;
        chess::Position pos = chess::Position::startpos();
        for (const json& san : c["moves_san"]) {
            if (pos.side_to_move() == chess::Color::White) {
                movetext += std::to_string(pos.fullmove_number()) + ". ";
            }
            movetext += san.get<std::string>() + " ";
            auto m = chess::parse_san(pos, san.get<std::string>());
            ASSERT_TRUE(m);
            pos.make_move(*m);
        }
        const GameReport g =
            testing::audit_one(testing::game(movetext + "1/2-1/2", "[Date \"2014.06.20\"]\n"));
        EXPECT_EQ(g.laws, Laws::Laws1997);
        EXPECT_FALSE(g.end_ply);
        EXPECT_TRUE(testing::findings_of(g, Rule::MovesAfterEnd).empty());
        return;
    }
    FAIL() << "case not found";
}

}  // namespace
}  // namespace drawaudit::audit
