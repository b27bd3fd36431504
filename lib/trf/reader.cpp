#include "trf/reader.hpp"

#include <limits>

namespace drawaudit::trf {
namespace {

// The first 3 characters of a line name its record (TRF16 "Data-Identification-number").
constexpr std::string_view player_record = "001";
constexpr std::uint32_t max_start_rank = 9999;  // four columns
constexpr int round_width = 10;
constexpr std::uint32_t first_round_column = 92;

constexpr bool is_blank(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
    while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
    return text;
}

// Columns `first` to `last` (1-based, inclusive) of a line, clipped to it.
std::string_view columns(std::string_view line, std::uint32_t first, std::uint32_t last) {
    if (first > line.size()) return {};
    const std::size_t from = first - 1;
    const std::size_t to = last < line.size() ? last : line.size();
    return line.substr(from, to - from);
}

char column(std::string_view line, std::uint32_t at) {
    return at >= 1 && at <= line.size() ? line[at - 1] : ' ';
}

// A right- or left-aligned number in its columns: nullopt where blank. A character that is no
// digit is an error at its column.
struct NumberField {
    std::optional<std::uint64_t> value;
    std::uint32_t bad_column = 0;  // 0: none
};

NumberField number(std::string_view line, std::uint32_t first, std::uint32_t last) {
    const std::string_view text = columns(line, first, last);
    NumberField field;
    bool digits = false;
    bool ended = false;  // a blank after the digits
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (is_blank(c)) {
            ended = digits;
            continue;
        }
        if (c < '0' || c > '9' || ended ||
            value > (std::numeric_limits<std::uint64_t>::max() - 9) / 10) {
            field.bad_column = first + static_cast<std::uint32_t>(i);
            return field;
        }
        digits = true;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (digits) field.value = value;
    return field;
}

class Reader {
  public:
    explicit Reader(Tournament& out) : out_(out) {}

    void line(std::string_view text, std::uint64_t line_number) {
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        line_ = line_number;
        const std::string_view record = text.substr(0, 3);
        if (record == player_record) return player(text);
        if (record == "012") out_.name = trimmed(text.substr(3));
        if (record == "042") out_.start_date = trimmed(text.substr(3));
        if (record == "052") out_.end_date = trimmed(text.substr(3));
        if (record == "062") {
            const NumberField count = number(text, 5, static_cast<std::uint32_t>(text.size()));
            if (count.bad_column != 0) return error(count.bad_column, Problem::NotANumber);
            if (count.value && *count.value <= std::numeric_limits<std::uint32_t>::max())
                out_.player_count = static_cast<std::uint32_t>(*count.value);
        }
        if (record == "132") round_dates(text);
        // Anything else (022 ... 122, 142 ..., `###` comments, TRF-2026's and TRFx's other
        // records, blank lines) is read past.
    }

  private:
    void error(std::uint32_t column, Problem problem, int round = 0, std::uint64_t other = 0) {
        out_.errors.push_back(Error{line_, column, problem, round, other});
    }

    void round_dates(std::string_view text) {
        out_.round_dates.clear();
        for (std::uint32_t at = first_round_column; at <= text.size(); at += round_width)
            out_.round_dates.push_back(trimmed(columns(text, at, at + 7)));
        while (!out_.round_dates.empty() && out_.round_dates.back().empty())
            out_.round_dates.pop_back();
    }

    void player(std::string_view text) {
        Player p;
        p.line = line_;
        const NumberField rank = number(text, 5, 8);
        if (rank.bad_column != 0) return error(rank.bad_column, Problem::NotANumber);
        if (!rank.value || *rank.value == 0) return error(5, Problem::NoStartRank);
        p.start_rank = static_cast<std::uint32_t>(*rank.value);  // four digits at most
        p.sex = trimmed(columns(text, 10, 10));
        p.title = trimmed(columns(text, 11, 13));
        p.name = trimmed(columns(text, 15, 47));
        p.federation = trimmed(columns(text, 54, 56));
        p.birth_date = trimmed(columns(text, 70, 79));
        p.points = trimmed(columns(text, 81, 84));
        const NumberField rating = number(text, 49, 52);
        if (rating.bad_column != 0) error(rating.bad_column, Problem::NotANumber);
        p.rating = static_cast<std::uint32_t>(rating.value.value_or(0));
        const NumberField fide_id = number(text, 58, 68);
        if (fide_id.bad_column != 0) error(fide_id.bad_column, Problem::NotANumber);
        p.fide_id = fide_id.value.value_or(0);
        rounds(text, p);

        auto& index = index_;
        if (index.size() <= p.start_rank) index.resize(p.start_rank + 1, -1);
        if (index[p.start_rank] >= 0)
            return error(5, Problem::RepeatedStartRank, 0,
                         out_.players[static_cast<std::size_t>(index[p.start_rank])].line);
        index[p.start_rank] = static_cast<std::int32_t>(out_.players.size());
        if (static_cast<int>(p.rounds.size()) > out_.rounds)
            out_.rounds = static_cast<int>(p.rounds.size());
        out_.players.push_back(std::move(p));
    }

