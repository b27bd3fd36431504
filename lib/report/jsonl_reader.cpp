// JSON Lines records back into GameReport, Finding and Summary: a small JSON parser and one field
// table per record type.
#include "report/jsonl_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <span>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "audit/fingerprint.hpp"
#include "pgn/text.hpp"
#include "report/record_schema.hpp"

namespace drawaudit::report {
namespace {

class Parser {
  public:
    explicit Parser(std::string_view text) : text_(text) {}

    tl::expected<JsonValue, std::string> document() {
        JsonValue value;
        if (auto ok = parse(value, 0); !ok) return tl::unexpected(ok.error());
        skip_blanks();
        if (pos_ != text_.size()) return tl::unexpected(fail("text after the JSON value"));
        return value;
    }

  private:
    static constexpr int kMaxDepth = 64;

    std::string fail(std::string_view what) const {
        return fmt::format("malformed JSON at column {}: {}", pos_ + 1, what);
    }
    void skip_blanks() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                       text_[pos_] == '\r' || text_[pos_] == '\n'))
            ++pos_;
    }
    bool literal(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) return false;
        pos_ += word.size();
        return true;
    }

    tl::expected<void, std::string> parse(JsonValue& out, int depth) {
        if (depth > kMaxDepth) return tl::unexpected(fail("nested too deeply"));
        skip_blanks();
        if (pos_ >= text_.size()) return tl::unexpected(fail("the line ends before a value"));
        const char c = text_[pos_];
        if (c == '{') return object(out, depth);
        if (c == '[') return array(out, depth);
        if (c == '"') {
            out.kind = JsonValue::Kind::String;
            return string(out.text);
        }
        if (literal("null")) {
            out.kind = JsonValue::Kind::Null;
            return {};
        }
        if (literal("true") || literal("false")) {
            out.kind = JsonValue::Kind::Bool;
            out.boolean = text_[pos_ - 1] == 'e' && text_[pos_ - 2] == 'u';
            return {};
        }
        if (c == '-' || (c >= '0' && c <= '9')) return number(out);
        return tl::unexpected(fail(fmt::format("unexpected '{}'", c)));
    }

    tl::expected<void, std::string> object(JsonValue& out, int depth) {
        out.kind = JsonValue::Kind::Object;
        ++pos_;
        skip_blanks();
        if (pos_ < text_.size() && text_[pos_] == '}') {
            ++pos_;
            return {};
        }
        for (;;) {
            skip_blanks();
            if (pos_ >= text_.size() || text_[pos_] != '"')
                return tl::unexpected(fail("expected a member name"));
            auto& member = out.members.emplace_back();
            if (auto ok = string(member.first); !ok) return ok;
            skip_blanks();
            if (pos_ >= text_.size() || text_[pos_] != ':')
                return tl::unexpected(fail("expected ':'"));
            ++pos_;
            if (auto ok = parse(member.second, depth + 1); !ok) return ok;
            skip_blanks();
            if (pos_ < text_.size() && text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < text_.size() && text_[pos_] == '}') {
                ++pos_;
                return {};
            }
            return tl::unexpected(fail("expected ',' or '}'"));
        }
    }

    tl::expected<void, std::string> array(JsonValue& out, int depth) {
        out.kind = JsonValue::Kind::Array;
        ++pos_;
        skip_blanks();
        if (pos_ < text_.size() && text_[pos_] == ']') {
            ++pos_;
            return {};
        }
        for (;;) {
            if (auto ok = parse(out.items.emplace_back(), depth + 1); !ok) return ok;
            skip_blanks();
            if (pos_ < text_.size() && text_[pos_] == ',') {
                ++pos_;
                continue;
            }
            if (pos_ < text_.size() && text_[pos_] == ']') {
                ++pos_;
                return {};
            }
            return tl::unexpected(fail("expected ',' or ']'"));
        }
    }

    tl::expected<void, std::string> number(JsonValue& out) {
        out.kind = JsonValue::Kind::Number;
        const std::size_t start = pos_;
        if (text_[pos_] == '-') ++pos_;
        const auto digits = [&] {
            const std::size_t from = pos_;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
            return pos_ > from;
        };
        if (!digits()) return tl::unexpected(fail("a number without digits"));
        if (pos_ < text_.size() && text_[pos_] == '.') {
            ++pos_;
            if (!digits()) return tl::unexpected(fail("no digits after the decimal point"));
        }
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
            if (!digits()) return tl::unexpected(fail("no digits in the exponent"));
        }
        out.text.assign(text_.substr(start, pos_ - start));
        return {};
    }

    tl::expected<unsigned, std::string> hex4() {
        if (pos_ + 4 > text_.size()) return tl::unexpected(fail("a short \\u escape"));
        unsigned value = 0;
        const auto [ptr, error] =
            std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, value, 16);
        if (error != std::errc() || ptr != text_.data() + pos_ + 4)
            return tl::unexpected(fail("a bad \\u escape"));
        pos_ += 4;
        return value;
    }

    tl::expected<void, std::string> string(std::string& out) {
        ++pos_;  // the opening quote
        out.clear();
        for (;;) {
            const std::size_t run = text_.find_first_of("\"\\", pos_);
            if (run == std::string_view::npos)
                return tl::unexpected(fail("a string that does not end"));
            out.append(text_.substr(pos_, run - pos_));
            pos_ = run + 1;
            if (text_[run] == '"') return {};
            if (pos_ >= text_.size()) return tl::unexpected(fail("a string that does not end"));
            const char e = text_[pos_++];
            switch (e) {
                case '"':
                    out.push_back('"');
                    break;
                case '\\':
                    out.push_back('\\');
                    break;
                case '/':
                    out.push_back('/');
                    break;
                case 'b':
                    out.push_back('\b');
                    break;
                case 'f':
                    out.push_back('\f');
                    break;
                case 'n':
                    out.push_back('\n');
                    break;
                case 'r':
                    out.push_back('\r');
                    break;
                case 't':
                    out.push_back('\t');
                    break;
                case 'u': {
                    auto cp = hex4();
                    if (!cp) return tl::unexpected(cp.error());
                    unsigned code = *cp;
                    if (code >= 0xD800 && code < 0xDC00 && text_.substr(pos_, 2) == "\\u") {
                        pos_ += 2;
                        auto low = hex4();
                        if (!low) return tl::unexpected(low.error());
                        if (*low < 0xDC00 || *low > 0xDFFF)
                            return tl::unexpected(fail("a lone surrogate in a \\u escape"));
                        code = 0x10000 + ((code - 0xD800) << 10) + (*low - 0xDC00);
                    } else if (code >= 0xD800 && code <= 0xDFFF) {
                        return tl::unexpected(fail("a lone surrogate in a \\u escape"));
                    }
                    pgn::append_utf8(out, code);
                    break;
                }
                default:
                    return tl::unexpected(fail(fmt::format("a bad escape '\\{}'", e)));
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

using Status = tl::expected<void, std::string>;

// An integer field into `out`, within [lo, hi] (by default from 0 to the most the field's type
// holds): a part is a file anyone may have written, so "ply": -70 or 4294967297 in a 32-bit field
// is an error that names the value, never a number wrapped or truncated into the record.
template <typename Int>
Status set_int(Int& out, const JsonValue& value, Int lo = 0,
               Int hi = std::numeric_limits<Int>::max()) {
    if (value.kind != JsonValue::Kind::Number)
        return tl::unexpected(std::string("expected a number"));
    const char* begin = value.text.data();
    const char* end = begin + value.text.size();
    const auto out_of_range = [&] {
        return tl::unexpected(
            fmt::format("expected an integer from {} to {}, got {}", lo, hi, value.text));
    };
    // The sign decides the type read into, so that every int64 and uint64 value is exact.
    const auto read_as = [&](auto n) -> Status {
        const auto [ptr, error] = std::from_chars(begin, end, n);
        if (error == std::errc::result_out_of_range) return out_of_range();
        if (error != std::errc() || ptr != end)
            return tl::unexpected("expected an integer, got " + value.text);
        if (std::cmp_less(n, lo) || std::cmp_greater(n, hi)) return out_of_range();
        out = static_cast<Int>(n);
        return {};
    };
    if (begin != end && *begin == '-') return read_as(std::int64_t{0});
    return read_as(std::uint64_t{0});
}
template <typename Int>
Status set_optional_int(std::optional<Int>& out, const JsonValue& value) {
    if (value.kind == JsonValue::Kind::Null) {
        out.reset();
        return {};
    }
    Int n{};
    if (auto ok = set_int(n, value); !ok) return ok;
    out = n;
    return {};
}
Status set_string(std::string& out, const JsonValue& value) {
    auto text = json_string(value);
    if (!text) return tl::unexpected(text.error());
    out = std::move(*text);
    return {};
}
Status set_string_list(std::vector<std::string>& out, const JsonValue& value) {
    out.clear();
    if (value.kind == JsonValue::Kind::Null) return {};
    if (value.kind != JsonValue::Kind::Array) return tl::unexpected(std::string("expected a list"));
    for (const JsonValue& item : value.items) {
        if (auto ok = set_string(out.emplace_back(), item); !ok) return ok;
    }
    return {};
}
Status set_int_list(std::vector<int>& out, const JsonValue& value) {
    out.clear();
    if (value.kind == JsonValue::Kind::Null) return {};
    if (value.kind != JsonValue::Kind::Array) return tl::unexpected(std::string("expected a list"));
    for (const JsonValue& item : value.items) {
        if (auto ok = set_int(out.emplace_back(), item); !ok) return ok;
    }
    return {};
}
// An enum from its name through its name function (the writers' own), over its values.
template <typename Enum, std::size_t Count>
Status set_named(Enum& out, const JsonValue& value, std::string_view (*name)(Enum),
                 std::string_view what) {
    auto text = json_string(value);
    if (!text) return tl::unexpected(text.error());
    for (std::size_t i = 0; i < Count; ++i) {
        const auto candidate = static_cast<Enum>(i);
        if (name(candidate) == *text) {
            out = candidate;
            return {};
        }
    }
    return tl::unexpected(fmt::format("unknown {} '{}'", what, *text));
}
Status set_rule_counts(std::array<std::uint64_t, audit::RuleCount>& out, const JsonValue& value) {
    if (value.kind != JsonValue::Kind::Object)
        return tl::unexpected(std::string("expected an object of rule ids"));
    out.fill(0);
    for (const auto& [id, count] : value.members) {
        const auto rule = audit::rule_from_id(id);
        if (!rule) return tl::unexpected(fmt::format("unknown rule id '{}'", id));
        auto n = json_unsigned(count);
        if (!n) return tl::unexpected(n.error());
        out[static_cast<std::size_t>(*rule)] = *n;
    }
    return {};
}

// --trf's `pairing` object (jsonl_writer.cpp), or null.
Status set_pairing(std::shared_ptr<const audit::Pairing>& out, const JsonValue& value) {
    out.reset();
    if (value.kind == JsonValue::Kind::Null) return {};
    if (value.kind != JsonValue::Kind::Object)
        return tl::unexpected(std::string("expected a pairing object or null"));
    auto p = std::make_shared<audit::Pairing>();
    const auto field = [&](std::string_view name) -> const JsonValue* {
        return value.find(std::string(name));
    };
    const auto code = [&](std::string_view name, char& to) -> Status {
        const JsonValue* v = field(name);
        if (v == nullptr || v->kind != JsonValue::Kind::String || v->text.size() != 1)
            return tl::unexpected(fmt::format("expected one character as {}", name));
        to = v->text[0];
        return {};
    };
    const JsonValue *round = field("round"), *white = field("white"), *black = field("black"),
                    *white_rank = field("white_rank"), *black_rank = field("black_rank"),
                    *trf_line = field("trf_line"), *matched_by = field("matched_by");
    if (round == nullptr || white == nullptr || black == nullptr || white_rank == nullptr ||
        black_rank == nullptr || trf_line == nullptr)
        return tl::unexpected(std::string("a pairing lacks one of its fields"));
    for (Status ok : {set_int(p->round, *round), set_string(p->white, *white),
                      set_string(p->black, *black), set_int(p->white_rank, *white_rank),
                      set_int(p->black_rank, *black_rank), set_int(p->trf_line, *trf_line),
                      code("white_code", p->white_code), code("black_code", p->black_code)})
        if (!ok) return ok;
    if (matched_by != nullptr && matched_by->kind == JsonValue::Kind::String) {
        if (matched_by->text == "fide-id")
            p->matched_by = audit::MatchedBy::FideId;
        else if (matched_by->text == "name")
            p->matched_by = audit::MatchedBy::Name;
        else
            return tl::unexpected("unknown matched_by " + matched_by->text);
    }
    out = std::move(p);
    return {};
}

// The summary's `pairings` (audit::pairing_count_names).
Status set_pairing_counts(std::optional<audit::PairingCounts>& out, const JsonValue& value) {
    if (value.kind != JsonValue::Kind::Object)
        return tl::unexpected(std::string("expected an object of counts"));
    audit::PairingCounts c;
    const std::array<std::uint64_t*, audit::pairing_count_names.size()> fields = {
        &c.rounds,
        &c.pairings,
        &c.played,
        &c.forfeits,
        &c.byes,
        &c.matched,
        &c.matched_by_name,
        &c.missing_games,
        &c.games_without_pairing,
        &c.unreconciled_games};
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const JsonValue* v = value.find(std::string(audit::pairing_count_names[i]));
        if (v == nullptr) return tl::unexpected("no " + std::string(audit::pairing_count_names[i]));
        if (auto ok = set_int(*fields[i], *v); !ok) return ok;
    }
    out = c;
    return {};
}

// findings_omitted: rule id -> count, and their total.
Status set_omitted(audit::OmittedFindings& out, const JsonValue& value) {
    std::array<std::uint64_t, audit::RuleCount> counts{};
    if (auto set = set_rule_counts(counts, value); !set) return set;
    out = {};
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] > ~std::uint64_t{0} - out.total)
            return tl::unexpected(std::string("the counts add up to more than 2^64 - 1"));
        out.add(static_cast<audit::Rule>(i), counts[i]);
    }
    return {};
}

