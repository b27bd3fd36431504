#include "audit/pairings.hpp"

#include <algorithm>

#include "audit/fingerprint.hpp"

namespace drawaudit::audit {
namespace {

// The letters of U+00C0..U+00FF without their accents (' ': not a letter; '*': two letters,
// see two_letters).
constexpr std::string_view latin1_letters =
    "aaaaaa*ceeeeiiiidnooooo ouuuuyts"
    "aaaaaa*ceeeeiiiidnooooo ouuuuyty";
// U+0100..U+017F (Latin Extended-A), one letter each.
constexpr std::string_view extended_a_letters =
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiiijjkkklllllllllln"
    "nnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

// The ASCII letters a code point reads as ("" for none: a separator).
std::string_view folded(char32_t cp) {
    static constexpr std::string_view ae = "ae", th = "th", ss = "ss", oe = "oe";
    if (cp < 0x80) return {};
    if (cp >= 0xC0 && cp <= 0xFF) {
        const std::size_t at = cp - 0xC0;
        const char c = latin1_letters[at];
        if (c == ' ') return {};
        if (c == '*') return ae;
        if (cp == 0xDE || cp == 0xFE) return th;
        if (cp == 0xDF) return ss;
        return latin1_letters.substr(at, 1);
    }
    if (cp >= 0x100 && cp <= 0x17F) {
        if (cp == 0x152 || cp == 0x153) return oe;
        return extended_a_letters.substr(cp - 0x100, 1);
    }
    return {};
}

// The next code point of `text` at `i` (UTF-8, or a Latin-1 byte where it is not UTF-8), and
// how many bytes it took.
std::pair<char32_t, std::size_t> next_code_point(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
    const unsigned char b = byte(i);
    const auto continuation = [&](std::size_t at) {
        return at < text.size() && (byte(at) & 0xC0) == 0x80;
    };
    if (b >= 0xC2 && b <= 0xDF && continuation(i + 1))
        return {static_cast<char32_t>((b & 0x1F) << 6 | (byte(i + 1) & 0x3F)), 2};
    if (b >= 0xE0 && b <= 0xEF && continuation(i + 1) && continuation(i + 2))
        return {static_cast<char32_t>(0x10000), 3};  // beyond the folded letters: kept as is
    if (b >= 0xF0 && continuation(i + 1) && continuation(i + 2) && continuation(i + 3))
        return {static_cast<char32_t>(0x10000), 4};
    return {static_cast<char32_t>(b), 1};  // ASCII, or Latin-1
}

constexpr char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}
constexpr bool ascii_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// A word matches another when equal, or when it is an initial of it.
bool word_matches(const std::string& a, const std::string& b) {
    if (a == b) return true;
    if (a.size() == 1) return b.front() == a.front();
    if (b.size() == 1) return a.front() == b.front();
    return false;
}

// Every word of `few` matches a word of `many` of its own.
bool all_words_in(const NameWords& few, const NameWords& many) {
    std::vector<bool> used(many.words.size(), false);
    for (const std::string& word : few.words) {
        bool found = false;
        // Whole words first, so that an initial does not take the word a whole one needs.
        for (int pass = 0; pass < 2 && !found; ++pass) {
            for (std::size_t i = 0; i < many.words.size() && !found; ++i) {
                if (used[i]) continue;
                if (pass == 0 ? word == many.words[i] : word_matches(word, many.words[i])) {
                    used[i] = true;
                    found = true;
                }
            }
        }
        if (!found) return false;
    }
    return true;
}

std::string_view result_of_code(trf::Code code) {
    switch (code) {
        case trf::Code::Win:
        case trf::Code::WinShort:
            return "1-0";
        case trf::Code::Loss:
        case trf::Code::LossShort:
            return "0-1";
        case trf::Code::Draw:
        case trf::Code::DrawShort:
            return "1/2-1/2";
        default:
            return {};
    }
}

}  // namespace

