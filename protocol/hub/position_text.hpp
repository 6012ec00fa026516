// Hub position strings (docs/protocols.md, Hub 8): the side to move (`W`/`B`) then one letter per square in
// standard numbering: `w`/`b` man, `W`/`B` king, `e` empty. 51 characters on 10x10
// (international, Frisian); Kroon's 8x8 English game uses the same scheme with 33.
#pragma once

#include <string>
#include <string_view>

#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/result.hpp"

namespace kroon::hub {

// Length of the position string for the variant's board (51 or 33).
int position_length(const Rulebook& rules);

// Strict: exact length, only the letters above, and a position that could occur (no man on
// its crowning row, at most a full army per side), with the same checks as FEN.
Result<Position> parse_position(const Rulebook& rules, std::string_view text);
std::string format_position(const Rulebook& rules, const Position& pos);

}  // namespace kroon::hub