// An object of names -> counts, each name one of `names` (results, draw reasons).
template <std::size_t N>
Status set_named_counts(std::array<std::uint64_t, N>& out, const JsonValue& value,
                        const std::array<std::string_view, N>& names, std::size_t first,
                        std::string_view what) {
    if (value.kind != JsonValue::Kind::Object)
        return tl::unexpected(fmt::format("expected an object of {}", what));
    out.fill(0);
    for (const auto& [name, count] : value.members) {
        const auto it = std::find(names.begin() + static_cast<std::ptrdiff_t>(first), names.end(),
                                  std::string_view(name));
        if (it == names.end()) return tl::unexpected(fmt::format("unknown {} '{}'", what, name));
        auto n = json_unsigned(count);
        if (!n) return tl::unexpected(n.error());
        out[static_cast<std::size_t>(it - names.begin())] = *n;
    }
    return {};
}
template <typename Enum, std::size_t N>
std::array<std::string_view, N> names_of(std::string_view (*name)(Enum)) {
    std::array<std::string_view, N> names{};
    for (std::size_t i = 0; i < N; ++i) names[i] = name(static_cast<Enum>(i));
    return names;
}
// by_year: {"1990": {"games": N, "draws": M}, "?": {...}}.
Status set_by_year(std::map<int, audit::YearCount>& out, const JsonValue& value) {
    if (value.kind != JsonValue::Kind::Object)
        return tl::unexpected(std::string("expected an object of years"));
    out.clear();
    for (const auto& [key, counts] : value.members) {
        int year = audit::Summary::UnknownYear;
        if (key != "?") {
            const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), year);
            // The audit's years are a date's four digits (draw_reason.cpp's date_year).
            if (ec != std::errc() || end != key.data() + key.size() || year < 0 || year > 9999)
                return tl::unexpected(fmt::format("unknown year '{}'", key));
        }
        const JsonValue* games = counts.find("games");
        const JsonValue* draws = counts.find("draws");
        if (games == nullptr || draws == nullptr)
            return tl::unexpected(fmt::format("year '{}' lacks games or draws", key));
        auto g = json_unsigned(*games);
        if (!g) return tl::unexpected(g.error());
        auto d = json_unsigned(*draws);
        if (!d) return tl::unexpected(d.error());
        out[year] = audit::YearCount{*g, *d};
    }
    return {};
}
// A fingerprint: 16 hex digits.
Status set_fingerprint(std::uint64_t& out, const JsonValue& value) {
    auto text = json_string(value);
    if (!text) return tl::unexpected(text.error());
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), out, 16);
    if (text->size() != 16 || ec != std::errc() || end != text->data() + text->size())
        return tl::unexpected(fmt::format("expected 16 hex digits, got '{}'", *text));
    return {};
}

