// The whole Hub dialogue of a scripted session, byte for byte against a golden transcript
// (tests/protocol/golden/hub_session.out): handshake, parameters, searches in several
// variants, analysis, and errors. Each `go` waits for its `done`, so no search is cut short
// by the next line. Only `time` and `nps`, which the clock decides, are left out.
#include <gtest/gtest.h>

#include <regex>

#include "tests/protocol/hub_client.hpp"
#include "tests/support/golden_file.hpp"

namespace kroon::test {
namespace {

std::string without_clock_items(const std::string& line) {
    static const std::regex clock_items(" (time|nps)=[0-9.]+");
    return std::regex_replace(line, clock_items, "");
}

TEST(HubGolden, ScriptedSessionMatchesTheTranscript) {
    const auto script = read_lines("tests/protocol/golden/hub_session.in");
    ASSERT_FALSE(script.empty());
    auto engine = start_hub();
    for (const auto& line : script) {
        ASSERT_TRUE(engine->send(line)) << line;
        // Wait for the answer, so that no search is stopped by the next line.
        const std::string word = first_word(line);
        const char* answer = word == "go" ? "done" : word == "hub" ? "wait" : word == "ping" ? "pong" : nullptr;
        if (answer) {
            ASSERT_TRUE(engine->read_until(answer, 60s)) << line;
        }
    }
    EXPECT_EQ(engine->wait_exit(), 0);
    while (engine->read_line(200ms)) {}
    std::vector<std::string> lines;
    for (const auto& line : engine->transcript()) lines.push_back(without_clock_items(line));
    expect_golden("tests/protocol/golden/hub_session.out", lines);
}

}  // namespace
}  // namespace kroon::test