NameWords name_words(std::string_view name) {
    NameWords out;
    std::string word;
    const auto end_word = [&] {
        if (!word.empty()) out.words.push_back(std::move(word));
        word.clear();
    };
    for (std::size_t i = 0; i < name.size();) {
        const char c = name[i];
        if (static_cast<unsigned char>(c) < 0x80) {
            if (ascii_alnum(c)) {
                word += ascii_lower(c);
            } else {
                end_word();
            }
            ++i;
            continue;
        }
        const auto [cp, length] = next_code_point(name, i);
        const std::string_view letters = folded(cp);
        if (!letters.empty()) {
            word += letters;
        } else if (cp >= 0x10000 || (cp >= 0x180 && cp < 0x10000)) {
            word += name.substr(i, length);  // a letter of another script, as written
        } else {
            end_word();
        }
        i += length;
    }
    end_word();
    return out;
}

bool names_match(const NameWords& a, const NameWords& b) {
    if (a.words.empty() || b.words.empty()) return false;
    const bool whole_in_common = std::any_of(a.words.begin(), a.words.end(), [&](const auto& w) {
        return w.size() > 1 && std::find(b.words.begin(), b.words.end(), w) != b.words.end();
    });
    if (!whole_in_common) return false;
    return a.words.size() <= b.words.size() ? all_words_in(a, b) : all_words_in(b, a);
}

std::optional<int> game_round(std::string_view round_tag) {
    int round = 0;
    std::size_t i = 0;
    while (i < round_tag.size() && round_tag[i] >= '0' && round_tag[i] <= '9' && round < 100000)
        round = round * 10 + (round_tag[i++] - '0');
    if (i == 0 || round == 0) return std::nullopt;
    if (i < round_tag.size() && round_tag[i] != '.') return std::nullopt;
    return round;
}

Reconciler::Reconciler(const trf::Tournament& tournament, std::string trf_file,
                       std::vector<int> rounds_to_check)
    : tournament_(tournament),
      trf_file_(std::move(trf_file)),
      rounds_to_check_(std::move(rounds_to_check)) {
    const auto& players = tournament_.players;
    names_.reserve(players.size());
    for (std::uint32_t i = 0; i < players.size(); ++i) {
        names_.push_back(name_words(players[i].name));
        for (const std::string& word : names_.back().words)
            if (word.size() > 1) by_word_[word].push_back(i);
        if (players[i].fide_id != 0) by_fide_id_.emplace(players[i].fide_id, i);
    }
    covered_rounds_.assign(static_cast<std::size_t>(tournament_.rounds) + 1, false);
    seen_.assign(players.size() * static_cast<std::size_t>(tournament_.rounds), false);

    counts_.rounds = static_cast<std::uint64_t>(tournament_.rounds);
    for (const trf::Player& p : players) {
        for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
            const trf::RoundEntry e = p.round(r);
            if (e.opponent == 0) {
                if (e.code != trf::Code::None) ++counts_.byes;
                continue;
            }
            const trf::Player* opponent = tournament_.by_start_rank(e.opponent);
            if (opponent != nullptr && opponent->line < p.line) continue;  // counted from there
            ++counts_.pairings;
            if (trf::is_played(e.code)) ++counts_.played;
            if (trf::is_forfeit(e.code) ||
                (opponent != nullptr && trf::is_forfeit(opponent->round(r).code)))
                ++counts_.forfeits;
        }
    }
}

