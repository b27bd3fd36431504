// Tests that read ../shared (the corpus and the peer cases beside the checkout, as CI has them)
// skip with a message that names what is missing when a bare clone has no ../shared: a user's
// clone passes its own tests, and the summary shows what was not run.
#pragma once

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

namespace drawaudit::testing {

// The path of `relative` under the shared folder (DRAWAUDIT_SHARED_DIR, set by tests/CMakeLists).
inline std::string shared_path(const std::string& relative) {
    return std::string(DRAWAUDIT_SHARED_DIR) + "/" + relative;
}

inline bool shared_exists(const std::string& relative) {
    return std::filesystem::exists(shared_path(relative));
}

}  // namespace drawaudit::testing

// Skips the current test when ../shared/RELATIVE is absent.
#define DRAWAUDIT_REQUIRE_SHARED(relative)                                                      \
    do {                                                                                        \
        if (!::drawaudit::testing::shared_exists(relative))                                     \
            GTEST_SKIP() << "needs " << ::drawaudit::testing::shared_path(relative)             \
                         << " (the shared corpus beside the checkout; absent in a bare clone)"; \
    } while (false)
