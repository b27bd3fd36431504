// What only the whole run shows, in input order (the ordered stage feeds it): how many earlier
// games had the same identity (the occurrence number of the fingerprints), and RULES.md
// "Duplicate games". Memory: a fixed number of bytes per game, never the games themselves.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "audit/finding.hpp"

namespace drawaudit::audit {

// Occurrence numbers: 0 for the first game with an identity, 1 for the next, ...
// An open-addressing table of 8-byte slots, at most half full: at most 32 bytes per game (16 on
// average over the table's growth). A slot holds the identity's top 56 bits and, in the low 8,
// how many games had it; the rare identity seen 255 times or more counts on in `many_`.
class OccurrenceCounter {
  public:
    std::uint32_t next(std::uint64_t identity);

  private:
    void grow();
    std::vector<std::uint64_t> slots_;  // 0: empty
    std::size_t used_ = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> many_;
};

// duplicate-game and duplicate-conflict: per game its 128-bit key (GameReport::duplicate_key),
// the file and game where it was first seen and that record's Result: 32 bytes per slot, at most
// half full.
class DuplicateIndex {
  public:
    // Adds the duplicate finding to `report` (numbered in full, in input order) if an earlier
    // game had its key; else remembers it as the first. `file_index` names report.file among
    // the run's files (their names are kept once each).
    void check(GameReport& report, std::uint32_t file_index);

  private:
    struct Slot {
        std::array<std::uint64_t, 2> key{};  // {0, 0}: empty
        std::uint64_t game = 0;
        std::uint32_t file = 0;
        std::uint8_t result = 0;
    };
    void grow();
    Slot* find_or_insert(const std::array<std::uint64_t, 2>& key, bool& inserted);
    std::vector<Slot> slots_;
    std::size_t used_ = 0;
    std::vector<std::string> files_;  // by file index, as the records name them
};

}  // namespace drawaudit::audit
