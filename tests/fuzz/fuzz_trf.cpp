// libFuzzer target: the TRF reader on arbitrary bytes. Besides not crashing, what it reads must
// hold together: every view lies inside the input, the errors come in the order of their lines
// and name a line of the input, and every player is found again by its start rank.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "trf/reader.hpp"

namespace {

using namespace drawaudit;

void require(bool condition) {
    if (!condition) __builtin_trap();
}

bool inside(std::string_view part, std::string_view whole) {
    return part.empty() || (part.data() >= whole.data() &&
                            part.data() + part.size() <= whole.data() + whole.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const trf::Tournament t = trf::read(text);
    std::uint64_t lines = 1;
    for (char c : text) lines += c == '\n' ? 1 : 0;
    std::uint64_t previous = 0;
    for (const trf::Error& e : t.errors) {
        require(e.line >= previous && e.line >= 1 && e.line <= lines);
        require(e.column >= 1);
        previous = e.line;
    }
    require(inside(t.name, text) && inside(t.start_date, text) && inside(t.end_date, text));
    for (std::string_view date : t.round_dates) require(inside(date, text));
    for (const trf::Player& p : t.players) {
        require(inside(p.name, text) && inside(p.federation, text) && inside(p.title, text));
        require(t.by_start_rank(p.start_rank) == &p);
        require(static_cast<int>(p.rounds.size()) <= t.rounds);
        for (const trf::RoundEntry& r : p.rounds) require(r.opponent <= 9999);
    }
    return 0;
}
