// RULES.md "Broadcast artefacts (no TRF needed)". Nothing here runs for a game without an
// illegal move or an odd result string: the audit of a clean file does not pay for it.
#include "audit/broadcast.hpp"

#include <array>

#include "chess/position.hpp"

namespace drawaudit::audit {

using chess::Color;
using chess::Square;

std::optional<Square> king_to_centre(std::string_view san) {
    if (san.size() < 3 || san[0] != 'K') return std::nullopt;
    std::size_t at = san[1] == 'x' ? 2 : 1;
    if (san.size() < at + 2) return std::nullopt;
    const char file = san[at], rank = san[at + 1];
    if ((file != 'd' && file != 'e') || (rank != '4' && rank != '5')) return std::nullopt;
    // Only check marks and move comments may follow ("Ke4+", "Kd5!?"): "Kd4e5" is no such move.
    for (const char c : san.substr(at + 2))
        if (c != '+' && c != '#' && c != '!' && c != '?') return std::nullopt;
    return chess::make_square(file - 'a', rank - '1');
}

std::string_view signalled_result(Square white_king, Square black_king) {
    const bool white_light = chess::is_light_square(white_king);
    const bool black_light = chess::is_light_square(black_king);
    if (white_light && black_light) return "1-0";
    if (!white_light && !black_light) return "0-1";
    return "1/2-1/2";
}

bool is_pgn_result(std::string_view result) {
    return result == "1-0" || result == "0-1" || result == "1/2-1/2" || result == "*";
}

namespace {

// A score as result strings write it: "1", "0", "½", "0.5", "0,5", "1/2", "+" (won by forfeit),
// "-" (lost by forfeit); nullopt for anything else. Halves are counted in halves.
std::optional<int> score_in_halves(std::string_view s) {
    if (s == "1" || s == "+") return 2;
    if (s == "0" || s == "-") return 0;
    if (s == "\u00bd" || s == "0.5" || s == "0,5" || s == ".5" || s == "1/2") return 1;
    return std::nullopt;
}

}  // namespace

ResultMeaning result_meaning(std::string_view result) {
    // Broadcasts write a double forfeit as "0-0" (and some programs "-/-", "--").
    if (result == "0-0" || result == "-/-" || result == "--" || result == "0:0")
        return ResultMeaning::DoubleForfeit;
    if (result == "=" || result == "\u00bd" || result == "draw" || result == "Draw")
        return ResultMeaning::Draw;
    if (result == "+/-") return ResultMeaning::WhiteWins;
    if (result == "-/+") return ResultMeaning::BlackWins;
    // Two scores around a separator: "1:0", "0.5-0.5", "½-½", "1 - 0", "½:½".
    for (const std::string_view separator : {std::string_view(" - "), std::string_view(":"),
                                             std::string_view("-"), std::string_view(" : ")}) {
        const std::size_t at = result.find(separator);
        if (at == std::string_view::npos || at == 0) continue;
        const auto white = score_in_halves(result.substr(0, at));
        const auto black = score_in_halves(result.substr(at + separator.size()));
        if (!white || !black) continue;
        if (*white == 2 && *black == 0) return ResultMeaning::WhiteWins;
        if (*white == 0 && *black == 2) return ResultMeaning::BlackWins;
        if (*white == 1 && *black == 1) return ResultMeaning::Draw;
        if (*white == 0 && *black == 0) return ResultMeaning::DoubleForfeit;
    }
    return ResultMeaning::Unknown;
}

void BroadcastSignalWatch::first_illegal(const chess::Position& position, std::string_view san,
                                         std::size_t finding) {
    const std::optional<Square> to = king_to_centre(san);
    armed_ = to.has_value();
    if (!armed_) return;
    after_ = 0;
    finding_ = finding;
    mover_ = chess::index_of(position.side_to_move());
    // Each king where it stood; the mover's on its signal square.
    kings_[0] = position.king_square(Color::White);
    kings_[1] = position.king_square(Color::Black);
    kings_[mover_] = *to;
}

void BroadcastSignalWatch::half_move_after(std::string_view san) {
    if (!armed_) return;
    const std::optional<Square> to = after_ == 0 ? king_to_centre(san) : std::nullopt;
    if (!to) {  // a second half-move after the illegal one, or one that is no king's to the centre
        armed_ = false;
        return;
    }
    ++after_;
    kings_[1 - mover_] = *to;  // the record alternates: this half-move is the other side's
}

namespace {
bool on_centre_square(Square s) {
    const int file = chess::file_of(s), rank = chess::rank_of(s);
    return (file == 3 || file == 4) && (rank == 3 || rank == 4);
}
}  // namespace

bool BroadcastSignalWatch::settle(CurrentGame& game) const {
    if (!armed_) return false;
    // Both kings must end on the centre squares, on two of them: a king move onto a centre
    // square while the other king stands elsewhere signals nothing.
    if (kings_[0] == kings_[1] || !on_centre_square(kings_[0]) || !on_centre_square(kings_[1]))
        return false;
    GameReport& record = game.report();
    if (finding_ >= record.findings.size()) return false;
    Finding& f = record.findings[finding_];
    if (f.rule != Rule::IllegalMove) return false;
    f.rule = Rule::BroadcastResultSignal;
    f.article = std::string(rule_article(Rule::BroadcastResultSignal));
    f.severity = Severity::Warning;
    f.expected = std::string(signalled_result(kings_[0], kings_[1]));
    f.recorded = record.result;
    f.args = MessageArgs{};
    f.args.id = MessageId::BroadcastSignal;
    f.args.king_squares = {static_cast<std::uint8_t>(kings_[0]),
                           static_cast<std::uint8_t>(kings_[1])};
    return true;
}

}  // namespace drawaudit::audit
