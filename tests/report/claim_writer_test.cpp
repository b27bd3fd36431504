// `drawaudit claim` in words (RULES.md "A claim ruled at the board", "Spanish notation"): the
// reading of Spanish moves typed in, and what the text and JSON say of a ruling.
#include "report/claim_writer.hpp"

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::AuditedGame;
using audit::ClaimRequest;

std::unique_ptr<AuditedGame> audited(std::string_view pgn) {
    auto g = std::make_unique<AuditedGame>(audit::AuditOptions{});
    g->audit(pgn, pgn::TextOrigin{"round.pgn"});
    return g;
}

audit::ClaimRuling rule(const AuditedGame& g, int ply) {
    ClaimRequest request;
    request.ply = ply;
    auto ruling = audit::rule_claim(g, request);
    EXPECT_TRUE(ruling.has_value());
    return ruling ? *ruling : audit::ClaimRuling{};
}

constexpr std::string_view kShuffle =
    "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[TimeControl \"300+2\"]\n\n"
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";

TEST(Notation, SpanishMovesTypedInAreReadWithEnglishLetters) {
    EXPECT_EQ(english_move(Lang::Es, "40... Td8"), "40... Rd8");
    EXPECT_EQ(english_move(Lang::Es, "Rf1"), "Kf1");
    EXPECT_EQ(english_move(Lang::Es, "Cxe5+"), "Nxe5+");
    EXPECT_EQ(english_move(Lang::Es, "e8=D"), "e8=Q");
    EXPECT_EQ(english_move(Lang::Es, "Nf3"), "Nf3");  // K Q B N are read as in English
    EXPECT_EQ(english_move(Lang::Es, "0-0"), "0-0");
    EXPECT_EQ(english_move(Lang::En, "Rd8"), "Rd8");
}

TEST(ClaimWriter, TextSaysTheRulingFirstAndDrawsTheClaimedPosition) {
    const auto g = audited(kShuffle);
    const std::string text =
        claim_text({"round.pgn", 1, 1, "A", "B", "", "", ""}, rule(*g, 8), Lang::En);
    EXPECT_EQ(text.rfind("CORRECT: White may claim a draw by threefold repetition (9.2.1.2)\n", 0),
              0u)
        << text;
    EXPECT_NE(text.find("  8  r n b q k b n r\n"), std::string::npos) << text;
    EXPECT_NE(text.find("the start position, after 2... Ng8, after 4... Ng8 (now)"),
              std::string::npos)
        << text;
}

TEST(ClaimWriter, SpanishTextUsesSpanishLettersInMovesAndDiagram) {
    const auto g = audited(kShuffle);
    const std::string text =
        claim_text({"round.pgn", 1, 1, "A", "B", "", "", ""}, rule(*g, 5), Lang::Es);
    EXPECT_EQ(text.rfind("INCORRECTA: Las negras no pueden reclamar", 0), 0u) << text;
    EXPECT_NE(text.find("tras 3. Cf3"), std::string::npos) << text;
    EXPECT_NE(text.find("  1  T C A D R A . T\n"), std::string::npos) << text;
}

TEST(ClaimWriter, JsonNamesTheTimeAddedByTheKindOfPlay) {
    const auto g = audited(kShuffle);
    audit::ClaimRequest request;
    request.ply = 6;
    request.time_control_tag = "300+2";
    const auto ruling = audit::rule_claim(*g, request);
    ASSERT_TRUE(ruling);
    const std::string json = claim_json({"round.pgn", 1, 1, "A", "B", "", "", "300+2"}, *ruling);
    EXPECT_NE(json.find("\"time_control\":\"blitz\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"time_added_seconds\":60"), std::string::npos) << json;
    EXPECT_NE(json.find("\"round\":null"), std::string::npos) << json;
}

TEST(ClaimWriter, InputTextIsEscapedForEachFormat) {
    const auto g = audited(kShuffle);
    const ClaimGame game{"round.pgn", 1, 1, "<b>A\x1b[31m", "B", "", "", ""};
    const std::string html = claim_html(game, rule(*g, 8), Lang::En);
    EXPECT_EQ(html.find("<b>A"), std::string::npos);
    EXPECT_NE(html.find("&lt;b&gt;A"), std::string::npos);
    const std::string text = claim_text(game, rule(*g, 8), Lang::En);
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
}

