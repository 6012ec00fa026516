// A finished (or abandoned) DXP game as plain data: who played, from where, the moves, the
// result and why the game ended. The transport appends it to the PDN file.
#pragma once

#include <string>
#include <vector>

#include "engine/movegen/move.hpp"
#include "engine/position/position.hpp"

namespace kroon::dxp {

enum class GameResult { WhiteWins, BlackWins, Draw, Unknown };

struct GameRecord {
    int game_number = 0;          // on this connection, from 1
    std::string white;
    std::string black;
    Position start;
    bool standard_start = true;   // the normal start position (no FEN tag needed)
    std::vector<Move> moves;
    GameResult result = GameResult::Unknown;
    std::string termination;      // why the game ended, in words
    int minutes = 0;              // GAMEREQ budget per player
    int move_limit = 0;           // GAMEREQ moves, 0 = none
};

}  // namespace kroon::dxp
