// Part 5 of the unwinnability analysis (unwinnable.hpp): the helpmate shown is shortened. The
// line is what an arbiter reads as the proof that a side could still win, and the searches find
// long ones (a best-first search wanders, a walk's line is the path of a depth-first tour).
#include <unordered_map>

#include "chess/unwinnable_parts.hpp"

namespace drawaudit::chess::unwinnable_parts {

namespace {

// The positions a line passes through, and where on it a position last stands.
class LinePositions {
  public:
    LinePositions(const Position& root, const std::vector<Move>& line) {
        positions_.reserve(line.size() + 1);
        positions_.push_back(root);
        for (Move m : line) positions_.push_back(Position::after_move(positions_.back(), m));
        for (std::size_t i = 0; i < positions_.size(); ++i) last_visit_[positions_[i].key()] = i;
    }
    const Position& operator[](std::size_t i) const { return positions_[i]; }
    // The index of the last visit of `pos` on the line, found by key and confirmed by
    // same_position(), or `none` when it is not on it.
    std::size_t visit(const Position& pos, std::size_t none) const {
        const auto found = last_visit_.find(pos.key());
        if (found == last_visit_.end() || !positions_[found->second].same_position(pos))
            return none;
        return found->second;
    }

  private:
    std::vector<Position> positions_;
    std::unordered_map<std::uint64_t, std::size_t> last_visit_;
};

}  // namespace

// Every position the line passes through is known; from each one, the line may jump to the
// last later visit of the same position (the moves between are a cycle) or play the legal move
// that lands furthest along the line. Each jump lands on a position of the line, found by key
// and confirmed by same_position(), so the result is a series of legal moves from `root` that
// ends in the line's last position, W's mate; it is never longer than the line.
std::vector<Move> without_detours(const Position& root, const std::vector<Move>& line) {
    const LinePositions positions(root, line);
    std::vector<Move> shorter;
    std::size_t at = 0;
    while (at < line.size()) {
        const std::size_t again = positions.visit(positions[at], at);
        if (again > at) {
            at = again;
            continue;
        }
        std::size_t furthest = at + 1;
        Move chosen = line[at];
        MoveList list;
        positions[at].generate_legal(list);
        for (Move m : list) {
            const std::size_t lands = positions.visit(Position::after_move(positions[at], m), 0);
            if (lands > furthest) {
                furthest = lands;
                chosen = m;
            }
        }
        shorter.push_back(chosen);
        at = furthest;
    }
    return shorter;
}

namespace {

// without_detours two plies at a time, for long lines: from each position the pair of legal
// moves that lands furthest along the line (at least three plies on), else the line's own
// move. The same argument: every jump lands on a position of the line, confirmed by
// same_position(), so the result is legal, ends in W's mate and is never longer.
std::vector<Move> without_two_ply_detours(const Position& root, const std::vector<Move>& line) {
    const LinePositions positions(root, line);
    std::vector<Move> shorter;
    std::size_t at = 0;
    while (at < line.size()) {
        std::size_t furthest = at + 2;  // a pair must land three plies on or more to gain
        Move first = line[at];
        Move second{};
        MoveList moves;
        positions[at].generate_legal(moves);
        for (Move m : moves) {
            const Position child = Position::after_move(positions[at], m);
            MoveList replies;
            child.generate_legal(replies);
            for (Move r : replies) {
                const std::size_t lands = positions.visit(Position::after_move(child, r), 0);
                if (lands > furthest) {
                    furthest = lands;
                    first = m;
                    second = r;
                }
            }
        }
        shorter.push_back(first);
        if (second.is_null()) {
            ++at;
            continue;
        }
        shorter.push_back(second);
        at = furthest;
    }
    return shorter;
}

// Lines longer than this are shortened two plies at a time too (a walk's path, hundreds of
// plies in the composed files; the Lichess finals' lines stay under it).
constexpr std::size_t LongLine = 80;

}  // namespace

// A helpmate ends with W's move, so W's lengths differ by two: each retry asks for two plies
// fewer than the line it has.
ShortenedLine shortest_helpmate(const Position& root, Color winner, std::vector<Move> line,
                                std::uint64_t budget) {
    ShortenedLine result;
    result.line = without_detours(root, line);
    // Lines of up to 24 plies are left as they are: about half of the Lichess finals' lines,
    // where the searches below cost much and gained little.
    if (result.line.size() <= 24 || budget == 0) return result;
    // Each pass makes new pairs meet: again while it shortens (a few passes).
    for (int pass = 0; pass < 8 && result.line.size() > LongLine; ++pass) {
        std::vector<Move> candidate =
            without_detours(root, without_two_ply_detours(root, result.line));
        if (candidate.size() >= result.line.size()) break;
        result.line = std::move(candidate);
    }
    GuidedSearch retry(winner, budget);
    while (result.line.size() > 3) {
        const int shorter = static_cast<int>(result.line.size()) - 2;
        if (!retry.find_helpmate(root, shorter, budget)) break;
        std::vector<Move> candidate = without_detours(root, retry.line());
        // The guided search follows forced replies for free: its line may be no shorter.
        if (candidate.size() >= result.line.size()) break;
        result.line = std::move(candidate);
    }
    result.nodes = retry.nodes();
    return result;
}

}  // namespace drawaudit::chess::unwinnable_parts
