// The message catalog: every entry in every language, and the Spanish sentences of the findings
// rendered from their fields for every rule the sample games produce.
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include <gtest/gtest.h>

#include "audit/auditor.hpp"
#include "audit/duplicates.hpp"
#include "report/messages.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

// Entries that read the same in both languages (symbols, ids, punctuation).
const std::set<Msg> same_in_every_language = {
    Msg::ErrorTag, Msg::VerdictMarker, Msg::VerdictClose, Msg::Period,
    Msg::HtmlFen,  Msg::SeverityError, Msg::LogLevelError};

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

// The stderr lines' level words: English as spdlog writes them (app_unit_tests compares them with
// spdlog's own), Spanish from the catalog; nothing for a level out of range.
TEST(Messages, LogLevelWordsInEachLanguage) {
    EXPECT_EQ(log_level_word(3, Lang::En), "warning");
    EXPECT_EQ(log_level_word(3, Lang::Es), "aviso");
    EXPECT_EQ(log_level_word(4, Lang::Es), "error");
    EXPECT_EQ(log_level_word(6, Lang::En), "");
    EXPECT_EQ(log_level_word(-1, Lang::Es), "");
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

TEST(Messages, AFindingReadBackSaysItsMessageAsRead) {
    audit::GameReport game;
    audit::Finding f;
    f.rule = audit::Rule::Stalemate;
    f.message = "Black is stalemated: the game is drawn";
    EXPECT_EQ(finding_sentence(f, game, Lang::En), f.message);
    EXPECT_EQ(english_message(f), f.message);
    f.side = audit::Side::Black;
    EXPECT_EQ(finding_sentence(f, game, Lang::Es),
              "El rey de las negras está ahogado: la partida es tablas");
}

TEST(Messages, AReadBackSentenceOfAnotherShapeStaysInEnglish) {
    audit::GameReport game;
    audit::Finding f;
    f.rule = audit::Rule::Stalemate;
    f.side = audit::Side::Black;
    f.message = "Black has no legal move";  // not the catalog's sentence: nothing to recover
    EXPECT_EQ(finding_sentence(f, game, Lang::Es), f.message);
}

// A finding with every argument of every sentence set, as the audit fills them.
audit::Finding finding_with_every_argument() {
    audit::Finding f;
    f.side = audit::Side::Black;
    f.ply = 72;
    f.move = "36... Rd8+";
    f.line = 5;
    f.column = 7;
    f.recorded = "1-0";
    f.expected = "1/2-1/2";
    f.halfmove_clock = 100;
    f.extra_plies = 2;
    f.duplicate_game = 3;
    f.duplicate_file = "b.pgn";
    f.pairing = std::make_shared<audit::Pairing>(
        audit::Pairing{5, "Carlsen, Magnus", "Ding, Liren", 1, 12, '1', '0', 14, {}});
    f.trf_line = 14;
    audit::MessageArgs& a = f.args;
    a.quoted = "Time forfeit";
    a.reason = "no piece can move there";
    a.ended_after = "35. Qe7#";
    a.example_move = "60. Kd3";
    a.earlier_result = "0-1";
    a.proofs = {chess::UnwinnableProof::Material, chess::UnwinnableProof::LockedPawns};
    a.counts = {12, 11, 20};
    a.ending = audit::Termination::Checkmate;
    a.earlier = {{"", "32... Rd8+"}, 2};
    a.declared = {{"37. Kd3", {{"33. Kd3", "35. Kd3"}, 2}}};
    a.king_squares = {chess::E4, chess::D5};
    a.result_meaning = audit::ResultMeaning::DoubleForfeit;
    return f;
}

TEST(Messages, EveryMessageIdRendersInEveryLanguageWithAllItsArguments) {
    const audit::GameReport game;
    for (int i = 1; i < audit::MessageIdCount; ++i) {
        audit::Finding f = finding_with_every_argument();
        f.args.id = static_cast<audit::MessageId>(i);
        // fmt throws on an entry that asks for an argument the renderer does not give.
        const std::string english = finding_sentence(f, game, Lang::En);
        const std::string spanish = finding_sentence(f, game, Lang::Es);
        EXPECT_EQ(english, english_message(f));
        for (const std::string& sentence : {english, spanish}) {
            EXPECT_FALSE(sentence.empty()) << "id " << i;
            EXPECT_EQ(sentence.find_first_of("{}"), std::string::npos) << sentence;
        }
        EXPECT_NE(spanish, english) << "id " << i << " has no Spanish sentence";
        EXPECT_EQ(spanish.find("Rd8"), std::string::npos) << "an English move in: " << spanish;
        EXPECT_EQ(spanish.find("Kd3"), std::string::npos) << "an English move in: " << spanish;
    }
}

TEST(Messages, EnglishSentencesAreTheMessagesOfTheMachineFormats) {
    audit::Finding f = finding_with_every_argument();
    f.side = audit::Side::White;
    f.args.id = audit::MessageId::ThreefoldAppeared;
    f.args.earlier = {{"", "2... Ng8"}, 2};
    EXPECT_EQ(english_message(f),
              "White may claim a draw: the position has appeared for the third time (at the "
              "start, after 2... Ng8)");
    f.side = audit::Side::Black;
    f.args.id = audit::MessageId::ThreefoldDeclared;
    f.args.declared = {{"6... Ng8", {{"", "2... Ng8", "4... Ng8"}, 3}}};
    EXPECT_EQ(english_message(f),
              "Black may claim a draw by writing 6... Ng8 (fourth occurrence; before: at the "
              "start, after 2... Ng8, 4... Ng8)");
    f.args.declared.push_back({"6... Nf6", {{"1... Nf6", "3... Nf6"}, 2}});
    EXPECT_EQ(english_message(f),
              "Black may claim a draw by writing 6... Ng8 (fourth occurrence; before: at the "
              "start, after 2... Ng8, 4... Ng8), or 6... Nf6 (third occurrence; before: after "
              "1... Nf6, 3... Nf6)");
    // A capped list: the first and the last five, and how many between.
    f.args.id = audit::MessageId::ThreefoldAppeared;
    f.args.earlier = {{"", "2... Ng8", "4... Ng8", "6... Ng8", "8... Ng8", "12... Ng8", "14... Ng8",
                       "16... Ng8", "18... Ng8", "20... Ng8"},
                      11};
    EXPECT_NE(english_message(f).find("8... Ng8, and 1 more, then 12... Ng8"), std::string::npos)
        << english_message(f);
    f.move = "1. h4";
    f.args.id = audit::MessageId::DeadProved;
    f.args.proofs = {chess::UnwinnableProof::LockedPawns, chess::UnwinnableProof::LockedPawns};
    EXPECT_EQ(english_message(f),
              "After 1. h4 neither side can checkmate by any series of legal moves: for each "
              "side, every pawn is blocked by a pawn and can never move or be captured, and its "
              "pieces can never reach squares from which they could checkmate the other king; the "
              "game is drawn (dead position)");
    f.args.id = audit::MessageId::ConflictCannotMate;
    f.recorded = "1-0";
    f.args.proofs[0] = chess::UnwinnableProof::Material;
    f.args.quoted = "time forfeit";
    EXPECT_EQ(english_message(f),
              "The Result tag says 1-0, but White cannot checkmate by any series of legal moves "
              "in the final position (it has too little material left to checkmate), so the game "
              "is drawn (Termination tag: \"time forfeit\")");
}

TEST(Messages, SpanishSentencesWriteMovesWithSpanishLetters) {
    const audit::GameReport game;
    audit::Finding f = finding_with_every_argument();
    f.args.id = audit::MessageId::ThreefoldDeclared;
    EXPECT_EQ(finding_sentence(f, game, Lang::Es),
              "Las negras pueden reclamar tablas por triple repetición anotando en la planilla, "
              "sin jugarla, 37. Rd3 (la posición aparecería por tercera vez; antes: tras 33. Rd3, "
              "35. Rd3)");
    f.args.id = audit::MessageId::IllegalMove;
    EXPECT_EQ(finding_sentence(f, game, Lang::Es),
              "36... Td8+ no se puede jugar aquí: no piece can move there; el resto de la partida "
              "no se audita");
}

TEST(Messages, DrawReasonLabelsAreThoseOfRulesMd) {
    // RULES.md, "Spanish notation": the draw reasons' Spanish labels, in the order of DrawReason.
    const std::vector<std::string_view> spanish = {"rey ahogado",
                                                   "posición muerta",
                                                   "quíntuple repetición",
                                                   "regla de los 75 movimientos",
                                                   "jaque continuo",
                                                   "triple repetición",
                                                   "regla de los 50 movimientos",
                                                   "tiempo agotado sin mate posible (6.9)",
                                                   "acuerdo antes de tiempo",
                                                   "mutuo acuerdo"};
    ASSERT_EQ(spanish.size() + 1, static_cast<std::size_t>(audit::DrawReasonCount));
    for (int i = 1; i < audit::DrawReasonCount; ++i) {
        const auto reason = static_cast<audit::DrawReason>(i);
        EXPECT_EQ(draw_reason_label(reason, Lang::Es), spanish[static_cast<std::size_t>(i - 1)])
            << audit::draw_reason_id(reason);
    }
}

TEST(Messages, PairingSentencesNameThePairingInEachLanguage) {
    audit::Finding f = finding_with_every_argument();
    f.args.id = audit::MessageId::PairingResultMismatch;
    EXPECT_EQ(english_message(f),
              "The pairing program has 1/2-1/2 for this game (round 5: Carlsen, Magnus - Ding, "
              "Liren, TRF line 14); the Result tag says 1-0");
    EXPECT_EQ(finding_sentence(f, audit::GameReport{}, Lang::Es),
              "El programa de emparejamientos da 1/2-1/2 en esta partida (ronda 5: Carlsen, "
              "Magnus - Ding, Liren, línea 14 del TRF); la cabecera Result dice 1-0");
}

TEST(Messages, TrfErrorsSayWhatIsWrongWithTheLine) {
    audit::Finding f = finding_with_every_argument();
    f.args.id = audit::MessageId::TrfError;
    f.args.trf_problem = trf::Problem::UnknownOpponent;
    f.args.counts = {3, 41, 0};
    EXPECT_EQ(english_message(f), "TRF line 5, column 7: round 3: no player has start rank 41");
    EXPECT_EQ(finding_sentence(f, audit::GameReport{}, Lang::Es),
              "línea 5 del TRF, columna 7: ronda 3: ningún jugador tiene el número inicial 41");
}

TEST(Messages, RuleLabelsAreThoseOfRulesMd) {
    // RULES.md, "Spanish notation": one Spanish label per rule id.
    const std::vector<std::pair<audit::Rule, std::string_view>> table = {
        {audit::Rule::ThreefoldClaim, "reclamación por triple repetición"},
        {audit::Rule::FiftyMoveClaim, "reclamación por la regla de los 50 movimientos"},
        {audit::Rule::FivefoldDraw, "tablas por quíntuple repetición"},
        {audit::Rule::SeventyFiveMoveDraw, "tablas por la regla de los 75 movimientos"},
        {audit::Rule::Checkmate, "jaque mate"},
        {audit::Rule::Stalemate, "rey ahogado"},
        {audit::Rule::DeadPosition, "posición muerta"},
        {audit::Rule::MovesAfterEnd, "jugadas anotadas tras el final"},
        {audit::Rule::ResultConflict, "resultado contrario a las Leyes"},
        {audit::Rule::ResultMismatch, "resultado de la cabecera distinto del de las jugadas"},
        {audit::Rule::EarlyAgreement, "tablas acordadas antes de tiempo"},
        {audit::Rule::DuplicateGame, "partida duplicada"},
        {audit::Rule::DuplicateConflict, "partida duplicada con otro resultado"},
        {audit::Rule::ParseError, "error de lectura"},
        {audit::Rule::IllegalMove, "jugada ilegal"},
        {audit::Rule::BadFen, "FEN incorrecto"},
        {audit::Rule::FenRepaired, "FEN corregido"},
        {audit::Rule::UnsupportedVariant, "variante no admitida"},
        {audit::Rule::NullMove, "jugada nula"},
        {audit::Rule::BroadcastResultSignal, "señal de resultado del tablero electrónico"},
        {audit::Rule::ResultTagInvalid, "resultado no válido"},
        {audit::Rule::PairingResultMismatch, "resultado distinto del emparejamiento"},
        {audit::Rule::PairingColours, "colores cambiados"},
        {audit::Rule::PairingForfeitPlayed, "incomparecencia con partida jugada"},
        {audit::Rule::PairingMissingGame, "partida emparejada sin registro"},
        {audit::Rule::GameWithoutPairing, "partida sin emparejamiento"},
        // Not in RULES.md's table (which names the TRF's errors in its section only).
        {audit::Rule::TrfError, "error en el TRF"},
    };
    ASSERT_EQ(table.size(), static_cast<std::size_t>(audit::RuleCount));
    for (const auto& [rule, spanish] : table) {
        EXPECT_EQ(rule_label(rule, Lang::Es), spanish) << audit::rule_id(rule);
        EXPECT_EQ(rule_label(rule, Lang::En), audit::rule_id(rule));
        EXPECT_FALSE(rule_description(rule).empty());
    }
}

TEST(Messages, SeveritiesAndArticlesAsSpanishReadsThem) {
    EXPECT_EQ(severity_label(audit::Severity::Info, Lang::Es), "información");
    EXPECT_EQ(severity_label(audit::Severity::Warning, Lang::Es), "aviso");
    EXPECT_EQ(severity_label(audit::Severity::Error, Lang::Es), "error");
    EXPECT_EQ(severity_label(audit::Severity::Warning, Lang::En), "warning");
    EXPECT_EQ(article_ref("9.2.1.2", Lang::Es), "art. 9.2.1.2");
    EXPECT_EQ(article_ref("9.2.1.2", Lang::En), "9.2.1.2");
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
                const std::string english = english_message(f);
                const std::string spanish = finding_sentence(f, game, Lang::Es);
                EXPECT_NE(spanish, english) << "no Spanish sentence for: " << english;
                EXPECT_FALSE(spanish.empty());
                // Read back from its record (drawaudit merge), it says the same in Spanish.
                audit::Finding read_back = f;
                read_back.args = audit::MessageArgs{};
                read_back.message = english;
                EXPECT_EQ(finding_sentence(read_back, game, Lang::Es), spanish) << english;
                EXPECT_EQ(finding_sentence(read_back, game, Lang::En), english);
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
              "Resultado 1/2-1/2: concuerda (las reglas dan 1/2-1/2 por rey ahogado).");
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

TEST(Messages, SpanishNumbersHaveADecimalCommaAndGroupedDigits) {
    EXPECT_EQ(count_text(412227, Lang::Es), "412 227");
    EXPECT_EQ(count_text(1803, Lang::Es), "1803");  // four digits: ungrouped
    EXPECT_EQ(count_text(12345, Lang::Es), "12 345");
    EXPECT_EQ(count_text(1234567, Lang::Es, "\u00a0"), "1\u00a0234\u00a0567");
    EXPECT_EQ(count_text(412227, Lang::En), "412,227");  // RULES.md's English column
    EXPECT_EQ(count_text(412227, Lang::En, "\u00a0"), "412,227");
    EXPECT_EQ(count_text(1803, Lang::En), "1803");
    EXPECT_EQ(percent_text(391, 1000, Lang::Es), "39,1 %");
    EXPECT_EQ(percent_text(391, 1000, Lang::Es, "\u00a0"), "39,1\u00a0%");
    EXPECT_EQ(percent_text(391, 1000, Lang::En), "39.1%");
    EXPECT_EQ(percent_text(1, 0, Lang::Es), "-");
    EXPECT_EQ(decimal_text(0.075, 2, Lang::Es), "0,07");
}

TEST(Messages, PerpetualCheckNamesItsMovesInTheReportsNotation) {
    audit::GameReport game;
    game.draw_reason = audit::DrawReason::PerpetualCheck;
    game.draw_side = audit::Side::Black;
    game.draw_first_check = "31... Qe1+";
    game.draw_last_check = "33... Qe1+";
    EXPECT_EQ(draw_reason_sentence(game, Lang::Es),
              "Tablas por jaque continuo: las negras dieron jaque en cada jugada desde 31... De1+ "
              "hasta 33... De1+.");
    EXPECT_EQ(draw_reason_sentence(game, Lang::En),
              "Drawn by perpetual check: Black checked on every move from 31... Qe1+ to 33... "
              "Qe1+.");
    game.draw_reason = audit::DrawReason::None;
    EXPECT_EQ(draw_reason_sentence(game, Lang::Es), "");
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

// Issue 26: a merge reads each finding back from its record (the English `message`, the record's
// fields) and says it in Spanish as the run without shards does.
audit::Finding read_back(const audit::Finding& f) {
    audit::Finding back = f;
    back.message = english_message(f);
    back.args = {};  // MessageId::Prerendered
    return back;
}

void expect_same_spanish_read_back(const audit::Finding& f) {
    const audit::GameReport game;
    const std::string spanish = finding_sentence(f, game, Lang::Es);
    EXPECT_EQ(finding_sentence(read_back(f), game, Lang::Es), spanish)
        << "English: " << english_message(f);
    EXPECT_NE(spanish, english_message(f));
}

TEST(Messages, ALongRepetitionReadBackIsWordedInSpanish) {
    audit::Finding f = finding_with_every_argument();
    f.rule = audit::Rule::ThreefoldClaim;
    f.route = audit::Route::Appeared;
    f.args.id = audit::MessageId::ThreefoldAppeared;
    // More than ten earlier occurrences: the sentence lists the first and the last five.
    f.args.earlier = {{"", "2... Ng8", "4... Ng8", "6... Ng8", "8... Ng8", "20... Ng8", "22... Ng8",
                       "24... Ng8", "26... Ng8", "28... Ng8"},
                      14};
    EXPECT_NE(english_message(f).find(", and 4 more, then "), std::string::npos);
    expect_same_spanish_read_back(f);
    EXPECT_NE(finding_sentence(read_back(f), audit::GameReport{}, Lang::Es).find("Cg8"),
              std::string::npos);

    f.rule = audit::Rule::FivefoldDraw;
    f.route = audit::Route::None;
    f.args.id = audit::MessageId::FivefoldDrawn;
    expect_same_spanish_read_back(f);
}

TEST(Messages, AThreefoldClaimDeclaredOverSeveralMovesReadBackIsWordedInSpanish) {
    audit::Finding f = finding_with_every_argument();
    f.rule = audit::Rule::ThreefoldClaim;
    f.route = audit::Route::Declared;
    f.moves = {"Kd3", "Re8"};
    f.args.id = audit::MessageId::ThreefoldDeclared;
    f.args.declared = {{"37. Kd3", {{"33. Kd3", "35. Kd3"}, 2}},
                       {"37. Re8",
                        {{"", "3. Re8", "5. Re8", "7. Re8", "9. Re8", "21. Re8", "23. Re8",
                          "25. Re8", "27. Re8", "29. Re8"},
                         12}}};
    expect_same_spanish_read_back(f);
}

TEST(Messages, PairingFindingsReadBackAreWordedInSpanish) {
    for (const auto& [rule, id] : std::initializer_list<std::pair<audit::Rule, audit::MessageId>>{
             {audit::Rule::PairingResultMismatch, audit::MessageId::PairingResultMismatch},
             {audit::Rule::PairingResultMismatch, audit::MessageId::PairingResultAgainstRules},
             {audit::Rule::PairingColours, audit::MessageId::PairingColours},
             {audit::Rule::PairingForfeitPlayed, audit::MessageId::PairingForfeitPlayed},
             {audit::Rule::PairingMissingGame, audit::MessageId::PairingMissingGame},
             {audit::Rule::GameWithoutPairing, audit::MessageId::PlayerNotInTrf},
             {audit::Rule::GameWithoutPairing, audit::MessageId::NotPairedInRound}}) {
        audit::Finding f = finding_with_every_argument();
        f.rule = rule;
        f.args.id = id;
        f.args.quoted = id == audit::MessageId::PlayerNotInTrf ? "Ding, Liren" : "1-0";
        SCOPED_TRACE(english_message(f));
        expect_same_spanish_read_back(f);
    }
    // Every problem of a TRF line, with its numbers.
    for (std::uint8_t p = 0; p <= static_cast<std::uint8_t>(trf::Problem::ResultsDisagree); ++p) {
        audit::Finding f = finding_with_every_argument();
        f.rule = audit::Rule::TrfError;
        f.args.id = audit::MessageId::TrfError;
        f.args.trf_problem = static_cast<trf::Problem>(p);
        f.args.counts = {3, 41, 0};
        SCOPED_TRACE(english_message(f));
        expect_same_spanish_read_back(f);
    }
}

// The audit's own findings of a long shuffle under the Laws before 2014 (no fivefold): lists of
// more than ten occurrences and claims declared with two moves, read back as merge reads them.
TEST(Messages, LongRepetitionsOfAGameReadBackAreWordedInSpanish) {
    const std::filesystem::path pgn = std::filesystem::path(DRAWAUDIT_SOURCE_DIR) / "tests" /
                                      "cli" / "fixtures" / "long-repetition.pgn";
    int capped = 0, several_moves = 0;
    for (const audit::GameReport& game : audit::audit_text(read_file(pgn), {}, "a.pgn")) {
        for (const audit::Finding& f : game.findings) {
            const std::string english = english_message(f);
            capped += english.find(" more, then ") != std::string::npos;
            several_moves += f.moves.size() > 1;
            EXPECT_EQ(finding_sentence(read_back(f), game, Lang::Es),
                      finding_sentence(f, game, Lang::Es))
                << english;
        }
    }
    EXPECT_GT(capped, 0);
    EXPECT_GT(several_moves, 0);
}

TEST(Messages, AReadBackPairingFindingWithoutItsPairingStaysInEnglish) {
    audit::Finding f = finding_with_every_argument();
    f.rule = audit::Rule::PairingColours;
    f.args.id = audit::MessageId::PairingColours;
    audit::Finding back = read_back(f);
    back.pairing = nullptr;  // another pairing than the sentence names: nothing to recover
    EXPECT_EQ(finding_sentence(back, audit::GameReport{}, Lang::Es), back.message);
}

// Issue 26: a FEN's refusals and repairs are values; every one is worded in both languages and
// reads back from its English (a merge re-reads the records' English messages).
TEST(Messages, EveryFenProblemHasEveryLanguageAndReadsBackFromEnglish) {
    std::set<std::string> english_words;
    for (int p = 0; p < chess::FenProblemCount; ++p) {
        for (const chess::Color colour : {chess::Color::White, chess::Color::Black}) {
            const chess::FenReason reason{.problem = static_cast<chess::FenProblem>(p),
                                          .colour = colour,
                                          .letter = 'K',
                                          .square = chess::H1,
                                          .other = chess::E5,
                                          .rank = 3,
                                          .number = 1'000'000,
                                          .text = "x9"};
            const std::string english = fen_reason_text(reason, Lang::En);
            const std::string spanish = fen_reason_text(reason, Lang::Es);
            EXPECT_NE(english, spanish) << english << " has no Spanish words";
            EXPECT_EQ(spanish.find_first_of("{}"), std::string::npos) << spanish;
            english_words.insert(english);
            const bool repair = p >= static_cast<int>(chess::kFirstFenRepair);
            if (repair) {
                const chess::FenRepair one{reason};
                const auto back = fen_repairs_from_english(english);
                ASSERT_TRUE(back.has_value()) << english;
                ASSERT_EQ(back->size(), 1u) << english;
                EXPECT_EQ(fen_reason_text((*back)[0], Lang::En), english);
                EXPECT_EQ(fen_reason_text((*back)[0], Lang::Es), spanish);
                EXPECT_FALSE(fen_error_from_english(english).has_value()) << english;
            } else {
                const auto back = fen_error_from_english(english);
                ASSERT_TRUE(back.has_value()) << english;
                EXPECT_EQ(fen_reason_text(*back, Lang::En), english);
                EXPECT_EQ(fen_reason_text(*back, Lang::Es), spanish);
                EXPECT_FALSE(fen_repairs_from_english(english).has_value()) << english;
            }
        }
    }
    EXPECT_GE(english_words.size(), static_cast<std::size_t>(chess::FenProblemCount));
    EXPECT_FALSE(fen_error_from_english("field 9: who knows").has_value());
}

TEST(Messages, TheEnglishFenReasonsAreTheReadersOwnWords) {
    const auto refused = chess::Position::from_fen("4k3/7/8/8/8/8/8/4K3 w - - 0 1");
    ASSERT_FALSE(refused.has_value());
    EXPECT_EQ(fen_reason_text(refused.error(), Lang::En),
              "field 1 (placement): rank 7 has 7 squares");
    EXPECT_EQ(fen_reason_text(refused.error(), Lang::Es),
              "campo 1 (colocación): la fila 7 tiene 7 casillas");
    const auto repaired = chess::Position::from_fen("4k3/8/8/8/8/8/8/4K3 w Kq - 2147483647 1");
    ASSERT_TRUE(repaired.has_value());
    EXPECT_EQ(fen_repairs_text(repaired->repairs, Lang::En),
              "castling right K dropped: no white rook on h1; castling right q dropped: no black "
              "rook on a8; halfmove clock 2147483647 is beyond 1000000: set to 1000000");
    EXPECT_EQ(fen_repairs_text(repaired->repairs, Lang::Es),
              "derecho de enroque K suprimido: no hay torre blanca en h1; derecho de enroque q "
              "suprimido: no hay torre negra en a8; el contador de medias jugadas 2147483647 pasa "
              "de 1 000 000: se pone a 1 000 000");
}

TEST(Messages, AFenRepairReadBackFromARecordIsWordedInSpanish) {
    audit::Finding f;
    f.rule = audit::Rule::FenRepaired;
    f.article = "PGN 16.1";
    f.message =
        "The FEN tag was repaired as the pieces demand (en-passant square e6 dropped: no black "
        "pawn on e5; halfmove clock and move number missing: set to 0 and 1)";
    const std::string spanish = finding_sentence(f, audit::GameReport{}, Lang::Es);
    EXPECT_NE(spanish.find("casilla al paso e6 suprimida: no hay peón negro en e5; faltan el "
                           "contador de medias jugadas y el número de jugada: se ponen a 0 y 1"),
              std::string::npos)
        << spanish;
}

TEST(Messages, AFileThatCannotBeOpenedIsSaidInEachLanguage) {
    const pgn::IoError missing{
        "round.pgn", "cannot open: No such file or directory", {pgn::IoFailure::Open, {}, ENOENT}};
    EXPECT_EQ(io_error_text(missing, Lang::En), missing.message);
    EXPECT_EQ(io_error_text(missing, Lang::Es),
              "no se puede abrir: no existe el archivo o el directorio");
    const pgn::IoError unread{
        "round.pgn", "read: Input/output error", {pgn::IoFailure::Read, {}, EIO}};
    EXPECT_EQ(io_error_text(unread, Lang::Es), "error de lectura: error de entrada/salida");
    // The catalog's English of each reason is the C library's own.
    const std::pair<Msg, int> reasons[] = {{Msg::ErrnoNoEntry, ENOENT},
                                           {Msg::ErrnoAccess, EACCES},
                                           {Msg::ErrnoIsDirectory, EISDIR},
                                           {Msg::ErrnoNotDirectory, ENOTDIR},
                                           {Msg::ErrnoLoop, ELOOP},
                                           {Msg::ErrnoNameTooLong, ENAMETOOLONG},
                                           {Msg::ErrnoIo, EIO},
                                           {Msg::ErrnoTooManyFiles, EMFILE},
                                           {Msg::ErrnoNoMemory, ENOMEM},
                                           {Msg::ErrnoNoSpace, ENOSPC},
                                           {Msg::ErrnoBrokenPipe, EPIPE},
                                           {Msg::ErrnoReadOnly, EROFS},
                                           {Msg::ErrnoQuota, EDQUOT}};
    for (const auto& [msg, errnum] : reasons)
        EXPECT_EQ(text(msg, Lang::En), std::generic_category().message(errnum));
    // A failure without a kind: as it was written.
    const pgn::IoError other{"round.pgn.zst", "zstd: reading after an error"};
    EXPECT_EQ(io_error_text(other, Lang::Es), other.message);
}

// Each failure the reader types, as lib/pgn writes its English: said in Spanish without the
// English words (a decompressor's own words included), and its values read back from the
// English (a merge's records hold only the English).
TEST(Messages, EveryKindOfReadFailureIsSaidInSpanishAndReadBackFromEnglish) {
    using pgn::Compression;
    using pgn::IoFailure;
    struct Case {
        std::string english;
        pgn::IoCause cause;
        std::string spanish;
    };
    const Case cases[] = {
        {"cannot open: Permission denied",
         {IoFailure::Open, {}, EACCES},
         "no se puede abrir: permiso denegado"},
        {"read: Input/output error",
         {IoFailure::Read, {}, EIO},
         "error de lectura: error de entrada/salida"},
        {"cannot stat: Input/output error",
         {IoFailure::Stat, {}, EIO},
         "no se pueden consultar sus datos: error de entrada/salida"},
        {"cannot list: Permission denied",
         {IoFailure::List, {}, EACCES},
         "no se puede leer la carpeta: permiso denegado"},
        {"cannot read: Is a directory",
         {IoFailure::IsDirectory, {}, EISDIR},
         "no se puede leer: es una carpeta"},
        {"the file became shorter while it was read (123456 bytes at the start, 65536 read)",
         {.failure = IoFailure::Shrank, .size_at_start = 123456, .bytes_read = 65536},
         "el archivo se acortó mientras se leía (123 456 bytes al empezar, 65 536 leídos)"},
        {"read: the file ended before its shard's range",
         {IoFailure::ShardRangeEnded},
         "error de lectura: el archivo termina antes del tramo de esta parte"},
        {"zstd: truncated input (the last frame is incomplete)",
         {IoFailure::Truncated, Compression::Zstd},
         "zstd: el archivo comprimido está truncado, termina a mitad de un bloque"},
        {"gzip: truncated input (unexpected end of stream)",
         {IoFailure::Truncated, Compression::Gzip},
         "gzip: el archivo comprimido está truncado, termina a mitad de un bloque"},
        {"zstd: Corrupted block detected",
         {IoFailure::Corrupt, Compression::Zstd},
         "zstd: datos comprimidos dañados"},
        {"gzip: invalid block type",
         {IoFailure::Corrupt, Compression::Gzip},
         "gzip: datos comprimidos dañados"},
        {"bzip2: bad stream header",
         {IoFailure::BadHeader, Compression::Bzip2},
         "bzip2: la cabecera no es de un flujo bzip2"},
        {"bzip2: out of memory",
         {IoFailure::OutOfMemory, Compression::Bzip2},
         "bzip2: no hay memoria suficiente"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.english);
        const pgn::IoError error{"round.pgn", c.english, c.cause};
        EXPECT_EQ(io_error_text(error, Lang::En), c.english);
        EXPECT_EQ(io_error_text(error, Lang::Es), c.spanish);
        const std::optional<pgn::IoCause> read_back = io_cause_from_english(c.english);
        ASSERT_TRUE(read_back.has_value());
        EXPECT_EQ(read_back->failure, c.cause.failure);
        EXPECT_EQ(read_back->codec, c.cause.codec);
        EXPECT_EQ(read_back->errnum, c.cause.errnum);
        EXPECT_EQ(read_back->size_at_start, c.cause.size_at_start);
        EXPECT_EQ(read_back->bytes_read, c.cause.bytes_read);
    }
    EXPECT_FALSE(io_cause_from_english("zstd: reading after an error").has_value());
    EXPECT_FALSE(io_cause_from_english("something else").has_value());
}

// A game the source's failure cut off: its parse error names the failure in the report's
// language, from the values the reader handed on (and from a merged record's English).
TEST(Messages, AGameCutOffByAReadFailureSaysTheFailureInSpanish) {
    audit::Finding f;
    f.rule = audit::Rule::ParseError;
    f.line = 12;
    f.column = 1;
    f.args.id = audit::MessageId::ParseError;
    f.args.parse_problem = pgn::PgnProblem::InputEndsInsideGame;
    f.args.reason = "read: Input/output error";
    f.args.io_cause = {pgn::IoFailure::Read, {}, EIO};
    const std::string english = english_message(f);
    EXPECT_NE(english.find("(read: Input/output error)"), std::string::npos) << english;
    const std::string spanish = finding_sentence(f, audit::GameReport{}, Lang::Es);
    EXPECT_NE(spanish.find("la entrada termina dentro de esta partida (error de lectura: error de "
                           "entrada/salida)"),
              std::string::npos)
        << spanish;
    // The same finding as a merge reads it back: only its English message.
    audit::Finding merged;
    merged.rule = audit::Rule::ParseError;
    merged.line = 12;
    merged.column = 1;
    merged.args.id = audit::MessageId::Prerendered;
    merged.message = english;
    EXPECT_EQ(finding_sentence(merged, audit::GameReport{}, Lang::Es), spanish);
}

}  // namespace
}  // namespace drawaudit::report

