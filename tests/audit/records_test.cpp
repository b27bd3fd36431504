// Records that cannot be replayed, set-up tags, variants, and the game record itself.
#include <gtest/gtest.h>

#include <array>
#include <string_view>
#include <vector>

#include "audit_test_support.hpp"
#include "pgn/reader.hpp"

namespace drawaudit::audit {
namespace {

using namespace testing;

TEST(IllegalMove, IsReportedAtTheIndexItWouldHaveHadAndStopsTheAudit) {
    const GameReport g = audit_one(game("1. Nf3 Nf6 2. Ke3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 *"));
    const auto f = findings_of(g, Rule::IllegalMove);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].ply, 3);
    EXPECT_EQ(f[0].move, "2. Ke3");
    EXPECT_EQ(f[0].severity, Severity::Error);
    EXPECT_EQ(f[0].side, Side::White);
    EXPECT_EQ(g.plies, 2);
    EXPECT_TRUE(g.error);
    EXPECT_EQ(f[0].rule, g.findings.back().rule);  // nothing audited after it
}

// A long line: the reader's fast path hands its moves over in runs (Visitor::moves), which the
// auditor replays in one call to the chess core; an illegal move inside a run ends it there.
constexpr std::string_view LongLine =
    "1. e4 d5 2. exd5 Nf6 3. Nf3 Nxd5 4. Bc4 e6 5. O-O Be7 6. d4 O-O 7. Re1 Nb6 8. Bb3 c5 "
    "9. dxc5 Qxd1 10. Rxd1 Bxc5 11. Be3 Bxe3 12. fxe3 Kg6 13. Nc3 Nc6 14. Nd5 exd5 15. Bxd5 "
    "Nxd5 16. Rxd5 Be6 17. Rd2 Rfd8 18. Rad1 Rxd2 19. Rxd2 Rd8 *";

TEST(IllegalMove, InsideARunOfMovesItIsReportedAtItsTokenAndTheRestIsNotAudited) {
    const std::string pgn = game(LongLine);
    const GameReport g = audit_one(pgn);
    const auto f = findings_of(g, Rule::IllegalMove);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].ply, 24);
    EXPECT_EQ(f[0].move, "12... Kg6");
    EXPECT_EQ(f[0].offset, pgn.find("Kg6"));
    EXPECT_EQ(f[0].line, 3u);  // after the Event tag and the blank line
    EXPECT_EQ(f[0].column, LongLine.find("Kg6") + 1);
    EXPECT_EQ(g.plies, 23);
    EXPECT_TRUE(g.error);
    EXPECT_EQ(f[0].rule, g.findings.back().rule);  // nothing audited after it
}

// The movetext with "{}" after every move, which ends each run of the reader's fast path after
// one move.
std::string one_move_per_run(std::string_view movetext) {
    std::string split;
    for (char c : movetext) {
        split += c;
        if (c == ' ' && split.size() >= 2 && split[split.size() - 2] != '.') split += "{} ";
    }
    return split;
}

void expect_same_report(const GameReport& a, const GameReport& b) {
    ASSERT_EQ(a.findings.size(), b.findings.size());
    for (std::size_t i = 0; i < a.findings.size(); ++i) {
        EXPECT_EQ(a.findings[i].rule, b.findings[i].rule);
        EXPECT_EQ(a.findings[i].ply, b.findings[i].ply);
        EXPECT_EQ(a.findings[i].move, b.findings[i].move);
        EXPECT_EQ(a.findings[i].extra_plies, b.findings[i].extra_plies);
        EXPECT_EQ(a.findings[i].args.id, b.findings[i].args.id);
        EXPECT_EQ(a.findings[i].args.ended_after, b.findings[i].args.ended_after);
    }
    EXPECT_EQ(a.plies, b.plies);
    EXPECT_EQ(a.end_ply, b.end_ply);
}

TEST(IllegalMove, RunsOfOneMoveGiveTheSameReportAsOneLongRun) {
    expect_same_report(audit_one(game(LongLine)), audit_one(game(one_move_per_run(LongLine))));
}

