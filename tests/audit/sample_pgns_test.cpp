// sample_pgns/ is the specification in example form: it must show every rule id and route.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "audit/duplicates.hpp"
#include "audit_test_support.hpp"

namespace drawaudit::audit {
namespace {

namespace fs = std::filesystem;

std::vector<GameReport> audit_samples() {
    std::vector<GameReport> all;
    const fs::path dir = fs::path(DRAWAUDIT_SOURCE_DIR) / "sample_pgns";
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() == ".pgn") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        for (GameReport& g : audit_text(text.str(), {}, file.filename().string())) {
            all.push_back(std::move(g));
        }
    }
    return all;
}

TEST(SamplePgns, ShowEveryRuleIdAndEveryClaimRoute) {
    const std::vector<GameReport> games = audit_samples();
    ASSERT_GT(games.size(), 40u);
    std::set<std::pair<Rule, Route>> seen;
    DuplicateIndex duplicates;  // --duplicates: the run compares the games in input order
    for (GameReport g : games) {
        duplicates.check(g, 0);
        for (const Finding& f : g.findings) seen.insert({f.rule, f.route});
    }
    for (int i = 0; i < RuleCount; ++i) {
        const auto rule = static_cast<Rule>(i);
        if (is_pairing_rule(rule)) continue;  // --trf's: tests/audit/pairings_test.cpp
        if (rule == Rule::ThreefoldClaim || rule == Rule::FiftyMoveClaim) {
            EXPECT_TRUE(seen.count({rule, Route::Appeared})) << rule_id(rule) << " appeared";
            EXPECT_TRUE(seen.count({rule, Route::Declared})) << rule_id(rule) << " declared";
        } else {
            EXPECT_TRUE(seen.count({rule, Route::None})) << rule_id(rule);
        }
    }
}

TEST(SamplePgns, OnlyTheParseErrorSampleIsMalformed) {
    int parse_errors = 0;
    for (const GameReport& g : audit_samples()) {
        for (const Finding& f : g.findings) {
            if (f.rule == Rule::ParseError) {
                ++parse_errors;
                EXPECT_EQ(g.file, "errors.pgn");
            }
        }
    }
    EXPECT_EQ(parse_errors, 1);
}

TEST(SamplePgns, EveryEditionIsUsed) {
    std::set<Laws> editions;
    for (const GameReport& g : audit_samples()) editions.insert(g.laws);
    EXPECT_EQ(editions.size(), 4u);
}

}  // namespace
}  // namespace drawaudit::audit
