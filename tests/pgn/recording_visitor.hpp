// A visitor that logs every callback as one line of text, for comparing callback streams.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "pgn/reader.hpp"
#include "report/messages.hpp"  // the English the reader once wrote itself

namespace drawaudit::pgn::testing {

class RecordingVisitor : public Visitor {
  public:
    // with_offsets: also log byte offsets and every game's whole text (for exact comparisons).
    explicit RecordingVisitor(bool with_offsets = false) : with_offsets_(with_offsets) {}

    std::vector<std::string> log;
    std::vector<std::string> errors;      // "line:column message"
    std::vector<IoCause> error_causes;    // each error's source failure as values
    std::vector<std::string> game_texts;  // end_game texts
    bool variations = true;
    Control answer_end_tags = Control::Continue;
    std::string skip_after_move;    // answer SkipGame to this SAN
    bool take_odd_results = false;  // answer odd_result: take the token as the marker

    bool wants_variations() const override { return variations; }

    void begin_game(const GameStart& g) override {
        add("begin #" + std::to_string(g.game) + " " + where(g.pos) +
            (with_offsets_ ? " " + std::string(g.file) : ""));
    }
    void tag(std::string_view name, std::string_view raw_value, TextPos p) override {
        add("tag " + std::string(name) + "=" + std::string(raw_value) + " " + where(p));
    }
    Control end_tags() override {
        add("end_tags");
        return answer_end_tags;
    }
    Control move(std::string_view san, TextPos p) override {
        add("move " + std::string(san) + " " + where(p) + depth_note());
        return san == skip_after_move ? Control::SkipGame : Control::Continue;
    }
    Control null_move(std::string_view token, TextPos p) override {
        add("null " + std::string(token) + " " + where(p) + depth_note());
        return Control::Continue;
    }
    void comment(std::string_view text, TextPos p) override {
        add("comment {" + std::string(text) + "} " + where(p) + depth_note());
    }
    void nag(int value, TextPos p) override {
        add("nag " + std::to_string(value) + " " + where(p) + depth_note());
    }
    void begin_variation(TextPos p) override { add("( " + where(p) + depth_note()); }
    void end_variation(TextPos p) override { add(") " + where(p) + depth_note()); }
    void result(std::string_view marker, TextPos p) override {
        add("result " + std::string(marker) + " " + where(p));
    }
    bool odd_result(std::string_view token, TextPos p) override {
        std::string line = "odd " + std::string(token) + " " + where(p);
        if (take_odd_results) line += " taken";
        add(std::move(line));
        return take_odd_results;
    }
    void parse_error(const ParseError& e) override {
        const std::string s =
            std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + " " +
            report::pgn_problem_text(e.problem, e.limit, e.detail, report::Lang::En);
        errors.push_back(s);
        error_causes.push_back(e.io_cause);
        add("error " + s + (with_offsets_ ? " @" + std::to_string(e.pos.offset) : ""));
    }
    void end_game(std::string_view text) override {
        game_texts.emplace_back(text);
        add(with_offsets_ ? "end_game " + std::string(text) : "end_game");
    }

  private:
    void add(std::string s) { log.push_back(std::move(s)); }
    std::string where(TextPos p) const {
        std::string s = std::to_string(p.line) + ":" + std::to_string(p.column);
        if (with_offsets_) s += "@" + std::to_string(p.offset);
        return s;
    }
    std::string depth_note() const { return depth() > 0 ? " d" + std::to_string(depth()) : ""; }
    bool with_offsets_;
};

// Parses `text` as a whole file and returns the log.
inline std::vector<std::string> parse_log(std::string_view text, RecordingVisitor& visitor) {
    parse_games(text, TextOrigin{"test.pgn"}, visitor);
    return visitor.log;
}

}  // namespace drawaudit::pgn::testing
