// Helpers for the search tests: set up positions and check what the search claims with the
// move generator alone (a material-only minimax and PV replay), independent of eval/search.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "search/searcher.hpp"

namespace kroon::search::test {

inline Position fen(Variant v, const std::string& text) {
    const auto p = rulebook(v).parse_fen(text);
    EXPECT_TRUE(p.ok()) << text << ": " << p.error();
    return p.ok() ? *p : rulebook(v).start_position();
}

inline bool is_legal(Variant v, const Position& pos, const Move& m) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    return list.contains(m);
}

inline std::vector<Move> legal_moves(Variant v, const Position& pos) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    return {list.begin(), list.end()};
}

// Material from the side to move's view, men 1 and kings 3 (10x10) or 2 (8x8).
inline int material(Variant v, const Position& p) {
    const int king = rulebook(v).squares() == 50 ? 3 : 2;
    const Color us = p.side_to_move();
    return popcount(p.men(us)) + king * popcount(p.kings(us)) - popcount(p.men(~us)) - king * popcount(p.kings(~us));
}

constexpr int lost = -1000;

// Material after `depth` plies of full-width minimax, then captures until quiet (captures
// are compulsory); a side without a move has lost. Knows nothing but the move generator.
inline int minimax(Variant v, const Position& p, int depth, int alpha, int beta) {
    MoveList list;
    rulebook(v).generate_moves(p, list);
    if (list.empty()) return lost;
    if (depth <= 0 && !list[0].is_capture()) return material(v, p);
    int best = 2 * lost;
    for (const Move& m : list) {
        Position c = p;
        rulebook(v).play(c, m);
        const int s = -minimax(v, c, depth - 1, -beta, -alpha);
        best = std::max(best, s);
        alpha = std::max(alpha, s);
        if (alpha >= beta) break;
    }
    return best;
}

inline int minimax(Variant v, const Position& p, int depth) { return minimax(v, p, depth, 2 * lost, -2 * lost); }

// Plays the PV from `pos`, checking that each move is legal; returns the final position.
inline Position play_line(Variant v, Position pos, const std::vector<Move>& line) {
    for (const Move& m : line) {
        EXPECT_TRUE(is_legal(v, pos, m));
        if (!is_legal(v, pos, m)) break;
        rulebook(v).play(pos, m);
    }
    return pos;
}

struct Found {
    Outcome outcome;
    std::vector<Move> pv;  // of the deepest iteration
    int iterations = 0;
};

// The game from `start` with `moves` played (each must be legal), under `rule_options`.
inline Game game_of(Variant v, const Position& start, const std::vector<Move>& moves = {},
                    const RuleOptions& rule_options = {}) {
    Game game(rulebook(v), start, rule_options);
    for (const Move& m : moves) EXPECT_TRUE(game.play(m)) << "test move not legal";
    return game;
}

inline Found search_depth(Variant v, const Position& pos, int depth, const std::vector<Move>& history = {},
                          const Position* start = nullptr, const RuleOptions& rule_options = {}) {
    Searcher searcher(Options{1, 16, {}});
    searcher.new_game();
    searcher.set_position(game_of(v, start ? *start : pos, history, rule_options));
    Found found;
    Limits limits;
    limits.depth = depth;
    searcher.start(limits, Listener{[&](const Iteration& it) {
                                        found.pv = it.pv;
                                        ++found.iterations;
                                    },
                                    [&](const Outcome& o) { found.outcome = o; }});
    searcher.wait();
    return found;
}

}  // namespace kroon::search::test
