// libFuzzer target: the readers of drawaudit's own JSON Lines, which `merge` and `--baseline`
// read from files a user (or a failed run) may have left in any state. The first input byte
// picks the reader; the rest is the file. Each must give records or an error value that names
// the file and line, never a crash, a hang or an exception.
//   0: JsonlFile + GameRecordReader + read_summary, as merge reads a part;
//   1: Baseline::load, as --baseline reads a JSON Lines or SARIF report;
//   2: parse_json on the whole text as one value.
// Built as fuzz_baseline (DRAWAUDIT_FUZZ_BASELINE_ONLY), it takes reader 1 for every input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <unistd.h>

#include "audit/finding.hpp"
#include "baseline.hpp"
#include "report/jsonl_reader.hpp"

namespace {

void read_as_part(const std::string& path) {
    auto file = drawaudit::report::JsonlFile::open(path);
    if (!file) {
        if (describe(file.error()).empty()) std::abort();  // an error always says what
        return;
    }
    drawaudit::report::GameRecordReader games(**file);
    drawaudit::audit::GameReport report;
    for (int records = 0; records < 100000; ++records) {
        report.clear();
        auto next = games.next(report);
        if (!next) {
            if (describe(next.error()).find(path) == std::string::npos) std::abort();
            return;
        }
        if (*next) continue;
        const auto& other = games.other();
        if (drawaudit::report::record_type(other) == "summary") {
            drawaudit::audit::Summary summary;
            (void)drawaudit::report::read_summary(other, summary);
        }
        drawaudit::report::JsonValue record;
        auto more = (*file)->next(record);
        if (!more || !*more) return;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    static const std::string path =
        "/tmp/drawaudit-fuzz-jsonl-" + std::to_string(getpid()) + ".jsonl";
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data + 1, 1, size - 1, f);
        std::fclose(f);
    } else {
        return 0;
    }
#if defined(DRAWAUDIT_FUZZ_BASELINE_ONLY)
    const int reader = 1;
#else
    const int reader = data[0] % 3;
#endif
    switch (reader) {
        case 0:
            read_as_part(path);
            break;
        case 1: {
            auto baseline = drawaudit::app::Baseline::load(path);
            if (!baseline && baseline.error().empty()) std::abort();
            break;
        }
        default:
            (void)drawaudit::report::parse_json(
                std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    }
    return 0;
}
