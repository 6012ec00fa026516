// DXP layer 1: NUL framing on a byte stream (split, merged, over-long input) and the
// command line's [HOST:]PORT addresses.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "protocol/dxp/framing.hpp"
#include "protocol/dxp/transport.hpp"

namespace kroon::dxp {
namespace {

using namespace std::string_literals;

std::vector<std::string> texts(const std::vector<Frame>& frames) {
    std::vector<std::string> out;
    for (const auto& f : frames) out.push_back((f.ok ? "" : "!") + f.text);
    return out;
}

TEST(DxpFraming, SeveralMessagesInOneRead) {
    FrameReader r;
    EXPECT_EQ(texts(r.feed("E20\0CI claim a draw\0"s)), (std::vector<std::string>{"E20", "CI claim a draw"}));
    EXPECT_EQ(r.pending(), 0u);
}

TEST(DxpFraming, MessageSplitOverReads) {
    FrameReader r;
    EXPECT_TRUE(r.feed("M00003").empty());
    EXPECT_EQ(r.pending(), 6u);
    EXPECT_TRUE(r.feed("2120217").empty());
    EXPECT_EQ(texts(r.feed("27\0M00"s)), std::vector<std::string>{"M00003212021727"});
    EXPECT_EQ(texts(r.feed("01322800\0"s)), std::vector<std::string>{"M0001322800"});
}

TEST(DxpFraming, ByteByByte) {
    FrameReader r;
    const std::string stream = "K0\0B001W\0"s;
    std::vector<std::string> got;
    for (char c : stream)
        for (auto& t : texts(r.feed(std::string(1, c)))) got.push_back(t);
    EXPECT_EQ(got, (std::vector<std::string>{"K0", "B001W"}));
}

TEST(DxpFraming, EmptyFramesAreSkipped) {
    FrameReader r;
    EXPECT_EQ(texts(r.feed("\0\0K0\0\0"s)), std::vector<std::string>{"K0"});
}

TEST(DxpFraming, OverLongInputIsReportedOnceAndSkippedToItsNul) {
    FrameReader r;
    const std::string longest(127, 'C');
    EXPECT_EQ(texts(r.feed(longest + '\0')), std::vector<std::string>{longest});
    // 128 characters: an error, then the rest of that message is dropped up to its NUL.
    auto frames = r.feed(std::string(128, 'C'));
    ASSERT_EQ(frames.size(), 1u);
    EXPECT_FALSE(frames[0].ok);
    EXPECT_NE(frames[0].text.find("longer than 127"), std::string::npos);
    for (int i = 0; i < 1000; ++i) EXPECT_TRUE(r.feed(std::string(4096, 'x')).empty());
    EXPECT_EQ(r.pending(), 0u);  // nothing is kept of an over-long message
    EXPECT_EQ(texts(r.feed("xxx\0E00\0"s)), std::vector<std::string>{"E00"});
}

TEST(DxpFraming, OverLongAcrossReadsIsCaught) {
    FrameReader r;
    EXPECT_TRUE(r.feed(std::string(100, 'a')).empty());
    const auto frames = r.feed(std::string(100, 'a') + '\0' + "K1" + '\0');
    EXPECT_EQ(texts(frames).size(), 2u);
    EXPECT_FALSE(frames[0].ok);
    EXPECT_EQ(frames[1].text, "K1");
}

TEST(DxpFraming, FrameAddsOneNul) { EXPECT_EQ(frame("E00"), "E00\0"s); }

TEST(DxpEndpoint, Forms) {
    const auto check = [](const std::string& text, const std::string& host, unsigned short port) {
        const auto e = parse_endpoint(text);
        ASSERT_TRUE(e.ok()) << text << ": " << e.error();
        EXPECT_EQ(e->host, host) << text;
        EXPECT_EQ(e->port, port) << text;
    };
    check("27531", "127.0.0.1", 27531);
    check("0", "127.0.0.1", 0);
    check("127.0.0.1:4000", "127.0.0.1", 4000);
    check("localhost:4000", "localhost", 4000);
    check("::1", "::1", 27531);
    check("[::1]:4000", "::1", 4000);
    check("[::]", "::", 27531);
    check("10.0.0.7", "10.0.0.7", 27531);
    check(":4000", "127.0.0.1", 4000);
    for (const char* bad : {"127.0.0.1:", "127.0.0.1:x", "127.0.0.1:70000", "[::1", "[::1]4000", "[::1]:", "1:123456"})
        EXPECT_FALSE(parse_endpoint(bad).ok()) << bad;
}

}  // namespace
}  // namespace kroon::dxp
