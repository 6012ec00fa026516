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

// Where and when the game was played, for the PDN header.
struct RecordContext {
    std::string event = "DXP match";
    std::string site = "?";
    std::string date = "????.??.??";
};

// The game as PDN text (one game, blank line after it). Minimal stand-in until the shared
// PDN writer (engine/notation/pdn.hpp) is on main.
std::string pdn_text(const GameRecord& record, const RecordContext& context);

}  // namespace kroon::dxp
