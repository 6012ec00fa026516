#include <gtest/gtest.h>

#include "engine/referee/clock.hpp"

namespace kroon {
namespace {

TEST(Clock, SuddenDeathFlagFallsWhenTheTimeIsUsedUp) {
    Clock c(TimeControl::sudden_death(60));
    EXPECT_TRUE(c.record_move(Color::White, 30));
    EXPECT_TRUE(c.record_move(Color::Black, 1));
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 30);
    EXPECT_EQ(c.moves_to_go(Color::White), 0);
    EXPECT_TRUE(c.record_move(Color::White, 30));  // exactly in time (KNDB art. 10.5)
    EXPECT_FALSE(c.flag_fell(Color::White));
    EXPECT_FALSE(c.record_move(Color::White, 0.001));
    EXPECT_TRUE(c.flag_fell(Color::White));
    EXPECT_FALSE(c.flag_fell(Color::Black));
}

TEST(Clock, IncrementIsAddedAfterEachMove) {
    Clock c(TimeControl::sudden_death(10, 1));
    EXPECT_TRUE(c.record_move(Color::White, 5));
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 6);
    EXPECT_TRUE(c.would_flag(Color::White, 6.5));
    EXPECT_FALSE(c.record_move(Color::White, 6.5));  // the increment comes too late to help
}

TEST(Clock, AGameEndedDuringAMoveChargesItsTime) {
    Clock c(TimeControl::sudden_death(10, 1));
    c.charge(Color::White, 4);  // resigned 4 s into the move: no increment
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 6);
    EXPECT_FALSE(c.flag_fell(Color::White));
    c.charge(Color::White, 7.5);  // a flag fall: never below zero
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 0);
    EXPECT_TRUE(c.flag_fell(Color::White));
    EXPECT_DOUBLE_EQ(c.remaining(Color::Black), 10);
    Clock none;
    none.charge(Color::Black, 5);
    EXPECT_DOUBLE_EQ(none.remaining(Color::Black), 0);
}

TEST(Clock, LeftoverTimeCarriesIntoTheNextPeriod) {  // KNDB art. 10.2
    Clock c(TimeControl::moves_in(2, 10));
    EXPECT_EQ(c.moves_to_go(Color::White), 2);
    EXPECT_TRUE(c.record_move(Color::White, 4));
    EXPECT_EQ(c.moves_to_go(Color::White), 1);
    EXPECT_TRUE(c.record_move(Color::White, 4));
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 12);  // 2 left over + 10 for the next 2 moves
    EXPECT_EQ(c.moves_to_go(Color::White), 2);
    EXPECT_TRUE(c.record_move(Color::White, 11));
    EXPECT_FALSE(c.record_move(Color::White, 1.5));  // 1 s left, 1 move to go
}

TEST(Clock, FrisianChampionshipControl) {  // 50 moves in 2 hours, then 25 moves per hour
    Clock c(TimeControl::frisian_championship());
    for (int i = 0; i < 50; ++i) ASSERT_TRUE(c.record_move(Color::Black, 100));
    EXPECT_DOUBLE_EQ(c.remaining(Color::Black), 7200 - 5000 + 3600);
    EXPECT_EQ(c.moves_to_go(Color::Black), 25);
    for (int i = 0; i < 25; ++i) ASSERT_TRUE(c.record_move(Color::Black, 200));
    EXPECT_DOUBLE_EQ(c.remaining(Color::Black), 5800 - 5000 + 3600);
    EXPECT_EQ(c.moves_to_go(Color::Black), 25);
    EXPECT_EQ(c.moves_made(Color::Black), 75);
    EXPECT_DOUBLE_EQ(c.remaining(Color::White), 7200);
}

TEST(Clock, NoClockNeverFlags) {
    Clock c;
    EXPECT_TRUE(c.unlimited());
    EXPECT_TRUE(c.record_move(Color::White, 1e9));
    EXPECT_FALSE(c.would_flag(Color::White, 1e9));
}

TEST(TimeControlText, ReadsAndWritesEveryForm) {
    struct Case {
        const char* text;
        const char* canonical;
    };
    for (const Case& k :
         {Case{"300+2", "300+2"}, Case{"5m+2s", "300+2"}, Case{"40/7200:1800", "40/7200:1800"},
          Case{"50/2h:25/1h", "50/7200:25/3600"}, Case{"0.5+0.05", "0.5+0.05"}, Case{"-", "-"}, Case{"60", "60"}}) {
        const auto tc = parse_time_control(k.text);
        ASSERT_TRUE(tc.ok()) << k.text << ": " << tc.error();
        EXPECT_EQ(format_time_control(*tc), k.canonical);
        EXPECT_EQ(*parse_time_control(format_time_control(*tc)), *tc);
    }
    EXPECT_EQ(*parse_time_control("50/7200:25/3600"), TimeControl::frisian_championship());
    // The longest period and increment it takes (a week, a day), and the most moves (1000).
    EXPECT_TRUE(parse_time_control("604800+86400").ok());
    EXPECT_TRUE(parse_time_control("1000/168h").ok());
    EXPECT_EQ(*parse_time_control("6e1+2E0"), *parse_time_control("60+2"));
    EXPECT_EQ(*parse_time_control(".5+0.25"), *parse_time_control("0.5+0.25"));
}

TEST(TimeControlText, RejectsNonsense) {
    // Numbers are plain decimals: no sign, blanks inside, hexadecimal, infinity or NaN.
    for (const char* bad :
         {"abc",       "60:40/100", "x/60",      "0/60",          "60+", "-5",   "40/", "1e300", "604801",
          "40/1e9",    "60+86401",  "1001/3600", "9999999999/60", "+60", "0x3c", "inf", "nan",   "6 0",
          "60+1e-400", "1.5.5",     "e5",        "60+-1"}) {
        const auto tc = parse_time_control(bad);
        EXPECT_FALSE(tc.ok()) << bad;
        if (!tc.ok()) {
            EXPECT_FALSE(tc.error().empty());
        }
    }
}

}  // namespace
}  // namespace kroon
