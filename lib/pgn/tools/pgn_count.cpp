// pgn_count: prints the number of games the reader finds in each path (for
// scripts/compare-game-counts.sh), or measures the reader's throughput (--bench).
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pgn/reader.hpp"
#include "pgn/source.hpp"

namespace {

using namespace drawaudit::pgn;

struct CountingVisitor : Visitor {
    std::uint64_t errors = 0;
    std::uint64_t moves = 0;
    bool list_errors = false;
    GameStart start;
    void begin_game(const GameStart& g) override { start = g; }
    void parse_error(const ParseError& e) override {
        ++errors;
        if (list_errors) {
            std::printf("  game %llu, %llu:%u: %.*s\n", static_cast<unsigned long long>(start.game),
                        static_cast<unsigned long long>(whole_line(start, e.pos)), e.pos.column,
                        static_cast<int>(pgn_problem_id(e.problem).size()),
                        pgn_problem_id(e.problem).data());
        }
    }
    Control move(std::string_view, TextPos) override {
        ++moves;
        return Control::Continue;
    }
};

// What GameAuditor asks the reader for: no variations, no comments (the Lichess layout's cost).
struct AsTheAudit : Visitor {
    bool wants_variations() const override { return false; }
    bool wants_comments() const override { return false; }
};

int usage() {
    std::fprintf(
        stderr,
        "usage: pgn_count [--errors] [--chunked BYTES] PATH...   games, parse errors, moves, bytes "
        "per path\n"
        "       pgn_count --bench PATH                parse_games throughput (text in memory)\n"
        "       pgn_count --read-once PATH            one parse_games as the audit reads, for\n"
        "                                             callgrind's count of the reader's floor\n");
    return 2;
}

tl::expected<std::string, IoError> slurp(const std::string& path) {
    auto source = open_source(path);
    if (!source) return tl::unexpected(source.error());
    std::string text;
    std::size_t size = 0;
    for (;;) {
        text.resize(size + (std::size_t{16} << 20));
        auto n = (*source)->read(text.data() + size, text.size() - size);
        if (!n) return tl::unexpected(n.error());
        if (*n == 0) break;
        size += *n;
    }
    text.resize(size);
    return text;
}

// The whole text of `path` in memory, or nothing once the reason is on stderr.
std::optional<std::string> slurp_or_say(const std::string& path) {
    auto text = slurp(path);
    if (!text) {
        std::fprintf(stderr, "%s: %s\n", text.error().path.c_str(), text.error().message.c_str());
        return std::nullopt;
    }
    return std::move(*text);
}

double thread_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

int bench(const std::string& path) {
    const auto text = slurp_or_say(path);
    if (!text) return 2;
    const double mb = static_cast<double>(text->size()) / 1e6;
    for (const char* mode :
         {"null visitor", "counting visitor", "null, no variations", "as the audit reads"}) {
        double best = 1e9;
        std::uint64_t games = 0;
        for (int run = 0; run < 3; ++run) {
            CountingVisitor counting;
            struct NoVariations : Visitor {
                bool wants_variations() const override { return false; }
            } no_variations;
            AsTheAudit as_the_audit;
            Visitor null_visitor;
            Visitor& v = std::strcmp(mode, "null visitor") == 0 ? null_visitor
                         : std::strcmp(mode, "counting visitor") == 0
                             ? static_cast<Visitor&>(counting)
                         : std::strcmp(mode, "null, no variations") == 0
                             ? static_cast<Visitor&>(no_variations)
                             : as_the_audit;
            // Thread CPU time: the machine may be shared, and waiting for a core is not reading.
            const double start = thread_seconds();
            games = parse_games(*text, TextOrigin{path}, v);
            best = std::min(best, thread_seconds() - start);
        }
        std::printf("%-20s %10.1f MB in %.3f s CPU: %7.0f MB/s, %9.0f games/s (%llu games)\n", mode,
                    mb, best, mb / best, static_cast<double>(games) / best,
                    static_cast<unsigned long long>(games));
    }
    return 0;
}

// One parse of the text in memory as the audit reads it: the reader's floor, which
// scripts/bench_instructions.py counts with callgrind (parse_games only, not the file's reading).
int read_once(const std::string& path) {
    const auto text = slurp_or_say(path);
    if (!text) return 2;
    AsTheAudit as_the_audit;
    const std::uint64_t games = parse_games(*text, TextOrigin{path}, as_the_audit);
    std::printf("%llu games\n", static_cast<unsigned long long>(games));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> paths;
    std::size_t chunked = 0;
    bool do_bench = false;
    bool do_read_once = false;
    bool list_errors = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--bench") == 0) {
            do_bench = true;
        } else if (std::strcmp(argv[i], "--read-once") == 0) {
            do_read_once = true;
        } else if (std::strcmp(argv[i], "--errors") == 0) {
            list_errors = true;
        } else if (std::strcmp(argv[i], "--chunked") == 0 && i + 1 < argc) {
            chunked = std::stoul(argv[++i]);
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return usage();
        } else {
            paths.emplace_back(argv[i]);
        }
    }
    if (paths.empty()) return usage();
    if (do_bench) return bench(paths.front());
    if (do_read_once) return read_once(paths.front());
    int status = 0;
    for (const std::string& path : paths) {
        auto source = open_source(path);
        if (!source) {
            std::fprintf(stderr, "%s: %s\n", path.c_str(), source.error().message.c_str());
            status = 2;
            continue;
        }
        CountingVisitor v;
        v.list_errors = list_errors;
        std::uint64_t games = 0;
        std::uint64_t bytes = 0;
        if (chunked > 0) {
            GameChunker chunker(**source, chunked);
            Chunk chunk;
            for (;;) {
                auto got = chunker.next(chunk);
                if (!got) {
                    std::fprintf(stderr, "%s: %s\n", path.c_str(), got.error().message.c_str());
                    status = 2;
                    break;
                }
                if (!*got) break;
                games += parse_chunk(chunk, path, games + 1, v);
            }
            bytes = chunker.bytes_read();
        } else {
            auto stats = read_games(**source, path, v);
            if (!stats) {
                std::fprintf(stderr, "%s: %s\n", path.c_str(), stats.error().message.c_str());
                status = 2;
                continue;
            }
            games = stats->games;
            bytes = stats->bytes;
        }
        std::printf("%llu\t%llu\t%llu\t%llu\t%s\n", static_cast<unsigned long long>(games),
                    static_cast<unsigned long long>(v.errors),
                    static_cast<unsigned long long>(v.moves),
                    static_cast<unsigned long long>(bytes), path.c_str());
    }
    return status;
}
