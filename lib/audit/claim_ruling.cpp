// RULES.md "A claim ruled at the board": the ruling of 9.2, 9.3 and 9.5 on one claim, from the
// audit's own history and findings of the game.
#include "audit/claim_ruling.hpp"

#include <algorithm>
#include <charconv>
#include <utility>

#include "audit/wording.hpp"
#include "chess/san.hpp"

namespace drawaudit::audit {

using chess::Color;
using chess::Move;
using chess::Position;

namespace {
// Every claim finding listed: the earlier chances a ruling names must not be cut at the limit.
AuditOptions listing_every_finding(AuditOptions options) {
    options.max_findings_per_rule = ~std::uint64_t{0};
    return options;
}
}  // namespace

AuditedGame::AuditedGame(const AuditOptions& options)
    : auditor_(listing_every_finding(options), *this) {}

void AuditedGame::audit(std::string_view text, const pgn::TextOrigin& origin) {
    report_ = GameReport{};
    pgn::parse_games(text, origin, auditor_);
}

std::string_view claim_verdict_name(ClaimVerdict v) {
    switch (v) {
        case ClaimVerdict::Correct:
            return "correct";
        case ClaimVerdict::Incorrect:
            return "incorrect";
        case ClaimVerdict::GameOver:
            return "game-over";
    }
    return "";
}

std::string_view play_kind_name(PlayKind kind) {
    switch (kind) {
        case PlayKind::Standard:
            return "standard";
        case PlayKind::Rapid:
            return "rapid";
        case PlayKind::Blitz:
            return "blitz";
    }
    return "";
}

std::optional<PlayKind> play_kind_from_name(std::string_view name) {
    for (PlayKind kind : {PlayKind::Standard, PlayKind::Rapid, PlayKind::Blitz}) {
        if (play_kind_name(kind) == name) return kind;
    }
    return std::nullopt;
}

namespace {
std::optional<long long> read_number(std::string_view text) {
    long long value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}
}  // namespace

std::optional<PlayKind> play_kind_of_time_control(std::string_view tag) {
    // The first period only: "40/7200:3600" is played at the pace of its first 40 moves.
    std::string_view period = tag.substr(0, tag.find(':'));
    std::optional<long long> seconds;
    if (!period.empty() && period.front() == '*') {
        seconds = read_number(period.substr(1));  // a sandclock: its whole time
    } else if (const auto slash = period.find('/'); slash != std::string_view::npos) {
        if (!read_number(period.substr(0, slash))) return std::nullopt;
        seconds = read_number(period.substr(slash + 1));  // moves/seconds: counts its seconds
    } else {
        const auto plus = period.find('+');
        seconds = read_number(period.substr(0, plus));
        if (seconds && plus != std::string_view::npos) {
            const std::optional<long long> increment = read_number(period.substr(plus + 1));
            if (!increment) return std::nullopt;
            *seconds += 60 * *increment;  // A.1, B.1: the base plus 60 times the increment
        }
    }
    if (!seconds) return std::nullopt;
    if (*seconds <= 10 * 60) return PlayKind::Blitz;
    if (*seconds < 60 * 60) return PlayKind::Rapid;
    return PlayKind::Standard;
}

int incorrect_claim_seconds(Laws laws, PlayKind kind) {
    switch (laws) {
        case Laws::Laws1997:
            return 180;  // 9.5 b: three minutes
        case Laws::Laws2014:
        case Laws::Laws2017:
            return 120;  // two minutes in every kind of play
        case Laws::Laws2023:
            return kind == PlayKind::Standard ? 120 : 60;  // A.3 (and B.3): one minute
    }
    return 120;
}

std::string_view incorrect_claim_article(Laws laws, PlayKind kind) {
    switch (laws) {
        case Laws::Laws1997:
        case Laws::Laws2014:
            return "9.5 b";
        case Laws::Laws2017:
            return "9.5.3";
        case Laws::Laws2023:
            return kind == PlayKind::Standard ? "9.5.3" : kind == PlayKind::Rapid ? "A.3" : "B.3";
    }
    return "9.5.3";
}

std::string_view look_alike_kind_name(LookAlikeKind kind) {
    switch (kind) {
        case LookAlikeKind::CastlingRight:
            return "castling-right";
        case LookAlikeKind::EnPassantThen:
            return "en-passant-then";
        case LookAlikeKind::EnPassantNow:
            return "en-passant-now";
    }
    return "";
}

std::string_view claim_note_id(ClaimNote note) {
    switch (note) {
        case ClaimNote::WrittenMoveIllegal:
            return "written-move-illegal";
        case ClaimNote::WrittenMoveMates:
            return "written-move-mates";
        case ClaimNote::EndedEarlier:
            return "ended-earlier";
        case ClaimNote::TimeControlUnknown:
            return "time-control-unknown";
        case ClaimNote::ClaimAvailableEarlier:
            return "claim-available-earlier";
    }
    return "";
}

std::uint64_t line_of_ply(const AuditedGame& game, int k) {
    const History& history = game.history();
    if (!history.started()) return game.report().line;
    const pgn::GameStart start{{}, 0, history.where(0), game.report().line};
    return pgn::whole_line(start, history.where(std::clamp(k, 0, history.last())));
}

namespace {

ClaimError error_of(ClaimErrorKind kind, std::string given, std::uint64_t line) {
    ClaimError error;
    error.kind = kind;
    error.given = std::move(given);
    error.line = line;
    return error;
}

ClaimNoteEntry note_of(ClaimNote note) {
    ClaimNoteEntry entry;
    entry.note = note;
    return entry;
}

ClaimPosition position_of(const History& history, int k) {
    return ClaimPosition{k, history.move_text(k), history.position(k).to_fen()};
}

bool same_pieces(const Position& a, const Position& b) {
    if (a.side_to_move() != b.side_to_move() || a.occupied() != b.occupied() ||
        a.pieces(Color::White) != b.pieces(Color::White))
        return false;
    for (int t = 0; t < 6; ++t) {
        const auto type = static_cast<chess::PieceType>(t);
        if (a.pieces(type) != b.pieces(type)) return false;
    }
    return true;
}

// The legal en-passant capture of the side to move, or null.
Move en_passant_capture(const Position& position) {
    if (!position.has_legal_en_passant()) return Move{};
    chess::MoveList moves;
    position.generate_legal(moves);
    for (Move m : moves) {
        if (m.kind() == chess::MoveKind::EnPassant) return m;
    }
    return Move{};
}

// Why `then`, with the pieces of `now` on the same squares and the same side to move, is not the
// same position (9.2.2.1, 9.2.2.2).
std::vector<LookAlikeDifference> differences(const Position& then, const Position& now) {
    std::vector<LookAlikeDifference> out;
    for (Color c : {Color::White, Color::Black}) {
        for (Wing wing : {Wing::King, Wing::Queen}) {
            const auto ci = static_cast<std::size_t>(chess::index_of(c));
            const auto wi = static_cast<std::size_t>(wing);
            const bool had = then.castling_rights().rook[ci][wi] != chess::NoSquare;
            const bool has = now.castling_rights().rook[ci][wi] != chess::NoSquare;
            if (had != has) out.push_back({LookAlikeKind::CastlingRight, side_of(c), wing, {}});
        }
    }
    const Move then_capture = en_passant_capture(then);
    const Move now_capture = en_passant_capture(now);
    if (then_capture != now_capture) {
        const Side mover = side_of(now.side_to_move());
        if (!then_capture.is_null())
            out.push_back({LookAlikeKind::EnPassantThen, mover, Wing::King,
                           chess::to_san(then, then_capture)});
        if (!now_capture.is_null())
            out.push_back(
                {LookAlikeKind::EnPassantNow, mover, Wing::King, chess::to_san(now, now_capture)});
    }
    return out;
}

// The occurrences among positions 0..k of `target` (9.2.2), and the look-alikes among them.
void occurrences_of(const History& history, int k, const Position& target, ThreefoldRuling& out) {
    for (int j = 0; j <= k; ++j) {
        const Position& p = history.position(j);
        if (p.key() == target.key() && p.same_position(target)) {
            out.occurrences.push_back(position_of(history, j));
        } else if (same_pieces(p, target)) {
            out.look_alikes.push_back({position_of(history, j), differences(p, target)});
        }
    }
}

// The latest finding of `rule` for `side` before position k: a claim of the same ground the
// claimant could have made earlier.
const Finding* latest_earlier_claim(const GameReport& report, Rule rule, Side side, int k) {
    const Finding* latest = nullptr;
    for (const Finding& f : report.findings) {
        if (f.rule == rule && f.side == side && f.ply < k) latest = &f;
    }
    return latest;
}

// "Nbd7+" -> "Nd7": a piece move's SAN without its disambiguation and signs, which two readings
// of an ambiguous written move share.
std::string bare_san(std::string_view san) {
    while (!san.empty() &&
           (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?'))
        san.remove_suffix(1);
    if (san.size() < 3 || std::string_view("KQRBN").find(san.front()) == std::string_view::npos)
        return std::string(san);
    std::string out(1, san.front());
    if (san.find('x') != std::string_view::npos) out += 'x';
    out.append(san.substr(san.size() - 2));
    return out;
}

std::vector<std::string> ambiguous_candidates(const Position& position, std::string_view written) {
    std::vector<std::string> out;
    chess::MoveList moves;
    position.generate_legal(moves);
    const std::string wanted = bare_san(written);
    for (Move m : moves) {
        std::string san = chess::to_san(position, m);
        if (bare_san(san) == wanted) out.push_back(std::move(san));
    }
    return out;
}

}  // namespace

tl::expected<ClaimRuling, ClaimError> rule_claim(const AuditedGame& game,
                                                 const ClaimRequest& request) {
    const History& history = game.history();
    const GameReport& report = game.report();
    const int k = request.ply;
    if (!history.started() || k < 0 || k > history.last()) {
        ClaimError error = error_of(ClaimErrorKind::PlyOutOfRecord, std::to_string(k),
                                    line_of_ply(game, history.last()));
        error.last_ply = history.started() ? history.last() : -1;
        return tl::unexpected(std::move(error));
    }
    const Position& position = history.position(k);
    ClaimRuling ruling;
    ruling.laws = report.laws;
    ruling.claimed = position_of(history, k);
    ruling.claimant = side_of(position.side_to_move());

    // The written move (9.2.1.1, 9.3.1): unchangeable once written, so an illegal one is
    // ruled on as written.
    std::optional<Position> after;
    Move written{};
    if (request.written_move) {
        auto parsed = chess::parse_san(position, *request.written_move);
        if (!parsed) {
            if (parsed.error().kind == chess::SanErrorKind::Syntax) {
                ClaimError error = error_of(ClaimErrorKind::MoveUnreadable, *request.written_move,
                                            line_of_ply(game, k));
                error.refusal = std::move(parsed.error());
                return tl::unexpected(std::move(error));
            }
            if (parsed.error().kind == chess::SanErrorKind::Ambiguous) {
                ClaimError error = error_of(ClaimErrorKind::MoveAmbiguous, *request.written_move,
                                            line_of_ply(game, k));
                error.candidates = ambiguous_candidates(position, *request.written_move);
                return tl::unexpected(std::move(error));
            }
            ruling.written_move = *request.written_move;
            ruling.notes.push_back(note_of(ClaimNote::WrittenMoveIllegal));
        } else {
            written = *parsed;
            ruling.written_move = chess::to_san(position, written);
            ruling.written_move_legal = true;
            ruling.written_move_quiet = quiet_for_fifty(position, written);
            after = position;
            after->make_move(written);
            ClaimPosition shown{k + 1, history.next_move_text(k, written), after->to_fen()};
            ruling.after_written_move = std::move(shown);
            if (after->is_checkmate()) ruling.notes.push_back(note_of(ClaimNote::WrittenMoveMates));
        }
    }
    const bool illegal_written = request.written_move && !ruling.written_move_legal;

    // 9.6 and the other automatic endings: the game had ended at e <= k.
    if (report.end_ply && *report.end_ply <= k) {
        ruling.ended = ClaimEnding{report.termination, position_of(history, *report.end_ply)};
        ruling.notes.push_back(note_of(ClaimNote::EndedEarlier));
    }

    // Threefold (9.2.1.2 on the board; 9.2.1.1 with the written move).
    ThreefoldRuling& threefold = ruling.threefold;
    const bool appeared = threefold_appeared_holds(history.occurrence(k));
    ThreefoldRuling after_move;
    bool declared = false;
    if (after) {
        occurrences_of(history, k, *after, after_move);
        declared = threefold_declared_holds(static_cast<int>(after_move.occurrences.size()));
    }
    if (after && !appeared) {
        threefold.occurrences = std::move(after_move.occurrences);
        threefold.look_alikes = std::move(after_move.look_alikes);
        threefold.about_written_move = true;
    } else {
        occurrences_of(history, k, position, threefold);
    }
    threefold.route = illegal_written ? Route::None
                      : appeared      ? Route::Appeared
                      : declared      ? Route::Declared
                                      : Route::None;

    // Fifty moves (9.3.2 on the board; 9.3.1 with the written move).
    FiftyRuling& fifty = ruling.fifty;
    fifty.halfmove_clock = position.halfmove_clock();
    const int reset = k - fifty.halfmove_clock;
    fifty.reset = reset > 0 ? position_of(history, reset) : position_of(history, 0);
    const bool fifty_appeared = fifty_appeared_holds(fifty.halfmove_clock);
    const bool fifty_declared =
        after && fifty_declared_holds(fifty.halfmove_clock, quiet_for_fifty(position, written));
    fifty.route = illegal_written  ? Route::None
                  : fifty_appeared ? Route::Appeared
                  : fifty_declared ? Route::Declared
                                   : Route::None;

    if (ruling.ended) {
        threefold.verdict = fifty.verdict = ruling.verdict = ClaimVerdict::GameOver;
    } else {
        threefold.verdict =
            threefold.route == Route::None ? ClaimVerdict::Incorrect : ClaimVerdict::Correct;
        fifty.verdict =
            fifty.route == Route::None ? ClaimVerdict::Incorrect : ClaimVerdict::Correct;
        const bool correct =
            threefold.verdict == ClaimVerdict::Correct || fifty.verdict == ClaimVerdict::Correct;
        ruling.verdict = correct ? ClaimVerdict::Correct : ClaimVerdict::Incorrect;
    }

    // What follows (9.5.3): the time an incorrect claim adds to the opponent's clock.
    std::optional<PlayKind> kind = request.play_kind;
    if (!kind) kind = play_kind_of_time_control(request.time_control_tag);
    if (!kind) ruling.notes.push_back(note_of(ClaimNote::TimeControlUnknown));
    ruling.play_kind = kind.value_or(PlayKind::Standard);
    if (ruling.verdict == ClaimVerdict::Incorrect)
        ruling.time_added_seconds = incorrect_claim_seconds(ruling.laws, ruling.play_kind);

    // The right to claim is per move: an earlier chance of the same player is only information.
    if (!ruling.ended) {
        for (Rule ground : {Rule::ThreefoldClaim, Rule::FiftyMoveClaim}) {
            const Finding* f = latest_earlier_claim(report, ground, ruling.claimant, k);
            if (f == nullptr) continue;
            ClaimNoteEntry& entry =
                ruling.notes.emplace_back(note_of(ClaimNote::ClaimAvailableEarlier));
            entry.ground = ground;
            entry.at = position_of(history, f->ply);
        }
    }
    return ruling;
}

namespace {
std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}
}  // namespace

tl::expected<int, ClaimError> recorded_move_ply(const AuditedGame& game, std::string_view at) {
    const History& history = game.history();
    const std::string_view text = trimmed(at);
    ClaimError error =
        error_of(ClaimErrorKind::AtUnreadable, std::string(text), game.report().line);
    if (text == "start") return 0;
    // "40... Rd8", "40...Rd8", "41. Kc2", "41.Kc2".
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
    std::size_t dots = digits;
    while (dots < text.size() && text[dots] == '.') ++dots;
    const std::size_t dot_count = dots - digits;
    const std::optional<long long> number = read_number(text.substr(0, digits));
    const std::string_view san = trimmed(text.substr(dots));
    if (!number || (dot_count != 1 && dot_count != 3) || san.empty() || !history.started())
        return tl::unexpected(std::move(error));
    const bool black = dot_count == 3;

    // The position the move is played from: its number and side fix it (k - 1).
    const Position& first = history.position(0);
    const long long from = 2 * (*number - first.fullmove_number()) + (black ? 1 : 0) -
                           (first.side_to_move() == Color::Black ? 1 : 0);
    error.kind = ClaimErrorKind::AtMoveNotRecorded;
    error.last_ply = history.last();
    if (from < 0 || from >= history.last()) {
        error.line = line_of_ply(game, history.last());
        return tl::unexpected(std::move(error));
    }
    const int k = static_cast<int>(from) + 1;
    error.recorded = history.move_text(k);
    error.line = line_of_ply(game, k);
    const auto parsed = chess::parse_san(history.position(k - 1), san);
    if (!parsed || *parsed != history.move(k)) return tl::unexpected(std::move(error));
    return k;
}

}  // namespace drawaudit::audit
