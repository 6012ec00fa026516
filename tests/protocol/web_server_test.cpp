// `kroon serve` over real sockets: the server runs in this process on 127.0.0.1 (any free
// port), and the tests talk to it as the page does, through HTTP and a WebSocket per tab.
#include <gtest/gtest.h>

#include <algorithm>

#include <atomic>
#include <chrono>
#include <optional>
#include <set>
#include <thread>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <sstream>

#include <filesystem>

#include "egdb/builder.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"
#include "play/book.hpp"
#include "play/strength.hpp"
#include "players/hub_analyser.hpp"
#include "protocol/web/server.hpp"
#include "tests/protocol/web_client.hpp"
#include "tests/protocol/web_server_fixture.hpp"

namespace kroon::web {
namespace {

using test::error_of;
using test::RunningServer;
using test::Tab;
using test::WebClient;
using Json = nlohmann::json;
using SteadyClock = std::chrono::steady_clock;
using namespace std::chrono_literals;

bool human_to_move(const Json& s) { return !s["moves"].empty() && s["engine"].is_null(); }

TEST(WebServer, ServesTheBuiltInPageAndNothingElse) {
    RunningServer s;
    const auto page = test::http_request(s.port(), "GET", "/");
    EXPECT_EQ(page.status, 200);
    EXPECT_EQ(page.content_type, "text/html; charset=utf-8");
    EXPECT_NE(page.body.find("<svg id=\"board\""), std::string::npos);
    const auto script = test::http_request(s.port(), "GET", "/app.js?v=1");
    EXPECT_EQ(script.status, 200);
    EXPECT_EQ(script.content_type, "text/javascript; charset=utf-8");
    EXPECT_NE(script.body.find("./transport.js"), std::string::npos);
    const auto transport = test::http_request(s.port(), "GET", "/transport.js");
    EXPECT_EQ(transport.status, 200);
    EXPECT_NE(transport.body.find("new WebSocket"), std::string::npos);
    EXPECT_EQ(test::http_request(s.port(), "GET", "/board.js").status, 200);
    EXPECT_EQ(test::http_request(s.port(), "GET", "/style.css").status, 200);
    for (const char* target : {"/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2fCMakeLists.txt",
                               "/protocol/web/page/app.js", "//etc/passwd", "/index.html/..", "/ws"})
        EXPECT_EQ(test::http_request(s.port(), "GET", target).status, 404) << target;
    EXPECT_EQ(test::http_request(s.port(), "POST", "/").status, 405);
    EXPECT_EQ(test::http_request(s.port(), "DELETE", "/index.html").status, 405);
    const auto head = test::http_request(s.port(), "HEAD", "/");
    EXPECT_EQ(head.status, 200);
    EXPECT_TRUE(head.body.empty());
}

TEST(WebServer, WelcomesATabWithTheVariantsAndTheStartPosition) {
    RunningServer s;
    Tab tab(s.port());
    EXPECT_EQ(tab.welcome["protocol"], 1);
    EXPECT_EQ(tab.welcome["variants"].size(), 16u);
    EXPECT_EQ(tab.welcome["variants"][2]["name"], "english");
    const Json& st = tab.state;
    EXPECT_EQ(st["variant"], "international");
    EXPECT_EQ(st["board"]["squares"].size(), 50u);
    EXPECT_EQ(st["pieces"], std::string(20, 'b') + std::string(10, '.') + std::string(20, 'w'));
    EXPECT_EQ(st["fen"], rulebook(Variant::International).start_fen());
    EXPECT_EQ(st["moves"].size(), 9u);
    EXPECT_EQ(st["kroon"], "black");
    EXPECT_EQ(st["side"], "white");
    EXPECT_FALSE(st["capture"].get<bool>());
    EXPECT_FALSE(st["over"].get<bool>());
}

TEST(WebServer, BadMessagesGetAnErrorAndTheTabGoesOn) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send_text("{bad json");
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("malformed JSON"), std::string::npos);
    c.send_text("[1, 2]");
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("JSON object"), std::string::npos);
    c.send_text("{\"move\": \"32-28\"}");
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("type"), std::string::npos);
    c.send_text(std::string(100000, '[') + std::string(100000, ']'));
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("nested too deeply"), std::string::npos);
    c.send_text("\"just a string\"");
    c.expect("error");
    // A number too large for a double is JSON's own kind of error (found by fuzzing: it ended
    // the server).
    c.send_text("{\"type\":\"goto\",\"ply\":1E4444444}");
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("malformed JSON"), std::string::npos);

    EXPECT_EQ(error_of(c, {{"type", "fly"}}), "unknown message type 'fly'");
    EXPECT_EQ(error_of(c, {{"type", "move"}}), "'move' is missing");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", 3228}}), "'move' must be a string");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", "11-15"}}), "illegal move 11-15");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", "32-28"}, {"ply", 7}}), "'ply' must be from 0 to 0 (got 7)");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", std::string(5000, '3')}}),
              "'move' is too long (at most 200 characters)");
    EXPECT_EQ(error_of(c, {{"type", "goto"}, {"ply", -1}}), "'ply' must be from 0 to 0 (got -1)");
    EXPECT_EQ(error_of(c, {{"type", "new"}, {"variant", "chess"}}).rfind("unknown variant 'chess'", 0), 0u);
    EXPECT_EQ(error_of(c, {{"type", "new"}, {"fen", "W:W99:B1"}}).rfind("bad FEN", 0), 0u);
    EXPECT_EQ(error_of(c, {{"type", "new"}, {"kroon", "red"}}), "'kroon' must be white, black or none (got 'red')");
    EXPECT_EQ(error_of(c, {{"type", "level"}, {"level", {{"kind", "depth"}, {"depth", 500}}}}),
              "'depth' must be from 1 to 60 (got 500)");
    EXPECT_EQ(
        error_of(c, {{"type", "level"}, {"level", {{"kind", "clock"}, {"control", "soon"}}}}).rfind("bad clock", 0),
        0u);
    EXPECT_EQ(error_of(c, {{"type", "level"}, {"level", "fast"}}), "'level' must be an object with a \"kind\"");
    EXPECT_EQ(error_of(c, {{"type", "open_game"}, {"index", 0}}), "no PDN file loaded");
    EXPECT_EQ(error_of(c, {{"type", "stop"}}), "nothing to stop: Kroon is not thinking");
    EXPECT_EQ(error_of(c, {{"type", "takeback"}}), "no move to take back");
    c.send(Json{{"type", "move"}, {"move", 1}});
    EXPECT_EQ(c.expect("error")["request"], "move");

    // Too large: read and dropped, answered; the connection stays.
    c.send_text(std::string(3 << 20, ' '));
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("message too large"), std::string::npos);
    c.send_binary("\x01\x02\x03");
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("binary"), std::string::npos);

    // After all that, the game goes on.
    c.send({{"type", "level"}, {"level", {{"kind", "depth"}, {"depth", 2}}}});
    c.expect("state");
    c.send({{"type", "move"}, {"move", "32-28"}});
    const Json st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
    EXPECT_EQ(st["history"][0]["text"], "32-28");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", "32-28"}}), "illegal move 32-28");
}

