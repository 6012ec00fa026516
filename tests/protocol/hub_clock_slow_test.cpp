// The long clock test: each engine plays 100 moves on `level time=10 inc=0.1`.
#include <gtest/gtest.h>

#include "tests/protocol/hub_games.hpp"

namespace kroon::test {
namespace {

TEST(HubClockSlow, HundredMovesOnAFischerClock) { clock_match(10.0, 0.1, 100); }

}  // namespace
}  // namespace kroon::test
