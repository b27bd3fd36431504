#include "live/round.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "pgn/reader.hpp"

namespace drawaudit::live {

namespace {

using audit::Rule;

// The game's one record, from the auditor.
struct OneGameSink final : audit::GameSink {
    std::optional<audit::GameReport> report;
    void game(audit::GameReport&& r) override {
        if (!report) report = std::move(r);
    }
};

bool finished_result(std::string_view result) {
    return result == "1-0" || result == "0-1" || result == "1/2-1/2";
}

// A field of a FEN (0-based), "" if it has fewer.
std::string_view fen_field(std::string_view fen, int index) {
    std::size_t i = 0;
    for (int field = 0;; ++field) {
        while (i < fen.size() && fen[i] == ' ') ++i;
        const std::size_t start = i;
        while (i < fen.size() && fen[i] != ' ') ++i;
        if (start == i) return {};
        if (field == index) return fen.substr(start, i - start);
    }
}

// The game's last move in move-number notation ("36... Rd8"), counted from its FEN's side and
// move number where it has one.
std::string last_move_text(const GameText& game) {
    if (game.move_tokens == 0) return {};
    std::uint64_t first_number = 1;
    bool black_first = false;
    if (!game.fen.empty()) {
        black_first = fen_field(game.fen, 1) == "b";
        const std::string_view number = fen_field(game.fen, 5);
        std::uint64_t n = 0;
        if (std::from_chars(number.data(), number.data() + number.size(), n).ec == std::errc{} &&
            n > 0)
            first_number = n;
    }
    const std::uint64_t half = game.move_tokens - 1 + (black_first ? 1 : 0);  // 0: White's first
    const std::uint64_t number = first_number + half / 2;
    return half % 2 == 0 ? fmt::format("{}. {}", number, game.last_san)
                         : fmt::format("{}... {}", number, game.last_san);
}

// RULES.md's alerts (checkmate and stalemate only without a result: is_alert).
constexpr std::array<std::string_view, 12> kAlertRules = {"fivefold-draw",
                                                          "seventy-five-move-draw",
                                                          "dead-position",
                                                          "moves-after-end",
                                                          "illegal-move",
                                                          "null-move",
                                                          "parse-error",
                                                          "bad-fen",
                                                          "broadcast-result-signal",
                                                          "result-conflict",
                                                          "result-mismatch",
                                                          "duplicate-conflict"};

}  // namespace

std::string_view event_kind_name(EventKind kind) {
    switch (kind) {
        case EventKind::Alert:
            return "alert";
        case EventKind::Notice:
            return "notice";
        case EventKind::Withdrawn:
            return "withdrawn";
    }
    return "notice";
}

bool in_progress(std::string_view result_tag) {
    return result_tag.empty() || result_tag == "*";
}

bool is_alert(std::string_view rule, std::string_view result_tag) {
    // Checkmate and stalemate end the game: the arbiter acts where the record has no result yet.
    if (rule == "checkmate" || rule == "stalemate") return in_progress(result_tag);
    return std::find(kAlertRules.begin(), kAlertRules.end(), rule) != kAlertRules.end();
}

std::string_view Event::rule() const {
    switch (subject) {
        case EventSubject::GameFinished:
            return kGameFinished;
        case EventSubject::FileUnreadable:
            return kFileUnreadable;
        case EventSubject::Finding:
            break;
    }
    return finding ? audit::rule_id(finding->rule) : std::string_view{};
}

std::shared_ptr<const WatchedGame> Round::audit_game(const GameText& text) const {
    OneGameSink sink;
    audit::GameAuditor auditor(options_.audit, sink);
    pgn::TextOrigin origin{
        text.start.file, text.start.game,
        pgn::TextStart{text.start.line, text.start.pos.column, text.start.pos.offset}};
    pgn::parse_games(text.text, origin, auditor);
    auto game = std::make_shared<WatchedGame>();
    if (sink.report) game->report = std::move(*sink.report);
    game->report.file = std::string(text.start.file);
    game->report.game = text.start.game;
    game->tags = text.tags;
    game->where = round_and_board(text.tags);
    game->last_move = last_move_text(text);
    return game;
}

void Round::refresh(GameState& state, const GameText& text, bool last_in_file,
                    std::vector<Event>& due) {
    const WatchedGame& game = *state.game;
    const std::string& result = game.tags.result;
    // In the audit's order (ply by ply), each key once.
    struct Found {
        EventKey key;
        Event event;
        bool may_be_cut = false;
    };
    std::vector<Found> found;
    const auto has = [&found](const EventKey& key) {
        return std::any_of(found.begin(), found.end(),
                           [&key](const Found& f) { return f.key == key; });
    };
    for (const audit::Finding& f : game.report.findings) {
        EventKey key{std::string(audit::rule_id(f.rule)), f.route, f.ply, {}};
        if (has(key)) continue;
        Event event{is_alert(key.rule, result) ? EventKind::Alert : EventKind::Notice,
                    EventSubject::Finding,
                    game.report.file,
                    state.game,
                    f,
                    {}};
        // RULES.md: an unreadable or illegal last token of a game in progress may be a move cut
        // in half; so may the last token of the last game of a file being rewritten.
        const bool last_token = f.rule == Rule::ParseError ||
                                (f.rule == Rule::IllegalMove && f.offset >= text.last_move_offset);
        const bool may_be_cut = last_token && (in_progress(result) || last_in_file);
        found.push_back(Found{std::move(key), std::move(event), may_be_cut});
    }
    if (finished_result(result)) {
        Event event{EventKind::Notice, EventSubject::GameFinished,
                    game.report.file,  state.game,
                    std::nullopt,      {}};
        found.push_back(Found{EventKey{std::string(kGameFinished), audit::Route::None, 0, result},
                              std::move(event), false});
    }
    // What held and holds no more: withdrawn once the file settles, unless it comes back.
    for (auto it = state.held.begin(); it != state.held.end();) {
        if (has(it->first)) {
            ++it;
            continue;
        }
        if (it->second.state == HeldState::Waiting) {
            it = state.held.erase(it);
            continue;
        }
        it->second.state = HeldState::Withdrawing;
        ++it;
    }
    for (auto& [key, event, may_be_cut] : found) {
        auto it = state.held.find(key);
        if (it == state.held.end()) {
            Held held{may_be_cut ? HeldState::Waiting : HeldState::Reported, event};
            if (!may_be_cut) due.push_back(std::move(event));
            state.held.emplace(key, std::move(held));
            continue;
        }
        if (it->second.state == HeldState::Withdrawing) it->second.state = HeldState::Reported;
        it->second.event = std::move(event);  // the game as it now stands
    }
}

std::vector<Event> Round::update(const std::string& file, std::string_view text,
                                 Clock::time_point now) {
    std::vector<Event> due;
    FileState& fs = files_[file];
    if (!fs.unreadable.empty()) {
        fs.unreadable.clear();
        fs.changed = now;
        if (fs.unreadable_event && fs.unreadable_event->state == HeldState::Waiting)
            fs.unreadable_event.reset();
        else if (fs.unreadable_event)
            fs.unreadable_event->state = HeldState::Withdrawing;
    }
    const std::size_t hash = std::hash<std::string_view>{}(text);
    if (fs.read_once && hash == fs.text_hash && text.size() == fs.text_size) {
        settle(fs, now, due);
        count_and_order(due);
        return due;
    }
    fs.read_once = true;
    fs.text_hash = hash;
    fs.text_size = text.size();
    fs.changed = now;
    const std::vector<GameText> games = split_games(text, file);
    std::set<std::string> seen;
    for (std::size_t i = 0; i < games.size(); ++i) {
        const GameText& game = games[i];
        seen.insert(game.key);
        GameState& state = fs.games[game.key];
        // A game back after a read without it is judged again: its withdrawals are cancelled.
        const bool changed = !state.game || !state.present || state.text != game.text ||
                             state.place != game.start.game;
        state.present = true;
        if (!changed) continue;
        state.text.assign(game.text);
        state.place = game.start.game;
        state.game = audit_game(game);
        refresh(state, game, i + 1 == games.size(), due);
    }
    for (auto& [key, state] : fs.games) {
        if (seen.contains(key)) continue;
        state.present = false;
        for (auto it = state.held.begin(); it != state.held.end();) {
            if (it->second.state == HeldState::Waiting) {
                it = state.held.erase(it);
            } else {
                it->second.state = HeldState::Withdrawing;
                ++it;
            }
        }
    }
    settle(fs, now, due);
    count_and_order(due);
    return due;
}

std::vector<Event> Round::unreadable(const std::string& file, std::string_view reason,
                                     Clock::time_point now) {
    std::vector<Event> due;
    FileState& fs = files_[file];
    if (fs.unreadable.empty()) {
        fs.unreadable = reason.empty() ? std::string("cannot be read") : std::string(reason);
        fs.changed = now;
        if (fs.unreadable_event && fs.unreadable_event->state == HeldState::Withdrawing) {
            fs.unreadable_event->state = HeldState::Reported;
        } else if (!fs.unreadable_event) {
            fs.unreadable_event =
                Held{HeldState::Waiting, Event{EventKind::Notice, EventSubject::FileUnreadable,
                                               file, nullptr, std::nullopt, fs.unreadable}};
        }
    }
    settle(fs, now, due);
    count_and_order(due);
    return due;
}

void Round::settle(FileState& fs, Clock::time_point now, std::vector<Event>& due) {
    if (now - fs.changed < options_.settle) return;
    const auto settle_one = [&due](Held& held) {
        if (held.state == HeldState::Waiting) {
            held.state = HeldState::Reported;
            due.push_back(held.event);
            return false;
        }
        if (held.state == HeldState::Withdrawing) {
            Event withdrawn = held.event;
            withdrawn.kind = EventKind::Withdrawn;
            due.push_back(std::move(withdrawn));
            return true;  // gone
        }
        return false;
    };
    if (fs.unreadable_event && settle_one(*fs.unreadable_event)) fs.unreadable_event.reset();
    // Games in their order in the file, so that the events come out in it.
    std::vector<std::pair<std::uint64_t, GameState*>> ordered;
    for (auto& [key, state] : fs.games) ordered.emplace_back(state.place, &state);
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& [place, state] : ordered)
        for (auto it = state->held.begin(); it != state->held.end();)
            it = settle_one(it->second) ? state->held.erase(it) : std::next(it);
    std::erase_if(fs.games, [](const auto& entry) {
        return !entry.second.present && entry.second.held.empty();
    });
}

