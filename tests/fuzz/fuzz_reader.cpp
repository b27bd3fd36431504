// libFuzzer target: the PGN reader and SAN resolution on arbitrary bytes. Each main-line SAN is
// resolved on the game's position and legal moves are played. The first input byte chooses
// reader options, and every input is also read through GameChunker with a tiny chunk size, whose
// callbacks must equal the sequential ones (a mismatch traps).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chess/position.hpp"
#include "chess/san.hpp"
#include "pgn/reader.hpp"
#include "pgn/text.hpp"

namespace {

using namespace drawaudit;

// Plays the main line and fingerprints every callback (kind, position, text).
class FuzzVisitor : public pgn::Visitor {
  public:
    bool variations = true;
    std::uint64_t skip_after = 0;  // answer SkipGame after this many main-line moves (0: never)
    std::uint64_t hash = 1469598103934665603ull;
    std::uint64_t callbacks = 0;

    bool wants_variations() const override { return variations; }
    void begin_game(const pgn::GameStart& g) override {
        mix(1, g.pos);
        mix_number(g.game);
        fen_.reset();
        chess960_ = false;
    }
    void tag(std::string_view name, std::string_view raw, pgn::TextPos p) override {
        mix(2, p);
        mix_text(name);
        mix_text(raw);
        const std::string value = pgn::to_utf8(pgn::unescape_tag(raw));
        if (!pgn::is_valid_utf8(value)) __builtin_trap();
        if (name == "FEN") fen_ = value;
        if (name == "Variant") chess960_ = value.find("960") != std::string::npos;
    }
    pgn::Control end_tags() override {
        mix(3, {});
        plies_ = 0;
        playing_ = true;
        if (fen_) {
            auto parsed = chess::Position::from_fen(*fen_, chess::FenOptions{chess960_});
            if (parsed) {
                position_ = parsed->position;
            } else {
                playing_ = false;
            }
        } else {
            position_ = chess::Position::startpos();
        }
        return pgn::Control::Continue;
    }
    pgn::Control move(std::string_view san, pgn::TextPos p) override {
        mix(4, p);
        mix_text(san);
        if (depth() == 0 && playing_) {
            auto m = chess::parse_san(position_, san);
            if (m) {
                if (!position_.is_legal(*m)) __builtin_trap();
                char out[chess::MaxSanLength + 4];
                const std::size_t n = chess::write_san(position_, *m, out);
                if (n == 0 || n > chess::MaxSanLength) __builtin_trap();
                position_.make_move(*m);
                ++plies_;
            } else {
                playing_ = false;
            }
        }
        if (skip_after != 0 && depth() == 0 && plies_ >= skip_after) return pgn::Control::SkipGame;
        return pgn::Control::Continue;
    }
    pgn::Control null_move(std::string_view token, pgn::TextPos p) override {
        mix(5, p);
        mix_text(token);
        if (depth() == 0) playing_ = false;
        return pgn::Control::Continue;
    }
    void comment(std::string_view text, pgn::TextPos p) override {
        mix(6, p);
        mix_text(text);
    }
    void nag(int value, pgn::TextPos p) override {
        mix(7, p);
        mix_number(static_cast<std::uint64_t>(value));
    }
    void begin_variation(pgn::TextPos p) override { mix(8, p); }
    void end_variation(pgn::TextPos p) override { mix(9, p); }
    void result(std::string_view marker, pgn::TextPos p) override {
        mix(10, p);
        mix_text(marker);
    }
    void parse_error(const pgn::ParseError& e) override {
        mix(11, e.pos);
        mix_text(pgn::pgn_problem_id(e.problem));
        mix_text(e.detail);
        if (static_cast<int>(e.problem) >= pgn::PgnProblemCount) __builtin_trap();
    }
    void end_game(std::string_view text) override {
        mix(12, {});
        mix_text(text);
    }

  private:
    void mix_number(std::uint64_t v) {
        hash ^= v;
        hash *= 1099511628211ull;
    }
    void mix_text(std::string_view s) {
        mix_number(s.size());
        for (const char c : s) mix_number(static_cast<unsigned char>(c));
    }
    void mix(int kind, pgn::TextPos p) {
        ++callbacks;
        mix_number(static_cast<std::uint64_t>(kind));
        mix_number(depth());
        mix_number(p.line);
        mix_number(p.column);
        mix_number(p.offset);
    }

    std::optional<std::string> fen_;
    bool chess960_ = false;
    bool playing_ = false;
    std::uint64_t plies_ = 0;
    chess::Position position_ = chess::Position::startpos();
};

class BytesSource final : public pgn::ByteSource {
  public:
    BytesSource(std::string_view text, std::size_t read_size)
        : text_(text), read_size_(read_size) {}
    tl::expected<std::size_t, pgn::IoError> read(char* buffer, std::size_t capacity) override {
        const std::size_t n = std::min({capacity, read_size_, text_.size() - pos_});
        if (n > 0) std::memcpy(buffer, text_.data() + pos_, n);
        pos_ += n;
        return n;
    }
    std::uint64_t input_bytes_consumed() const override { return pos_; }
    std::uint64_t input_size() const override { return text_.size(); }
    pgn::Compression compression() const override { return pgn::Compression::None; }

  private:
    std::string_view text_;
    std::size_t read_size_;
    std::size_t pos_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const std::uint8_t options = data[0];
    const std::size_t target = 1 + data[1] % 97;
    // The text proper, copied so that reading past its end is caught by the address sanitizer.
    const std::vector<char> bytes(data + 2, data + size);
    const std::string_view text(bytes.data(), bytes.size());

    FuzzVisitor sequential;
    sequential.variations = (options & 1) == 0;
    sequential.skip_after = (options >> 1) & 7;
    const std::uint64_t games = pgn::parse_games(text, pgn::TextOrigin{"fuzz.pgn"}, sequential);

    FuzzVisitor chunked;
    chunked.variations = sequential.variations;
    chunked.skip_after = sequential.skip_after;
    BytesSource source(text, 1 + (options >> 4) * 97);
    pgn::GameChunker chunker(source, target);
    pgn::Chunk chunk;
    std::uint64_t chunked_games = 0;
    for (;;) {
        auto got = chunker.next(chunk);
        if (!got) __builtin_trap();  // a memory source cannot fail
        if (!*got) break;
        chunked_games += pgn::parse_chunk(chunk, "fuzz.pgn", chunked_games + 1, chunked);
    }
    if (chunked_games != games || chunked.hash != sequential.hash ||
        chunked.callbacks != sequential.callbacks) {
        __builtin_trap();
    }
    return 0;
}
