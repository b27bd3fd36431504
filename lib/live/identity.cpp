#include "live/identity.hpp"

#include <map>

#include <fmt/format.h>

#include "audit/tags.hpp"
#include "pgn/reader.hpp"
#include "pgn/text.hpp"

namespace drawaudit::live {

namespace {

using audit::tag_known;

// The games of a read with their tags and last move, for split_games.
class Splitter final : public pgn::Visitor {
  public:
    explicit Splitter(std::vector<GameText>& games) : games_(games) {}
    bool wants_variations() const override { return false; }
    bool wants_comments() const override { return false; }
    void begin_game(const pgn::GameStart& start) override {
        games_.emplace_back();
        games_.back().start = start;
    }
    void tag(std::string_view name, std::string_view raw_value, pgn::TextPos) override {
        GameTags& t = games_.back().tags;
        std::string* field = name == "GameId"        ? &t.game_id
                             : name == "Event"       ? &t.event
                             : name == "Round"       ? &t.round
                             : name == "Board"       ? &t.board
                             : name == "White"       ? &t.white
                             : name == "Black"       ? &t.black
                             : name == "WhiteFideId" ? &t.white_fide_id
                             : name == "BlackFideId" ? &t.black_fide_id
                             : name == "Result"      ? &t.result
                             : name == "FEN"         ? &games_.back().fen
                                                     : nullptr;
        if (field != nullptr) *field = pgn::unescape_tag(raw_value);
    }
    pgn::Control move(std::string_view san, pgn::TextPos pos) override {
        GameText& game = games_.back();
        game.last_move_offset = pos.offset;
        game.has_moves = true;
        ++game.move_tokens;
        game.last_san.assign(san);
        return pgn::Control::Continue;
    }
    pgn::Control null_move(std::string_view token, pgn::TextPos pos) override {
        return move(token, pos);
    }
    void result(std::string_view marker, pgn::TextPos) override {
        games_.back().marker = std::string(marker);
    }
    void end_game(std::string_view text) override { games_.back().text = text; }

  private:
    std::vector<GameText>& games_;
};

}  // namespace

RoundAndBoard round_and_board(const GameTags& tags) {
    const audit::RoundAndBoard where = audit::round_and_board(tags.round, tags.board);
    return {std::string(where.round), std::string(where.board)};
}

std::string identity_key(const GameTags& tags) {
    // The unit separator keeps "a","bc" apart from "ab","c".
    if (tag_known(tags.game_id)) return fmt::format("id\x1f{}", tags.game_id);
    const RoundAndBoard where = round_and_board(tags);
    if (!where.board.empty())
        return fmt::format("board\x1f{}\x1f{}\x1f{}", tags.event, where.round, where.board);
    if (tag_known(tags.white_fide_id) && tag_known(tags.black_fide_id))
        return fmt::format("fide\x1f{}\x1f{}\x1f{}", tags.round, tags.white_fide_id,
                           tags.black_fide_id);
    if (tag_known(tags.white) && tag_known(tags.black))
        return fmt::format("players\x1f{}\x1f{}\x1f{}", tags.round, tags.white, tags.black);
    return {};
}

std::string place_key(std::uint64_t place) {
    return fmt::format("place\x1f{}", place);
}

std::vector<GameText> split_games(std::string_view text, std::string_view file) {
    std::vector<GameText> games;
    Splitter splitter(games);
    pgn::parse_games(text, pgn::TextOrigin{file}, splitter);
    std::map<std::string, int> uses;
    for (GameText& game : games) {
        game.key = identity_key(game.tags);
        if (!game.key.empty()) ++uses[game.key];
    }
    for (GameText& game : games)
        if (game.key.empty() || uses[game.key] > 1) game.key = place_key(game.start.game);
    return games;
}

bool is_board_file(std::string_view name) {
    constexpr std::string_view prefix = "game-", suffix = ".pgn";
    if (name.size() <= prefix.size() + suffix.size() || !name.starts_with(prefix) ||
        !name.ends_with(suffix))
        return false;
    for (char c : name.substr(prefix.size(), name.size() - prefix.size() - suffix.size()))
        if (c < '0' || c > '9') return false;
    return true;
}

bool left_to_board_files(std::string_view name, const std::vector<std::string>& names) {
    if (name != "games.pgn") return false;
    for (const std::string& other : names)
        if (is_board_file(other)) return true;
    return false;
}

}  // namespace drawaudit::live
