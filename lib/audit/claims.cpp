// RULES.md "Claims": the player having the move claims a draw by threefold repetition (9.2.1.1,
// 9.2.1.2) or by the fifty-move rule (9.3.1, 9.3.2).
#include <algorithm>
#include <utility>

#include "audit/claim_conditions.hpp"
#include "audit/rules.hpp"
#include "audit/wording.hpp"
#include "chess/san.hpp"

namespace drawaudit::audit {

using chess::Color;
using chess::Move;
using chess::Position;

void Claims::new_game() {
    fifty_ = FiftyWindow{};
    last_claim_ply_ = -1;
    twice_window_ = -1;
}

void Claims::check(CurrentGame& game, int k) {
    const History& history = game.history;
    const Position& position = history.position(k);
    const Color mover = position.side_to_move();
    const int clock = position.halfmove_clock();
    if (threefold_appeared_holds(history.occurrence(k))) [[unlikely]]
        threefold_appeared(game, k);
    // 9.2.1.1 is only worth looking for when a position with the other side to move has already
    // occurred twice in the window.
    if (history.twice_occurred_with(~mover)) [[unlikely]]
        threefold_declared(game, k);
    if (clock == 99 && !fifty_.declared_done) [[unlikely]]
        fifty_declared(game, k);
    if (fifty_appeared_holds(clock)) [[unlikely]] {
        if (!fifty_.appeared_done[static_cast<std::size_t>(chess::index_of(mover))])
            fifty_appeared(game, k);
        last_claim_ply_ = k;
    }
}

bool Claims::claim_available_at(const CurrentGame& game, int k) const {
    if (last_claim_ply_ == k) return true;
    return fifty_appeared_holds(game.history.position(k).halfmove_clock());
}

// 9.2.1.2: the position has appeared (at least) three times; the player to move claims.
void Claims::threefold_appeared(CurrentGame& game, int k) {
    last_claim_ply_ = k;
    // Beyond the rule's limit the claim is only counted: its words cost more than the replay.
    if (!game.lists(Rule::ThreefoldClaim)) [[unlikely]] {
        game.omit(Rule::ThreefoldClaim);
        return;
    }
    const History& history = game.history;
    const Color mover = history.position(k).side_to_move();
    Finding& f = game.add_finding(Rule::ThreefoldClaim, k);
    f.route = Route::Appeared;
    f.article = "9.2.1.2";
    f.side = side_of(mover);
    game.list_occurrences(k, f);
    f.args.id = MessageId::ThreefoldAppeared;
    history.earlier_occurrence_words(k, f.args.earlier);
}

// 9.2.1.1: a move that would make a position appear for the third time; the player writes it
// down and claims.
void Claims::threefold_declared(CurrentGame& game, int k) {
    const Color mover = game.history.position(k).side_to_move();
    // Whether there is such a move first: most calls find none, and a Finding built and
    // destroyed for nothing cost more than this search run twice for the few that do.
    if (!find_declared_repetitions(game, k, nullptr)) return;
    last_claim_ply_ = k;
    if (!game.lists(Rule::ThreefoldClaim)) [[unlikely]] {
        game.omit(Rule::ThreefoldClaim);
        return;
    }
    Finding candidate;
    find_declared_repetitions(game, k, &candidate);
    Finding& f = game.add_finding(Rule::ThreefoldClaim, k);
    f.route = Route::Declared;
    f.article = "9.2.1.1";
    f.side = side_of(mover);
    f.moves = std::move(candidate.moves);
    f.occurrences = std::move(candidate.occurrences);
    f.occurrence_count = candidate.occurrence_count;
    f.occurrence_moves = std::move(candidate.occurrence_moves);
    f.args.id = MessageId::ThreefoldDeclared;
    f.args.declared = std::move(candidate.args.declared);
}

inline const std::vector<int>& Claims::twice_occurred_positions(const CurrentGame& game, int k) {
    const History& history = game.history;
    if (twice_window_ != history.window_start()) {
        twice_window_ = history.window_start();
        twice_scanned_ = history.window_start();
        twice_positions_.clear();
    }
    for (; twice_scanned_ < k; ++twice_scanned_) {
        if (history.occurrence(twice_scanned_) == 2) twice_positions_.push_back(twice_scanned_);
    }
    return twice_positions_;
}

namespace {
// The quiet move of one piece that turns `from` into a position with the pieces of `target`,
// if one can: exactly two squares differ in occupancy, a move's two (castling and captures
// cannot lead back into the window: they are irreversible). Null if none.
Move piece_move_between(const Position& from, const Position& target) {
    const chess::Bitboard changed = from.occupied() ^ target.occupied();
    // Exactly two squares differ: tested without popcount, which a portable build calls out of
    // line, thousands of times in a large database.
    const chess::Bitboard second = changed & (changed - 1);
    if (second == 0 || chess::more_than_one(second)) return Move{};
    chess::Square origin = chess::lsb(changed);
    chess::Square destination = chess::lsb(second);
    if (from.piece_on(origin) == chess::NoPiece) std::swap(origin, destination);
    const chess::Piece piece = from.piece_on(origin);
    if (piece == chess::NoPiece || chess::color_of(piece) != from.side_to_move() ||
        target.piece_on(destination) != piece)
        return Move{};
    return Move(origin, destination);
}
}  // namespace

// The moves from position k that make an already twice-occurred position appear a third time:
// each is derived from the difference between k and the target, and confirmed by is_legal and
// same_position. Without `out`, only whether there is one (a finding beyond its rule's limit).
bool Claims::find_declared_repetitions(const CurrentGame& game, int k, Finding* found) {
    const History& history = game.history;
    const Position& position = history.position(k);
    const std::vector<int>& twice = twice_occurred_positions(game, k);
    int total = 0;  // occurrences of the targets
    // Each twice-occurred position of the window, once (at its second occurrence), latest
    // first, with the other side to move (k - j odd).
    for (auto it = twice.rbegin(); it != twice.rend(); ++it) {
        const int j = *it;
        if ((k - j) % 2 == 0) continue;
        const Position& target = history.position(j);
        const Move m = piece_move_between(position, target);
        if (m.is_null() || !position.is_legal(m)) continue;
        Position next = position;
        next.make_move(m);
        if (!next.same_position(target)) continue;
        if (found == nullptr) return true;
        Finding& out = *found;

        // The position may have occurred again after its second occurrence.
        const int latest = history.latest_occurrence(j);
        out.moves.push_back(chess::to_san(position, m));
        history.listed_occurrences(latest, out.occurrences);
        total += history.occurrence(latest);
        DeclaredRepetition& declared = out.args.declared.emplace_back();
        declared.move = history.next_move_text(k, m);
        history.occurrence_words(latest, declared.before);
    }
    if (found == nullptr || found->moves.empty()) return false;
    Finding& out = *found;
    // The targets are different positions: their lists hold the first and the last five of all.
    std::sort(out.occurrences.begin(), out.occurrences.end());
    const auto half = static_cast<std::ptrdiff_t>(History::kListedOccurrences / 2);
    if (total > History::kListedOccurrences)
        out.occurrences.erase(out.occurrences.begin() + half, out.occurrences.end() - half);
    out.occurrence_count = total;
    for (int i : out.occurrences) {
        out.occurrence_moves.push_back(i == 0 ? "start" : history.move_text(i));
    }
    return true;
}

// 9.3.1: at clock 99, the player to move may write down a move that is neither a pawn move nor a
// capture and claim (RULES.md: even a move that mates).
void Claims::fifty_declared(CurrentGame& game, int k) {
    const Position& position = game.history.position(k);
    const Color mover = position.side_to_move();
    fifty_.declared_done = true;
    position.generate_legal(scratch_moves_);
    std::vector<std::string> quiet;
    for (Move m : scratch_moves_) {
        if (quiet_for_fifty(position, m)) {
            quiet.push_back(chess::to_san(position, m));
        }
    }
    if (quiet.empty()) return;
    Finding& f = game.add_finding(Rule::FiftyMoveClaim, k);
    f.route = Route::Declared;
    f.article = "9.3.1";
    f.side = side_of(mover);
    f.halfmove_clock = position.halfmove_clock();
    f.args.id = MessageId::FiftyDeclared;
    f.args.example_move = game.history.next_move_text(k, Move{}) + quiet.front();
    f.moves = std::move(quiet);
    remember_window_finding(game);
    last_claim_ply_ = k;
}

// 9.3.2: the last 50 moves by each player were made without a pawn move or capture.
void Claims::fifty_appeared(CurrentGame& game, int k) {
    const Position& position = game.history.position(k);
    const Color mover = position.side_to_move();
    fifty_.appeared_done[static_cast<std::size_t>(chess::index_of(mover))] = true;
    Finding& f = game.add_finding(Rule::FiftyMoveClaim, k);
    f.route = Route::Appeared;
    f.article = "9.3.2";
    f.side = side_of(mover);
    f.halfmove_clock = position.halfmove_clock();
    f.args.id = MessageId::FiftyAppeared;
    remember_window_finding(game);
}

void Claims::remember_window_finding(const CurrentGame& game) {
    if (game.last_finding_index() < 0) return;  // omitted: no until_ply to give it
    fifty_.finding_index[static_cast<std::size_t>(fifty_.finding_count++)] =
        game.last_finding_index();
}

void Claims::follow_fifty_window(CurrentGame& game, int k) {
    const int clock = game.history.position(k).halfmove_clock();
    if (fifty_.open && clock < 99) close_fifty_window(game, k - 1);
    if (!fifty_.open && clock >= 99) {
        fifty_ = FiftyWindow{};
        fifty_.open = true;
    }
}

void Claims::close_fifty_window(CurrentGame& game, int last_ply) {
    for (int i = 0; i < fifty_.finding_count; ++i) {
        Finding& f = game.report().findings[static_cast<std::size_t>(
            fifty_.finding_index[static_cast<std::size_t>(i)])];
        f.until_ply = last_ply;
    }
    fifty_ = FiftyWindow{};
}

}  // namespace drawaudit::audit
