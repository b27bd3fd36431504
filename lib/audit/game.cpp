// The findings' common fields: where they stand, the edition, the position.
#include "audit/game.hpp"

#include "audit/wording.hpp"

namespace drawaudit::audit {

bool CurrentGame::crowded_lists(Rule rule) const {
    if (!counting_) {
        kept_ = {};
        for (const Finding& f : report_->findings) ++kept_[static_cast<std::size_t>(f.rule)];
        counting_ = true;
    }
    return kept_[static_cast<std::size_t>(rule)] < max_per_rule_;
}

Finding& CurrentGame::new_finding(Rule rule) const {
    if (lists(rule)) [[likely]] {
        if (counting_) [[unlikely]]
            ++kept_[static_cast<std::size_t>(rule)];
        last_omitted_ = false;
        return report_->findings.emplace_back();
    }
    omit(rule);
    omitted_ = Finding{};
    return omitted_;
}

Finding& CurrentGame::add_finding(Rule rule, int k) const {
    Finding& f = new_finding(rule);
    f.rule = rule;
    f.laws = edition_->laws;
    f.article = std::string(rule_article(rule));
    f.ply = k;
    f.fen = history.position(k).to_fen();
    const pgn::TextPos where = k > 0 ? history.where(k) : start_;
    if (k > 0) f.move = history.move_text(k);
    locate(f, where);
    return f;
}

Finding& CurrentGame::add_game_finding(Rule rule) const {
    Finding& f = new_finding(rule);
    f.rule = rule;
    f.laws = edition_->laws;
    f.article = std::string(rule_article(rule));
    locate(f, start_);
    return f;
}

Finding& CurrentGame::add_unplayable_token(Rule rule, int k, std::string_view token,
                                           pgn::TextPos pos) const {
    const chess::Position& position = history.position(k);
    Finding& f = add_finding(rule, k);
    f.ply = k + 1;
    f.side = side_of(position.side_to_move());
    f.move = numbered_token(position, token);
    locate(f, pos);
    return f;
}

void CurrentGame::list_occurrences(int k, Finding& finding) const {
    history.listed_occurrences(k, finding.occurrences);
    finding.occurrence_count = history.occurrence(k);
    for (int i : finding.occurrences) {
        finding.occurrence_moves.push_back(i == 0 ? "start" : history.move_text(i));
    }
}

}  // namespace drawaudit::audit
