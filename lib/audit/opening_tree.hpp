// The openings the auditor has replayed, as a tree of positions reached from the standard start
// by moves as written: most games of a database begin with a line that many others began with,
// and following the tree spares those moves' SAN resolution and make.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>

#include "chess/position.hpp"

namespace drawaudit::audit {

class OpeningTree {
  public:
    // The parent of the first move of a game: the standard start position.
    static constexpr int kStart = -1;
    // At most this many positions (about 0.75 MB with the index): a tree that fits in the L2
    // cache beside the game text. Measured on the large corpus: 4096 nodes grown one per game
    // cover about a tenth of all half-moves.
    static constexpr int kCapacity = 4096;

    struct Node {
        std::uint64_t text = 0;  // the move as written (text_word)
        int parent = kStart;
        chess::Move move;
        chess::Position position;  // after the move
    };

    OpeningTree() : nodes_(std::make_unique<Node[]>(kCapacity)) {}

    // The move text as one word: its bytes, zero-padded, and its length in the top byte; 0 when
    // it is longer than 7 bytes (never in the tree). Reads only the text's own bytes.
    static std::uint64_t text_word(std::string_view san) {
        const std::size_t n = san.size();
        if (n < 2 || n > 7) return 0;
        const char* p = san.data();
        std::uint64_t word;
        if (n >= 4) {
            std::uint32_t low, high;  // overlapping when n < 8: their union is the text
            std::memcpy(&low, p, 4);
            std::memcpy(&high, p + n - 4, 4);
            word = low | (std::uint64_t{high} << (8 * (n - 4)));
        } else {
            word = std::uint64_t{static_cast<unsigned char>(p[0])} |
                   (std::uint64_t{static_cast<unsigned char>(p[1])} << 8) |
                   (std::uint64_t{static_cast<unsigned char>(p[n - 1])} << (8 * (n - 1)));
        }
        return word | (std::uint64_t{n} << 56);
    }

    // The node reached from `parent` by the move written as `text` (text_word, not 0), or -1.
    int child(int parent, std::uint64_t text) const {
        for (std::size_t slot = slot_of(parent, text);; slot = (slot + 1) & kSlotMask) {
            const int index = slots_[slot] - 1;
            if (index < 0) return -1;
            const Node& node = nodes_[static_cast<std::size_t>(index)];
            if (node.text == text && node.parent == parent) return index;
        }
    }
    const Node& node(int index) const { return nodes_[static_cast<std::size_t>(index)]; }

    // Adds the move written `text` (not 0) from `parent`, which leads to `position`, unless the
    // tree is full or has it already. Returns the node's index, or -1.
    int add(int parent, std::uint64_t text, chess::Move move, const chess::Position& position) {
        if (size_ >= kCapacity) return -1;
        std::size_t slot = slot_of(parent, text);
        for (; slots_[slot] != 0; slot = (slot + 1) & kSlotMask) {
            const Node& node = nodes_[static_cast<std::size_t>(slots_[slot] - 1)];
            if (node.text == text && node.parent == parent) return -1;
        }
        Node& node = nodes_[static_cast<std::size_t>(size_)];
        node.text = text;
        node.parent = parent;
        node.move = move;
        node.position = position;
        slots_[slot] = static_cast<std::uint16_t>(++size_);
        return size_ - 1;
    }
    int size() const { return size_; }

  private:
    // Twice the capacity: probe runs stay short.
    static constexpr std::size_t kSlots = 2 * kCapacity;
    static constexpr std::size_t kSlotMask = kSlots - 1;
    static_assert((kSlots & kSlotMask) == 0 && kCapacity < 65535);

    static std::size_t slot_of(int parent, std::uint64_t text) {
        const std::uint64_t mixed =
            (text ^ (static_cast<std::uint64_t>(static_cast<std::uint32_t>(parent)) << 20)) *
            0x9E3779B97F4A7C15ull;
        return static_cast<std::size_t>(mixed >> 40) & kSlotMask;
    }

    std::unique_ptr<Node[]> nodes_;
    std::array<std::uint16_t, kSlots> slots_{};  // node index + 1; 0: empty
    int size_ = 0;
};

}  // namespace drawaudit::audit
