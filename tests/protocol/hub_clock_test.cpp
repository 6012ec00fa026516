// A short real-clock match: on `level time=1 inc=0.02` neither `kroon hub` may ever run out
// of time over 30 moves each. Runs alone (SERIAL) so parallel tests cannot starve it.
#include <gtest/gtest.h>

#include "tests/protocol/hub_games.hpp"

namespace kroon::test {
namespace {

TEST(HubClock, FischerClockIsNeverExceeded) { clock_match(1.0, 0.02, 30); }

}  // namespace
}  // namespace kroon::test
