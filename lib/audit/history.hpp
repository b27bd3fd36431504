// RULES.md "Positions and plies" and "Same position" (9.2.2): the game replayed so far, position
// by position, with what every rule reads about each one: its occurrences among the earlier
// positions, the repetition window it belongs to, and the move that led to it in words.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "audit/finding.hpp"
#include "audit/window_keys.hpp"
#include "chess/position.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

class History {
  public:
    History();
    History(const History&) = delete;
    History& operator=(const History&) = delete;

    // Forgets the previous game (keeping the room it used).
    void new_game();
    // Position 0 of the game; `where` locates it (the game's first token).
    void start(const chess::Position& start, pgn::TextPos where);

    // Position k = 0..last(); last() is -1 before the start.
    int last() const { return last_; }
    bool started() const { return last_ >= 0; }
    const chess::Position& position(int k) const { return ply(k).position; }
    const chess::Position& last_position() const { return current_->position; }
    // The move that led to position k (null for k = 0), and where its token stands.
    chess::Move move(int k) const { return ply(k).move; }
    pgn::TextPos where(int k) const { return ply(k).where; }
    // How many times position k has occurred among positions 0..k (9.2.2: the same position).
    int occurrence(int k) const { return ply(k).occurrence; }
    // The latest occurrence of position k before k, or -1.
    int previous_occurrence(int k) const { return ply(k).previous; }
    // Whether positions i and j are the same (9.2.2): a key match, confirmed.
    bool same_position(int i, int j) const {
        return key(i) == key(j) && position(i).same_position(position(j));
    }

    // The repetition window: the positions since the last irreversible move, the only ones
    // that can repeat (a pawn move or capture changes the position for good, and a lost
    // castling right makes every earlier position different, 9.2.2.2).
    int window_start() const { return window_start_; }
    // Whether some position of the window with `side` to move has occurred twice.
    bool twice_occurred_with(chess::Color side) const {
        return second_occurrences_[static_cast<std::size_t>(chess::index_of(side))] != 0;
    }
    // Whether some position of the window has occurred twice (with either side to move).
    bool twice_occurred() const { return (second_occurrences_[0] | second_occurrences_[1]) != 0; }

    // Playing a move: room for `positions` more positions, the slot the next position is played
    // into (after the last one), then append_played() makes it the last position.
    void make_room(int positions) {
        if (last_ + positions >= capacity_) [[unlikely]]
            grow(static_cast<std::size_t>(last_ + positions) + 1);
    }
    chess::Position& next_slot() { return current_[1].position; }
    // The slots of the positions after the last, for chess::play_san_run: the position in slot
    // i is followed by the one in slot i + 1, slot_stride() bytes further.
    chess::Position* last_slot() { return &current_->position; }
    static constexpr std::size_t slot_stride() { return sizeof(Ply); }
    void append_played(chess::Move move, pgn::TextPos where);
    // append_played for a loop over many moves (GameAuditor::replay_run), below.
    class Appender;

    // The latest occurrence so far of the position that occurred at j.
    int latest_occurrence(int j) const {
        return occurrence(j) == 1 ? j : repeated_[static_cast<std::size_t>(ply(j).family)].latest;
    }

    // The history in words, for messages. move_text(k): "29... Ng8", the move that led to
    // position k ("" for k = 0); the text stays valid until the next call.
    const std::string& move_text(int k) const;
    // "36. Kd3": a move that could be played from position k (a null move: the number only).
    std::string next_move_text(int k, chess::Move m) const;
    // The occurrences of the position up to `latest`, oldest first, as listed_occurrences()
    // lists them, with their moves ("" for the start) and their total: what a sentence names.
    void occurrence_words(int latest, OccurrenceWords& out) const;
    // The occurrences of position k before k (none when k is the first).
    void earlier_occurrence_words(int k, OccurrenceWords& out) const {
        occurrence_words(previous_occurrence(k), out);
    }
    // RULES.md "Output records": the occurrences of position k among 0..k that a finding lists,
    // oldest first, appended to `out`: all of them up to kListedOccurrences, else the first
    // and the last kListedOccurrences / 2. Their total is occurrence(k).
    static constexpr int kListedOccurrences = 10;
    void listed_occurrences(int k, std::vector<int>& out) const;

  private:
    struct Ply {
        chess::Position position;
        chess::Move move;
        pgn::TextPos where;
        int previous = -1;
        int occurrence = 1;
        int family = -1;  // into repeated_, once the position occurred twice (else stale)
    };
    // A position that has occurred at least twice: its first five occurrences and its latest,
    // so that a repetition's findings list at most ten of them without walking all.
    struct Repeated {
        std::array<int, 5> first;
        int latest;
    };
    static_assert(std::tuple_size_v<decltype(Repeated::first)> == kListedOccurrences / 2);
    const Ply& ply(int k) const { return plies_[static_cast<std::size_t>(k)]; }
    std::uint64_t key(int k) const { return keys_[static_cast<std::size_t>(k)]; }

    // Whether the move from `before` to `after` is irreversible (ends the window): a capture or a
    // pawn move is exactly what resets the halfmove clock (9.3), and a castling right can be
    // lost by any king or rook move.
    static bool irreversible(const chess::Position& before, const chess::Position& after);
    [[gnu::cold]] void record_repetition(int k, int earlier);
    void grow(std::size_t positions);

