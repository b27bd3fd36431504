// The message catalog: every sentence of the findings and of the readers' reports, in each
// language the reports speak. Machine formats (JSON Lines, CSV, SARIF, GitHub, PGN) keep their
// English ids and write a finding's `message` as english_message() renders it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "audit/finding.hpp"
#include "pgn/source.hpp"

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
    // Finding sentences, rendered from the finding's MessageArgs and fields (finding_sentence).
    ThreefoldAppeared,  // side, ordinal, occurrences
    ThreefoldDeclared,  // side, the declared moves (DeclaredMove, joined by Or)
    FiftyDeclared,      // side, example move
    FiftyAppeared,      // side, clock
    Checkmated,         // loser, winner, result
    Stalemated,         // side as subject, side inside ("el rey de las negras")
    DeadPositionDrawn,
    DeadPositionProved,  // where (DeadAfter, DeadAtStart), why (the proofs of both sides)
    ProofEachSide,       // "for each side, {}" (one proof)
    ProofBySide,         // white's proof, black's proof
    ProofMaterial,       // the proofs of unwinnability (lib/chess/unwinnable.hpp), as clauses
    ProofLockedPawns,
    ProofExhausted,
    ProofReachability,
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
    // Finding sentences' parts (added with the typed findings of issue 26).
    DeadAfter,      // "After {}" (move): where a dead position arose
    DeadAtStart,    // "The start position"
    ProofNone,      // a side not proved unable to mate (never in a dead position's finding)
    DeclaredMove,   // move, ordinal, occurrences: one move a threefold claim may write down
    AndMoreThen,    // ", and {} more, then " (a capped occurrence list's gap)
    ReplayRefused,  // an illegal move's reason when the SAN reader gave none
    AnotherResult,  // duplicate-conflict: an earlier Result tag that is no PGN result
    ArticleRef,     // "{}" / "art. {}": an article named inside a sentence
    // Severities as a person reads them (the machine formats keep severity_name).
    SeverityInfo,
    SeverityWarning,
    SeverityError,
    // Rule labels (RULES.md "Spanish notation"), in the order of audit::Rule; English: the id.
    RuleThreefoldClaim,
    RuleFiftyMoveClaim,
    RuleFivefoldDraw,
    RuleSeventyFiveMoveDraw,
    RuleCheckmate,
    RuleStalemate,
    RuleDeadPosition,
    RuleMovesAfterEnd,
    RuleResultConflict,
    RuleResultMismatch,
    RuleEarlyAgreement,
    RuleIllegalMove,
    RuleParseError,
    RuleBadFen,
    RuleFenRepaired,
    RuleUnsupportedVariant,
    RuleNullMove,
    RuleDuplicateGame,
    RuleDuplicateConflict,
    // The text report's summary sentences on duplicates, the baseline and uncounted findings.
    SummaryDuplicates,   // recorded again, with another result
    SummaryBaselineOne,  // "\nLeft out: 1 finding already in the baseline."
    SummaryBaselineMany,
    OmittedInGameOne,  // count, rule label: beyond the per-game limit, in a game's block
    OmittedInGameMany,
    OmittedInRunOne,  // count, rule label: in the summary
    OmittedInRunMany,
    HtmlSheet,       // the heading of the round's sheet (--all-games)
    HtmlColumnGame,  // the sheet's columns
    HtmlColumnResult,
    HtmlColumnVerdict,
    // Issue 31: what --min-severity left out (level name), in the text summary; and the one
    // ::notice line the github format ends with (count) when it left notices out.
    SummaryBelowMinSeverityOne,  // "\nLeft out: 1 finding below --min-severity warning."
    SummaryBelowMinSeverityMany,
    GithubNoticesLeftOutOne,
    GithubNoticesLeftOutMany,
    // RULES.md "Broadcast artefacts" (issue 29 item 3).
    RuleBroadcastResultSignal,
    RuleResultTagInvalid,
    BroadcastSignal,      // White's king's square, Black's, the signalled result, the tag's word
    SignalTagAgrees,      // "agrees" (the Result tag with the signal)
    ResultInvalidTag,     // the tag's value, the meaning clause
    ResultInvalidMarker,  // the marker, the meaning clause
    MeaningClause,        // "; it most likely means {}" (a meaning below)
    MeaningUnclear,       // the clause where no meaning is recognised
    MeaningWhiteWins,
    MeaningBlackWins,
    MeaningDraw,
    MeaningDoubleForfeit,
    // --trf (RULES.md "Round reconciliation against the pairing program"): the rule labels, in
    // the order of audit::Rule, the findings' sentences and the pairing as they name it.
    RulePairingResultMismatch,
    RulePairingColours,
    RulePairingForfeitPlayed,
    RulePairingMissingGame,
    RuleGameWithoutPairing,
    RuleTrfError,
    PairingWords,               // round, white, black, TRF line
    PairingResultMismatch,      // TRF result, pairing words, recorded
    PairingResultAgainstRules,  // TRF result, pairing words, recorded, how it ended, rules' result
    PairingColours,             // round, white, black, TRF line
    PairingForfeitPlayed,       // White's code, Black's code, pairing words, half-moves
    PairingMissingGame,         // pairing words, White's code, Black's code
    PlayerNotInTrf,             // side (subject), name
    NotPairedInRound,           // round
    TrfErrorAt,                 // line, column, the problem
    TrfNotANumber,              // (the problems of trf::Problem, in its order)
    TrfNoStartRank,
    TrfRepeatedStartRank,      // line
    TrfBadColour,              // round
    TrfBadCode,                // round
    TrfPlayedWithoutOpponent,  // round
    TrfUnknownOpponent,        // round, start rank
    TrfPairedWithSelf,         // round
    TrfOpponentDisagrees,      // round, start rank
    TrfSameColours,            // round
    TrfResultsDisagree,        // round
    TrfHeading,                // the text report's block of the TRF's own findings
    SummaryPairings,  // rounds, pairings, played, forfeits, byes, matched, by name, missing,
                      // games without pairing, games without round (pairing_summary_text)
    RoundOne,
    RoundMany,
    PairingOne,
    PairingMany,
    PlayedOne,
    PlayedMany,
    ForfeitOne,
    ForfeitMany,
    ByeOne,
    ByeMany,
    PlayedPairingOne,
    PlayedPairingMany,
    // --format stats (stats_writer.cpp): the headings, sentences and columns of the text.
    StatsHeading,          // games, its noun, files, its noun, games not audited to the end
    StatsResults,          // "Results"
    StatsDrawRate,         // draw rate, games with a result
    StatsReasons,          // draws
    StatsUnexplainedOne,   // drawn records against a checkmate (1)
    StatsUnexplainedMany,  // drawn records against a checkmate
    StatsByYear,           // "Draws by year (...)"
    StatsByDecade,
    StatsYear,  // the periods' column
    StatsDecade,
    StatsDecadeLabel,     // a decade's first year, the last two digits of its last year
    StatsGames,           // column: "games"
    StatsDraws,           // column and row: "draws"
    StatsDrawRateColumn,  // column: "draw rate"
    StatsEarlyRule,       // early agreements, --min-moves-before-agreement
    StatsEarlyNoRule,     // early agreements
    StatsTopEvents,       // "Events with the most:"
    StatsTopPlayers,
    StatsTableCapOne,   // the table's cap, early agreements left out (1)
    StatsTableCapMany,  // the table's cap, early agreements left out
    StatsLengths,       // "Game length in moves (...)"
    StatsMean,          // columns
    StatsMedian,
    StatsDecisive,  // row: "decisive"
    // `drawaudit claim` (issue 27; RULES.md "A claim ruled at the board"): claim_writer.cpp.
    ClaimCorrect,           // "CORRECT"
    ClaimIncorrect,         // "INCORRECT"
    ClaimGameOver,          // "GAME OVER"
    ClaimHeadCorrect,       // verdict, side (subject), ground, article
    ClaimHeadIncorrect,     // verdict, side (subject)
    ClaimHeadGameOver,      // verdict, when the game ended, how, article
    ClaimGroundThreefold,   // "threefold repetition"
    ClaimGroundFifty,       // "the fifty-move rule"
    ClaimGame,              // game number, file, line, White, Black
    ClaimRoundBoard,        // round, board
    ClaimMoment,            // where ("after 4... Ng8" / "the start position"), position index, side
    ClaimWritten,           // the written move
    ClaimWrittenIllegal,    // the written move as written
    ClaimThreefoldHead,     // verdict, article(s)
    ClaimFiftyHead,         // verdict, article(s)
    ClaimOnBoard,           // how often, the occurrences: the position on the board
    ClaimAfterWritten,      // the written move, how often, the occurrences (among 0..k)
    ClaimNeverBefore,       // the written move: its position has not occurred before
    ClaimTimesOne,          // "once"
    ClaimTimesMany,         // "{} times"
    ClaimNow,               // " (now)": the claimed position among its occurrences
    ClaimLookAlike,         // where, the differences
    ClaimCastleKingside,    // side (inside): a right the earlier position still had
    ClaimCastleQueenside,   // side (inside)
    ClaimEnPassantThen,     // the capture
    ClaimEnPassantNow,      // the capture
    ClaimFiftyCount,        // since (a move or the start), clock, the moves in words
    ClaimMovesEven,         // moves by each player
    ClaimMovesOdd,          // moves by each player, and a half-move
    ClaimWrittenQuiet,      // the written move: neither a pawn move nor a capture
    ClaimWrittenZeroing,    // the written move: a pawn move or a capture
    ClaimFollowsDrawn,      // what follows a correct claim
    ClaimFollowsNotPlayed,  // a correct claim's written move is not played
    ClaimFollowsTime,       // time added, side (inside), article
    ClaimFollowsMustPlay,   // the written move that must now be played
    ClaimFollowsOver,       // when, how, article: no claim after the end
    ClaimShouldHaveStopped,  // 9.6: the arbiter should have stopped the game
    ClaimDrawOffer,          // 9.1.2.3
    ClaimTouched,            // 9.4
    ClaimMinuteOne,          // "one minute"
    ClaimMinutesMany,        // "{} minutes"
    ClaimNotes,              // "Notes:"
    ClaimNoteIllegal,        // the written move
    ClaimNoteMates,          // the written move
    ClaimNoteEnded,          // when, how
    ClaimNoteTimeControl,    // (none)
    ClaimNoteEarlier,        // side (subject), ground, where
    ClaimBoardClaimed,       // where, side (inside): the diagram's title
    ClaimBoardAfterWritten,  // the written move
    ClaimHtmlTitle,          // "Claim: game {}" (number)
    ClaimHtmlOccurrences,    // heading of the occurrences' boards
    ClaimHtmlLookAlikes,     // heading of the look-alikes' boards
    ClaimRound,              // round (no Board tag)
    // `drawaudit claim`, the review of issue 27: both grounds, counts of one, the errors.
    ClaimHeadCorrectBoth,      // verdict, side (subject), ground, article, ground, article
    ClaimFiftyCountOne,        // since, the moves in words: a clock of 1
    ClaimMovesHalfOnly,        // "one half-move" (a clock of 1)
    ClaimMovesEvenOne,         // "1 move by each player" (a clock of 2)
    ClaimMovesOddOne,          // the same and a half-move (a clock of 3)
    ClaimErrorGame,            // ": game {}": where an error stands
    ClaimErrorNoGame,          // (none)
    ClaimErrorNoMatch,         // (none): the games of the file follow
    ClaimErrorSeveral,         // how many match: they follow
    ClaimErrorCandidate,       // game, line, round, board, White, Black
    ClaimErrorMoreGames,       // how many more
    ClaimErrorTooLarge,        // MiB
    ClaimErrorUnreplayable,    // where ("past 31. Kd3" / "from its start"), the finding's sentence
    ClaimErrorPast,            // the last move: "past {}"
    ClaimErrorFromStart,       // "from its start"
    ClaimErrorPlyPast,         // position given, last position
    ClaimErrorMoveUnreadable,  // the move given, the reader's reason
    ClaimErrorMoveAmbiguous,   // the move given, the legal moves it could mean
    ClaimErrorAtNoSuchMove,    // --at given, last position
    ClaimErrorAtRecorded,      // --at given, the move recorded there
    ClaimErrorAtUnreadable,    // --at given
    // `drawaudit watch` (issue 28): its event lines, summary and page.
    WatchAlert,  // the kind of an event, as the terminal line starts
    WatchNotice,
    WatchWithdrawn,
    WatchBoard,             // "board {}"
    WatchWithdrawnSays,     // "no longer holds: {}" (the event's sentence)
    WatchGameFinished,      // "The game finished {}" (result; the caller ends it)
    WatchFileUnreadable,    // "the file cannot be read ({}); it is watched again" (reason)
    WatchRuleGameFinished,  // the labels of the watch's own rules; English: the id
    WatchRuleFileUnreadable,
    WatchSummary,  // boards, alerts, notices, withdrawn
    WatchPageTitle,
    WatchPageUpdated,  // time, seconds between reloads
    WatchNoGames,
    WatchNoMoves,
    WatchInProgress,
    WatchLastMove,  // "last move {}"
    WatchOpenClaims,
    WatchAlerts,
    // --trf in the HTML report (issue 29): the pairing beside each game, the TRF's own findings.
    HtmlPairing,          // "Pairing (TRF)"
    HtmlPairingOf,        // round, White, White's start rank, Black, Black's, codes, TRF line
    HtmlMatchedByFideId,  // how the game's players were found in the TRF
    HtmlMatchedByName,
    HtmlTrfSection,     // the TRF's file: the heading of its own findings
    HtmlPairingCell,    // the index: White's start number, Black's, White's code, Black's
    HtmlPairingByName,  // after it, where the players were found by name alone
    // Why the SAN reader refused a move (chess::SanRefusal, in its order), and the pieces
    // they name: "no {} can reach that square" (the noun), "more than {} can move there".
    SanTooShort,
    SanNotCastling,
    SanNoPieceLetterOrFile,
    SanNoSquareAtEnd,
    SanUnknownPieceLetter,
    SanUnexpectedCharacter,
    SanUnexpectedInPawnCapture,
    SanNoCastlingRight,
    SanCastlingBlocked,
    SanSquareOccupied,
    SanNoPawnCanAdvance,
    SanPawnCapturesOnAdjacentFile,
    SanNoPawnCanCapture,
    SanNoPawnToCaptureWith,
    SanEnPassantIsNoPromotion,
    SanEnPassantExposesKing,
    SanNothingToCapture,
    SanPawnMustPromote,
    SanOnlyLastRankPromotes,
    SanOnlyPawnPromotes,
    SanLeavesKingInCheck,
    SanKingCannotReach,
    SanOwnPieceOnSquare,
    SanKingWouldBeInCheck,
    SanNoPieceCanReach,
    SanSeveralPiecesCanMove,
    SanPiecePawn,
    SanPieceKnight,
    SanPieceBishop,
    SanPieceRook,
    SanPieceQueen,
    SanPieceKing,
    SanOnePiecePawn,
    SanOnePieceKnight,
    SanOnePieceBishop,
    SanOnePieceRook,
    SanOnePieceQueen,
    SanOnePieceKing,
    // Why a FEN was refused or what was repaired (chess::FenProblem, in its order; issue 26).
    // Placeholders by index: {0} the colour as a subject ("white", "las blancas"), {1} and {2}
    // as an adjective of a masculine and of a feminine noun ("blanco", "blanca"), {3} the
    // letter, {4} the square, {5} the other square, {6} the rank, {7} the number, {8} the text.
    FenTooManyFields,
    FenTooFewFields,
    FenRankSquares,
    FenRankOverflow,
    FenTooManyRanks,
    FenRankCount,
    FenPlacementCharacter,
    FenKingCount,
    FenPawnCount,
    FenPieceCount,
    FenTooManyPromoted,
    FenPawnOnBackRank,
    FenSideToMove,
    FenCastlingCharacter,
    FenEnPassantField,
    FenSideNotToMoveInCheck,
    FenCastlingKingOffRank,
    FenCastlingNoRookOnRank,
    FenCastlingKingOffSquare,
    FenCastlingNoRookOn,
    FenCastlingWingTaken,
    FenEnPassantRank,
    FenEnPassantNoPawn,
    FenEnPassantPathOccupied,
    FenClocksMissing,
    FenMoveNumberMissing,
    FenHalfmoveNotNumber,
    FenHalfmoveTooLarge,
    FenMoveNumberNotPositive,
    FenMoveNumberTooLarge,
    FenColourWhite,  // {0}
    FenColourBlack,
    FenMasculineWhite,  // {1}
    FenMasculineBlack,
    FenFeminineWhite,  // {2}
    FenFeminineBlack,
    // A file that could not be opened or read (pgn::IoError, pgn::IoFailure; issue 26): {0} the
    // system's reason or the decompressor's name.
    IoCannotOpen,
    IoReadFailed,
    IoCannotStat,
    IoCannotList,
    IoIsDirectory,
    IoShrank,  // {0} the size at the start, {1} the bytes read
    IoShardRangeEnded,
    IoTruncated,
    IoCorrupt,
    IoBadHeader,
    IoOutOfMemory,
    // The system's reasons (errno) a reader meets; English as the C library words them.
    ErrnoNoEntry,
    ErrnoAccess,
    ErrnoIsDirectory,
    ErrnoNotDirectory,
    ErrnoLoop,
    ErrnoNameTooLong,
    ErrnoIo,
    ErrnoTooManyFiles,
    ErrnoNoMemory,
    ErrnoNoSpace,
    ErrnoBrokenPipe,
    ErrnoReadOnly,
    ErrnoQuota,
    // The audit's log lines on stderr (app/): {0} a file's path, {1} a count.
    LogNoPgnFiles,
    LogNulBytes,
    LogInvalidUtf8,  // {0} the bytes replaced
    LogNoInput,
    TrfCannotRead,         // {0} the --trf file
    TrfCannotReadBecause,  // {0} the --trf file, {1} the system's reason
    // The outputs' fate (app/outputs.cpp): {0} the report's or statistics' path, {1} the reason.
    OutStandardOutput,
    OutCannotWriteReport,
    OutCannotWriteReportBecause,
    OutCannotWriteStatistics,
    OutInterruptedStandardOutput,
    OutInterruptedInPlace,
    OutInterruptedNoReport,
    // The log lines' levels; English as spdlog words them.
    LogLevelTrace,
    LogLevelDebug,
    LogLevelInfo,
    LogLevelWarning,
    LogLevelError,
    LogLevelCritical,
    // Why the PGN reader stopped reading a game (pgn::PgnProblem, in its order; issue 26): {0}
    // the limit passed, {1} the source's failure.
    PgnTagWithoutName,
    PgnTagValueNotOpened,
    PgnTagValueNotClosed,
    PgnUnknownTokenInMoves,
    PgnUnknownToken,
    PgnNonAsciiToken,
    PgnUnterminatedComment,
    PgnUnterminatedVariation,
    PgnUnterminatedVariationAtMarker,
    PgnUnbalancedParenthesis,
    PgnUnbalancedBrace,
    PgnBadNag,
    PgnTooManyPlies,
    PgnTooDeep,
    PgnGameTooLong,
    PgnInputEndsInsideGame,
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

