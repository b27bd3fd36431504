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

std::string History::occurrences_text(int latest) const {
    std::vector<int>& chain = chain_scratch_;  // newest first, as the links run
    chain.clear();
    for (int i = latest; i >= 0; i = previous_occurrence(i)) chain.push_back(i);
    std::string text;
    bool said_after = false;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        if (!text.empty()) text += ", ";
        if (*it == 0) {
            text += "at the start";
            continue;
        }
        if (!said_after) text += "after ";
        said_after = true;
        text += move_text(*it);
    }
    return text;
}

void History::occurrences(int k, std::vector<int>& out) const {
    const std::size_t first = out.size();
    for (int i = k; i >= 0; i = previous_occurrence(i)) out.push_back(i);
    std::reverse(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
}

}  // namespace drawaudit::audit
