// What the audit produces (RULES.md, "Output records"): findings, one game record per game, and
// the run summary. Plain data, filled by the auditor and read by the report writers.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/san.hpp"
#include "chess/unwinnable.hpp"
#include "pgn/visitor.hpp"
#include "trf/reader.hpp"

namespace drawaudit::audit {

// Stable rule ids (RULES.md). Their text form is what every output format uses.
enum class Rule : std::uint8_t {
    ThreefoldClaim,
    FiftyMoveClaim,
    FivefoldDraw,
    SeventyFiveMoveDraw,
    Checkmate,
    Stalemate,
    DeadPosition,
    MovesAfterEnd,
    ResultConflict,
    ResultMismatch,
    EarlyAgreement,
    IllegalMove,
    ParseError,
    BadFen,
    FenRepaired,
    UnsupportedVariant,
    NullMove,
    DuplicateGame,      // --duplicates (RULES.md, "Duplicate games")
    DuplicateConflict,  // --duplicates: the same game with another Result
    // RULES.md "Broadcast artefacts (no TRF needed)"
    BroadcastResultSignal,  // the DGT kings-to-the-centre signal recorded as moves
    ResultTagInvalid,       // a Result tag or final marker that is no PGN result ("0-0")
    // --trf (RULES.md "Round reconciliation against the pairing program"): the games against the
    // pairing program's report. Reported only in a run with a TRF.
    PairingResultMismatch,
    PairingColours,
    PairingForfeitPlayed,
    PairingMissingGame,
    GameWithoutPairing,
    TrfError,
};
inline constexpr int RuleCount = 27;

// The rules of --trf: a run without a TRF leaves them out of its summary and its rule lists, so
// that it writes what it wrote before they existed.
constexpr bool is_pairing_rule(Rule rule) {
    return rule >= Rule::PairingResultMismatch && rule <= Rule::TrfError;
}

std::string_view rule_id(Rule rule);                    // "threefold-claim"
std::optional<Rule> rule_from_id(std::string_view id);  // inverse of rule_id
// The article a rule is reported under by default (a finding may name a more precise one).
std::string_view rule_article(Rule rule);

enum class Severity : std::uint8_t { Info = 0, Warning = 1, Error = 2 };
std::string_view severity_name(Severity s);  // "info", "warning", "error"
std::optional<Severity> severity_from_name(std::string_view name);

enum class Route : std::uint8_t { None, Appeared, Declared };
std::string_view route_name(Route r);  // "", "appeared", "declared"

enum class Side : std::uint8_t { None, White, Black };
std::string_view side_name(Side s);  // "", "white", "black"

// Editions of the Laws (RULES.md, "Which Laws").
enum class Laws : std::uint8_t { Laws1997, Laws2014, Laws2017, Laws2023 };
std::string_view laws_name(Laws l);  // "1997", "2014", "2017", "2023"
std::optional<Laws> laws_from_name(std::string_view name);

enum class Termination : std::uint8_t;

// What a finding says. The audit picks the sentence and fills its arguments (MessageArgs and the
// finding's own fields); lib/report/messages.cpp words it, in each language the reports speak.
// The arguments each id reads are named beside it.
enum class MessageId : std::uint8_t {
    Prerendered,           // read back from a record: `message` holds its English sentence
    ThreefoldAppeared,     // side, earlier
    ThreefoldDeclared,     // side, declared
    FiftyDeclared,         // side, example_move
    FiftyAppeared,         // side, halfmove_clock
    Checkmated,            // side (the side checkmated)
    Stalemated,            // side
    DeadByMaterial,        // (none)
    DeadProved,            // move ("" at the start), proofs (White's, Black's)
    FivefoldDrawn,         // earlier, occurrence_total
    SeventyFiveDrawn,      // halfmove_clock
    MovesAfterEnd,         // ended_after, ending, extra_plies
    ConflictWithEnding,    // ended_after, ending, expected, recorded
    ConflictCannotMate,    // recorded, side (the winner), proofs[0], quoted (Termination tag)
    ResultMismatch,        // recorded, expected (the marker)
    EarlyAfterMoves,       // counts (White's moves, Black's moves, the moves required)
    EarlyBeforeBothMoved,  // ply (half-moves played)
    IllegalMove,           // move, reason
    NullMove,              // move
    ParseError,            // line, column, reason
    SetUpWithoutFen,       // (none)
    FenCannotBeSetUp,      // quoted (the FEN tag), reason
    FenRepaired,           // reason (the repairs)
    UnsupportedVariant,    // quoted (the Variant tag)
    DuplicateGame,         // duplicate_game, duplicate_file, duplicate_same_file
    DuplicateConflict,     // as DuplicateGame, earlier_result, recorded
    BroadcastSignal,       // king_squares, expected (the signalled result), recorded (the tag)
    ResultInvalid,         // quoted (the string), result_meaning, result_in_marker
    // --trf: the finding's `pairing` names the two players, the round and the codes.
    PairingResultMismatch,      // recorded (the Result tag), expected (the TRF's result)
    PairingResultAgainstRules,  // as PairingResultMismatch, ending (how the rules ended it)
    PairingColours,             // (the pairing)
    PairingForfeitPlayed,       // (the pairing)
    PairingMissingGame,         // (the pairing)
    PlayerNotInTrf,             // side, quoted (the player's name in the game)
    NotPairedInRound,           // counts[0] (the round)
    TrfError,                   // trf_problem, counts[0] (round), counts[1] (start rank, line)
};
inline constexpr int MessageIdCount = 36;

// What a result string that is no PGN result most likely means (RULES.md result-tag-invalid):
// decided in lib/audit (results.cpp), worded by the catalog.
enum class ResultMeaning : std::uint8_t { Unknown, WhiteWins, BlackWins, Draw, DoubleForfeit };

// The occurrences of a position as a sentence names them: the numbered moves after which it
// stood ("" for the start position), all of them up to 10, else the first 5 and the last 5
// (History::listed_occurrences), and how many there were in all.
struct OccurrenceWords {
    std::vector<std::string> moves;
    int total = 0;
};

// One move a player may write down to claim 9.2.1.1, and the position it would repeat.
struct DeclaredRepetition {
    std::string move;        // "36... Rd8+", numbered from the claimant's position
    OccurrenceWords before;  // the occurrences of the position it would repeat
};

// The arguments of a finding's sentence that the finding's record fields do not hold. Texts
// here come from the input or from a parser (never a sentence of ours).
struct MessageArgs {
    MessageId id = MessageId::Prerendered;
    std::string quoted;  // a tag's value: the FEN, the Variant, the Termination tag
    // A reader's or parser's reason (parse-error; a record's bad-fen or fen-repaired reason
    // that no chess::FenProblem words).
    std::string reason;
    // bad-fen: why the FEN was refused; fen-repaired: what was repaired. Worded by the catalog.
    std::optional<chess::FenError> fen_error;
    std::vector<chess::FenRepair> fen_repairs;
    // parse-error: why the reader stopped (nullopt for a record's reason that no PgnProblem
    // words, kept in `reason`), the limit it names; `reason` holds the source's failure that
    // InputEndsInsideGame names.
    std::optional<pgn::PgnProblem> parse_problem;
    std::uint64_t parse_limit = 0;
    pgn::IoCause io_cause{};  // InputEndsInsideGame: the failure `reason` words in English
    // illegal-move: why the SAN reader refused the token (nullopt when only the replay
    // refused the move), worded by the catalog.
    std::optional<chess::SanError> san_refusal;
    std::string ended_after;   // the numbered move that ended the game, "" for the start
    std::string example_move;  // fifty-move, declared: "60. Kd3"
    // duplicate-conflict: the earlier record's Result tag ("1-0", ...; "" when it had none,
    // "other" for a value that is no PGN result).
    std::string earlier_result;
    std::array<chess::UnwinnableProof, 2> proofs{};  // White's, Black's
    std::array<int, 3> counts{};                     // early agreement's move counts
    Termination ending{};
    bool duplicate_same_file = false;
    OccurrenceWords earlier;                   // repetitions: the occurrences before this one
    std::vector<DeclaredRepetition> declared;  // threefold-claim, declared route
    // broadcast-result-signal: where the signal leaves White's and Black's king (0 = a1).
    std::array<std::uint8_t, 2> king_squares{};
    // result-tag-invalid: what the string most likely means, and whether it is the movetext's
    // final marker (else the Result tag).
    ResultMeaning result_meaning = ResultMeaning::Unknown;
    bool result_in_marker = false;
    trf::Problem trf_problem{};  // trf-error: what is wrong with the TRF line
};

// How a game's players were found in the TRF (RULES.md: `matched_by`).
enum class MatchedBy : std::uint8_t { FideId, Name };
std::string_view matched_by_name(MatchedBy m);  // "fide-id", "name"

// One pairing of the TRF as findings and game records name it (RULES.md: `pairing`).
struct Pairing {
    int round = 0;
    std::string white, black;  // as the TRF names them
    std::uint32_t white_rank = 0, black_rank = 0;
    char white_code = ' ', black_code = ' ';  // trf::code_char
    std::uint64_t trf_line = 0;               // White's player line
    // Both players by FIDE id, or at least one by name; null where no game matched it
    // (pairing-missing-game).
    std::optional<MatchedBy> matched_by;
};

struct Finding {
    Rule rule{};
    Laws laws = Laws::Laws2023;  // the edition the finding was judged by (RULES.md)
    Route route = Route::None;
    Side side = Side::None;
    Severity severity = Severity::Info;
    std::string article;       // "9.2.1.1"
    int ply = 0;               // position index k (RULES.md "Positions and plies")
    std::string move;          // "29... Ng8", empty for k = 0 or when no move applies
    std::uint64_t line = 0;    // of the move token (or of the game's first tag)
    std::uint32_t column = 0;  // of the move token, 0 when not applicable
    std::uint64_t offset = 0;  // byte offset of the move token in the input (for the PGN writer)
    // The English sentence of a finding read back from a record (args.id Prerendered); empty
    // for the audit's own findings, whose sentence report::english_message renders from args.
    std::string message;
    MessageArgs args;
    std::string fen;  // position k (empty when the game could not be set up)

