// The catalog's texts (English and Spanish), the descriptor tables of the enums the sentences
// name (rules, terminations, proofs, draw reasons), and the rendering of the findings' typed
// arguments in either language. The Spanish follows the terms of the Spanish text of the FIDE
// Laws (tablas, reclamación, planilla, triple repetición, regla de los 50 movimientos, posición
// muerta, rey ahogado, jaque continuo, jaque mate), worded here.
#include "report/messages.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <system_error>
#include <vector>

#include "audit/broadcast.hpp"
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
     "de terminar: {6}; tablas acordadas antes de que ambos jugadores hubieran movido (art. 5.2.3) "
     "o "
     "demasiado pronto para el reglamento del torneo (art. 9.1.1): {7}."},
    {Msg::SummaryEndings,
     "Automatic endings: {0} checkmate, {1} stalemate, {2} dead position, {3} fivefold, {4} "
     "seventy-five-move. Recorded results in conflict with the rules: {5}; Result tag and "
     "movetext marker differ: {6}.",
     "Finales automáticos: jaque mate {0}, rey ahogado {1}, posición muerta {2}, quíntuple "
     "repetición {3}, regla de los 75 movimientos {4}. Resultados anotados en conflicto con las "
     "reglas: {7}; la etiqueta Result y el marcador final del texto de las jugadas difieren: {6}."},
    {Msg::SummaryUnreplayed,
     "Records that could not be replayed: ", "Registros que no se pudieron reproducir: "},
    {Msg::None, "none", "ninguno"},
    {Msg::SummaryPlies, ". {} plies in {} s.", ". {} medios movimientos en {} s."},
    {Msg::ReasonCheckmate, "checkmate", "jaque mate"},
    {Msg::ReasonStalemate, "stalemate", "rey ahogado"},
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
    {Msg::ThreefoldDeclared, "{0} may claim a draw by writing {1}",
     "{0} pueden reclamar tablas por triple repetición anotando en la planilla, sin jugarla, {1}"},
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
     "El rey de {1} está ahogado: la partida es tablas"},
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
    {Msg::ProofReachability,
     "the squares each of the men could ever reach leave none where it could checkmate the other "
     "king",
     "las casillas a las que cada pieza y peón podría llegar no dejan ninguna donde dar mate al "
     "otro rey"},
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
    {Msg::DrawnStalemate, "Drawn by stalemate (5.2.1).", "Tablas por rey ahogado (art. 5.2.1)."},
    {Msg::DrawnDeadPosition, "Drawn by a dead position (5.2.2).",
     "Tablas por posición muerta (art. 5.2.2)."},
    {Msg::DrawnFivefold, "Drawn by fivefold repetition (9.6.1).",
     "Tablas por quíntuple repetición (art. 9.6.1)."},
    {Msg::DrawnSeventyFive, "Drawn by the 75-move rule (9.6.2).",
     "Tablas por la regla de los 75 movimientos (art. 9.6.2)."},
    {Msg::DrawnPerpetual, "Drawn by perpetual check: {} checked on every move from {} to {}.",
     "Tablas por jaque continuo: {} dieron jaque en cada jugada desde {} hasta {}."},
    {Msg::DrawnPerpetualCycle,
     "Drawn by perpetual check: {} checked on every move of the final repetition.",
     "Tablas por jaque continuo: {} dieron jaque en cada jugada de la última repetición."},
    {Msg::DrawnThreefold,
     "Drawn by threefold repetition: a claim was available at the end of the record (9.2).",
     "Tablas por triple repetición: al final del registro se podían reclamar (art. 9.2)."},
    {Msg::DrawnFifty,
     "Drawn by the fifty-move rule: a claim was available at the end of the record (9.3).",
     "Tablas por la regla de los 50 movimientos: al final del registro se podían reclamar (art. "
     "9.3)."},
    {Msg::DrawnTimeForfeit, "Drawn on time: the Termination tag says a flag fell (6.9).",
     "Tablas por tiempo: la etiqueta Termination dice que cayó la bandera (art. 6.9)."},
    {Msg::DrawnEarlyAgreement,
     "Drawn by an agreement made too early (5.2.3, or the event's rule under 9.1.1).",
     "Tablas acordadas demasiado pronto (art. 5.2.3, o la norma del torneo según el art. 9.1.1)."},
    {Msg::DrawnAgreement, "Drawn by agreement (or adjudication: the record shows no other reason).",
     "Tablas de mutuo acuerdo (o por decisión arbitral: el registro no muestra otro motivo)."},
    {Msg::SummaryResults,
     "\nResults: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}; draw rate {} (of the {} with a result).",
     "\nResultados: 1-0 {}, 0-1 {}, 1/2-1/2 {}, * {}; proporción de tablas {} (de las {} con "
     "resultado)."},
    {Msg::SummaryDrawReasons, "\nWhy the draws were drawn: ", "\nPor qué terminaron en tablas: "},
    {Msg::SummaryNoDraws, "no draws", "ninguna partida en tablas"},
    {Msg::DrawReasonStalemate, "stalemate", "rey ahogado"},
    {Msg::DrawReasonDeadPosition, "dead-position", "posición muerta"},
    {Msg::DrawReasonFivefold, "fivefold", "quíntuple repetición"},
    {Msg::DrawReasonSeventyFive, "seventy-five-move", "regla de los 75 movimientos"},
    {Msg::DrawReasonPerpetual, "perpetual-check", "jaque continuo"},
    {Msg::DrawReasonThreefold, "threefold-repetition", "triple repetición"},
    {Msg::DrawReasonFifty, "fifty-move", "regla de los 50 movimientos"},
    {Msg::DrawReasonTimeForfeit, "time-forfeit", "tiempo agotado sin mate posible (6.9)"},
    {Msg::DrawReasonEarlyAgreement, "early-agreement", "acuerdo antes de tiempo"},
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
    {Msg::DeadAfter, "After {}", "tras {}"},
    {Msg::DeadAtStart, "The start position", "desde la posición inicial"},
    {Msg::ProofNone, "it cannot checkmate", "no puede dar mate"},
    {Msg::DeclaredMove, "{0} ({1} occurrence; before: {2})",
     "{0} (la posición aparecería por {1} vez; antes: {2})"},
    {Msg::AndMoreThen, ", and {} more, then ", ", y {} más; luego, "},
    {Msg::ReplayRefused, "the replay refused it", "la reproducción de la partida la rechazó"},
    {Msg::AnotherResult, "another result", "otro resultado"},
    {Msg::ArticleRef, "{}", "art. {}"},
    {Msg::SeverityInfo, "info", "información"},
    {Msg::SeverityWarning, "warning", "aviso"},
    {Msg::SeverityError, "error", "error"},
    {Msg::RuleThreefoldClaim, "threefold-claim", "reclamación por triple repetición"},
    {Msg::RuleFiftyMoveClaim, "fifty-move-claim", "reclamación por la regla de los 50 movimientos"},
    {Msg::RuleFivefoldDraw, "fivefold-draw", "tablas por quíntuple repetición"},
    {Msg::RuleSeventyFiveMoveDraw, "seventy-five-move-draw",
     "tablas por la regla de los 75 movimientos"},
    {Msg::RuleCheckmate, "checkmate", "jaque mate"},
    {Msg::RuleStalemate, "stalemate", "rey ahogado"},
    {Msg::RuleDeadPosition, "dead-position", "posición muerta"},
    {Msg::RuleMovesAfterEnd, "moves-after-end", "jugadas anotadas tras el final"},
    {Msg::RuleResultConflict, "result-conflict", "resultado contrario a las Leyes"},
    {Msg::RuleResultMismatch, "result-mismatch",
     "resultado de la cabecera distinto del de las jugadas"},
    {Msg::RuleEarlyAgreement, "early-agreement", "tablas acordadas antes de tiempo"},
    {Msg::RuleIllegalMove, "illegal-move", "jugada ilegal"},
    {Msg::RuleParseError, "parse-error", "error de lectura"},
    {Msg::RuleBadFen, "bad-fen", "FEN incorrecto"},
    {Msg::RuleFenRepaired, "fen-repaired", "FEN corregido"},
    {Msg::RuleUnsupportedVariant, "unsupported-variant", "variante no admitida"},
    {Msg::RuleNullMove, "null-move", "jugada nula"},
    {Msg::RuleDuplicateGame, "duplicate-game", "partida duplicada"},
    {Msg::RuleDuplicateConflict, "duplicate-conflict", "partida duplicada con otro resultado"},
    {Msg::SummaryDuplicates,
     "\nDuplicate games (--duplicates): {0} recorded again, {1} of them with another result "
     "(duplicate-conflict).",
     "\nPartidas duplicadas (--duplicates): {0} registradas de nuevo, {1} de ellas con otro "
     "resultado (partida duplicada con otro resultado)."},
    {Msg::SummaryBaselineOne, "\nLeft out: {} finding already in the baseline.",
     "\nOmitido: {} hallazgo que ya está en la referencia (--baseline)."},
    {Msg::SummaryBaselineMany, "\nLeft out: {} findings already in the baseline.",
     "\nOmitidos: {} hallazgos que ya están en la referencia (--baseline)."},
    {Msg::OmittedInGameOne,
     "  And {0} more {1} finding of this game (beyond --max-findings-per-rule), counted and not "
     "listed.\n",
     "  Y {0} hallazgo más de «{1}» en esta partida (más allá de --max-findings-per-rule), "
     "contado y no listado.\n"},
    {Msg::OmittedInGameMany,
     "  And {0} more {1} findings of this game (beyond --max-findings-per-rule), counted and not "
     "listed.\n",
     "  Y {0} hallazgos más de «{1}» en esta partida (más allá de --max-findings-per-rule), "
     "contados y no listados.\n"},
    {Msg::OmittedInRunOne,
     "\nNot listed: {0} more {1} finding beyond the per-game limit of their rule "
     "(--max-findings-per-rule).",
     "\nNo listado: {0} hallazgo más de «{1}» por encima del límite por partida de su regla "
     "(--max-findings-per-rule)."},
    {Msg::OmittedInRunMany,
     "\nNot listed: {0} more {1} findings beyond the per-game limit of their rule "
     "(--max-findings-per-rule).",
     "\nNo listados: {0} hallazgos más de «{1}» por encima del límite por partida de su regla "
     "(--max-findings-per-rule)."},
    {Msg::HtmlSheet, "The round, game by game", "La ronda, partida a partida"},
    {Msg::HtmlColumnGame, "Game", "Partida"},
    {Msg::HtmlColumnResult, "Result", "Resultado"},
    {Msg::HtmlColumnVerdict, "Verdict", "Veredicto"},
    {Msg::SummaryBelowMinSeverityOne, "\nLeft out: {0} finding below --min-severity {1}.",
     "\nOmitido: {0} hallazgo por debajo de --min-severity {1}."},
    {Msg::SummaryBelowMinSeverityMany, "\nLeft out: {0} findings below --min-severity {1}.",
     "\nOmitidos: {0} hallazgos por debajo de --min-severity {1}."},
    {Msg::GithubNoticesLeftOutOne,
     "{} notice left out (claims, endings and other information): --min-severity info lists it",
     "{} aviso omitido (reclamaciones, finales y otra información): --min-severity info lo "
     "muestra"},
    {Msg::GithubNoticesLeftOutMany,
     "{} notices left out (claims, endings and other information): --min-severity info lists "
     "them",
     "{} avisos omitidos (reclamaciones, finales y otra información): --min-severity info los "
     "muestra"},
    {Msg::RuleBroadcastResultSignal, "broadcast-result-signal",
     "señal de resultado del tablero electrónico"},
    {Msg::RuleResultTagInvalid, "result-tag-invalid", "resultado no válido"},
    {Msg::BroadcastSignal,
     "The kings were placed on {0} (White's) and {1} (Black's): the e-board's signal for {2}, not "
     "moves of the game, which is judged without them; the Result tag {3}",
     "Los reyes se colocaron en {0} (el blanco) y {1} (el negro): la señal del tablero "
     "electrónico para {2}, no jugadas de la partida, que se juzga sin ellas; la etiqueta Result "
     "{3}"},
    {Msg::SignalTagAgrees, "agrees", "coincide"},
    {Msg::ResultInvalidTag,
     "The Result tag \"{0}\" is no PGN result (1-0, 0-1, 1/2-1/2 or *){1}; the game was audited "
     "with the result *",
     "La etiqueta Result \"{0}\" no es un resultado PGN (1-0, 0-1, 1/2-1/2 o *){1}; la partida "
     "se auditó con el resultado *"},
    {Msg::ResultInvalidMarker,
     "The movetext ends with \"{0}\", which is no PGN termination marker (1-0, 0-1, 1/2-1/2 or "
     "*){1}; the game was audited with the result *",
     "El texto de las jugadas termina con \"{0}\", que no es un marcador de final PGN (1-0, "
     "0-1, 1/2-1/2 o *){1}; la partida se auditó con el resultado *"},
    {Msg::MeaningClause, "; it most likely means {}", "; lo más probable es que signifique {}"},
    {Msg::MeaningUnclear, "; what it means is not clear", "; no está claro qué significa"},
    {Msg::MeaningWhiteWins, "1-0 (White won)", "1-0 (ganaron las blancas)"},
    {Msg::MeaningBlackWins, "0-1 (Black won)", "0-1 (ganaron las negras)"},
    {Msg::MeaningDraw, "1/2-1/2 (a draw)", "1/2-1/2 (tablas)"},
    {Msg::MeaningDoubleForfeit,
     "a double forfeit (both players lost the game without playing it; broadcasts write it 0-0)",
     "una doble incomparecencia (ambos jugadores pierden la partida sin jugarla; las "
     "retransmisiones la escriben 0-0)"},
    {Msg::RulePairingResultMismatch, "pairing-result-mismatch",
     "resultado distinto del emparejamiento"},
    {Msg::RulePairingColours, "pairing-colours", "colores cambiados"},
    {Msg::RulePairingForfeitPlayed, "pairing-forfeit-played", "incomparecencia con partida jugada"},
    {Msg::RulePairingMissingGame, "pairing-missing-game", "partida emparejada sin registro"},
    {Msg::RuleGameWithoutPairing, "game-without-pairing", "partida sin emparejamiento"},
    {Msg::RuleTrfError, "trf-error", "error en el TRF"},
    {Msg::PairingWords, "round {0}: {1} - {2}, TRF line {3}",
     "ronda {0}: {1} - {2}, línea {3} del TRF"},
    {Msg::PairingResultMismatch,
     "The pairing program has {0} for this game ({1}); the Result tag says {2}",
     "El programa de emparejamientos da {0} en esta partida ({1}); la cabecera Result dice {2}"},
    {Msg::PairingResultAgainstRules,
     "The pairing program has {0} for this game ({1}), but the game ended {3} and the rules give "
     "it {4}; the Result tag says {2}",
     "El programa de emparejamientos da {0} en esta partida ({1}), pero la partida terminó {3} y "
     "las Leyes le dan {4}; la cabecera Result dice {2}"},
    {Msg::PairingColours,
     "The pairing program paired them with the other colours: round {0}, {1} with White against "
     "{2}, TRF line {3}",
     "El programa de emparejamientos los emparejó con los colores al revés: ronda {0}, {1} con "
     "blancas contra {2}, línea {3} del TRF"},
    {Msg::PairingForfeitPlayed,
     "The pairing program records a forfeit ({0}/{1}; {2}), but the game was played: {3} "
     "half-moves are recorded",
     "El programa de emparejamientos registra una incomparecencia ({0}/{1}; {2}), pero la "
     "partida se jugó: constan {3} medias jugadas"},
    {Msg::PairingMissingGame,
     "The pairing was played ({1}/{2}; {0}), but no game of the input has these two players in "
     "that round",
     "El emparejamiento se jugó ({1}/{2}; {0}), pero ninguna partida de la entrada tiene a estos "
     "dos jugadores en esa ronda"},
    {Msg::PlayerNotInTrf, "{0} (\"{1}\") is no player of the TRF, by FIDE id or by name",
     "{0} («{1}») no son ningún jugador del TRF, ni por id FIDE ni por nombre"},
    {Msg::NotPairedInRound, "The TRF does not pair these two players in round {0}",
     "El TRF no empareja a estos dos jugadores en la ronda {0}"},
    {Msg::TrfErrorAt, "TRF line {0}, column {1}: {2}", "línea {0} del TRF, columna {1}: {2}"},
    {Msg::TrfNotANumber, "a number was expected", "se esperaba un número"},
    {Msg::TrfNoStartRank, "the player line has no start rank",
     "la línea de jugador no tiene número inicial"},
    {Msg::TrfRepeatedStartRank, "the start rank was given already on line {0}",
     "el número inicial ya se dio en la línea {0}"},
    {Msg::TrfBadColour, "round {0}: the colour is not w, b or -",
     "ronda {0}: el color no es w, b ni -"},
    {Msg::TrfBadCode, "round {0}: an unknown result code",
     "ronda {0}: código de resultado desconocido"},
    {Msg::TrfPlayedWithoutOpponent, "round {0}: a played result without an opponent",
     "ronda {0}: un resultado de partida jugada sin rival"},
    {Msg::TrfUnknownOpponent, "round {0}: no player has start rank {1}",
     "ronda {0}: ningún jugador tiene el número inicial {1}"},
    {Msg::TrfPairedWithSelf, "round {0}: the player is paired with themself",
     "ronda {0}: el jugador está emparejado consigo mismo"},
    {Msg::TrfOpponentDisagrees,
     "round {0}: the line of start rank {1} does not name this player as its opponent",
     "ronda {0}: la línea del número inicial {1} no nombra a este jugador como rival"},
    {Msg::TrfSameColours, "round {0}: both players of the pairing have the same colour",
     "ronda {0}: los dos jugadores del emparejamiento tienen el mismo color"},
    {Msg::TrfResultsDisagree, "round {0}: the results of the two players do not add up",
     "ronda {0}: los resultados de los dos jugadores no cuadran"},
    {Msg::TrfHeading, "the pairing program's report (TRF)",
     "el informe del programa de emparejamientos (TRF)"},
    // Arguments: each count with its noun, in the singular for one ({0} rounds, {1} pairings,
    // {2} played, {3} forfeits, {4} byes, {5} games matched, {6} the bare count matched by name,
    // {7} played pairings, {8} and {9} games).
    {Msg::SummaryPairings,
     "\nThe pairing program's report (TRF): {0}, {1} ({2}, {3}), {4}; {5} matched to their "
     "pairing ({6} by name alone), {7} without a game, {8} without a pairing, {9} without a "
     "round.",
     "\nEl informe del programa de emparejamientos (TRF): {0}, {1} ({2}, {3}), {4}; {5} con su "
     "emparejamiento ({6} solo por el nombre), {7} sin partida, {8} sin emparejamiento, {9} sin "
     "ronda."},
    {Msg::RoundOne, "round", "ronda"},
    {Msg::RoundMany, "rounds", "rondas"},
    {Msg::PairingOne, "pairing", "emparejamiento"},
    {Msg::PairingMany, "pairings", "emparejamientos"},
    {Msg::PlayedOne, "played", "jugado"},
    {Msg::PlayedMany, "played", "jugados"},
    {Msg::ForfeitOne, "forfeit", "incomparecencia"},
    {Msg::ForfeitMany, "forfeits", "incomparecencias"},
    {Msg::ByeOne, "bye", "exento"},
    {Msg::ByeMany, "byes", "exentos"},
    {Msg::PlayedPairingOne, "played pairing", "emparejamiento jugado"},
    {Msg::PlayedPairingMany, "played pairings", "emparejamientos jugados"},
    // --format stats. The heading's arguments: games, its noun, files, its noun, games not
    // audited to the end; Spanish names the counts after a colon, so that one noun fits any.
    {Msg::StatsHeading,
     "Draw statistics of {0} {1} from {2} {3} ({4} could not be audited to the end)",
     "Estadísticas de tablas: {0} {1} de {2} {3} (no se pudieron auditar hasta el final: {4})"},
    {Msg::StatsResults, "Results", "Resultados"},
    {Msg::StatsDrawRate, "Draw rate: {0} of the {1} games with a result (1-0, 0-1 or 1/2-1/2).",
     "Proporción de tablas: {0} (partidas con resultado 1-0, 0-1 o 1/2-1/2: {1})."},
    {Msg::StatsReasons, "Why the draws were drawn (shares of the {0} draws)",
     "Por qué terminaron en tablas (porcentajes sobre el total de tablas: {0})"},
    {Msg::StatsUnexplainedOne,
     "({0} drawn record against a checkmate: no reason, a result-conflict)",
     "({0} partida anotada como tablas pese a un jaque mate: sin motivo de tablas, resultado "
     "contrario a las Leyes)"},
    {Msg::StatsUnexplainedMany,
     "({0} drawn records against a checkmate: no reason, a result-conflict)",
     "({0} partidas anotadas como tablas pese a un jaque mate: sin motivo de tablas, resultado "
     "contrario a las Leyes)"},
    {Msg::StatsByYear, "Draws by year (the Date tag; ? where it has no year)",
     "Tablas por año (la etiqueta Date; ? si no tiene año)"},
    {Msg::StatsByDecade, "Draws by decade (the Date tag; ? where it has no year)",
     "Tablas por década (la etiqueta Date; ? si no tiene año)"},
    {Msg::StatsYear, "year", "año"},
    {Msg::StatsDecade, "decade", "década"},
    // A decade's first year, then the last two digits of its last year ("1990s", "1990-99").
    {Msg::StatsDecadeLabel, "{0}s", "{0}-{1}"},
    {Msg::StatsGames, "games", "partidas"},
    {Msg::StatsDraws, "draws", "tablas"},
    {Msg::StatsDrawRateColumn, "draw rate", "% tablas"},
    // Arguments: early agreements, the moves of --min-moves-before-agreement.
    {Msg::StatsEarlyRule,
     "Early agreements: {0} draws agreed before each player had made {1} moves (9.1.1, "
     "--min-moves-before-agreement {1}) or before both had moved (5.2.3)",
     "Tablas acordadas antes de tiempo: {0}, antes de que cada jugador hubiera realizado {1} "
     "movimientos (art. 9.1.1, --min-moves-before-agreement {1}) o antes de que ambos hubieran "
     "movido (art. 5.2.3)"},
    {Msg::StatsEarlyNoRule,
     "Early agreements: {0} draws agreed before both players had moved (5.2.3); give the event's "
     "rule with --min-moves-before-agreement N (Sofia rule, 9.1.1)",
     "Tablas acordadas antes de tiempo: {0}, antes de que ambos jugadores hubieran movido (art. "
     "5.2.3); indique la norma del torneo con --min-moves-before-agreement N (regla de Sofía, "
     "art. 9.1.1)"},
    {Msg::StatsTopEvents,
     "Events with the most:", "Torneos con más tablas acordadas antes de tiempo:"},
    {Msg::StatsTopPlayers,
     "Players with the most:", "Jugadores con más tablas acordadas antes de tiempo:"},
    // Arguments: the names a table holds at most, the early agreements left out of it.
    {Msg::StatsTableCapOne,
     "(the table holds at most {0} names: {1} early agreement of names first seen after it was "
     "full are not counted in it)",
     "(la tabla admite como máximo {0} nombres: no se cuenta en ella {1} partida acordada en "
     "tablas antes de tiempo por nombres que aparecieron cuando ya estaba llena)"},
    {Msg::StatsTableCapMany,
     "(the table holds at most {0} names: {1} early agreements of names first seen after it was "
     "full are not counted in it)",
     "(la tabla admite como máximo {0} nombres: no se cuentan en ella {1} partidas acordadas en "
     "tablas antes de tiempo por nombres que aparecieron cuando ya estaba llena)"},
    {Msg::StatsLengths, "Game length in moves (records replayed to their end)",
     "Duración de las partidas en movimientos (registros reproducidos hasta el final)"},
    {Msg::StatsMean, "mean", "media"},
    {Msg::StatsMedian, "median", "mediana"},
    {Msg::StatsDecisive, "decisive", "decisivas"},
    {Msg::ClaimCorrect, "CORRECT", "CORRECTA"},
    {Msg::ClaimIncorrect, "INCORRECT", "INCORRECTA"},
    {Msg::ClaimGameOver, "GAME OVER", "PARTIDA TERMINADA"},
    {Msg::ClaimHeadCorrect, "{0}: {1} may claim a draw by {2} ({3})",
     "{0}: {1} pueden reclamar tablas por {2} ({3})"},
    {Msg::ClaimHeadIncorrect,
     "{0}: {1} may not claim a draw here: neither threefold repetition (9.2) nor the fifty-move "
     "rule (9.3) holds",
     "{0}: {1} no pueden reclamar tablas aquí: no se da la triple repetición (art. 9.2) ni la "
     "regla de los 50 movimientos (art. 9.3)"},
    {Msg::ClaimHeadGameOver, "{0}: the game had already ended {1} by {2} ({3})",
     "{0}: la partida ya había terminado {1} por {2} ({3})"},
    {Msg::ClaimGroundThreefold, "threefold repetition", "triple repetición"},
    {Msg::ClaimGroundFifty, "the fifty-move rule", "la regla de los 50 movimientos"},
    {Msg::ClaimGame, "Game {0} of {1} (line {2}): {3} - {4}",
     "Partida {0} de {1} (línea {2}): {3} - {4}"},
    {Msg::ClaimRoundBoard, ", round {0}, board {1}", ", ronda {0}, tablero {1}"},
    {Msg::ClaimMoment, "Claimed at position {1}, {0}; {2} to move.",
     "Reclamación en la posición {1}, {0}; juegan {2}."},
    {Msg::ClaimWritten, "Written move: {}.", "Jugada anotada: {}."},
    {Msg::ClaimWrittenIllegal, "Written move: {} (it cannot be played here).",
     "Jugada anotada: {} (no se puede jugar aquí)."},
    {Msg::ClaimThreefoldHead, "Threefold repetition ({1}): {0}", "Triple repetición ({1}): {0}"},
    {Msg::ClaimFiftyHead, "Fifty-move rule ({1}): {0}", "Regla de los 50 movimientos ({1}): {0}"},
    {Msg::ClaimOnBoard, "the position on the board has occurred {0}: {1}.",
     "la posición del tablero se ha dado {0}: {1}."},
    {Msg::ClaimAfterWritten, "the position after {0} has occurred {1} already: {2}.",
     "la posición tras {0} ya se ha dado {1}: {2}."},
    {Msg::ClaimNeverBefore, "the position after {0} has not occurred before.",
     "la posición tras {0} no se ha dado antes."},
    {Msg::ClaimTimesOne, "once", "una vez"},
    {Msg::ClaimTimesMany, "{} times", "{} veces"},
    {Msg::ClaimNow, " (now)", " (ahora)"},
    {Msg::ClaimLookAlike, "looks the same but is not, {0}: {1}.",
     "parece la misma pero no lo es, {0}: {1}."},
    {Msg::ClaimCastleKingside, "{} could still castle kingside", "{} aún podían enrocar corto"},
    {Msg::ClaimCastleQueenside, "{} could still castle queenside", "{} aún podían enrocar largo"},
    {Msg::ClaimEnPassantThen, "{} e.p. was possible", "se podía capturar al paso ({})"},
    {Msg::ClaimEnPassantNow, "{} e.p. is possible now", "ahora se puede capturar al paso ({})"},
    {Msg::ClaimFiftyCount, "{1} half-moves without a pawn move or capture since {0}: {2}.",
     "{1} medias jugadas sin mover un peón ni capturar desde {0}: {2}."},
    {Msg::ClaimMovesEven, "{} moves by each player", "{} jugadas de cada jugador"},
    {Msg::ClaimMovesOdd, "{} moves by each player and one half-move",
     "{} jugadas de cada jugador y media"},
    {Msg::ClaimWrittenQuiet, "the written move {} is neither a pawn move nor a capture (9.3.1).",
     "la jugada anotada {} no es de peón ni una captura (art. 9.3.1)."},
    {Msg::ClaimWrittenZeroing, "the written move {} is a pawn move or a capture.",
     "la jugada anotada {} es de peón o una captura."},
    {Msg::ClaimFollowsDrawn, "What follows: the game is drawn at once (9.5.2).",
     "Consecuencia: la partida es tablas de inmediato (art. 9.5.2)."},
    {Msg::ClaimFollowsNotPlayed, " The written move is not played.",
     " La jugada anotada no se juega."},
    {Msg::ClaimFollowsTime,
     "What follows: the remaining time of {1} is increased by {0} ({2}), and the game "
     "continues.",
     "Consecuencia: el tiempo restante de {1} aumenta en {0} ({2}) y la partida continúa."},
    {Msg::ClaimFollowsMustPlay,
     " The written move {} must now be played (9.5.3, Articles 3 and 4).",
     " Ahora se debe jugar la jugada anotada {} (art. 9.5.3, artículos 3 y 4)."},
    {Msg::ClaimFollowsOver, "What follows: no claim can be made: the game ended {0} by {1} ({2}).",
     "Consecuencia: no cabe reclamación: la partida terminó {0} por {1} ({2})."},
    {Msg::ClaimShouldHaveStopped,
     " The arbiter should have stopped the game there; every later move is void (9.6).",
     " El árbitro debía haber detenido la partida allí; toda jugada posterior es nula (art. 9.6)."},
    {Msg::ClaimDrawOffer,
     "A claim is also a draw offer (9.1.2.3): the opponent may still accept it.",
     "Una reclamación es también una oferta de tablas (art. 9.1.2.3): el adversario aún puede "
     "aceptarla."},
    {Msg::ClaimTouched,
     "A player who touched a piece before claiming has lost the claim for this move (9.4); the "
     "record cannot show that.",
     "Quien tocó una pieza antes de reclamar ha perdido el derecho a reclamar en esta jugada "
     "(art. 9.4); la planilla no puede mostrarlo."},
    {Msg::ClaimMinuteOne, "one minute", "un minuto"},
    {Msg::ClaimMinutesMany, "{} minutes", "{} minutos"},
    {Msg::ClaimNotes, "Notes:", "Notas:"},
    {Msg::ClaimNoteIllegal,
     "the written move {} cannot be played: the claim is incorrect on both grounds; Article 4 "
     "and 7.5 decide what the player must do now.",
     "la jugada anotada {} no se puede jugar: la reclamación es incorrecta por ambos motivos; el "
     "artículo 4 y el art. 7.5 deciden qué debe hacer ahora el jugador."},
    {Msg::ClaimNoteMates,
     "the written move {} would checkmate; a claim cannot be withdrawn (9.5.1), so a correct "
     "claim still ends the game as a draw.",
     "la jugada anotada {} daría jaque mate; una reclamación no se puede retirar (art. 9.5.1), "
     "así que una reclamación correcta termina igualmente la partida en tablas."},
    {Msg::ClaimNoteEnded, "the game had already ended {0} by {1}.",
     "la partida ya había terminado {0} por {1}."},
    {Msg::ClaimNoteTimeControl,
     "the time control is not known (no TimeControl tag, no --time-control): ruled as standard "
     "play.",
     "no se conoce el ritmo de juego (sin etiqueta TimeControl ni --time-control): se aplica el "
     "ajedrez estándar."},
    {Msg::ClaimNoteEarlier,
     "{0} could already claim by {1} at position {2}; the right is per move, so that does not "
     "count against this claim.",
     "{0} ya podían reclamar por {1} en la posición {2}; el derecho es de cada jugada, así que "
     "eso no cuenta contra esta reclamación."},
    {Msg::ClaimBoardClaimed,
     "The claimed position, {0} ({1} to move):", "La posición reclamada, {0} (juegan {1}):"},
    {Msg::ClaimBoardAfterWritten, "After the written move {}:", "Tras la jugada anotada {}:"},
    {Msg::ClaimHtmlTitle, "Claim in game {}", "Reclamación en la partida {}"},
    {Msg::ClaimHtmlOccurrences, "The occurrences", "Las veces que se ha dado"},
    {Msg::ClaimHtmlLookAlikes, "Looks the same, but is not", "Parece la misma, pero no lo es"},
    {Msg::ClaimRound, ", round {}", ", ronda {}"},
    {Msg::ClaimHeadCorrectBoth, "{0}: {1} may claim a draw by {2} ({3}) and by {4} ({5})",
     "{0}: {1} pueden reclamar tablas por {2} ({3}) y por {4} ({5})"},
    {Msg::ClaimFiftyCountOne, "1 half-move without a pawn move or capture since {0}: {1}.",
     "1 media jugada sin mover un peón ni capturar desde {0}: {1}."},
    {Msg::ClaimMovesHalfOnly, "one half-move", "media jugada"},
    {Msg::ClaimMovesEvenOne, "1 move by each player", "1 jugada de cada jugador"},
    {Msg::ClaimMovesOddOne, "1 move by each player and one half-move",
     "1 jugada de cada jugador y media"},
    {Msg::ClaimErrorGame, ": game {}", ": partida {}"},
    {Msg::ClaimErrorNoGame, "no game in the file", "no hay ninguna partida en el archivo"},
    {Msg::ClaimErrorNoMatch, "no game matches; the games of the file:",
     "ninguna partida coincide; las partidas del archivo:"},
    {Msg::ClaimErrorSeveral,
     "{} games match; choose one with --game, --round and --board, or --player:",
     "coinciden {} partidas; elija una con --game, --round y --board, o --player:"},
    {Msg::ClaimErrorCandidate, "  game {0} (line {1}): round {2}, board {3}: {4} - {5}",
     "  partida {0} (línea {1}): ronda {2}, tablero {3}: {4} - {5}"},
    {Msg::ClaimErrorMoreGames, "  and {} more", "  y {} más"},
    {Msg::ClaimErrorTooLarge,
     "larger than {} MiB: claim reads its file whole (memory stays bounded); give it the round's "
     "file or the game alone",
     "mayor de {} MiB: claim lee el archivo entero (la memoria queda acotada); dele el archivo de "
     "la ronda o la partida sola"},
    {Msg::ClaimErrorUnreplayable,
     "the record cannot be replayed {0}: {1}; --at names an earlier move",
     "la planilla no se puede reproducir {0}: {1}; --at indica una jugada anterior"},
    {Msg::ClaimErrorPast, "past {}", "más allá de {}"},
    {Msg::ClaimErrorFromStart, "from its start", "desde el inicio"},
    {Msg::ClaimErrorPlyPast, "position {0} is past the record, which ends at position {1}",
     "la posición {0} está más allá de la planilla, que termina en la posición {1}"},
    {Msg::ClaimErrorMoveUnreadable, "--move {0}: not a move ({1})",
     "--move {0}: no es una jugada ({1})"},
    {Msg::ClaimErrorMoveAmbiguous,
     "--move {0} is ambiguous [written-move-ambiguous]: it could be {1}",
     "--move {0} es ambigua [written-move-ambiguous]: puede ser {1}"},
    {Msg::ClaimErrorAtNoSuchMove, "--at {0}: the record has no such move (it ends at position {1})",
     "--at {0}: la planilla no tiene esa jugada (termina en la posición {1})"},
    {Msg::ClaimErrorAtRecorded, "--at {0}: the record has {1} there",
     "--at {0}: la planilla tiene {1} ahí"},
    {Msg::ClaimErrorAtUnreadable,
     "--at {}: not a move of the record as \"40... Rd8\", \"41. Kc2\" or \"start\"",
     "--at {}: no es una jugada de la planilla como \"40... Td8\", \"41. Rc2\" o \"start\""},
    {Msg::WatchAlert, "ALERT", "ALERTA"},
    {Msg::WatchNotice, "notice", "nota"},
    {Msg::WatchWithdrawn, "withdrawn", "retirada"},
    {Msg::WatchBoard, "board {}", "tablero {}"},
    {Msg::WatchWithdrawnSays, "No longer holds: {}", "Ya no se cumple: {}"},
    {Msg::WatchGameFinished, "The game finished {}", "La partida terminó {}"},
    {Msg::WatchFileUnreadable, "The file cannot be read ({}); it is watched until it can.",
     "No se puede leer el archivo ({}); se sigue vigilando hasta que se pueda."},
    {Msg::WatchRuleGameFinished, "game-finished", "partida terminada"},
    {Msg::WatchRuleFileUnreadable, "file-unreadable", "archivo ilegible"},
    {Msg::WatchSummary, "drawaudit watch: {} boards; {} alerts, {} notices, {} withdrawn.",
     "drawaudit watch: {} tableros; {} alertas, {} notas, {} retiradas."},
    {Msg::WatchPageTitle, "Live round", "Ronda en directo"},
    {Msg::WatchPageUpdated, "Updated {} UTC; the page reloads every {} s.",
     "Actualizada a las {} UTC; la página se recarga cada {} s."},
    {Msg::WatchNoGames, "No game read yet.", "Aún no se ha leído ninguna partida."},
    {Msg::WatchNoMoves, "no move yet", "sin jugadas"},
    {Msg::WatchInProgress, "in progress", "en juego"},
    {Msg::WatchLastMove, "last move {}", "última jugada {}"},
    {Msg::WatchOpenClaims, "Claims open", "Reclamaciones posibles"},
    {Msg::WatchAlerts, "Alerts", "Alertas"},
    {Msg::HtmlPairing, "Pairing (TRF)", "Emparejamiento (TRF)"},
    {Msg::HtmlPairingOf,
     "round {0}: {1} (start number {2}) – {3} (start number {4}), result codes {5} {6}, "
     "TRF line {7}",
     "ronda {0}: {1} (número inicial {2}) – {3} (número inicial {4}), códigos de resultado "
     "{5} {6}, línea {7} del TRF"},
    {Msg::HtmlMatchedByFideId, "players found by FIDE id",
     "jugadores identificados por su id FIDE"},
    {Msg::HtmlMatchedByName, "players found by name alone",
     "jugadores identificados solo por el nombre"},
    {Msg::HtmlTrfSection, "{}: the pairing program's report (TRF)",
     "{}: el informe del programa de emparejamientos (TRF)"},
    {Msg::HtmlPairingCell, "no. {0} \u2013 no. {1}: {2} {3}", "n.º {0} \u2013 n.º {1}: {2} {3}"},
    {Msg::HtmlPairingByName, " (by name)", " (por el nombre)"},
    {Msg::SanTooShort, "too short for a move", "demasiado corta para ser una jugada"},
    {Msg::SanNotCastling, "not a castling move", "no es un enroque"},
    {Msg::SanNoPieceLetterOrFile, "does not start with a piece letter or a file",
     "no empieza por la letra de una pieza ni por una columna"},
    {Msg::SanNoSquareAtEnd, "does not end in a square", "no termina en una casilla"},
    {Msg::SanUnknownPieceLetter, "unknown piece letter", "letra de pieza desconocida"},
    {Msg::SanUnexpectedCharacter, "unexpected character", "carácter inesperado"},
    {Msg::SanUnexpectedInPawnCapture, "unexpected character in a pawn capture",
     "carácter inesperado en una captura de peón"},
    {Msg::SanNoCastlingRight, "no castling right on that side",
     "no queda derecho a enrocar por ese lado"},
    {Msg::SanCastlingBlocked, "castling is not possible in this position",
     "el enroque no es posible en esta posición"},
    {Msg::SanSquareOccupied, "the square is occupied", "la casilla está ocupada"},
    {Msg::SanNoPawnCanAdvance, "no pawn can advance there", "ningún peón puede avanzar allí"},
    {Msg::SanPawnCapturesOnAdjacentFile, "a pawn captures on an adjacent file",
     "un peón captura en una columna contigua"},
    {Msg::SanNoPawnCanCapture, "no pawn can capture there", "ningún peón puede capturar allí"},
    {Msg::SanNoPawnToCaptureWith, "no pawn there to capture with",
     "no hay ahí ningún peón que capture"},
    {Msg::SanEnPassantIsNoPromotion, "en passant is no promotion",
     "la captura al paso no es una promoción"},
    {Msg::SanEnPassantExposesKing, "the en-passant capture would expose the king",
     "la captura al paso dejaría al rey en jaque"},
    {Msg::SanNothingToCapture, "nothing to capture there", "no hay nada que capturar allí"},
    {Msg::SanPawnMustPromote, "a pawn reaching the last rank must promote",
     "un peón que llega a la última fila debe promocionar"},
    {Msg::SanOnlyLastRankPromotes, "only a pawn reaching the last rank promotes",
     "solo promociona un peón que llega a la última fila"},
    {Msg::SanOnlyPawnPromotes, "only a pawn promotes", "solo promociona un peón"},
    {Msg::SanLeavesKingInCheck, "the move leaves the king in check",
     "la jugada deja al rey en jaque"},
    {Msg::SanKingCannotReach, "the king cannot reach that square",
     "el rey no puede llegar a esa casilla"},
    {Msg::SanOwnPieceOnSquare, "the square holds an own piece",
     "en la casilla hay una pieza propia"},
    {Msg::SanKingWouldBeInCheck, "the king would be in check", "el rey quedaría en jaque"},
    {Msg::SanNoPieceCanReach, "no {} can reach that square",
     "no hay {} que pueda llegar a esa casilla"},
    {Msg::SanSeveralPiecesCanMove, "more than {} can move there", "más de {} puede ir allí"},
    {Msg::SanPiecePawn, "pawn", "peón"},
    {Msg::SanPieceKnight, "knight", "caballo"},
    {Msg::SanPieceBishop, "bishop", "alfil"},
    {Msg::SanPieceRook, "rook", "torre"},
    {Msg::SanPieceQueen, "queen", "dama"},
    {Msg::SanPieceKing, "king", "rey"},
    {Msg::SanOnePiecePawn, "one pawn", "un peón"},
    {Msg::SanOnePieceKnight, "one knight", "un caballo"},
    {Msg::SanOnePieceBishop, "one bishop", "un alfil"},
    {Msg::SanOnePieceRook, "one rook", "una torre"},
    {Msg::SanOnePieceQueen, "one queen", "una dama"},
    {Msg::SanOnePieceKing, "one king", "un rey"},
    // FEN refusals and repairs (issue 26): chess::FenProblem in its order, then the colours.
    {Msg::FenTooManyFields, "more than 6 fields", "más de 6 campos"},
    {Msg::FenTooFewFields,
     "{7} fields instead of 6 (at least placement, side, castling, en passant)",
     "{7} campos en lugar de 6 (al menos colocación, turno, enroque y al paso)"},
    {Msg::FenRankSquares, "field 1 (placement): rank {6} has {7} squares",
     "campo 1 (colocación): la fila {6} tiene {7} casillas"},
    {Msg::FenRankOverflow, "field 1 (placement): rank {6} has more than 8 squares",
     "campo 1 (colocación): la fila {6} tiene más de 8 casillas"},
    {Msg::FenTooManyRanks, "field 1 (placement): more than 8 ranks",
     "campo 1 (colocación): más de 8 filas"},
    {Msg::FenRankCount, "field 1 (placement): {7} ranks instead of 8",
     "campo 1 (colocación): {7} filas en lugar de 8"},
    {Msg::FenPlacementCharacter, "field 1 (placement): unexpected character '{3}'",
     "campo 1 (colocación): carácter inesperado '{3}'"},
    {Msg::FenKingCount, "{0} has {7} kings instead of 1", "{0} tienen {7} reyes en lugar de 1"},
    {Msg::FenPawnCount, "{0} has {7} pawns", "{0} tienen {7} peones"},
    {Msg::FenPieceCount, "{0} has {7} pieces (at most 16)",
     "{0} tienen {7} piezas (como máximo 16)"},
    {Msg::FenTooManyPromoted, "{0} has more pieces than {7} missing pawns could have promoted to",
     "{0} tienen más piezas de las que {7} peones que faltan podrían haber dado al coronar"},
    {Msg::FenPawnOnBackRank, "a pawn stands on the first or last rank",
     "hay un peón en la primera o en la última fila"},
    {Msg::FenSideToMove, "field 2 (side to move): '{8}' is neither w nor b",
     "campo 2 (turno): '{8}' no es ni w ni b"},
    {Msg::FenCastlingCharacter, "field 3 (castling): unexpected character '{3}'",
     "campo 3 (enroque): carácter inesperado '{3}'"},
    {Msg::FenEnPassantField, "field 4 (en passant): '{8}' is neither a square nor '-'",
     "campo 4 (al paso): '{8}' no es ni una casilla ni '-'"},
    {Msg::FenSideNotToMoveInCheck, "the side not to move ({0}) is in check",
     "el bando que no mueve ({0}) está en jaque"},
    {Msg::FenCastlingKingOffRank,
     "castling right {3} dropped: the {1} king is not on its first rank",
     "derecho de enroque {3} suprimido: el rey {1} no está en su primera fila"},
    {Msg::FenCastlingNoRookOnRank,
     "castling right {3} dropped: no {2} rook for it on the first rank",
     "derecho de enroque {3} suprimido: no hay torre {2} para él en la primera fila"},
    {Msg::FenCastlingKingOffSquare, "castling right {3} dropped: the {1} king is not on {4}",
     "derecho de enroque {3} suprimido: el rey {1} no está en {4}"},
    {Msg::FenCastlingNoRookOn, "castling right {3} dropped: no {2} rook on {4}",
     "derecho de enroque {3} suprimido: no hay torre {2} en {4}"},
    {Msg::FenCastlingWingTaken,
     "castling right {3} dropped: {0} already castles on that wing with the rook on {4}",
     "derecho de enroque {3} suprimido: {0} ya enrocan por ese flanco con la torre de {4}"},
    {Msg::FenEnPassantRank,
     "en-passant square {4} dropped: not on the rank a double push by {0} passes",
     "casilla al paso {4} suprimida: no está en la fila que cruza un avance doble de {0}"},
    {Msg::FenEnPassantNoPawn, "en-passant square {4} dropped: no {1} pawn on {5}",
     "casilla al paso {4} suprimida: no hay peón {1} en {5}"},
    {Msg::FenEnPassantPathOccupied, "en-passant square {4} dropped: the pawn's path is occupied",
     "casilla al paso {4} suprimida: el camino del peón está ocupado"},
    {Msg::FenClocksMissing, "halfmove clock and move number missing: set to 0 and 1",
     "faltan el contador de medias jugadas y el número de jugada: se ponen a 0 y 1"},
    {Msg::FenMoveNumberMissing, "move number missing: set to 1",
     "falta el número de jugada: se pone a 1"},
    {Msg::FenHalfmoveNotNumber, "halfmove clock '{8}' is not a number: set to 0",
     "el contador de medias jugadas '{8}' no es un número: se pone a 0"},
    {Msg::FenHalfmoveTooLarge, "halfmove clock {8} is beyond {7}: set to {7}",
     "el contador de medias jugadas {8} pasa de {7}: se pone a {7}"},
    {Msg::FenMoveNumberNotPositive, "move number '{8}' is not a positive number: set to 1",
     "el número de jugada '{8}' no es un número positivo: se pone a 1"},
    {Msg::FenMoveNumberTooLarge, "move number {8} is beyond {7}: set to {7}",
     "el número de jugada {8} pasa de {7}: se pone a {7}"},
    {Msg::FenColourWhite, "white", "las blancas"},
    {Msg::FenColourBlack, "black", "las negras"},
    {Msg::FenMasculineWhite, "white", "blanco"},
    {Msg::FenMasculineBlack, "black", "negro"},
    {Msg::FenFeminineWhite, "white", "blanca"},
    {Msg::FenFeminineBlack, "black", "negra"},
    {Msg::IoCannotOpen, "cannot open: {0}", "no se puede abrir: {0}"},
    {Msg::IoReadFailed, "read: {0}", "error de lectura: {0}"},
    {Msg::IoCannotStat, "cannot stat: {0}", "no se pueden consultar sus datos: {0}"},
    {Msg::IoCannotList, "cannot list: {0}", "no se puede leer la carpeta: {0}"},
    {Msg::IoIsDirectory, "cannot read: Is a directory", "no se puede leer: es una carpeta"},
    {Msg::IoShrank, "the file became shorter while it was read ({0} bytes at the start, {1} read)",
     "el archivo se acortó mientras se leía ({0} bytes al empezar, {1} leídos)"},
    {Msg::IoShardRangeEnded, "read: the file ended before its shard's range",
     "error de lectura: el archivo termina antes del tramo de esta parte"},
    // The decompressor's failures; English as the message begins (the message goes on with the
    // decompressor's own words where it has them).
    {Msg::IoTruncated, "{0}: truncated input",
     "{0}: el archivo comprimido está truncado, termina a mitad de un bloque"},
    {Msg::IoCorrupt, "{0}: corrupt data", "{0}: datos comprimidos dañados"},
    {Msg::IoBadHeader, "{0}: bad stream header", "{0}: la cabecera no es de un flujo {0}"},
    {Msg::IoOutOfMemory, "{0}: out of memory", "{0}: no hay memoria suficiente"},
    {Msg::ErrnoNoEntry, "No such file or directory", "no existe el archivo o el directorio"},
    {Msg::ErrnoAccess, "Permission denied", "permiso denegado"},
    {Msg::ErrnoIsDirectory, "Is a directory", "es un directorio"},
    {Msg::ErrnoNotDirectory, "Not a directory", "no es un directorio"},
    {Msg::ErrnoLoop, "Too many levels of symbolic links",
     "demasiados niveles de enlaces simbólicos"},
    {Msg::ErrnoNameTooLong, "File name too long", "nombre de archivo demasiado largo"},
    {Msg::ErrnoIo, "Input/output error", "error de entrada/salida"},
    {Msg::ErrnoTooManyFiles, "Too many open files", "demasiados archivos abiertos"},
    {Msg::ErrnoNoMemory, "Cannot allocate memory", "no hay memoria suficiente"},
    {Msg::ErrnoNoSpace, "No space left on device", "no queda espacio en el dispositivo"},
    {Msg::ErrnoBrokenPipe, "Broken pipe", "la tubería se ha cerrado"},
    {Msg::ErrnoReadOnly, "Read-only file system", "el sistema de archivos es de solo lectura"},
    {Msg::ErrnoQuota, "Disk quota exceeded", "se ha superado la cuota de disco"},
    {Msg::LogNoPgnFiles, "no PGN files (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) in the given paths",
     "no hay archivos PGN (*.pgn, *.pgn.zst, *.pgn.gz, *.pgn.bz2) en las rutas dadas"},
    {Msg::LogNulBytes, "{0}: {1} NUL bytes read as blank space (a preallocated or truncated file?)",
     "{0}: {1} bytes NUL leídos como espacio en blanco (¿un archivo reservado de antemano o "
     "truncado?)"},
    {Msg::LogInvalidUtf8,
     "some of the input's text was not valid UTF-8: the report shows each such byte as U+FFFD ({0} "
     "replaced)",
     "parte del texto de la entrada no era UTF-8 válido: el informe muestra cada uno de esos bytes "
     "como U+FFFD ({0} sustituidos)"},
    {Msg::LogNoInput, "no input: give PGN files, directories or - for standard input (see --help)",
     "no hay entrada: indique archivos PGN, carpetas o - para la entrada estándar (véase --help)"},
    {Msg::TrfCannotRead, "cannot read the --trf file {0}", "no se puede leer el archivo --trf {0}"},
    {Msg::TrfCannotReadBecause, "cannot read the --trf file {0}: {1}",
     "no se puede leer el archivo --trf {0}: {1}"},
    {Msg::OutStandardOutput, "standard output", "la salida estándar"},
    {Msg::OutCannotWriteReport, "{0}: cannot write the report",
     "{0}: no se puede escribir el informe"},
    {Msg::OutCannotWriteReportBecause, "{0}: cannot write the report: {1}",
     "{0}: no se puede escribir el informe: {1}"},
    {Msg::OutCannotWriteStatistics, "{0}: cannot write the statistics: {1}",
     "{0}: no se pueden escribir las estadísticas: {1}"},
    {Msg::OutInterruptedStandardOutput, "interrupted; the report on standard output is incomplete",
     "interrumpido; el informe en la salida estándar está incompleto"},
    {Msg::OutInterruptedInPlace, "interrupted; the report written to {0} is incomplete",
     "interrumpido; el informe escrito en {0} está incompleto"},
    {Msg::OutInterruptedNoReport, "interrupted; no report written",
     "interrumpido; no se ha escrito ningún informe"},
    {Msg::LogLevelTrace, "trace", "traza"},
    {Msg::LogLevelDebug, "debug", "depuración"},
    {Msg::LogLevelInfo, "info", "información"},
    {Msg::LogLevelWarning, "warning", "aviso"},
    {Msg::LogLevelError, "error", "error"},
    {Msg::LogLevelCritical, "critical", "error grave"},
    // PGN reader's problems (issue 26): pgn::PgnProblem in its order.
    {Msg::PgnTagWithoutName, "bad tag pair: expected a tag name after '['",
     "par de etiqueta incorrecto: falta el nombre de la etiqueta tras '['"},
    {Msg::PgnTagValueNotOpened, "bad tag pair: expected '\"' to open the tag value",
     "par de etiqueta incorrecto: falta la '\"' que abre el valor de la etiqueta"},
    {Msg::PgnTagValueNotClosed, "bad tag pair: expected '\"]' to close the tag value on its line",
     "par de etiqueta incorrecto: falta el '\"]' que cierra el valor de la etiqueta en su línea"},
    {Msg::PgnUnknownTokenInMoves,
     "unknown token: expected a move, a move number or a game termination marker",
     "elemento desconocido: se esperaba una jugada, un número de jugada o un marcador de fin de "
     "partida"},
    {Msg::PgnUnknownToken,
     "unknown token: expected a move, a move number, a comment, a NAG, a variation or a game "
     "termination marker",
     "elemento desconocido: se esperaba una jugada, un número de jugada, un comentario, un NAG, "
     "una variante o un marcador de fin de partida"},
    {Msg::PgnNonAsciiToken, "unknown token: non-ASCII text where a move was expected",
     "elemento desconocido: texto no ASCII donde se esperaba una jugada"},
    {Msg::PgnUnterminatedComment, "unterminated comment: expected '}}' before the end of the game",
     "comentario sin cerrar: falta '}}' antes del final de la partida"},
    {Msg::PgnUnterminatedVariation,
     "unterminated variation: expected ')' before the end of the game",
     "variante sin cerrar: falta ')' antes del final de la partida"},
    {Msg::PgnUnterminatedVariationAtMarker,
     "unterminated variation: expected ')' before the game termination marker",
     "variante sin cerrar: falta ')' antes del marcador de fin de partida"},
    {Msg::PgnUnbalancedParenthesis, "unbalanced ')': no variation is open",
     "')' desparejado: no hay ninguna variante abierta"},
    {Msg::PgnUnbalancedBrace, "unbalanced '}}': no comment is open",
     "'}}' desparejada: no hay ningún comentario abierto"},
    {Msg::PgnBadNag, "bad NAG: expected a number after '$'",
     "NAG incorrecto: falta un número tras '$'"},
    {Msg::PgnTooManyPlies, "game longer than {0} plies (--max-plies): the rest of it is not read",
     "partida de más de {0} medias jugadas (--max-plies): el resto no se lee"},
    {Msg::PgnTooDeep,
     "variations nested deeper than {0} (--max-variation-depth): the rest of the game is not read",
     "variantes anidadas a más de {0} niveles (--max-variation-depth): el resto de la partida no "
     "se lee"},
    {Msg::PgnGameTooLong,
     "game too long to hold (over the size limit, --max-game-bytes, 64 MiB by default): skipped up "
     "to the next game",
     "partida demasiado larga para leerla (pasa del límite de tamaño, --max-game-bytes, 64 MiB por "
     "omisión): se salta hasta la partida siguiente"},
    {Msg::PgnInputEndsInsideGame,
     "the input ends inside this game ({1}): the game is incomplete and not audited",
     "la entrada termina dentro de esta partida ({1}): la partida está incompleta y no se audita"},
}};

