#include "replay_corpus.hpp"

#include "chess/san.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace drawaudit::bench {

namespace {
bool is_space(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}
}  // namespace

Corpus load_corpus(const std::string& path) {
    Corpus corpus;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        std::exit(2);
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    corpus.text = buffer.str();
    const std::string_view t = corpus.text;
    std::size_t i = 0;
    const std::size_t n = t.size();
    std::vector<std::string_view> game;
    bool has_fen = false;
    bool in_movetext = false;
    int depth = 0;
    auto finish = [&] {
        if (!game.empty() && !has_fen) {
            corpus.half_moves += game.size();
            corpus.games.push_back(std::move(game));
        }
        game.clear();
        has_fen = false;
        in_movetext = false;
        depth = 0;
    };
    while (i < n) {
        const char c = t[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        if (c == '[' && depth == 0) {
            if (in_movetext) finish();
            const std::size_t end = t.find('\n', i);
            const std::string_view line =
                t.substr(i, end == std::string_view::npos ? n - i : end - i);
            if (line.starts_with("[FEN ") || line.starts_with("[SetUp \"1")) has_fen = true;
            i = end == std::string_view::npos ? n : end + 1;
            continue;
        }
        in_movetext = true;
        if (c == '{') {
            const std::size_t end = t.find('}', i);
            i = end == std::string_view::npos ? n : end + 1;
            continue;
        }
        if (c == ';') {
            const std::size_t end = t.find('\n', i);
            i = end == std::string_view::npos ? n : end + 1;
            continue;
        }
        if (c == '(') {
            ++depth;
            ++i;
            continue;
        }
        if (c == ')') {
            if (depth > 0) --depth;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < n && !is_space(t[j]) && t[j] != '{' && t[j] != '(' && t[j] != ')' && t[j] != ';')
            ++j;
        std::string_view token = t.substr(i, j - i);
        i = j;
        if (depth > 0 || token[0] == '$') continue;
        if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
            finish();
            continue;
        }
        // Move numbers: "12." "12..." and "12.e4".
        std::size_t k = 0;
        while (k < token.size() && token[k] >= '0' && token[k] <= '9') ++k;
        if (k > 0 && k < token.size() && token[k] == '.') {
            while (k < token.size() && token[k] == '.') ++k;
            token = token.substr(k);
            if (token.empty()) continue;
        } else if (k == token.size()) {
            continue;
        }
        while (!token.empty() && token[0] == '.') token = token.substr(1);
        if (token.empty()) continue;
        game.push_back(token);
    }
    finish();
    return corpus;
}

std::vector<std::vector<chess::Move>> keep_legal_prefix(Corpus& corpus) {
    std::vector<std::vector<chess::Move>> moves;
    corpus.half_moves = 0;
    for (auto& game : corpus.games) {
        chess::Position pos = chess::Position::startpos();
        std::vector<chess::Move>& played = moves.emplace_back();
        for (std::string_view san : game) {
            auto m = chess::parse_san(pos, san);
            if (!m) break;
            played.push_back(*m);
            pos.make_move(*m);
        }
        game.resize(played.size());
        corpus.half_moves += played.size();
    }
    return moves;
}

[[gnu::noinline]] std::uint64_t replay_all(const Corpus& corpus,
                                           std::vector<chess::Position>& history) {
    std::uint64_t sum = 0;
    const chess::Position start = chess::Position::startpos();
    for (const auto& game : corpus.games) {
        history.clear();
        history.push_back(start);
        for (std::string_view san : game) {
            const auto m = chess::parse_san(history.back(), san);
            history.push_back(history.back());
            history.back().make_move(*m);
            sum += history.back().key();
        }
    }
    return sum;
}

}  // namespace drawaudit::bench
