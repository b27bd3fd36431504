// SARIF 2.1.0, as GitHub code scanning accepts it: one run, the tool's rules (one per rule id,
// with its article and help), and one result per finding located at the move's file, line and
// column. Results are streamed; only the enclosing brackets wait for end().
#include <algorithm>
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::Rule;

constexpr std::string_view laws_uri = "https://handbook.fide.com/chapter/E012023";

// What an arbiter or database keeper does about each rule's findings (SARIF `help`).
std::string_view rule_help(Rule rule) {
    switch (rule) {
        case Rule::ThreefoldClaim:
            return "The player having the move could have claimed a draw by threefold repetition: "
                   "either the position is on the board for the third time (9.2.1.2) or the player "
                   "could write down a move that produces it (9.2.1.1). Check the earlier "
                   "occurrences on the scoresheet; nothing needs fixing unless the record is "
                   "wrong.";
        case Rule::FiftyMoveClaim:
            return "The player having the move could have claimed a draw under the fifty-move "
                   "rule: "
                   "the last 50 moves of each player had no pawn move and no capture (9.3.2), or "
                   "the player could write down such a 50th move (9.3.1).";
        case Rule::FivefoldDraw:
            return "The same position appeared for the fifth time: the game was drawn at once "
                   "(9.6.1), whatever was played or recorded afterwards.";
        case Rule::SeventyFiveMoveDraw:
            return "75 moves of each player passed without a pawn move or a capture: the game was "
                   "drawn at once (9.6.2) unless the last move gave checkmate.";
        case Rule::Checkmate:
            return "The game ended by checkmate (5.1.1); the record and the result should stop "
                   "there.";
        case Rule::Stalemate:
            return "The game ended by stalemate (5.2.1): drawn; the result should be 1/2-1/2.";
        case Rule::DeadPosition:
            return "No sequence of legal moves can lead to checkmate (5.2.2): the game was drawn "
                   "at "
                   "once; the result should be 1/2-1/2.";
        case Rule::MovesAfterEnd:
            return "The record goes on after the game had ended by rule (checkmate, stalemate, "
                   "dead "
                   "position, fivefold or 75 moves). Correct the record or the result.";
        case Rule::ResultConflict:
            return "The recorded result is not the one the rules give (5.1, 5.2, 9.6), or it is "
                   "decisive where the winner could not checkmate (5.1.2, 6.9, 7.5.5). Correct the "
                   "Result tag.";
        case Rule::ResultMismatch:
            return "The Result tag and the termination marker at the end of the movetext differ. "
                   "Make them agree.";
        case Rule::EarlyAgreement:
            return "A draw was agreed before both players had made a move (5.2.3) or before the "
                   "number of moves the tournament rules require (9.1.1).";
        case Rule::IllegalMove:
            return "A move of the record is illegal, ambiguous or unreadable in its position; the "
                   "rest of the game was not audited. Correct the move.";
        case Rule::ParseError:
            return "The PGN text of the game is malformed; the game was skipped. Correct the text "
                   "at the given line and column.";
        case Rule::BadFen:
            return "The FEN tag is malformed or describes an impossible position; the game was not "
                   "audited. Correct the FEN tag.";
        case Rule::FenRepaired:
            return "The FEN tag claimed castling rights or an en-passant square the pieces cannot "
                   "have, or lacked its clock fields; the position was repaired and audited.";
        case Rule::UnsupportedVariant:
            return "The Variant tag names a variant other than standard chess or Chess960; the "
                   "game "
                   "was counted and skipped.";
        case Rule::NullMove:
            return "The movetext holds a null move; the game cannot be replayed past it.";
        case Rule::DuplicateGame:
            return "The same game (start position, moves, and White and Black ignoring case and "
                   "spacing) is recorded earlier in the collection; the finding names the earlier "
                   "record. Remove one of them unless both are wanted.";
        case Rule::DuplicateConflict:
            return "The same game is recorded earlier in the collection with another result: two "
                   "records of one game cannot both be right. Correct the wrong one.";
        case Rule::BroadcastResultSignal:
            return "The first illegal move of the record and the at most one half-move after it "
                   "put the kings on the centre squares: the DGT e-board's result signal (both on "
                   "light squares 1-0, both on dark squares 0-1, one on each 1/2-1/2) transmitted "
                   "as moves. The game was judged without them; remove them from the record and "
                   "check the Result tag against the signal.";
        case Rule::ResultTagInvalid:
            return "The Result tag or the movetext's final marker is not 1-0, 0-1, 1/2-1/2 or *: "
                   "0-0 as broadcasts write a double forfeit, 1:0, 0.5-0.5, and the like. The "
                   "game was audited with the result *; write the result as PGN does.";
        case Rule::PairingResultMismatch:
            return "The pairing program's report (TRF) gives this game another result than its "
                   "Result tag. Correct the one that was keyed in wrongly before the round report "
                   "goes to FIDE.";
        case Rule::PairingColours:
            return "The pairing program's report (TRF) has the two players with the other "
                   "colours. Correct the pairing program or the game's White and Black tags.";
        case Rule::PairingForfeitPlayed:
            return "The pairing program's report (TRF) records a forfeit, but the game has a move "
                   "by each player: it was played. Enter its result in the pairing program.";
        case Rule::PairingMissingGame:
            return "The pairing program's report (TRF) gives this pairing as played, but no game "
                   "of the input has the two players in that round. Find the game (a missing "
                   "board, a wrong Round tag or name).";
        case Rule::GameWithoutPairing:
            return "A player of the game is not in the pairing program's report (TRF), or the two "
                   "were not paired in the game's round. Check the Round, White and Black tags.";
        case Rule::TrfError:
            return "A line of the TRF breaks the layout of FIDE's Tournament Report File (C.04 "
                   "Annex 2), or the two player lines of a pairing disagree. Correct it in the "
                   "pairing program and export again.";
    }
    return "";
}

