// The one place a search score becomes text, in the three forms the faces need.
#pragma once

#include <string>

#include "search/searcher.hpp"

namespace kroon::play {

enum class ScoreStyle {
    // The Hub's: men with two decimals from the side to move's view, a won game as 99.xx
    // (100 less the plies / 100), no plus sign: "0.25", "-99.87".
    Hub,
    // For people, from the side to move's view: "+0.35", "-1.00", "0.00", "win in 7 plies",
    // "loss in 6 plies", "win (endgame database)".
    SideToMove,
    // For people, from White's view (the score given must be White's): "+0.35",
    // "White wins in 7 plies", "Black wins (endgame database)".
    White,
};

std::string score_text(search::Score score, ScoreStyle style);

}  // namespace kroon::play