// The ordinal of a repetition count, as the sentences use it ("third", "11th", "21st";
// Spanish "tercera", as "vez" asks).
std::string ordinal(int n, Lang lang);
// A draw reason as the summary names it ("perpetual-check"; "jaque continuo").
std::string_view draw_reason_label(audit::DrawReason reason, Lang lang);
std::string_view side_subject(audit::Side side, Lang lang);  // "White" / "Las blancas"
std::string_view side_inside(audit::Side side, Lang lang);   // "White" / "las blancas"
std::string_view termination_reason(audit::Termination termination, Lang lang);
// A rule as a person reads it (RULES.md "Spanish notation": "reclamación por triple
// repetición"); English: its id. Machine formats and HTML element ids keep audit::rule_id.
std::string_view rule_label(audit::Rule rule, Lang lang);
// One sentence on what the rule reports, in English: SARIF's rule metadata.
std::string_view rule_description(audit::Rule rule);
// "info" / "información", "warning" / "aviso", "error".
std::string_view severity_label(audit::Severity severity, Lang lang);
// "art. 9.2.1.2" in Spanish, "9.2.1.2" in English: an article named inside a sentence.
std::string article_ref(std::string_view article, Lang lang);

// Numbers as `lang` writes them (RULES.md "Spanish notation"): an integer of five digits or more
// has its digits grouped by threes, with a comma in English ("412,227") and `group` in Spanish
// ("412 227"; HTML passes a no-break space); four digits stay whole ("1803"). Spanish writes a
// decimal comma and `space` before '%' ("39,1 %"), English "39.1%". Years are not counts: print
// them as they are.
std::string count_text(std::uint64_t n, Lang lang, std::string_view group = " ");
// What the HTML report passes as `group` and `space`: a number stays on one line.
inline constexpr std::string_view kNoBreakSpace = "\u00a0";
// The share part/total in per cent with one decimal, "-" for an empty total.
std::string percent_text(std::uint64_t part, std::uint64_t total, Lang lang,
                         std::string_view space = " ");