TEST(WebServer, PlaysAgainstKroonWithTakebackHintAndResignation) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "time"}, {"seconds", 0.5}}}});
    c.expect_state([](const Json& x) { return x["plies"] == 0; });
    c.send({{"type", "move"}, {"move", "32-28"}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 1; });
    EXPECT_TRUE(st["moves"].empty()) << "it is Kroon's turn";
    EXPECT_EQ(st["engine"]["task"], "move");
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", "19-23"}}),
              "it is Kroon's turn: wait for its move, or take back");
    st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
    EXPECT_EQ(st["history"][1]["side"], "black");
    EXPECT_EQ(st["last"]["text"], st["history"][1]["text"]);
    EXPECT_TRUE(human_to_move(st));
    ASSERT_FALSE(st["scores"][1].is_null()) << "Kroon's score is kept for the graph";

    c.send({{"type", "hint"}, {"seconds", 0.2}});
    const Json hint = c.expect("done");
    EXPECT_EQ(hint["task"], "hint");
    EXPECT_TRUE(hint["best"]["id"].is_string());

    c.send({{"type", "takeback"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 0; });
    EXPECT_EQ(st["fen"], rulebook(Variant::International).start_fen());

    c.send({{"type", "draw"}});
    const Json draw = c.expect("draw");
    EXPECT_FALSE(draw["accepted"].get<bool>());

    c.send({{"type", "resign"}});
    st = c.expect_state([](const Json& x) { return x["over"] == true; });
    EXPECT_EQ(st["result"], "0-2");
    EXPECT_NE(st["termination"].get<std::string>().find("KNDB art. 8b"), std::string::npos);
    EXPECT_TRUE(st["moves"].empty());
    EXPECT_EQ(error_of(c, {{"type", "move"}, {"move", "32-28"}}).rfind("the game is over", 0), 0u);

    // Taking back does not revive a resigned game.
    c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "depth"}, {"depth", 2}}}});
    c.expect_state([](const Json& x) { return x["plies"] == 0 && x["over"] == false; });
    c.send({{"type", "move"}, {"move", "32-28"}});
    c.expect_state([](const Json& x) { return x["plies"] == 2 && x["engine"].is_null(); });
    c.send({{"type", "resign"}});
    c.expect_state([](const Json& x) { return x["over"] == true; });
    EXPECT_EQ(error_of(c, {{"type", "takeback"}}).rfind("the game is over: ", 0), 0u);
    c.send({{"type", "state"}});
    st = c.expect("state");
    EXPECT_TRUE(st["over"].get<bool>());
    EXPECT_EQ(st["plies"], 2);
}

TEST(WebServer, ACompulsoryCaptureComesWithItsPath) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    // White's man on 37 must take two: 37x19 over 32 and 23 (landing on 28 first).
    c.send({{"type", "new"}, {"fen", "W:W37,45:B32,23,5"}, {"kroon", "none"}});
    const Json st = c.expect_state([](const Json& x) { return x["pieces"].get<std::string>()[36] == 'w'; });
    EXPECT_TRUE(st["capture"].get<bool>());
    ASSERT_EQ(st["moves"].size(), 1u);
    const Json& m = st["moves"][0];
    EXPECT_EQ(m["text"], "37x19");
    EXPECT_EQ(m["path"], Json::array({37, 28, 19}));
    EXPECT_EQ(m["captured"], Json::array({23, 32}));
    c.send({{"type", "move"}, {"move", m["id"]}});
    const Json after = c.expect_state([](const Json& x) { return x["plies"] == 1; });
    EXPECT_EQ(after["last"]["captured"], Json::array({23, 32}));
    EXPECT_EQ(after["fen"], "B:W19,45:B5");
}

