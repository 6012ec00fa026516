// A real-clock DXP game between two `kroon dxp` processes on 127.0.0.1: one minute each for
// 30 moves, no per-move cap. Neither side may run over its budget (both logs report the clock
// each side measured for itself) and nobody loses on time. About two minutes: label slow.
#include <gtest/gtest.h>

#include <regex>

#include "tests/protocol/dxp_loopback_support.hpp"

namespace kroon::dxp {
namespace {

using namespace test;
const std::string kroon = KROON_BINARY;

// Seconds each "clock: I used X s ... of Y s each" line of a log reports, with Y.
std::vector<std::pair<double, double>> clock_lines(const std::string& log) {
    std::vector<std::pair<double, double>> out;
    const std::regex line(R"(clock: I used ([0-9.]+) s, the peer [0-9.]+ s, of ([0-9]+) s each)");
    for (std::sregex_iterator it(log.begin(), log.end(), line), end; it != end; ++it)
        out.emplace_back(std::stod((*it)[1]), std::stod((*it)[2]));
    return out;
}

TEST(DxpLoopbackSlow, RealClockGameStaysWithinTheBudget) {
    const ScratchDir dir("real_clock");
    Process follower({kroon, "dxp", "--listen", "127.0.0.1:0", "--follower", "--hash", "16", "--pdn",
                      (dir / "follower.pdn").string()},
                     dir / "follower.err");
    const int port = follower.listening_port();
    ASSERT_GT(port, 0);
    Process initiator({kroon, "dxp", "--connect", "127.0.0.1:" + std::to_string(port), "--initiator", "--games", "1",
                       "--minutes", "1", "--moves", "30", "--hash", "16", "--pdn", (dir / "initiator.pdn").string()},
                      dir / "initiator.err");
    const auto status = initiator.wait(240s);
    ASSERT_TRUE(status.has_value()) << "the game did not finish in 4 minutes";
    EXPECT_EQ(*status, 0);
    EXPECT_EQ(follower.terminate(), 0);

    const std::string pdn = read_file(dir / "initiator.pdn");
    EXPECT_EQ(count_of(pdn, "[Event "), 1) << pdn;
    EXPECT_EQ(count_of(pdn, "time ran out"), 0) << pdn;
    EXPECT_EQ(count_of(pdn, "abandoned"), 0) << pdn;
    for (const char* side : {"initiator.err", "follower.err"}) {
        const auto clocks = clock_lines(read_file(dir / side));
        ASSERT_EQ(clocks.size(), 1u) << side;
        EXPECT_GT(clocks[0].first, 1.0) << side << ": the clock was used";
        EXPECT_LT(clocks[0].first, clocks[0].second) << side << ": within the budget";
        std::printf("%s used %.2f s of %.0f s\n", side, clocks[0].first, clocks[0].second);
    }
}

}  // namespace
}  // namespace kroon::dxp