namespace drawaudit::report {
namespace {

TEST(Messages, TheBroadcastSignalNamesTheKingsTheResultAndWhetherTheTagAgrees) {
    audit::Finding f;
    f.args.id = audit::MessageId::BroadcastSignal;
    f.args.king_squares = {chess::E5, chess::D4};
    f.expected = "0-1";
    f.recorded = "1-0";
    EXPECT_EQ(english_message(f),
              "The kings were placed on e5 (White's) and d4 (Black's): the e-board's signal for "
              "0-1, not moves of the game, which is judged without them; the Result tag says 1-0");
    f.recorded = "0-1";
    EXPECT_EQ(finding_sentence(f, audit::GameReport{}, Lang::Es),
              "Los reyes se colocaron en e5 (el blanco) y d4 (el negro): la señal del tablero "
              "electrónico para 0-1, no jugadas de la partida, que se juzga sin ellas; la etiqueta "
              "Result coincide");
}

TEST(Messages, AnInvalidResultSaysWhatItMostLikelyMeansInEachLanguage) {
    audit::Finding f;
    f.args.id = audit::MessageId::ResultInvalid;
    std::set<std::string> sentences;
    for (const auto meaning : {audit::ResultMeaning::Unknown, audit::ResultMeaning::WhiteWins,
                               audit::ResultMeaning::BlackWins, audit::ResultMeaning::Draw,
                               audit::ResultMeaning::DoubleForfeit}) {
        for (const bool in_marker : {false, true}) {
            f.args.result_meaning = meaning;
            f.args.result_in_marker = in_marker;
            f.args.quoted = "0-0";
            sentences.insert(english_message(f));
            sentences.insert(finding_sentence(f, audit::GameReport{}, Lang::Es));
        }
    }
    EXPECT_EQ(sentences.size(), 20u);  // every meaning, place and language words it its own way
}

TEST(Messages, EverySanRefusalHasEveryLanguageAndReadsBackFromEnglish) {
    std::set<std::string> english_words;
    for (int r = 0; r < chess::SanRefusalCount; ++r) {
        const chess::SanError error{chess::SanErrorKind::Illegal, static_cast<chess::SanRefusal>(r),
                                    chess::PieceType::Rook, "Rd8"};
        const std::string english = san_refusal_text(error, Lang::En);
        const std::string spanish = san_refusal_text(error, Lang::Es);
        EXPECT_EQ(english.substr(0, 5), "Rd8: ") << english;
        EXPECT_EQ(spanish.substr(0, 5), "Td8: ") << spanish;
        EXPECT_GT(english.size(), 5u);
        EXPECT_NE(english.substr(5), spanish.substr(5)) << english << " has no Spanish words";
        english_words.insert(english);
        const auto back = san_refusal_from_english(english);
        ASSERT_TRUE(back.has_value()) << english;
        EXPECT_EQ(san_refusal_text(*back, Lang::En), english);
    }
    EXPECT_EQ(english_words.size(), static_cast<std::size_t>(chess::SanRefusalCount));
}

TEST(Messages, SpanishIllegalMoveSaysWhyInSpanishWithSpanishLetters) {
    audit::Finding f;
    f.rule = audit::Rule::IllegalMove;
    f.move = "12. Nf6";
    f.args.id = audit::MessageId::IllegalMove;
    f.args.san_refusal =
        chess::SanError{chess::SanErrorKind::Illegal, chess::SanRefusal::NoPieceCanReach,
                        chess::PieceType::Knight, "Nf6"};
    EXPECT_EQ(english_message(f),
              "12. Nf6 cannot be played here: Nf6: no knight can reach that square; the rest of "
              "the game is not audited");
    EXPECT_EQ(finding_sentence(f, audit::GameReport{}, Lang::Es),
              "12. Cf6 no se puede jugar aquí: Cf6: no hay caballo que pueda llegar a esa "
              "casilla; el resto de la partida no se audita");
}

TEST(Messages, AnIllegalMoveReadBackFromARecordIsWordedInSpanish) {
    audit::Finding f;
    f.rule = audit::Rule::IllegalMove;
    f.article = "3.10";
    f.move = "40... Rxd1";
    f.message =
        "40... Rxd1 cannot be played here: Rxd1: more than one rook can move there; the "
        "rest of the game is not audited";
    EXPECT_EQ(finding_sentence(f, audit::GameReport{}, Lang::Es),
              "40... Txd1 no se puede jugar aquí: Txd1: más de una torre puede ir allí; el resto "
              "de la partida no se audita");
}

// Issue 26: the PGN reader's reasons are values too, worded here and read back from English.
TEST(Messages, EveryPgnProblemHasEveryLanguageAndReadsBackFromEnglish) {
    std::set<std::string> english_words;
    for (int p = 0; p < pgn::PgnProblemCount; ++p) {
        const auto problem = static_cast<pgn::PgnProblem>(p);
        const std::string english =
            pgn_problem_text(problem, 100'000, "zstd: corrupted block", Lang::En);
        const std::string spanish =
            pgn_problem_text(problem, 100'000, "zstd: corrupted block", Lang::Es);
        EXPECT_NE(english, spanish) << english << " has no Spanish words";
        english_words.insert(english);
        const auto back = pgn_problem_from_english(english);
        ASSERT_TRUE(back.has_value()) << english;
        EXPECT_EQ(back->problem, problem) << english;
        EXPECT_EQ(pgn_problem_text(back->problem, back->limit, back->detail, Lang::Es), spanish);
    }
    EXPECT_EQ(english_words.size(), static_cast<std::size_t>(pgn::PgnProblemCount));
    EXPECT_EQ(pgn_problem_text(pgn::PgnProblem::UnbalancedBrace, 0, "", Lang::En),
              "unbalanced '}': no comment is open");
    EXPECT_EQ(pgn_problem_text(pgn::PgnProblem::TooManyPlies, 100'000, "", Lang::Es),
              "partida de más de 100 000 medias jugadas (--max-plies): el resto no se lee");
}

TEST(Messages, AParseErrorReadBackFromARecordIsWordedInSpanish) {
    audit::Finding f;
    f.rule = audit::Rule::ParseError;
    f.article = "PGN 8";
    f.line = 45;
    f.column = 39;
    f.message =
        "The PGN text is malformed at line 45, column 39: unbalanced ')': no variation is "
        "open";
    const std::string spanish = finding_sentence(f, audit::GameReport{}, Lang::Es);
    EXPECT_NE(spanish.find("')' desparejado: no hay ninguna variante abierta"), std::string::npos)
        << spanish;
}

}  // namespace
TEST(Messages, ThePairingSummarySaysCountsOfOneInTheSingular) {
    audit::PairingCounts p;
    p.rounds = 1;
    p.pairings = 17;
    p.played = 16;
    p.forfeits = 1;
    p.byes = 1;
    p.matched = 17;
    p.matched_by_name = 2;
    p.missing_games = 1;
    p.games_without_pairing = 1;
    p.unreconciled_games = 0;
    EXPECT_EQ(pairing_summary_text(p, Lang::En),
              "\nThe pairing program's report (TRF): 1 round, 17 pairings (16 played, 1 forfeit), "
              "1 bye; 17 games matched to their pairing (2 by name alone), 1 played pairing "
              "without a game, 1 game without a pairing, 0 games without a round.");
    EXPECT_EQ(pairing_summary_text(p, Lang::Es),
              "\nEl informe del programa de emparejamientos (TRF): 1 ronda, 17 emparejamientos "
              "(16 jugados, 1 incomparecencia), 1 exento; 17 partidas con su emparejamiento (2 "
              "solo por el nombre), 1 emparejamiento jugado sin partida, 1 partida sin "
              "emparejamiento, 0 partidas sin ronda.");
}

}  // namespace drawaudit::report
