// Whole games between two `kroon hub` processes, played through the pipe harness as a GUI
// would: every move each engine sends is checked against the move generator, and with a
// Fischer clock neither engine may ever run out of time.
#include <gtest/gtest.h>

#include "tests/protocol/hub_games.hpp"

namespace kroon::test {
namespace {

std::string move_time(const Player&) { return "level move-time=0.01"; }

TEST(HubGame, InternationalGameBetweenTwoEngines) {
    Player players[2];
    start_players(players, Variant::International);
    const int plies = play_game(players, {Variant::International, 120, move_time});
    EXPECT_GT(plies, 10);
    for (const Player& p : players)
        for (const auto& line : p.engine->transcript()) EXPECT_NE(first_word(line), "error") << line;
}

TEST(HubGame, FrisianGameBetweenTwoEngines) {
    Player players[2];
    start_players(players, Variant::Frisian);
    EXPECT_GT(play_game(players, {Variant::Frisian, 100, move_time}), 10);
}

TEST(HubGame, EnglishGameBetweenTwoEngines) {
    Player players[2];
    start_players(players, Variant::English);
    EXPECT_GT(play_game(players, {Variant::English, 80, move_time}), 10);
}

TEST(HubGame, FischerClockIsNeverExceeded) { clock_match(1.0, 0.02, 30); }

}  // namespace
}  // namespace kroon::test