// A duplicate key: 32 hex digits, its two 64-bit halves in order.
Status set_duplicate_key(std::array<std::uint64_t, 2>& out, const JsonValue& value) {
    auto text = json_string(value);
    if (!text) return tl::unexpected(text.error());
    if (text->size() != 32)
        return tl::unexpected(fmt::format("expected 32 hex digits, got '{}'", *text));
    for (std::size_t half = 0; half < 2; ++half) {
        const char* begin = text->data() + 16 * half;
        const auto [end, ec] = std::from_chars(begin, begin + 16, out[half], 16);
        if (ec != std::errc() || end != begin + 16)
            return tl::unexpected(fmt::format("expected 32 hex digits, got '{}'", *text));
    }
    return {};
}

// A finding record: the finding, and which game it says it belongs to.
struct FindingRecord {
    audit::Finding finding;
    std::string file;
    std::uint64_t game = 0;
};
// A game record: the game, and the number of findings it says it has.
struct GameRecord {
    audit::GameReport* report = nullptr;
    std::uint64_t findings = 0;
    GameTextExtent* text = nullptr;
    bool movetext_result_given = false;  // a part leaves it out when it is the Result tag's
};

template <typename Target>
struct Field {
    std::string_view name;
    Status (*set)(Target&, const JsonValue&);
};