    void rounds(std::string_view text, Player& p) {
        int round = 0;
        for (std::uint32_t at = first_round_column; at <= text.size(); at += round_width) {
            ++round;
            RoundEntry entry;
            const NumberField opponent = number(text, at, at + 3);
            if (opponent.bad_column != 0) error(opponent.bad_column, Problem::NotANumber, round);
            if (opponent.value && *opponent.value <= max_start_rank)
                entry.opponent = static_cast<std::uint32_t>(*opponent.value);
            switch (column(text, at + 5)) {
                case 'w':
                case 'W':
                    entry.colour = Colour::White;
                    break;
                case 'b':
                case 'B':
                    entry.colour = Colour::Black;
                    break;
                case '-':
                case ' ':
                    break;
                default:
                    error(at + 5, Problem::BadColour, round);
            }
            const auto code = code_from_char(column(text, at + 7));
            if (!code) error(at + 7, Problem::BadCode, round);
            entry.code = code.value_or(Code::None);
            if (is_played(entry.code) && entry.opponent == 0)
                error(at + 7, Problem::PlayedWithoutOpponent, round);
            p.rounds.push_back(entry);
        }
        // A line padded with blanks after its last round has no more rounds.
        while (!p.rounds.empty() && p.rounds.back().opponent == 0 &&
               p.rounds.back().code == Code::None)
            p.rounds.pop_back();
    }

  public:
    std::vector<std::int32_t> index_;  // start rank -> index in players, -1 none

  private:
    Tournament& out_;
    std::uint64_t line_ = 0;
};

}  // namespace

const Player* Tournament::by_start_rank(std::uint32_t rank) const {
    if (rank >= rank_index_.size() || rank_index_[rank] < 0) return nullptr;
    return &players[static_cast<std::size_t>(rank_index_[rank])];
}

namespace {

// The two lines of each pairing, compared: each player's opponent names the player back, with
// the other colour and the result that adds up. Each disagreement once, at the first line.
void check_pairings(Tournament& t) {
    std::vector<Error> found;
    for (const Player& p : t.players) {
        for (int r = 1; r <= static_cast<int>(p.rounds.size()); ++r) {
            const RoundEntry mine = p.round(r);
            if (mine.opponent == 0) continue;
            const auto at = first_round_column + static_cast<std::uint32_t>(round_width * (r - 1));
            if (mine.opponent == p.start_rank) {
                found.push_back({p.line, at, Problem::PairedWithSelf, r, mine.opponent});
                continue;
            }
            const Player* opponent = t.by_start_rank(mine.opponent);
            if (opponent == nullptr) {
                found.push_back({p.line, at, Problem::UnknownOpponent, r, mine.opponent});
                continue;
            }
            const RoundEntry theirs = opponent->round(r);
            if (theirs.opponent != p.start_rank) {
                found.push_back({p.line, at, Problem::OpponentDisagrees, r, mine.opponent});
                continue;
            }
            if (opponent->line < p.line) continue;  // compared from the earlier line
            const bool colours_fit =
                (mine.colour == Colour::None) == (theirs.colour == Colour::None) &&
                (mine.colour == Colour::None || mine.colour != theirs.colour);
            if (!colours_fit)
                found.push_back({p.line, at + 5, Problem::SameColours, r, mine.opponent});
            const bool double_forfeit =
                mine.code == Code::ForfeitLoss && theirs.code == Code::ForfeitLoss;
            if (theirs.code != opposite(mine.code) && !double_forfeit)
                found.push_back({p.line, at + 7, Problem::ResultsDisagree, r, mine.opponent});
        }
    }
    // In the order of their lines, with the reading errors.
    std::vector<Error> all;
    all.reserve(t.errors.size() + found.size());
    std::size_t i = 0, j = 0;
    while (i < t.errors.size() || j < found.size()) {
        const bool take_found =
            j < found.size() && (i == t.errors.size() || found[j].line < t.errors[i].line);
        all.push_back(take_found ? found[j++] : t.errors[i++]);
    }
    t.errors = std::move(all);
}

}  // namespace

Tournament read(std::string_view text) {
    Tournament t;
    // A UTF-8 byte order mark before the first record.
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    Reader reader(t);
    std::uint64_t number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        reader.line(text.substr(0, end), ++number);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    }
    t.rank_index_ = std::move(reader.index_);
    check_pairings(t);
    return t;
}

}  // namespace drawaudit::trf