constexpr bool catalog_in_order() {
    for (std::size_t i = 0; i < catalog.size(); ++i) {
        if (static_cast<std::size_t>(catalog[i].key) != i) return false;
    }
    return true;
}
static_assert(catalog_in_order(), "catalog entries must follow the order of Msg");

using audit::MessageArgs;
using audit::MessageId;
using audit::OccurrenceWords;
using chess::UnwinnableProof;

// Descriptor tables: the words of each value of an enum that several sentences name.
struct TerminationWords {
    audit::Termination termination;
    Msg reason;  // "checkmate", "75-move rule", as "ended ... by {}" says it
};
constexpr std::array<TerminationWords, 5> termination_words{{
    {audit::Termination::Checkmate, Msg::ReasonCheckmate},
    {audit::Termination::Stalemate, Msg::ReasonStalemate},
    {audit::Termination::DeadPosition, Msg::ReasonDeadPosition},
    {audit::Termination::Fivefold, Msg::ReasonFivefold},
    {audit::Termination::SeventyFiveMove, Msg::ReasonSeventyFive},
}};

struct ProofWords {
    UnwinnableProof proof;
    Msg clause;  // why a side cannot checkmate ("it has too little material left ...")
};
constexpr std::array<ProofWords, 5> proof_words{{
    {UnwinnableProof::None, Msg::ProofNone},
    {UnwinnableProof::Material, Msg::ProofMaterial},
    {UnwinnableProof::LockedPawns, Msg::ProofLockedPawns},
    {UnwinnableProof::Exhausted, Msg::ProofExhausted},
    {UnwinnableProof::Reachability, Msg::ProofReachability},
}};