    // Per rule (empty / nullopt when not applicable):
    // Repetitions: the position indices where it appeared, all of them up to 10, else the first
    // 5 and the last 5 (RULES.md "Output records"); occurrence_count is their total.
    std::vector<int> occurrences;
    std::optional<int> occurrence_count;
    std::vector<std::string> occurrence_moves;  // the same as moves ("32. Kd3"; "start" for 0)
    std::vector<std::string> moves;             // declared routes: the SAN moves that produce it
    std::optional<int> halfmove_clock;
    std::optional<int> until_ply;    // fifty-move windows
    std::string recorded;            // results: the recorded result
    std::string expected;            // results: the result the rules give
    std::optional<int> extra_plies;  // moves-after-end
    // duplicate-game, duplicate-conflict: the earlier record of the game (duplicate_game 0: none).
    std::string duplicate_file;
    std::uint64_t duplicate_game = 0;
    // RULES.md "Fingerprints and baselines" (audit/fingerprint.hpp): set with the game's identity.
    std::uint64_t fingerprint = 0;
    // The column in UTF-16 code units (SARIF's unit), 0 when column is 0 (audit/columns.hpp).
    std::uint32_t column_utf16 = 0;
    // --trf: the pairing the finding is about (null for trf-error), and the TRF line it names.
    std::shared_ptr<const Pairing> pairing;
    std::uint64_t trf_line = 0;
};

enum class Termination : std::uint8_t {
    None,
    Checkmate,
    Stalemate,
    DeadPosition,
    Fivefold,
    SeventyFiveMove
};
std::string_view termination_name(Termination t);  // "", "checkmate", ..., "seventy-five-move"

// Why a 1/2-1/2 record was drawn (RULES.md "Why each draw happened"), in RULES.md's order of
// precedence; decided in draw_reason.cpp.
enum class DrawReason : std::uint8_t {
    None,  // not a draw, or a draw the rules contradict (checkmate)
    Stalemate,
    DeadPosition,
    Fivefold,
    SeventyFiveMove,
    PerpetualCheck,
    ThreefoldRepetition,
    FiftyMove,
    TimeForfeit,
    EarlyAgreement,
    Agreement,
};
inline constexpr int DrawReasonCount = 11;      // with None
std::string_view draw_reason_id(DrawReason r);  // "" for None, "stalemate", "perpetual-check", ...
std::optional<DrawReason> draw_reason_from_id(std::string_view id);

// The recorded Result tag as the summary counts it (RULES.md): a missing or unknown tag is "*".
enum class RecordedResult : std::uint8_t { WhiteWins, BlackWins, Draw, Unknown };
inline constexpr int RecordedResultCount = 4;
RecordedResult recorded_result(std::string_view result_tag);
std::string_view recorded_result_name(RecordedResult r);  // "1-0", "0-1", "1/2-1/2", "*"

// Findings counted per rule and not listed (--max-findings-per-rule). The total spares the
// per-game paths a look at every rule: it is 0 in real games.
struct OmittedFindings {
    std::array<std::uint64_t, RuleCount> by_rule{};
    std::uint64_t total = 0;

