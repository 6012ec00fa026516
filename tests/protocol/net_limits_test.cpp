// What a listening server does when outsiders press on it: the log lines they can cause are
// rationed, and accepting pauses, longer each time, when the process is out of descriptors.
#include <gtest/gtest.h>

#include <cerrno>

#include "protocol/net/accept_backoff.hpp"
#include "protocol/net/log_limiter.hpp"

namespace kroon::net {
namespace {

using namespace std::chrono_literals;

TEST(LogLimiter, PassesABurstThenHoldsBackAndSaysHowMany) {
    LogLimiter limiter(10s, 3);
    const auto t0 = LogLimiter::Clock::time_point{} + 1h;
    for (int i = 0; i < 3; ++i) EXPECT_TRUE(limiter.allow(t0 + i * 1ms));
    for (int i = 0; i < 1000; ++i) EXPECT_FALSE(limiter.allow(t0 + 5s));
    // A new interval: lines pass again, the first says what was held back.
    EXPECT_TRUE(limiter.allow(t0 + 11s));
    EXPECT_EQ(limiter.note(), " (1000 more like it not logged)");
    EXPECT_TRUE(limiter.allow(t0 + 11s));
    EXPECT_EQ(limiter.note(), "");
}

TEST(AcceptBackoff, PausesOnlyForExhaustedResourcesUpToASecond) {
    AcceptBackoff backoff;
    // A connection reset before it was accepted is the peer's business: no pause.
    EXPECT_EQ(backoff.after_failure(ECONNABORTED), 0ms);
    EXPECT_EQ(backoff.after_failure(EMFILE), 10ms);
    EXPECT_EQ(backoff.after_failure(ENFILE), 20ms);
    std::chrono::milliseconds last{};
    for (int i = 0; i < 20; ++i) last = backoff.after_failure(EMFILE);
    EXPECT_EQ(last, 1000ms);
    backoff.accepted();
    EXPECT_EQ(backoff.after_failure(ENOBUFS), 10ms);
}

}  // namespace
}  // namespace kroon::net