std::string_view proof_clause(UnwinnableProof proof, Lang lang) {
    for (const ProofWords& row : proof_words) {
        if (row.proof == proof) return text(row.clause, lang);
    }
    return text(Msg::ProofNone, lang);
}

// The rules as a person reads them: the label (RULES.md "Spanish notation") and, for SARIF's
// rule metadata (English, as every machine format), what the rule reports. In Rule's order.
struct RuleWords {
    Rule rule;
    Msg label;
    std::string_view description;
};
constexpr std::array<RuleWords, audit::RuleCount> rule_words{{
    {Rule::ThreefoldClaim, Msg::RuleThreefoldClaim,
     "The player having the move may claim a draw by threefold repetition (appeared or declared)"},
    {Rule::FiftyMoveClaim, Msg::RuleFiftyMoveClaim,
     "The player having the move may claim a draw: 50 moves each without a pawn move or capture"},
    {Rule::FivefoldDraw, Msg::RuleFivefoldDraw,
     "The same position appeared five times: the game was drawn automatically"},
    {Rule::SeventyFiveMoveDraw, Msg::RuleSeventyFiveMoveDraw,
     "75 moves each without a pawn move or capture: the game was drawn automatically"},
    {Rule::Checkmate, Msg::RuleCheckmate, "The game ended by checkmate"},
    {Rule::Stalemate, Msg::RuleStalemate, "The game ended by stalemate"},
    {Rule::DeadPosition, Msg::RuleDeadPosition,
     "Neither side can checkmate (insufficient material): the game ended in a dead position"},
    {Rule::MovesAfterEnd, Msg::RuleMovesAfterEnd,
     "Moves were recorded after the game had ended automatically"},
    {Rule::ResultConflict, Msg::RuleResultConflict,
     "The recorded result differs from the result the rules give"},
    {Rule::ResultMismatch, Msg::RuleResultMismatch,
     "The Result tag differs from the game termination marker of the movetext"},
    {Rule::EarlyAgreement, Msg::RuleEarlyAgreement,
     "A draw was agreed before both players had made enough moves"},
    {Rule::IllegalMove, Msg::RuleIllegalMove,
     "A recorded move is illegal, ambiguous or unreadable"},
    {Rule::ParseError, Msg::RuleParseError, "The PGN text of the game is malformed"},
    {Rule::BadFen, Msg::RuleBadFen, "The FEN tag is malformed or describes an impossible position"},
    {Rule::FenRepaired, Msg::RuleFenRepaired, "The FEN tag was repaired to what the pieces allow"},
    {Rule::UnsupportedVariant, Msg::RuleUnsupportedVariant,
     "The game is of a variant other than standard chess or Chess960"},
    {Rule::NullMove, Msg::RuleNullMove,
     "The movetext holds a null move; the game cannot be replayed past it"},
    {Rule::DuplicateGame, Msg::RuleDuplicateGame,
     "The game (start position, moves, White and Black) is recorded again in the collection"},
    {Rule::DuplicateConflict, Msg::RuleDuplicateConflict,
     "The game is recorded again in the collection with a different result"},
    {Rule::BroadcastResultSignal, Msg::RuleBroadcastResultSignal,
     "The last recorded moves are the e-board's kings-to-the-centre result signal, not moves"},
    {Rule::ResultTagInvalid, Msg::RuleResultTagInvalid,
     "The Result tag or the final marker is not 1-0, 0-1, 1/2-1/2 or *"},
    {Rule::PairingResultMismatch, Msg::RulePairingResultMismatch,
     "The pairing program's result (TRF) differs from the game's Result tag"},
    {Rule::PairingColours, Msg::RulePairingColours,
     "The pairing program (TRF) paired the players with the other colours"},
    {Rule::PairingForfeitPlayed, Msg::RulePairingForfeitPlayed,
     "The pairing program (TRF) records a forfeit for a game that was played"},
    {Rule::PairingMissingGame, Msg::RulePairingMissingGame,
     "A pairing the TRF gives as played has no game in the input"},
    {Rule::GameWithoutPairing, Msg::RuleGameWithoutPairing,
     "A game whose players the TRF does not pair in its round"},
    {Rule::TrfError, Msg::RuleTrfError,
     "A line of the TRF is malformed, or the two lines of a pairing disagree"},
}};

