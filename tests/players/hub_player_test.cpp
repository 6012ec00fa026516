// Reading a Hub engine's `info score=` and `depth=` for the match runner's adjudication and
// move comments.
#include <gtest/gtest.h>

#include "players/hub_player.hpp"
#include "players/player.hpp"

namespace kroon::players {
namespace {

TEST(HubPlayerScore, MenWithTwoDecimals) {
    EXPECT_EQ(parse_hub_score("0.25"), 25);
    EXPECT_EQ(parse_hub_score("-99.87"), -9987);
    EXPECT_EQ(parse_hub_score("3"), 300);
    EXPECT_EQ(parse_hub_score("x"), std::nullopt);
    EXPECT_EQ(parse_hub_score("1.5x"), std::nullopt);
    EXPECT_EQ(parse_hub_score("inf"), std::nullopt);
    EXPECT_EQ(parse_hub_score(""), std::nullopt);
}

TEST(HubPlayerDepth, TheNominalDepthOfAnInfoLine) {
    EXPECT_EQ(parse_hub_depth("14"), 14);
    EXPECT_EQ(parse_hub_depth("14/20"), 14);  // with a selective depth
    EXPECT_EQ(parse_hub_depth("0"), std::nullopt);
    EXPECT_EQ(parse_hub_depth("-3"), std::nullopt);
    EXPECT_EQ(parse_hub_depth("deep"), std::nullopt);
    EXPECT_EQ(parse_hub_depth(""), std::nullopt);
    EXPECT_EQ(parse_hub_depth("99999999999999999999"), std::nullopt);
}

TEST(HubPlayerScore, ScoresBeyondTheLimitAreClampedNotWrapped) {
    // 21474836.48 men is 2^31 hundredths: it used to become INT_MIN, and 2^32 hundredths 0,
    // a "draw" that could adjudicate one.
    for (const char* huge : {"21474836.48", "42949672.96", "1e300"}) {
        SCOPED_TRACE(huge);
        EXPECT_EQ(parse_hub_score(huge), score_limit);
        EXPECT_EQ(parse_hub_score(std::string("-") + huge), -score_limit);
    }
    EXPECT_EQ(parse_hub_score("10000"), score_limit);
    EXPECT_EQ(parse_hub_score("9999.99"), 999999);
}

}  // namespace
}  // namespace kroon::players