// A count with its noun, `one` for 1 and `many` otherwise ("1 game", "3 partidas"), the count
// as count_text writes it.
std::string counted_text(std::uint64_t n, Lang lang, Msg one, Msg many,
                         std::string_view group = " ");
// The summary's sentence of a run with --trf, each count with its noun in the singular for one
// ("1 forfeit", "1 game without a pairing"); it begins with a line break (the text report's
// blank line), which the HTML report drops.
std::string pairing_summary_text(const audit::PairingCounts& p, Lang lang,
                                 std::string_view group = " ");
// A decimal number with `decimals` digits after the point (or the comma).
std::string decimal_text(double value, int decimals, Lang lang);

// Why a drawn game was drawn, one sentence (RULES.md "Why each draw happened"): "Drawn by
// perpetual check: White checked on every move from 31. Qh6+ to 33. Qh6+."; empty where the
// game has no draw reason.
std::string draw_reason_sentence(const audit::GameReport& report, Lang lang);

// The sentence of a finding in `lang`, rendered from its MessageArgs (audit/finding.hpp). The
// English is the `message` of the machine formats. A finding read back from a record
// (MessageId::Prerendered) says its `message` in English; in another language its arguments
// are recovered from the record's fields (and checked by rendering the English again), and
// where they cannot be, the English message is shown as it was read.
std::string finding_sentence(const audit::Finding& finding, const audit::GameReport& game,
                             Lang lang);
