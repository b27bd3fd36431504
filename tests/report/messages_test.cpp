// The message catalog: every entry in every language, and the Spanish sentences of the findings
// rendered from their fields for every rule the sample games produce.
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "audit/auditor.hpp"
#include "audit/duplicates.hpp"
#include "report/messages.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

// Entries that read the same in both languages (symbols, ids, punctuation).
const std::set<Msg> same_in_every_language = {Msg::ErrorTag, Msg::VerdictMarker, Msg::VerdictClose,
                                              Msg::Period, Msg::HtmlFen};

TEST(Messages, EveryMessageHasEveryLanguage) {
    for (std::size_t i = 0; i < MsgCount; ++i) {
        const auto msg = static_cast<Msg>(i);
        for (const Lang lang : {Lang::En, Lang::Es}) {
            EXPECT_FALSE(text(msg, lang).empty())
                << "message " << i << " has no text in " << lang_name(lang);
        }
        if (!same_in_every_language.contains(msg)) {
            EXPECT_NE(text(msg, Lang::En), text(msg, Lang::Es))
                << "message " << i << " (\"" << text(msg, Lang::En)
                << "\") is not translated into Spanish";
        }
    }
}

TEST(Messages, LanguageNamesAndLocales) {
    EXPECT_EQ(lang_from_name("es"), Lang::Es);
    EXPECT_EQ(lang_from_name("en"), Lang::En);
    EXPECT_EQ(lang_from_name("fr"), std::nullopt);
    EXPECT_EQ(lang_from_locale("es_ES.UTF-8"), Lang::Es);
    EXPECT_EQ(lang_from_locale("es"), Lang::Es);
    EXPECT_EQ(lang_from_locale("en_US.UTF-8"), Lang::En);
    EXPECT_EQ(lang_from_locale("C"), Lang::En);
}

TEST(Messages, SpanishOrdinalsAreFeminineForVez) {
    EXPECT_EQ(ordinal(3, Lang::Es), "tercera");
    EXPECT_EQ(ordinal(5, Lang::Es), "quinta");
    EXPECT_EQ(ordinal(12, Lang::Es), "12.ª");
    EXPECT_EQ(ordinal(3, Lang::En), "third");
    EXPECT_EQ(ordinal(22, Lang::En), "22nd");
}

