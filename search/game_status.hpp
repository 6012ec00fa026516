// Whether a game is over, and by which rule: for front ends that referee or report results
// (console, match runner). The search uses the same counters (draw_rules.hpp).
#pragma once

#include <string_view>
#include <vector>

#include "engine/movegen/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "search/draw_rules.hpp"

namespace kroon::search {

enum class GameState { Ongoing, Lost, Drawn };  // Lost: the side to move has lost

struct GameStatus {
    GameState state = GameState::Ongoing;
    DrawRule rule = DrawRule::None;  // when drawn
};

// The status after `moves` (legal, from `start`). A side to move without a legal move has
// lost (KNDB art. 8, Frisian art. 20). Drawn: the variant's draw rules, or the same position
// with the same side to move for the third time (KNDB art. 9e; applied to every variant, as
// the leaflet's draw customs for 8x8 do).
GameStatus game_status(Variant variant, const Position& start, const std::vector<Move>& moves);

// A short English description with the article, e.g. "threefold repetition (KNDB art. 9e)".
std::string_view draw_rule_text(DrawRule rule);

}  // namespace kroon::search
