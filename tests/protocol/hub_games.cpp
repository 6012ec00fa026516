#include "tests/protocol/hub_games.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

#include "engine/rulebook/rulebook.hpp"
#include "protocol/hub/parameters.hpp"
#include "protocol/hub/position_text.hpp"

namespace kroon::test {

using Clock = std::chrono::steady_clock;

int play_game(Player (&players)[2], const GameSettings& s) {
    const Variant v = s.variant;
    const std::string start = hub::format_position(rulebook(v), rulebook(v).start_position());
    Position pos = rulebook(v).start_position();
    std::string moves;
    int ply = 0;
    for (; ply < s.max_plies; ++ply) {
        MoveList legal;
        rulebook(v).generate_moves(pos, legal);
        if (legal.empty()) break;  // the side to move has lost; the GUI does not ask
        Player& p = players[ply % 2];
        p.engine->send("pos pos=" + start + (moves.empty() ? "" : " moves=\"" + moves + "\""));
        p.engine->send(s.level(p));
        const auto began = Clock::now();
        p.engine->send("go think");
        const auto done = read_search(*p.engine, 60s);
        const double used = std::chrono::duration<double>(Clock::now() - began).count();
        if (!done) {
            ADD_FAILURE() << "ply " << ply << ": no done";
            break;
        }
        Move played;
        if (!is_canonical_hub_move(v, pos, done->move, &played)) {
            ADD_FAILURE() << "ply " << ply << ": " << done->move << " is not a legal Hub move in "
                          << rulebook(v).format_fen(pos);
            break;
        }
        const Position next = [&] {
            Position n = pos;
            rulebook(v).play(n, played);
            return n;
        }();
        if (!done->ponder.empty()) {
            EXPECT_TRUE(is_canonical_hub_move(v, next, done->ponder)) << "ply " << ply << " ponder " << done->ponder;
        }
        if (s.clocked) {
            p.clock += s.increment - used;
            EXPECT_GT(p.clock, 0) << "flag fell on ply " << ply << " after " << used << " s";
            p.lowest_clock = std::min(p.lowest_clock, p.clock);
        }
        p.slowest = std::max(p.slowest, used);
        ++p.moves;
        moves += (moves.empty() ? "" : " ") + done->move;
        pos = next;
    }
    return ply;
}

void start_players(Player (&players)[2], Variant v, const std::vector<std::string>& set_params) {
    for (Player& p : players) {
        p.engine = start_hub();
        std::vector<std::string> set{"set-param name=variant value=" + std::string(hub::hub_variant_name(v))};
        set.insert(set.end(), set_params.begin(), set_params.end());
        ASSERT_TRUE(handshake(*p.engine, set));
    }
}

void clock_match(double time, double increment, int moves) {
    Player players[2];
    start_players(players, Variant::International);
    for (Player& p : players) p.clock = time;
    const auto fischer = [increment](const Player& p) {
        return "level time=" + std::to_string(p.clock) + " inc=" + std::to_string(increment);
    };
    while (players[1].moves < moves && !testing::Test::HasFailure()) {
        for (Player& p : players) p.engine->send("new-game");
        const int plies =
            play_game(players, {Variant::International, 2 * (moves - players[1].moves), fischer, true, increment});
        if (plies == 0) break;
        for (const Player& p : players) ASSERT_GT(p.clock, 0) << "flag fell after " << p.moves << " moves";
    }
    for (const Player& p : players) {
        EXPECT_GE(p.moves, moves);
        std::printf("clock %.2f s + %.3f s/move: %d moves, longest think %.3f s, least time left %.3f s\n", time,
                    increment, p.moves, p.slowest, p.lowest_clock);
        // The clock is used, not only kept: an engine that moved at once would end with its
        // whole time and every increment. Kroon spends about a twentieth of what is left per
        // move, so a quarter of the start is gone long before the last of these moves.
        EXPECT_LT(p.lowest_clock, 0.75 * time) << "the engine hardly used its clock";
    }
}

}  // namespace kroon::test