constexpr bool rules_in_order() {
    for (std::size_t i = 0; i < rule_words.size(); ++i) {
        if (static_cast<std::size_t>(rule_words[i].rule) != i) return false;
    }
    return true;
}
static_assert(rules_in_order(), "rule_words must follow the order of audit::Rule");

// The draw reasons (RULES.md "Why each draw happened"), in DrawReason's order after None: the
// label the summaries show and the verdict's sentence.
struct DrawReasonWords {
    audit::DrawReason reason;
    Msg label, sentence;
};
constexpr std::array<DrawReasonWords, audit::DrawReasonCount - 1> draw_reason_words{{
    {audit::DrawReason::Stalemate, Msg::DrawReasonStalemate, Msg::DrawnStalemate},
    {audit::DrawReason::DeadPosition, Msg::DrawReasonDeadPosition, Msg::DrawnDeadPosition},
    {audit::DrawReason::Fivefold, Msg::DrawReasonFivefold, Msg::DrawnFivefold},
    {audit::DrawReason::SeventyFiveMove, Msg::DrawReasonSeventyFive, Msg::DrawnSeventyFive},
    {audit::DrawReason::PerpetualCheck, Msg::DrawReasonPerpetual, Msg::DrawnPerpetual},
    {audit::DrawReason::ThreefoldRepetition, Msg::DrawReasonThreefold, Msg::DrawnThreefold},
    {audit::DrawReason::FiftyMove, Msg::DrawReasonFifty, Msg::DrawnFifty},
    {audit::DrawReason::TimeForfeit, Msg::DrawReasonTimeForfeit, Msg::DrawnTimeForfeit},
    {audit::DrawReason::EarlyAgreement, Msg::DrawReasonEarlyAgreement, Msg::DrawnEarlyAgreement},
    {audit::DrawReason::Agreement, Msg::DrawReasonAgreement, Msg::DrawnAgreement},
}};

