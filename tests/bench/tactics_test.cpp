// The tactics set and its tools: every shipped shot re-checked by the rules-only minimax, the
// file format read and written back, and Kroon's search solving the set at a fixed node
// budget (deterministic on one thread). The default run takes the first positions; the slow
// executable takes them all.
#include <gtest/gtest.h>

#include "bench/tactics.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::bench {
namespace {

#ifdef KROON_SLOW_TESTS
constexpr std::size_t positions = 100000;
constexpr int required_percent = 90;
#define KROON_TACTICS_PREFIX Deep
#else
constexpr std::size_t positions = 12;  // the longest shots (the set is sorted by length)
constexpr int required_percent = 80;
#define KROON_TACTICS_PREFIX Fast
#endif

// The depth the shipped set was checked at (its header says so).
constexpr int checked_depth = 11;

const Rulebook& international() { return rulebook(Variant::International); }

std::vector<Puzzle> shipped_set() {
    const auto file = read_puzzles(international(), KROON_TACTICS_SET);
    EXPECT_TRUE(file.ok()) << file.error();
    if (!file.ok()) return {};
    EXPECT_TRUE(file->errors.empty()) << file->errors.front();
    std::vector<Puzzle> set = file->puzzles;
    if (set.size() > positions) set.resize(positions);
    return set;
}

// Each claim of the set re-checked by the tests' own material minimax (the move generator
// alone, tests/search/search_test_support.hpp), not by the find_shot that chose the shots: no
// capture on the board, nothing won at two plies, the shot winning its men within its plies and
// at the checked depth against any defence, and every other move at least two men worse there
// than the shot.
// The bounds are proved with null windows, which cut far more than the full window finding a
// shot needs.
TEST(KROON_TACTICS_PREFIX, ShippedShotsAreUniqueAndWin) {
    using search::test::minimax;
    const Variant v = Variant::International;
    const auto set = shipped_set();
    ASSERT_GE(set.size(), std::min<std::size_t>(positions, 50));
    for (const Puzzle& p : set) {
        SCOPED_TRACE(format_puzzle(international(), p));
        const int base = search::test::material(v, p.position);
        const int won = base + p.gain;
        const auto moves = search::test::legal_moves(v, p.position);
        ASSERT_GE(moves.size(), 2u);
        ASSERT_FALSE(moves[0].is_capture());
        ASSERT_TRUE(search::test::is_legal(v, p.position, p.solution));
        EXPECT_GE(p.gain, 2);
        EXPECT_LE(p.plies, checked_depth);
        EXPECT_LE(minimax(v, p.position, 2), base) << "visible at two plies";
        // The value for the side that moves, after `m`, lies at or above `bound`: a window of
        // one around the bound tells only which side of it the value lies.
        const auto at_least = [&](const Move& m, int depth, int bound) {
            Position after = p.position;
            rulebook(v).play(after, m);
            return minimax(v, after, depth - 1, -bound, -bound + 1) <= -bound;
        };
        Position after_shot = p.position;
        rulebook(v).play(after_shot, p.solution);
        EXPECT_TRUE(search::test::legal_moves(v, after_shot)[0].is_capture()) << "not a sacrifice";
        EXPECT_TRUE(at_least(p.solution, p.plies, won)) << "does not win within its plies";
        ASSERT_TRUE(at_least(p.solution, checked_depth, won)) << "does not win at the checked depth";
        // At the checked depth the shot may win more than the file's gain (seen at the depth
        // that found it): the others are measured against what it wins there.
        int shot = won;
        while (shot < won + 20 && at_least(p.solution, checked_depth, shot + 1)) ++shot;
        for (const Move& m : moves) {
            if (m == p.solution) continue;
            EXPECT_FALSE(at_least(m, checked_depth, shot - 1))
                << international().format_move(p.position, m) << " is less than two men worse than the shot's "
                << shot - base << " at the checked depth";
        }
    }
}

// The fixed budget is small enough to tell a search that sees shots from one that does not.
TEST(KROON_TACTICS_PREFIX, KroonSolvesTheSet) {
    const auto set = shipped_set();
    play::Thinker engine;
    engine.set_option("hash", "16");
    engine.set_option("egdb", "none");
    search::Limits limits;
    limits.nodes = 100000;
    int solved = 0;
    for (const Puzzle& p : set) {
        const Attempt a = solve(engine, international(), p, limits);
        solved += a.solved;
        if (a.solved) {
            EXPECT_TRUE(a.found_after.has_value());
        }
    }
    EXPECT_GE(solved * 100, static_cast<int>(set.size()) * required_percent) << solved << " of " << set.size();
}

#ifndef KROON_SLOW_TESTS
TEST(Tactics, FindsAComposedShotAndNothingInTheOpening) {
    const Position shot =
        *international().parse_fen("W:W17,24,26,29,30,31,34,36,46,49,50:B1,2,5,7,9,10,14,15,18,20,23");
    const auto found = find_shot(international(), shot, 7, 2);
    ASSERT_TRUE(found.has_value());
    EXPECT_GE(found->gain, 2);
    EXPECT_LE(found->plies, 5);  // three men up after five plies, two after seven
    Position after = shot;
    international().play(after, found->solution);
    EXPECT_TRUE(international().has_capture(after));  // a sacrifice
    EXPECT_FALSE(find_shot(international(), international().start_position(), 7, 1).has_value());
}

TEST(Tactics, FindsShotsInAGameRecord) {
    // White plays the shot of the composed position; the record shows White two men up later.
    const Rulebook& rules = international();
    PdnGame game;
    game.start = *rules.parse_fen("W:W17,24,26,29,30,31,34,36,46,49,50:B1,2,5,7,9,10,14,15,18,20,23");
    const auto shot = find_shot(rules, game.start, 7, 2);
    ASSERT_TRUE(shot.has_value());
    Position pos = game.start;
    for (int ply = 0; ply < 8; ++ply) {
        MoveList moves;
        rules.generate_moves(pos, moves);
        if (moves.empty()) break;
        // White follows the shot; both sides then take the line the minimax prefers.
        Move chosen = ply == 0 ? shot->solution : moves[0];
        if (ply > 0) {
            int best = -100000;
            for (const Move& m : moves) {
                Position child = pos;
                rules.play(child, m);
                const int v = -material_minimax(rules, child, 3);
                if (v > best) best = v, chosen = m;
            }
        }
        game.moves.push_back(chosen);
        rules.play(pos, chosen);
    }
    std::vector<Puzzle> found;
    find_shots({game}, 7, 2, [&](const Puzzle& p) { found.push_back(p); });
    ASSERT_FALSE(found.empty());
    EXPECT_EQ(found.front().position, game.start);
    EXPECT_EQ(found.front().solution, shot->solution);
}

TEST(Tactics, FileRoundTripAndErrors) {
    const Rulebook& rules = international();
    const auto set = shipped_set();
    ASSERT_FALSE(set.empty());
    std::string text = "# a comment\n\n";
    for (const Puzzle& p : set) text += format_puzzle(rules, p) + "\n";
    text += "W:W99:B1; 1-2; +2; 3\n";                                   // a bad FEN
    text += format_puzzle(rules, set.front()).substr(0, 20) + "\n";     // cut short
    text += rules.format_fen(set.front().position) + "; 1-7; +2; 3\n";  // no such move
    text += rules.format_fen(set.front().position) + "; " +
            rules.format_move(set.front().position, set.front().solution) + "; +0; 3\n";  // no gain
    const PuzzleFile file = parse_puzzles(rules, text);
    ASSERT_EQ(file.puzzles.size(), set.size());
    for (std::size_t i = 0; i < set.size(); ++i) {
        EXPECT_EQ(file.puzzles[i].position, set[i].position);
        EXPECT_EQ(file.puzzles[i].solution, set[i].solution);
        EXPECT_EQ(file.puzzles[i].gain, set[i].gain);
        EXPECT_EQ(file.puzzles[i].plies, set[i].plies);
    }
    ASSERT_EQ(file.errors.size(), 4u);
    const std::size_t first_bad = set.size() + 3;
    EXPECT_EQ(file.errors[0].rfind("line " + std::to_string(first_bad) + ":", 0), 0u) << file.errors[0];
    EXPECT_FALSE(read_puzzles(rules, "/nonexistent/set.txt").ok());
}
#endif

}  // namespace
}  // namespace kroon::bench
