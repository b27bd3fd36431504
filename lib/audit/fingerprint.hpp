// Fingerprints (RULES.md, "Fingerprints and baselines") and the keys of "Duplicate games".
//
// Both are hashes of a game's identity that must stay the same across runs, machines and
// versions, so they are defined here bit for bit (never std::hash). Format v2:
//   StableHash128  two 64-bit lanes over the input taken as little-endian 64-bit words (the last
//              one zero-padded), each word mixed into both lanes with multiplications by odd
//              constants and rotations, then the byte count and a murmur3-style finaliser: a
//              multiplication or two per 8 bytes, so hashing every move of a large run costs
//              little. value() is 128 bits; value64() folds them to 64.
//   moves      the replayed main line, 2 bytes per move (little endian): from square | to square
//              << 6 | promotion << 12 (a1 = 0 ... h8 = 63; castling as the king taking its own
//              rook, the Chess960 convention of UCI; promotion 0 none, 1 knight ... 4 queen). The
//              replayed moves are the SAN moves read in their positions: two spellings of one
//              move ("Ngf3", "Nf3") are the same move.
//   identity   value64 over the tags Event, Site, Date, Round, White, Black and FEN (empty when
//              absent), each followed by the byte 0x1f, then the moves.
//   fingerprint  FNV-1a 64 over the identity (8 bytes, little endian), the occurrence number
//              (4 bytes, only when > 0: the n-th earlier game of the run with the same identity),
//              the rule id, 0x1f, the route name, 0x1f, and ply (4 bytes, little endian).
//   duplicate key  value over the start position (the FEN tag, empty for the standard start),
//              0x1f, White and Black normalised (ASCII letters lower case, runs of white space
//              one space, none at either end), each followed by 0x1f, then the moves.
// Nothing about where the game is (file, game number, line) goes in, nor anything other games do
// (apart from the occurrence number of identical duplicates), nor --only/--ignore.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "audit/finding.hpp"
#include "chess/types.hpp"

namespace drawaudit::audit {

class Fnv1a64 {
  public:
    void add(std::string_view bytes);
    void add_byte(std::uint8_t byte) { state_ = (state_ ^ byte) * 0x100000001b3ULL; }
    void add_u32(std::uint32_t value);
    void add_u64(std::uint64_t value);
    std::uint64_t value() const { return state_; }

  private:
    std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

class StableHash128 {
  public:
    void add_byte(std::uint8_t byte) {
        word_ |= static_cast<std::uint64_t>(byte) << (8 * filled_);
        if (++filled_ == 8) mix_word();
    }
    void add(std::string_view bytes);
    std::array<std::uint64_t, 2> value() const;
    std::uint64_t value64() const {
        const auto v = value();
        return v[0] ^ (v[1] * 0x9e3779b97f4a7c15ULL);
    }

  private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int r) {
        return (x << r) | (x >> (64 - r));
    }
    void mix_word() {
        a_ = rotl((a_ ^ word_) * 0x87c37b91114253d5ULL, 31) + b_;
        b_ = rotl((b_ + word_) * 0x4cf5ad432745937fULL, 33) ^ a_;
        bytes_ += 8;
        word_ = 0;
        filled_ = 0;
    }
    std::uint64_t a_ = 0x243f6a8885a308d3ULL;  // the digits of pi: nothing up the sleeve
    std::uint64_t b_ = 0x13198a2e03707344ULL;
    std::uint64_t word_ = 0;
    std::uint64_t bytes_ = 0;  // whole words mixed, in bytes
    unsigned filled_ = 0;      // bytes in word_
};

// Builds the identity and the duplicate key of one game, from its tags (the record's, complete
// when the movetext starts) and then its moves one by one as the replay plays them (so they are
// hashed while they are hot, never in a second pass); finish() stores them in the record and
// gives each finding its fingerprint (with occurrence 0: the ordered stage calls
// restamp_fingerprints() for a game whose identity occurred before). No allocation.
class GameIdentity {
  public:
    GameIdentity() = default;
    // `duplicate_key`: also build the key --duplicates compares (left out otherwise: it costs a
    // second hash of every move).
    GameIdentity(const GameReport& report, std::string_view fen_tag, bool duplicate_key);
    void add_move(chess::Move move) { add_moves(&move, 1); }
    // The moves as the replay plays them, a run at a time: their codes go to the hashes in
    // whole words.
    void add_moves(const chess::Move* moves, std::size_t count) {
        constexpr std::size_t batch = 64;
        std::array<char, 2 * batch> bytes;
        while (count > 0) {
            const std::size_t n = count < batch ? count : batch;
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint16_t code = move_code(moves[i]);
                if constexpr (std::endian::native == std::endian::little) {
                    std::memcpy(bytes.data() + 2 * i, &code, 2);  // one store
                } else {
                    bytes[2 * i] = static_cast<char>(code & 0xff);  // little endian, on any machine
                    bytes[2 * i + 1] = static_cast<char>(code >> 8);
                }
            }
            const std::string_view codes(bytes.data(), 2 * n);
            identity_.add(codes);
            if (duplicate_key_) [[unlikely]]
                duplicate_.add(codes);
            moves += n;
            count -= n;
        }
    }
    void finish(GameReport& report) const;

  private:
    // from | to << 6 | promotion << 12 (0 none, 1 knight ... 4 queen): the Move's own low 12
    // bits, and its top four (kind and promotion piece) looked up.
    static constexpr std::array<std::uint16_t, 16> promotion_bits = [] {
        std::array<std::uint16_t, 16> bits{};
        for (unsigned top = 0; top < 16; ++top)
            if (top >> 2 == static_cast<unsigned>(chess::MoveKind::Promotion))
                bits[top] = static_cast<std::uint16_t>(((top & 3u) + 1u) << 12);
        return bits;
    }();
    static constexpr std::uint16_t move_code(chess::Move move) {
        return static_cast<std::uint16_t>((move.raw() & 0xfffu) | promotion_bits[move.raw() >> 12]);
    }
    StableHash128 identity_, duplicate_;
    bool duplicate_key_ = false;
};

std::uint64_t finding_fingerprint(std::uint64_t identity, std::uint32_t occurrence, Rule rule,
                                  Route route, int ply);
// Every finding's fingerprint, from the record's identity and occurrence.
void restamp_fingerprints(GameReport& report);

// The 16 lower-case hex digits of a fingerprint, as every format writes it.
std::array<char, 16> fingerprint_hex(std::uint64_t fingerprint);
// The inverse: nullopt unless `text` is exactly 16 hex digits.
std::optional<std::uint64_t> parse_fingerprint(std::string_view text);

// What a shard's part records of a game's text, so that merge can tell an input changed since:
// a sum-of-sums over its little-endian words (fingerprint.cpp).
std::uint64_t game_text_hash(std::string_view text);

// White and Black as the duplicate key compares them (see above), into `out`.
void normalise_name(std::string_view name, std::string& out);

}  // namespace drawaudit::audit