// Both grounds hold: the fifty-move count is past 100 from the FEN and the start position
// comes back a third time.
constexpr std::string_view kBothGrounds =
    "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[SetUp \"1\"]\n"
    "[FEN \"k7/8/8/8/8/8/8/K6R w - - 100 60\"]\n\n"
    "60. Rh2 Kb8 61. Rh1 Ka8 62. Rh2 Kb8 63. Rh1 Ka8 *\n";

TEST(ClaimWriter, HeadlineNamesBothGroundsWhereBothHold) {
    const auto g = audited(kBothGrounds);
    const auto ruling = rule(*g, 8);
    ASSERT_EQ(ruling.threefold.verdict, audit::ClaimVerdict::Correct);
    ASSERT_EQ(ruling.fifty.verdict, audit::ClaimVerdict::Correct);
    const ClaimGame game{"round.pgn", 1, 1, "A", "B", "", "", ""};
    EXPECT_EQ(claim_text(game, ruling, Lang::En)
                  .rfind("CORRECT: White may claim a draw by threefold repetition (9.2.1.2) and by "
                         "the fifty-move rule (9.3.2)\n",
                         0),
              0u);
    EXPECT_EQ(claim_text(game, ruling, Lang::Es)
                  .rfind("CORRECTA: Las blancas pueden reclamar tablas por triple repetición (art. "
                         "9.2.1.2) y por la regla de los 50 movimientos (art. 9.3.2)\n",
                         0),
              0u);
    EXPECT_NE(claim_html(game, ruling, Lang::En).find("and by the fifty-move rule (9.3.2)"),
              std::string::npos);
}

TEST(ClaimWriter, HeadlineNamesOneGroundWhereOnlyOneHolds) {
    const auto g = audited(kShuffle);
    const std::string text =
        claim_text({"round.pgn", 1, 1, "A", "B", "", "", ""}, rule(*g, 8), Lang::En);
    EXPECT_EQ(text.find("and by the fifty-move rule"), std::string::npos) << text;
}

TEST(ClaimWriter, FiftyCountOfOneHalfMoveIsSingularInBothLanguages) {
    const auto g = audited(kShuffle);
    const ClaimGame game{"round.pgn", 1, 1, "A", "B", "", "", ""};
    const std::string en = claim_text(game, rule(*g, 1), Lang::En);
    EXPECT_NE(en.find("  - 1 half-move without a pawn move or capture since the start position: "
                      "one half-move.\n"),
              std::string::npos)
        << en;
    const std::string es = claim_text(game, rule(*g, 1), Lang::Es);
    EXPECT_NE(es.find("  - 1 media jugada sin mover un peón ni capturar desde la posición "
                      "inicial: media jugada.\n"),
              std::string::npos)
        << es;
}

TEST(ClaimWriter, FiftyCountOfOneMovePerPlayerIsSingularInBothLanguages) {
    const auto g = audited(kShuffle);
    const ClaimGame game{"round.pgn", 1, 1, "A", "B", "", "", ""};
    EXPECT_NE(claim_text(game, rule(*g, 2), Lang::En).find(": 1 move by each player.\n"),
              std::string::npos);
    EXPECT_NE(claim_text(game, rule(*g, 3), Lang::En)
                  .find(": 1 move by each player and one half-move.\n"),
              std::string::npos);
    EXPECT_NE(claim_text(game, rule(*g, 2), Lang::Es).find(": 1 jugada de cada jugador.\n"),
              std::string::npos);
    EXPECT_NE(claim_text(game, rule(*g, 4), Lang::Es).find(": 2 jugadas de cada jugador.\n"),
              std::string::npos);
}

TEST(ClaimWriter, ErrorSentencesAreSpanishWithSpanishLettersInRecordedMoves) {
    audit::ClaimError at;
    at.kind = audit::ClaimErrorKind::AtMoveNotRecorded;
    at.given = "3. Cc3";
    at.recorded = "3. Nf3";
    EXPECT_EQ(claim_error_sentence(at, Lang::Es), "--at 3. Cc3: la planilla tiene 3. Cf3 ahí");
    EXPECT_EQ(claim_error_sentence(at, Lang::En), "--at 3. Cc3: the record has 3. Nf3 there");
    audit::ClaimError ambiguous;
    ambiguous.kind = audit::ClaimErrorKind::MoveAmbiguous;
    ambiguous.given = "Cd2";
    ambiguous.candidates = {"Nbd2", "Nfd2"};
    EXPECT_EQ(claim_error_sentence(ambiguous, Lang::Es),
              "--move Cd2 es ambigua [written-move-ambiguous]: puede ser Cbd2, Cfd2");
}

}  // namespace
}  // namespace drawaudit::report
