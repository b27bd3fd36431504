// The game being audited as the rule groups see it: its history, the edition of the Laws that
// judges it, and its record, to which they add their findings.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "audit/finding.hpp"
#include "audit/history.hpp"
#include "audit/laws.hpp"
#include "chess/unwinnable.hpp"
#include "pgn/visitor.hpp"

namespace drawaudit::audit {

class CurrentGame {
  public:
    explicit CurrentGame(const History& replayed) : history(replayed) {}

    // A new game, recorded in `report`, located at `start` (its first token).
    void new_game(GameReport& report, const pgn::GameStart& start, Laws laws) {
        report_ = &report;
        start_ = start.pos;
        start_line_ = start.line;
        set_laws(laws);
        quick_proofs_ = {};
        counting_ = false;
        last_omitted_ = false;
    }
    void set_laws(Laws laws) { edition_ = &edition_of(laws); }

    const History& history;
    const LawsEdition& laws() const { return *edition_; }
    GameReport& report() const { return *report_; }
    pgn::TextPos start() const { return start_; }  // the game's first token
    // Sets where `finding` stands: at `pos`, a token of this game (its whole line number).
    void locate(Finding& finding, pgn::TextPos pos) const {
        finding.line = pgn::whole_line(pgn::GameStart{{}, 0, start_, start_line_}, pos);
        finding.column = pos.column;
        finding.offset = pos.offset;
    }

    // At most this many findings of one rule are listed per game; the rest are counted in the
    // record's findings_omitted (AuditOptions::max_findings_per_rule).
    void set_max_findings_per_rule(std::uint64_t limit) { max_per_rule_ = limit; }
    // Whether one more finding of `rule` is listed: a rule group that spends work on a finding's
    // words asks first, and calls omit() instead when the answer is no.
    bool lists(Rule rule) const {
        // No rule can have reached the limit while the game has fewer findings than that.
        return report_->findings.size() < max_per_rule_ || crowded_lists(rule);
    }
    void omit(Rule rule) const {
        report_->findings_omitted.add(rule);
        last_omitted_ = true;
    }

    // A finding at position k, located at the move that led to it (at the game for k = 0).
    // Beyond the limit of its rule, a scratch finding that is counted, not listed.
    Finding& add_finding(Rule rule, int k) const;
    // A finding on the whole game, located at its first token.
    Finding& add_game_finding(Rule rule) const;
    // A finding on a token that cannot be played from position k (an illegal or a null move):
    // it stands at the index the move would have had, located at the token as written.
    Finding& add_unplayable_token(Rule rule, int k, std::string_view token, pgn::TextPos pos) const;
    // The index of the finding added last (for the groups that amend their findings later), -1
    // when it was omitted.
    int last_finding_index() const {
        return last_omitted_ ? -1 : static_cast<int>(report_->findings.size()) - 1;
    }
    // Fills a repetition finding's occurrences of position k (indices, moves and their count).
    void list_occurrences(int k, Finding& finding) const;

    // The quick proofs of unwinnability of both sides (White, Black) at one position, kept once
    // made: 5.1.2/6.9 and final_unwinnable ask them about the same final position
    // (dead_positions.cpp), and at a position in check each is a small search.
    struct QuickProofs {
        int ply = -1;  // the position they are of; -1 for none yet
        std::array<chess::UnwinnableProof, 2> by_side{};
    };
    QuickProofs& quick_proofs() const { return quick_proofs_; }

  private:
    // The finding's slot in the record, or the scratch one beyond the rule's limit.
    Finding& new_finding(Rule rule) const;
    // lists() for a game with as many findings as the limit: counts them per rule, once.
    [[gnu::cold]] bool crowded_lists(Rule rule) const;

    GameReport* report_ = nullptr;
    std::uint64_t max_per_rule_ = ~std::uint64_t{0};
    // Findings listed per rule, counted only once a game has as many as the limit (counting_):
    // the other games, all real ones, never reset them.
    mutable std::array<std::uint64_t, RuleCount> kept_{};
    mutable bool counting_ = false;
    mutable bool last_omitted_ = false;
    mutable Finding omitted_;  // what an omitted finding is written into, then forgotten
    pgn::TextPos start_{};
    std::uint64_t start_line_ = 0;  // the whole line number of start_
    const LawsEdition* edition_ = &edition_of(Laws::Laws2023);
    mutable QuickProofs quick_proofs_;
};

}  // namespace drawaudit::audit
