// --format games-csv: one row per game for spreadsheets, pandas and R (RFC 4180, CRLF, fields
// quoted where needed, as the findings CSV): the game's identity tags, its result and termination,
// why a draw was drawn (RULES.md "Why each draw happened"), its length, and its claims counted by
// rule and route with the first one's ply. The claims counted are the reported findings (after
// --only / --ignore), as the game record's `findings`.
#include <algorithm>
#include <memory>
#include <optional>
#include <string_view>

#include "report/buffer_cursor.hpp"
#include "report/escape.hpp"
#include "report/formats.hpp"

namespace drawaudit::report {
namespace {

constexpr std::string_view games_csv_header =
    "file,game,line,event,site,date,round,white,black,white_elo,black_elo,result,laws,plies,"
    "termination,end_ply,expected_result,status,findings,draw_reason,draw_side,"
    "threefold_appeared,threefold_declared,fifty_move_appeared,fifty_move_declared,"
    "first_claim_ply,final_unwinnable\r\n";

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

    void begin() override { append(buffer_, games_csv_header); }

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
    void write_row(const audit::GameReport& report) {
        const ClaimCounts claims = count_claims(report);
        BufferCursor out(buffer_);
        field(out, report.file);
        put_game_number(out, report.game);
        comma(out);
        number(out, report.line);
        for (const std::string* tag :
             {&report.event, &report.site, &report.date, &report.round, &report.white,
              &report.black, &report.white_elo, &report.black_elo, &report.result})
            field(out, *tag);
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
        // final_unwinnable (RULES.md): empty until the game record carries it.
        out.reserve(2);
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
