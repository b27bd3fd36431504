#include "logging.hpp"

#include <cstdlib>
#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace drawaudit::app {

namespace {

// The level's word in the reader's language (spdlog's %l is English only).
class LevelWord final : public spdlog::custom_flag_formatter {
  public:
    explicit LevelWord(report::Lang lang) : lang_(lang) {}
    void format(const spdlog::details::log_msg& message, const std::tm&,
                spdlog::memory_buf_t& out) override {
        const std::string_view word = report::log_level_word(message.level, lang_);
        out.append(word.data(), word.data() + word.size());
    }
    std::unique_ptr<custom_flag_formatter> clone() const override {
        return std::make_unique<LevelWord>(lang_);
    }

  private:
    report::Lang lang_;
};

}  // namespace

bool no_color_requested(const char* no_color_value) {
    return no_color_value != nullptr && no_color_value[0] != '\0';
}

bool no_color_requested() {
    return no_color_requested(std::getenv("NO_COLOR"));
}

bool use_colour(std::string_view setting, bool terminal, bool no_color) {
    if (setting == "always") return true;
    return setting == "auto" && terminal && !no_color;
}

spdlog::level::level_enum log_level_for(const LogSettings& settings) {
    if (!settings.log_level.empty()) return spdlog::level::from_str(settings.log_level);
    if (settings.verbose >= 2) return spdlog::level::debug;
    if (settings.verbose == 1) return spdlog::level::info;
    if (settings.quiet) return spdlog::level::err;
    return spdlog::level::warn;
}

spdlog::color_mode log_colour_mode(bool no_color) {
    return no_color ? spdlog::color_mode::never : spdlog::color_mode::automatic;
}

void set_up_logging(const LogSettings& settings) {
    auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>(
        log_colour_mode(no_color_requested()));
    auto logger = std::make_shared<spdlog::logger>("drawaudit", sink);
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<LevelWord>('*', settings.lang).set_pattern("drawaudit: %^%*%$: %v");
    logger->set_formatter(std::move(formatter));
    logger->set_level(log_level_for(settings));
    spdlog::set_default_logger(std::move(logger));
}

}  // namespace drawaudit::app
