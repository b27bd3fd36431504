// Legal move generation with pin and check masks: every move generated is legal, so perft,
// mate and stalemate detection never play a move to test it.
#include <algorithm>

#include "chess/attacks.hpp"
#include "chess/position.hpp"
#include "chess/position_moves.hpp"

namespace drawaudit::chess {

namespace {

constexpr PieceType PromotionPieces[4] = {PieceType::Queen, PieceType::Knight, PieceType::Rook,
                                          PieceType::Bishop};

// Collects the moves into a MoveList.
struct ListSink {
    static constexpr bool stops_early = false;
    MoveList& list;
    bool done() const { return false; }
    void add(Move m) { list.push(m); }
    void add_targets(Square from, Bitboard targets) {
        while (targets) list.push(Move(from, pop_lsb(targets)));
    }
    void add_pawn_moves(Bitboard targets, int offset) {
        while (targets) {
            const Square to = pop_lsb(targets);
            list.push(Move(static_cast<Square>(to - offset), to));
        }
    }
    void add_promotions(Bitboard targets, int offset) {
        while (targets) {
            const Square to = pop_lsb(targets);
            const Square from = static_cast<Square>(to - offset);
            for (PieceType p : PromotionPieces) list.push(Move(from, to, MoveKind::Promotion, p));
        }
    }
};

// Only counts (perft's last ply).
struct CountSink {
    static constexpr bool stops_early = false;
    int count = 0;
    bool done() const { return false; }
    void add(Move) { ++count; }
    void add_targets(Square, Bitboard targets) { count += popcount(targets); }
    void add_pawn_moves(Bitboard targets, int) { count += popcount(targets); }
    void add_promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
};

// Stops at the first legal move (mate and stalemate tests).
struct AnySink {
    static constexpr bool stops_early = true;
    bool found = false;
    bool done() const { return found; }
    void add(Move) { found = true; }
    void add_targets(Square, Bitboard targets) { found |= targets != 0; }
    void add_pawn_moves(Bitboard targets, int) { found |= targets != 0; }
    void add_promotions(Bitboard targets, int) { found |= targets != 0; }
};

}  // namespace

struct MoveGenerator {
    template <Color Us, class Sink>
    [[gnu::always_inline]] static inline void generate(const Position& pos, Sink& sink);

    template <Color Us, class Sink>
    static void add_pawn_move(Sink& sink, Square from, Square to) {
        if (relative_rank(Us, to) == 7) {
            for (PieceType p : PromotionPieces) sink.add(Move(from, to, MoveKind::Promotion, p));
        } else {
            sink.add(Move(from, to));
        }
    }

    static bool castling_allowed(const Position& pos, Square rook, int wing);
    template <Color Us>
    static bool quick_any(const Position& pos);