// The board probes the databases of the variant it plays, not only international's: a
// Frisian ending is looked up in the Frisian databases (tbhits), and with none given the
// search runs without.
TEST(WebServer, UsesTheDatabasesOfTheVariantItPlays) {
    namespace fs = std::filesystem;
    const fs::path folder =
        fs::temp_directory_path() / ("kroon_web_egdb_" + std::to_string(kroon::platform::current_process_id()));
    fs::remove_all(folder);
    ASSERT_TRUE(egdb::build_databases({Variant::Frisian, 3, folder, 1, {}}).ok());
    for (const bool with_databases : {true, false}) {
        ServerConfig config;
        config.engine_options = {{"egdb", with_databases ? folder.string() : "none"}};
        RunningServer s(config);
        Tab tab(s.port());
        auto& c = tab.client;
        c.send({{"type", "new"}, {"variant", "frisian"}, {"fen", "B:WK46:B5,6"}, {"kroon", "none"}});
        c.expect_state([](const Json& x) { return x["variant"] == "frisian"; });
        c.send({{"type", "hint"}, {"seconds", 0.2}});
        const Json done = c.expect("done", 10);
        EXPECT_EQ(done["tbhits"].get<std::uint64_t>() > 0, with_databases) << done.dump();
        // The databases know Black's loss at once: a score in the band kept for their wins.
        if (with_databases) {
            EXPECT_GT(done["score"]["value"].get<int>(), search::database_win_score - 100) << done.dump();
        }
    }
    fs::remove_all(folder);
}

TEST(WebServer, AnalysisReportsEachIterationAndStops) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "none"}});
    c.expect("state");
    c.send({{"type", "analyse"}});
    int depth = 0;
    for (int i = 0; i < 4; ++i) {
        const Json info = c.expect("info");
        EXPECT_EQ(info["task"], "analysis");
        EXPECT_EQ(info["ply"], 0);
        EXPECT_GT(info["depth"].get<int>(), depth);
        depth = info["depth"].get<int>();
        EXPECT_FALSE(info["pv"].empty());
        EXPECT_EQ(info["pv"].size(), info["pv_ids"].size());
    }
    c.send({{"type", "stop"}});
    const Json done = c.expect("done", 5);
    EXPECT_EQ(done["task"], "analysis");
    EXPECT_FALSE(done["preempted"].get<bool>());
    const Json st = c.expect("state");
    EXPECT_TRUE(st["engine"].is_null());
    EXPECT_FALSE(st["scores"][0].is_null());
    // The best move is legal: play it.
    c.send({{"type", "move"}, {"move", done["best"]["id"]}});
    c.expect_state([](const Json& x) { return x["plies"] == 1; });
}

TEST(WebServer, AnAnalysisShowsTheLinesItIsAskedFor) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "none"}});
    c.expect("state");
    c.send({{"type", "analyse"}, {"lines", 3}});
    for (int i = 0; i < 3; ++i) {
        const Json info = c.expect("info");
        ASSERT_EQ(info["lines"].size(), 3u) << info.dump();
        std::set<std::string> firsts;
        for (std::size_t k = 0; k < 3; ++k) {
            const Json& line = info["lines"][k];
            EXPECT_EQ(line["pv"].size(), line["pv_ids"].size());
            EXPECT_EQ(line["move"]["id"], line["pv_ids"][0]);
            firsts.insert(line["move"]["id"].get<std::string>());
            // White to move: White's values, best first.
            if (k > 0) {
                EXPECT_LE(line["score"]["value"].get<int>(), info["lines"][k - 1]["score"]["value"].get<int>());
            }
        }
        EXPECT_EQ(firsts.size(), 3u) << "three different first moves";
        EXPECT_EQ(info["lines"][0]["score"], info["score"]);
        EXPECT_EQ(info["lines"][0]["pv"], info["pv"]);
    }
    c.send({{"type", "stop"}});
    c.expect("done", 5);
    EXPECT_EQ(error_of(c, {{"type", "analyse"}, {"lines", 11}}), "'lines' must be from 1 to 10 (got 11)");
}

