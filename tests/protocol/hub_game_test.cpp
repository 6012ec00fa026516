// Whole games between two `kroon hub` processes, played through the pipe harness as a GUI
// would: every move each engine sends is checked against the move generator.
#include <gtest/gtest.h>

#include "tests/support/variant_param.hpp"

#include "engine/rulebook/rulebook.hpp"
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

// Every variant Kroon declares: its position string, notation (mirrored boards included) and
// rules through the protocol, in a short game at depth 2.
class HubVariantGame : public ::testing::TestWithParam<Variant> {};

TEST_P(HubVariantGame, ShortGameThroughTheProtocol) {
    const Variant v = GetParam();
    Player players[2];
    start_players(players, v, {"set-param name=tt-size value=16"});
    const auto depth2 = [](const Player&) { return std::string("level depth=2"); };
    EXPECT_GT(play_game(players, {v, 30, depth2}), 4);
    for (const Player& p : players)
        for (const auto& line : p.engine->transcript()) EXPECT_NE(first_word(line), "error") << line;
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, HubVariantGame, ::testing::ValuesIn(all_variants), test::variant_test_name);

}  // namespace
}  // namespace kroon::test
