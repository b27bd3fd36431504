#include "audit/duplicates.hpp"

#include "audit/fingerprint.hpp"

namespace drawaudit::audit {
namespace {

constexpr std::size_t initial_slots = 1 << 12;

std::size_t slot_of(std::uint64_t hash, std::size_t slots) {
    // The keys are hashes already: their low bits spread well.
    return static_cast<std::size_t>(hash) & (slots - 1);
}

// The Result tag in a byte: the four PGN results, missing, or anything else.
std::uint8_t result_code(std::string_view result) {
    if (result == "1-0") return 1;
    if (result == "0-1") return 2;
    if (result == "1/2-1/2") return 3;
    if (result == "*") return 4;
    if (result.empty()) return 5;
    return 6;
}

std::string_view result_text(std::uint8_t code) {
    switch (code) {
        case 1:
            return "1-0";
        case 2:
            return "0-1";
        case 3:
            return "1/2-1/2";
        case 4:
            return "*";
        case 5:
            return "";  // no Result tag
        default:
            return "other";  // MessageArgs::earlier_result
    }
}

}  // namespace

std::uint32_t OccurrenceCounter::next(std::uint64_t identity) {
    constexpr std::uint64_t count_mask = 0xff;
    // The top 56 bits, never 0 (an empty slot): two identities equal there are counted as one,
    // a chance of about n^2 / 2^57 in a run of n games.
    std::uint64_t key = identity & ~count_mask;
    if (key == 0) key = count_mask + 1;
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (std::size_t i = slot_of(key >> 8, slots_.size());; i = (i + 1) & (slots_.size() - 1)) {
        std::uint64_t& slot = slots_[i];
        if (slot == 0) {
            slot = key | 1;
            ++used_;
            return 0;
        }
        if ((slot & ~count_mask) != key) continue;
        const std::uint64_t seen = slot & count_mask;
        if (seen < count_mask) {
            ++slot;
            return static_cast<std::uint32_t>(seen);
        }
        return many_[key]++ + static_cast<std::uint32_t>(count_mask);
    }
}

void OccurrenceCounter::grow() {
    std::vector<std::uint64_t> old(std::max(initial_slots, 2 * slots_.size()));
    old.swap(slots_);
    for (const std::uint64_t slot : old) {
        if (slot == 0) continue;
        std::size_t i = slot_of(slot >> 8, slots_.size());
        while (slots_[i] != 0) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = slot;
    }
}

DuplicateIndex::Slot* DuplicateIndex::find_or_insert(const std::array<std::uint64_t, 2>& key,
                                                     bool& inserted) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (std::size_t i = slot_of(key[0] ^ key[1], slots_.size());;
         i = (i + 1) & (slots_.size() - 1)) {
        Slot& slot = slots_[i];
        if (slot.key == key) {
            inserted = false;
            return &slot;
        }
        if (slot.key[0] == 0 && slot.key[1] == 0) {
            slot.key = key;
            ++used_;
            inserted = true;
            return &slot;
        }
    }
}

void DuplicateIndex::grow() {
    std::vector<Slot> old(std::max(initial_slots, 2 * slots_.size()));
    old.swap(slots_);
    for (const Slot& slot : old) {
        if (slot.key[0] == 0 && slot.key[1] == 0) continue;
        std::size_t i = slot_of(slot.key[0] ^ slot.key[1], slots_.size());
        while (slots_[i].key[0] != 0 || slots_[i].key[1] != 0) i = (i + 1) & (slots_.size() - 1);
        slots_[i] = slot;
    }
}

void DuplicateIndex::check(GameReport& report, std::uint32_t file_index) {
    if (file_index >= files_.size()) files_.resize(file_index + 1);
    if (files_[file_index].empty()) files_[file_index] = report.file;
    auto key = report.duplicate_key;
    if (key[0] == 0 && key[1] == 0) key[0] = 1;
    bool inserted = false;
    Slot* slot = find_or_insert(key, inserted);
    const std::uint8_t result = result_code(report.result);
    if (inserted) {
        slot->game = report.game;
        slot->file = file_index;
        slot->result = result;
        return;
    }
    // RULES.md "Duplicate games": a conflict when the two records' Result tags differ.
    const bool conflict = slot->result != result;
    Finding f;
    f.rule = conflict ? Rule::DuplicateConflict : Rule::DuplicateGame;
    f.laws = report.laws;
    f.severity = conflict ? Severity::Error : Severity::Info;
    f.line = report.line;
    f.duplicate_file = files_[slot->file];
    f.duplicate_game = slot->game;
    f.args.duplicate_same_file = slot->file == file_index;
    if (conflict) {
        f.recorded = report.result;
        f.args.id = MessageId::DuplicateConflict;
        f.args.earlier_result = result_text(slot->result);
    } else {
        f.args.id = MessageId::DuplicateGame;
    }
    f.fingerprint = finding_fingerprint(report.identity, report.occurrence, f.rule, f.route, f.ply);
    // Findings are in ply order: a finding on the whole game (ply 0) goes first.
    report.findings.insert(report.findings.begin(), std::move(f));
}

}  // namespace drawaudit::audit
