// What the searches of part 4 share: sets of position keys, the failure cache, distances.
#pragma once

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <new>
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
constexpr int piece_value(PieceType t) {
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

// An allocator for the searches' large arrays (the walk's stack, the sets of keys, the best-first
// nodes): from 2 MiB on, memory in whole 2 MiB pages where the system gives them (Linux's
// transparent huge pages, `madvise` mode on Debian). A deep search touched tens of megabytes of
// fresh 4 KiB pages, and in a virtual machine their faults took half its time (the slowest
// Lichess final: 0.09 s of system time in 0.19 s). Below 2 MiB, plain memory: a huge page
// for a small search would cost more to clear than the search.
template <class T>
struct LargeAllocator {
    using value_type = T;
    static constexpr std::size_t Huge = std::size_t{2} << 20;
    LargeAllocator() = default;
    template <class U>
    LargeAllocator(const LargeAllocator<U>&) {}
    T* allocate(std::size_t n) {
        std::size_t bytes = n * sizeof(T);
        void* p = nullptr;
        if (bytes >= Huge) {
            bytes = (bytes + Huge - 1) / Huge * Huge;
            p = std::aligned_alloc(Huge, bytes);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
            if (p != nullptr) madvise(p, bytes, MADV_HUGEPAGE);  // a hint: failure is harmless
#endif
        } else {
            p = std::malloc(bytes == 0 ? 1 : bytes);
        }
        if (p == nullptr) throw std::bad_alloc();
        return static_cast<T*>(p);
    }
    void deallocate(T* p, std::size_t) {
        std::free(p);
    }
    template <class U>
    bool operator==(const LargeAllocator<U>&) const {
        return true;
    }
};
template <class T>
using LargeVector = std::vector<T, LargeAllocator<T>>;

// The frontier of a best-first search: a min-queue of (score, node) in a total order (ties:
// the older node, the smaller index, first), for nodes pushed in increasing index order. The
// scores within Window / 2 of the first one pushed (the root's) go to a bucket per score, each
// a first-in first-out list of nodes, which is that order without comparisons; the rest to a
// binary heap. A binary heap for all of them cost a fifth of the best-first search's
// time (its sift loops mispredict). Both halves hold disjoint score ranges, so the order of
// the whole is the order of each.
class Frontier {
  public:
    static constexpr int Window = 2048;

    bool empty() const { return in_window_ == 0 && heap_.empty(); }

    void push(int score, std::uint32_t node) {
        if (!based_) {
            based_ = true;
            base_ = score - Window / 2;
        }
        const auto bucket = static_cast<unsigned>(score - base_);
        if (bucket >= static_cast<unsigned>(Window)) {
            heap_.push_back({score, node});
            std::push_heap(heap_.begin(), heap_.end());
            return;
        }
        if (node >= next_.size()) next_.resize(std::max<std::size_t>(node + 1, 2 * next_.size()));
        std::uint64_t& word = occupied_[bucket / 64];
        const std::uint64_t bit = std::uint64_t{1} << (bucket % 64);
        if (word & bit) {
            next_[tail_[bucket]] = node;
        } else {
            word |= bit;
            head_[bucket] = node;
            if (bucket < lowest_) lowest_ = bucket;
        }
        tail_[bucket] = node;
        ++in_window_;
    }

    // The node of the least (score, node); the frontier must not be empty.
    std::uint32_t pop() {
        if (in_window_ != 0) {
            // lowest_ is at or below the first occupied bucket.
            std::size_t w = lowest_ / 64;
            while (occupied_[w] == 0) ++w;
            const auto bucket = static_cast<unsigned>(
                64 * w + static_cast<unsigned>(std::countr_zero(occupied_[w])));
            lowest_ = bucket;
            if (heap_.empty() || heap_.front().score >= base_ + static_cast<int>(bucket)) {
                const std::uint32_t node = head_[bucket];
                if (node == tail_[bucket])
                    occupied_[w] &= occupied_[w] - 1;
                else
                    head_[bucket] = next_[node];
                --in_window_;
                return node;
            }
        }
        std::pop_heap(heap_.begin(), heap_.end());
        const std::uint32_t node = heap_.back().node;
        heap_.pop_back();
        return node;
    }

  private:
    struct Entry {
        int score;
        std::uint32_t node;
        // std::push_heap keeps the greatest first: the least (score, node) is the greatest.
        bool operator<(const Entry& o) const {
            return score != o.score ? score > o.score : node > o.node;
        }
    };
    bool based_ = false;
    int base_ = 0;
    std::size_t in_window_ = 0;
    unsigned lowest_ = Window;
    std::uint64_t occupied_[Window / 64] = {};
    // A bucket's first and last node, read only while its bit in occupied_ is set (so left
    // uninitialised: zeroing them cost more than most searches).
    std::uint32_t head_[Window];
    std::uint32_t tail_[Window];
    std::vector<std::uint32_t> next_;  // the next node in its bucket, by node
    std::vector<Entry> heap_;
};

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
        LargeVector<std::uint64_t> old = std::move(slots_);
        slots_.assign(old.empty() ? 4096 : old.size() * 2, 0);
        size_ = 0;
        for (std::uint64_t k : old)
            if (k != 0) insert(k);
    }
    LargeVector<std::uint64_t> slots_;
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
    // Drops what was stored for `key` (a search cut by its budget had stored the positions of
    // its path as failed before searching them).
    void forget(std::uint64_t key) {
        if (entries_.empty()) return;
        Entry& e = entries_[key & (entries_.size() - 1)];
        if (e.key == key) e = Entry{};
    }

  private:
    static constexpr std::size_t MaxEntries = 1 << 18;
    struct Entry {
        std::uint64_t key = 0;
        std::int16_t depth = -1;
        std::int16_t discrepancies = -1;
    };
    LargeVector<Entry> entries_;
    std::size_t stores_ = 0;
};

inline Bitboard squares_of_colour(Square s) {
    constexpr Bitboard Light = 0x55AA55AA55AA55AAULL;
    return is_light_square(s) ? Light : ~Light;
}

}  // namespace drawaudit::chess::unwinnable_parts
