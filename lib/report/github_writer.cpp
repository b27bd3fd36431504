// GitHub Actions workflow commands: one annotation per finding,
// `::error file=F,line=L,col=C,title=T::message` (warnings ::warning, info ::notice), escaped as
// the workflow-command syntax requires. A workflow's annotations are for what needs a look:
// warnings and errors, unless --min-severity asks for more; the notices left out are counted in
// one ::notice line at the end.
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/messages.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

std::string_view command_for(audit::Severity severity) {
    switch (severity) {
        case audit::Severity::Error:
            return "error";
        case audit::Severity::Warning:
            return "warning";
        case audit::Severity::Info:
            return "notice";
    }
    return "notice";
}

class GithubWriter final : public Writer {
  public:
    GithubWriter(Output& output, const WriterOptions& options)
        : Writer(output), shown_from_(options.min_severity.value_or(audit::Severity::Warning)) {}

    void trf_findings(const audit::GameReport& trf) override { game(trf); }

    void game(const audit::GameReport& report) override {
        for (const audit::Finding& f : report.findings) {
            if (f.severity < shown_from_) {
                ++left_out_;
                continue;
            }
            buffer_.push_back(':');
            buffer_.push_back(':');
            append(buffer_, command_for(f.severity));
            append(buffer_, " file=");
            append_workflow_property(buffer_, report.file);
            fmt::format_to(std::back_inserter(buffer_), ",line={}",
                           f.line != 0 ? f.line : report.line);
            if (f.column != 0) fmt::format_to(std::back_inserter(buffer_), ",col={}", f.column);
            append(buffer_, ",title=");
            title_.clear();
            const std::string_view article =
                f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article);
            append(title_, audit::rule_id(f.rule));
            if (!article.empty()) fmt::format_to(std::back_inserter(title_), " ({})", article);
            append_workflow_property(buffer_, std::string_view(title_.data(), title_.size()));
            append(buffer_, "::");

            message_.clear();
            if (report.game == 0) {
                append(message_, "TRF");  // the TRF's own findings (trf_findings)
            } else {
                fmt::format_to(std::back_inserter(message_), "game {}", report.game);
            }
            if (!report.white.empty() || !report.black.empty()) {
                fmt::format_to(std::back_inserter(message_), " ({} - {})", report.white,
                               report.black);
            }
            if (!f.move.empty()) fmt::format_to(std::back_inserter(message_), ", {}", f.move);
            fmt::format_to(std::back_inserter(message_), ": {}", english_message(f));
            append_workflow_data(buffer_, std::string_view(message_.data(), message_.size()));
            buffer_.push_back('\n');
        }
        maybe_flush();
    }

    void end(const audit::Summary& summary) override {
        // What this writer left out, and what --min-severity left out before it; never the
        // warnings a --min-severity error left out (they are not notices).
        const std::uint64_t notices =
            left_out_ + (shown_from_ <= audit::Severity::Warning ? summary.below_min_severity : 0);
        if (notices > 0) {
            append(buffer_, "::notice title=drawaudit::");
            append_workflow_data(buffer_, say(Lang::En,
                                              notices == 1 ? Msg::GithubNoticesLeftOutOne
                                                           : Msg::GithubNoticesLeftOutMany,
                                              count_text(notices, Lang::En)));
            buffer_.push_back('\n');
        }
        flush();
    }

  private:
    audit::Severity shown_from_;
    std::uint64_t left_out_ = 0;
    fmt::memory_buffer title_;
    fmt::memory_buffer message_;
};

}  // namespace

std::unique_ptr<Writer> make_github_writer(Output& output, const WriterOptions& options) {
    return std::make_unique<GithubWriter>(output, options);
}

}  // namespace drawaudit::report