std::vector<Event> Round::tick(Clock::time_point now) {
    std::vector<Event> due;
    for (auto& [name, fs] : files_) settle(fs, now, due);
    count_and_order(due);
    return due;
}

std::optional<Clock::time_point> Round::next_deadline() const {
    std::optional<Clock::time_point> next;
    for (const auto& [name, fs] : files_) {
        bool waits = fs.unreadable_event && fs.unreadable_event->state != HeldState::Reported;
        for (const auto& [key, state] : fs.games)
            for (const auto& [event_key, held] : state.held)
                waits = waits || held.state != HeldState::Reported;
        if (waits && (!next || fs.changed + options_.settle < *next))
            next = fs.changed + options_.settle;
    }
    return next;
}

void Round::count_and_order(std::vector<Event>& events) {
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return static_cast<int>(a.kind) < static_cast<int>(b.kind);
    });
    for (const Event& e : events) {
        switch (e.kind) {
            case EventKind::Alert:
                ++counts_.alerts;
                break;
            case EventKind::Notice:
                ++counts_.notices;
                break;
            case EventKind::Withdrawn:
                ++counts_.withdrawn;
                break;
        }
    }
    counts_.games = 0;
    for (const auto& [name, fs] : files_)
        for (const auto& [key, state] : fs.games) counts_.games += state.present ? 1 : 0;
}

std::vector<std::shared_ptr<const WatchedGame>> Round::games() const {
    std::vector<std::shared_ptr<const WatchedGame>> out;
    for (const auto& [name, fs] : files_) {
        const std::size_t first = out.size();
        for (const auto& [key, state] : fs.games)
            if (state.present && state.game) out.push_back(state.game);
        std::stable_sort(
            out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
            [](const auto& a, const auto& b) { return a->report.game < b->report.game; });
    }
    return out;
}

std::vector<Event> Round::holding(const WatchedGame& game) const {
    std::vector<Event> out;
    for (const auto& [name, fs] : files_)
        for (const auto& [key, state] : fs.games) {
            if (state.game.get() != &game) continue;
            for (const auto& [event_key, held] : state.held)
                if (held.state == HeldState::Reported) out.push_back(held.event);
        }
    std::stable_sort(out.begin(), out.end(), [](const Event& a, const Event& b) {
        return static_cast<int>(a.kind) < static_cast<int>(b.kind);
    });
    return out;
}

}  // namespace drawaudit::live
