// The tactics set and its tools: every shipped shot re-checked by the rules-only minimax, the
// file format read and written back, and Kroon's search solving the set at a fixed node
// budget (deterministic on one thread). The default run takes the first positions; the slow
// executable takes them all.
#include <gtest/gtest.h>

#include "bench/tactics.hpp"

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

TEST(KROON_TACTICS_PREFIX, ShippedShotsAreUniqueAndWin) {
    const auto set = shipped_set();
    ASSERT_GE(set.size(), std::min<std::size_t>(positions, 50));
    for (const Puzzle& p : set) {
        SCOPED_TRACE(format_puzzle(international(), p));
        const auto again = find_shot(international(), p.position, checked_depth, 2);
        ASSERT_TRUE(again.has_value());
        EXPECT_EQ(again->solution, p.solution);
        EXPECT_GE(again->gain, p.gain);
        // Invisible at two plies, visible at the stated length.
        EXPECT_LE(material_minimax(international(), p.position, 2), material(international(), p.position));
        EXPECT_GE(material_minimax(international(), p.position, p.plies),
                  material(international(), p.position) + p.gain);
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
