#include "report/labels.hpp"

#include <array>

#include <fmt/format.h>

namespace drawaudit::report {

namespace {

// RULES.md "Spanish notation", in the order of audit::Rule.
constexpr std::array<std::string_view, audit::RuleCount> spanish_rule_labels = {
    "reclamación por triple repetición",
    "reclamación por la regla de los 50 movimientos",
    "tablas por quíntuple repetición",
    "tablas por la regla de los 75 movimientos",
    "jaque mate",
    "rey ahogado",
    "posición muerta",
    "jugadas anotadas tras el final",
    "resultado contrario a las Leyes",
    "resultado de la cabecera distinto del de las jugadas",
    "tablas acordadas antes de tiempo",
    "jugada ilegal",
    "error de lectura",
    "FEN incorrecto",
    "FEN corregido",
    "variante no admitida",
    "jugada nula",
    "partida duplicada",
    "partida duplicada con otro resultado",
};
static_assert(spanish_rule_labels.size() == static_cast<std::size_t>(audit::RuleCount));

// U+00A0 in HTML, where a line must not break inside a number; a plain space in text.
constexpr std::string_view space_for(Medium medium) {
    return medium == Medium::Html ? "\u00a0" : " ";
}

}  // namespace

std::string_view rule_label(audit::Rule rule, Lang lang) {
    if (lang == Lang::En) return audit::rule_id(rule);
    const auto i = static_cast<std::size_t>(rule);
    return i < spanish_rule_labels.size() ? spanish_rule_labels[i] : audit::rule_id(rule);
}

std::string format_count(std::uint64_t n, Lang lang, Medium medium) {
    const std::string digits = fmt::format("{}", n);
    // Four digits stay whole ("1803"), as RULES.md writes them in both languages.
    if (digits.size() <= 4) return digits;
    const std::string_view separator = lang == Lang::Es ? space_for(medium) : ",";
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += separator;
        out += digits[i];
    }
    return out;
}

std::string format_percent(std::uint64_t part, std::uint64_t total, Lang lang, Medium medium) {
    if (total == 0) return "-";
    std::string share =
        fmt::format("{:.1f}", 100.0 * static_cast<double>(part) / static_cast<double>(total));
    if (lang == Lang::En) return share + "%";
    for (char& c : share)
        if (c == '.') c = ',';
    return share + std::string(space_for(medium)) + "%";
}

}  // namespace drawaudit::report