    bool any() const { return total != 0; }
    void add(Rule rule, std::uint64_t count = 1) {
        by_rule[static_cast<std::size_t>(rule)] += count;
        total += count;
    }
    void clear() {
        if (total != 0) *this = OmittedFindings{};
    }
};

// One game's record and its findings (in ply order, as RULES.md lists them).
struct GameReport {
    std::string file;
    std::uint64_t game = 0;    // 1-based in its file
    std::uint64_t line = 0;    // of the first tag
    std::uint64_t offset = 0;  // byte offset of the game's first token
    std::string white, black, event, site, round, date,
        result;                        // tags, UTF-8; result "" if missing
    std::string white_elo, black_elo;  // the WhiteElo / BlackElo tags, "" if missing
    std::string termination_tag;       // the Termination tag, if any
    std::string movetext_result;       // the game termination marker, "" if none
    Laws laws = Laws::Laws2023;
    int plies = 0;  // half-moves replayed
    Termination termination = Termination::None;
    std::optional<int> end_ply;
    std::string expected_result;  // "" where the rules give none
    bool error = false;           // status "error": the game could not be audited to its end
    std::vector<Finding> findings;
    // Findings of each rule beyond the first AuditOptions::max_findings_per_rule of this game:
    // counted here, not listed (a game repeating one cycle for 10^6 plies would otherwise list
    // two claims per ply, gigabytes of records). None in real games.
    OmittedFindings findings_omitted;
    // RULES.md "Why each draw happened" (draw_reason.cpp): the reason of a 1/2-1/2 record, and
    // for perpetual-check the checking side.
    DrawReason draw_reason = DrawReason::None;
    Side draw_side = Side::None;
    // RULES.md "Dead positions and unwinnable sides": the sides proved unable to win at the last
    // position ("white", "black", "both"; "" is null), where it is computed; and how many side
    // verdicts there the bounded analysis left undetermined.
    std::string_view final_unwinnable;
    int undetermined_positions = 0;
    // Findings the run's --min-severity left out of this record (counted in the summary).
    std::uint32_t below_min_severity = 0;
    // perpetual-check: the first and the last checking move of the final cycle ("31. Qh6+"), for
    // the text report's sentence; not an output field.
    std::string draw_first_check, draw_last_check;
    // Identity (audit/fingerprint.hpp): the fingerprints' hash of the tags and moves, how many
    // earlier games of the run had the same (set by the ordered stage), and the 128-bit key that
    // --duplicates compares.
    std::uint64_t identity = 0;
    std::uint32_t occurrence = 0;
    std::array<std::uint64_t, 2> duplicate_key{};
    // The game's source text, for the PGN writer (empty unless the run keeps it).
    std::string text;
    // Its length and game_text_hash() (AuditOptions::game_text_digest, or read from a part).
    std::uint64_t text_bytes = 0, text_hash = 0;
    // --trf: the WhiteFideId / BlackFideId tags ("" if missing), and the pairing the game was
    // matched to (null where none; the ordered stage sets it).
    std::string white_fide_id, black_fide_id;
    std::shared_ptr<const Pairing> pairing;

