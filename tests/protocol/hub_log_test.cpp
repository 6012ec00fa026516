// The Hub session in process: what it logs (stderr in `kroon hub`) beside the lines it writes,
// for input the protocol tells it to ignore without a reply.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/hub/session.hpp"
#include "tests/support/captured_log.hpp"

namespace kroon::hub {
namespace {

using test::CapturedLog;

TEST(HubLog, IgnoredParametersAreWarnedAboutOffTheProtocol) {
    CapturedLog log;
    std::vector<std::string> written;
    Session session([&](const std::string& line) { written.push_back(line); });

    ASSERT_TRUE(session.handle_line("set-param name=hash value=16"));  // the engine's name, not the Hub's
    EXPECT_TRUE(written.empty());
    const std::string hash = log.take();
    EXPECT_NE(hash.find("[warning] hub: set-param name=hash ignored: the Hub name of this option is tt-size"),
              std::string::npos)
        << hash;
    EXPECT_EQ(session.options().integer("hash"), 64);

    ASSERT_TRUE(session.handle_line("set-param name=bb-size value=4"));  // Scan's, meaningless here: quiet
    ASSERT_TRUE(session.handle_line("set-param name=tt-size value=20"));
    EXPECT_EQ(log.take(), "");
    EXPECT_TRUE(written.empty());
    EXPECT_EQ(session.options().integer("hash"), 16);

    ASSERT_TRUE(session.handle_line("set-param name=hashsize value=64"));
    EXPECT_NE(log.take().find("hashsize ignored: not a parameter of Kroon's"), std::string::npos);
    EXPECT_TRUE(written.empty());
}

}  // namespace
}  // namespace kroon::hub