TEST(WebServer, AnotherEngineAnalysesBesideKroon) {
    // `kroon serve --engine "kroon hub"`: Kroon's own Hub program as the other engine.
    ServerConfig config;
    auto other = players::HubAnalyser::start(std::string(KROON_BINARY) + " hub", players::PlayerSettings{});
    ASSERT_TRUE(other) << other.error();
    const std::string name = (*other)->name();
    config.other_engine = std::move(other.value());
    RunningServer s(config);
    Tab tab(s.port());
    ASSERT_EQ(tab.welcome["engines"].size(), 2u) << tab.welcome.dump();
    EXPECT_EQ(tab.welcome["engines"][0], Json({{"id", "kroon"}, {"name", "Kroon"}}));
    EXPECT_EQ(tab.welcome["engines"][1], Json({{"id", "other"}, {"name", name}}));
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "none"}, {"variant", "russian"}});
    c.expect("state");
    c.send({{"type", "analyse"}, {"engine", "other"}, {"lines", 2}});
    EXPECT_EQ(c.expect("thinking")["engine"], name);
    for (int i = 0; i < 3; ++i) {
        const Json info = c.expect("info");
        EXPECT_EQ(info["engine"], name);
        EXPECT_EQ(info["task"], "analysis");
        ASSERT_EQ(info["lines"].size(), 2u) << info.dump();
        // Russian moves, in the board's algebraic notation, legal as the page shows them.
        EXPECT_EQ(info["lines"][0]["pv"][0].get<std::string>().find('-'), 2u) << info.dump();
    }
    c.send({{"type", "stop"}});
    const Json done = c.expect("done", 10);
    EXPECT_EQ(done["engine"], name);
    ASSERT_TRUE(done["best"].is_object()) << done.dump();
    c.expect("state");
    // The best move is legal: play it; then a hint from the other engine, and one from Kroon.
    c.send({{"type", "move"}, {"move", done["best"]["id"]}});
    c.expect_state([](const Json& x) { return x["plies"] == 1; });
    c.send({{"type", "hint"}, {"engine", "other"}, {"seconds", 0.2}});
    EXPECT_EQ(c.expect("done", 10)["engine"], name);
    c.send({{"type", "hint"}, {"seconds", 0.2}});
    EXPECT_EQ(c.expect("done", 10)["engine"], "Kroon");
    EXPECT_EQ(error_of(c, {{"type", "analyse"}, {"engine", "scan"}}), "unknown engine 'scan': kroon or other");
}

TEST(WebServer, WithoutAnotherEngineTheTabSaysSo) {
    RunningServer s;
    Tab tab(s.port());
    EXPECT_EQ(tab.welcome["engines"], Json::array({{{"id", "kroon"}, {"name", "Kroon"}}}));
    EXPECT_EQ(error_of(tab.client, {{"type", "analyse"}, {"engine", "other"}}),
              "no other engine: the server was started without --engine");
}

TEST(WebServer, AClosedTabStopsItsSearch) {
    ServerConfig config;
    config.threads = 1;
    RunningServer s(config);
    {
        Tab tab(s.port());
        tab.client.send({{"type", "new"}, {"kroon", "none"}});
        tab.client.expect("state");
        tab.client.send({{"type", "analyse"}});
        tab.client.expect("info");
        EXPECT_EQ(s.server().pool().running(), 1);
    }  // the tab closes with its analysis running
    // An endless analysis with no other request waiting has no slice and no time bound: only
    // the closing stops it (the wait is generous for a loaded machine and the sanitizer build).
    const auto closed = SteadyClock::now();
    while (s.server().pool().running() > 0 && SteadyClock::now() - closed < std::chrono::seconds(15))
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(s.server().pool().running(), 0);
    // The one search thread is free for the next tab.
    Tab other(s.port());
    other.client.send({{"type", "level"}, {"level", {{"kind", "depth"}, {"depth", 4}}}});
    other.client.send({{"type", "move"}, {"move", "32-28"}});
    other.client.expect_state([](const Json& x) { return x["plies"] == 2; }, 5);
}

TEST(WebServer, AnEndlessAnalysisGivesWayToAWaitingTab) {
    ServerConfig config;
    config.threads = 1;
    config.slice = 0.5;
    RunningServer s(config);
    Tab analyst(s.port());
    analyst.client.send({{"type", "new"}, {"kroon", "none"}});
    analyst.client.expect("state");
    analyst.client.send({{"type", "analyse"}});
    analyst.client.expect("info");
    Tab player(s.port());
    player.client.send({{"type", "level"}, {"level", {{"kind", "depth"}, {"depth", 4}}}});
    player.client.send({{"type", "move"}, {"move", "32-28"}});
    const Json queued =
        player.client.expect_state([](const Json& x) { return x["plies"] == 1 && !x["engine"].is_null(); });
    EXPECT_TRUE(queued["engine"]["queued"].get<bool>()) << "the only search thread is busy";
    player.client.expect_state([](const Json& x) { return x["plies"] == 2; }, 10);
    const Json done = analyst.client.expect("done", 5);
    EXPECT_TRUE(done["preempted"].get<bool>());
    EXPECT_LE(s.server().pool().peak_running(), 1);
}