TEST(MovesAfterEnd, InsideARunTheyAreCountedAndAnIllegalOneIsStillReported) {
    // Fivefold at ply 16 (the start position a fifth time), then moves in the same run, the
    // third of them illegal.
    constexpr std::string_view line =
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. Nf3 Nf6 10. Ke3 Ng8 11. Ng1 Nf6 *";
    const GameReport g = audit_one(game(line));
    EXPECT_EQ(g.end_ply, 16);
    EXPECT_EQ(plies_of(g, Rule::IllegalMove), (std::vector<int>{19}));
    const auto after = finding_at(g, Rule::MovesAfterEnd, 17);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->extra_plies, 6);
    expect_same_report(g, audit_one(game(one_move_per_run(line))));
}

TEST(IllegalMove, AnAmbiguousMoveIsIllegal) {
    // Both knights (b1, f3) reach d2.
    const GameReport g = audit_one(fen_game("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "1. Nd2 *"));
    EXPECT_EQ(plies_of(g, Rule::IllegalMove), (std::vector<int>{1}));
}

TEST(IllegalMove, TheNextGameIsStillAudited) {
    const std::vector<GameReport> games = audit_text(
        "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_TRUE(games[0].error);
    EXPECT_EQ(games[1].termination, Termination::Checkmate);
    EXPECT_EQ(games[1].game, 2u);
}

TEST(NullMove, StopsTheReplay) {
    const GameReport g = audit_one(game("1. e4 -- 2. d4 *"));
    const auto f = findings_of(g, Rule::NullMove);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].ply, 2);
    EXPECT_EQ(g.plies, 1);
    EXPECT_TRUE(g.error);
    EXPECT_TRUE(findings_of(g, Rule::IllegalMove).empty());
}

TEST(ParseError, IsReportedWithItsLocation) {
    const std::vector<GameReport> games =
        audit_text("[Event \"a\"]\n\n1. e4 e5 2. Nf3 {unterminated comment\n");
    ASSERT_FALSE(games.empty());
    const auto f = findings_of(games[0], Rule::ParseError);
    ASSERT_FALSE(f.empty());
    EXPECT_GT(f[0].line, 0u);
    EXPECT_EQ(f[0].severity, Severity::Error);
    EXPECT_TRUE(games[0].error);
}

TEST(BadFen, AnImpossiblePositionIsNotAudited) {
    const GameReport g = audit_one(fen_game("8/8/8/8/8/8/8/8 w - - 0 1", "1. e4 *"));
    EXPECT_EQ(plies_of(g, Rule::BadFen), (std::vector<int>{0}));
    EXPECT_TRUE(g.error);
    EXPECT_EQ(g.plies, 0);
    EXPECT_EQ(g.findings.size(), 1u);
}

TEST(BadFen, MorePromotedPiecesThanMissingPawnsStayRefusedInAGame) {
    // `drawaudit winnable` reads such composed positions; a game's FEN tag never.
    const GameReport g =
        audit_one(fen_game("4k3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1", "1. Qc8+ Kd7 *"));
    EXPECT_EQ(plies_of(g, Rule::BadFen), (std::vector<int>{0}));
    EXPECT_EQ(g.plies, 0);
}

TEST(BadFen, SetUpWithoutAFenTag) {
    const GameReport g = audit_one(game("1. e4 *", "[SetUp \"1\"]\n"));
    EXPECT_EQ(findings_of(g, Rule::BadFen).size(), 1u);
}

TEST(FenRepaired, CastlingRightsThePiecesCannotHaveAreDroppedWithAWarning) {
    const GameReport g = audit_one(fen_game("4k3/4p3/8/8/8/8/4P3/4K3 w KQkq - 0 1", "1. e4 e5 *"));
    const auto f = findings_of(g, Rule::FenRepaired);
    ASSERT_EQ(f.size(), 1u);
    EXPECT_EQ(f[0].severity, Severity::Warning);
    EXPECT_EQ(f[0].fen, "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1");
    EXPECT_FALSE(g.error);
    EXPECT_EQ(g.plies, 2);
}

TEST(Variant, AnUnsupportedVariantIsCountedAndSkipped) {
    const GameReport g =
        audit_one(game("1. e4 e5 2. Qh5 Ke7 3. Qxe5# 1-0", "[Variant \"Antichess\"]\n"));
    EXPECT_EQ(findings_of(g, Rule::UnsupportedVariant).size(), 1u);
    EXPECT_EQ(g.findings.size(), 1u);
    EXPECT_EQ(g.plies, 0);
}

TEST(Variant, StandardAndChess960NamesAreRecognised) {
    for (std::string_view name : {"Standard", "standard", "From Position", "chess", "normal", ""}) {
        EXPECT_EQ(classify_variant(name), VariantKind::Standard) << name;
    }
    for (std::string_view name : {"Chess960", "chess960", "Fischerandom", "fischerandom",
                                  "Fischer Random", "chess 960", "960"}) {
        EXPECT_EQ(classify_variant(name), VariantKind::Chess960) << name;
    }
    for (std::string_view name : {"Crazyhouse", "Atomic", "Three-check", "King of the Hill"}) {
        EXPECT_EQ(classify_variant(name), VariantKind::Unsupported) << name;
    }
}

TEST(Variant, Chess960GamesAreReadWithChess960Castling) {
    const std::string pgn = fen_game("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
                                     "1. O-O O-O *", "[Variant \"Chess960\"]\n");
    const GameReport g = audit_one(pgn);
    EXPECT_TRUE(findings_of(g, Rule::IllegalMove).empty());
    EXPECT_EQ(g.plies, 2);
}

TEST(Variations, MovesInsideVariationsAreNotReplayed) {
    const GameReport g = audit_one(game("1. e4 (1. d4 d5 2. Ke3) 1... e5 2. Nf3 (2. Ke3) *"));
    EXPECT_EQ(g.plies, 3);
    EXPECT_TRUE(g.findings.empty());
}

TEST(GameRecord, CarriesTagsAsUtf8AndTheEdition) {
    const GameReport g = audit_one(
        "[Event \"Open \\\"A\\\"\"]\n[Site \"x\"]\n[Date \"2016.05.01\"]\n[Round \"3\"]\n"
        "[White \"M\xfcller\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
    EXPECT_EQ(g.event, "Open \"A\"");
    EXPECT_EQ(g.white, "M\xc3\xbcller");
    EXPECT_EQ(g.round, "3");
    EXPECT_EQ(g.date, "2016.05.01");
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.laws, Laws::Laws2014);
    EXPECT_EQ(g.line, 1u);
    EXPECT_EQ(g.game, 1u);
    EXPECT_EQ(g.file, "test.pgn");
    EXPECT_EQ(g.plies, 2);
    EXPECT_FALSE(g.error);
}

TEST(GameRecord, EveryNeededTagFillsItsField) {
    const GameReport g = audit_one(
        "[Event \"E\"]\n[Site \"S\"]\n[Date \"2001.02.03\"]\n[Round \"R\"]\n[White \"W\"]\n"
        "[Black \"B\"]\n[Result \"*\"]\n[WhiteElo \"2501\"]\n[BlackElo \"2502\"]\n"
        "[Termination \"normal\"]\n\n1. e4 *\n");
    EXPECT_EQ(g.event, "E");
    EXPECT_EQ(g.site, "S");
    EXPECT_EQ(g.date, "2001.02.03");
    EXPECT_EQ(g.round, "R");
    EXPECT_EQ(g.white, "W");
    EXPECT_EQ(g.black, "B");
    EXPECT_EQ(g.result, "*");
    EXPECT_EQ(g.white_elo, "2501");
    EXPECT_EQ(g.black_elo, "2502");
    EXPECT_EQ(g.termination_tag, "normal");
}

TEST(GameRecord, TagsWithANeededTagsLengthAndLettersButAnotherNameAreIgnored) {
    // Same length, first and last letters as needed tags (the dispatch's hash), other names.
    const GameReport g = audit_one(
        "[Evert \"no\"]\n[Sxte \"no\"]\n[Whitelo \"no\"]\n[WhiteXlo \"no\"]\n"
        "[Tetmination \"no\"]\n[FxN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n[E \"no\"]\n\n1. e4 *\n");
    EXPECT_EQ(g.event, "");
    EXPECT_EQ(g.site, "");
    EXPECT_EQ(g.white_elo, "");
    EXPECT_EQ(g.termination_tag, "");
    EXPECT_FALSE(g.error);  // the FxN tag is no FEN tag
    EXPECT_EQ(g.plies, 1);
}

TEST(GameRecord, AnEscapeOrANonAsciiByteAnywhereInAValueIsConverted) {
    // Values of 1 to 20 bytes with the escape or the byte at every position: each is unescaped
    // or converted to UTF-8, never copied as it is.
    for (std::size_t size = 1; size <= 20; ++size) {
        for (std::size_t at = 0; at < size; ++at) {
            std::string raw(size, 'a');
            std::string escaped = raw;
            escaped.replace(at, 1, "\\\\");  // an escaped backslash, read as one backslash
            std::string latin1 = raw;
            latin1[at] = '\xe9';
            const GameReport e = audit_one("[White \"" + escaped + "\"]\n\n1. e4 *\n");
            const GameReport l = audit_one("[White \"" + latin1 + "\"]\n\n1. e4 *\n");
            std::string want_e = raw;
            want_e[at] = '\\';
            std::string want_l = raw;
            want_l.replace(at, 1, "\xc3\xa9");
            EXPECT_EQ(e.white, want_e) << "size " << size << " at " << at;
            EXPECT_EQ(l.white, want_l) << "size " << size << " at " << at;
        }
    }
}

TEST(GameRecord, EveryFindingCarriesTheEditionOfTheGame) {
    AuditOptions options;
    options.laws = Laws::Laws2017;
    const GameReport g = audit_one(
        game("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *", "[Date \"2024.01.01\"]\n"), options);
    ASSERT_FALSE(g.findings.empty());
    EXPECT_EQ(g.laws, Laws::Laws2017);
    for (const Finding& f : g.findings) EXPECT_EQ(f.laws, Laws::Laws2017);
}

TEST(GameRecord, KeepsTheGameTextWhenAsked) {
    AuditOptions options;
    options.keep_game_text = true;
    const GameReport g = audit_one(game("1. e4 e5 *"), options);
    EXPECT_NE(g.text.find("1. e4 e5"), std::string::npos);
    const GameReport plain = audit_one(game("1. e4 e5 *"));
    EXPECT_TRUE(plain.text.empty());
}

TEST(GameRecord, FindingsAreInPlyOrder) {
    const GameReport g = audit_one(game(
        "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
        "9. e4 1-0",
        "[Result \"1-0\"]\n"));
    for (std::size_t i = 1; i < g.findings.size(); ++i) {
        EXPECT_LE(g.findings[i - 1].ply, g.findings[i].ply);
    }
}

}  // namespace
}  // namespace drawaudit::audit

