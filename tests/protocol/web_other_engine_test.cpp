// The board's other engine (`kroon serve --engine`) is a program Kroon does not trust: fake Hub
// engines (tests/support/fake_hub_engine.cpp) that flood, stop reading, send far more lines
// than asked for or absurd numbers, and the server that keeps serving every tab through them.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <string>
#include <thread>

#include "players/hub_analyser.hpp"
#include "tests/protocol/web_server_fixture.hpp"

namespace kroon::web {
namespace {

using namespace std::chrono_literals;
using test::Json;
using test::RunningServer;
using test::Tab;

// A server whose other engine is the fake engine in `mode`. The fake ends itself after a
// minute whatever it does, so that a test of a defect fails instead of hanging.
ServerConfig with_fake(const std::string& mode, const std::string& options = "") {
    ServerConfig config;
    auto other = players::HubAnalyser::start(std::string(FAKE_HUB_ENGINE) + " " + mode + " --exit-after 60 " + options,
                                             players::PlayerSettings{});
    if (!other) throw std::runtime_error(other.error());
    config.other_engine = std::move(other.value());
    return config;
}

// A tab at the start with nobody playing: the fake engines answer 32-28, legal there.
void study_the_start(test::WebClient& c) {
    c.send({{"type", "new"}, {"kroon", "none"}});
    c.expect_state([](const Json& x) { return x["plies"] == 0; });
}

// An engine that writes info lines as fast as it can: the other tabs are answered as ever,
// the analysing tab gets a few reports a second, and `stop` gets its `done`.
TEST(WebOtherEngine, AFloodOfInfoLinesLeavesTheServerFreeForEveryTab) {
    RunningServer s(with_fake("flood"));
    Tab busy(s.port()), idle(s.port());
    study_the_start(busy.client);
    busy.client.send({{"type", "analyse"}, {"engine", "other"}});
    busy.client.expect("info");
    for (int i = 0; i < 10; ++i) {
        std::this_thread::sleep_for(200ms);
        idle.client.send({{"type", "state"}});
        ASSERT_NO_THROW(idle.client.expect("state", 2)) << "request " << i;
    }
    busy.client.send({{"type", "stop"}});
    const Json done = busy.client.expect("done", 10);
    EXPECT_TRUE(done["best"].is_object()) << done.dump();
    int infos = 0;
    for (const Json& m : busy.client.skipped()) infos += m["type"] == "info";
    EXPECT_LE(infos, 40) << "in about two seconds";
}

// An engine that stops reading its input (it writes `done` without end): every hint is
// answered, and the server closes at once when it stops.
TEST(WebOtherEngine, AnEngineThatStopsReadingStillAnswersEveryHint) {
    auto server = std::make_unique<RunningServer>(with_fake("mute"));
    Tab tab(server->port());
    auto& c = tab.client;
    study_the_start(c);
    for (int hint = 1; hint <= 1000; ++hint) {
        c.send({{"type", "hint"}, {"engine", "other"}, {"seconds", 0.05}});
        ASSERT_NO_THROW(c.expect("done", 10)) << "hint " << hint;
        c.clear_skipped();
    }
    c.send({{"type", "analyse"}, {"engine", "other"}});
    const auto stopping = std::chrono::steady_clock::now();
    server.reset();
    EXPECT_LT(std::chrono::steady_clock::now() - stopping, 10s);
}

// 20,000 lines in each iteration when the tab asked for three: three are sent, and the tab
// is not dropped for a message beyond its outbox.
TEST(WebOtherEngine, OnlyTheLinesTheTabAskedForAreSent) {
    RunningServer s(with_fake("multipv-flood", "--lines 20000"));
    Tab tab(s.port());
    auto& c = tab.client;
    study_the_start(c);
    c.send({{"type", "analyse"}, {"engine", "other"}, {"lines", 3}});
    for (int i = 0; i < 3; ++i) {
        const Json info = c.expect("info");
        ASSERT_EQ(info["lines"].size(), 3u);
        EXPECT_EQ(info["lines"][0]["pv"], info["pv"]);
    }
    c.send({{"type", "stop"}});
    c.expect("done", 10);
}

// Numbers no engine could mean (nodes=1e18 time=1e-300, time=inf, nan): what reaches the page
// is a number, and a rate is never divided out of a time too short to mean anything.
TEST(WebOtherEngine, AbsurdNumbersReachThePageAsNumbers) {
    RunningServer s(with_fake("absurd"));
    Tab tab(s.port());
    auto& c = tab.client;
    study_the_start(c);
    c.send({{"type", "hint"}, {"engine", "other"}, {"seconds", 1}});
    const Json done = c.expect("done", 10);
    EXPECT_TRUE(done["seconds"].is_number()) << done.dump();
    int infos = 0;
    for (const Json& m : c.skipped()) {
        if (m["type"] != "info") continue;
        ++infos;
        ASSERT_TRUE(m["seconds"].is_number()) << m.dump();
        EXPECT_GE(m["seconds"].get<double>(), 0) << m.dump();
        ASSERT_TRUE(m["nps"].is_number()) << m.dump();
        EXPECT_LE(m["nps"].get<double>(), 1e15) << m.dump();
        EXPECT_LT(m["nodes"].get<double>(), 9.3e18) << m.dump();
    }
    EXPECT_GE(infos, 1);
}

}  // namespace
}  // namespace kroon::web
