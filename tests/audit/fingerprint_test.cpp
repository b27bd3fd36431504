// RULES.md "Fingerprints and baselines" and "Duplicate games": stable fingerprints, occurrence
// numbers, duplicate keys, and the UTF-16 columns of SARIF.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "audit/auditor.hpp"
#include "audit/columns.hpp"
#include "audit/duplicates.hpp"
#include "audit/fingerprint.hpp"

namespace drawaudit::audit {
namespace {

const std::string knights_game =
    "[Event \"Club\"]\n[Site \"Town\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
    "[White \"Anna\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n\n";
const std::string other_game =
    "[Event \"Other\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n\n"
    "{Très bien joué, «vraiment»} 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";

std::vector<std::uint64_t> fingerprints(const std::string& pgn, std::size_t game,
                                        const std::string& file = "a.pgn") {
    const auto games = audit_text(pgn, {}, file);
    std::vector<std::uint64_t> out;
    for (const Finding& f : games.at(game).findings) out.push_back(f.fingerprint);
    return out;
}

TEST(Fingerprint, HashesAreTheOnesOfTheirDefinition) {
    Fnv1a64 h64;
    h64.add("a");
    EXPECT_EQ(h64.value(), 0xaf63dc4c8601ec8cULL);  // the published FNV-1a 64 of "a"
    // StableHash128 is this file's own: its values are pinned, as every fingerprint depends on
    // them (a change here is a new format: drawauditFinding/v3 and new baselines).
    StableHash128 empty, abc;
    abc.add("abc");
    EXPECT_EQ(empty.value(),
              (std::array<std::uint64_t, 2>{0xedac9fc1559e3910ULL, 0xb29cf34b5ccea7aeULL}));
    EXPECT_EQ(abc.value(),
              (std::array<std::uint64_t, 2>{0x4b0a8fa61a79f258ULL, 0x2017b3cf5a78de25ULL}));
    EXPECT_NE(abc.value(), empty.value());
}

TEST(Fingerprint, WordAtATimeHashingEqualsHashingByteByByte) {
    const std::string text = "[Event \"x\"]\x1f\x01\x80\xff 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4";
    StableHash128 by_byte;
    for (const char c : text) by_byte.add_byte(static_cast<std::uint8_t>(c));
    // Every split of the text into a prefix byte by byte, then pieces of every length.
    for (std::size_t prefix = 0; prefix < 9; ++prefix)
        for (std::size_t piece = 1; piece < 20; ++piece) {
            StableHash128 h;
            for (std::size_t i = 0; i < prefix; ++i) h.add_byte(static_cast<std::uint8_t>(text[i]));
            for (std::size_t at = prefix; at < text.size(); at += piece)
                h.add(std::string_view(text).substr(at, piece));
            EXPECT_EQ(h.value(), by_byte.value()) << "prefix " << prefix << ", piece " << piece;
        }
}

TEST(Fingerprint, GameTextHashIsPinnedAndSeesEveryByte) {
    // Values written by the parts of earlier versions (merge compares them with the inputs):
    // 135 and 146 bytes go through the four-word rounds, the word loop and the tail.
    const std::string text =
        "[Event \"Club\"]\n[White \"Anna\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 "
        "Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 6. Nc3 Nc6 7. Nb1 Nb8 1/2-1/2";
    ASSERT_EQ(text.size(), 146u);
    EXPECT_EQ(fingerprint_hex(game_text_hash(text)), fingerprint_hex(0x00798cee733021fdULL));
    const std::string game_of_135 = text.substr(0, 128) + "1/2-1/2";
    EXPECT_EQ(fingerprint_hex(game_text_hash(game_of_135)), fingerprint_hex(0x563c80e7b843c660ULL));
    for (std::size_t at = 0; at < text.size(); ++at) {
        std::string changed = text;
        changed[at] ^= 1;
        EXPECT_NE(game_text_hash(changed), game_text_hash(text)) << "byte " << at;
    }
}

TEST(Fingerprint, FingerprintsOfAKnownGameArePinned) {
    EXPECT_EQ(fingerprints(knights_game, 0),
              (std::vector<std::uint64_t>{0x749f8dc13a03bad1ULL, 0xad94ac89253d5c8cULL,
                                          0x945a4a2d9abe4e2eULL}));
}

TEST(Fingerprint, AGameMovedToAnotherFileAndPlaceKeepsItsFingerprints) {
    const auto alone = fingerprints(knights_game, 0, "a.pgn");
    ASSERT_FALSE(alone.empty());
    const auto moved =
        fingerprints(other_game + other_game + "\n\n" + knights_game, 2, "archive/2024/b.pgn");
    EXPECT_EQ(alone, moved);
}

TEST(Fingerprint, OneChangedMoveChangesThem) {
    std::string changed = knights_game;
    changed.replace(changed.find("3. Nf3 Nf6"), 10, "3. Nh3 Nf6");  // the claim stays at ply 8
    const auto before = fingerprints(knights_game, 0);
    const auto after = fingerprints(changed, 0);
    ASSERT_FALSE(after.empty());
    for (const std::uint64_t f : after)
        EXPECT_EQ(std::count(before.begin(), before.end(), f), 0) << std::hex << f;
}

TEST(Fingerprint, ATagOfTheIdentityChangesThem) {
    std::string other_site = knights_game;
    other_site.replace(other_site.find("Town"), 4, "City");
    EXPECT_NE(fingerprints(knights_game, 0), fingerprints(other_site, 0));
}

TEST(Fingerprint, SameGameSpelledDifferentlyIsTheSameGame) {
    std::string spelled = knights_game;
    spelled.replace(spelled.find("2. Ng1"), 6, "2. Nfg1");
    EXPECT_EQ(fingerprints(knights_game, 0), fingerprints(spelled, 0));
}

TEST(Fingerprint, RuleRoutePlyAndOccurrenceEachCount) {
    const std::uint64_t base = finding_fingerprint(42, 0, Rule::ThreefoldClaim, Route::Appeared, 8);
    EXPECT_NE(base, finding_fingerprint(42, 1, Rule::ThreefoldClaim, Route::Appeared, 8));
    EXPECT_NE(base, finding_fingerprint(42, 0, Rule::FiftyMoveClaim, Route::Appeared, 8));
    EXPECT_NE(base, finding_fingerprint(42, 0, Rule::ThreefoldClaim, Route::Declared, 8));
    EXPECT_NE(base, finding_fingerprint(42, 0, Rule::ThreefoldClaim, Route::Appeared, 9));
    EXPECT_NE(base, finding_fingerprint(43, 0, Rule::ThreefoldClaim, Route::Appeared, 8));
}

TEST(Fingerprint, HexIsPrintfsLowercaseHexOfEveryValue) {
    std::uint64_t value = 0x9a9a9a9a09af90faULL;  // every digit next to the 9/a edge
    for (int i = 0; i < 2000; ++i) {
        const auto hex = fingerprint_hex(value);
        char expected[17];
        std::snprintf(expected, sizeof expected, "%016llx", static_cast<unsigned long long>(value));
        EXPECT_EQ(std::string(hex.data(), hex.size()), expected);
        value = value * 6364136223846793005ULL + 1442695040888963407ULL;
    }
    for (const std::uint64_t edge : {0ULL, ~0ULL, 0xa000000000000009ULL})
        EXPECT_EQ(parse_fingerprint(std::string_view(fingerprint_hex(edge).data(), 16)), edge);
}

TEST(Fingerprint, HexRoundTrips) {
    const auto hex = fingerprint_hex(0x0123456789abcdefULL);
    EXPECT_EQ(std::string(hex.data(), hex.size()), "0123456789abcdef");
    EXPECT_EQ(parse_fingerprint("0123456789abcdef"), 0x0123456789abcdefULL);
    EXPECT_FALSE(parse_fingerprint("0123456789abcde"));
    EXPECT_FALSE(parse_fingerprint("0123456789abcdeg"));
}

TEST(Occurrences, CountEarlierGamesOfTheSameIdentity) {
    OccurrenceCounter counter;
    const std::uint64_t seven = 0x7000000000000000ULL, eight = 0x8000000000000000ULL;
    EXPECT_EQ(counter.next(seven), 0u);
    EXPECT_EQ(counter.next(eight), 0u);
    EXPECT_EQ(counter.next(seven), 1u);
    EXPECT_EQ(counter.next(0), 0u);
    EXPECT_EQ(counter.next(0), 1u);
    for (std::uint64_t i = 100; i < 20000; ++i) {
        ASSERT_EQ(counter.next(i * 0x9e3779b97f4a7c15ULL), 0u);
    }
    EXPECT_EQ(counter.next(seven), 2u);  // kept across the table's growth
}

TEST(Occurrences, GoOnPastTheSlotsCount) {
    OccurrenceCounter counter;
    for (std::uint32_t i = 0; i < 600; ++i) ASSERT_EQ(counter.next(0x1234567812345678ULL), i);
}

TEST(Duplicates, NamesAreComparedIgnoringCaseAndRunsOfSpaces) {
    std::string out;
    normalise_name("  Carlsen,   MAGNUS\t", out);
    EXPECT_EQ(out, "carlsen, magnus");
}

std::vector<GameReport> checked(const std::string& pgn) {
    AuditOptions options;
    options.duplicate_keys = true;  // as --duplicates asks
    auto games = audit_text(pgn, options, "c.pgn");
    DuplicateIndex index;
    for (GameReport& game : games) index.check(game, 0);
    return games;
}

TEST(Duplicates, TheSecondRecordIsADuplicateGameNamingTheFirst) {
    std::string again = knights_game;
    again.replace(again.find("Anna"), 4, "  ANNA ");
    again.replace(again.find("Club"), 4, "Another event");  // not part of the comparison
    const auto games = checked(knights_game + other_game + again);
    ASSERT_EQ(games.size(), 3u);
    EXPECT_TRUE(games[0].findings.empty() || games[0].findings[0].rule != Rule::DuplicateGame);
    const Finding& f = games[2].findings.at(0);
    EXPECT_EQ(f.rule, Rule::DuplicateGame);
    EXPECT_EQ(f.severity, Severity::Info);
    EXPECT_EQ(f.duplicate_file, "c.pgn");
    EXPECT_EQ(f.duplicate_game, 1u);
    EXPECT_NE(f.fingerprint, 0u);
}

TEST(Duplicates, AnotherResultIsAConflict) {
    std::string again = knights_game;
    again.replace(again.find("[Result \"1/2-1/2\"]"), 18, "[Result \"1-0\"]");
    const auto games = checked(knights_game + again);
    const Finding& f = games[1].findings.at(0);
    EXPECT_EQ(f.rule, Rule::DuplicateConflict);
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.args.earlier_result, "1/2-1/2");
    EXPECT_EQ(f.recorded, "1-0");
}

TEST(Duplicates, OtherMovesOrPlayersAreOtherGames) {
    std::string moves = knights_game, players = knights_game;
    moves.replace(moves.find("3. Nf3"), 6, "3. Nh3");
    players.replace(players.find("Bob"), 3, "Rob");
    for (const auto& game : checked(knights_game + moves + players)) {
        for (const Finding& f : game.findings) EXPECT_NE(f.rule, Rule::DuplicateGame);
    }
}

TEST(Columns, SarifColumnsCountUtf16CodeUnits) {
    const auto games = audit_text(other_game, {}, "a.pgn");
    const Finding& mate = games.at(0).findings.at(0);
    ASSERT_EQ(mate.rule, Rule::Checkmate);
    const std::string line = "{Très bien joué, «vraiment»} 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. ";
    EXPECT_EQ(mate.column, line.size() + 1);
    EXPECT_EQ(mate.column_utf16, line.size() + 1 - 4);  // four characters of two bytes
}

// The ASCII run before the first other byte is counted a word at a time: a character beyond
// U+FFFF after it (four bytes, two UTF-16 units) and a word's tail must count as before.
TEST(Columns, SarifColumnsCountAstralCharactersAfterLongAsciiRuns) {
    const std::string line =
        "{[%clk 0:03:00] a long ASCII comment \xF0\x9F\x98\x80 then \xC3\xA9} 1. e4 e5 2. Qh5 Nc6 "
        "3. Bc4 Nf6 4. ";
    const auto games =
        audit_text("[Event \"Other\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n\n" + line +
                       "Qxf7# 1-0\n\n",
                   {}, "a.pgn");
    const Finding& mate = games.at(0).findings.at(0);
    ASSERT_EQ(mate.rule, Rule::Checkmate);
    EXPECT_EQ(mate.column, line.size() + 1);
    // The emoji's four bytes are two units, the e-acute's two bytes one.
    EXPECT_EQ(mate.column_utf16, line.size() + 1 - 2 - 1);
}

}  // namespace
}  // namespace drawaudit::audit
