// Small readings of the audit's move notation shared by the writers.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "audit/finding.hpp"
#include "report/messages.hpp"

namespace drawaudit::report {

// The destination square of a move in move-number notation ("36. Kd3" -> "d3", "35... O-O" ->
// "g8", "e8=Q+" -> "e8"), or nullopt if it cannot be read.
std::optional<std::string> destination_square(std::string_view move_or_san, bool black_to_move);

// A move as a person reading `lang` writes it (RULES.md, "Spanish notation"): in Spanish the
// piece letters K Q R B N become R D T A C, in the piece's place and after '=' ("36... Rd8+" ->
// "36... Td8+", "e8=Q" -> "e8=D", "Nxe5#" -> "Cxe5#"); castling, squares, move numbers and
// annotations stay. English (and anything that is not a move) is returned as it is.
std::string move_for(Lang lang, std::string_view move);

// A move as a person typed it in `lang` (RULES.md "Spanish notation", input), with English
// letters: in Spanish R D T A C become K Q R B N in the piece's place and after '=' ("40... Td8"
// -> "40... Rd8", "Rf1" -> "Kf1"); K, Q, B and N, which Spanish does not use, stay as they are.
std::string english_move(Lang lang, std::string_view move);

// True for "35... Rdc8" (a black move), false for "36. Kd3".
bool is_black_move(std::string_view move);

// The earlier occurrences of a repetition finding as moves ("32. Kd3", "the start position"),
// excluding the finding's own position; empty when the finding has none.
std::string earlier_occurrences(const audit::Finding& finding, Lang lang = Lang::En);

// The verdict on a game's recorded result, one sentence ("Result 1/2-1/2: consistent (...)").
enum class VerdictKind : std::uint8_t { Neutral, Consistent, Inconsistent };
struct Verdict {
    std::string text;
    VerdictKind kind = VerdictKind::Neutral;
};
Verdict judge_result(const audit::GameReport& report, Lang lang = Lang::En);
std::string result_verdict(const audit::GameReport& report, Lang lang = Lang::En);

// "Laws of 2023", "Laws before 2014-07-01", ...
std::string_view laws_label(audit::Laws laws, Lang lang = Lang::En);

// A stable 64-bit FNV-1a hash, for fingerprints that must not change between runs or builds.
class StableHash {
  public:
    void add(std::string_view bytes);
    void add_separator() { add(std::string_view("\x1f", 1)); }
    std::uint64_t value() const { return state_; }

  private:
    std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

// A tag value for display: empty for the PGN placeholders "?", "-" and "????.??.??".
std::string_view known_tag(std::string_view value);

}  // namespace drawaudit::report
