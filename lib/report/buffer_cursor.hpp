// Appends one record to a writer's buffer through a raw pointer. Each field first makes room for
// its worst case (one compare on the usual path), then writes without per-byte capacity checks,
// so a record costs a handful of instructions per field instead of one buffer call per piece.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstring>
#include <limits>
#include <string_view>

#include <fmt/format.h>

#include "report/escape.hpp"

namespace drawaudit::report {

class BufferCursor {
  public:
    // Most bytes an integer of type Integer can take in decimal (digits and sign).
    template <typename Integer>
    static constexpr std::size_t integer_bound = std::numeric_limits<Integer>::digits10 + 2;

    // Most bytes a double takes with `precision` decimals: sign, the 309 digits of the largest
    // double, the point and the decimals.
    static constexpr std::size_t fixed_bound(int precision) {
        return std::numeric_limits<double>::max_exponent10 + 3 +
               static_cast<std::size_t>(precision);
    }

    explicit BufferCursor(fmt::memory_buffer& buffer)
        : buffer_(buffer),
          out_(buffer.data() + buffer.size()),
          end_(buffer.data() + buffer.capacity()) {}
    // The buffer's size only catches up here: nothing else may touch the buffer meanwhile.
    ~BufferCursor() { buffer_.resize(static_cast<std::size_t>(out_ - buffer_.data())); }
    BufferCursor(const BufferCursor&) = delete;
    BufferCursor& operator=(const BufferCursor&) = delete;

    // Makes room for `bytes` more; every put below writes only into room made this way.
    void reserve(std::size_t bytes) {
        if (static_cast<std::size_t>(end_ - out_) < bytes) [[unlikely]]
            grow(bytes);
    }

    // The buffer's size once this cursor is done: what is written so far.
    std::size_t size() const { return static_cast<std::size_t>(out_ - buffer_.data()); }

    void put(char c) { *out_++ = c; }
    void put(std::string_view text) {
        std::memcpy(out_, text.data(), text.size());
        out_ += text.size();
    }
    // Room: integer_bound<Integer>.
    template <typename Integer>
    void put_integer(Integer value) {
        out_ = std::to_chars(out_, out_ + integer_bound<Integer>, value).ptr;
    }
    // `value` with `precision` decimals, as printf's %.*f writes it. Room: fixed_bound(precision).
    void put_fixed(double value, int precision) {
        out_ = std::to_chars(out_, out_ + fixed_bound(precision), value, std::chars_format::fixed,
                             precision)
                   .ptr;
    }
    // Room: json_string_bound(text.size()).
    void put_json_string(std::string_view text) { out_ = write_json_string(out_, text); }
    // Room: csv_field_bound(text.size()).
    void put_csv_field(std::string_view text) { out_ = write_csv_field(out_, text); }

  private:
    void grow(std::size_t bytes) {
        const auto used = static_cast<std::size_t>(out_ - buffer_.data());
        buffer_.resize(used);  // so the reallocation keeps what was written
        buffer_.reserve(used + bytes);
        out_ = buffer_.data() + used;
        end_ = buffer_.data() + buffer_.capacity();
    }

    fmt::memory_buffer& buffer_;
    char* out_;
    char* end_;
};

// The cells of a CSV row that another cell follows: the value, escaped, then the comma.
inline void put_csv_cell(BufferCursor& out, std::string_view value) {
    out.reserve(csv_field_bound(value.size()) + 1);
    out.put_csv_field(value);
    out.put(',');
}
template <typename Integer>
void put_csv_number(BufferCursor& out, Integer value) {
    out.reserve(BufferCursor::integer_bound<Integer> + 1);
    out.put_integer(value);
    out.put(',');
}

}  // namespace drawaudit::report
