// CSV for spreadsheets: one row per finding under a fixed header, RFC 4180 (CRLF line ends,
// fields quoted where needed). Each row repeats the game's identity so rows sort and filter alone.
#include <memory>
#include <string_view>

#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/record_schema.hpp"

namespace drawaudit::report {
namespace {

class CsvWriter final : public Writer {
  public:
    using Writer::Writer;

    void begin() override { append(buffer_, schema::findings_csv_header); }

    void game(const audit::GameReport& report) override {
        for (const audit::Finding& f : report.findings) write_row(report, f);
        maybe_flush();
    }

    // --trf: the TRF's own findings, with an empty game cell.
    void trf_findings(const audit::GameReport& trf) override { game(trf); }

    void end(const audit::Summary&) override { flush(); }

    // Each row stands alone (the header is the report's): any worker can format its own chunk's.
    std::unique_ptr<Writer> make_formatter() const override {
        return std::make_unique<CsvWriter>();
    }

  private:
    // One row, written through a cursor: each field makes room for its worst case and its comma.
    // The cells in the order of schema::findings_csv_columns, which makes the header.
    void write_row(const audit::GameReport& report, const audit::Finding& f) {
        BufferCursor out(buffer_);
        field(out, report.file);
        if (report.game != 0) put_game_number(out, report.game);  // 0: a finding of the TRF
        out.reserve(1);
        out.put(',');
        number(out, f.line != 0 ? f.line : report.line);
        if (f.column != 0) {
            number(out, f.column);
        } else {
            out.reserve(1);
            out.put(',');
        }
        number(out, f.ply);
        field(out, f.move);
        field(out, audit::rule_id(f.rule));
        field(out, audit::route_name(f.route));
        field(out, audit::side_name(f.side));
        field(out, audit::severity_name(f.severity));
        field(out, f.article.empty() ? audit::rule_article(f.rule) : std::string_view(f.article));
        field(out, audit::laws_name(report.laws));
        field(out, english_message(f));
        field(out, report.white);
        field(out, report.black);
        field(out, report.event);
        field(out, report.round);
        field(out, report.date);
        field(out, report.result);
        field(out, f.fen);
        // The last field ends the row instead of taking a comma.
        put_fingerprint(out, report, f);
        out.reserve(2);
        out.put("\r\n");
    }
    static void field(BufferCursor& out, std::string_view value) { put_csv_cell(out, value); }
    template <typename Integer>
    static void number(BufferCursor& out, Integer value) {
        put_csv_number(out, value);
    }
};

}  // namespace

std::unique_ptr<Writer> make_csv_writer(Output& output, const WriterOptions&) {
    return std::make_unique<CsvWriter>(output);
}

}  // namespace drawaudit::report