TEST(WebServer, FiftyTabsPlayAtOnceWithinTheThreadBound) {
    ServerConfig config;
    config.threads = 2;
    RunningServer s(config);
    constexpr int tabs = 50;
    constexpr int moves_each = 4;
    std::atomic<int> finished{0};
    std::atomic<int> peak_connections{0};
    std::vector<std::string> failures(tabs);
    std::vector<std::thread> threads;
    for (int t = 0; t < tabs; ++t) {
        threads.emplace_back([&, t] {
            try {
                Tab tab(s.port());
                auto& c = tab.client;
                c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "depth"}, {"depth", 6}}}});
                Json st = c.expect_state([](const Json& x) { return x["plies"] == 0; });
                peak_connections = std::max(peak_connections.load(), s.server().open_connections());
                for (int m = 0; m < moves_each && !st["over"].get<bool>(); ++m) {
                    // Each tab plays a different legal move, chosen from what the server sent.
                    const Json& legal = st["moves"];
                    c.send({{"type", "move"}, {"move", legal[static_cast<std::size_t>(t + m) % legal.size()]["id"]}});
                    const int want = 2 * (m + 1);
                    st = c.expect_state([want](const Json& x) { return x["plies"] == want || x["over"] == true; }, 60);
                }
                if (st["plies"] != 2 * moves_each) throw std::runtime_error("only " + st["plies"].dump() + " plies");
                for (const Json& skipped : c.skipped())
                    if (skipped["type"] == "error") throw std::runtime_error(skipped.dump());
                ++finished;
            } catch (const std::exception& e) {
                failures[static_cast<std::size_t>(t)] = e.what();
            }
        });
    }
    for (auto& th : threads) th.join();
    for (int t = 0; t < tabs; ++t) EXPECT_EQ(failures[static_cast<std::size_t>(t)], "") << "tab " << t;
    EXPECT_EQ(finished, tabs);
    EXPECT_EQ(s.server().pool().peak_running(), 2) << "never more searches than --threads";
    EXPECT_GE(s.server().pool().finished(), static_cast<std::uint64_t>(tabs * moves_each));
    EXPECT_GE(peak_connections.load(), 10);
}

