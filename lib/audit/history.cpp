// RULES.md "Positions and plies": the history's set-up, its growth, and the history in words.
#include "audit/history.hpp"

#include <algorithm>

#include "audit/wording.hpp"
#include "chess/san.hpp"

namespace drawaudit::audit {

History::History() {
    plies_.resize(512);
    keys_.resize(512);
    capacity_ = 512;
}

void History::new_game() {
    ++game_serial_;  // the cached move texts are of the previous game
    last_ = -1;
    current_ = nullptr;
    window_start_ = 0;
    second_occurrences_ = {};
    repeated_.clear();
}

void History::start(const chess::Position& start, pgn::TextPos where) {
    plies_[0] = Ply{start, chess::Move{}, where, -1, 1};
    keys_[0] = start.key();
    last_ = 0;
    current_ = plies_.data();
    window_start_ = 0;
    window_keys_.step(1);
    window_keys_.mark(start.key());
}

// Position k is the same as position `earlier`, its latest occurrence before k.
void History::record_repetition(int k, int earlier) {
    Ply& ply = plies_[static_cast<std::size_t>(k)];
    const Ply& before = plies_[static_cast<std::size_t>(earlier)];
    ply.previous = earlier;
    ply.occurrence = before.occurrence + 1;
    if (ply.occurrence == 2) {
        ply.family = static_cast<int>(repeated_.size());
        repeated_.push_back(Repeated{{earlier, k, -1, -1, -1}, k});
        ++second_occurrences_[static_cast<std::size_t>(
            chess::index_of(ply.position.side_to_move()))];
        return;
    }
    ply.family = before.family;
    Repeated& family = repeated_[static_cast<std::size_t>(ply.family)];
    if (ply.occurrence <= static_cast<int>(family.first.size()))
        family.first[static_cast<std::size_t>(ply.occurrence - 1)] = k;
    family.latest = k;
}

// Room for at least `positions` positions (and at least twice the room there was).
void History::grow(std::size_t positions) {
    plies_.resize(std::max(2 * plies_.size(), positions));
    keys_.resize(plies_.size());
    capacity_ = static_cast<int>(plies_.size());
    current_ = plies_.data() + last_;
}

const std::string& History::move_text(int k) const {
    static const std::string none;
    if (k <= 0) return none;
    const auto index = static_cast<std::size_t>(k);
    if (index >= move_texts_.size()) {
        move_texts_.resize(plies_.size());
        move_text_games_.resize(plies_.size(), 0);
    }
    if (move_text_games_[index] == game_serial_) return move_texts_[index];
    const chess::Position& before = position(k - 1);
    char san[chess::MaxSanLength + 4];
    const std::size_t length = chess::write_san(before, move(k), san);
    move_texts_[index] = numbered_move(before, std::string_view(san, length));
    move_text_games_[index] = game_serial_;
    return move_texts_[index];
}

std::string History::next_move_text(int k, chess::Move m) const {
    const chess::Position& from = position(k);
    char san[chess::MaxSanLength + 4];
    const std::size_t length = m.is_null() ? 0 : chess::write_san(from, m, san);
    return numbered_move(from, std::string_view(san, length));
}

void History::occurrence_words(int latest, OccurrenceWords& out) const {
    out.moves.clear();
    out.total = 0;
    if (latest < 0) return;
    std::vector<int>& listed = chain_scratch_;
    listed.clear();
    listed_occurrences(latest, listed);
    out.total = occurrence(latest);
    out.moves.reserve(listed.size());
    for (const int k : listed) out.moves.push_back(move_text(k));  // "" for the start
}

void History::listed_occurrences(int k, std::vector<int>& out) const {
    const int count = occurrence(k);
    int latest = k;
    if (count > kListedOccurrences) {
        const Repeated& family = repeated_[static_cast<std::size_t>(ply(k).family)];
        out.insert(out.end(), family.first.begin(), family.first.end());
    }
    // The latest ones, back along the chain of previous occurrences.
    const std::size_t chain = out.size();
    const int last_ones = count > kListedOccurrences ? kListedOccurrences / 2 : count;
    for (int n = 0; n < last_ones; ++n, latest = previous_occurrence(latest)) out.push_back(latest);
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(chain), out.end());
}

}  // namespace drawaudit::audit