constexpr bool draw_reasons_in_order() {
    for (std::size_t i = 0; i < draw_reason_words.size(); ++i) {
        if (static_cast<std::size_t>(draw_reason_words[i].reason) != i + 1) return false;
    }
    return true;
}
static_assert(draw_reasons_in_order(), "draw_reason_words must follow the order of DrawReason");

const DrawReasonWords* words_of(audit::DrawReason reason) {
    const auto i = static_cast<std::size_t>(reason);
    if (i == 0 || i > draw_reason_words.size()) return nullptr;
    return &draw_reason_words[i - 1];
}

// "after 32. Kd3, 34. Kd3" (or "at the start, after 2... Ng8"; "..., and 12 more, then ..."
// between the first and the last five of a capped list).
std::string occurrence_text(const OccurrenceWords& words, Lang lang) {
    const std::size_t listed = words.moves.size();
    const int unlisted = words.total - static_cast<int>(listed);
    std::string out;
    bool said_after = false;
    for (std::size_t i = 0; i < listed; ++i) {
        if (unlisted > 0 && i == listed / 2) {
            out += say(lang, Msg::AndMoreThen, unlisted);
        } else if (!out.empty()) {
            out += ", ";
        }
        const std::string& move = words.moves[i];
        if (move.empty()) {
            out += text(Msg::AtTheStart, lang);
            continue;
        }
        out += said_after ? move_for(lang, move) : say(lang, Msg::AfterMove, move_for(lang, move));
        said_after = true;
    }
    return out;
}

// "after 61... Qd5" / "at the start": when the game ended.
std::string ended(std::string_view ended_after, Lang lang) {
    return ended_after.empty() ? std::string(text(Msg::EndedAtStart, lang))
                               : say(lang, Msg::EndedAfter, move_for(lang, ended_after));
}

std::string duplicate_where(const Finding& f, const MessageArgs& a, Lang lang) {
    return a.duplicate_same_file
               ? say(lang, Msg::DuplicateWhere, f.duplicate_game)
               : say(lang, Msg::DuplicateWhereIn, f.duplicate_game, f.duplicate_file);
}

std::string_view result_or_none(std::string_view result, Lang lang) {
    if (result.empty()) return text(Msg::NoResultTag, lang);
    if (result == "other") return text(Msg::AnotherResult, lang);
    return result;
}

// "e4": a square as moves name it (the same in both languages).
std::string square_name(std::uint8_t square) {
    return {static_cast<char>('a' + (square & 7)), static_cast<char>('1' + (square >> 3))};
}

std::string_view meaning_words(audit::ResultMeaning meaning, Lang lang) {
    switch (meaning) {
        case audit::ResultMeaning::WhiteWins:
            return text(Msg::MeaningWhiteWins, lang);
        case audit::ResultMeaning::BlackWins:
            return text(Msg::MeaningBlackWins, lang);
        case audit::ResultMeaning::Draw:
            return text(Msg::MeaningDraw, lang);
        case audit::ResultMeaning::DoubleForfeit:
            return text(Msg::MeaningDoubleForfeit, lang);
        case audit::ResultMeaning::Unknown:
            break;
    }
    return text(Msg::MeaningUnclear, lang);
}

// --trf: the pairing a finding names (an empty one where a record read back lacks it).
const audit::Pairing& pairing_of(const Finding& f) {
    static const audit::Pairing none;
    return f.pairing != nullptr ? *f.pairing : none;
}

std::string pairing_words(const Finding& f, Lang lang) {
    const audit::Pairing& p = pairing_of(f);
    return say(lang, Msg::PairingWords, p.round, p.white, p.black, p.trf_line);
}

// What is wrong with a TRF line: the sentences of trf::Problem, in its order.
constexpr std::array<Msg, 11> trf_problems{
    Msg::TrfNotANumber,      Msg::TrfNoStartRank,     Msg::TrfRepeatedStartRank,
    Msg::TrfBadColour,       Msg::TrfBadCode,         Msg::TrfPlayedWithoutOpponent,
    Msg::TrfUnknownOpponent, Msg::TrfPairedWithSelf,  Msg::TrfOpponentDisagrees,
    Msg::TrfSameColours,     Msg::TrfResultsDisagree,
};

std::string trf_problem(const MessageArgs& a, Lang lang) {
    const auto at = static_cast<std::size_t>(a.trf_problem);
    const Msg msg = at < trf_problems.size() ? trf_problems[at] : Msg::TrfNotANumber;
    if (msg == Msg::TrfRepeatedStartRank) return say(lang, msg, a.counts[1]);
    return say(lang, msg, a.counts[0], a.counts[1]);
}

// The sentence of message `a` about finding `f`, in `lang`.
std::string render(const Finding& f, const MessageArgs& a, Lang lang) {
    const std::string_view subject = side_subject(f.side, lang);
    switch (a.id) {
        case MessageId::Prerendered:
            return f.message;
        case MessageId::ThreefoldAppeared:
            return say(lang, Msg::ThreefoldAppeared, subject, ordinal(a.earlier.total + 1, lang),
                       occurrence_text(a.earlier, lang));
        case MessageId::ThreefoldDeclared: {
            std::string moves;
            for (const audit::DeclaredRepetition& d : a.declared) {
                if (!moves.empty()) moves += text(Msg::Or, lang);
                moves += say(lang, Msg::DeclaredMove, move_for(lang, d.move),
                             ordinal(d.before.total + 1, lang), occurrence_text(d.before, lang));
            }
            return say(lang, Msg::ThreefoldDeclared, subject, moves);
        }
        case MessageId::FiftyDeclared:
            return say(lang, Msg::FiftyDeclared, subject, move_for(lang, a.example_move));
        case MessageId::FiftyAppeared:
            return say(lang, Msg::FiftyAppeared, subject, f.halfmove_clock.value_or(0));
        case MessageId::Checkmated: {
            const bool white_mated = f.side == audit::Side::White;
            return say(lang, Msg::Checkmated, subject,
                       side_inside(white_mated ? audit::Side::Black : audit::Side::White, lang),
                       white_mated ? "0-1" : "1-0");
        }
        case MessageId::Stalemated:
            return say(lang, Msg::Stalemated, subject, side_inside(f.side, lang));
        case MessageId::DeadByMaterial:
            return std::string(text(Msg::DeadPositionDrawn, lang));
        case MessageId::DeadProved: {
            const std::string where = f.move.empty()
                                          ? std::string(text(Msg::DeadAtStart, lang))
                                          : say(lang, Msg::DeadAfter, move_for(lang, f.move));
            const std::string why =
                a.proofs[0] == a.proofs[1]
                    ? say(lang, Msg::ProofEachSide, proof_clause(a.proofs[0], lang))
                    : say(lang, Msg::ProofBySide, proof_clause(a.proofs[0], lang),
                          proof_clause(a.proofs[1], lang));
            return say(lang, Msg::DeadPositionProved, where, why);
        }
        case MessageId::FivefoldDrawn:
            return say(lang, Msg::FivefoldDrawn, ordinal(a.earlier.total + 1, lang),
                       occurrence_text(a.earlier, lang));
        case MessageId::SeventyFiveDrawn:
            return say(lang, Msg::SeventyFiveDrawn, f.halfmove_clock.value_or(0));
        case MessageId::MovesAfterEnd: {
            const int extra = f.extra_plies.value_or(0);
            return extra == 1 ? say(lang, Msg::MovesAfterEndOne, ended(a.ended_after, lang),
                                    termination_reason(a.ending, lang))
                              : say(lang, Msg::MovesAfterEndMany, ended(a.ended_after, lang),
                                    termination_reason(a.ending, lang), extra);
        }
        case MessageId::ConflictWithEnding: {
            const std::string tag = f.recorded.empty() ? std::string(text(Msg::TagMissing, lang))
                                                       : say(lang, Msg::TagSays, f.recorded);
            return say(lang, Msg::ConflictEnding, ended(a.ended_after, lang),
                       termination_reason(a.ending, lang), f.expected, tag);
        }
        case MessageId::ConflictCannotMate: {
            const audit::Side winner =
                f.recorded == "1-0" ? audit::Side::White : audit::Side::Black;
            const std::string note =
                a.quoted.empty() ? std::string() : say(lang, Msg::TerminationNote, a.quoted);
            return say(lang, Msg::ConflictCannotMate, f.recorded, side_inside(winner, lang), note,
                       proof_clause(a.proofs[0], lang));
        }
        case MessageId::ResultMismatch:
            return say(lang, Msg::Mismatch, f.recorded, f.expected);
        case MessageId::EarlyAfterMoves:
            return say(lang, Msg::EarlyBothMoved, a.counts[0], a.counts[1], a.counts[2]);
        case MessageId::EarlyBeforeBothMoved:
            return f.ply == 1 ? std::string(text(Msg::EarlyBeforeOne, lang))
                              : say(lang, Msg::EarlyBeforeMany, f.ply);
        case MessageId::IllegalMove:
            if (a.san_refusal)
                return say(lang, Msg::IllegalMove, move_for(lang, f.move),
                           san_refusal_text(*a.san_refusal, lang));
            // A record's reason that no refusal of this version words (else the replay's).
            return say(
                lang, Msg::IllegalMove, move_for(lang, f.move),
                a.reason.empty() ? text(Msg::ReplayRefused, lang) : std::string_view(a.reason));
        case MessageId::NullMove:
            return say(lang, Msg::NullMove, move_for(lang, f.move));
        case MessageId::ParseError:
            // A record's reason that no PgnProblem words stays as it was read.
            return say(lang, Msg::ParseError, f.line, f.column,
                       a.parse_problem
                           ? pgn_problem_text(*a.parse_problem, a.parse_limit,
                                              io_cause_text(a.io_cause, a.reason, lang), lang)
                           : a.reason);
        case MessageId::SetUpWithoutFen:
            return std::string(text(Msg::SetUpWithoutFen, lang));
        case MessageId::FenCannotBeSetUp:
            // A record's reason that no FenProblem words stays as it was read.
            return say(lang, Msg::FenCannotBeSetUp, a.quoted,
                       a.fen_error ? fen_reason_text(*a.fen_error, lang) : a.reason);
        case MessageId::FenRepaired:
            return say(lang, Msg::FenRepaired,
                       a.fen_repairs.empty() ? a.reason : fen_repairs_text(a.fen_repairs, lang));
        case MessageId::UnsupportedVariant:
            return say(lang, Msg::UnsupportedVariant, a.quoted);
        case MessageId::DuplicateGame:
            return say(lang, Msg::DuplicateGame, duplicate_where(f, a, lang));
        case MessageId::DuplicateConflict:
            return say(lang, Msg::DuplicateConflict, duplicate_where(f, a, lang),
                       result_or_none(a.earlier_result, lang), result_or_none(f.recorded, lang));
        case MessageId::BroadcastSignal: {
            const std::string tag = f.recorded.empty() ? std::string(text(Msg::TagMissing, lang))
                                    : f.recorded == f.expected
                                        ? std::string(text(Msg::SignalTagAgrees, lang))
                                        : say(lang, Msg::TagSays, f.recorded);
            return say(lang, Msg::BroadcastSignal, square_name(a.king_squares[0]),
                       square_name(a.king_squares[1]), f.expected, tag);
        }
        case MessageId::ResultInvalid: {
            const std::string meaning =
                a.result_meaning == audit::ResultMeaning::Unknown
                    ? std::string(text(Msg::MeaningUnclear, lang))
                    : say(lang, Msg::MeaningClause, meaning_words(a.result_meaning, lang));
            return say(lang, a.result_in_marker ? Msg::ResultInvalidMarker : Msg::ResultInvalidTag,
                       a.quoted, meaning);
        }
        case MessageId::PairingResultMismatch:
            return say(lang, Msg::PairingResultMismatch, f.expected, pairing_words(f, lang),
                       result_or_none(f.recorded, lang));
        case MessageId::PairingResultAgainstRules:
            return say(lang, Msg::PairingResultAgainstRules, f.expected, pairing_words(f, lang),
                       result_or_none(f.recorded, lang), termination_reason(a.ending, lang),
                       a.quoted);
        case MessageId::PairingColours: {
            const audit::Pairing& p = pairing_of(f);
            return say(lang, Msg::PairingColours, p.round, p.white, p.black, p.trf_line);
        }
        case MessageId::PairingForfeitPlayed: {
            const audit::Pairing& p = pairing_of(f);
            return say(lang, Msg::PairingForfeitPlayed, p.white_code, p.black_code,
                       pairing_words(f, lang), a.counts[0]);
        }
        case MessageId::PairingMissingGame: {
            const audit::Pairing& p = pairing_of(f);
            return say(lang, Msg::PairingMissingGame, pairing_words(f, lang), p.white_code,
                       p.black_code);
        }
        case MessageId::PlayerNotInTrf:
            return say(lang, Msg::PlayerNotInTrf, subject, a.quoted);
        case MessageId::NotPairedInRound:
            return say(lang, Msg::NotPairedInRound, a.counts[0]);
        case MessageId::TrfError:
            return say(lang, Msg::TrfErrorAt, f.line, f.column, trf_problem(a, lang));
    }
    return f.message;
}