Status ignore_type(auto&, const JsonValue&) {
    return {};
}

// The tables: one row per field a drawaudit record may carry, in the order of record_schema.hpp's
// tables (which the writer writes); the assertions below hold them to those tables.
constexpr Field<FindingRecord> kFindingFields[] = {
    {"type", ignore_type<FindingRecord>},
    {"file", [](FindingRecord& r, const JsonValue& v) { return set_string(r.file, v); }},
    {"game", [](FindingRecord& r, const JsonValue& v) { return set_int(r.game, v); }},
    {"line", [](FindingRecord& r, const JsonValue& v) { return set_int(r.finding.line, v); }},
    {"column",
     [](FindingRecord& r, const JsonValue& v) -> Status {
         r.finding.column = 0;
         return v.kind == JsonValue::Kind::Null ? Status{} : set_int(r.finding.column, v);
     }},
    {"ply", [](FindingRecord& r, const JsonValue& v) { return set_int(r.finding.ply, v); }},
    {"move", [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.move, v); }},
    {"rule",
     [](FindingRecord& r, const JsonValue& v) {
         return set_named<audit::Rule, audit::RuleCount>(r.finding.rule, v, audit::rule_id,
                                                         "rule id");
     }},
    {"route",
     [](FindingRecord& r, const JsonValue& v) {
         return set_named<audit::Route, 3>(r.finding.route, v, audit::route_name, "route");
     }},
    {"side",
     [](FindingRecord& r, const JsonValue& v) {
         return set_named<audit::Side, 3>(r.finding.side, v, audit::side_name, "side");
     }},
    {"article",
     [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.article, v); }},
    {"severity",
     [](FindingRecord& r, const JsonValue& v) {
         return set_named<audit::Severity, 3>(r.finding.severity, v, audit::severity_name,
                                              "severity");
     }},
    {"laws",
     [](FindingRecord& r, const JsonValue& v) {
         return set_named<audit::Laws, 4>(r.finding.laws, v, audit::laws_name, "edition");
     }},
    {"message",
     [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.message, v); }},
    {"fen", [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.fen, v); }},
    {"occurrences",
     [](FindingRecord& r, const JsonValue& v) { return set_int_list(r.finding.occurrences, v); }},
    {"occurrence_count",
     [](FindingRecord& r, const JsonValue& v) {
         return set_optional_int(r.finding.occurrence_count, v);
     }},
    {"moves",
     [](FindingRecord& r, const JsonValue& v) { return set_string_list(r.finding.moves, v); }},
    {"halfmove_clock",
     [](FindingRecord& r, const JsonValue& v) {
         return set_optional_int(r.finding.halfmove_clock, v);
     }},
    {"until_ply",
     [](FindingRecord& r, const JsonValue& v) { return set_optional_int(r.finding.until_ply, v); }},
    {"recorded",
     [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.recorded, v); }},
    {"expected",
     [](FindingRecord& r, const JsonValue& v) { return set_string(r.finding.expected, v); }},
    {"extra_plies", [](FindingRecord& r,
                       const JsonValue& v) { return set_optional_int(r.finding.extra_plies, v); }},
    {"duplicate_of",
     [](FindingRecord& r, const JsonValue& v) -> Status {
         r.finding.duplicate_file.clear();
         r.finding.duplicate_game = 0;
         if (v.kind == JsonValue::Kind::Null) return {};
         const JsonValue* file = v.find("file");
         const JsonValue* game = v.find("game");
         if (v.kind != JsonValue::Kind::Object || file == nullptr || game == nullptr)
             return tl::unexpected(std::string("expected {\"file\": ..., \"game\": ...}"));
         if (auto ok = set_string(r.finding.duplicate_file, *file); !ok) return ok;
         return set_int(r.finding.duplicate_game, *game);
     }},
    {"fingerprint", [](FindingRecord& r,
                       const JsonValue& v) { return set_fingerprint(r.finding.fingerprint, v); }},
    {"trf_line",
     [](FindingRecord& r, const JsonValue& v) { return set_int(r.finding.trf_line, v); }},
    {"pairing",
     [](FindingRecord& r, const JsonValue& v) { return set_pairing(r.finding.pairing, v); }},
    {"occurrence_moves",
     [](FindingRecord& r, const JsonValue& v) {
         return set_string_list(r.finding.occurrence_moves, v);
     }},
    {"offset", [](FindingRecord& r, const JsonValue& v) { return set_int(r.finding.offset, v); }},
    {"column_utf16",
     [](FindingRecord& r, const JsonValue& v) { return set_int(r.finding.column_utf16, v); }},
};