    // Back to a fresh record, keeping the strings' and vectors' capacity: a sink may hand back a
    // record it is done with, so that a long run does not allocate its tag strings per game.
    void clear();
};

// Games and draws of one year (the summary's by_year).
struct YearCount {
    std::uint64_t games = 0;
    std::uint64_t draws = 0;
};

// The summary's `pairings` (RULES.md), in a run with --trf.
struct PairingCounts {
    std::uint64_t rounds = 0, pairings = 0, played = 0, forfeits = 0, byes = 0, matched = 0,
                  matched_by_name = 0, missing_games = 0, games_without_pairing = 0,
                  unreconciled_games = 0;
};

// Their names in the summary record, in PairingCounts' order.
inline constexpr std::array<std::string_view, 10> pairing_count_names = {"rounds",
                                                                         "pairings",
                                                                         "played",
                                                                         "forfeits",
                                                                         "byes",
                                                                         "matched",
                                                                         "matched_by_name",
                                                                         "missing_games",
                                                                         "games_without_pairing",
                                                                         "unreconciled_games"};

// Counts for the summary record (RULES.md): merged across workers.
struct Summary {
    static constexpr int UnknownYear = -1;  // by_year's "?"

    std::uint64_t files = 0;
    std::uint64_t games = 0;
    std::uint64_t games_with_errors = 0;
    std::uint64_t plies = 0;
    std::uint64_t bytes = 0;
    std::array<std::uint64_t, RuleCount> findings{};
    std::array<std::uint64_t, RuleCount> games_by_rule{};
    std::array<std::uint64_t, RecordedResultCount> results{};   // by RecordedResult
    std::array<std::uint64_t, DrawReasonCount> draw_reasons{};  // by DrawReason (None: unused)
    std::map<int, YearCount> by_year;                           // the Date tag's year
    std::uint64_t undetermined_positions = 0;  // side verdicts the analysis left undetermined
    std::uint64_t baselined = 0;           // findings left out because the --baseline holds them
    std::uint64_t below_min_severity = 0;  // findings left out by --min-severity
    // Findings counted but not listed, beyond the per-game limit of each rule (GameReport).
    OmittedFindings findings_omitted;
    std::uint64_t io_errors = 0;
    double seconds = 0;
    // Only in a run with --trf (set by the ordered stage, not merged from the workers').
    std::optional<PairingCounts> pairings;

    void add(const GameReport& game);
    // Takes back an add() of the same record (--baseline counts a held game before it knows
    // the game's occurrence number, and counts the rare one that changes again).
    void remove(const GameReport& game);
    void merge(const Summary& other);

  private:
    void count(const GameReport& game, std::uint64_t one);  // one: 1 to add, -1 to take back
};

}  // namespace drawaudit::audit