// The values a catalog entry's placeholders ({}, {0}, ...) took in `message`, by placeholder
// index; nullopt when the literal text between them does not match. The last placeholder runs
// to the last literal, which ends the message (a reader's reason may hold any text).
std::optional<std::vector<std::string_view>> placeholder_values(std::string_view pattern,
                                                                std::string_view message) {
    std::vector<std::string_view> literals;
    std::vector<std::size_t> indices;
    std::size_t from = 0;
    for (std::size_t next = 0;; ++next) {
        const std::size_t open = pattern.find('{', from);
        const std::size_t close = pattern.find('}', open);
        if (open == std::string_view::npos || close == std::string_view::npos) {
            literals.push_back(pattern.substr(from));
            break;
        }
        literals.push_back(pattern.substr(from, open - from));
        const std::string_view inside = pattern.substr(open + 1, close - open - 1);
        const bool numbered = !inside.empty() && inside[0] >= '0' && inside[0] <= '9';
        indices.push_back(numbered ? static_cast<std::size_t>(inside[0] - '0') : next);
        from = close + 1;
    }
    if (message.substr(0, literals[0].size()) != literals[0]) return std::nullopt;
    std::size_t at = literals[0].size();
    std::vector<std::string_view> values(indices.size());
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const std::string_view literal = literals[i + 1];
        std::size_t end = 0;
        if (i + 1 == indices.size()) {
            if (message.size() < at + literal.size() ||
                message.substr(message.size() - literal.size()) != literal)
                return std::nullopt;
            end = message.size() - literal.size();
        } else {
            end = message.find(literal, at);
            if (end == std::string_view::npos) return std::nullopt;
        }
        if (indices[i] >= values.size()) return std::nullopt;
        values[indices[i]] = message.substr(at, end - at);
        at = end + literal.size();
    }
    return values;
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
    return fmt::format("{}{} {}", fields[5], fields[1] == "b" ? "..." : ".", san);
}

// The occurrences before the finding's own position, from its record's fields: what its
// sentence named where the list is not capped.
OccurrenceWords earlier_from_record(const Finding& f, bool own_position_listed) {
    OccurrenceWords words;
    const bool indexed = f.occurrences.size() == f.occurrence_moves.size();
    for (std::size_t i = 0; i < f.occurrence_moves.size(); ++i) {
        if (own_position_listed && indexed && f.occurrences[i] == f.ply) continue;
        const std::string& move = f.occurrence_moves[i];
        words.moves.push_back(move == "start" ? std::string() : move);
    }
    const int total = f.occurrence_count.value_or(static_cast<int>(f.occurrences.size()));
    words.total = own_position_listed ? total - 1 : total;
    return words;
}

// An occurrence list as the English sentence wrote it (occurrence_text), read back: a capped
// list names one occurrence more than the record keeps (its first and last five count the
// finding's own position), and a declared claim's record does not say which of its occurrences
// each written move would repeat.
std::optional<OccurrenceWords> occurrences_from_english(std::string_view list) {
    const std::string_view gap = text(Msg::AndMoreThen, Lang::En);  // ", and {} more, then "
    const std::string_view gap_open = gap.substr(0, gap.find("{}"));
    const std::string_view gap_close = gap.substr(gap.find("{}") + 2);
    const std::string_view after_move = text(Msg::AfterMove, Lang::En);  // "after {}"
    const std::string_view after = after_move.substr(0, after_move.find("{}"));
    OccurrenceWords words;
    int unlisted = 0;
    std::array<std::string_view, 2> halves{list, {}};
    if (const std::size_t close = list.find(gap_close); close != std::string_view::npos) {
        const std::size_t open = list.rfind(gap_open, close);
        if (open == std::string_view::npos) return std::nullopt;
        const std::string_view digits =
            list.substr(open + gap_open.size(), close - open - gap_open.size());
        if (std::from_chars(digits.data(), digits.data() + digits.size(), unlisted).ptr !=
            digits.data() + digits.size())
            return std::nullopt;
        halves = {list.substr(0, open), list.substr(close + gap_close.size())};
    }
    for (std::string_view half : halves) {
        while (!half.empty()) {
            const std::size_t comma = half.find(", ");
            std::string_view item = half.substr(0, comma);
            half = comma == std::string_view::npos ? std::string_view() : half.substr(comma + 2);
            if (item == text(Msg::AtTheStart, Lang::En)) {
                words.moves.emplace_back();
                continue;
            }
            if (item.substr(0, after.size()) == after) item.remove_prefix(after.size());
            words.moves.emplace_back(item);
        }
    }
    words.total = static_cast<int>(words.moves.size()) + unlisted;
    return words;
}

// The moves of a declared threefold claim and the occurrences each would repeat, from its
// English sentence ("... by writing 36... Rd8+ (third occurrence; before: ...), or ...").
std::optional<std::vector<audit::DeclaredRepetition>> declared_from_english(
    std::string_view moves) {
    std::string separator(")");
    separator += text(Msg::Or, Lang::En);  // "), or "
    std::vector<audit::DeclaredRepetition> out;
    while (!moves.empty()) {
        const std::size_t end = moves.find(separator);
        const std::string_view one =
            end == std::string_view::npos ? moves : moves.substr(0, end + 1);
        moves = end == std::string_view::npos ? std::string_view()
                                              : moves.substr(end + separator.size());
        const auto values = placeholder_values(text(Msg::DeclaredMove, Lang::En), one);
        if (!values || values->size() < 3) return std::nullopt;
        auto before = occurrences_from_english((*values)[2]);
        if (!before) return std::nullopt;
        out.push_back({std::string((*values)[0]), std::move(*before)});
    }
    return out;
}

// A number a sentence quoted, or nullopt.
template <typename Int>
std::optional<Int> number_in(std::string_view digits) {
    Int n{};
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return n;
}

// The arguments of a finding read back from a record, from its fields (and the values its
// English sentence quotes from the input), accepted only when they render that sentence again:
// the first of `candidates` that does, or nullopt.
std::optional<MessageArgs> first_rendering(const Finding& f, std::vector<MessageArgs> candidates) {
    for (MessageArgs& a : candidates) {
        if (render(f, a, Lang::En) == f.message) return std::move(a);
    }
    return std::nullopt;
}