constexpr Field<GameRecord> kGameFields[] = {
    {"type", ignore_type<GameRecord>},
    {"file", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->file, v); }},
    {"game", [](GameRecord& r, const JsonValue& v) { return set_int(r.report->game, v); }},
    {"line", [](GameRecord& r, const JsonValue& v) { return set_int(r.report->line, v); }},
    {"white", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->white, v); }},
    {"black", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->black, v); }},
    {"event", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->event, v); }},
    {"round", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->round, v); }},
    {"date", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->date, v); }},
    {"result", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->result, v); }},
    {"laws",
     [](GameRecord& r, const JsonValue& v) {
         return set_named<audit::Laws, 4>(r.report->laws, v, audit::laws_name, "edition");
     }},
    {"plies", [](GameRecord& r, const JsonValue& v) { return set_int(r.report->plies, v); }},
    {"termination",
     [](GameRecord& r, const JsonValue& v) {
         return set_named<audit::Termination, 6>(r.report->termination, v, audit::termination_name,
                                                 "termination");
     }},
    {"end_ply",
     [](GameRecord& r, const JsonValue& v) { return set_optional_int(r.report->end_ply, v); }},
    {"expected_result",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->expected_result, v); }},
    {"status",
     [](GameRecord& r, const JsonValue& v) -> Status {
         auto text = json_string(v);
         if (!text) return tl::unexpected(text.error());
         if (*text != "ok" && *text != "error")
             return tl::unexpected(fmt::format("unknown status '{}'", *text));
         r.report->error = *text == "error";
         return {};
     }},
    {"findings", [](GameRecord& r, const JsonValue& v) { return set_int(r.findings, v); }},
    {"draw_reason",
     [](GameRecord& r, const JsonValue& v) {
         return set_named<audit::DrawReason, audit::DrawReasonCount>(
             r.report->draw_reason, v, audit::draw_reason_id, "draw reason");
     }},
    {"draw_side",
     [](GameRecord& r, const JsonValue& v) {
         return set_named<audit::Side, 3>(r.report->draw_side, v, audit::side_name, "side");
     }},
    {"final_unwinnable",
     [](GameRecord& r, const JsonValue& v) -> Status {
         auto text = json_string(v);
         if (!text) return tl::unexpected(text.error());
         // The record holds one of the analysis's own names (a view, not a copy).
         for (std::string_view name : {"white", "black", "both"}) {
             if (*text == name) {
                 r.report->final_unwinnable = name;
                 return {};
             }
         }
         if (!text->empty()) return tl::unexpected(fmt::format("unknown sides '{}'", *text));
         r.report->final_unwinnable = {};
         return {};
     }},
    {"findings_omitted",
     [](GameRecord& r, const JsonValue& v) { return set_omitted(r.report->findings_omitted, v); }},
    {"pairing",
     [](GameRecord& r, const JsonValue& v) { return set_pairing(r.report->pairing, v); }},
    {"site", [](GameRecord& r, const JsonValue& v) { return set_string(r.report->site, v); }},
    {"white_elo",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->white_elo, v); }},
    {"black_elo",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->black_elo, v); }},
    {"termination_tag",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->termination_tag, v); }},
    {"movetext_result",
     [](GameRecord& r, const JsonValue& v) {
         r.movetext_result_given = true;
         return set_string(r.report->movetext_result, v);
     }},
    {"offset", [](GameRecord& r, const JsonValue& v) { return set_int(r.report->offset, v); }},
    {"draw_first_check",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->draw_first_check, v); }},
    {"draw_last_check",
     [](GameRecord& r, const JsonValue& v) { return set_string(r.report->draw_last_check, v); }},
    {"identity",
     [](GameRecord& r, const JsonValue& v) { return set_fingerprint(r.report->identity, v); }},
    {"text_bytes",
     [](GameRecord& r, const JsonValue& v) {
         r.text->given = true;
         auto set = set_int(r.text->bytes, v);
         r.report->text_bytes = r.text->bytes;
         return set;
     }},
    {"text_hash",
     [](GameRecord& r, const JsonValue& v) {
         auto set = set_fingerprint(r.text->hash, v);
         r.report->text_hash = r.text->hash;
         return set;
     }},
    {"duplicate_key",
     [](GameRecord& r, const JsonValue& v) {
         return set_duplicate_key(r.report->duplicate_key, v);
     }},
};

