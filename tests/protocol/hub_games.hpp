// Games between two `kroon hub` processes through the pipe harness, as a GUI plays them:
// every move an engine sends is checked against the move generator (legal, canonical Hub
// notation, a legal ponder move), and on a clock no engine may run out of time.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/rules/variant.hpp"
#include "tests/protocol/hub_client.hpp"

namespace kroon::test {

struct Player {
    std::unique_ptr<EngineProcess> engine;
    double clock = 0;  // seconds left before this move's increment
    int moves = 0;
    double slowest = 0;         // longest think, seconds
    double lowest_clock = 1e9;  // least time left after a move
};

struct GameSettings {
    Variant variant = Variant::International;
    int max_plies = 100;
    std::function<std::string(const Player&)> level;  // the `level` line for each search
    bool clocked = false;                             // keep each player's clock: + increment - time used, never <= 0
    double increment = 0;                             // added before each move (docs/protocols.md, Hub 6)
};

// Starts two engines and sets the variant and any other parameters (gtest failure when they
// do not answer).
void start_players(Player (&players)[2], Variant variant, const std::vector<std::string>& set_params = {});

// Plays from the variant's start; the engines get the whole game each move (as pydraughts
// does). Returns the number of plies played.
int play_game(Player (&players)[2], const GameSettings& settings);

// Fischer clock: `level time=T inc=I`, T the time left before this move's increment (the
// engine may use T + I). New games follow on the same clocks until each engine has made
// `moves` moves.
void clock_match(double time, double increment, int moves);

}  // namespace kroon::test
