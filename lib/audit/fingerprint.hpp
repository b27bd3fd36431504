// Fingerprints (RULES.md, "Fingerprints and baselines") and the keys of "Duplicate games".
//
// Both are hashes of a game's identity that must stay the same across runs, machines and
// versions, so they are defined here byte for byte (FNV-1a, 64 and 128 bits, over a fixed
// encoding), never with std::hash. Format v1 of the encoding:
//   moves      the replayed main line, per move 3 bytes: from square, to square (a1 = 0 ... h8 =
//              63; castling as the king taking its own rook, the Chess960 convention of UCI),
//              promotion piece ('n', 'b', 'r', 'q', or 0); hashed with FNV-1a 128 -> 16 bytes
//              (little endian, low half first). The replayed moves are the SAN moves read in
//              their positions: two spellings of one move ("Ngf3", "Nf3") are the same move.
//   identity   FNV-1a 64 over the tags Event, Site, Date, Round, White, Black and FEN (empty when
//              absent), each followed by the byte 0x1f, then the 16 bytes of the moves.
//   fingerprint  FNV-1a 64 over the identity (8 bytes, little endian), the occurrence number
//              (4 bytes, only when > 0: the n-th earlier game of the run with the same identity),
//              the rule id, 0x1f, the route name, 0x1f, and ply (4 bytes, little endian).
//   duplicate key  FNV-1a 128 over the start position (the FEN tag with runs of spaces made one,
//              empty for the standard start), 0x1f, White and Black normalised (ASCII letters
//              lower case, runs of white space one space, none at either end), each followed by
//              0x1f, then the 16 bytes of the moves.
// Nothing about where the game is (file, game number, line) goes in, nor anything other games do
// (apart from the occurrence number of identical duplicates), nor --only/--ignore.
#pragma once

#include <array>
#include <cstdint>
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

class Fnv1a128 {
  public:
    void add(std::string_view bytes);
    void add_byte(std::uint8_t byte);
    void add_u64(std::uint64_t value);
    std::array<std::uint64_t, 2> value() const;  // low half first

  private:
    // The offset basis 0x6c62272e07bb014262b821756295c58d, in two halves (portable C++).
    std::uint64_t high_ = 0x6c62272e07bb0142ULL;
    std::uint64_t low_ = 0x62b821756295c58dULL;
};

// Builds the identity of one game, move by move; finish() stores it in the record and gives each
// finding its fingerprint (with occurrence 0: the ordered stage calls restamp() for a game whose
// identity occurred before).
class GameIdentity {
  public:
    GameIdentity(std::string_view fen_tag) : fen_tag_(fen_tag) {}
    void add_move(chess::Move move) {
        moves_.add_byte(static_cast<std::uint8_t>(move.from()));
        moves_.add_byte(static_cast<std::uint8_t>(move.to()));
        moves_.add_byte(move.kind() == chess::MoveKind::Promotion ? promotion_letter(move) : 0);
    }
    void finish(GameReport& report) const;

  private:
    static std::uint8_t promotion_letter(chess::Move move);
    std::string_view fen_tag_;
    Fnv1a128 moves_;
};

std::uint64_t finding_fingerprint(std::uint64_t identity, std::uint32_t occurrence, Rule rule,
                                  Route route, int ply);
// Every finding's fingerprint, from the record's identity and occurrence.
void restamp_fingerprints(GameReport& report);

// The 16 lower-case hex digits of a fingerprint, as every format writes it.
std::array<char, 16> fingerprint_hex(std::uint64_t fingerprint);
// The inverse: nullopt unless `text` is exactly 16 hex digits.
std::optional<std::uint64_t> parse_fingerprint(std::string_view text);

// White and Black as the duplicate key compares them (see above), into `out`; without
// `fold_case` only the white space is normalised (for the FEN).
void normalise_name(std::string_view name, std::string& out, bool fold_case = true);

}  // namespace drawaudit::audit
