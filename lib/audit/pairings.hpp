// Round reconciliation against the pairing program (RULES.md): each game matched to its pairing
// in the TRF, by round and by FIDE id or name, and what the two disagree on as findings; at the
// end, the played pairings of the covered rounds that no game had, and the TRF's own errors.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "audit/finding.hpp"
#include "trf/reader.hpp"

namespace drawaudit::audit {

// A name as both programs may write it, reduced to what identifies it: lower-case ASCII words
// (accents folded, from UTF-8 or Latin-1; punctuation and spaces separate words), in any order,
// so that "Surname, First" and "First Surname" have the same words. "Carlsen, M." and "Magnus
// Carlsen" match through names_match().
struct NameWords {
    std::vector<std::string> words;
};
NameWords name_words(std::string_view name);
// Every word of one name is a word of the other (an initial: a word that starts with it), with at
// least one whole word in common.
bool names_match(const NameWords& a, const NameWords& b);

// The game's round as RULES.md reads it: the number before any dot of the Round tag.
std::optional<int> game_round(std::string_view round_tag);

class Reconciler {
  public:
    // `trf_file`: the name findings give as `file`; `rounds_to_check` (--trf-round): the rounds
    // whose missing games are reported, empty for those the input's games cover. The
    // tournament's views must outlive the reconciler.
    Reconciler(const trf::Tournament& tournament, std::string trf_file,
               std::vector<int> rounds_to_check);

    // One game, in the run's order: its pairing findings are added to the record (fingerprints
    // still to stamp), and `report.pairing` set where one matched.
    void reconcile(GameReport& report);

    // After the last game: the TRF's findings (trf-error, pairing-missing-game), in the order
    // of their lines, with their fingerprints; and the summary's counts.
    std::vector<Finding> finish();
    const PairingCounts& counts() const { return counts_; }
    const std::string& trf_file() const { return trf_file_; }

  private:
    struct Found {
        const trf::Player* player = nullptr;
        MatchedBy by = MatchedBy::FideId;
    };
    std::optional<Found> find(std::string_view name, std::string_view fide_id_tag) const;
    std::shared_ptr<const Pairing> pairing(const trf::Player& white, const trf::Player& black,
                                           int round, std::optional<MatchedBy> by) const;
    void mark_seen(const trf::Player& player, int round);
    bool seen(const trf::Player& player, int round) const;

    const trf::Tournament& tournament_;
    std::string trf_file_;
    std::vector<int> rounds_to_check_;
    std::vector<NameWords> names_;                                         // by player index
    std::unordered_map<std::string, std::vector<std::uint32_t>> by_word_;  // word -> indices
    std::unordered_map<std::uint64_t, std::uint32_t> by_fide_id_;          // id -> index
    std::vector<bool> covered_rounds_;
    std::vector<bool> seen_;  // [index * rounds + round - 1]: a game had this pairing
    PairingCounts counts_;
};

}  // namespace drawaudit::audit
