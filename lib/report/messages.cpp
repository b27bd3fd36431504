// The catalog's texts (English and Spanish) and the Spanish rendering of the findings. The
// Spanish follows the terms of the Spanish text of the FIDE Laws (tablas, triple repetición,
// regla de los 50 movimientos, posición muerta, ahogado, jaque mate, reclamar), worded here.
#include "report/messages.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <vector>

#include "audit/wording.hpp"
#include "report/notation.hpp"

namespace drawaudit::report {
namespace {

using audit::Finding;
using audit::GameReport;
using audit::Rule;

struct Entry {
    Msg key;
    std::string_view en, es;
};

// In the order of Msg (checked below), so that text() is one index.
constexpr std::array<Entry, MsgCount> catalog{{
    {Msg::GameLabel, "game {}", "partida {}"},
    {Msg::RoundLabel, "round {}", "ronda {}"},
    {Msg::NoResult, "(no result)", "(sin resultado)"},
    {Msg::StartLabel, "start", "inicio"},
    {Msg::ErrorTag, "[error] ", "[error] "},
    {Msg::WarningTag, "[warning] ", "[aviso] "},
    {Msg::EarlierList, " (earlier: {})", " (antes: {})"},
    {Msg::StartPosition, "the start position", "la posición inicial"},
    {Msg::AfterMove, "after {}", "tras {}"},
    {Msg::AndMore, ", and {} more", ", y {} más"},
    {Msg::AtTheStart, "at the start", "al inicio"},
    {Msg::Or, ", or ", " o "},
    {Msg::LawsBefore2014, "Laws before 2014-07-01", "Leyes anteriores al 2014-07-01"},
    {Msg::Laws2014, "Laws of 2014-07-01", "Leyes del 2014-07-01"},
    {Msg::Laws2017, "Laws of 2017-07-01", "Leyes del 2017-07-01"},
    {Msg::Laws2023, "Laws of 2023-01-01", "Leyes del 2023-01-01"},
    {Msg::VerdictPrefix, "Result {}: ", "Resultado {}: "},
    {Msg::VerdictMissing, "missing", "no anotado"},
    {Msg::VerdictNotJudged, "not judged (the game could not be audited to its end).",
     "sin juzgar (la partida no se pudo auditar hasta el final)."},
    {Msg::VerdictMismatch, "does not match the movetext's termination marker",
     "no coincide con el marcador de final del texto de las jugadas"},
    {Msg::VerdictMarker, " ({})", " ({})"},
    {Msg::VerdictConflict, "NOT consistent with the rules", "NO concuerda con las reglas"},
    {Msg::VerdictRulesGive, " (the rules give {})", " (las reglas dan {})"},
    {Msg::VerdictEarly, "questionable (a draw agreed too early, see above).",
     "dudoso (tablas acordadas demasiado pronto, véase arriba)."},
    {Msg::VerdictConsistentGives, "consistent (the rules give {}", "concuerda (las reglas dan {}"},
    {Msg::VerdictBy, " by {}", " por {}"},
    {Msg::VerdictClose, ").", ")."},
    {Msg::VerdictClaimAtEnd, "consistent (a claim was available at the end of the record).",
     "concuerda (al final del registro se podían reclamar tablas)."},
    {Msg::VerdictAgreed,
     "consistent (a draw by agreement; no claim was available at the end of the record).",
     "concuerda (tablas de mutuo acuerdo; al final del registro no se podían reclamar)."},
    {Msg::VerdictNoResult, "no result recorded (the rules give none of their own).",
     "sin resultado anotado (las reglas no dan ninguno por sí mismas)."},
    {Msg::VerdictNoOwnResult, "consistent (the rules give no result of their own).",
     "concuerda (las reglas no dan un resultado por sí mismas)."},
    {Msg::Period, ".", "."},
    {Msg::GameOne, "game", "partida"},
    {Msg::GameMany, "games", "partidas"},
    {Msg::FileOne, "file", "archivo"},
    {Msg::FileMany, "files", "archivos"},
    {Msg::DrawOne, "draw", "tablas"},
    {Msg::DrawMany, "draws", "tablas"},
    // Arguments: the counts with their nouns ({0}-{4}), then the bare counts ({5}...), so that
    // a language can say them in the order its grammar wants.
    {Msg::SummaryRead, "{0} read from {1}, {2} could not be audited to the end",
     "Partidas leídas: {3}, de {1}; no se pudieron auditar hasta el final: {2}"},
    {Msg::SummaryIoErrors, "; {0} could not be read", "; archivos que no se pudieron leer: {1}"},
    {Msg::SummaryClaims,
     "Threefold claims available in {0} (on the board in {1}), fifty-move claims in {2}; {3} "
     "continued after the game had ended; {4} agreed before both players had moved (5.2.3) or "
     "too early for the tournament rules (9.1.1).",
     "Partidas con tablas reclamables por triple repetición: {5} (con la posición ya repetida en "
     "el tablero: {1}); por la regla de los 50 movimientos: {2}. Partidas que siguieron después "
     "de terminar: {6}; tablas acordadas antes de que ambos jugadores hubieran movido (5.2.3) o "
     "demasiado pronto para el reglamento del torneo (9.1.1): {7}."},
    {Msg::SummaryEndings,
     "Automatic endings: {0} checkmate, {1} stalemate, {2} dead position, {3} fivefold, {4} "
     "seventy-five-move. Recorded results in conflict with the rules: {5}; Result tag and "
     "movetext marker differ: {6}.",
     "Finales automáticos: jaque mate {0}, ahogado {1}, posición muerta {2}, quíntuple "
     "repetición {3}, regla de los 75 movimientos {4}. Resultados anotados en conflicto con las "
     "reglas: {7}; la etiqueta Result y el marcador final del texto de las jugadas difieren: {6}."},
    {Msg::SummaryUnreplayed,
     "Records that could not be replayed: ", "Registros que no se pudieron reproducir: "},
    {Msg::None, "none", "ninguno"},
    {Msg::SummaryPlies, ". {} plies in {:.2f} s.", ". {} medios movimientos en {:.2f} s."},
    {Msg::ReasonCheckmate, "checkmate", "jaque mate"},
    {Msg::ReasonStalemate, "stalemate", "ahogado"},
    {Msg::ReasonDeadPosition, "dead position", "posición muerta"},
    {Msg::ReasonFivefold, "fivefold repetition", "quíntuple repetición"},
    {Msg::ReasonSeventyFive, "75-move rule", "regla de los 75 movimientos"},
    {Msg::WhiteSubject, "White", "Las blancas"},
    {Msg::BlackSubject, "Black", "Las negras"},
    {Msg::WhiteInside, "White", "las blancas"},
    {Msg::BlackInside, "Black", "las negras"},
    {Msg::ThreefoldAppeared,
     "{0} may claim a draw: the position has appeared for the {1} time ({2})",
     "{0} pueden reclamar tablas por triple repetición: la posición ha aparecido por {1} vez "
     "({2})"},
    {Msg::ThreefoldDeclared, "{0} may claim a draw by writing {1} ({2} occurrence; before: {3})",
     "{0} pueden reclamar tablas por triple repetición anotando {1} sin jugarla (la posición "
     "aparecería por {2} vez; antes: {3})"},
    {Msg::ThreefoldDeclaredMany, "{0} may claim a draw by writing {1} (before: {2})",
     "{0} pueden reclamar tablas por triple repetición anotando, sin jugarla, {1} (la posición "
     "repetida apareció antes: {2})"},
    {Msg::FiftyDeclared,
     "{0} may claim a draw by writing a move that is neither a pawn move nor a capture (e.g. "
     "{1}): with it, the last 50 moves by each player will have been made without a pawn move "
     "or capture",
     "{0} pueden reclamar tablas por la regla de los 50 movimientos anotando, sin jugarla, una "
     "jugada que no sea de peón ni captura (p. ej. {1}): con ella, cada jugador habrá hecho sus "
     "últimos 50 movimientos sin mover un peón ni capturar"},
    {Msg::FiftyAppeared,
     "{0} may claim a draw: the last 50 moves by each player have been made without a pawn "
     "move or capture (halfmove clock {1})",
     "{0} pueden reclamar tablas por la regla de los 50 movimientos: cada jugador ha hecho sus "
     "últimos 50 movimientos sin mover un peón ni capturar (contador de medios movimientos {1})"},
    {Msg::Checkmated, "{0} is checkmated: the game is won by {1} ({2})",
     "{0} reciben jaque mate: ganan {1} ({2})"},
    {Msg::Stalemated, "{0} is stalemated: the game is drawn",
     "{0} están ahogadas: la partida es tablas"},
    {Msg::DeadPositionDrawn,
     "Neither side can checkmate with the material left: the game is drawn (dead position)",
     "Ningún bando puede dar jaque mate con el material que queda: la partida es tablas "
     "(posición muerta)"},
    {Msg::DeadPositionProved,
     "{0} neither side can checkmate by any series of legal moves: {1}; the game is drawn (dead "
     "position)",
     "Ningún bando puede dar jaque mate con ninguna serie de jugadas legales {0}: {1}; la partida "
     "es tablas (posición muerta)"},
    {Msg::ProofEachSide, "for each side, {}", "para cada bando, {}"},
    {Msg::ProofBySide, "White cannot, as {0}; Black cannot, as {1}",
     "las blancas no, porque {0}; las negras no, porque {1}"},
    {Msg::ProofMaterial, "it has too little material left to checkmate",
     "le queda demasiado poco material para dar mate"},
    {Msg::ProofLockedPawns,
     "every pawn is blocked by a pawn and can never move or be captured, and its pieces can never "
     "reach squares from which they could checkmate the other king",
     "todos los peones están bloqueados por peones y nunca podrán moverse ni ser capturados, y "
     "sus piezas nunca podrán llegar a casillas desde las que dar mate al otro rey"},
    {Msg::ProofExhausted,
     "every position reachable by legal moves was examined and none is a checkmate by it",
     "se examinaron todas las posiciones alcanzables con jugadas legales y en ninguna da mate"},
    {Msg::FivefoldDrawn,
     "The same position has appeared for the {0} time ({1}): the game is drawn automatically",
     "La misma posición ha aparecido por {0} vez ({1}): la partida es tablas sin necesidad de "
     "reclamarlas (quíntuple repetición)"},
    {Msg::SeventyFiveDrawn,
     "75 moves by each player without a pawn move or capture (halfmove clock {0}): the game is "
     "drawn automatically",
     "75 movimientos de cada jugador sin mover un peón ni capturar (contador de medios "
     "movimientos {0}): la partida es tablas sin necesidad de reclamarlas"},
    {Msg::EndedAfter, "after {}", "tras {}"},
    {Msg::EndedAtStart, "at the start", "al inicio"},
    {Msg::MovesAfterEndOne,
     "The game had already ended {0} ({1}); 1 more half-move was recorded after it",
     "La partida ya había terminado {0} ({1}); después se anotó 1 medio movimiento más"},
    {Msg::MovesAfterEndMany,
     "The game had already ended {0} ({1}); {2} more half-moves were recorded after it",
     "La partida ya había terminado {0} ({1}); después se anotaron {2} medios movimientos más"},
    {Msg::ConflictEnding, "The game ended {0} by {1}, which gives {2}, but the Result tag {3}",
     "La partida terminó {0} por {1}, lo que da {2}, pero la etiqueta Result {3}"},
    {Msg::TagSays, "says {}", "dice {}"},
    {Msg::TagMissing, "is missing", "falta"},
    {Msg::ConflictCannotMate,
     "The Result tag says {0}, but {1} cannot checkmate by any series of legal moves in the "
     "final position ({3}), so the game is drawn{2}",
     "La etiqueta Result dice {0}, pero {1} no pueden dar jaque mate con ninguna serie de "
     "jugadas legales en la posición final ({3}), así que la partida es tablas{2}"},
    {Msg::TerminationNote, " (Termination tag: \"{}\")", " (etiqueta Termination: \"{}\")"},
    {Msg::Mismatch,
     "The Result tag says {0}, but the movetext ends with the termination marker {1}",
     "La etiqueta Result dice {0}, pero el texto de las jugadas termina con el marcador {1}"},
    {Msg::EarlyBothMoved,
     "The draw was agreed after {0} moves by White and {1} by Black, fewer than the {2} moves "
     "each the event requires",
     "Las tablas se acordaron tras {0} movimientos de las blancas y {1} de las negras, menos de "
     "los {2} de cada jugador que exige el reglamento del torneo"},
    {Msg::EarlyBeforeOne, "The draw was agreed before both players had moved (1 half-move played)",
     "Las tablas se acordaron antes de que ambos jugadores hubieran movido (se jugó 1 medio "
     "movimiento)"},
    {Msg::EarlyBeforeMany,
     "The draw was agreed before both players had moved ({} half-moves played)",
     "Las tablas se acordaron antes de que ambos jugadores hubieran movido (se jugaron {} medios "
     "movimientos)"},
    {Msg::IllegalMove, "{0} cannot be played here: {1}; the rest of the game is not audited",
     "{0} no se puede jugar aquí: {1}; el resto de la partida no se audita"},
    {Msg::NullMove, "{} is a null move: the game cannot be replayed past it",
     "{} es una jugada nula: la partida no se puede reproducir más allá"},
    {Msg::ParseError, "The PGN text is malformed at line {0}, column {1}: {2}",
     "El texto PGN está mal formado en la línea {0}, columna {1}: {2}"},
    {Msg::SetUpWithoutFen, "The SetUp tag announces a start position, but the game has no FEN tag",
     "La etiqueta SetUp anuncia una posición inicial, pero la partida no tiene etiqueta FEN"},
    {Msg::FenCannotBeSetUp, "The FEN tag \"{0}\" cannot be set up: {1}",
     "La posición de la etiqueta FEN \"{0}\" no se puede colocar: {1}"},
    {Msg::FenRepaired, "The FEN tag was repaired as the pieces demand ({})",
     "La etiqueta FEN se corrigió según lo que permiten las piezas ({})"},
    {Msg::UnsupportedVariant,
     "The game is of the variant \"{}\", not standard chess or Chess960: it was counted and not "
     "judged",
     "La partida es de la variante \"{}\", no de ajedrez estándar ni de Chess960: se contó, "
     "pero no se juzgó"},
    {Msg::DuplicateGame, "The same game (start position, moves, White and Black) is recorded as {}",
     "La misma partida (posición inicial, jugadas, blancas y negras) está registrada como {}"},
    {Msg::DuplicateConflict,
     "The same game (start position, moves, White and Black) is recorded as {} with {}; here "
     "with {}: one of the two results is wrong",
     "La misma partida (posición inicial, jugadas, blancas y negras) está registrada como {} "
     "con {}; aquí con {}: uno de los dos resultados es erróneo"},
    {Msg::DuplicateWhere, "game {}", "la partida {}"},
    {Msg::DuplicateWhereIn, "game {} of {}", "la partida {} de {}"},
    {Msg::NoResultTag, "no Result tag", "ninguna etiqueta Result"},
    {Msg::DrawnStalemate, "Drawn by stalemate (5.2.1).", "Tablas por ahogado (5.2.1)."},
    {Msg::DrawnDeadPosition, "Drawn by a dead position (5.2.2).",
     "Tablas por posición muerta (5.2.2)."},
    {Msg::DrawnFivefold, "Drawn by fivefold repetition (9.6.1).",
     "Tablas por quíntuple repetición (9.6.1)."},
    {Msg::DrawnSeventyFive, "Drawn by the 75-move rule (9.6.2).",
     "Tablas por la regla de los 75 movimientos (9.6.2)."},
    {Msg::DrawnPerpetual, "Drawn by perpetual check: {} checked on every move from {} to {}.",
     "Tablas por jaque continuo: {} dieron jaque en cada jugada desde {} hasta {}."},
    {Msg::DrawnPerpetualCycle,
     "Drawn by perpetual check: {} checked on every move of the final repetition.",
     "Tablas por jaque continuo: {} dieron jaque en cada jugada de la última repetición."},
    {Msg::DrawnThreefold,
     "Drawn by threefold repetition: a claim was available at the end of the record (9.2).",
     "Tablas por triple repetición: al final del registro se podía reclamar (9.2)."},
    {Msg::DrawnFifty,
     "Drawn by the fifty-move rule: a claim was available at the end of the record (9.3).",
     "Tablas por la regla de los 50 movimientos: al final del registro se podía reclamar (9.3)."},
    {Msg::DrawnTimeForfeit, "Drawn on time: the Termination tag says a flag fell (6.9).",
     "Tablas por tiempo: la etiqueta Termination dice que cayó la bandera (6.9)."},
    {Msg::DrawnEarlyAgreement,
     "Drawn by an agreement made too early (5.2.3, or the event's rule under 9.1.1).",
     "Tablas acordadas demasiado pronto (5.2.3, o la norma del torneo según 9.1.1)."},
    {Msg::DrawnAgreement, "Drawn by agreement (or adjudication: the record shows no other reason).",
     "Tablas de mutuo acuerdo (o por decisión arbitral: el registro no muestra otro motivo)."},
    {Msg::SummaryResults,
     "\nResults: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}; draw rate {} (of the {} with a result).",
     "\nResultados: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}; proporción de tablas {} (de las {} con "
     "resultado)."},
    {Msg::SummaryDrawReasons, "\nWhy the draws were drawn: ", "\nPor qué terminaron en tablas: "},
    {Msg::SummaryNoDraws, "no draws", "ninguna partida en tablas"},
    {Msg::DrawReasonStalemate, "stalemate", "ahogado"},
    {Msg::DrawReasonDeadPosition, "dead-position", "posición muerta"},
    {Msg::DrawReasonFivefold, "fivefold", "quíntuple repetición"},
    {Msg::DrawReasonSeventyFive, "seventy-five-move", "regla de los 75 movimientos"},
    {Msg::DrawReasonPerpetual, "perpetual-check", "jaque continuo"},
    {Msg::DrawReasonThreefold, "threefold-repetition", "triple repetición"},
    {Msg::DrawReasonFifty, "fifty-move", "regla de los 50 movimientos"},
    {Msg::DrawReasonTimeForfeit, "time-forfeit", "caída de bandera"},
    {Msg::DrawReasonEarlyAgreement, "early-agreement", "acuerdo prematuro"},
    {Msg::DrawReasonAgreement, "agreement", "mutuo acuerdo"},
    {Msg::HtmlTitle, "drawaudit: arbiter's report", "drawaudit: informe para el árbitro"},
    {Msg::HtmlSummary, "Summary", "Resumen"},
    {Msg::HtmlFindingsByRule, "Findings by rule", "Hallazgos por regla"},
    {Msg::HtmlResults, "Recorded results", "Resultados anotados"},
    {Msg::HtmlDrawReasons, "Why the draws were drawn", "Por qué terminaron en tablas"},
    {Msg::HtmlGamesShown, "{0} of {1} games with findings are shown.",
     "Se muestran {0} de las {1} partidas con hallazgos."},
    {Msg::HtmlGamesLeftOut,
     "{0} games with findings were left out (the report shows at most {1}; see "
     "--html-max-games).",
     "Se omitieron {0} partidas con hallazgos (el informe muestra como mucho {1}; véase "
     "--html-max-games)."},
    {Msg::HtmlNoFindings, "No game has findings.", "Ninguna partida tiene hallazgos."},
    {Msg::HtmlMoves, "Moves", "Jugadas"},
    {Msg::HtmlTimeline, "Timeline", "Desarrollo de la partida"},
    {Msg::HtmlTimelineNote,
     "The axis in moves; hatched: a claim of a draw was available; marked: a finding.",
     "El eje en jugadas; rayado: se podían reclamar tablas; con marca: un hallazgo."},
    {Msg::HtmlFindings, "Findings", "Hallazgos"},
    {Msg::HtmlBoardAfter, "Position after {}", "Posición tras {}"},
    {Msg::HtmlBoardStart, "Start position", "Posición inicial"},
    {Msg::HtmlOccurrences, "Occurrences:", "Apariciones:"},
    {Msg::HtmlDeclaredMoves, "Arrows: the moves that would make it appear again:",
     "Flechas: las jugadas que la harían aparecer de nuevo:"},
    {Msg::HtmlWindow, "Claim window: from {0} to {1}",
     "Periodo de reclamación: desde {0} hasta {1}"},
    {Msg::HtmlWindowOpen, "Claim window: from {0} to the end of the record",
     "Periodo de reclamación: desde {0} hasta el final de la planilla"},
    {Msg::HtmlFinalPosition, "Final position", "Posición final"},
    {Msg::HtmlFile, "File", "Archivo"},
    {Msg::HtmlLine, "line", "línea"},
    {Msg::HtmlDate, "Date", "Fecha"},
    {Msg::HtmlRound, "Round", "Ronda"},
    {Msg::HtmlMoveCount, "{} moves", "{} jugadas"},
    {Msg::HtmlNoMoves, "The moves of this game could not be replayed.",
     "Las jugadas de esta partida no se pudieron reproducir."},
    {Msg::HtmlFen, "FEN", "FEN"},
    {Msg::HtmlFindingCount, "findings", "hallazgos"},
    {Msg::HtmlInfo, "info", "nota"},
    {Msg::HtmlSheet, "The round, game by game", "La ronda, partida a partida"},
    {Msg::HtmlColumnGame, "Game", "Partida"},
    {Msg::HtmlColumnResult, "Result", "Resultado"},
    {Msg::HtmlColumnVerdict, "Verdict", "Veredicto"},
}};

constexpr bool catalog_in_order() {
    for (std::size_t i = 0; i < catalog.size(); ++i) {
        if (static_cast<std::size_t>(catalog[i].key) != i) return false;
    }
    return true;
}
static_assert(catalog_in_order(), "catalog entries must follow the order of Msg");

std::string_view after_prefix(std::string_view text, std::string_view prefix) {
    if (text.substr(0, prefix.size()) != prefix) return {};
    return text.substr(prefix.size());
}

// The text of `message` between `before` and `after` (both found), or nullopt.
std::optional<std::string_view> between(std::string_view message, std::string_view before,
                                        std::string_view after) {
    const auto start = message.find(before);
    if (start == std::string_view::npos) return std::nullopt;
    const auto from = start + before.size();
    if (after.empty()) return message.substr(from);
    const auto end = message.rfind(after);
    if (end == std::string_view::npos || end < from) return std::nullopt;
    return message.substr(from, end - from);
}

// "at the start, after 2... Ng8, 4... Ng8": occurrences other than the finding's own position.
std::string occurrence_list(const Finding& f, Lang lang) {
    std::string out;
    bool said_after = false;
    const bool indexed = f.occurrences.size() == f.occurrence_moves.size();
    for (std::size_t i = 0; i < f.occurrence_moves.size(); ++i) {
        if (indexed && f.occurrences[i] == f.ply) continue;
        if (!out.empty()) out += ", ";
        const std::string& move = f.occurrence_moves[i];
        if (move == "start" || move.empty()) {
            out += text(Msg::AtTheStart, lang);
            continue;
        }
        if (!said_after) {
            out += say(lang, Msg::AfterMove, move);
            said_after = true;
        } else {
            out += move;
        }
        // A capped list (RULES.md: the first 5 and the last 5) says how many it leaves out.
        const int hidden = f.occurrence_count.value_or(0) - static_cast<int>(f.occurrences.size());
        if (i == 4 && hidden > 0) out += say(lang, Msg::AndMore, hidden);
    }
    return out;
}

// How many times the finding's position has occurred (the count, where the list is capped).
int occurrence_total(const Finding& f) {
    return f.occurrence_count.value_or(static_cast<int>(f.occurrences.size()));
}

// "36. Kd3": a move played from the finding's position, numbered from its FEN.
std::string next_move(const Finding& f, std::string_view san) {
    // FEN fields: board, side, castling, en passant, halfmove clock, fullmove number.
    std::vector<std::string_view> fields;
    std::string_view rest = f.fen;
    while (!rest.empty()) {
        const auto space = rest.find(' ');
        fields.push_back(rest.substr(0, space));
        if (space == std::string_view::npos) break;
        rest.remove_prefix(space + 1);
    }
    if (fields.size() < 6) return std::string(san);
    const bool black = fields[1] == "b";
    return fmt::format("{}{} {}", fields[5], black ? "..." : ".", san);
}

// The integers of a message, in order (for the few counts that only the message holds).
std::vector<int> integers_in(std::string_view message) {
    std::vector<int> out;
    for (std::size_t i = 0; i < message.size();) {
        if (message[i] < '0' || message[i] > '9') {
            ++i;
            continue;
        }
        int value = 0;
        const auto [end, error] =
            std::from_chars(message.data() + i, message.data() + message.size(), value);
        if (error == std::errc{}) out.push_back(value);
        i = static_cast<std::size_t>(end - message.data());
    }
    return out;
}

// The proofs of unwinnability an audit message names (dead_positions.cpp words them), in the
// order the message gives them, as the catalog's clauses.
std::vector<Msg> proofs_named(std::string_view message) {
    std::vector<std::pair<std::size_t, Msg>> found;
    for (const Msg proof : {Msg::ProofMaterial, Msg::ProofLockedPawns, Msg::ProofExhausted}) {
        const std::string_view clause = text(proof, Lang::En);
        for (std::size_t at = message.find(clause); at != std::string_view::npos;
             at = message.find(clause, at + 1))
            found.emplace_back(at, proof);
    }
    std::sort(found.begin(), found.end());
    std::vector<Msg> proofs;
    for (const auto& [at, proof] : found) proofs.push_back(proof);
    return proofs;
}

std::string spanish_sentence(const Finding& f, const GameReport& game) {
    constexpr Lang es = Lang::Es;
    const std::string_view subject = side_subject(f.side, es);
    const std::string_view message = f.message;
    switch (f.rule) {
        case Rule::ThreefoldClaim: {
            const std::string earlier = occurrence_list(f, es);
            if (f.route == audit::Route::Appeared) {
                const int times = occurrence_total(f);
                return say(es, Msg::ThreefoldAppeared, subject, ordinal(times, es), earlier);
            }
            if (f.moves.size() == 1) {
                return say(es, Msg::ThreefoldDeclared, subject, next_move(f, f.moves.front()),
                           ordinal(occurrence_total(f) + 1, es), earlier);
            }
            std::string moves;
            for (const std::string& san : f.moves) {
                if (!moves.empty()) moves += text(Msg::Or, es);
                moves += next_move(f, san);
            }
            return say(es, Msg::ThreefoldDeclaredMany, subject, moves, earlier);
        }
        case Rule::FiftyMoveClaim:
            if (f.route == audit::Route::Declared && !f.moves.empty())
                return say(es, Msg::FiftyDeclared, subject, next_move(f, f.moves.front()));
            return say(es, Msg::FiftyAppeared, subject, f.halfmove_clock.value_or(0));
        case Rule::Checkmate: {
            const audit::Side winner =
                f.side == audit::Side::White ? audit::Side::Black : audit::Side::White;
            return say(es, Msg::Checkmated, subject, side_inside(winner, es),
                       f.side == audit::Side::White ? "0-1" : "1-0");
        }
        case Rule::Stalemate:
            return say(es, Msg::Stalemated, subject);
        case Rule::DeadPosition: {
            const std::vector<Msg> proofs = proofs_named(message);
            if (proofs.empty()) return std::string(text(Msg::DeadPositionDrawn, es));
            const std::string when = f.move.empty() ? std::string(text(Msg::EndedAtStart, es))
                                                    : say(es, Msg::EndedAfter, f.move);
            const std::string why =
                proofs.size() == 1
                    ? say(es, Msg::ProofEachSide, text(proofs[0], es))
                    : say(es, Msg::ProofBySide, text(proofs[0], es), text(proofs[1], es));
            return say(es, Msg::DeadPositionProved, when, why);
        }
        case Rule::FivefoldDraw:
            return say(es, Msg::FivefoldDrawn, ordinal(occurrence_total(f), es),
                       occurrence_list(f, es));
        case Rule::SeventyFiveMoveDraw:
            return say(es, Msg::SeventyFiveDrawn, f.halfmove_clock.value_or(0));
        case Rule::MovesAfterEnd: {
            std::string when = std::string(text(Msg::EndedAtStart, es));
            if (game.end_ply && *game.end_ply > 0) {
                // The move that ended the game is the move of the ending's own finding.
                for (const Finding& other : game.findings) {
                    if (other.ply == *game.end_ply && !other.move.empty()) {
                        when = say(es, Msg::EndedAfter, other.move);
                        break;
                    }
                }
            }
            const int extra = f.extra_plies.value_or(0);
            return extra == 1 ? say(es, Msg::MovesAfterEndOne, when,
                                    termination_reason(game.termination, es))
                              : say(es, Msg::MovesAfterEndMany, when,
                                    termination_reason(game.termination, es), extra);
        }
        case Rule::ResultConflict: {
            if (game.end_ply) {
                const std::string when = f.ply == 0 || f.move.empty()
                                             ? std::string(text(Msg::EndedAtStart, es))
                                             : say(es, Msg::EndedAfter, f.move);
                const std::string tag = f.recorded.empty() ? std::string(text(Msg::TagMissing, es))
                                                           : say(es, Msg::TagSays, f.recorded);
                return say(es, Msg::ConflictEnding, when, termination_reason(game.termination, es),
                           f.expected, tag);
            }
            const audit::Side winner =
                f.recorded == "1-0" ? audit::Side::White : audit::Side::Black;
            const std::string note = game.termination_tag.empty()
                                         ? std::string()
                                         : say(es, Msg::TerminationNote, game.termination_tag);
            const std::vector<Msg> proofs = proofs_named(message);
            return say(es, Msg::ConflictCannotMate, f.recorded, side_inside(winner, es), note,
                       proofs.empty() ? std::string_view() : text(proofs[0], es));
        }
        case Rule::ResultMismatch:
            return say(es, Msg::Mismatch, f.recorded, f.expected);
        case Rule::EarlyAgreement: {
            if (f.article == "9.1.1") {
                const std::vector<int> counts = integers_in(after_prefix(message, "The draw"));
                if (counts.size() == 3)
                    return say(es, Msg::EarlyBothMoved, counts[0], counts[1], counts[2]);
                break;
            }
            return f.ply == 1 ? std::string(text(Msg::EarlyBeforeOne, es))
                              : say(es, Msg::EarlyBeforeMany, f.ply);
        }
        case Rule::IllegalMove:
            if (const auto why = between(
                    message, " cannot be played here: ", "; the rest of the game is not audited"))
                return say(es, Msg::IllegalMove, f.move, *why);
            break;
        case Rule::NullMove:
            return say(es, Msg::NullMove, f.move);
        case Rule::ParseError:
            if (const auto why = between(message, fmt::format("column {}: ", f.column), ""))
                return say(es, Msg::ParseError, f.line, f.column, *why);
            break;
        case Rule::BadFen:
            if (message == text(Msg::SetUpWithoutFen, Lang::En))
                return std::string(text(Msg::SetUpWithoutFen, es));
            if (const auto fen = between(message, "The FEN tag \"", "\" cannot be set up: ")) {
                if (const auto why = between(message, "\" cannot be set up: ", ""))
                    return say(es, Msg::FenCannotBeSetUp, *fen, *why);
            }
            break;
        case Rule::FenRepaired:
            if (const auto what = between(message, "as the pieces demand (", ")"))
                return say(es, Msg::FenRepaired, *what);
            break;
        case Rule::UnsupportedVariant:
            if (const auto variant = between(message, "variant \"", "\", not standard"))
                return say(es, Msg::UnsupportedVariant, *variant);
            break;
        case Rule::DuplicateGame:
        case Rule::DuplicateConflict: {
            const std::string where =
                f.duplicate_file == game.file
                    ? say(es, Msg::DuplicateWhere, f.duplicate_game)
                    : say(es, Msg::DuplicateWhereIn, f.duplicate_game, f.duplicate_file);
            if (f.rule == Rule::DuplicateGame) return say(es, Msg::DuplicateGame, where);
            const auto other = between(message, " with ", "; here with ");
            if (!other) break;
            // The result is its last word (a file name may hold " with " too).
            const std::string_view theirs = other->substr(other->rfind(' ') + 1);
            const std::string_view ours =
                game.result.empty() ? text(Msg::NoResultTag, es) : std::string_view(game.result);
            return say(es, Msg::DuplicateConflict, where,
                       theirs == "tag" ? text(Msg::NoResultTag, es) : theirs, ours);
        }
    }
    return f.message;  // a message of a shape this catalog does not know: its English text
}

}  // namespace

std::optional<Lang> lang_from_name(std::string_view name) {
    if (name == "en") return Lang::En;
    if (name == "es") return Lang::Es;
    return std::nullopt;
}

std::string_view lang_name(Lang lang) {
    return lang == Lang::Es ? "es" : "en";
}

Lang lang_from_locale(std::string_view locale) {
    return locale.substr(0, 2) == "es" ? Lang::Es : Lang::En;
}

std::string_view text(Msg msg, Lang lang) {
    const Entry& entry = catalog[static_cast<std::size_t>(msg)];
    return lang == Lang::Es ? entry.es : entry.en;
}

std::string ordinal(int n, Lang lang) {
    if (lang == Lang::En) return audit::ordinal(n);  // the audit's own wording
    // Feminine, as "vez" asks: "por tercera vez".
    static constexpr std::array<std::string_view, 11> words = {
        "0.ª",   "primera", "segunda", "tercera", "cuarta", "quinta",
        "sexta", "séptima", "octava",  "novena",  "décima"};
    if (n >= 1 && n < static_cast<int>(words.size()))
        return std::string(words[static_cast<std::size_t>(n)]);
    return fmt::format("{}.ª", n);
}

std::string_view draw_reason_label(audit::DrawReason reason, Lang lang) {
    // DrawReason's values after None, in order (finding.hpp), and their entries here.
    static constexpr std::array<Msg, audit::DrawReasonCount - 1> labels = {
        Msg::DrawReasonStalemate,   Msg::DrawReasonDeadPosition, Msg::DrawReasonFivefold,
        Msg::DrawReasonSeventyFive, Msg::DrawReasonPerpetual,    Msg::DrawReasonThreefold,
        Msg::DrawReasonFifty,       Msg::DrawReasonTimeForfeit,  Msg::DrawReasonEarlyAgreement,
        Msg::DrawReasonAgreement};
    const auto i = static_cast<std::size_t>(reason);
    if (i == 0 || i > labels.size()) return {};
    return text(labels[i - 1], lang);
}

std::string_view side_subject(audit::Side side, Lang lang) {
    return text(side == audit::Side::Black ? Msg::BlackSubject : Msg::WhiteSubject, lang);
}

std::string_view side_inside(audit::Side side, Lang lang) {
    return text(side == audit::Side::Black ? Msg::BlackInside : Msg::WhiteInside, lang);
}

std::string_view termination_reason(audit::Termination termination, Lang lang) {
    switch (termination) {
        case audit::Termination::Checkmate:
            return text(Msg::ReasonCheckmate, lang);
        case audit::Termination::Stalemate:
            return text(Msg::ReasonStalemate, lang);
        case audit::Termination::DeadPosition:
            return text(Msg::ReasonDeadPosition, lang);
        case audit::Termination::Fivefold:
            return text(Msg::ReasonFivefold, lang);
        case audit::Termination::SeventyFiveMove:
            return text(Msg::ReasonSeventyFive, lang);
        case audit::Termination::None:
            break;
    }
    return {};
}

std::string finding_sentence(const Finding& finding, const GameReport& game, Lang lang) {
    if (lang == Lang::En) return finding.message;
    return spanish_sentence(finding, game);
}

bool sentence_lists_occurrences(const Finding& finding, Lang lang) {
    if (lang == Lang::En) return false;  // the text writer checks the audit's message itself
    return finding.rule == Rule::ThreefoldClaim || finding.rule == Rule::FivefoldDraw;
}

}  // namespace drawaudit::report
