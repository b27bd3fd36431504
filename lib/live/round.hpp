// The state of a live round (RULES.md "A live round"): per file the games of its last read, the
// audit of each (lib/audit, game by game: no second reading of the rules), and the events that
// hold, so that each is reported once while it holds and withdrawn once when it stops.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "audit/auditor.hpp"
#include "audit/finding.hpp"
#include "live/identity.hpp"

namespace drawaudit::live {

using Clock = std::chrono::steady_clock;  // injected: every call says what time it is

enum class EventKind : std::uint8_t { Alert, Notice, Withdrawn };
std::string_view event_kind_name(EventKind kind);  // "alert", "notice", "withdrawn"

// What an event is about: a finding of the audit, or one of the watch's own.
enum class EventSubject : std::uint8_t { Finding, GameFinished, FileUnreadable };
inline constexpr std::string_view kGameFinished = "game-finished";
inline constexpr std::string_view kFileUnreadable = "file-unreadable";

// Whether a finding of `rule` (its RULES.md id) in a game with this recorded result asks the
// arbiter to act now (RULES.md's table): else it is a notice.
bool is_alert(std::string_view rule, std::string_view result_tag);
// A game still being played: its Result tag is "*" or missing.
bool in_progress(std::string_view result_tag);

// The game an event is about, as the audit read it (findings included) and as the watch knows it.
struct WatchedGame {
    audit::GameReport report;
    GameTags tags;
    RoundAndBoard where;
    std::string last_move;  // "36... Rd8", "" before the first move
};

struct Event {
    EventKind kind = EventKind::Notice;
    EventSubject subject = EventSubject::Finding;
    std::string file;
    std::shared_ptr<const WatchedGame> game;  // null for file-unreadable
    std::optional<audit::Finding> finding;    // subject Finding
    std::string reason;                       // file-unreadable: why the file could not be read

    std::string_view rule() const;  // "fivefold-draw", "game-finished", "file-unreadable"
};

struct RoundOptions {
    audit::AuditOptions audit{};
    // How long a file must stay unchanged before a possibly half-written event (an unreadable or
    // illegal last token of a game in progress) and a withdrawal are reported.
    Clock::duration settle = std::chrono::seconds(1);
};

struct RoundCounts {
    std::uint64_t games = 0;  // games followed now
    std::uint64_t alerts = 0, notices = 0, withdrawn = 0;
};

class Round {
  public:
    explicit Round(RoundOptions options) : options_(std::move(options)) {}

    // A new read of `file`: the games whose text changed are audited again; returns the events
    // that are due now (alerts first, then notices, then withdrawals).
    std::vector<Event> update(const std::string& file, std::string_view text,
                              Clock::time_point now);
    // `file` could not be read (gone, no permission): its games are kept as they were, and once
    // it stays so for the settle time a file-unreadable notice is due.
    std::vector<Event> unreadable(const std::string& file, std::string_view reason,
                                  Clock::time_point now);
    // The events whose settle time has passed by `now`.
    std::vector<Event> tick(Clock::time_point now);
    // When tick() may have something to say; nullopt while nothing waits.
    std::optional<Clock::time_point> next_deadline() const;

    const RoundCounts& counts() const { return counts_; }
    Clock::duration settle() const { return options_.settle; }
    // The games followed, file by file in their order in the file (for the watch page).
    std::vector<std::shared_ptr<const WatchedGame>> games() const;
    // The events that hold now (reported and not withdrawn) of one game.
    std::vector<Event> holding(const WatchedGame& game) const;

  private:
    // An event's identity within its game (RULES.md: game, rule, route, ply); game-finished is
    // one per game and result.
    struct EventKey {
        std::string rule;
        audit::Route route = audit::Route::None;
        int ply = 0;
        std::string detail;
        bool operator==(const EventKey&) const = default;
        // Ply first: a game's withdrawals come out in the order of its moves.
        bool operator<(const EventKey& other) const {
            return std::tie(ply, rule, route, detail) <
                   std::tie(other.ply, other.rule, other.route, other.detail);
        }
    };
    enum class HeldState : std::uint8_t {
        Waiting,      // holds, not yet reported: it may come from a half-written move
        Reported,     // holds and was reported
        Withdrawing,  // was reported, holds no more: withdrawn once the file settles
    };
    struct Held {
        HeldState state = HeldState::Waiting;
        Event event;  // as it was last found
    };
    struct GameState {
        std::string text;  // the game's source text at its last audit
        std::uint64_t place = 0;
        bool present = true;  // in the last read of its file
        std::shared_ptr<const WatchedGame> game;
        std::map<EventKey, Held> held;
    };
    struct FileState {
        Clock::time_point changed{};  // of the last read that differed, or the unreadable time
        std::string unreadable;       // why, while it cannot be read
        std::optional<Held> unreadable_event;
        std::map<std::string, GameState> games;  // by identity key
        // The last text read, by its hash and size: an unchanged read changes nothing.
        bool read_once = false;
        std::size_t text_hash = 0, text_size = 0;
    };

    std::shared_ptr<const WatchedGame> audit_game(const GameText& text) const;
    // The events of a game's audit as it now stands, by key, and whether each may be half-written.
    void refresh(GameState& state, const GameText& text, bool last_in_file,
                 std::vector<Event>& due);
    void settle(FileState& file, Clock::time_point now, std::vector<Event>& due);
    void count_and_order(std::vector<Event>& events);

    RoundOptions options_;
    std::map<std::string, FileState> files_;
    RoundCounts counts_;
};

}  // namespace drawaudit::live
