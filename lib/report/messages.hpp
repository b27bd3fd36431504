// The message catalog: every sentence an arbiter reads in the text and HTML reports, in each
// language the reports speak. Machine formats (JSON Lines, CSV, SARIF) keep their English ids and
// the audit's English `message`; only the readers' reports go through here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "audit/finding.hpp"

namespace drawaudit::report {

enum class Lang : std::uint8_t { En, Es };
inline constexpr int LangCount = 2;
std::optional<Lang> lang_from_name(std::string_view name);  // "en", "es"
std::string_view lang_name(Lang lang);
// The language a LANG value asks for: Es for "es", "es_ES.UTF-8", ...; En otherwise.
Lang lang_from_locale(std::string_view locale);

// Each entry is a fmt format string; the arguments each takes are named beside it. Translations
// may reorder them with positional indices ({1} before {0}).
enum class Msg : std::uint16_t {
    // Game identity (text and HTML).
    GameLabel,      // "game {}" (number)
    RoundLabel,     // "round {}"
    NoResult,       // "(no result)"
    StartLabel,     // the move column for position 0
    ErrorTag,       // "[error] "
    WarningTag,     // "[warning] "
    EarlierList,    // " (earlier: {})"
    StartPosition,  // "the start position" (an occurrence)
    AfterMove,      // "after {}" (move)
    AndMore,        // ", and {} more" (occurrences a capped list leaves out)
    AtTheStart,     // "at the start" (occurrence lists inside finding sentences)
    Or,             // " or " (between alternatives)
    LawsBefore2014,
    Laws2014,
    Laws2017,
    Laws2023,
    // Verdict on the recorded result.
    VerdictPrefix,   // "Result {}: " (result)
    VerdictMissing,  // the result shown when there is none
    VerdictNotJudged,
    VerdictMismatch,   // "does not match ... marker"
    VerdictMarker,     // " ({})" (the marker)
    VerdictConflict,   // "NOT consistent with the rules"
    VerdictRulesGive,  // " (the rules give {})"
    VerdictEarly,
    VerdictConsistentGives,  // "consistent (the rules give {}" (result)
    VerdictBy,               // " by {}" (termination)
    VerdictClose,            // ")."
    VerdictClaimAtEnd,
    VerdictAgreed,
    VerdictNoResult,
    VerdictNoOwnResult,
    Period,  // "."
    // Summary of the text report.
    GameOne,
    GameMany,
    FileOne,
    FileMany,
    DrawOne,
    DrawMany,
    SummaryRead,        // "{} read from {}, {} could not be audited to the end" (games, files, n)
    SummaryIoErrors,    // "; {} could not be read" (files)
    SummaryClaims,      // threefold games, on board, fifty games, after-end games, early draws
    SummaryEndings,     // mate, stalemate, dead, fivefold, 75, conflicts (games), mismatches
    SummaryUnreplayed,  // "Records that could not be replayed: "
    None,               // "none"
    SummaryPlies,       // ". {} plies in {:.2f} s." (plies, seconds)
    // Termination reasons (verdicts and finding sentences).
    ReasonCheckmate,
    ReasonStalemate,
    ReasonDeadPosition,
    ReasonFivefold,
    ReasonSeventyFive,
    // Sides: as the subject of a sentence, and inside one.
    WhiteSubject,
    BlackSubject,
    WhiteInside,
    BlackInside,
    // Finding sentences, rendered from the finding's fields (finding_sentence).
    ThreefoldAppeared,      // side, ordinal, occurrences
    ThreefoldDeclared,      // side, move, ordinal, occurrences
    ThreefoldDeclaredMany,  // side, moves, occurrences
    FiftyDeclared,          // side, example move
    FiftyAppeared,          // side, clock
    Checkmated,             // loser, winner, result
    Stalemated,             // side
    DeadPositionDrawn,
    DeadPositionProved,  // when ("after 1. h4"), why (the proofs of both sides)
    ProofEachSide,       // "for each side, {}" (one proof)
    ProofBySide,         // white's proof, black's proof
    ProofMaterial,       // the proofs of unwinnability (lib/chess/unwinnable.hpp), as clauses
    ProofLockedPawns,
    ProofExhausted,
    FivefoldDrawn,       // ordinal, occurrences
    SeventyFiveDrawn,    // clock
    EndedAfter,          // "after {}" (move): when the game ended
    EndedAtStart,        // "at the start"
    MovesAfterEndOne,    // when, reason
    MovesAfterEndMany,   // when, reason, count
    ConflictEnding,      // when, reason, expected, what the tag says
    TagSays,             // "says {}"
    TagMissing,          // "is missing"
    ConflictCannotMate,  // recorded, winner, termination note, proof
    TerminationNote,     // " (Termination tag: \"{}\")"
    Mismatch,            // recorded, marker
    EarlyBothMoved,      // white moves, black moves, required
    EarlyBeforeOne,      // plies (1)
    EarlyBeforeMany,     // plies
    IllegalMove,         // move, reason
    NullMove,            // move
    ParseError,          // line, column, reason
    SetUpWithoutFen,
    FenCannotBeSetUp,    // fen, reason
    FenRepaired,         // what
    UnsupportedVariant,  // variant
    DuplicateGame,       // where ("game 12", "game 3 of b.pgn")
    DuplicateConflict,   // where, its result, this game's result
    DuplicateWhere,      // game number
    DuplicateWhereIn,    // game number, file
    NoResultTag,
    // Why a drawn game was drawn (RULES.md "Why each draw happened"): the verdict's sentence.
    DrawnStalemate,
    DrawnDeadPosition,
    DrawnFivefold,
    DrawnSeventyFive,
    DrawnPerpetual,       // side, first checking move, last checking move
    DrawnPerpetualCycle,  // side (the moves are not known, as in a merged report)
    DrawnThreefold,
    DrawnFifty,
    DrawnTimeForfeit,
    DrawnEarlyAgreement,
    DrawnAgreement,
    // The summary's results and draw reasons.
    SummaryResults,      // 1-0, 0-1, 1/2-1/2, * counts, draw rate, games with a result
    SummaryDrawReasons,  // "\nWhy the draws were drawn: "
    SummaryNoDraws,
    // The draw reasons as the summary lists them: the English is the rule-like id itself.
    DrawReasonStalemate,
    DrawReasonDeadPosition,
    DrawReasonFivefold,
    DrawReasonSeventyFive,
    DrawReasonPerpetual,
    DrawReasonThreefold,
    DrawReasonFifty,
    DrawReasonTimeForfeit,
    DrawReasonEarlyAgreement,
    DrawReasonAgreement,
    // The HTML report.
    HtmlTitle,
    HtmlSummary,
    HtmlFindingsByRule,  // chart title
    HtmlResults,         // chart title: the recorded results
    HtmlDrawReasons,     // chart title: why the draws were drawn
    HtmlGamesShown,      // "{} of {} games with findings are shown" (shown, total)
    HtmlGamesLeftOut,    // "{} games with findings were left out (--html-max-games {})"
    HtmlNoFindings,
    HtmlMoves,
    HtmlTimeline,
    HtmlTimelineNote,  // what is shaded
    HtmlFindings,
    HtmlBoardAfter,     // "Position after {}" (move)
    HtmlBoardStart,     // "Start position"
    HtmlOccurrences,    // "Occurrences:"
    HtmlDeclaredMoves,  // "Arrows: the moves that would repeat it:"
    HtmlWindow,         // "Claim window: positions {} to {}" (from, until)
    HtmlWindowOpen,     // "Claim window: from position {} to the end of the record"
    HtmlFinalPosition,  // "Final position"
    HtmlFile,           // "File"
    HtmlLine,           // "line"
    HtmlDate,
    HtmlRound,
    HtmlMoveCount,     // "{} moves"
    HtmlNoMoves,       // the game's text was not kept / could not be replayed
    HtmlFen,           // "FEN"
    HtmlFindingCount,  // chart axis: "findings"
    HtmlInfo,          // the label of an info finding (beside "[error] ", "[warning] ")
    HtmlSheet,         // the heading of the round's sheet (--all-games)
    HtmlColumnGame,    // the sheet's columns
    HtmlColumnResult,
    HtmlColumnVerdict,
    Count
};
inline constexpr std::size_t MsgCount = static_cast<std::size_t>(Msg::Count);

// The entry of `msg` in `lang` (never empty: the test of the catalog checks every entry).
std::string_view text(Msg msg, Lang lang);

// text() formatted with the arguments the entry names.
template <typename... Args>
std::string say(Lang lang, Msg msg, Args&&... args) {
    return fmt::format(fmt::runtime(text(msg, lang)), std::forward<Args>(args)...);
}

// The ordinal of a repetition count, as the sentences use it ("third"; Spanish "tercera", vez).
std::string ordinal(int n, Lang lang);
// A draw reason as the summary names it ("perpetual-check"; "jaque continuo").
std::string_view draw_reason_label(audit::DrawReason reason, Lang lang);
std::string_view side_subject(audit::Side side, Lang lang);  // "White" / "Las blancas"
std::string_view side_inside(audit::Side side, Lang lang);   // "White" / "las blancas"
std::string_view termination_reason(audit::Termination termination, Lang lang);

// The sentence of a finding in `lang`. English is the audit's own message (the reports are
// byte-identical to it); other languages are rendered from the finding's fields, keeping as it
// is any detail that exists only in the message's text (a parser's reason, a FEN repair).
std::string finding_sentence(const audit::Finding& finding, const audit::GameReport& game,
                             Lang lang);
// True when finding_sentence lists the earlier occurrences itself.
bool sentence_lists_occurrences(const audit::Finding& finding, Lang lang);

}  // namespace drawaudit::report