// The English sentence of a finding: the `message` field of JSON Lines, CSV, SARIF, GitHub and
// the PGN comments.
std::string english_message(const audit::Finding& finding);

// Why the SAN reader refused a token, with the token ("Nf6: no knight can reach that square";
// "Cf6: no hay caballo que pueda llegar a esa casilla"), and the refusal read back from the
// English words (nullopt when no refusal words them so).
std::string san_refusal_text(const chess::SanError& error, Lang lang);
std::optional<chess::SanError> san_refusal_from_english(std::string_view words);
// Why a FEN was refused or what was repaired ("castling right K dropped: no rook on h1";
// "derecho de enroque K suprimido: no hay torre en h1"), and the reason read back from the
// English words (nullopt when no FenProblem words them so; a refusal's words give no repair and
// a repair's no refusal).
std::string fen_reason_text(const chess::FenReason& reason, Lang lang);
std::optional<chess::FenError> fen_error_from_english(std::string_view words);
// A FEN's repairs in one sentence, joined by "; " as the fen-repaired finding names them; read
// back, every part must be a repair (a FEN field holds no space, so "; " splits them).
std::string fen_repairs_text(std::span<const chess::FenRepair> repairs, Lang lang);
std::optional<std::vector<chess::FenRepair>> fen_repairs_from_english(std::string_view words);
// Why the PGN reader stopped reading a game ("unbalanced ')': no variation is open"), from the
// problem, the limit it names and the source's failure; and read back from the English words.
std::string pgn_problem_text(pgn::PgnProblem problem, std::uint64_t limit, std::string_view detail,
                             Lang lang);