std::optional<MessageArgs> recovered_args(const Finding& f, const GameReport& game) {
    MessageArgs a;
    const auto quoted = [&](Msg msg) { return placeholder_values(text(msg, Lang::En), f.message); };
    switch (f.rule) {
        // The record's fields first; where they do not render the sentence (a list beyond ten
        // occurrences, several moves declared), the occurrences the English sentence names.
        case Rule::ThreefoldClaim: {
            std::vector<MessageArgs> candidates;
            if (f.route == audit::Route::Appeared) {
                MessageArgs& c = candidates.emplace_back();
                c.id = MessageId::ThreefoldAppeared;
                c.earlier = earlier_from_record(f, true);
                const auto values = quoted(Msg::ThreefoldAppeared);
                if (auto earlier = values ? occurrences_from_english((*values)[2]) : std::nullopt) {
                    MessageArgs& named = candidates.emplace_back();
                    named.id = MessageId::ThreefoldAppeared;
                    named.earlier = std::move(*earlier);
                }
                return first_rendering(f, std::move(candidates));
            }
            if (f.moves.size() == 1) {
                MessageArgs& c = candidates.emplace_back();
                c.id = MessageId::ThreefoldDeclared;
                c.declared.push_back(
                    {next_move(f, f.moves.front()), earlier_from_record(f, false)});
            }
            const auto values = quoted(Msg::ThreefoldDeclared);
            if (auto declared = values ? declared_from_english((*values)[1]) : std::nullopt) {
                MessageArgs& named = candidates.emplace_back();
                named.id = MessageId::ThreefoldDeclared;
                named.declared = std::move(*declared);
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::FiftyMoveClaim:
            a.id = f.route == audit::Route::Declared ? MessageId::FiftyDeclared
                                                     : MessageId::FiftyAppeared;
            if (!f.moves.empty()) a.example_move = next_move(f, f.moves.front());
            break;
        case Rule::Checkmate:
            a.id = MessageId::Checkmated;
            break;
        case Rule::Stalemate:
            a.id = MessageId::Stalemated;
            break;
        case Rule::DeadPosition: {
            std::vector<MessageArgs> candidates(1);
            candidates[0].id = MessageId::DeadByMaterial;
            for (const ProofWords& white : proof_words) {
                for (const ProofWords& black : proof_words) {
                    MessageArgs& c = candidates.emplace_back();
                    c.id = MessageId::DeadProved;
                    c.proofs = {white.proof, black.proof};
                }
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::FivefoldDraw: {
            std::vector<MessageArgs> candidates(1);
            candidates[0].id = MessageId::FivefoldDrawn;
            candidates[0].earlier = earlier_from_record(f, true);
            const auto values = quoted(Msg::FivefoldDrawn);
            if (auto earlier = values ? occurrences_from_english((*values)[1]) : std::nullopt) {
                MessageArgs& named = candidates.emplace_back();
                named.id = MessageId::FivefoldDrawn;
                named.earlier = std::move(*earlier);
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::SeventyFiveMoveDraw:
            a.id = MessageId::SeventyFiveDrawn;
            break;
        case Rule::MovesAfterEnd:
            a.id = MessageId::MovesAfterEnd;
            a.ending = game.termination;
            // The move that ended the game is the move of the ending's own finding.
            for (const Finding& other : game.findings) {
                if (game.end_ply && other.ply == *game.end_ply && !other.move.empty()) {
                    a.ended_after = other.move;
                    break;
                }
            }
            break;
        case Rule::ResultConflict: {
            if (game.end_ply) {
                a.id = MessageId::ConflictWithEnding;
                a.ending = game.termination;
                if (f.ply > 0) a.ended_after = f.move;
                break;
            }
            std::vector<MessageArgs> candidates;
            for (const ProofWords& row : proof_words) {
                MessageArgs& c = candidates.emplace_back();
                c.id = MessageId::ConflictCannotMate;
                c.quoted = game.termination_tag;
                c.proofs[0] = row.proof;
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::ResultMismatch:
            a.id = MessageId::ResultMismatch;
            break;
        case Rule::EarlyAgreement:
            if (f.article != "9.1.1") {
                a.id = MessageId::EarlyBeforeBothMoved;
                break;
            }
            if (const auto values = quoted(Msg::EarlyBothMoved)) {
                a.id = MessageId::EarlyAfterMoves;
                for (std::size_t i = 0; i < a.counts.size() && i < values->size(); ++i) {
                    const std::string_view digits = (*values)[i];
                    std::from_chars(digits.data(), digits.data() + digits.size(), a.counts[i]);
                }
            }
            break;
        case Rule::IllegalMove:
            if (const auto values = quoted(Msg::IllegalMove)) {
                a.id = MessageId::IllegalMove;
                if ((*values)[1] != text(Msg::ReplayRefused, Lang::En)) {
                    a.san_refusal = san_refusal_from_english((*values)[1]);
                    if (!a.san_refusal) a.reason = (*values)[1];
                }
            }
            break;
        case Rule::NullMove:
            a.id = MessageId::NullMove;
            break;
        case Rule::ParseError:
            if (const auto values = quoted(Msg::ParseError)) {
                a.id = MessageId::ParseError;
                if (auto why = pgn_problem_from_english((*values)[2])) {
                    a.parse_problem = why->problem;
                    a.parse_limit = why->limit;
                    a.reason = std::move(why->detail);
                    if (why->problem == pgn::PgnProblem::InputEndsInsideGame)
                        a.io_cause = io_cause_from_english(a.reason).value_or(pgn::IoCause{});
                } else {
                    a.reason = (*values)[2];
                }
            }
            break;
        case Rule::BadFen:
            if (f.message == text(Msg::SetUpWithoutFen, Lang::En)) {
                a.id = MessageId::SetUpWithoutFen;
            } else if (const auto values = quoted(Msg::FenCannotBeSetUp)) {
                a.id = MessageId::FenCannotBeSetUp;
                a.quoted = (*values)[0];
                a.fen_error = fen_error_from_english((*values)[1]);
                if (!a.fen_error) a.reason = (*values)[1];
            }
            break;
        case Rule::FenRepaired:
            if (const auto values = quoted(Msg::FenRepaired)) {
                a.id = MessageId::FenRepaired;
                if (auto repairs = fen_repairs_from_english((*values)[0]))
                    a.fen_repairs = std::move(*repairs);
                else
                    a.reason = (*values)[0];
            }
            break;
        case Rule::UnsupportedVariant:
            if (const auto values = quoted(Msg::UnsupportedVariant)) {
                a.id = MessageId::UnsupportedVariant;
                a.quoted = (*values)[0];
            }
            break;
        case Rule::DuplicateGame:
        case Rule::DuplicateConflict: {
            std::vector<MessageArgs> candidates;
            for (const bool same_file : {true, false}) {
                for (const std::string_view earlier : {"1-0", "0-1", "1/2-1/2", "*", "", "other"}) {
                    MessageArgs& c = candidates.emplace_back();
                    c.id = f.rule == Rule::DuplicateGame ? MessageId::DuplicateGame
                                                         : MessageId::DuplicateConflict;
                    c.duplicate_same_file = same_file;
                    c.earlier_result = earlier;
                    if (f.rule == Rule::DuplicateGame) break;
                }
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::BroadcastResultSignal:
            if (const auto values = quoted(Msg::BroadcastSignal)) {
                const auto square = [](std::string_view name) -> std::optional<std::uint8_t> {
                    if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' ||
                        name[1] > '8')
                        return std::nullopt;
                    return static_cast<std::uint8_t>((name[1] - '1') * 8 + (name[0] - 'a'));
                };
                const auto white = square((*values)[0]), black = square((*values)[1]);
                if (!white || !black) break;
                a.id = MessageId::BroadcastSignal;
                a.king_squares = {*white, *black};
            }
            break;
        case Rule::ResultTagInvalid:
            for (const bool in_marker : {false, true}) {
                const auto values =
                    quoted(in_marker ? Msg::ResultInvalidMarker : Msg::ResultInvalidTag);
                if (!values) continue;
                a.id = MessageId::ResultInvalid;
                a.quoted = (*values)[0];
                a.result_meaning = audit::result_meaning(a.quoted);
                a.result_in_marker = in_marker;
                break;
            }
            break;
        // --trf: the record carries the pairing (round, names, codes, TRF line); the rest
        // (how the game ended, a count, a name the TRF lacks) is read from the sentence.
        case Rule::PairingResultMismatch: {
            std::vector<MessageArgs> candidates(1);
            candidates[0].id = MessageId::PairingResultMismatch;
            if (const auto values = quoted(Msg::PairingResultAgainstRules)) {
                for (const TerminationWords& row : termination_words) {
                    if (text(row.reason, Lang::En) != (*values)[3]) continue;
                    MessageArgs& c = candidates.emplace_back();
                    c.id = MessageId::PairingResultAgainstRules;
                    c.ending = row.termination;
                    c.quoted = (*values)[4];
                }
            }
            return first_rendering(f, std::move(candidates));
        }
        case Rule::PairingColours:
            a.id = MessageId::PairingColours;
            break;
        case Rule::PairingForfeitPlayed:
            if (const auto values = quoted(Msg::PairingForfeitPlayed)) {
                const auto plies = number_in<int>((*values)[3]);
                if (!plies) break;
                a.id = MessageId::PairingForfeitPlayed;
                a.counts[0] = *plies;
            }
            break;
        case Rule::PairingMissingGame:
            a.id = MessageId::PairingMissingGame;
            break;
        case Rule::GameWithoutPairing:
            if (const auto values = quoted(Msg::PlayerNotInTrf)) {
                a.id = MessageId::PlayerNotInTrf;
                a.quoted = (*values)[1];
            } else if (const auto round = quoted(Msg::NotPairedInRound)) {
                const auto number = number_in<int>((*round)[0]);
                if (!number) break;
                a.id = MessageId::NotPairedInRound;
                a.counts[0] = *number;
            }
            break;
        case Rule::TrfError: {
            const auto values = quoted(Msg::TrfErrorAt);
            if (!values) break;
            std::vector<MessageArgs> candidates;
            for (std::uint8_t i = 0; i < trf_problems.size(); ++i) {
                const auto numbers =
                    placeholder_values(text(trf_problems[i], Lang::En), (*values)[2]);
                if (!numbers) continue;
                MessageArgs& c = candidates.emplace_back();
                c.id = MessageId::TrfError;
                c.trf_problem = static_cast<trf::Problem>(i);
                // The repeated start rank's earlier line is the problem's second number.
                const std::size_t first = trf_problems[i] == Msg::TrfRepeatedStartRank ? 1 : 0;
                for (std::size_t n = 0; n < numbers->size() && first + n < c.counts.size(); ++n) {
                    const auto number = number_in<int>((*numbers)[n]);
                    if (!number) break;
                    c.counts[first + n] = *number;
                }
            }
            return first_rendering(f, std::move(candidates));
        }
    }
    if (a.id == MessageId::Prerendered) return std::nullopt;
    std::vector<MessageArgs> one;
    one.push_back(std::move(a));
    return first_rendering(f, std::move(one));
}

// Whether a sentence names the first of the finding's other occurrences (the text report then
// does not list them again).
bool names_first_occurrence(const Finding& f, std::string_view sentence) {
    for (std::size_t i = 0; i < f.occurrence_moves.size(); ++i) {
        if (i < f.occurrences.size() && f.occurrences[i] == f.ply) continue;
        const std::string& move = f.occurrence_moves[i];
        return sentence.find(move == "start" ? std::string_view("start")
                                             : std::string_view(move)) != std::string_view::npos;
    }
    return false;
}

}  // namespace

// The token, then why it was refused: "Nf6: no knight can reach that square".
std::string san_refusal_text(const chess::SanError& error, Lang lang) {
    const auto refusal = static_cast<std::size_t>(error.refusal);
    const Msg why = static_cast<Msg>(static_cast<std::size_t>(Msg::SanTooShort) + refusal);
    std::string out = move_for(lang, error.san);
    out += ": ";
    // A refusal that names no piece keeps the king, as the reader's wording always did.
    const auto piece = static_cast<std::size_t>(std::min(chess::index_of(error.piece), 5));
    if (error.refusal == chess::SanRefusal::NoPieceCanReach)
        out +=
            say(lang, why,
                text(static_cast<Msg>(static_cast<std::size_t>(Msg::SanPiecePawn) + piece), lang));
    else if (error.refusal == chess::SanRefusal::SeveralPiecesCanMove)
        out += say(
            lang, why,
            text(static_cast<Msg>(static_cast<std::size_t>(Msg::SanOnePiecePawn) + piece), lang));
    else
        out += text(why, lang);
    return out;
}

static_assert(static_cast<std::size_t>(Msg::SanPiecePawn) -
                      static_cast<std::size_t>(Msg::SanTooShort) ==
                  chess::SanRefusalCount,
              "one Msg per chess::SanRefusal, in its order");

std::optional<chess::SanError> san_refusal_from_english(std::string_view words) {
    const std::size_t colon = words.find(": ");
    if (colon == std::string_view::npos) return std::nullopt;
    chess::SanError error{};
    error.san = std::string(words.substr(0, colon));
    for (int r = 0; r < chess::SanRefusalCount; ++r) {
        error.refusal = static_cast<chess::SanRefusal>(r);
        const bool names_piece = error.refusal == chess::SanRefusal::NoPieceCanReach ||
                                 error.refusal == chess::SanRefusal::SeveralPiecesCanMove;
        for (int p = 0; p < (names_piece ? 6 : 1); ++p) {
            error.piece = names_piece ? static_cast<chess::PieceType>(p) : chess::PieceType::None;
            if (san_refusal_text(error, Lang::En) == words) return error;
        }
    }
    return std::nullopt;
}

static_assert(static_cast<std::size_t>(Msg::FenColourWhite) -
                      static_cast<std::size_t>(Msg::FenTooManyFields) ==
                  chess::FenProblemCount,
              "one Msg per chess::FenProblem, in its order");

namespace {

// The English of the colour words is one word in every role: "white".
std::string_view fen_colour(chess::Color c, Msg white, Lang lang) {
    const auto black = static_cast<std::size_t>(c == chess::Color::Black);
    return text(static_cast<Msg>(static_cast<std::size_t>(white) + black), lang);
}

std::string fen_square(chess::Square s) {
    if (s == chess::NoSquare) return {};
    return {static_cast<char>('a' + chess::file_of(s)), static_cast<char>('1' + chess::rank_of(s))};
}

// A count as each language writes it: English as the reader always did ("1000000"), Spanish
// with its digits grouped (RULES.md "Spanish notation").
std::string fen_number(int n, Lang lang) {
    if (lang == Lang::En || n < 0) return std::to_string(n);
    return count_text(static_cast<std::uint64_t>(n), lang);
}

// The values of a catalog entry's numbered placeholders ({0} to {8}) in `words`, "" for those
// it does not name; nullopt when the literal text between them does not match or one index
// takes two values. "{{" and "}}" in the entry are braces of the text.
std::optional<std::array<std::string_view, 9>> fen_values(std::string_view pattern,
                                                          std::string_view words) {
    std::vector<std::string> literals(1);
    std::vector<std::size_t> indices;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if ((c == '{' || c == '}') && i + 1 < pattern.size() && pattern[i + 1] == c) {
            literals.back() += c;
            ++i;
        } else if (c == '{' && i + 2 < pattern.size()) {
            indices.push_back(static_cast<std::size_t>(pattern[i + 1] - '0'));
            literals.emplace_back();
            i += 2;
        } else {
            literals.back() += c;
        }
    }
    std::array<std::string_view, 9> values{};
    std::array<bool, 9> seen{};
    if (!words.starts_with(literals[0])) return std::nullopt;
    if (indices.empty()) return words == literals[0] ? std::optional(values) : std::nullopt;
    std::size_t at = literals[0].size();
    for (std::size_t i = 0; i < indices.size(); ++i) {
        const std::string& after = literals[i + 1];
        // The value runs to the next literal; the last one to the literal that ends the words.
        std::size_t end = 0;
        if (i + 1 == indices.size()) {
            if (words.size() < at + after.size() || !words.ends_with(after)) return std::nullopt;
            end = words.size() - after.size();
        } else {
            end = after.empty() ? std::string_view::npos : words.find(after, at);
            if (end == std::string_view::npos) return std::nullopt;
        }
        const std::string_view value = words.substr(at, end - at);
        if (indices[i] >= values.size() || (seen[indices[i]] && values[indices[i]] != value))
            return std::nullopt;
        seen[indices[i]] = true;
        values[indices[i]] = value;
        at = end + after.size();
    }
    return values;
}

std::optional<int> fen_int(std::string_view digits) {
    int n = 0;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (r.ec != std::errc{} || r.ptr != digits.data() + digits.size()) return std::nullopt;
    return n;
}

std::optional<chess::FenReason> fen_reason_from(std::string_view words, int first, int last) {
    for (int p = first; p < last; ++p) {
        const auto problem = static_cast<chess::FenProblem>(p);
        const Msg msg = static_cast<Msg>(static_cast<std::size_t>(Msg::FenTooManyFields) +
                                         static_cast<std::size_t>(p));
        const auto values = fen_values(text(msg, Lang::En), words);
        if (!values) continue;
        chess::FenReason r{.problem = problem};
        const std::string_view colour = !(*values)[0].empty()   ? (*values)[0]
                                        : !(*values)[1].empty() ? (*values)[1]
                                                                : (*values)[2];
        if (colour == "black") r.colour = chess::Color::Black;
        if ((*values)[3].size() == 1) r.letter = (*values)[3][0];
        const auto square = [](std::string_view name) {
            if (name.size() != 2 || name[0] < 'a' || name[0] > 'h' || name[1] < '1' ||
                name[1] > '8')
                return chess::NoSquare;
            return chess::make_square(name[0] - 'a', name[1] - '1');
        };
        r.square = square((*values)[4]);
        r.other = square((*values)[5]);
        if (!(*values)[6].empty()) r.rank = fen_int((*values)[6]).value_or(-1);
        if (!(*values)[7].empty()) r.number = fen_int((*values)[7]).value_or(-1);
        r.text = std::string((*values)[8]);
        // Only values that word the same sentence again (a colour other than white or black,
        // a number with a sign or leading zeros, ... are not ours).
        if (fen_reason_text(r, Lang::En) == words) return r;
    }
    return std::nullopt;
}

}  // namespace

std::string fen_reason_text(const chess::FenReason& r, Lang lang) {
    const Msg msg = static_cast<Msg>(static_cast<std::size_t>(Msg::FenTooManyFields) +
                                     static_cast<std::size_t>(r.problem));
    return fmt::format(fmt::runtime(text(msg, lang)),
                       fen_colour(r.colour, Msg::FenColourWhite, lang),
                       fen_colour(r.colour, Msg::FenMasculineWhite, lang),
                       fen_colour(r.colour, Msg::FenFeminineWhite, lang),
                       std::string_view(&r.letter, r.letter != 0 ? 1 : 0), fen_square(r.square),
                       fen_square(r.other), r.rank, fen_number(r.number, lang), r.text);
}

std::optional<chess::FenError> fen_error_from_english(std::string_view words) {
    auto r = fen_reason_from(words, 0, static_cast<int>(chess::kFirstFenRepair));
    if (!r) return std::nullopt;
    return chess::FenError{std::move(*r)};
}

std::string fen_repairs_text(std::span<const chess::FenRepair> repairs, Lang lang) {
    std::string out;
    for (const chess::FenRepair& repair : repairs) {
        if (!out.empty()) out += "; ";
        out += fen_reason_text(repair, lang);
    }
    return out;
}

std::optional<std::vector<chess::FenRepair>> fen_repairs_from_english(std::string_view words) {
    std::vector<chess::FenRepair> repairs;
    while (!words.empty()) {
        const std::size_t cut = words.find("; ");
        auto r = fen_reason_from(words.substr(0, cut), static_cast<int>(chess::kFirstFenRepair),
                                 chess::FenProblemCount);
        if (!r) return std::nullopt;
        repairs.push_back(chess::FenRepair{std::move(*r)});
        words = cut == std::string_view::npos ? std::string_view() : words.substr(cut + 2);
    }
    if (repairs.empty()) return std::nullopt;
    return repairs;
}

static_assert(static_cast<std::size_t>(Msg::Count) -
                      static_cast<std::size_t>(Msg::PgnTagWithoutName) ==
                  pgn::PgnProblemCount,
              "one Msg per pgn::PgnProblem, in its order, at the end of Msg");

std::string pgn_problem_text(pgn::PgnProblem problem, std::uint64_t limit, std::string_view detail,
                             Lang lang) {
    const Msg msg = static_cast<Msg>(static_cast<std::size_t>(Msg::PgnTagWithoutName) +
                                     static_cast<std::size_t>(problem));
    const std::string number = lang == Lang::En ? std::to_string(limit) : count_text(limit, lang);
    return fmt::format(fmt::runtime(text(msg, lang)), number, detail);
}

std::optional<PgnReason> pgn_problem_from_english(std::string_view words) {
    for (int p = 0; p < pgn::PgnProblemCount; ++p) {
        PgnReason r{.problem = static_cast<pgn::PgnProblem>(p)};
        const Msg msg = static_cast<Msg>(static_cast<std::size_t>(Msg::PgnTagWithoutName) +
                                         static_cast<std::size_t>(p));
        const auto values = fen_values(text(msg, Lang::En), words);
        if (!values) continue;
        const std::string_view digits = (*values)[0];
        std::from_chars(digits.data(), digits.data() + digits.size(), r.limit);
        r.detail = std::string((*values)[1]);
        // Only values that word the same sentence again.
        if (pgn_problem_text(r.problem, r.limit, r.detail, Lang::En) == words) return r;
    }
    return std::nullopt;
}

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
    if (lang == Lang::En) {
        static constexpr std::array<std::string_view, 11> words = {
            "zeroth", "first",   "second", "third", "fourth", "fifth",
            "sixth",  "seventh", "eighth", "ninth", "tenth"};
        if (n >= 0 && n < static_cast<int>(words.size()))
            return std::string(words[static_cast<std::size_t>(n)]);
        const int last = n % 10;
        const bool teen = n % 100 >= 11 && n % 100 <= 13;
        const char* suffix = teen        ? "th"
                             : last == 1 ? "st"
                             : last == 2 ? "nd"
                             : last == 3 ? "rd"
                                         : "th";
        return std::to_string(n) + suffix;
    }
    // Feminine, as "vez" asks: "por tercera vez".
    static constexpr std::array<std::string_view, 11> words = {
        "0.ª",   "primera", "segunda", "tercera", "cuarta", "quinta",
        "sexta", "séptima", "octava",  "novena",  "décima"};
    if (n >= 1 && n < static_cast<int>(words.size()))
        return std::string(words[static_cast<std::size_t>(n)]);
    return fmt::format("{}.ª", n);
}

std::string_view draw_reason_label(audit::DrawReason reason, Lang lang) {
    const DrawReasonWords* words = words_of(reason);
    return words == nullptr ? std::string_view() : text(words->label, lang);
}

std::string draw_reason_sentence(const GameReport& report, Lang lang) {
    const DrawReasonWords* words = words_of(report.draw_reason);
    if (words == nullptr) return {};
    if (report.draw_reason != audit::DrawReason::PerpetualCheck)
        return std::string(text(words->sentence, lang));
    // The moves are known where the auditor made the record (not in one read back).
    if (report.draw_first_check.empty() || report.draw_last_check.empty())
        return say(lang, Msg::DrawnPerpetualCycle, side_inside(report.draw_side, lang));
    return say(lang, Msg::DrawnPerpetual, side_inside(report.draw_side, lang),
               move_for(lang, report.draw_first_check), move_for(lang, report.draw_last_check));
}

std::string count_text(std::uint64_t n, Lang lang, std::string_view group) {
    std::string digits = std::to_string(n);
    if (digits.size() < 5) return digits;
    const std::string_view separator = lang == Lang::En ? std::string_view(",") : group;
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
        out += digits[i];
    }
    return out;
}

std::string counted_text(std::uint64_t n, Lang lang, Msg one, Msg many, std::string_view group) {
    return fmt::format("{} {}", count_text(n, lang, group), text(n == 1 ? one : many, lang));
}

std::string pairing_summary_text(const audit::PairingCounts& p, Lang lang, std::string_view group) {
    const auto counted = [&](std::uint64_t n, Msg one, Msg many) {
        return counted_text(n, lang, one, many, group);
    };
    return say(lang, Msg::SummaryPairings, counted(p.rounds, Msg::RoundOne, Msg::RoundMany),
               counted(p.pairings, Msg::PairingOne, Msg::PairingMany),
               counted(p.played, Msg::PlayedOne, Msg::PlayedMany),
               counted(p.forfeits, Msg::ForfeitOne, Msg::ForfeitMany),
               counted(p.byes, Msg::ByeOne, Msg::ByeMany),
               counted(p.matched, Msg::GameOne, Msg::GameMany),
               count_text(p.matched_by_name, lang, group),
               counted(p.missing_games, Msg::PlayedPairingOne, Msg::PlayedPairingMany),
               counted(p.games_without_pairing, Msg::GameOne, Msg::GameMany),
               counted(p.unreconciled_games, Msg::GameOne, Msg::GameMany));
}

std::string decimal_text(double value, int decimals, Lang lang) {
    std::string out = fmt::format("{:.{}f}", value, decimals);
    if (lang == Lang::Es) std::replace(out.begin(), out.end(), '.', ',');
    return out;
}

std::string percent_text(std::uint64_t part, std::uint64_t total, Lang lang,
                         std::string_view space) {
    if (total == 0) return "-";
    const std::string share =
        decimal_text(100.0 * static_cast<double>(part) / static_cast<double>(total), 1, lang);
    return lang == Lang::En ? share + "%" : fmt::format("{}{}%", share, space);
}

std::string_view side_subject(audit::Side side, Lang lang) {
    return text(side == audit::Side::Black ? Msg::BlackSubject : Msg::WhiteSubject, lang);
}

std::string_view side_inside(audit::Side side, Lang lang) {
    return text(side == audit::Side::Black ? Msg::BlackInside : Msg::WhiteInside, lang);
}

std::string_view termination_reason(audit::Termination termination, Lang lang) {
    for (const TerminationWords& row : termination_words) {
        if (row.termination == termination) return text(row.reason, lang);
    }
    return {};
}

std::string_view rule_label(audit::Rule rule, Lang lang) {
    return text(rule_words[static_cast<std::size_t>(rule)].label, lang);
}

std::string_view rule_description(audit::Rule rule) {
    return rule_words[static_cast<std::size_t>(rule)].description;
}

std::string_view severity_label(audit::Severity severity, Lang lang) {
    switch (severity) {
        case audit::Severity::Info:
            return text(Msg::SeverityInfo, lang);
        case audit::Severity::Warning:
            return text(Msg::SeverityWarning, lang);
        case audit::Severity::Error:
            break;
    }
    return text(Msg::SeverityError, lang);
}

std::string article_ref(std::string_view article, Lang lang) {
    return say(lang, Msg::ArticleRef, article);
}

std::string finding_sentence(const Finding& finding, const GameReport& game, Lang lang) {
    if (finding.args.id != audit::MessageId::Prerendered)
        return render(finding, finding.args, lang);
    if (lang == Lang::En) return finding.message;
    if (const auto recovered = recovered_args(finding, game))
        return render(finding, *recovered, lang);
    return finding.message;  // as read: its arguments are not all in the record
}

std::string english_message(const Finding& finding) {
    return render(finding, finding.args, Lang::En);
}

void append_english_message(std::string& out, const Finding& finding) {
    if (finding.args.id == audit::MessageId::Prerendered) {
        out += finding.message;
        return;
    }
    out += render(finding, finding.args, Lang::En);
}

bool sentence_lists_occurrences(const Finding& finding, Lang) {
    // The repetition sentences name every earlier occurrence; a sentence read back from a record
    // is looked at (in English: its Spanish rendering names what the English one does).
    switch (finding.args.id) {
        case audit::MessageId::ThreefoldAppeared:
        case audit::MessageId::ThreefoldDeclared:
        case audit::MessageId::FivefoldDrawn:
            return true;
        case audit::MessageId::Prerendered:
            return names_first_occurrence(finding, finding.message);
        default:
            return false;
    }
}

namespace {

std::optional<Msg> errno_words(int errnum) {
    switch (errnum) {
        case ENOENT:
            return Msg::ErrnoNoEntry;
        case EACCES:
            return Msg::ErrnoAccess;
        case EISDIR:
            return Msg::ErrnoIsDirectory;
        case ENOTDIR:
            return Msg::ErrnoNotDirectory;
        case ELOOP:
            return Msg::ErrnoLoop;
        case ENAMETOOLONG:
            return Msg::ErrnoNameTooLong;
        case EIO:
            return Msg::ErrnoIo;
        case EMFILE:
            return Msg::ErrnoTooManyFiles;
        case ENOMEM:
            return Msg::ErrnoNoMemory;
        case ENOSPC:
            return Msg::ErrnoNoSpace;
        case EPIPE:
            return Msg::ErrnoBrokenPipe;
        case EROFS:
            return Msg::ErrnoReadOnly;
        case EDQUOT:
            return Msg::ErrnoQuota;
        default:
            return std::nullopt;
    }
}

}  // namespace

std::string_view log_level_word(int level, Lang lang) {
    static_assert(static_cast<int>(Msg::LogLevelCritical) - static_cast<int>(Msg::LogLevelTrace) ==
                  5);
    if (level < 0 || level > 5) return "";
    return text(static_cast<Msg>(static_cast<int>(Msg::LogLevelTrace) + level), lang);
}

std::string errno_text(int errnum, Lang lang) {
    if (lang != Lang::En) {
        if (const std::optional<Msg> words = errno_words(errnum))
            return std::string(text(*words, lang));
    }
    return std::generic_category().message(errnum);
}

std::string io_error_text(const pgn::IoError& error, Lang lang) {
    return io_cause_text(error.cause, error.message, lang);
}

std::string io_cause_text(const pgn::IoCause& cause, std::string_view message, Lang lang) {
    if (lang == Lang::En) return std::string(message);
    const auto system_reason = [&](Msg sentence) {
        return say(lang, sentence, errno_text(cause.errnum, lang));
    };
    const std::string_view codec = pgn::compression_name(cause.codec);
    using pgn::IoFailure;
    switch (cause.failure) {
        case IoFailure::Open:
            return system_reason(Msg::IoCannotOpen);
        case IoFailure::Read:
            return system_reason(Msg::IoReadFailed);
        case IoFailure::Stat:
            return system_reason(Msg::IoCannotStat);
        case IoFailure::List:
            return system_reason(Msg::IoCannotList);
        case IoFailure::IsDirectory:
            return std::string(text(Msg::IoIsDirectory, lang));
        case IoFailure::Shrank:
            return say(lang, Msg::IoShrank, count_text(cause.size_at_start, lang),
                       count_text(cause.bytes_read, lang));
        case IoFailure::ShardRangeEnded:
            return std::string(text(Msg::IoShardRangeEnded, lang));
        case IoFailure::Truncated:
            return say(lang, Msg::IoTruncated, codec);
        case IoFailure::Corrupt:
            return say(lang, Msg::IoCorrupt, codec);
        case IoFailure::BadHeader:
            return say(lang, Msg::IoBadHeader, codec);
        case IoFailure::OutOfMemory:
            return say(lang, Msg::IoOutOfMemory, codec);
        case IoFailure::Other:
            break;
    }
    return std::string(message);
}

std::optional<pgn::IoCause> io_cause_from_english(std::string_view message) {
    using pgn::IoFailure;
    if (message == text(Msg::IoIsDirectory, Lang::En))
        return pgn::IoCause{IoFailure::IsDirectory, {}, EISDIR};
    if (message == text(Msg::IoShardRangeEnded, Lang::En))
        return pgn::IoCause{IoFailure::ShardRangeEnded};
    // The system's reasons the catalog words (others stay as read).
    constexpr int known_errnos[] = {ENOENT,       EACCES, EISDIR, ENOTDIR, ELOOP,
                                    ENAMETOOLONG, EIO,    EMFILE, ENOMEM};
    constexpr std::pair<Msg, IoFailure> with_errno[] = {{Msg::IoCannotOpen, IoFailure::Open},
                                                        {Msg::IoReadFailed, IoFailure::Read},
                                                        {Msg::IoCannotStat, IoFailure::Stat},
                                                        {Msg::IoCannotList, IoFailure::List}};
    for (const auto& [sentence, failure] : with_errno) {
        for (const int errnum : known_errnos) {
            if (say(Lang::En, sentence, std::generic_category().message(errnum)) == message)
                return pgn::IoCause{failure, {}, errnum};
        }
    }
    if (const auto values = fen_values(text(Msg::IoShrank, Lang::En), message)) {
        pgn::IoCause cause{.failure = IoFailure::Shrank};
        const auto number = [](std::string_view digits, std::uint64_t& out) {
            return std::from_chars(digits.data(), digits.data() + digits.size(), out).ec ==
                   std::errc{};
        };
        if (number((*values)[0], cause.size_at_start) && number((*values)[1], cause.bytes_read) &&
            say(Lang::En, Msg::IoShrank, cause.size_at_start, cause.bytes_read) == message)
            return cause;
    }
    for (const pgn::Compression codec :
         {pgn::Compression::Zstd, pgn::Compression::Gzip, pgn::Compression::Bzip2}) {
        const std::string_view name = pgn::compression_name(codec);
        if (!message.starts_with(name) || !message.substr(name.size()).starts_with(": ")) continue;
        const auto is = [&](Msg sentence) {
            return message.starts_with(say(Lang::En, sentence, name));
        };
        const IoFailure failure = is(Msg::IoTruncated)     ? IoFailure::Truncated
                                  : is(Msg::IoBadHeader)   ? IoFailure::BadHeader
                                  : is(Msg::IoOutOfMemory) ? IoFailure::OutOfMemory
                                  : message.ends_with("reading after an error")
                                      ? IoFailure::Other
                                      : IoFailure::Corrupt;
        if (failure == IoFailure::Other) return std::nullopt;
        return pgn::IoCause{failure, codec};
    }
    return std::nullopt;
}

}  // namespace drawaudit::report