    static bool attacked_by(const Position& pos, Color by, Square s, Bitboard occupancy) {
        const Bitboard enemies = pos.pieces(by);
        const Bitboard queens = pos.by_type_[index_of(PieceType::Queen)];
        return (knight_attacks(s) & pos.by_type_[index_of(PieceType::Knight)] & enemies) ||
               (pawn_attacks(~by, s) & pos.by_type_[index_of(PieceType::Pawn)] & enemies) ||
               (king_attacks(s) & pos.by_type_[index_of(PieceType::King)] & enemies) ||
               (bishop_attacks(s, occupancy) &
                (pos.by_type_[index_of(PieceType::Bishop)] | queens) & enemies) ||
               (rook_attacks(s, occupancy) & (pos.by_type_[index_of(PieceType::Rook)] | queens) &
                enemies);
    }
};

template <Color Us, class Sink>
inline void MoveGenerator::generate(const Position& pos, Sink& sink) {
    constexpr Color Them = ~Us;
    constexpr int Up = Us == Color::White ? 8 : -8;
    constexpr int UpWest = Us == Color::White ? 7 : -9;
    constexpr int UpEast = Us == Color::White ? 9 : -7;
    constexpr Bitboard LastRank = Us == Color::White ? rank_bb(7) : rank_bb(0);
    constexpr Bitboard ThirdRank = Us == Color::White ? rank_bb(2) : rank_bb(5);

    const Bitboard own = pos.pieces(Us);
    const Bitboard enemies = pos.pieces(Them);
    const Bitboard occupancy = own | enemies;
    const Square king = pos.king_square(Us);
    const Bitboard checkers = pos.checkers_;

    // King steps: the king's own square is removed so that it cannot hide behind itself.
    {
        const Bitboard without_king = occupancy ^ bb(king);
        Bitboard targets = king_attacks(king) & ~own;
        while (targets) {
            const Square to = pop_lsb(targets);
            if (!attacked_by(pos, Them, to, without_king)) {
                sink.add(Move(king, to));
                if constexpr (Sink::stops_early) return;
            }
        }
    }
    if (more_than_one(checkers)) return;  // double check: only the king may move

    // Single check: capture the checker or block the line.
    const Bitboard target_mask = checkers ? (between_bb(king, lsb(checkers)) | checkers) : ~own;
    const Bitboard pinned = pos.pinned(Us);
    const Bitboard queens = pos.pieces(Us, PieceType::Queen);

    // Pawns that are not pinned, all at once.
    {
        const Bitboard pawns = pos.pieces(Us, PieceType::Pawn) & ~pinned;
        const Bitboard empty = ~occupancy;
        const Bitboard single = pawn_push<Us>(pawns) & empty;
        const Bitboard twice = pawn_push<Us>(single & ThirdRank) & empty & target_mask;
        const Bitboard pushes = single & target_mask;
        const Bitboard west = pawn_attacks_west<Us>(pawns) & enemies & target_mask;
        const Bitboard east = pawn_attacks_east<Us>(pawns) & enemies & target_mask;
        sink.add_pawn_moves(pushes & ~LastRank, Up);
        sink.add_pawn_moves(twice, 2 * Up);
        sink.add_pawn_moves(west & ~LastRank, UpWest);
        sink.add_pawn_moves(east & ~LastRank, UpEast);
        sink.add_promotions(pushes & LastRank, Up);
        sink.add_promotions(west & LastRank, UpWest);
        sink.add_promotions(east & LastRank, UpEast);
        if constexpr (Sink::stops_early)
            if (sink.done()) return;
    }

    Bitboard knights = pos.pieces(Us, PieceType::Knight) & ~pinned;
    while (knights) {
        const Square from = pop_lsb(knights);
        sink.add_targets(from, knight_attacks(from) & target_mask);
    }
    Bitboard diagonal = (pos.pieces(Us, PieceType::Bishop) | queens) & ~pinned;
    while (diagonal) {
        const Square from = pop_lsb(diagonal);
        sink.add_targets(from, bishop_attacks(from, occupancy) & target_mask);
    }
    Bitboard straight = (pos.pieces(Us, PieceType::Rook) | queens) & ~pinned;
    while (straight) {
        const Square from = pop_lsb(straight);
        sink.add_targets(from, rook_attacks(from, occupancy) & target_mask);
    }
    if constexpr (Sink::stops_early)
        if (sink.done()) return;

    // A pinned piece can never parry a check; without check it may move along its pin line.
    if (!checkers && pinned) {
        Bitboard pieces = pinned;
        while (pieces) {
            const Square from = pop_lsb(pieces);
            const Bitboard line = line_bb(king, from);
            switch (type_of(pos.board_[from])) {
                case PieceType::Pawn: {
                    const Square ahead = static_cast<Square>(from + Up);
                    if ((line & bb(ahead)) && !(occupancy & bb(ahead))) {
                        add_pawn_move<Us>(sink, from, ahead);
                        const Square two = static_cast<Square>(ahead + Up);
                        if (relative_rank(Us, from) == 1 && !(occupancy & bb(two)))
                            sink.add(Move(from, two));
                    }
                    Bitboard captures = pawn_attacks(Us, from) & enemies & line;
                    while (captures) add_pawn_move<Us>(sink, from, pop_lsb(captures));
                    break;
                }
                case PieceType::Bishop:
                    sink.add_targets(from, bishop_attacks(from, occupancy) & line & ~own);
                    break;
                case PieceType::Rook:
                    sink.add_targets(from, rook_attacks(from, occupancy) & line & ~own);
                    break;
                case PieceType::Queen:
                    sink.add_targets(from, queen_attacks(from, occupancy) & line & ~own);
                    break;
                default:
                    break;  // a pinned knight has no move along the line
            }
        }
        if constexpr (Sink::stops_early)
            if (sink.done()) return;
    }

    // En passant: ep_legal_ already says whether any capture is legal; play each one out.
    if (pos.ep_legal_) {
        Bitboard capturers = pawn_attacks(Them, pos.ep_square_) & pos.pieces(Us, PieceType::Pawn);
        while (capturers) {
            const Square from = pop_lsb(capturers);
            if (pos.en_passant_capture_is_legal(from))
                sink.add(Move(from, pos.ep_square_, MoveKind::EnPassant));
        }
    }

    if (!checkers) {
        for (int wing = 0; wing < 2; ++wing) {
            const Square rook = pos.castling_.rook[index_of(Us)][wing];
            if (rook != NoSquare && castling_allowed(pos, rook, wing))
                sink.add(Move(king, rook, MoveKind::Castling));
        }
    }
}

// Castling (3.8.2) with the right already established and the king not in check: the squares
// between king and its destination and rook and its destination empty but for the two, and the
// king not crossing or landing on an attacked square. Chess960 alike: king to g/c, rook to f/d.
inline bool MoveGenerator::castling_allowed(const Position& pos, Square rook, int wing) {
    const Color us = pos.side_;
    const Square king = pos.king_square(us);
    const Bitboard occupancy = pos.occupied();
    const int back_rank = rank_of(king);
    const Square king_to = make_square(wing == 0 ? 6 : 2, back_rank);
    const Square rook_to = make_square(wing == 0 ? 5 : 3, back_rank);
    const Bitboard movers = bb(king) | bb(rook);
    const Bitboard must_be_empty =
        (between_bb(king, king_to) | bb(king_to) | between_bb(rook, rook_to) | bb(rook_to)) &
        ~movers;
    if (occupancy & must_be_empty) return false;
    // Without the castling rook: in Chess960 it may be what shields the king's destination, even
    // when the king stays on its square (king c1, rook b1, enemy rook a1). The destination is
    // tested on the final occupancy, with the rook on its new square. The attack tests without
    // magic lookups: SAN reading asks this for every castling of a game, and the large rook
    // table misses the cache while the game text streams through it.
    const Bitboard without_movers = occupancy ^ movers;
    Bitboard king_path = between_bb(king, king_to);
    while (king_path)
        if (attacked_without_magic(pos, ~us, pop_lsb(king_path), without_movers)) return false;
    return !attacked_without_magic(pos, ~us, king_to, without_movers | bb(rook_to));
}

// Without check, almost every position has a knight, pawn or slider move that needs no
// attack test; look for one of those before the full generator.
template <Color Us>
bool MoveGenerator::quick_any(const Position& pos) {
    const Bitboard own = pos.pieces(Us);
    const Bitboard occupancy = pos.occupied();
    const Square king = pos.king_square(Us);
    // A piece on no line through its king cannot be pinned: no pin search needed for it.
    const Bitboard free = own & ~(rook_rays(king) | bishop_rays(king));
    Bitboard knights = pos.pieces(Us, PieceType::Knight) & free;
    while (knights)
        if (knight_attacks(pop_lsb(knights)) & ~own) return true;
    const Bitboard pawns = pos.pieces(Us, PieceType::Pawn) & free;
    if (pawn_push<Us>(pawns) & ~occupancy) return true;
    const Bitboard enemies = pos.pieces(~Us);
    if ((pawn_attacks_west<Us>(pawns) | pawn_attacks_east<Us>(pawns)) & enemies) return true;
    Bitboard sliders = (pos.pieces(Us, PieceType::Bishop) | pos.pieces(Us, PieceType::Rook) |
                        pos.pieces(Us, PieceType::Queen)) &
                       free;
    while (sliders) {
        const Square from = pop_lsb(sliders);
        if (attacks_of(type_of(pos.board_[from]), Us, from, occupancy) & ~own) return true;
    }
    return false;
}

void Position::generate_legal(MoveList& list) const {
    list.count = 0;
    ListSink sink{list};
    if (side_ == Color::White)
        MoveGenerator::generate<Color::White>(*this, sink);
    else
        MoveGenerator::generate<Color::Black>(*this, sink);
}

// Counting is popcount-bound. A portable build (no -mpopcnt) would call libgcc's software
// popcount for every piece; on x86-64 a second copy using the POPCNT instruction is chosen at
// load time when the processor has it.
#if defined(__x86_64__) && !defined(__POPCNT__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__)
#define DRAWAUDIT_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define DRAWAUDIT_POPCNT_CLONES
#endif

DRAWAUDIT_POPCNT_CLONES int Position::count_legal_moves() const {
    CountSink sink;
    if (side_ == Color::White)
        MoveGenerator::generate<Color::White>(*this, sink);
    else
        MoveGenerator::generate<Color::Black>(*this, sink);
    return sink.count;
}

bool Position::has_legal_move() const {
    if (!checkers_) {
        const bool found = side_ == Color::White ? MoveGenerator::quick_any<Color::White>(*this)
                                                 : MoveGenerator::quick_any<Color::Black>(*this);
        if (found) return true;
    }
    AnySink sink;
    if (side_ == Color::White)
        MoveGenerator::generate<Color::White>(*this, sink);
    else
        MoveGenerator::generate<Color::Black>(*this, sink);
    return sink.found;
}

// is_legal's castling test and make_move's castling in one, without the Move they would
// exchange: SAN reading meets a castling about twice a game.
Move detail::play_castling(const Position& before, int wing, Position& after) {
    const Color us = before.side_;
    const Square rook = before.castling_.rook[index_of(us)][wing];
    // 3.8.2.2: no castling out of check.
    if (rook == NoSquare || before.checkers_ ||
        !MoveGenerator::castling_allowed(before, rook, wing))
        return Move{};
    const Square king = before.king_square(us);
    after = before;
    after.make_castling_move(king, rook);
    return Move(king, rook, MoveKind::Castling);
}

bool Position::is_legal(Move m) const {
    // The two special kinds are checked directly (SAN reading asks for them); the rest by search.
    if (m.kind() == MoveKind::Castling) {
        if (checkers_ || m.from() != king_square(side_)) return false;
        for (int wing = 0; wing < 2; ++wing)
            if (castling_.rook[index_of(side_)][wing] == m.to() &&
                m.promotion() == PieceType::Knight)
                return MoveGenerator::castling_allowed(*this, m.to(), wing);
        return false;
    }
    if (m.kind() == MoveKind::EnPassant) {
        return ep_legal_ && m.to() == ep_square_ && m.promotion() == PieceType::Knight &&
               board_[m.from()] == make_piece(side_, PieceType::Pawn) &&
               (pawn_attacks(side_, m.from()) & bb(m.to())) &&
               en_passant_capture_is_legal(m.from());
    }
    // An ordinary move of a piece (not a pawn), directly: it reaches its target, which holds no
    // piece of its own side, and afterwards no enemy piece attacks the king. The audit asks this
    // for every move that could repeat a position (9.2.1.1), where generating all moves cost
    // about 900 instructions a question.
    const Piece piece = board_[m.from()];
    if (m.kind() == MoveKind::Normal && m.promotion() == PieceType::Knight && piece != NoPiece &&
        color_of(piece) == side_ && type_of(piece) != PieceType::Pawn) {
        const Bitboard to_bb = bb(m.to());
        const Bitboard occupancy = occupied();
        if ((pieces(side_) & to_bb) ||
            !(attacks_of(type_of(piece), side_, m.from(), occupancy) & to_bb))
            return false;
        const Square king = type_of(piece) == PieceType::King ? m.to() : king_square(side_);
        const Bitboard occupancy_after = (occupancy ^ bb(m.from())) | to_bb;
        return !(attackers_to(king, occupancy_after) & pieces(~side_) & ~to_bb);
    }
    MoveList list;
    generate_legal(list);
    return std::find(list.begin(), list.end(), m) != list.end();
}

}  // namespace drawaudit::chess
