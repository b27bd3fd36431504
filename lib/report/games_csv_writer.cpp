// --format games-csv: one row per game for spreadsheets, pandas and R (RFC 4180, CRLF, fields
// quoted where needed, as the findings CSV): the game's identity tags (the ratings and the year as
// numbers), its result and termination, why a draw was drawn (RULES.md "Why each draw happened"),
// its length, its claims counted by rule and route with the first one's ply, and the sides proved
// unable to win at its end. docs/records.md describes every column. The claims counted are the
// reported findings (after
// --only / --ignore), as the game record's `findings`.
#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>

#include "audit/draw_reason.hpp"
#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"
#include "report/record_schema.hpp"

namespace drawaudit::report {
namespace {

// A rating tag as a number a spreadsheet reads as one: its digits without leading zeros, or
// empty where the tag is no rating (missing, "?", "-", "0", "2690:2222", more than four digits).
constexpr std::string_view rating_number(std::string_view tag) {
    for (const char c : tag)
        if (c < '0' || c > '9') return {};
    const std::size_t first = tag.find_first_not_of('0');
    if (first == std::string_view::npos) return {};
    tag.remove_prefix(first);
    return tag.size() <= 4 ? tag : std::string_view{};
}

struct ClaimCounts {
    std::uint64_t threefold_appeared = 0, threefold_declared = 0;
    std::uint64_t fifty_appeared = 0, fifty_declared = 0;
    std::optional<int> first_ply;
};

ClaimCounts count_claims(const audit::GameReport& report) {
    ClaimCounts c;
    for (const audit::Finding& f : report.findings) {
        const bool threefold = f.rule == audit::Rule::ThreefoldClaim;
        if (!threefold && f.rule != audit::Rule::FiftyMoveClaim) continue;
        const bool appeared = f.route == audit::Route::Appeared;
        ++(threefold ? (appeared ? c.threefold_appeared : c.threefold_declared)
                     : (appeared ? c.fifty_appeared : c.fifty_declared));
        c.first_ply = c.first_ply ? std::min(*c.first_ply, f.ply) : f.ply;
    }
    return c;
}

class GamesCsvWriter final : public Writer {
  public:
    using Writer::Writer;

    void begin() override { append(buffer_, schema::games_csv_header); }

    void game(const audit::GameReport& report) override {
        write_row(report);
        maybe_flush();
    }

    void end(const audit::Summary&) override { flush(); }

    // Each row stands alone (the header is the report's): any worker can format its own chunk's.
    std::unique_ptr<Writer> make_formatter() const override {
        return std::make_unique<GamesCsvWriter>();
    }

  private:
    // The cells in the order of schema::games_csv_columns, which makes the header.
    void write_row(const audit::GameReport& report) {
        const ClaimCounts claims = count_claims(report);
        BufferCursor out(buffer_);
        field(out, report.file);
        put_game_number(out, report.game);
        comma(out);
        number(out, report.line);
        field(out, report.event);
        field(out, report.site);
        field(out, report.date);
        if (const auto year = audit::date_year(report.date)) {
            number(out, *year);
        } else {
            comma(out);
        }
        field(out, report.round);
        field(out, report.white);
        field(out, report.black);
        field(out, rating_number(report.white_elo));
        field(out, rating_number(report.black_elo));
        field(out, report.result);
        field(out, audit::laws_name(report.laws));
        number(out, report.plies);
        field(out, audit::termination_name(report.termination));
        if (report.end_ply) {
            number(out, *report.end_ply);
        } else {
            comma(out);
        }
        field(out, report.expected_result);
        field(out, report.error ? "error" : "ok");
        number(out, report.findings.size());
        field(out, audit::draw_reason_id(report.draw_reason));
        field(out, audit::side_name(report.draw_side));
        number(out, claims.threefold_appeared);
        number(out, claims.threefold_declared);
        number(out, claims.fifty_appeared);
        number(out, claims.fifty_declared);
        if (claims.first_ply) {
            number(out, *claims.first_ply);
        } else {
            comma(out);
        }
        // The last cell ends the row instead of taking a comma.
        out.reserve(csv_field_bound(report.final_unwinnable.size()) + 2);
        out.put_csv_field(report.final_unwinnable);
        out.put("\r\n");
    }
    static void comma(BufferCursor& out) {
        out.reserve(1);
        out.put(',');
    }
    static void field(BufferCursor& out, std::string_view value) { put_csv_cell(out, value); }
    template <typename Integer>
    static void number(BufferCursor& out, Integer value) {
        put_csv_number(out, value);
    }
};

}  // namespace

std::unique_ptr<Writer> make_games_csv_writer(Output& output, const WriterOptions&) {
    return std::make_unique<GamesCsvWriter>(output);
}

}  // namespace drawaudit::report
