// Self-play (slow): the engine plays short games against itself in every variant. Every move
// must be legal and every game must end by the rules: a side without a move, a draw rule or
// a repetition (or a generous move cap). Prints the results.
#include <iostream>
#include <random>

#include "engine/record/game.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

enum class End { WhiteWins, BlackWins, Draw, MoveCap };

End play_game(Variant v, unsigned seed, std::uint64_t nodes_per_move) {
    Game game(rulebook(v));  // the referee: every move checked, every ending by the rules
    Searcher white(Options{1, 8, {}}), black(Options{1, 8, {}});
    std::mt19937 rng(seed);
    while (!game.is_over() && game.moves().size() < 300) {
        const Position& pos = game.position();
        const auto legal = legal_moves(v, pos);
        Move move;
        if (game.moves().size() < 2) {
            move = legal[rng() % legal.size()];  // a little variety in the openings
        } else {
            Searcher& s = pos.side_to_move() == Color::White ? white : black;
            s.set_position(game);
            Limits limits;
            limits.nodes = nodes_per_move;
            const Outcome o = s.think(limits);
            EXPECT_TRUE(o.best);
            if (!o.best) return End::MoveCap;
            move = *o.best;
        }
        if (!game.play(move)) {
            ADD_FAILURE() << "illegal move at ply " << game.moves().size();
            return End::MoveCap;
        }
    }
    switch (game.verdict().result) {
        case GameResult::WhiteWins: return End::WhiteWins;
        case GameResult::BlackWins: return End::BlackWins;
        case GameResult::Ongoing: return End::MoveCap;
        default: return End::Draw;
    }
}

TEST(SelfPlay, GamesEndLegally) {
    for (Variant v : {Variant::International, Variant::Frisian, Variant::English}) {
        int counts[4] = {0, 0, 0, 0};
        for (unsigned seed = 1; seed <= 4; ++seed) ++counts[static_cast<int>(play_game(v, seed, 30000))];
        std::cout << rulebook(v).name() << ": white wins " << counts[0] << ", black wins " << counts[1] << ", draws "
                  << counts[2] << ", unfinished " << counts[3] << "\n";
        EXPECT_EQ(counts[3], 0) << rulebook(v).name();
    }
}

}  // namespace
}  // namespace kroon::search::test