TEST(WebServer, RefusesConnectionsOverTheLimitAndOtherSitesPages) {
    ServerConfig config;
    config.max_connections = 2;
    RunningServer s(config);
    auto first = std::make_unique<Tab>(s.port());
    Tab second(s.port());
    EXPECT_THROW(WebClient third(s.port()), std::runtime_error);
    EXPECT_EQ(test::http_request(s.port(), "GET", "/").status, 503);
    first.reset();
    const auto closed = SteadyClock::now();
    while (s.server().open_connections() > 1 && SteadyClock::now() - closed < std::chrono::seconds(5))
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    Tab again(s.port());
    again.client.send({{"type", "move"}, {"move", "32-28"}});
    again.client.expect_state([](const Json& x) { return x["plies"] >= 1; });

    RunningServer open;
    const std::string own = "http://127.0.0.1:" + std::to_string(open.port());
    EXPECT_THROW(WebClient foreign(open.port(), "http://evil.example"), std::runtime_error);
    const auto refused = test::http_request(open.port(), "GET", "/ws",
                                            {{"Upgrade", "websocket"},
                                             {"Connection", "Upgrade"},
                                             {"Sec-WebSocket-Version", "13"},
                                             {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                                             {"Origin", "http://127.0.0.1.evil.example"}});
    EXPECT_EQ(refused.status, 403);
    EXPECT_NE(refused.body.find("another site"), std::string::npos);
    WebClient same(open.port(), own);
    // A name that points at 127.0.0.1 from another site's DNS is not this server's name.
    const auto rebound =
        test::http_request(open.port(), "GET", "/", {{"Host", "evil.example:" + std::to_string(open.port())}});
    EXPECT_EQ(rebound.status, 403);
    EXPECT_EQ(
        test::http_request(open.port(), "GET", "/", {{"Host", "localhost:" + std::to_string(open.port())}}).status,
        200);
    EXPECT_EQ(same.expect("welcome")["type"], "welcome");
}

// Exactly the server's own names with its port: a name that merely starts like a loopback
// address, or the right name with another port, is another site (DNS rebinding).
TEST(WebServer, AnswersOnlyItsOwnNamesAndPort) {
    ServerConfig config;
    config.allowed_hosts = {"box.local"};
    RunningServer s(config);
    const std::string port = std::to_string(s.port());
    const auto status = [&](const std::string& host) {
        return test::http_request(s.port(), "GET", "/", {{"Host", host}}).status;
    };
    for (const std::string& host : std::vector<std::string>{"127.0.0.1:" + port, "localhost:" + port,
                                                            "LOCALHOST:" + port, "[::1]:" + port, "box.local:" + port})
        EXPECT_EQ(status(host), 200) << host;
    for (const std::string& host :
         std::vector<std::string>{"127.evil.example:" + port, "127.0.0.1.nip.io:" + port, "127.0.0.2:" + port,
                                  "127.0.0.1:" + std::to_string(s.port() + 1), "127.0.0.1", "localhost:x", "",
                                  "[::1:" + port, "evil.box.local:" + port})
        EXPECT_EQ(status(host), 403) << host;
    const auto upgrade = [&](const std::string& origin) {
        return test::http_request(s.port(), "GET", "/ws",
                                  {{"Upgrade", "websocket"},
                                   {"Connection", "Upgrade"},
                                   {"Sec-WebSocket-Version", "13"},
                                   {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                                   {"Origin", origin}})
            .status;
    };
    EXPECT_EQ(upgrade("http://127.evil.example:" + port), 403);
    EXPECT_EQ(upgrade("https://127.0.0.1:" + port), 403);
    EXPECT_EQ(upgrade("http://box.local:" + port), 101);
    EXPECT_EQ(upgrade("http://localhost:" + port), 101);
}

// A blocking TCP connection to the server.
std::optional<boost::asio::ip::tcp::socket> connect_to(boost::asio::io_context& io, unsigned short port) {
    boost::asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.connect({boost::asio::ip::address_v4::loopback(), port}, ec);
    if (ec) return std::nullopt;
    return socket;
}

// A tab that asks and asks but reads nothing gets the latest state when it reads, not a
// backlog of every answer: the server keeps one waiting state per tab, not thousands, and
// the tab is not dropped.
TEST(WebServer, ATabThatDoesNotReadGetsTheLatestStateNotABacklog) {
    RunningServer s;
    Tab flooding(s.port());
    flooding.client.set_receive_buffer(4096);  // the kernel holds little for it
    for (int i = 0; i < 12000; ++i) flooding.client.send({{"type", "state"}});
    std::this_thread::sleep_for(2s);
    // Every answer kept would be megabytes (a state is about 700 bytes).
    EXPECT_LT(s.server().largest_outbox(), 64u << 10);
    const auto next = flooding.client.receive(5);
    ASSERT_TRUE(next.has_value());
    EXPECT_EQ((*next)["type"], "state");
}

// The server stopped while a WebSocket handshake is under way: the handshake is cancelled,
// not followed by a close frame written on top of its answer (Beast asserts one write at a
// time in builds with assertions; the release build would interleave the bytes).
TEST(WebServer, StoppingDuringAHandshakeIsClean) {
    for (int round = 0; round < 20; ++round) {
        RunningServer s;
        boost::asio::io_context io;
        auto socket = connect_to(io, static_cast<unsigned short>(s.port()));
        ASSERT_TRUE(socket.has_value());
        const std::string upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(s.port()) +
                                    "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
                                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";
        boost::system::error_code ec;
        ASSERT_EQ(boost::asio::write(*socket, boost::asio::buffer(upgrade), ec), upgrade.size()) << ec.message();
        std::this_thread::sleep_for(std::chrono::microseconds(200 * (round % 10)));
        s.server().stop();
        socket->close(ec);
    }
}

TEST(WebServer, LoadsEveryGameOfAPdnFileAndSavesTheGame) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    const std::string pdn =
        "[Event \"One\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n\n"
        "[Event \"Broken\"]\n\n1. 32-28 11-15 *\n\n"
        "[Event \"Two\"]\n[White \"Carol\"]\n[Black \"Dave\"]\n[Result \"2-0\"]\n"
        "[Termination \"White wins: resignation (KNDB art. 8b)\"]\n\n1. 33-28 18-23 2-0\n";
    c.send({{"type", "load_pdn"}, {"text", pdn}});
    const Json games = c.expect("pdn_games");
    ASSERT_EQ(games["games"].size(), 2u);
    EXPECT_EQ(games["games"][0]["white"], "Alice");
    EXPECT_EQ(games["games"][1]["event"], "Two");
    EXPECT_EQ(games["games"][1]["moves"], 2);
    EXPECT_EQ(games["error_count"], 1);
    EXPECT_NE(games["errors"][0].get<std::string>().find("11-15"), std::string::npos);

    c.send({{"type", "open_game"}, {"index", 1}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
    EXPECT_EQ(st["players"]["white"], "Carol");
    EXPECT_EQ(st["kroon"], "none");
    EXPECT_TRUE(st["over"].get<bool>()) << "the recorded resignation is kept";
    EXPECT_EQ(st["result"], "2-0");

    c.send({{"type", "goto"}, {"ply", 1}});
    st = c.expect_state([](const Json& x) { return x["ply"] == 1; });
    EXPECT_EQ(st["side"], "black");
    EXPECT_EQ(st["last"]["text"], "33-28");

    c.send({{"type", "save_pdn"}});
    const Json saved = c.expect("pdn");
    const std::string text = saved["text"];
    EXPECT_NE(text.find("[White \"Carol\"]"), std::string::npos);
    const auto saved_text = [](WebClient& client) {
        client.send({{"type", "save_pdn"}});
        return client.expect("pdn")["text"].get<std::string>();
    };
    EXPECT_NE(text.find("1. 33-28 18-23 2-0"), std::string::npos) << text;
    EXPECT_EQ(saved["filename"].get<std::string>().rfind("kroon-", 0), 0u);

    // A move from an earlier position of the finished game starts a variation: the recorded
    // game stays the main line.
    c.send({{"type", "move"}, {"move", "19-23"}, {"ply", 1}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 2 && x["history"][1]["text"] == "19-23"; });
    EXPECT_FALSE(st["over"].get<bool>());
    EXPECT_EQ(st["tree"].size(), 4u);
    EXPECT_NE(saved_text(c).find("1. 33-28 18-23 (1... 19-23) 2-0"), std::string::npos);
}

// The opening explorer shows the book's moves of the position shown, and Kroon's moves from
// the book are listed in book_plies; without the book, neither.
TEST(WebServer, TheExplorerShowsTheBookAndKroonsBookMovesAreMarked) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position start = rules.start_position();
    const auto key_after = [&](const Position& p, const std::string& move) {
        return rules.after(p, *rules.parse_move(p, move)).hash();
    };
    play::Book book;
    book[start.hash()].moves = {{key_after(start, "33-28"), 20, 18, 7}, {key_after(start, "34-29"), -5, 17, 2}};
    const Position after = rules.after(start, *rules.parse_move(start, "33-28"));
    book[after.hash()].moves = {{key_after(after, "18-23"), -20, 17, 3}};
    const std::string path =
        testing::TempDir() + "kroon-web-book-" + std::to_string(kroon::platform::current_process_id()) + ".kbk";
    ASSERT_TRUE(book.write(path));
    ServerConfig config;
    config.engine_options = {{"book", path}};
    RunningServer s(config);
    Tab tab(s.port());
    const Json& explorer = tab.state["book"];
    ASSERT_EQ(explorer.size(), 2u);
    EXPECT_EQ(explorer[0]["move"]["text"], "33-28");
    EXPECT_EQ(explorer[0]["score"]["value"], 20);  // White's view
    EXPECT_EQ(explorer[0]["depth"], 18);
    EXPECT_EQ(explorer[0]["visits"], 7);
    EXPECT_EQ(explorer[1]["move"]["text"], "34-29");
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "white"}, {"level", {{"kind", "depth"}, {"depth", 3}}}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 1 && x["engine"].is_null(); });
    EXPECT_EQ(st["history"][0]["text"], "33-28");
    EXPECT_EQ(st["book_plies"], Json::array({1}));
    ASSERT_EQ(st["book"].size(), 1u);
    EXPECT_EQ(st["book"][0]["move"]["text"], "18-23");
    EXPECT_EQ(st["book"][0]["score"]["value"], 20);  // -20 for Black is +20 for White
    c.send({{"type", "move"}, {"move", "18-23"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 3 && x["engine"].is_null(); });
    EXPECT_EQ(st["book_plies"], Json::array({1}));  // Kroon's second move was searched
    EXPECT_TRUE(st["book"].empty());
    c.send({{"type", "takeback"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 1; });
    EXPECT_EQ(st["book_plies"], Json::array({1}));
    c.send({{"type", "goto"}, {"ply", 0}});
    st = c.expect_state([](const Json& x) { return x["ply"] == 0; });
    EXPECT_EQ(st["book"].size(), 2u);

    // Without a book: no explorer, no marks.
    RunningServer plain;
    Tab other(plain.port());
    EXPECT_TRUE(other.state["book"].empty());
    std::filesystem::remove(path);
}

// A draw offer is judged on the game as it stands: a score from moves taken back does not count.
TEST(WebServer, ADrawOfferAfterATakebackIsJudgedOnTheGameAsItStands) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    // Kroon (Black) has two men against fifteen: it finds itself lost and takes a draw.
    const std::string fen = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45:B1,2";
    c.send({{"type", "new"}, {"kroon", "black"}, {"fen", fen}, {"level", {{"kind", "depth"}, {"depth", 4}}}});
    c.expect_state([](const Json& x) { return x["plies"] == 0; });
    c.send({{"type", "move"}, {"move", "31-27"}});
    c.expect_state([](const Json& x) { return x["plies"] == 2 && x["engine"].is_null(); });
    c.send({{"type", "takeback"}});
    c.expect_state([](const Json& x) { return x["plies"] == 0; });
    // Back at the start Kroon has not searched (it is White's move); its lost score from the
    // move taken back is gone with it.
    c.send({{"type", "draw"}});
    Json answer = c.expect("draw");
    EXPECT_FALSE(answer["accepted"].get<bool>());
    EXPECT_EQ(answer["message"], "Kroon declines the draw: it has not thought about this game yet");
    // A hint here scores the position: now Kroon (Black) is lost and takes the draw.
    c.send({{"type", "hint"}, {"seconds", 0.2}});
    c.expect("done");
    c.send({{"type", "draw"}});
    answer = c.expect("draw");
    EXPECT_TRUE(answer["accepted"].get<bool>()) << answer;
}

