// The men's progress that the time plan reads: 0 at the start, 1 with no men, and moving on
// with advances and captures.
#include <gtest/gtest.h>

#include "engine/movegen/movegen.hpp"
#include "search/game_progress.hpp"

namespace kroon::search {
namespace {

class MenProgress : public ::testing::TestWithParam<Variant> {};

TEST_P(MenProgress, StartsAtZeroAndGrowsAsTheMenGo) {
    with_rules(GetParam(), [](auto tag) {
        using R = typename decltype(tag)::Rules;
        Position position = Position::start<R>();
        EXPECT_EQ(men_progress(position, GetParam()), 0.0);
        // Any ten plies of a game: every move of a man advances it or takes one.
        double last = 0;
        for (int ply = 0; ply < 10; ++ply) {
            MoveList moves;
            generate_moves<R>(position, moves);
            if (moves.empty()) break;
            position.play<R>(moves[0]);
            const double progress = men_progress(position, GetParam());
            EXPECT_GE(progress, last);
            EXPECT_LE(progress, 1.0);
            last = progress;
        }
        EXPECT_GT(last, 0.0);
        // Kings alone: the men have all gone.
        const Bitboard white = position.pieces(Color::White), black = position.pieces(Color::Black);
        EXPECT_EQ(men_progress(Position::from_sets(white, black, white | black, Color::White), GetParam()), 1.0);
    });
}

INSTANTIATE_TEST_SUITE_P(AllVariants, MenProgress, ::testing::ValuesIn(all_variants));

TEST(MenProgress, CountsTheRowsTheMenStillHaveToGo) {
    // International: one white man on 46 (nine rows from the crown, as at the start's back
    // row) and one black man on 5 (likewise): 18 rows of the start's 300 to go.
    const Position two_men = Position::from_sets(Bitboard{1} << Board10::bit_of_index(45),
                                                 Bitboard{1} << Board10::bit_of_index(4), 0, Color::White);
    EXPECT_NEAR(men_progress(two_men, Variant::International), 1.0 - 18.0 / 300.0, 1e-12);
}

}  // namespace
}  // namespace kroon::search
