// A ByteSource over a string, handing out at most `read_size` bytes per read (to exercise the
// buffer refills of the streaming reader).
#pragma once

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "pgn/source.hpp"

namespace drawaudit::pgn::testing {

class MemorySource final : public ByteSource {
  public:
    explicit MemorySource(std::string text, std::size_t read_size = 1000)
        : text_(std::move(text)), read_size_(read_size) {}
    tl::expected<std::size_t, IoError> read(char* buffer, std::size_t capacity) override {
        const std::size_t n = std::min({capacity, read_size_, text_.size() - pos_});
        std::memcpy(buffer, text_.data() + pos_, n);
        pos_ += n;
        return n;
    }
    std::uint64_t input_bytes_consumed() const override { return pos_; }
    std::uint64_t input_size() const override { return text_.size(); }
    Compression compression() const override { return Compression::None; }

  private:
    std::string text_;
    std::size_t read_size_;
    std::size_t pos_ = 0;
};

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace drawaudit::pgn::testing
