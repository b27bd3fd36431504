// Columns in UTF-16 code units, the unit SARIF declares (`columnKind`), beside the byte columns
// the reader gives: PGN comments and tags are UTF-8, so a move after "{Très bien}" stands at a
// smaller column in code units than in bytes.
#pragma once

#include <string_view>

#include "audit/finding.hpp"

namespace drawaudit::audit {

// Sets Finding::column_utf16 of every finding with a column, from the game's source text (which
// starts at report.offset). A line that began before the game's text is taken as ASCII there.
void fill_utf16_columns(GameReport& report, std::string_view text);

}  // namespace drawaudit::audit
