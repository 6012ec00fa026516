// A finished (or abandoned) DXP game as plain data: who played, the refereed game (start,
// moves and the verdict when the rules or the play decided it), and why it ended. The
// transport appends it to the PDN file.
#pragma once

#include <string>

#include "engine/record/game.hpp"
#include "engine/record/pdn.hpp"

namespace kroon::dxp {

struct GameRecord {
    int game_number = 0;  // on this connection, from 1
    std::string white;
    std::string black;
    Game game;
    // Why the game ended, in words: the verdict's description with its article when the game
    // was decided, else what happened (move limit, disconnect, the peer's unconfirmed claim).
    std::string termination;
    int minutes = 0;     // GAMEREQ budget per player
    int move_limit = 0;  // GAMEREQ moves, 0 = none

    GameResult result() const { return game.verdict().result; }
    bool standard_start() const;
};

// Where and when the game was played, for the PDN header.
struct RecordContext {
    std::string event = "DXP match";
    std::string site = "?";
    std::string date = "????.??.??";
};

// The game as a PDN record for the shared writer: the seven tags, GameType, FEN, TimeControl
// ("MOVES/SECONDS" or "SECONDS" from the GAMEREQ) and Termination, also for a game DXP left
// without a result (move limit, disconnect).
PdnGame pdn_record(const GameRecord& record, const RecordContext& context);

}  // namespace kroon::dxp