constexpr Field<audit::Summary> kSummaryFields[] = {
    {"type", ignore_type<audit::Summary>},
    {"version", ignore_type<audit::Summary>},  // the writer's version: no part of the counts
    {"files", [](audit::Summary& s, const JsonValue& v) { return set_int(s.files, v); }},
    {"games", [](audit::Summary& s, const JsonValue& v) { return set_int(s.games, v); }},
    {"games_with_errors",
     [](audit::Summary& s, const JsonValue& v) { return set_int(s.games_with_errors, v); }},
    {"plies", [](audit::Summary& s, const JsonValue& v) { return set_int(s.plies, v); }},
    {"findings",
     [](audit::Summary& s, const JsonValue& v) { return set_rule_counts(s.findings, v); }},
    {"games_by_rule",
     [](audit::Summary& s, const JsonValue& v) { return set_rule_counts(s.games_by_rule, v); }},
    {"results",
     [](audit::Summary& s, const JsonValue& v) {
         static const auto names = names_of<audit::RecordedResult, audit::RecordedResultCount>(
             audit::recorded_result_name);
         return set_named_counts(s.results, v, names, 0, "result");
     }},
    {"draw_reasons",
     [](audit::Summary& s, const JsonValue& v) {
         static const auto names =
             names_of<audit::DrawReason, audit::DrawReasonCount>(audit::draw_reason_id);
         return set_named_counts(s.draw_reasons, v, names, 1, "draw reason");
     }},
    {"by_year", [](audit::Summary& s, const JsonValue& v) { return set_by_year(s.by_year, v); }},
    {"undetermined_positions",
     [](audit::Summary& s, const JsonValue& v) { return set_int(s.undetermined_positions, v); }},
    {"baselined", [](audit::Summary& s, const JsonValue& v) { return set_int(s.baselined, v); }},
    {"findings_omitted",
     [](audit::Summary& s, const JsonValue& v) { return set_omitted(s.findings_omitted, v); }},
    {"below_min_severity",
     [](audit::Summary& s, const JsonValue& v) { return set_int(s.below_min_severity, v); }},
    {"pairings",
     [](audit::Summary& s, const JsonValue& v) { return set_pairing_counts(s.pairings, v); }},
    {"seconds",
     [](audit::Summary& s, const JsonValue& v) -> Status {
         if (v.kind != JsonValue::Kind::Number)
             return tl::unexpected(std::string("expected a number"));
         const double seconds = std::strtod(v.text.c_str(), nullptr);
         if (!std::isfinite(seconds) || seconds < 0)
             return tl::unexpected("expected a duration of 0 or more seconds, got " + v.text);
         s.seconds = seconds;
         return {};
     }},
    {"io_errors", [](audit::Summary& s, const JsonValue& v) { return set_int(s.io_errors, v); }},
    {"bytes", [](audit::Summary& s, const JsonValue& v) { return set_int(s.bytes, v); }},
};

