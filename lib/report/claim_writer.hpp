// `drawaudit claim` (RULES.md "A claim ruled at the board"): the ruling on one claim as the
// arbiter reads it at the board (text, with a diagram of the claimed position), as one JSON
// object, or as one self-contained HTML page with every occurrence and look-alike as a board.
#pragma once

#include <cstdint>
#include <string>

#include "audit/claim_ruling.hpp"
#include "report/messages.hpp"

namespace drawaudit::report {

// The game the claim is made in, as the file names it (the tags as read, unescaped).
struct ClaimGame {
    std::string file;
    std::uint64_t game = 0;
    std::uint64_t line = 0;  // of the game's first tag
    std::string white, black, round, board, time_control;
};

// The ruling in words for a person (`lang`): the ruling in one line, the game, the evidence,
// what follows (9.5), the notes, and a text diagram of the claimed position.
std::string claim_text(const ClaimGame& game, const audit::ClaimRuling& ruling, Lang lang);
// One JSON object (and a newline); English sentences, as every machine format has them.
std::string claim_json(const ClaimGame& game, const audit::ClaimRuling& ruling);
// One self-contained HTML page: inline CSS and SVG boards, no script, no request.
std::string claim_html(const ClaimGame& game, const audit::ClaimRuling& ruling, Lang lang);

// The sentence of a note (RULES.md "Notes"), as claim_text and claim_json write it.
std::string claim_note_sentence(const audit::ClaimNoteEntry& note, const audit::ClaimRuling& ruling,
                                Lang lang);

// Why a claim could not be ruled (an --at or --move the record cannot read, a position past
// it), as the error line on stderr says it: moves in `lang`'s letters, the input as given.
std::string claim_error_sentence(const audit::ClaimError& error, Lang lang);

}  // namespace drawaudit::report