// "article 9.2" for the Laws, "PGN standard, section 8" for the articles of the PGN standard.
std::string reference(std::string_view article) {
    if (article.empty()) return "the FIDE Laws of Chess";
    if (article.substr(0, 4) == "PGN ")
        return fmt::format("PGN standard, section {}", article.substr(4));
    return fmt::format("FIDE Laws of Chess, article {}", article);
}

// SARIF rule names are PascalCase identifiers: "threefold-claim" -> "ThreefoldClaim".
std::string pascal_case(std::string_view id) {
    std::string name;
    bool upper = true;
    for (const char c : id) {
        if (c == '-') {
            upper = true;
            continue;
        }
        name.push_back(upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
        upper = false;
    }
    return name;
}

std::string_view level_for(audit::Severity severity) {
    switch (severity) {
        case audit::Severity::Error:
            return "error";
        case audit::Severity::Warning:
            return "warning";
        case audit::Severity::Info:
            return "note";
    }
    return "note";
}

class SarifWriter final : public Writer {
  public:
    SarifWriter(Output& output, const WriterOptions& options)
        : Writer(output),
          version_(options.tool_version),
          baseline_(options.baseline),
          trf_(options.trf) {}

    void begin() override {
        append(buffer_,
               "{\n"
               "  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
               "  \"version\": \"2.1.0\",\n"
               "  \"runs\": [\n"
               "    {\n"
               "      \"tool\": {\n"
               "        \"driver\": {\n"
               "          \"name\": \"drawaudit\",\n"
               "          \"version\": ");
        append_json_string(buffer_, version_);
        append(buffer_, ",\n          \"semanticVersion\": ");
        append_json_string(buffer_, version_);
        append(buffer_, ",\n          \"informationUri\": ");
        append_json_string(buffer_, laws_uri);
        append(buffer_, ",\n          \"rules\": [");
        // --trf's rules come last (their ruleIndex is their place either way): listed only in a
        // run with a TRF, so that a run without one writes what it wrote before.
        for (int i = 0; i < audit::RuleCount; ++i) {
            if (!trf_ && audit::is_pairing_rule(static_cast<Rule>(i))) continue;
            write_rule(static_cast<Rule>(i), i == 0);
        }
        append(buffer_,
               "\n          ]\n"
               "        }\n"
               "      },\n"
               "      \"columnKind\": \"utf16CodeUnits\",\n"
               "      \"results\": [");
    }

    void game(const audit::GameReport& report) override {
        if (report.findings.empty()) return;
        for (const audit::Finding& f : report.findings) write_result(report, f);
        maybe_flush();
    }

    void trf_findings(const audit::GameReport& trf) override { game(trf); }

    void end(const audit::Summary& summary) override {
        append(buffer_, first_result_ ? "]," : "\n      ],");
        // An input that could not be read makes the run unsuccessful (the results are partial).
        fmt::format_to(std::back_inserter(buffer_),
                       "\n      \"invocations\": [{{\"executionSuccessful\": {}}}]\n",
                       summary.io_errors == 0 ? "true" : "false");
        append(buffer_, "    }\n  ]\n}\n");
        flush();
    }

  private:
    void write_rule(Rule rule, bool first) {
        const std::string_view id = audit::rule_id(rule);
        const std::string_view article = audit::rule_article(rule);
        const std::string_view description = rule_description(rule);
        append(buffer_, first ? "\n" : ",\n");
        append(buffer_, "            {\"id\": ");
        append_json_string(buffer_, id);
        append(buffer_, ", \"name\": ");
        append_json_string(buffer_, pascal_case(id));
        append(buffer_, ",\n             \"shortDescription\": {\"text\": ");
        append_json_string(buffer_, description);
        append(buffer_, "},\n             \"fullDescription\": {\"text\": ");
        text_.clear();
        fmt::format_to(std::back_inserter(text_), "{} ({}).", description, reference(article));
        append_json_string(buffer_, std::string_view(text_.data(), text_.size()));
        append(buffer_, "},\n             \"helpUri\": ");
        append_json_string(buffer_, laws_uri);
        append(buffer_, ",\n             \"help\": {\"text\": ");
        text_.clear();
        fmt::format_to(std::back_inserter(text_), "{} Reference: {}.", rule_help(rule),
                       reference(article));
        append_json_string(buffer_, std::string_view(text_.data(), text_.size()));
        append(buffer_, ", \"markdown\": ");
        text_.clear();
        fmt::format_to(std::back_inserter(text_),
                       "**{}**\n\n{}\n\nReference: {} ([FIDE Laws of Chess]({})).", id,
                       rule_help(rule), reference(article), laws_uri);
        append_json_string(buffer_, std::string_view(text_.data(), text_.size()));
        append(buffer_, "},\n             \"properties\": {\"tags\": [\"chess\", \"fide-laws\"]}}");
    }

    void write_result(const audit::GameReport& report, const audit::Finding& f) {
        append(buffer_, first_result_ ? "\n" : ",\n");
        first_result_ = false;
        append(buffer_, "        {\"ruleId\": ");
        append_json_string(buffer_, audit::rule_id(f.rule));
        fmt::format_to(std::back_inserter(buffer_), ", \"ruleIndex\": {}, \"level\": \"{}\",",
                       static_cast<int>(f.rule), level_for(f.severity));
        append(buffer_, "\n         \"message\": {\"text\": ");
        text_.clear();
        if (report.game == 0) {
            append(text_, "TRF");  // the TRF's own findings (trf_findings)
        } else {
            fmt::format_to(std::back_inserter(text_), "Game {}", report.game);
        }
        if (!report.white.empty() || !report.black.empty()) {
            fmt::format_to(std::back_inserter(text_), " ({} - {})", report.white, report.black);
        }
        if (!f.move.empty()) fmt::format_to(std::back_inserter(text_), ", {}", f.move);
        fmt::format_to(std::back_inserter(text_), ": {}", english_message(f));
        if (const std::string_view article =
                f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article);
            !article.empty()) {
            fmt::format_to(std::back_inserter(text_), " [{}]", article);
        }
        append_json_string(buffer_, std::string_view(text_.data(), text_.size()));
        append(buffer_,
               "},\n         \"locations\": [{\"physicalLocation\": {\"artifactLocation\": "
               "{\"uri\": ");
        text_.clear();
        append_artifact_uri(report.file);
        append_json_string(buffer_, std::string_view(text_.data(), text_.size()));
        fmt::format_to(std::back_inserter(buffer_), "}}, \"region\": {{\"startLine\": {}",
                       f.line != 0 ? f.line : std::max<std::uint64_t>(report.line, 1));
        // columnKind is utf16CodeUnits: the reader's byte column converted (audit/columns.hpp).
        if (f.column_utf16 != 0)
            fmt::format_to(std::back_inserter(buffer_), ", \"startColumn\": {}", f.column_utf16);
        // The fingerprint of every format (audit/fingerprint.hpp). v2: v1 hashed the file name.
        fmt::format_to(std::back_inserter(buffer_),
                       "}}}}}}],\n         \"partialFingerprints\": {{\"drawauditFinding/v2\": "
                       "\"{:016x}\"}},",
                       f.fingerprint);
        if (baseline_) append(buffer_, " \"baselineState\": \"new\",");
        fmt::format_to(std::back_inserter(buffer_),
                       "\n         \"properties\": {{\"game\": {}, \"ply\": {}", report.game,
                       f.ply);
        if (f.route != audit::Route::None) {
            fmt::format_to(std::back_inserter(buffer_), ", \"route\": \"{}\"",
                           audit::route_name(f.route));
        }
        append(buffer_, ", \"laws\": ");
        append_json_string(buffer_, audit::laws_name(report.laws));
        append(buffer_, "}}");
    }

    // A relative path stays relative (GitHub resolves it against the repository root); an
    // absolute one becomes a file URI; standard input has no file.
    void append_artifact_uri(std::string_view path) {
        if (path == "-") {
            append(text_, "stdin");
            return;
        }
        if (!path.empty() && path.front() == '/') append(text_, "file://");
        while (path.substr(0, 2) == "./") path.remove_prefix(2);
        append_uri_path(text_, path);
    }

    std::string version_;
    bool first_result_ = true;
    bool baseline_ = false;
    bool trf_ = false;
    fmt::memory_buffer text_;
};

}  // namespace

std::unique_ptr<Writer> make_sarif_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<SarifWriter>(output, options);
}

}  // namespace drawaudit::report
