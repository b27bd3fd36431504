// CSV for spreadsheets: one row per finding under a fixed header, RFC 4180 (CRLF line ends,
// fields quoted where needed). Each row repeats the game's identity so rows sort and filter alone.
#include <iterator>

#include "report/escape.hpp"
#include "report/formats.hpp"

namespace drawaudit::report {
namespace {

constexpr std::string_view csv_header =
    "file,game,line,column,ply,move,rule,route,side,severity,article,laws,message,"
    "white,black,event,round,date,result,fen\r\n";

class CsvWriter final : public Writer {
  public:
    using Writer::Writer;

    void begin() override { append(buffer_, csv_header); }

    void game(const audit::GameReport& report) override {
        for (const audit::Finding& f : report.findings) {
            field(report.file);
            number(report.game);
            number(f.line != 0 ? f.line : report.line);
            if (f.column != 0)
                number(f.column);
            else
                separator();
            number(f.ply);
            field(f.move);
            field(audit::rule_id(f.rule));
            field(audit::route_name(f.route));
            field(audit::side_name(f.side));
            field(audit::severity_name(f.severity));
            field(f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article));
            field(audit::laws_name(report.laws));
            field(f.message);
            field(report.white);
            field(report.black);
            field(report.event);
            field(report.round);
            field(report.date);
            field(report.result);
            append_csv_field(buffer_, f.fen);
            append(buffer_, "\r\n");
        }
        maybe_flush();
    }

    void end(const audit::Summary&) override { flush(); }

  private:
    void separator() { buffer_.push_back(','); }
    void field(std::string_view value) {
        append_csv_field(buffer_, value);
        separator();
    }
    template <typename Integer>
    void number(Integer value) {
        fmt::format_to(std::back_inserter(buffer_), "{},", value);
    }
};

}  // namespace

std::unique_ptr<Writer> make_csv_writer(Output& output, const WriterOptions&) {
    return std::make_unique<CsvWriter>(output);
}

}  // namespace drawaudit::report