namespace drawaudit::audit {
namespace {

struct CountingSink final : GameSink {
    std::vector<std::uint64_t> games;
    void game(GameReport&& report) override { games.push_back(report.game); }
};

// Audits `text` as one chunk whose first game is number `first_game`, into `sink`.
void audit_into(GameSink& sink, const std::string& text, std::uint64_t first_game = 1) {
    GameAuditor auditor(AuditOptions{}, sink);
    pgn::parse_games(text, pgn::TextOrigin{"chunk.pgn", first_game}, auditor);
}

// A sink that leaves the record where it is (copies it): the auditor reuses that record's room
// for the next game, which must start from nothing.
struct CopyingSink final : GameSink {
    std::vector<GameReport> games;
    void game(GameReport&& report) override { games.push_back(report); }
};

TEST(GameAuditorApi, ANextGameKeepsNothingOfTheRecordTheSinkLeftBehind) {
    CopyingSink sink;
    const std::string text =
        "[Event \"first\"]\n[White \"A very long player name, Firstname\"]\n[Result \"1-0\"]\n"
        "[Termination \"normal\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n"
        "[Event \"second\"]\n\n1. e4 *\n";
    audit_into(sink, text);
    ASSERT_EQ(sink.games.size(), 2u);
    EXPECT_EQ(sink.games[0].white, "A very long player name, Firstname");
    EXPECT_FALSE(sink.games[0].findings.empty());
    const GameReport& second = sink.games[1];
    EXPECT_EQ(second.event, "second");
    EXPECT_EQ(second.white, "");
    EXPECT_EQ(second.result, "");
    EXPECT_EQ(second.termination_tag, "");
    EXPECT_EQ(second.termination, Termination::None);
    EXPECT_FALSE(second.end_ply);
    EXPECT_EQ(second.expected_result, "");
    EXPECT_FALSE(second.error);
    EXPECT_EQ(second.plies, 1);
    EXPECT_TRUE(second.findings.empty());
}

// A sink that offers its own records, as the pipeline does: one slot reused for every game.
struct SlotSink final : GameSink {
    GameReport slot;
    std::vector<std::string> whites;
    std::vector<bool> in_slot;
    GameReport* next_record() override { return &slot; }
    void game(GameReport&& report) override {
        in_slot.push_back(&report == &slot);
        whites.push_back(report.white);
    }
};

TEST(GameAuditorApi, WritesEachRecordIntoTheRecordTheSinkOffers) {
    SlotSink sink;
    const std::string text =
        "[White \"A long name that needs room, First\"]\n\n1. e4 *\n\n[Black \"b\"]\n\n1. d4 *\n";
    audit_into(sink, text);
    EXPECT_EQ(sink.whites, (std::vector<std::string>{"A long name that needs room, First", ""}));
    EXPECT_EQ(sink.in_slot, (std::vector<bool>{true, true}));
    EXPECT_EQ(sink.slot.black, "b");
}

// A run of more moves than the auditor replays in one call of the chess core (kReplayRun),
// through Visitor::moves, against the same moves one by one through Visitor::move: the run is
// split, and an illegal move past the first part stops the replay at its own token.
TEST(GameAuditorApi, ARunLongerThanOneReplayGivesTheSameReportAsSingleMoves) {
    constexpr std::array<std::string_view, 4> shuffle = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::vector<pgn::MoveToken> tokens;
    for (std::uint32_t i = 0; i < 300; ++i) {
        const std::string_view san = i == 250 ? std::string_view{"Qd4"} : shuffle[i % 4];
        tokens.push_back(pgn::MoveToken{san, pgn::TextPos{3, 1 + 4 * i, 100 + 4 * i}});
    }
    const auto audit_tokens = [&tokens](bool one_run) {
        CopyingSink sink;
        GameAuditor auditor(AuditOptions{}, sink);
        auditor.begin_game(pgn::GameStart{"test.pgn", 1, pgn::TextPos{1, 1, 0}, 1});
        auditor.end_tags();
        if (one_run) {
            auditor.moves(tokens);
        } else {
            for (const pgn::MoveToken& token : tokens) auditor.move(token.san, token.pos);
        }
        auditor.end_game("");
        return sink.games.at(0);
    };
    const GameReport run = audit_tokens(true);
    expect_same_report(run, audit_tokens(false));
    const auto illegal = findings_of(run, Rule::IllegalMove);
    ASSERT_EQ(illegal.size(), 1u);
    EXPECT_EQ(illegal[0].ply, 251);
    EXPECT_EQ(illegal[0].offset, 100u + 4 * 250);
    EXPECT_EQ(run.plies, 250);
}

// Every member of a record as text, so that two records compare field by field.
std::vector<std::string> fields_of(const GameReport& r) {
    return {r.file,
            std::to_string(r.game),
            std::to_string(r.line),
            std::to_string(r.offset),
            r.white,
            r.black,
            r.event,
            r.site,
            r.round,
            r.date,
            r.result,
            r.white_elo,
            r.black_elo,
            r.termination_tag,
            r.movetext_result,
            std::string(laws_name(r.laws)),
            std::to_string(r.plies),
            std::string(termination_name(r.termination)),
            r.end_ply ? std::to_string(*r.end_ply) : "none",
            r.expected_result,
            r.error ? "error" : "ok",
            std::to_string(r.findings.size()),
            r.text};
}

// A record with a distinct value in every member.
GameReport filled_report() {
    GameReport r;
    r.file = "a.pgn";
    r.game = 7;
    r.line = 11;
    r.offset = 13;
    r.white = "White";
    r.black = "Black";
    r.event = "Event";
    r.site = "Site";
    r.round = "3";
    r.date = "2024.01.02";
    r.result = "1-0";
    r.white_elo = "2500";
    r.black_elo = "2400";
    r.termination_tag = "normal";
    r.movetext_result = "0-1";
    r.laws = Laws::Laws2017;
    r.plies = 41;
    r.termination = Termination::Checkmate;
    r.end_ply = 39;
    r.expected_result = "1/2-1/2";
    r.error = true;
    r.findings.resize(2);
    r.text = "1. e4";
    return r;
}

TEST(GameReportRecycling, ClearGivesADefaultRecord) {
    GameReport r = filled_report();
    r.clear();
    EXPECT_EQ(fields_of(r), fields_of(GameReport{}));
}

TEST(GameAuditorApi, DeliversOneReportPerGameWithTheReadersGameNumber) {
    CountingSink sink;
    const std::string text =
        "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n\n[Event \"c\"]\n\n*\n";
    audit_into(sink, text, 41);
    EXPECT_EQ(sink.games, (std::vector<std::uint64_t>{41, 42, 43}));
}

}  // namespace
}  // namespace drawaudit::audit