struct PgnReason {
    pgn::PgnProblem problem{};
    std::uint64_t limit = 0;
    std::string detail{};
};
std::optional<PgnReason> pgn_problem_from_english(std::string_view words);
// The same, appended to `out` (the record writers' buffers).
void append_english_message(std::string& out, const audit::Finding& finding);
// Why a file could not be opened or read, in `lang` (English: the error's own message; the
// system's reason in Spanish for the errors a reader meets, else as the system words it).
std::string io_error_text(const pgn::IoError& error, Lang lang);
// The system's reason for errno `errnum` in `lang` (English: the C library's words; Spanish for
// the reasons the catalog knows, else the C library's).
std::string errno_text(int errnum, Lang lang);
// The word of a log line's level (spdlog::level::level_enum as an int: trace 0 to critical 5).
std::string_view log_level_word(int level, Lang lang);
// The same from the failure's values and its English `message` (a parse error's source failure).
std::string io_cause_text(const pgn::IoCause& cause, std::string_view message, Lang lang);
// The values of an English failure message (a merged record's reason), when its words are one
// of IoFailure's: they word the same message again (a decompressor's own words for damaged data
// are taken as Corrupt).
std::optional<pgn::IoCause> io_cause_from_english(std::string_view message);
// True when finding_sentence lists the earlier occurrences itself.
bool sentence_lists_occurrences(const audit::Finding& finding, Lang lang);

}  // namespace drawaudit::report