// A game kept by the page comes back on a new connection: its variant, start, moves (as far
// as they are legal), Kroon's side and level.
TEST(WebServer, RestoresAGameThePageKept) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "restore"},
            {"variant", "english"},
            {"fen", rulebook(Variant::English).start_fen()},
            {"moves", {"11-15", "23-19", "8-11"}},
            {"kroon", "none"},
            {"level", {{"kind", "depth"}, {"depth", 5}}}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 3; });
    EXPECT_EQ(st["variant"], "english");
    EXPECT_EQ(st["history"][2]["id"], "8-11");
    EXPECT_EQ(st["kroon"], "none");
    EXPECT_EQ(st["level"]["depth"], 5);
    // An illegal move ends the list there, with an error that says so.
    c.send({{"type", "restore"},
            {"variant", "international"},
            {"fen", rulebook(Variant::International).start_fen()},
            {"moves", {"32-28", "19-23", "33-29"}},
            {"kroon", "none"}});
    st = c.expect_state([](const Json& x) { return x["variant"] == "international"; });
    EXPECT_EQ(st["plies"], 2);
    const Json error = c.expect("error");
    EXPECT_NE(error["message"].get<std::string>().find("the saved game stops before '33-29'"), std::string::npos);
    EXPECT_EQ(error_of(c, {{"type", "restore"}, {"variant", "chess"}, {"fen", "x"}, {"moves", Json::array()}}),
              "unknown variant 'chess'");
    EXPECT_EQ(error_of(c, {{"type", "restore"},
                           {"variant", "english"},
                           {"fen", rulebook(Variant::English).start_fen()},
                           {"moves", "11-15"}}),
              "'moves' must be a list of strings");
}