TEST(Messages, EnglishSentenceIsTheAuditsMessage) {
    audit::GameReport game;
    audit::Finding f;
    f.rule = audit::Rule::Stalemate;
    f.message = "Black is stalemated: the game is drawn";
    EXPECT_EQ(finding_sentence(f, game, Lang::En), f.message);
    f.side = audit::Side::Black;
    EXPECT_EQ(finding_sentence(f, game, Lang::Es),
              "Las negras están ahogadas: la partida es tablas");
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Every finding of the sample games gets a Spanish sentence of its own (not the English one
// the catalog falls back to), and every rule of the samples is among them.
TEST(Messages, EverySampleFindingHasASpanishSentence) {
    const std::filesystem::path samples =
        std::filesystem::path(DRAWAUDIT_SOURCE_DIR) / "sample_pgns";
    std::set<audit::Rule> rules;
    audit::AuditOptions options;
    options.duplicate_keys = true;  // and --duplicates, as a run compares the games in order
    for (const auto& entry : std::filesystem::directory_iterator(samples)) {
        if (entry.path().extension() != ".pgn") continue;
        audit::DuplicateIndex duplicates;
        for (audit::GameReport& game : audit::audit_text(read_file(entry.path()), options,
                                                         entry.path().filename().string())) {
            duplicates.check(game, 0);
            for (const audit::Finding& f : game.findings) {
                rules.insert(f.rule);
                const std::string spanish = finding_sentence(f, game, Lang::Es);
                EXPECT_NE(spanish, f.message) << "no Spanish sentence for: " << f.message;
                EXPECT_FALSE(spanish.empty());
            }
        }
    }
    EXPECT_GE(rules.size(), 15u) << "the samples should exercise nearly every rule";
    EXPECT_TRUE(rules.count(audit::Rule::DuplicateConflict));
}

TEST(Messages, SpanishDuplicateConflictNamesBothResultsAndTheEarlierGame) {
    const std::string game = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n";
    std::string again = game;
    again.replace(again.find("1-0"), 3, "0-1");
    audit::AuditOptions options;
    options.duplicate_keys = true;
    auto games = audit::audit_text(game + again, options, "b.pgn");
    ASSERT_EQ(games.size(), 2u);
    audit::DuplicateIndex duplicates;
    for (audit::GameReport& g : games) duplicates.check(g, 0);
    ASSERT_FALSE(games[1].findings.empty());
    ASSERT_EQ(games[1].findings[0].rule, audit::Rule::DuplicateConflict);  // a game finding: first
    EXPECT_EQ(finding_sentence(games[1].findings[0], games[1], Lang::Es),
              "La misma partida (posición inicial, jugadas, blancas y negras) está registrada "
              "como la partida 1 con 1-0; aquí con 0-1: uno de los dos resultados es erróneo");
}

TEST(Messages, EarlyAgreementUnderTournamentRulesKeepsTheCounts) {
    audit::AuditOptions options;
    options.min_moves_before_agreement = 30;
    const auto games =
        audit::audit_text("[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 1/2-1/2\n", options);
    ASSERT_EQ(games.size(), 1u);
    ASSERT_EQ(games[0].findings.size(), 1u);
    EXPECT_EQ(finding_sentence(games[0].findings[0], games[0], Lang::Es),
              "Las tablas se acordaron tras 2 movimientos de las blancas y 2 de las negras, menos "
              "de los 30 de cada jugador que exige el reglamento del torneo");
}

TEST(Messages, SpanishVerdictAndLaws) {
    audit::GameReport game;
    game.result = "1/2-1/2";
    game.expected_result = "1/2-1/2";
    game.termination = audit::Termination::Stalemate;
    EXPECT_EQ(result_verdict(game, Lang::Es),
              "Resultado 1/2-1/2: concuerda (las reglas dan 1/2-1/2 por ahogado).");
    EXPECT_EQ(result_verdict(game, Lang::En),
              "Result 1/2-1/2: consistent (the rules give 1/2-1/2 by stalemate).");
    EXPECT_EQ(laws_label(audit::Laws::Laws1997, Lang::Es), "Leyes anteriores al 2014-07-01");
}

TEST(Messages, EnglishDrawReasonLabelsAreTheIdsOfTheMachineFormats) {
    for (int i = 1; i < audit::DrawReasonCount; ++i) {
        const auto reason = static_cast<audit::DrawReason>(i);
        EXPECT_EQ(draw_reason_label(reason, Lang::En), audit::draw_reason_id(reason));
        EXPECT_NE(draw_reason_label(reason, Lang::Es), audit::draw_reason_id(reason));
    }
}

TEST(Notation, SpanishMovesUseSpanishPieceLetters) {
    EXPECT_EQ(move_for(Lang::Es, "36... Rd8+"), "36... Td8+");
    EXPECT_EQ(move_for(Lang::Es, "12. Kxe2"), "12. Rxe2");
    EXPECT_EQ(move_for(Lang::Es, "e8=Q"), "e8=D");
    EXPECT_EQ(move_for(Lang::Es, "Nxe5#"), "Cxe5#");
    EXPECT_EQ(move_for(Lang::Es, "40. Bb5 Qd7"), "40. Ab5 Dd7");
    EXPECT_EQ(move_for(Lang::Es, "O-O"), "O-O");
    EXPECT_EQ(move_for(Lang::Es, "21...O-O-O"), "21...O-O-O");
    EXPECT_EQ(move_for(Lang::Es, "exd8=N+"), "exd8=C+");
}

TEST(Notation, EnglishMovesAreKeptAsTheyAre) {
    EXPECT_EQ(move_for(Lang::En, "36... Rd8+"), "36... Rd8+");
}

}  // namespace
}  // namespace drawaudit::report
