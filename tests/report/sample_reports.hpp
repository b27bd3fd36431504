// Hand-made game reports for the writer tests: shaped as the auditor fills them.
#pragma once

#include "audit/finding.hpp"
#include "audit/fingerprint.hpp"
#include "report/writer.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace drawaudit::report::testing {

// A new file in /tmp holding `text`; returns its path (the test removes it).
inline std::string write_temp(const std::string& text) {
    char name[] = "/tmp/drawaudit-report-test-XXXXXX";
    const int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    std::FILE* file = fdopen(fd, "wb");
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
    return name;
}

// A game whose record has a threefold claim by both routes at "36. Kd3".
inline audit::GameReport threefold_game() {
    audit::GameReport report;
    report.file = "games/twic.pgn";
    report.game = 56;
    report.line = 1401;
    report.offset = 1000;
    report.white = "Zvjaginsev,V";
    report.black = "Maletin,P";
    report.event = "65th ch-RUS HL";
    report.site = "Tyumen RUS";
    report.round = "3";
    report.date = "2012.06.18";
    report.result = "1/2-1/2";
    report.laws = audit::Laws::Laws1997;
    report.plies = 71;
    report.text = "[Event \"65th ch-RUS HL\"]\n\n1. e4 e5 36. Kd3 Rd8+ 1/2-1/2";

    audit::Finding appeared;
    appeared.rule = audit::Rule::ThreefoldClaim;
    appeared.route = audit::Route::Appeared;
    appeared.side = audit::Side::Black;
    appeared.article = "9.2.1.2";
    appeared.ply = 71;
    appeared.move = "36. Kd3";
    appeared.line = 1420;
    appeared.column = 4;
    appeared.column_utf16 = 4;
    appeared.offset = 1000 + report.text.find("Kd3");
    appeared.message = "Black may claim a draw: the position has appeared for the third time";
    appeared.fen = "3r4/8/8/8/8/3K4/8/3k4 b - - 10 36";
    appeared.occurrences = {63, 67, 71};
    appeared.occurrence_count = 3;
    appeared.occurrence_moves = {"32. Kd3", "34. Kd3", "36. Kd3"};
    report.findings.push_back(appeared);

    audit::Finding declared = appeared;
    declared.route = audit::Route::Declared;
    declared.article = "9.2.1.1";
    declared.message = "Black may claim a draw by writing 36... Rd8+";
    declared.occurrences = {64, 68};
    declared.occurrence_count = 2;
    declared.occurrence_moves = {"32... Rd8+", "34... Rd8+"};
    declared.moves = {"Rd8+"};
    report.findings.push_back(declared);
    report.identity = 0x1234567800000000ULL + 0;  // as the auditor sets it
    audit::restamp_fingerprints(report);
    return report;
}

// A game without findings.
inline audit::GameReport clean_game() {
    audit::GameReport report;
    report.file = "games/twic.pgn";
    report.game = 57;
    report.line = 1500;
    report.white = "A";
    report.black = "B";
    report.result = "1-0";
    report.plies = 40;
    report.text = "[Event \"x\"]\n\n1. e4 1-0";
    report.identity = 0x1234567800000000ULL + 1;  // as the auditor sets it
    audit::restamp_fingerprints(report);
    return report;
}

// A finding whose message and tags need escaping in every format.
inline audit::GameReport awkward_game() {
    audit::GameReport report;
    report.file = "dir with space/a,b:c.pgn";
    report.game = 1;
    report.line = 3;
    report.white = "O\"Neil, \\ Pat\n";
    report.black = "Ł\xC3";  // a stray byte that is not UTF-8
    report.result = "";
    report.plies = 0;
    report.error = true;
    audit::Finding error;
    error.rule = audit::Rule::ParseError;
    error.severity = audit::Severity::Error;
    error.article = "PGN 8";
    error.line = 5;
    error.column = 7;
    error.column_utf16 = 7;
    error.message = "100% broken: \"}\"\r\nhere, really";
    report.findings.push_back(error);
    report.identity = 0x1234567800000000ULL + 2;  // as the auditor sets it
    audit::restamp_fingerprints(report);
    return report;
}

// The whole report of `games` in `format`, as a run over one file writes it.
inline std::string run(Format format, const std::vector<audit::GameReport>& games,
                       WriterOptions options = {}) {
    StringOutput output;
    auto writer = make_writer(format, output, options);
    writer->begin();
    audit::Summary summary;
    summary.files = 1;
    for (const auto& game : games) {
        writer->game(game);
        summary.add(game);
    }
    writer->end(summary);
    EXPECT_FALSE(writer->failed());
    return output.text;
}

}  // namespace drawaudit::report::testing
