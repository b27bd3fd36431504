// RULES.md "A claim ruled at the board" (9.2, 9.3, 9.5; `drawaudit claim`): the ruling on a draw
// claim at one position of a game's record, read from the same history and findings the audit
// makes of the game, so that the ruling and the audit cannot disagree. A typed value: the
// sentences, the boards and the formats are lib/report's (claim_writer.hpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <tl/expected.hpp>

#include "audit/auditor.hpp"
#include "audit/claim_conditions.hpp"
#include "audit/finding.hpp"
#include "audit/history.hpp"
#include "chess/position.hpp"
#include "pgn/reader.hpp"

namespace drawaudit::audit {

// One game audited as `drawaudit` audits it, kept with its history for rulings at any of its
// positions.
class AuditedGame final : private GameSink {
  public:
    explicit AuditedGame(const AuditOptions& options);
    // Audits the first game of `text`; `origin` places it in its file (name, game number, line).
    void audit(std::string_view text, const pgn::TextOrigin& origin);
    const GameReport& report() const { return report_; }
    const History& history() const { return auditor_.history(); }

  private:
    void game(GameReport&& report) override { report_ = std::move(report); }
    GameReport report_;
    GameAuditor auditor_;
};

enum class ClaimVerdict : std::uint8_t { Correct, Incorrect, GameOver };
std::string_view claim_verdict_name(ClaimVerdict v);  // "correct", "incorrect", "game-over"

// The kind of play (A.1 rapid, B.1 blitz; standard otherwise), which sets the time an incorrect
// claim adds to the opponent's clock.
enum class PlayKind : std::uint8_t { Standard, Rapid, Blitz };
std::string_view play_kind_name(PlayKind kind);  // "standard", "rapid", "blitz"
std::optional<PlayKind> play_kind_from_name(std::string_view name);
// The kind a PGN TimeControl tag gives ("5400+30", "40/7200:3600", "300+3", "*180"): the first
// period's base plus 60 times its increment, 10 minutes or less blitz, under 60 rapid, else
// standard; nullopt for "?", "-" or a value that cannot be read.
std::optional<PlayKind> play_kind_of_time_control(std::string_view tag);
// Seconds added to the opponent's time after an incorrect claim (9.5.3; A.3 and B.3 of 2023).
int incorrect_claim_seconds(Laws laws, PlayKind kind);
// The article that sets it: "9.5.3", "A.3", "B.3" (2023); "9.5 b" in the 2014 and older texts.
std::string_view incorrect_claim_article(Laws laws, PlayKind kind);

// A position of the record as the evidence names it: its index and the move that led to it in
// move-number notation ("32. Kd3"; "" for the start).
struct ClaimPosition {
    int ply = 0;
    std::string move;
    std::string fen;
};

// How an earlier position with the same pieces and side to move differs from the claimed one
// (9.2.2): a castling right it still had, or an en-passant capture legal in one of the two.
enum class LookAlikeKind : std::uint8_t { CastlingRight, EnPassantThen, EnPassantNow };
std::string_view look_alike_kind_name(LookAlikeKind kind);  // "castling-right", ...
enum class Wing : std::uint8_t { King, Queen };

struct LookAlikeDifference {
    LookAlikeKind kind{};
    Side side = Side::None;  // whose right, or who could capture en passant
    Wing wing = Wing::King;  // CastlingRight
    std::string capture;     // En passant: the capture in SAN ("exd6")
};

struct LookAlike {
    ClaimPosition position;
    std::vector<LookAlikeDifference> differences;
};

struct ThreefoldRuling {
    ClaimVerdict verdict = ClaimVerdict::Incorrect;
    Route route = Route::None;  // the route that holds (appeared before declared), else None
    // The position the claim is about: k, or the one after the written move where 9.2.1.1 is
    // the route looked at (no route holds and a move was written, or only declared holds).
    bool about_written_move = false;
    std::vector<ClaimPosition> occurrences;  // of that position among 0..k, oldest first
    std::vector<LookAlike> look_alikes;      // oldest first
};

struct FiftyRuling {
    ClaimVerdict verdict = ClaimVerdict::Incorrect;
    Route route = Route::None;
    int halfmove_clock = 0;  // at k
    // The pawn move or capture that last reset the count; the start (ply 0, move "") when none
    // was played since (the count then includes the FEN's clock).
    ClaimPosition reset;
};

enum class ClaimNote : std::uint8_t {
    WrittenMoveIllegal,
    WrittenMoveMates,
    EndedEarlier,
    TimeControlUnknown,
    ClaimAvailableEarlier,
};
std::string_view claim_note_id(ClaimNote note);  // "written-move-illegal", ...

// A note and what its sentence names.
struct ClaimNoteEntry {
    ClaimNote note{};
    Rule ground = Rule::ThreefoldClaim;  // ClaimAvailableEarlier: which ground
    ClaimPosition at;                    // ClaimAvailableEarlier: the latest earlier position
};

// The automatic ending (5.1.1, 5.2.1, 5.2.2, 9.6) at or before k.
struct ClaimEnding {
    Termination termination = Termination::None;
    ClaimPosition at;
};

// What a claim is made with: position k of the record, the move written on the scoresheet if
// any, and the kind of play (from the option, else the TimeControl tag).
struct ClaimRequest {
    int ply = 0;
    std::optional<std::string> written_move;  // SAN with English letters, as written
    std::optional<PlayKind> play_kind;        // --time-control
    std::string time_control_tag;             // the TimeControl tag, "" when none
};

struct ClaimRuling {
    ClaimVerdict verdict = ClaimVerdict::Incorrect;
    Laws laws = Laws::Laws2023;
    PlayKind play_kind = PlayKind::Standard;
    ClaimPosition claimed;  // position k
    Side claimant = Side::None;
    // The written move as the claimant would play it (SAN with its check sign) and the position
    // after it, when it is legal; the text as written when it is not.
    std::optional<std::string> written_move;
    bool written_move_legal = false;
    bool written_move_quiet = false;  // legal, and neither a pawn move nor a capture (9.3.1)
    std::optional<ClaimPosition> after_written_move;
    ThreefoldRuling threefold;
    FiftyRuling fifty;
    std::optional<ClaimEnding> ended;
    int time_added_seconds = 0;
    std::vector<ClaimNoteEntry> notes;
};

// Why no ruling can be given for a request (the app exits 2 naming file, game and line).
enum class ClaimErrorKind : std::uint8_t {
    PlyOutOfRecord,     // k is past the last position the record can be replayed to
    MoveUnreadable,     // the written move is no SAN move at all
    MoveAmbiguous,      // several legal moves match the written move
    AtMoveNotRecorded,  // --at names a move the record does not have there
    AtUnreadable,       // --at is no "40... Rd8", "41. Kc2" or "start"
};
struct ClaimError {
    ClaimErrorKind kind{};
    std::string given;                    // what was given (the move, the --at text)
    chess::SanError refusal{};            // why the SAN reader refused it (MoveUnreadable)
    std::vector<std::string> candidates;  // MoveAmbiguous: the legal moves it could mean
    std::string recorded;                 // AtMoveNotRecorded: the move recorded there, if any
    int last_ply = 0;                     // PlyOutOfRecord: the last position there is
    std::uint64_t line = 0;               // where the record stands at the error
};

// The ruling on `request` at position request.ply of `game` (RULES.md "A claim ruled at the
// board"). Not on the audit's per-move path: an arbiter asks it once per claim.
tl::expected<ClaimRuling, ClaimError> rule_claim(const AuditedGame& game,
                                                 const ClaimRequest& request);

// The position after a move of the record named as a person writes it: "40... Rd8",
// "40...Rd8", "41. Kc2" or "start" (SAN with English letters; check signs and 0/O ignored).
tl::expected<int, ClaimError> recorded_move_ply(const AuditedGame& game, std::string_view at);

// The whole line number of position k's move (of the game's first tag for k = 0).
std::uint64_t line_of_ply(const AuditedGame& game, int k);

}  // namespace drawaudit::audit
