// A long evening at the board, over real sockets: a review whose line is replaced by another
// while it runs, Kroon asked to play while a hint, an analysis or a review runs, and tag names
// that PDN cannot hold in a restored game.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "tests/protocol/web_server_fixture.hpp"

namespace kroon::web {
namespace {

using namespace std::chrono_literals;
using test::error_of;
using test::Json;
using test::RunningServer;
using test::Tab;

// Forty plies of a game Kroon played against itself.
const std::vector<std::string> forty_plies = {"31-26", "17-22", "37-31", "11-17", "34-30", "7-11",  "30-25", "19-23",
                                              "42-37", "14-19", "25x14", "9x20",  "47-42", "20-25", "40-34", "2-7",
                                              "44-40", "15-20", "49-44", "4-9",   "32-27", "9-14",  "34-29", "23x34",
                                              "40x29", "10-15", "37-32", "5-10",  "45-40", "19-23", "50-45", "23x34",
                                              "39x30", "25x34", "40x29", "14-19", "41-37", "10-14", "44-40", "19-23"};

Json restore(const std::vector<std::string>& moves, const Json& tags = Json::array()) {
    return {{"type", "restore"},
            {"variant", "international"},
            {"fen", rulebook(Variant::International).start_fen()},
            {"moves", moves},
            {"tags", tags},
            {"kroon", "none"}};
}

// "Score the game", then a click on a move of a shorter variation while the review runs: the
// review is of the line that was shown; nothing it finds may land on the line shown now.
TEST(WebStudy, AReviewEndsWhenAnotherLineIsShown) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send(restore(forty_plies));
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 40; });
    const int long_end = st["node"];
    c.send({{"type", "move"}, {"move", "16-21"}, {"ply", 3}});  // a variation at ply 3
    st = c.expect_state([](const Json& x) { return x["plies"] == 4; });
    const int variation_end = st["node"];
    c.send({{"type", "goto"}, {"node", long_end}});
    c.expect_state([](const Json& x) { return x["plies"] == 40; });
    c.send({{"type", "review"}, {"seconds", 0.05}});
    for (;;) {
        const Json done = c.expect("done", 30);
        ASSERT_EQ(done["task"], "review");
        if (done["ply"].get<int>() >= 12) break;
    }
    c.send({{"type", "state"}});
    const Json long_scores = c.expect_state([](const Json& x) { return x["plies"] == 40; })["scores"];
    c.send({{"type", "goto"}, {"node", variation_end}});
    c.expect_state([&](const Json& x) { return x["node"] == variation_end; });
    c.clear_skipped();
    std::this_thread::sleep_for(300ms);  // the review's search under way has ended by now
    c.send({{"type", "state"}});
    st = c.expect_state([&](const Json& x) { return x["node"] == variation_end; });
    for (const Json& m : c.skipped()) EXPECT_NE(m["type"], "done") << m.dump();
    EXPECT_TRUE(st["engine"].is_null()) << st["engine"].dump();
    EXPECT_EQ(st["plies"], 4);
    ASSERT_EQ(st["scores"].size(), 5u);
    // The plies the two lines share keep the review's scores; the variation's own have none.
    for (int ply = 0; ply < 4; ++ply) EXPECT_EQ(st["scores"][ply], long_scores[ply]) << ply;
    EXPECT_TRUE(st["scores"][4].is_null()) << st["scores"].dump();
}

// "Kroon plays" while a hint, an analysis or a review runs: Kroon's move starts at once, and
// what ran ends without its `done`.
TEST(WebStudy, KroonAskedToPlayDuringAnotherSearchPlaysAtOnce) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    const auto study = [&] {
        c.send({{"type", "new"}, {"kroon", "none"}, {"level", {{"kind", "depth"}, {"depth", 1}}}});
        c.expect_state([](const Json& x) { return x["plies"] == 0 && x["kroon"] == "none"; });
    };
    const auto kroon_moves = [&](int plies) {
        c.clear_skipped();
        c.expect_state([&](const Json& x) { return x["plies"] == plies; }, 10);
        for (const Json& m : c.skipped()) EXPECT_NE(m["type"], "done") << m.dump();
    };

    study();
    c.send({{"type", "hint"}, {"seconds", 5}});
    c.expect_state([](const Json& x) { return !x["engine"].is_null(); });
    c.send({{"type", "play"}, {"kroon", "white"}});
    kroon_moves(1);

    study();
    c.send({{"type", "analyse"}});
    c.expect("info");
    c.send({{"type", "play"}, {"kroon", "white"}});
    kroon_moves(1);

    study();
    for (const char* move : {"31-26", "17-22", "37-31", "11-17", "34-30", "7-11"})
        c.send({{"type", "move"}, {"move", move}});
    c.expect_state([](const Json& x) { return x["plies"] == 6; });
    c.send({{"type", "review"}, {"seconds", 2}});
    c.expect_state([](const Json& x) { return x["engine"].is_object() && x["engine"]["task"] == "review"; });
    c.send({{"type", "play"}, {"kroon", "white"}});
    kroon_moves(7);
}

// Tag names are written as they are: a restored game's must be names PDN reads back.
TEST(WebStudy, RestoreRefusesTagNamesPdnCannotHold) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    for (const std::string name : {"White \"x\"]\n\n1. 35-30 *\n\n[Black", "", "two words"}) {
        SCOPED_TRACE(name);
        const std::string error = error_of(c, restore({"32-28"}, Json::array({{{"name", name}, {"value", "x"}}})));
        EXPECT_NE(error.find("bad tag name"), std::string::npos) << error;
    }
    c.send(
        restore({"32-28"}, Json::array({{{"name", "Event"}, {"value", "Club"}}, {{"name", "White"}, {"value", "A"}}})));
    c.expect_state([](const Json& x) { return x["plies"] == 1 && x["players"]["white"] == "A"; });
    c.send({{"type", "save_pdn"}});
    const PdnFile saved = read_pdn(c.expect("pdn")["text"].get<std::string>());
    ASSERT_TRUE(saved.errors.empty()) << saved.errors[0].text();
    ASSERT_EQ(saved.games.size(), 1u);
    EXPECT_EQ(saved.games[0].tag("Event"), "Club");
    EXPECT_EQ(saved.games[0].moves.size(), 1u);
}

}  // namespace
}  // namespace kroon::web