std::optional<Reconciler::Found> Reconciler::find(std::string_view name,
                                                  std::string_view fide_id_tag) const {
    std::uint64_t id = 0;
    bool digits = !fide_id_tag.empty() && fide_id_tag.size() <= 15;
    for (const char c : fide_id_tag) {
        if (c < '0' || c > '9') digits = false;
        if (digits) id = id * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (digits && id != 0) {
        if (const auto it = by_fide_id_.find(id); it != by_fide_id_.end())
            return Found{&tournament_.players[it->second], MatchedBy::FideId};
    }
    const NameWords words = name_words(name);
    std::optional<std::uint32_t> match;
    std::vector<std::uint32_t> tried;
    for (const std::string& word : words.words) {
        const auto it = by_word_.find(word);
        if (it == by_word_.end()) continue;
        for (const std::uint32_t i : it->second) {
            if (std::find(tried.begin(), tried.end(), i) != tried.end()) continue;
            tried.push_back(i);
            if (!names_match(words, names_[i])) continue;
            if (match) return std::nullopt;  // fits two players: neither
            match = i;
        }
    }
    if (!match) return std::nullopt;
    return Found{&tournament_.players[*match], MatchedBy::Name};
}

std::shared_ptr<const Pairing> Reconciler::pairing(const trf::Player& white,
                                                   const trf::Player& black, int round,
                                                   std::optional<MatchedBy> by) const {
    auto p = std::make_shared<Pairing>();
    p->round = round;
    p->white = std::string(white.name);
    p->black = std::string(black.name);
    p->white_rank = white.start_rank;
    p->black_rank = black.start_rank;
    p->white_code = trf::code_char(white.round(round).code);
    p->black_code = trf::code_char(black.round(round).code);
    p->trf_line = white.line;
    p->matched_by = by;
    return p;
}

void Reconciler::mark_seen(const trf::Player& player, int round) {
    const auto index = static_cast<std::size_t>(&player - tournament_.players.data());
    seen_[index * static_cast<std::size_t>(tournament_.rounds) +
          static_cast<std::size_t>(round - 1)] = true;
}

bool Reconciler::seen(const trf::Player& player, int round) const {
    const auto index = static_cast<std::size_t>(&player - tournament_.players.data());
    return seen_[index * static_cast<std::size_t>(tournament_.rounds) +
                 static_cast<std::size_t>(round - 1)];
}

void Reconciler::reconcile(GameReport& report) {
    const std::optional<int> round = game_round(report.round);
    if (!round) {
        ++counts_.unreconciled_games;
        return;
    }
    const int r = *round;
    if (r <= tournament_.rounds) covered_rounds_[static_cast<std::size_t>(r)] = true;

    const auto add = [&](Rule rule, Severity severity, MessageId id) -> Finding& {
        Finding& f = report.findings.emplace_back();
        f.rule = rule;
        f.severity = severity;
        f.laws = report.laws;
        f.line = report.line;
        f.offset = report.offset;
        f.args.id = id;
        return f;
    };
    const auto without_pairing = [&] { ++counts_.games_without_pairing; };

    const std::optional<Found> white = find(report.white, report.white_fide_id);
    const std::optional<Found> black = find(report.black, report.black_fide_id);
    if (!white || !black) {
        without_pairing();
        for (const auto& [found, side, name] :
             {std::tuple{white.has_value(), Side::White, std::string_view(report.white)},
              std::tuple{black.has_value(), Side::Black, std::string_view(report.black)}}) {
            if (found) continue;
            Finding& f = add(Rule::GameWithoutPairing, Severity::Error, MessageId::PlayerNotInTrf);
            f.side = side;
            f.args.quoted = std::string(name);
        }
        return;
    }
    const trf::Player& w = *white->player;
    const trf::Player& b = *black->player;
    const trf::RoundEntry entry = w.round(r);
    if (r > tournament_.rounds || entry.opponent != b.start_rank || &w == &b) {
        without_pairing();
        Finding& f = add(Rule::GameWithoutPairing, Severity::Error, MessageId::NotPairedInRound);
        f.args.counts[0] = r;
        return;
    }
    const MatchedBy by = white->by == MatchedBy::Name || black->by == MatchedBy::Name
                             ? MatchedBy::Name
                             : MatchedBy::FideId;
    ++counts_.matched;
    if (by == MatchedBy::Name) ++counts_.matched_by_name;
    mark_seen(w, r);
    mark_seen(b, r);
    // The TRF's colours: the game's White had Black there when its line says so.
    const bool swapped = entry.colour == trf::Colour::Black;
    report.pairing = swapped ? pairing(b, w, r, by) : pairing(w, b, r, by);
    const auto with_pairing = [&](Rule rule, Severity severity, MessageId id) -> Finding& {
        Finding& f = add(rule, severity, id);
        f.pairing = report.pairing;
        f.trf_line = report.pairing->trf_line;
        return f;
    };
    if (swapped) with_pairing(Rule::PairingColours, Severity::Error, MessageId::PairingColours);

    const trf::Code other = b.round(r).code;
    if (trf::is_forfeit(entry.code) || trf::is_forfeit(other)) {
        // A game with a move by each player was played, whatever the pairing program says.
        if (report.plies >= 2)
            with_pairing(Rule::PairingForfeitPlayed, Severity::Error,
                         MessageId::PairingForfeitPlayed)
                .args.counts[0] = report.plies;
        return;
    }
    // The result the TRF gives the game's White, against the game's Result tag.
    const std::string_view trf_result = result_of_code(entry.code);
    if (trf_result.empty() || trf_result == report.result) return;
    const bool no_result = report.result.empty() || report.result == "*";
    const bool rules_differ = !report.expected_result.empty() &&
                              report.expected_result != trf_result &&
                              report.termination != Termination::None;
    Finding& f = with_pairing(
        Rule::PairingResultMismatch, no_result ? Severity::Warning : Severity::Error,
        rules_differ ? MessageId::PairingResultAgainstRules : MessageId::PairingResultMismatch);
    f.recorded = report.result;
    f.expected = std::string(trf_result);
    f.args.ending = report.termination;
    if (rules_differ) f.args.quoted = report.expected_result;
}

std::vector<Finding> Reconciler::finish() {
    std::vector<Finding> out;
    const auto fingerprint = [](Rule rule, std::initializer_list<std::string_view> parts,
                                std::uint64_t number) {
        Fnv1a64 hash;
        hash.add("trf");
        hash.add_byte(0x1f);
        hash.add(rule_id(rule));
        for (const std::string_view part : parts) {
            hash.add_byte(0x1f);
            hash.add(part);
        }
        hash.add_u64(number);
        return hash.value();
    };
    for (const trf::Error& e : tournament_.errors) {
        Finding& f = out.emplace_back();
        f.rule = Rule::TrfError;
        f.severity = Severity::Error;
        f.line = e.line;
        f.column = e.column;
        f.column_utf16 = e.column;
        f.trf_line = e.line;
        f.args.id = MessageId::TrfError;
        f.args.trf_problem = e.problem;
        f.args.counts = {e.round, static_cast<int>(e.other), 0};
        // Stable while the line keeps its place and text: its problem, round and column.
        f.fingerprint = fingerprint(Rule::TrfError, {},
                                    e.line << 24 ^ std::uint64_t{e.column} << 8 ^
                                        static_cast<std::uint64_t>(e.problem) ^
                                        static_cast<std::uint64_t>(e.round) << 40);
    }
    const auto check = [&](int r) -> bool {
        if (!rounds_to_check_.empty())
            return std::find(rounds_to_check_.begin(), rounds_to_check_.end(), r) !=
                   rounds_to_check_.end();
        return covered_rounds_[static_cast<std::size_t>(r)];
    };
    std::vector<Finding> missing;
    for (const trf::Player& p : tournament_.players) {
        for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
            const trf::RoundEntry e = p.round(r);
            if (e.opponent == 0 || !trf::is_played(e.code) || !check(r)) continue;
            const trf::Player* opponent = tournament_.by_start_rank(e.opponent);
            if (opponent == nullptr || opponent->round(r).opponent != p.start_rank) continue;
            // Once per pairing: from White's line (the earlier line where neither is White).
            const bool is_white = e.colour == trf::Colour::White ||
                                  (e.colour != trf::Colour::Black && p.line < opponent->line);
            if (!is_white || seen(p, r)) continue;
            ++counts_.missing_games;
            Finding& f = missing.emplace_back();
            f.rule = Rule::PairingMissingGame;
            f.severity = Severity::Warning;
            f.line = p.line;
            f.args.id = MessageId::PairingMissingGame;
            f.pairing = pairing(p, *opponent, r, std::nullopt);
            f.trf_line = p.line;
            f.fingerprint = fingerprint(Rule::PairingMissingGame, {p.name, opponent->name},
                                        static_cast<std::uint64_t>(r));
        }
    }
    // In the order of their lines: the errors and the missing games merged.
    std::vector<Finding> all;
    all.reserve(out.size() + missing.size());
    std::merge(std::make_move_iterator(out.begin()), std::make_move_iterator(out.end()),
               std::make_move_iterator(missing.begin()), std::make_move_iterator(missing.end()),
               std::back_inserter(all),
               [](const Finding& a, const Finding& b) { return a.line < b.line; });
    return all;
}

}  // namespace drawaudit::audit