// The reader reads exactly the fields of the record's table, in its order: a field written and not
// read (or read and never written) does not compile.
template <typename Target, std::size_t Size>
constexpr bool reads_exactly(const Field<Target> (&readers)[Size],
                             std::span<const schema::Field> fields) {
    if (Size != fields.size()) return false;
    for (std::size_t i = 0; i < Size; ++i)
        if (readers[i].name != fields[i].name) return false;
    return true;
}
static_assert(reads_exactly(kFindingFields, schema::finding_fields));
static_assert(reads_exactly(kGameFields, schema::game_fields));
static_assert(reads_exactly(kSummaryFields, schema::summary_fields));

template <typename Target, std::size_t Size>
Status read_fields(const Field<Target> (&table)[Size], const JsonValue& record, Target& target,
                   std::string_view what) {
    for (const auto& member : record.members) {
        // Named, not a structured binding: lambdas capture those only from clang 16 on.
        const std::string& name = member.first;
        const JsonValue& value = member.second;
        const auto* field = std::find_if(std::begin(table), std::end(table),
                                         [&](const Field<Target>& f) { return f.name == name; });
        if (field == std::end(table)) {
            return tl::unexpected(fmt::format(
                "unknown field '{}' in a {} record (a part of another drawaudit version?)", name,
                what));
        }
        if (auto ok = field->set(target, value); !ok) {
            return tl::unexpected(
                fmt::format("field '{}' of a {} record: {}", name, what, ok.error()));
        }
    }
    return {};
}

}  // namespace

const JsonValue* JsonValue::find(std::string_view name) const {
    for (const auto& member : members) {
        if (member.first == name) return &member.second;
    }
    return nullptr;
}

tl::expected<JsonValue, std::string> parse_json(std::string_view text) {
    return Parser(text).document();
}

