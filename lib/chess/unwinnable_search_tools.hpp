// What the searches of part 4 share: sets of position keys, the failure cache, distances.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "chess/types.hpp"

namespace drawaudit::chess::unwinnable_parts {

constexpr int chebyshev(Square a, Square b) {
    const int files = file_of(a) - file_of(b);
    const int ranks = rank_of(a) - rank_of(b);
    return std::max(files < 0 ? -files : files, ranks < 0 ? -ranks : ranks);
}
inline int edge_distance(Square s) {
    const int f = file_of(s);
    const int r = rank_of(s);
    return std::min(std::min(f, 7 - f), std::min(r, 7 - r));
}
inline int piece_value(PieceType t) {
    switch (t) {
        case PieceType::Pawn:
            return 1;
        case PieceType::Knight:
        case PieceType::Bishop:
            return 3;
        case PieceType::Rook:
            return 5;
        case PieceType::Queen:
            return 9;
        default:
            return 0;
    }
}

// A set of 64-bit position keys (open addressing; 0 marks an empty slot).
class KeySet {
  public:
    // True when `key` was new (and is now in the set).
    bool insert(std::uint64_t key) {
        if (key == 0) key = 1;
        if ((size_ + 1) * 2 > slots_.size()) grow();
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots_[i] == key) return false;
            if (slots_[i] == 0) {
                slots_[i] = key;
                ++size_;
                return true;
            }
        }
    }

  private:
    void grow() {
        std::vector<std::uint64_t> old = std::move(slots_);
        slots_.assign(old.empty() ? 4096 : old.size() * 2, 0);
        size_ = 0;
        for (std::uint64_t k : old)
            if (k != 0) insert(k);
    }
    std::vector<std::uint64_t> slots_;
    std::size_t size_ = 0;
};

// Depth-limited failures of the helpmate search (a heuristic cache: a lost entry only costs
// time, never correctness, since a found line is a real line).
class FailTable {
  public:
    bool failed(std::uint64_t key, int depth, int discrepancies) const {
        if (entries_.empty()) return false;
        const Entry& e = entries_[key & (entries_.size() - 1)];
        return e.key == key && e.depth >= depth && e.discrepancies >= discrepancies;
    }
    // The table starts small and grows (dropping what it held) with the stores: most sides
    // find their helpmate in a few hundred nodes, and zeroing a large table for each of them
    // cost more than their search.
    void store(std::uint64_t key, int depth, int discrepancies) {
        if (++stores_ > entries_.size() && entries_.size() < MaxEntries)
            entries_.assign(entries_.empty() ? 1024 : entries_.size() * 4, Entry{});
        Entry& e = entries_[key & (entries_.size() - 1)];
        e.key = key;
        e.depth = static_cast<std::int16_t>(depth);
        e.discrepancies = static_cast<std::int16_t>(discrepancies);
    }

  private:
    static constexpr std::size_t MaxEntries = 1 << 18;
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t depth = -1;
        std::int16_t discrepancies = -1;
    };
    std::vector<Entry> entries_;
    std::size_t stores_ = 0;
};

inline Bitboard squares_of_colour(Square s) {
    constexpr Bitboard Light = 0x55AA55AA55AA55AAULL;
    return is_light_square(s) ? Light : ~Light;
}

}  // namespace drawaudit::chess::unwinnable_parts
