// Levels for people: a weaker Kroon misses shots and plays shallower, from among the moves it
// searched, quickly, and the same way again from the same seed.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "play/options.hpp"
#include "play/strength.hpp"
#include "play/thinker.hpp"

namespace kroon::play {
namespace {

Game game_of(const std::string& fen) {
    const Rulebook& rules = rulebook(Variant::International);
    return Game(rules, *rules.parse_fen(fen));
}

search::Outcome move_of(double skill, const Game& game, std::uint64_t seed, const search::Limits& limits) {
    Thinker thinker;
    EXPECT_TRUE(thinker.set_option("hash", "8").ok());
    thinker.set_strength(Strength{skill});
    thinker.seed(seed);
    thinker.set_game(game);
    return thinker.think(limits);
}

search::Limits clock_of(double seconds) {
    search::Limits limits;
    limits.time_left = seconds;
    return limits;
}

TEST(Strength, TheSkillWeakensTheSearchStepByStep) {
    std::mt19937_64 random(1);
    Weakening last = weakening(0, random);
    EXPECT_LE(last.depth, 2);
    EXPECT_GT(last.lines, 1);
    EXPECT_GT(last.margin, 0);
    for (double skill = 5; skill < full_skill; skill += 5) {
        const Weakening w = weakening(skill, random);
        EXPECT_GE(w.depth, last.depth);
        EXPECT_GT(w.nodes, last.nodes);
        EXPECT_LE(w.lines, last.lines);
        EXPECT_LE(w.margin, last.margin);
        last = w;
    }
    EXPECT_FALSE(Strength{99.5}.full());
    EXPECT_TRUE(Strength{}.full());
}

TEST(Strength, TheBestLineIsPlayedMostAndALineBeyondTheMarginNever) {
    std::vector<search::Line> lines(3);
    for (std::size_t i = 0; i < lines.size(); ++i) lines[i].pv.resize(1);
    lines[0].score = 20;
    lines[1].score = 5;
    lines[2].score = -90;
    std::mt19937_64 random(7);
    int counts[3] = {};
    for (int i = 0; i < 1000; ++i) ++counts[choose_line(lines, 40, random)];
    EXPECT_EQ(counts[2], 0);
    EXPECT_GT(counts[0], counts[1]);
    EXPECT_GT(counts[1], 50);
    EXPECT_EQ(choose_line(lines, 0, random), 0u);
}

// The Elo scale: from the weakest step to full strength, the skill rises with the Elo, and the
// elo option (on every face through the options table) sets the thinker's strength.
TEST(Strength, TheEloScaleRunsFromTheWeakestStepToFullStrength) {
    const auto& steps = elo_steps();
    ASSERT_GE(steps.size(), 3u);
    EXPECT_EQ(steps.back().elo, full_strength_elo);
    EXPECT_TRUE(strength_of_elo(full_strength_elo).full());
    EXPECT_EQ(strength_of_elo(steps.front().elo).skill, steps.front().skill);
    EXPECT_EQ(strength_of_elo(steps.front().elo - 500).skill, steps.front().skill);
    double last = -1;
    for (int elo = steps.front().elo; elo < full_strength_elo; elo += 25) {
        const double skill = strength_of_elo(elo).skill;
        EXPECT_GT(skill, last) << elo;
        EXPECT_FALSE(Strength{skill}.full()) << elo;
        last = skill;
    }
    for (const EloStep& step : steps) EXPECT_DOUBLE_EQ(strength_of_elo(step.elo).skill, step.skill);

    Thinker thinker;
    const OptionSpec& elo = *find_option("elo");
    EXPECT_EQ(elo.low, steps.front().elo);
    EXPECT_EQ(elo.high, full_strength_elo);
    ASSERT_TRUE(thinker.set_option("elo", std::to_string(elo.low)).ok());
    EXPECT_EQ(thinker.strength().skill, steps.front().skill);
    EXPECT_FALSE(thinker.set_option("elo", std::to_string(elo.low - 1)).ok());
    EXPECT_EQ(thinker.strength().skill, steps.front().skill);  // an error changes nothing
    ASSERT_TRUE(thinker.set_option("elo", std::to_string(full_strength_elo)).ok());
    EXPECT_TRUE(thinker.strength().full());
}

// The same seed, the same moves: a game at a weak level can be replayed (and tested).
TEST(Strength, AWeakLevelIsDeterministicFromItsSeed) {
    const Game start(rulebook(Variant::International));
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const search::Outcome a = move_of(20, start, seed, clock_of(60));
        const search::Outcome b = move_of(20, start, seed, clock_of(60));
        ASSERT_TRUE(a.best && b.best);
        EXPECT_EQ(*a.best, *b.best);
        EXPECT_EQ(a.nodes, b.nodes);
    }
}

// A minute on the clock, yet a weak level answers within its small budget: it does not make
// a person wait for a move it plays badly anyway.
TEST(Strength, AWeakLevelStaysWithinItsBudgetWhateverTheClock) {
    const Game start(rulebook(Variant::International));
    for (double skill : {0.0, 30.0, 60.0}) {
        std::mt19937_64 random(5);
        const search::Outcome o = move_of(skill, start, 5, clock_of(60));
        ASSERT_TRUE(o.best);
        // The budget is checked every 1,024 nodes of the search.
        EXPECT_LT(o.nodes, weakening(skill, random).nodes + 2048) << skill;
    }
}

// What `move` is worth to the side that plays it: the other side's score after it, searched
// at full strength, negated.
search::Score worth_of(const Game& game, const Move& move, int depth) {
    Game after = game;
    EXPECT_TRUE(after.play(move));
    search::Limits limits;
    limits.depth = depth;
    return -move_of(full_skill, after, 1, limits).score;
}

// Positions with exactly one winning shot (tests/bench/tactics-international.txt): full
// strength plays it; the beginner's level misses at least half, and plays instead what a
// person who does not see the shot would: one of the better moves of the position by a
// full-strength search, not a random one (a random move is as likely to be in the worse half).
TEST(Strength, ABeginnerMissesTheShotButPlaysASensibleMove) {
    std::ifstream file(KROON_TACTICS_SET);
    ASSERT_TRUE(file) << KROON_TACTICS_SET;
    const Rulebook& rules = rulebook(Variant::International);
    int missed = 0, tried = 0, sensible = 0;
    for (std::string line; std::getline(file, line) && tried < 12;) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string fen, solution;
        std::getline(fields, fen, ';');
        std::getline(fields, solution, ';');
        solution.erase(0, solution.find_first_not_of(' '));
        const Game game = game_of(fen);
        const auto shot = rules.parse_move(game.position(), solution);
        ASSERT_TRUE(shot.ok()) << line;
        search::Limits deep;
        deep.depth = 12;
        const search::Outcome full = move_of(full_skill, game, 1, deep);
        if (!full.best || !(*full.best == *shot)) continue;  // the shot is deeper than this test looks
        ++tried;
        const search::Outcome weak = move_of(0, game, 1, clock_of(60));
        ASSERT_TRUE(weak.best);
        EXPECT_TRUE(rules.is_legal(game.position(), *weak.best)) << line;
        if (*weak.best == *shot) continue;
        ++missed;
        // The beginner's move beside every other move but the shot.
        MoveList moves;
        rules.generate_moves(game.position(), moves);
        const search::Score played = worth_of(game, *weak.best, 6);
        int better = 0, others = 0;
        for (const Move& move : moves) {
            if (move == *shot || move == *weak.best) continue;
            ++others;
            better += worth_of(game, move, 6) > played;
        }
        if (better * 2 <= others)
            ++sensible;
        else
            ADD_FAILURE() << line << ": the beginner played " << rules.format_move(game.position(), *weak.best)
                          << ", and " << better << " of " << others << " other moves are better";
    }
    EXPECT_GE(tried, 6);
    EXPECT_GE(missed * 2, tried);  // the shallow shots it may still see
    EXPECT_GE(sensible, missed * 3 / 4);
}

}  // namespace
}  // namespace kroon::play