tl::expected<std::uint64_t, std::string> json_unsigned(const JsonValue& value) {
    if (value.kind != JsonValue::Kind::Number)
        return tl::unexpected(std::string("expected a number"));
    std::uint64_t n = 0;
    const char* end = value.text.data() + value.text.size();
    const auto [ptr, error] = std::from_chars(value.text.data(), end, n);
    if (error != std::errc() || ptr != end)
        return tl::unexpected("expected a count, got " + value.text);
    return n;
}

tl::expected<std::string, std::string> json_string(const JsonValue& value) {
    if (value.kind == JsonValue::Kind::Null) return std::string();
    if (value.kind != JsonValue::Kind::String)
        return tl::unexpected(std::string("expected a string"));
    return value.text;
}

std::string describe(const ReadError& error) {
    if (error.line == 0) return fmt::format("{}: {}", error.file, error.message);
    return fmt::format("{}:{}: {}", error.file, error.line, error.message);
}

tl::expected<std::unique_ptr<JsonlFile>, ReadError> JsonlFile::open(const std::string& path) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        return tl::unexpected(
            ReadError{path, 0, "cannot open: " + std::generic_category().message(errno)});
    }
    return std::unique_ptr<JsonlFile>(new JsonlFile(path, file));
}

JsonlFile::~JsonlFile() {
    std::fclose(file_);
    std::free(buffer_);
}

tl::expected<bool, ReadError> JsonlFile::next_line(std::string_view& line) {
    errno = 0;
    const ssize_t n = ::getline(&buffer_, &capacity_, file_);
    if (n < 0) {
        if (std::ferror(file_))
            return tl::unexpected(
                ReadError{path_, line_, "read: " + std::generic_category().message(errno)});
        return false;
    }
    ++line_;
    std::size_t size = static_cast<std::size_t>(n);
    if (size == 0 || buffer_[size - 1] != '\n') {
        return tl::unexpected(error("the line does not end (a truncated part?)"));
    }
    line = std::string_view(buffer_, size - 1);
    return true;
}

tl::expected<bool, ReadError> JsonlFile::next(JsonValue& record) {
    std::string_view line;
    auto got = next_line(line);
    if (!got || !*got) return got;
    auto parsed = parse_json(line);
    if (!parsed) return tl::unexpected(error(parsed.error()));
    if (parsed->kind != JsonValue::Kind::Object) return tl::unexpected(error("not a JSON object"));
    record = std::move(*parsed);
    return true;
}

std::string_view record_type(const JsonValue& record) {
    const JsonValue* type = record.find("type");
    if (type == nullptr || type->kind != JsonValue::Kind::String) return {};
    return type->text;
}

tl::expected<void, std::string> read_summary(const JsonValue& record, audit::Summary& summary) {
    summary = audit::Summary{};
    return read_fields(kSummaryFields, record, summary, "summary");
}

tl::expected<bool, ReadError> GameRecordReader::next(audit::GameReport& report) {
    report.clear();
    report.findings.clear();
    std::string first_file;
    std::uint64_t first_game = 0;
    for (;;) {
        auto got = file_.next(record_);
        if (!got) return tl::unexpected(got.error());
        if (!*got) return tl::unexpected(file_.error("the report ends before its summary record"));
        const std::string_view type = record_type(record_);
        if (type == "finding") {
            FindingRecord finding;
            if (auto ok = read_fields(kFindingFields, record_, finding, "finding"); !ok)
                return tl::unexpected(file_.error(ok.error()));
            // Left out of a part when it equals the column (the line is ASCII to there).
            if (finding.finding.column_utf16 == 0)
                finding.finding.column_utf16 = finding.finding.column;
            if (report.findings.empty()) {
                first_file = finding.file;
                first_game = finding.game;
            } else if (finding.file != first_file || finding.game != first_game) {
                return tl::unexpected(
                    file_.error("a finding of another game before a game record"));
            }
            report.findings.push_back(std::move(finding.finding));
            continue;
        }
        if (type == "game") {
            text_ = GameTextExtent{};
            GameRecord game{&report, 0, &text_};
            if (auto ok = read_fields(kGameFields, record_, game, "game"); !ok)
                return tl::unexpected(file_.error(ok.error()));
            if (!game.movetext_result_given) report.movetext_result = report.result;
            if (game.findings != report.findings.size()) {
                return tl::unexpected(
                    file_.error(fmt::format("the game record counts {} findings, {} precede it",
                                            game.findings, report.findings.size())));
            }
            if (!report.findings.empty() &&
                (first_file != report.file || first_game != report.game)) {
                return tl::unexpected(
                    file_.error("findings of another game before this game record"));
            }
            return true;
        }
        if (!report.findings.empty())
            return tl::unexpected(file_.error("findings without their game record"));
        other_ = std::move(record_);
        return false;
    }
}

}  // namespace drawaudit::report
