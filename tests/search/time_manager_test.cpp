// The time plan: never more than the clock holds, and sensible shares of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "search/time_manager.hpp"

namespace kroon::search {
namespace {

TEST(TimeManager, NoLimitsNoPlan) {
    const TimePlan plan = plan_time(Limits{});
    EXPECT_EQ(plan.hard, 0);
    EXPECT_EQ(plan.soft, 0);
}

TEST(TimeManager, MoveTimeKeepsAMargin) {
    Limits limits;
    limits.move_time = 2.0;
    const TimePlan plan = plan_time(limits);
    EXPECT_GT(plan.hard, 1.9);
    EXPECT_LT(plan.hard, 2.0);
}

TEST(TimeManager, ClockPlansStayInsideTheClock) {
    for (double left : {0.01, 0.1, 1.0, 10.0, 300.0, 3600.0})
        for (double inc : {0.0, 0.5, 5.0})
            for (int to_go : {0, 1, 2, 10, 40})
                for (double progress : {0.0, 0.5, 1.0}) {
                    Limits limits;
                    limits.time_left = left;
                    limits.increment = inc;
                    limits.moves_to_go = to_go;
                    const TimePlan plan = plan_time(limits, progress);
                    SCOPED_TRACE(::testing::Message() << left << " " << inc << " " << to_go << " " << progress);
                    EXPECT_GT(plan.soft, 0);
                    EXPECT_LE(plan.soft, plan.hard);
                    // Never the whole clock: the increment comes after the move.
                    EXPECT_LT(plan.hard, left);
                    if (left >= 1.0) {
                        EXPECT_LE(plan.hard, left - clock_margin + 1e-9);
                    }
                }
}

TEST(TimeManager, SharesTheTimeAmongTheMovesToGo) {
    Limits limits;
    limits.time_left = 100;
    limits.moves_to_go = 10;
    const double ten = plan_time(limits).soft;
    limits.moves_to_go = 40;
    const double forty = plan_time(limits).soft;
    EXPECT_GT(ten, 3 * forty);
    EXPECT_LT(ten, 100.0 / 10 * 1.01);
    // The last move before the time control may use most of what is left.
    limits.moves_to_go = 1;
    EXPECT_GT(plan_time(limits).hard, 50);
}

TEST(TimeManager, PonderingGivesEachMoveMoreTimeInsideTheClock) {
    for (double left : {0.1, 10.0, 300.0})
        for (int to_go : {0, 1, 20}) {
            Limits limits;
            limits.time_left = left;
            limits.moves_to_go = to_go;
            const TimePlan alone = plan_time(limits);
            limits.pondering_enabled = true;
            const TimePlan pondered = plan_time(limits);
            SCOPED_TRACE(::testing::Message() << left << " " << to_go);
            EXPECT_GE(pondered.soft, alone.soft);
            EXPECT_LE(pondered.soft, alone.soft * ponder_time_factor + 1e-9);
            EXPECT_LE(pondered.soft, pondered.hard);
            EXPECT_LT(pondered.hard, left);
            if (left >= 10 && to_go != 1) {
                EXPECT_GT(pondered.soft, alone.soft * 1.1);
            }
        }
}

// A one-minute game played move by move, each search stopping at three quarters of its plan
// (it stops between half the plan and the plan), the men going their way in about 62 moves
// as they do between strong engines: the clock lasts a long game, and a game of typical
// length leaves little of it unused.
TEST(TimeManager, ASuddenDeathGameUsesMostOfItsClock) {
    constexpr double minute = 60;
    double left = minute;
    double first_ten = 0;
    for (int move = 1; move <= 150; ++move) {
        Limits limits;
        limits.time_left = left;
        const TimePlan plan = plan_time(limits, std::min(1.0, move / 62.0));
        ASSERT_LT(plan.hard, left);
        ASSERT_LE(plan.hard, left - clock_margin);
        left -= 0.75 * plan.soft;
        if (move == 10) first_ten = minute - left;
        if (move == 70) {
            EXPECT_LT(left, 0.05 * minute);
            EXPECT_GT(left, 0.02 * minute);
        }
    }
    EXPECT_GT(left, 0);
    // The opening is not starved for the endgame: its share is the one of 20 moves to go.
    EXPECT_GT(first_ten, minute * (1 - std::pow(1 - 0.75 / 20, 10)) * 0.97);
}

TEST(TimeManager, LaterInTheGameAMoveGetsALargerShareOfWhatIsLeft) {
    EXPECT_EQ(sudden_death_moves(0), sudden_death_moves_early);
    EXPECT_EQ(sudden_death_moves(sudden_death_early_until), sudden_death_moves_early);
    EXPECT_EQ(sudden_death_moves(sudden_death_late_from), sudden_death_moves_late);
    EXPECT_EQ(sudden_death_moves(1), sudden_death_moves_late);
    double last = sudden_death_moves(0);
    for (double p = 0; p <= 1.0; p += 0.05) {
        EXPECT_LE(sudden_death_moves(p), last);
        last = sudden_death_moves(p);
        Limits limits;
        limits.time_left = 30;
        const TimePlan plan = plan_time(limits, p);
        EXPECT_NEAR(plan.soft, (30 - clock_margin - 0.02 * 30) / sudden_death_moves(p), 1e-9);
        EXPECT_LT(plan.hard, 30 - clock_margin);
        // With little on the clock the share stays the early one.
        limits.time_left = sudden_death_late_needs;
        EXPECT_NEAR(plan_time(limits, p).soft, plan_time(limits, 0).soft, 1e-12);
    }
    // A time control ahead is planned by its own moves, whatever the progress.
    Limits limits;
    limits.time_left = 100;
    limits.moves_to_go = 30;
    EXPECT_EQ(plan_time(limits, 0).soft, plan_time(limits, 0.9).soft);
}

// 1+5 late in a game, one second on the clock: the five seconds come after the move.
TEST(TimeManager, AnIncrementLargerThanTheClockIsNotSpentBeforeItComes) {
    Limits limits;
    limits.time_left = 1;
    limits.increment = 5;
    const TimePlan plan = plan_time(limits, 0.5);
    EXPECT_LE(plan.hard, 1 - clock_margin + 1e-9);
    EXPECT_GT(plan.soft, 0.5);  // but the second may be spent: five more come back
}

TEST(TimeManager, TheIncrementIsSpent) {
    Limits limits;
    limits.time_left = 10;
    const double without = plan_time(limits).soft;
    limits.increment = 2;
    EXPECT_GT(plan_time(limits).soft, without + 1.5);
}

}  // namespace
}  // namespace kroon::search
