// Self-play (slow): the engine plays short games against itself in every variant. Every move
// must be legal and every game must end by the rules: a side without a move, a draw rule or
// a repetition (or a generous move cap). Prints the results.
#include <iostream>
#include <random>

#include "search/draw_rules.hpp"
#include "search/search_context.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::testing {
namespace {

enum class End { WhiteWins, BlackWins, Draw, MoveCap };

template <class R>
DrawRule rule_now(Variant v, const Position& start, const std::vector<Move>& moves) {
    const RootState root = make_root(v, start, moves);
    DrawRule rule = DrawRules<R>::rule(root.counters, root.position);
    if (rule == DrawRule::KingVsKing && legal_moves(v, root.position)[0].is_capture()) rule = DrawRule::None;
    return rule;
}

End play_game(Variant v, unsigned seed, std::uint64_t nodes_per_move) {
    const Position start = start_position(v);
    Searcher white(Options{1, 8}), black(Options{1, 8});
    std::mt19937 rng(seed);
    std::vector<Move> moves;
    std::vector<std::uint64_t> seen{start.hash()};
    Position pos = start;
    for (int ply = 0; ply < 300; ++ply) {
        const auto legal = legal_moves(v, pos);
        if (legal.empty()) return pos.side_to_move() == Color::White ? End::BlackWins : End::WhiteWins;
        if (std::count(seen.begin(), seen.end(), pos.hash()) >= 3) return End::Draw;  // KNDB art. 9e
        const DrawRule rule = with_rules(v, [&](auto tag) {
            return rule_now<typename decltype(tag)::Rules>(v, start, moves);
        });
        if (rule != DrawRule::None) return End::Draw;
        Move move;
        if (ply < 2) {
            move = legal[rng() % legal.size()];  // a little variety in the openings
        } else {
            Searcher& s = pos.side_to_move() == Color::White ? white : black;
            s.set_position(v, start, moves);
            Limits limits;
            limits.nodes = nodes_per_move;
            const Outcome o = s.think(limits);
            EXPECT_TRUE(o.best);
            if (!o.best) return End::MoveCap;
            move = *o.best;
        }
        EXPECT_TRUE(is_legal(v, pos, move)) << "ply " << ply;
        play_move(v, pos, move);
        moves.push_back(move);
        seen.push_back(pos.hash());
    }
    return End::MoveCap;
}

TEST(SelfPlay, GamesEndLegally) {
    for (Variant v : {Variant::International, Variant::Frisian, Variant::English}) {
        int counts[4] = {0, 0, 0, 0};
        for (unsigned seed = 1; seed <= 4; ++seed) ++counts[static_cast<int>(play_game(v, seed, 30000))];
        std::cout << variant_name(v) << ": white wins " << counts[0] << ", black wins " << counts[1]
                  << ", draws " << counts[2] << ", unfinished " << counts[3] << "\n";
        EXPECT_EQ(counts[3], 0) << variant_name(v);
    }
}

}  // namespace
}  // namespace kroon::search::testing