TEST(WebServer, AFlagFallsOnTheServersClock) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "clock"}, {"control", "1"}}}});
    Json st = c.expect("state");
    EXPECT_EQ(st["clock"]["control"], "1");
    EXPECT_EQ(st["clock"]["running"], "white");
    st = c.expect_state([](const Json& x) { return x["over"] == true; }, 5);
    EXPECT_EQ(st["result"], "0-2");
    EXPECT_NE(st["termination"].get<std::string>().find("White's flag fell"), std::string::npos);
    EXPECT_TRUE(st["clock"]["running"].is_null());
    // The fallen flag's clock shows the time used up, not the time it had before the move.
    EXPECT_EQ(st["clock"]["white"], 0.0);
    EXPECT_EQ(st["clock"]["black"], 1.0);
}

// At 1+5 with one second on its clock, Kroon's move must fit in that second: the increment
// comes after the move (engine/referee/clock.hpp), so it is not this move's to spend.
TEST(WebServer, AtOnePlusFiveKroonsMoveFitsInTheSecondOnItsClock) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "white"}, {"level", {{"kind", "clock"}, {"control", "1+5"}}}});
    const Json st = c.expect_state([](const Json& x) { return x["plies"] == 1 || x["over"] == true; }, 10);
    EXPECT_FALSE(st["over"].get<bool>()) << st["termination"];
    EXPECT_EQ(st["plies"], 1);
    // What was left of the second, and the increment after the move.
    EXPECT_GT(st["clock"]["white"].get<double>(), 5.0) << st["clock"].dump();
    EXPECT_LT(st["clock"]["white"].get<double>(), 6.0) << st["clock"].dump();
}

// The level box's strength reaches Kroon's own moves: at the weakest step it misses the one
// winning shot (27-31 wins three men, tests/bench/tactics-international.txt) that it plays at
// full strength; the welcome offers the steps, and the level keeps its Elo.
TEST(WebServer, TheLevelsEloWeakensKroonsMoves) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    const Json& steps = tab.welcome["strengths"];
    ASSERT_GE(steps.size(), 2u) << tab.welcome.dump();
    EXPECT_EQ(steps.back(), play::full_strength_elo);
    const std::string shot = "B:W25,28,30,33,35,36,37,38,42,43,48:B7,12,15,16,17,21,22,24,27";
    const auto kroons_move = [&](const Json& level) {
        c.send({{"type", "new"}, {"kroon", "black"}, {"fen", shot}, {"level", level}});
        const Json st = c.expect_state([](const Json& x) { return x["plies"] == 1; }, 20);
        return std::make_pair(st["last"]["text"].get<std::string>(), st["level"]);
    };
    // Full strength to a fixed depth, not a time: under the sanitizers a second is not deep enough.
    EXPECT_EQ(kroons_move({{"kind", "depth"}, {"depth", 16}}).first, "27-31");
    const auto [move, level] = kroons_move({{"kind", "time"}, {"seconds", 1}, {"elo", steps.front()}});
    EXPECT_NE(move, "27-31");
    EXPECT_EQ(level["elo"], steps.front()) << level.dump();
    c.send({{"type", "level"}, {"level", {{"kind", "time"}, {"seconds", 1}, {"elo", 1}}}});
    EXPECT_NE(c.expect("error")["message"].get<std::string>().find("elo"), std::string::npos);
}

TEST(WebServer, APositionSetUpForStudyRunsNoClock) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "clock"}, {"control", "1"}}}});
    EXPECT_EQ(c.expect("state")["clock"]["running"], "white");
    // Set up for study (nobody is Kroon): no clock, and no flag falls.
    c.send({{"type", "new"}, {"kroon", "none"}, {"fen", "W:W33:BK5,18"}});
    Json st = c.expect("state");
    EXPECT_TRUE(st["clock"].is_null()) << st.dump();
    std::this_thread::sleep_for(1500ms);  // past the second a running clock would have
    c.send({{"type", "move"}, {"move", "33-28"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 1; });
    EXPECT_FALSE(st["over"].get<bool>());
    // The same position against Kroon runs the clock of the level.
    c.send({{"type", "new"}, {"kroon", "black"}, {"fen", "W:W33:BK5,18"}});
    EXPECT_EQ(c.expect("state")["clock"]["running"], "white");
}

TEST(WebServer, EveryVariantCanBePlayed) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    for (const Json& v : tab.welcome["variants"]) {
        c.send({{"type", "new"}, {"variant", v["name"]}, {"kroon", "none"}});
        Json st = c.expect_state([&](const Json& x) { return x["variant"] == v["name"]; });
        EXPECT_EQ(st["board"]["squares"].size(), v["squares"].get<std::size_t>()) << v["name"];
        EXPECT_EQ(st["side"], v["first"]) << v["name"];
        ASSERT_FALSE(st["moves"].empty()) << v["name"];
        c.send({{"type", "move"}, {"move", st["moves"][0]["id"]}});
        st = c.expect_state([](const Json& x) { return x["plies"] == 1; });
        EXPECT_NE(st["side"], v["first"]) << v["name"];
    }
}

}  // namespace
}  // namespace kroon::web
