// One game between two players, refereed move by move: the clock (engine/referee/clock) is fed
// the measured thinking time, the referee (engine/referee) ends the game by the rules, and a
// player that runs out of time, crashes, hangs, sends garbage or an illegal move loses the
// game with the reason recorded. Optional adjudication ends long or decided games.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/record/game.hpp"
#include "engine/referee/clock.hpp"
#include "match/move_comments.hpp"
#include "match/openings.hpp"
#include "play/level.hpp"
#include "players/player.hpp"

namespace kroon::match {

struct Adjudication {
    int max_moves = 0;        // full moves; at the limit a draw, or a win by score (see below)
    int win_score = 0;        // hundredths of a man; 0 = no win adjudication
    int win_moves = 0;        // both engines report at least win_score for this many moves each
    int draw_score = 0;       // |score| at most this ...
    int draw_moves = 0;       // ... for this many moves each (0 = no draw adjudication)
    int draw_from_move = 40;  // KNDB art. 13.3: no agreed draw before both made 40 moves
};

// The level both players are told (play/level.hpp), and how long a silent player may take.
struct Limits : play::Level {
    // Without a clock: seconds of silence after which a player counts as hung.
    double hang_timeout = 60;
};

// A depth or a node count, with no clock and no time per move: an engine that searches on one
// thread meets it with the same moves every time, whatever the machine's load.
inline bool fixed_search(const Limits& limits) {
    return limits.clock.unlimited() && limits.move_time == 0 && (limits.depth > 0 || limits.nodes > 0);
}

struct GameSettings {
    Variant variant = Variant::International;
    RuleOptions rule_options;
    Limits limits;
    Adjudication adjudication;
};

struct PlayedGame {
    Game game;
    std::optional<Color> failed;                      // this side's player failed and must be replaced
    bool abandoned = false;                           // stopped before the end (not recorded)
    std::vector<MoveNote> notes;                      // one per move played by the players
    std::optional<std::array<double, 2>> clock_left;  // White's and Black's, at the end, when clocked
    std::optional<std::string> unreachable;           // why a player could not begin the game (abandoned)
};

PlayedGame play_game(players::Player& white, players::Player& black, const Opening& opening,
                     const GameSettings& settings, const std::atomic<bool>* stop = nullptr);

}  // namespace kroon::match
