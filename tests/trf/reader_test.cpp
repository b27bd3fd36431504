#include "trf/reader.hpp"

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace drawaudit::trf {
namespace {

// One 001 line in TRF16's columns, with rounds given as "  12 w 1" blocks (opponent in 4
// columns, colour, result), each placed at 92 + 10(r - 1).
std::string player_line(int rank, std::string_view name, std::string_view fide_id,
                        std::initializer_list<std::string_view> rounds) {
    std::string line(91, ' ');
    line.replace(0, 3, "001");
    const std::string r = std::to_string(rank);
    line.replace(8 - r.size(), r.size(), r);
    line.replace(14, name.size(), name);
    line.replace(68 - fide_id.size(), fide_id.size(), fide_id);
    for (std::string_view round : rounds) {
        line += std::string(round);
        line += std::string(10 - round.size(), ' ');
    }
    return line + "\n";
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(TrfReader, ReadsThePlayerLineColumns) {
    const std::string text =
        "001    7 m  g Vasquez,Rodrigo                   2558 CHI     3400042 1969.12.06  6.0    4"
        "     8 w 1\n"
        "001    8 f    Ruiz, Ana                         2100 ESP             1990/01/01  0.0    9"
        "     7 b 0\n";
    const Tournament t = read(text);
    ASSERT_TRUE(t.errors.empty());
    ASSERT_EQ(t.players.size(), 2u);
    const Player& p = t.players[0];
    EXPECT_EQ(p.start_rank, 7u);
    EXPECT_EQ(p.sex, "m");
    EXPECT_EQ(p.title, "g");
    EXPECT_EQ(p.name, "Vasquez,Rodrigo");
    EXPECT_EQ(p.rating, 2558u);
    EXPECT_EQ(p.federation, "CHI");
    EXPECT_EQ(p.fide_id, 3400042u);
    EXPECT_EQ(p.birth_date, "1969.12.06");
    EXPECT_EQ(p.points, "6.0");
    EXPECT_EQ(p.line, 1u);
    ASSERT_EQ(p.rounds.size(), 1u);
    EXPECT_EQ(p.rounds[0].opponent, 8u);
    EXPECT_EQ(p.rounds[0].colour, Colour::White);
    EXPECT_EQ(p.rounds[0].code, Code::Win);
    EXPECT_EQ(t.players[1].fide_id, 0u);
    EXPECT_EQ(t.rounds, 1);
}

TEST(TrfReader, ReadsTheHeaderLines) {
    const std::string text =
        "012 Open de Linares\n042 2026/01/10\n052 2026/01/18\n062 2\n"
        "132" +
        std::string(88, ' ') + "26/01/10  26/01/11\n";
    const Tournament t = read(text);
    EXPECT_TRUE(t.errors.empty());
    EXPECT_EQ(t.name, "Open de Linares");
    EXPECT_EQ(t.start_date, "2026/01/10");
    EXPECT_EQ(t.end_date, "2026/01/18");
    EXPECT_EQ(t.player_count, 2u);
    ASSERT_EQ(t.round_dates.size(), 2u);
    EXPECT_EQ(t.round_dates[1], "26/01/11");
}

TEST(TrfReader, ReadsPastCommentsAndOtherRecordTypes) {
    const std::string text = "### exported by a pairing program\nXXR 9\nDAT 0001 EMAIL a@b\n\n" +
                             player_line(1, "Ruiz, Ana", "", {}) + "BBW  1.0\n";
    const Tournament t = read(text);
    EXPECT_TRUE(t.errors.empty());
    ASSERT_EQ(t.players.size(), 1u);
    EXPECT_EQ(t.players[0].line, 5u);
}

TEST(TrfReader, ReadsEveryResultCodeInEitherCase) {
    for (const char c : std::string_view("1=0+-WDLHFUZwdlhfuz ")) EXPECT_TRUE(code_from_char(c));
    EXPECT_FALSE(code_from_char('x'));
    EXPECT_EQ(code_from_char('d'), Code::DrawShort);
}

TEST(TrfReader, ReadsCarriageReturnLineEnds) {
    const std::string text = "012 Open\n" + player_line(1, "A", "", {"   2 w 1"}) +
                             player_line(2, "B", "", {"   1 b 0"});
    std::string crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const Tournament t = read(crlf);
    EXPECT_TRUE(t.errors.empty());
    EXPECT_EQ(t.name, "Open");
    EXPECT_EQ(t.players[1].round(1).code, Code::Loss);
}

TEST(TrfReader, LocatesAFieldThatIsNotANumberAndReadsTheRest) {
    std::string bad = player_line(1, "A", "12x45", {});
    const Tournament t = read(bad + player_line(2, "B", "", {}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].line, 1u);
    EXPECT_EQ(t.errors[0].column, 66u);
    EXPECT_EQ(t.errors[0].problem, Problem::NotANumber);
    EXPECT_EQ(t.players.size(), 2u);
}

TEST(TrfReader, LocatesAnUnknownResultCode) {
    const Tournament t = read(player_line(1, "A", "", {"       ?"}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::BadCode);
    EXPECT_EQ(t.errors[0].column, 99u);
    EXPECT_EQ(t.errors[0].round, 1);
}

TEST(TrfReader, LocatesAnUnknownColour) {
    const Tournament t =
        read(player_line(1, "A", "", {"", "   2 x 1"}) + player_line(2, "B", "", {"", "   1 b 0"}));
    ASSERT_FALSE(t.errors.empty());
    EXPECT_EQ(t.errors[0].problem, Problem::BadColour);
    EXPECT_EQ(t.errors[0].column, 107u);
    EXPECT_EQ(t.errors[0].round, 2);
}

TEST(TrfReader, RejectsALineWithoutStartRank) {
    const Tournament t = read("001          A\n");
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::NoStartRank);
    EXPECT_TRUE(t.players.empty());
}

TEST(TrfReader, RejectsARepeatedStartRankNamingTheFirstLine) {
    const Tournament t = read(player_line(1, "A", "", {}) + player_line(1, "B", "", {}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::RepeatedStartRank);
    EXPECT_EQ(t.errors[0].line, 2u);
    EXPECT_EQ(t.errors[0].other, 1u);
    EXPECT_EQ(t.players.size(), 1u);
}

TEST(TrfReader, RejectsAPlayedResultWithoutOpponent) {
    const Tournament t = read(player_line(1, "A", "", {"       1"}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::PlayedWithoutOpponent);
}

TEST(TrfReader, ReadsByesAndForfeitsWithoutOpponent) {
    const Tournament t =
        read(player_line(1, "A", "", {"       H", "       -", "       U", "0000 - Z"}));
    EXPECT_TRUE(t.errors.empty());
    EXPECT_EQ(t.players[0].round(1).code, Code::HalfBye);
    EXPECT_EQ(t.players[0].round(2).code, Code::ForfeitLoss);
    EXPECT_EQ(t.players[0].round(4).opponent, 0u);
    EXPECT_EQ(t.players[0].round(9).code, Code::None);
}

TEST(TrfReader, FindsAnOpponentWhoseLineNamesSomeoneElse) {
    const Tournament t =
        read(player_line(1, "A", "", {"   2 w 1"}) + player_line(2, "B", "", {"   3 b 0"}) +
             player_line(3, "C", "", {"   2 w 1"}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::OpponentDisagrees);
    EXPECT_EQ(t.errors[0].line, 1u);
    EXPECT_EQ(t.errors[0].column, 92u);
    EXPECT_EQ(t.errors[0].other, 2u);
}

TEST(TrfReader, FindsAnOpponentThatHasNoLine) {
    const Tournament t = read(player_line(1, "A", "", {"   9 w 1"}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::UnknownOpponent);
    EXPECT_EQ(t.errors[0].other, 9u);
}

TEST(TrfReader, FindsBothLinesGivingTheSameColourOnce) {
    const Tournament t =
        read(player_line(1, "A", "", {"   2 w ="}) + player_line(2, "B", "", {"   1 w ="}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::SameColours);
    EXPECT_EQ(t.errors[0].column, 97u);
}

TEST(TrfReader, FindsResultsThatDoNotAddUp) {
    const Tournament t =
        read(player_line(1, "A", "", {"   2 w 1"}) + player_line(2, "B", "", {"   1 b ="}));
    ASSERT_EQ(t.errors.size(), 1u);
    EXPECT_EQ(t.errors[0].problem, Problem::ResultsDisagree);
    EXPECT_EQ(t.errors[0].column, 99u);
}

TEST(TrfReader, AcceptsADoubleForfeit) {
    const Tournament t =
        read(player_line(1, "A", "", {"   2 - -"}) + player_line(2, "B", "", {"   1 - -"}));
    EXPECT_TRUE(t.errors.empty());
}

TEST(TrfReader, FindsPlayersByStartRank) {
    const std::string text = player_line(5, "E", "", {}) + player_line(2, "B", "", {});
    const Tournament t = read(text);
    ASSERT_NE(t.by_start_rank(5), nullptr);
    EXPECT_EQ(t.by_start_rank(5)->name, "E");
    EXPECT_EQ(t.by_start_rank(3), nullptr);
    EXPECT_EQ(t.by_start_rank(99999), nullptr);
}

TEST(TrfReader, ReadsARealTournamentWithoutError) {
    const std::string text =
        read_file(std::string(DRAWAUDIT_SOURCE_DIR) + "/tests/trf/data/karl-mala-2005.trf");
    const Tournament t = read(text);
    for (const Error& e : t.errors)
        ADD_FAILURE() << "line " << e.line << " column " << e.column << " problem "
                      << static_cast<int>(e.problem);
    EXPECT_EQ(t.players.size(), 284u);
    EXPECT_EQ(t.player_count, 284u);
    EXPECT_EQ(t.rounds, 7);
    EXPECT_EQ(t.name, "9. Karl-Mala-Gedenkturnier");
}

TEST(TrfReader, ReadsALichessSwissExportWithoutError) {
    const std::string text =
        read_file(std::string(DRAWAUDIT_SOURCE_DIR) + "/tests/trf/data/lichess-swiss-FaLp5fSD.trf");
    const Tournament t = read(text);
    EXPECT_TRUE(t.errors.empty());
    EXPECT_EQ(t.players.size(), 13u);
    EXPECT_EQ(t.rounds, 10);
    EXPECT_EQ(t.by_start_rank(5)->round(1).code, Code::HalfBye);
}

}  // namespace
}  // namespace drawaudit::trf
