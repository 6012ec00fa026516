// The one level and the one reading of a clock: the increment comes after the move.
#include <gtest/gtest.h>

#include "play/level.hpp"
#include "search/time_manager.hpp"

namespace kroon::play {
namespace {

TEST(Level, AClockIsReadAsTheTimeOnItNowAndTheIncrementAfterTheMove) {
    Clock clock(TimeControl::sudden_death(1, 5));
    const auto reading = read_clock(clock, Color::White);
    ASSERT_TRUE(reading);
    EXPECT_DOUBLE_EQ(reading->time_left, 1);
    EXPECT_DOUBLE_EQ(reading->increment, 5);
    EXPECT_EQ(reading->moves_to_go, 0);
    // Part of the move gone already (the board reads its clock while the move runs).
    EXPECT_DOUBLE_EQ(read_clock(clock, Color::White, 0.25)->time_left, 0.75);
    EXPECT_DOUBLE_EQ(read_clock(clock, Color::White, 3)->time_left, 0);
    EXPECT_FALSE(read_clock(Clock(), Color::White));
    EXPECT_EQ(read_clock(Clock(TimeControl::moves_in(40, 600)), Color::Black)->moves_to_go, 40);
}

// 1+5, the first move: the plan stays inside the second on the clock, and uses much of it.
TEST(Level, AtOnePlusFiveWithOneSecondLeftThePlanStaysInsideTheClock) {
    Clock clock(TimeControl::sudden_death(1, 5));
    const auto reading = read_clock(clock, Color::White);
    Level level;
    level.clock = clock.control();
    const search::Limits limits = search_limits(level, reading);
    EXPECT_DOUBLE_EQ(limits.time_left, 1);
    EXPECT_DOUBLE_EQ(limits.increment, 5);
    const search::TimePlan plan = search::plan_time(limits, 0.6);
    EXPECT_LT(plan.hard, 1);
    EXPECT_GT(plan.soft, 0.3);
}

TEST(Level, LimitsCombine) {
    Level level;
    level.depth = 12;
    level.move_time = 2;
    const search::Limits limits = search_limits(level);
    EXPECT_EQ(limits.depth, 12);
    EXPECT_DOUBLE_EQ(limits.move_time, 2);
    EXPECT_LT(limits.time_left, 0);  // no clock
    EXPECT_TRUE(limits.ends_by_itself());
    EXPECT_FALSE(search_limits(Level{}).ends_by_itself());
}

}  // namespace
}  // namespace kroon::play