    // Positions 0..last_ of the game. The vectors are never shrunk: their size is a capacity
    // (the entries past last_ are stale), so a game writes its records without reallocating.
    int last_ = -1;
    Ply* current_ = nullptr;  // &plies_[last_]
    int capacity_ = 0;        // plies_.size() == keys_.size()
    std::vector<Ply> plies_;
    std::vector<std::uint64_t> keys_;  // keys_[k] == position(k).key(), scanned densely
    int window_start_ = 0;
    std::array<int, 2> second_occurrences_{};  // per side to move, in the current window
    WindowKeys window_keys_;
    std::vector<Repeated> repeated_;  // of this game, written only when a position repeats

    // move_text(k) of the current game: valid where move_text_games_[k] == game_serial_, so that
    // a repetition's findings, which name the same earlier moves many times over, write each
    // SAN (a legality look and a trial move for its check mark) once.
    std::uint64_t game_serial_ = 0;
    mutable std::vector<std::string> move_texts_;
    mutable std::vector<std::uint64_t> move_text_games_;
    mutable std::vector<int> chain_scratch_;  // occurrence_words', kept for its capacity
};

inline bool History::irreversible(const chess::Position& before, const chess::Position& after) {
    std::uint32_t rights_before;
    std::uint32_t rights_after;
    static_assert(sizeof(chess::CastlingRights) == sizeof(std::uint32_t));
    std::memcpy(&rights_before, &before.castling_rights(), sizeof rights_before);
    std::memcpy(&rights_after, &after.castling_rights(), sizeof rights_after);
    return (after.halfmove_clock() == 0) | (rights_before != rights_after);
}

// The state that appending a position changes, in the members of a local object: a loop that
// appends many positions keeps them in registers, where the History's own members were loaded
// and stored again at every half-move (any store of the loop might have changed them). While an
// Appender is open the History is stale: save() before anything else reads it, load() after.
class History::Appender {
  public:
    explicit Appender(History& history) : history_(history) { load(); }
    void load() {
        current_ = history_.current_;
        keys_ = history_.keys_.data();
        seen_ = history_.window_keys_.entries();
        last_ = history_.last_;
        window_start_ = history_.window_start_;
        window_ = history_.window_keys_.number();
        second_occurrences_ =
            static_cast<std::uint32_t>(history_.second_occurrences_[0]) |
            std::uint64_t{static_cast<std::uint32_t>(history_.second_occurrences_[1])} << 32;
    }
    void save() const {
        history_.current_ = current_;
        history_.last_ = last_;
        history_.window_start_ = window_start_;
        history_.window_keys_.set_number(window_);
        history_.second_occurrences_ = {static_cast<int>(second_occurrences_ & 0xFFFFFFFFU),
                                        static_cast<int>(second_occurrences_ >> 32)};
    }

    // As the History's functions of the same names.
    int last() const { return last_; }
    const chess::Position& last_position() const { return current_->position; }
    bool twice_occurred() const { return second_occurrences_ != 0; }
    chess::Position& next_slot() { return current_[1].position; }

    // Appends the position played into the slot after the last and finds its latest earlier
    // occurrence: back two plies at a time (the same side to move), no further than the window
    // start.
    void append(chess::Move move, pgn::TextPos where) {
        const int k = last_ + 1;
        Ply& ply = current_[1];
        ply.move = move;
        ply.where = where;
        ply.previous = -1;
        ply.occurrence = 1;
        const std::uint64_t key = ply.position.key();
        keys_[k] = key;
        start_window_if(irreversible(current_->position, ply.position), k);
        last_ = k;
        current_ = &ply;
        // A key the filter has not seen in the window is certainly a first occurrence, which
        // spares most moves the scan.
        if (!WindowKeys::mark_in(seen_, window_, key)) [[likely]]
            return;
        for (int j = k - 2; j >= window_start_; j -= 2) {
            // Position j is this one: a key match, confirmed (9.2.2).
            if (keys_[j] == key && current_[j - k].position.same_position(ply.position))
                [[unlikely]] {
                save();
                history_.record_repetition(k, j);
                load();
                return;
            }
        }
    }

  private:
    // Starts a new window at position k if `starts`. Windows start about every third
    // half-move, unpredictably: started by masks and adds rather than behind a branch.
    void start_window_if(bool starts, int k) {
        const auto start = static_cast<std::uint64_t>(starts);
        window_start_ += static_cast<int>(start) * (k - window_start_);
        second_occurrences_ &= start - 1;
        window_ = history_.window_keys_.stepped(window_, static_cast<std::uint32_t>(start));
    }

    History& history_;
    Ply* current_;
    std::uint64_t* keys_;
    std::uint32_t* seen_;
    int last_;
    int window_start_;
    std::uint32_t window_;
    std::uint64_t second_occurrences_;  // History::second_occurrences_, White's in the low half
};

inline void History::append_played(chess::Move move, pgn::TextPos where) {
    Appender appender(*this);
    appender.append(move, where);
    appender.save();
}

}  // namespace drawaudit::audit
