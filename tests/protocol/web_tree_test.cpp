// The board's move tree over real sockets: a loaded PDN with its variations and comments saved
// back unchanged, variations made by moves, promoted, commented and deleted, a tree restored
// after a reload, and a game against Kroon that keeps the moves it replaces and goes on where a
// takeback left some.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/rulebook/rulebook.hpp"
#include "tests/protocol/web_server_fixture.hpp"
#include "tests/support/study_pdn.hpp"

namespace kroon::web {
namespace {

using test::error_of;
using test::Json;
using test::RunningServer;
using test::study_pdn;
using test::Tab;

// The node of the tree in `state` whose move text is `text` and whose parent is `parent`.
int node_of(const Json& state, int parent, const std::string& text) {
    for (const Json& child : state["tree"][static_cast<std::size_t>(parent)]["children"])
        if (state["tree"][child.get<std::size_t>()]["text"] == text) return child.get<int>();
    return -1;
}

std::string saved_pdn(test::WebClient& c) {
    c.send({{"type", "save_pdn"}});
    return c.expect("pdn")["text"];
}

// A game against Kroon (Black, depth 1) in which the player went back and replaced the first
// move: 32-28 and Kroon's reply, then 33-28 from the start. The state once Kroon answers 33-28.
Json replace_the_first_move(test::WebClient& c) {
    c.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "depth"}, {"depth", 1}}}});
    c.expect_state([](const Json& x) { return x["plies"] == 0 && !x["moves"].empty(); });
    c.send({{"type", "move"}, {"move", "32-28"}});
    c.expect_state([](const Json& x) { return x["plies"] == 2; });
    c.send({{"type", "move"}, {"move", "33-28"}, {"ply", 0}});
    return c.expect_state([](const Json& x) { return x["plies"] == 2 && x["history"][0]["text"] == "33-28"; });
}

TEST(WebTree, ALoadedStudyKeepsItsVariationsAndSavesBackUnchanged) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "load_pdn"}, {"text", study_pdn}});
    ASSERT_EQ(c.expect("pdn_games")["games"].size(), 1u);
    c.send({{"type", "open_game"}, {"index", 0}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 7; });
    EXPECT_EQ(st["tree"].size(), 15u);
    EXPECT_EQ(st["tree"][0]["comment"], "An opening study");
    EXPECT_EQ(saved_pdn(c), study_pdn);

    // Into a variation: the line shown goes through it, the main line stays.
    const int first = st["line"][1];
    const int side_line = node_of(st, first, "18-23");
    ASSERT_NE(side_line, -1);
    c.send({{"type", "goto"}, {"node", side_line}});
    st = c.expect_state([&](const Json& x) { return x["node"] == side_line; });
    EXPECT_EQ(st["history"][1]["text"], "18-23");
    EXPECT_EQ(st["plies"], 4);  // 32-28 18-23 38-32 12-18
    EXPECT_EQ(st["ply"], 2);

    // A move the tree does not have, from the start: a new variation; the game is not cut.
    c.send({{"type", "move"}, {"move", "34-29"}, {"ply", 0}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 1; });
    EXPECT_EQ(st["tree"].size(), 16u);
    const int tried = st["node"];
    EXPECT_EQ(st["tree"][0]["children"][0], first);
    EXPECT_EQ(st["tree"][0]["children"][1], tried);
    c.send({{"type", "comment"}, {"node", tried}, {"text", " tried {once} "}});
    c.expect_state(
        [&](const Json& x) { return x["tree"][static_cast<std::size_t>(tried)]["comment"] == "tried {once"; });
    c.send({{"type", "promote"}, {"node", tried}});
    st = c.expect_state([&](const Json& x) { return x["tree"][0]["children"][0] == tried; });
    EXPECT_NE(saved_pdn(c).find("{An opening study} 1. 34-29 {tried {once} (1. 32-28 {good} 19-23 (1... 18-23"),
              std::string::npos);
    EXPECT_EQ(error_of(c, {{"type", "promote"}, {"node", tried}}), "that move is on the main line already");

    // Deleting it gives the study back, byte for byte.
    c.send({{"type", "delete"}, {"node", tried}});
    st = c.expect_state([](const Json& x) { return x["tree"].size() == 15u; });
    EXPECT_EQ(st["node"], 0);
    EXPECT_EQ(saved_pdn(c), study_pdn);
    EXPECT_EQ(error_of(c, {{"type", "delete"}, {"node", 0}}), "the start stays: start a new game instead");
    EXPECT_EQ(error_of(c, {{"type", "goto"}, {"node", 15}}), "'node' must be from 0 to 14 (got 15)");
}

TEST(WebTree, ATreeThePageKeptIsRestored) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "load_pdn"}, {"text", study_pdn}});
    c.expect("pdn_games");
    c.send({{"type", "open_game"}, {"index", 0}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 7; });
    const int shown = node_of(st, st["line"][1], "18-23");

    // What the page keeps: each node's parent, move id, glyphs and comments, and the node shown.
    Json kept = Json::array();
    for (const Json& node : st["tree"]) {
        Json entry = {{"parent", std::max(0, node["parent"].get<int>())}, {"comment", node["comment"]}};
        if (node.contains("id"))
            entry.update({{"move", node["id"]},
                          {"marks", node["marks"]},
                          {"nags", node["nags"]},
                          {"comment_before", node["comment_before"]}});
        kept.push_back(entry);
    }
    Tab again(s.port());
    auto& d = again.client;
    d.send({{"type", "restore"},
            {"variant", "international"},
            {"fen", rulebook(Variant::International).start_fen()},
            {"tree", kept},
            {"node", shown},
            {"tags", st["tags"]},
            {"kroon", "none"}});
    st = d.expect_state([](const Json& x) { return x["tree"].size() == 15u; });
    EXPECT_EQ(st["node"], shown);
    EXPECT_EQ(st["history"][1]["text"], "18-23");
    EXPECT_EQ(st["players"]["white"], "A");
    EXPECT_EQ(saved_pdn(d), study_pdn);  // the tags came back too

    // An illegal move drops itself and what follows it, with an error; the rest is kept. Entry 3
    // is the variation 1... 18-23, with four moves after it.
    ASSERT_EQ(kept[3]["move"], "18-23");
    kept[3]["move"] = "33-29";
    d.send({{"type", "restore"},
            {"variant", "international"},
            {"fen", rulebook(Variant::International).start_fen()},
            {"tree", kept},
            {"kroon", "none"}});
    st = d.expect_state([](const Json& x) { return x["tree"].size() < 15u; });
    EXPECT_EQ(st["tree"].size(), 10u);
    EXPECT_EQ(st["plies"], 7);
    EXPECT_NE(d.expect("error")["message"].get<std::string>().find("drops '33-29'"), std::string::npos);
}

TEST(WebTree, AGameAgainstKroonKeepsTheMovesAnEarlierMoveReplaces) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    // The game goes on from the other first move, Kroon answers, and 32-28 with Kroon's reply
    // stays as a variation.
    Json st = replace_the_first_move(c);
    EXPECT_EQ(st["tree"][0]["children"].size(), 2u);
    const int old_first = st["tree"][0]["children"][1];
    EXPECT_EQ(st["tree"][static_cast<std::size_t>(old_first)]["text"], "32-28");
    EXPECT_EQ(st["tree"][static_cast<std::size_t>(old_first)]["children"].size(), 1u);
    // In the variation the player moves both sides, and Kroon leaves it alone.
    c.send({{"type", "goto"}, {"node", st["tree"][static_cast<std::size_t>(old_first)]["children"][0]}});
    st = c.expect_state([&](const Json& x) { return x["history"][0]["text"] == "32-28"; });
    ASSERT_FALSE(st["moves"].empty());
    c.send({{"type", "move"}, {"move", st["moves"][0]["id"]}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 3; });
    EXPECT_TRUE(st["engine"].is_null());
    ASSERT_FALSE(st["moves"].empty()) << "Kroon's side in the variation is the player's";
    c.send({{"type", "takeback"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
}

TEST(WebTree, AGameAgainstKroonGoesOnWhereATakebackLeftAVariation) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    replace_the_first_move(c);
    // Taking back 33-28 and Kroon's reply leaves the start with the old 32-28 line, now the
    // tree's main line, and the player to move.
    c.send({{"type", "takeback"}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 0; });
    ASSERT_EQ(st["tree"][0]["children"].size(), 1u);
    const int old_first = st["tree"][0]["children"][0];
    EXPECT_NE(saved_pdn(c).find("1. 32-28"), std::string::npos);
    // Another first move goes on with the game: Kroon answers it, it leads the tree, and the
    // old line stays as its variation.
    c.send({{"type", "move"}, {"move", "34-29"}});
    st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
    EXPECT_EQ(st["history"][0]["text"], "34-29");
    EXPECT_EQ(st["tree"][0]["children"].size(), 2u);
    EXPECT_EQ(st["tree"][0]["children"][1], old_first);
    EXPECT_NE(saved_pdn(c).find("1. 34-29"), std::string::npos);
}

// A study whose every variation ends in another alternative, 70 deep, as playing a different
// move at the end of the variation shown makes one: what the board saves, it reads back.
TEST(WebTree, AStudyNestedSeventyDeepSavesAndReadsBack) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    const Rulebook& rules = rulebook(Variant::International);
    const std::string fen = "W:WK46:BK6";  // two kings that never meet on 46-41 and 6-1
    Position pos = *rules.parse_fen(fen);
    Json tree = Json::array({Json{{"parent", 0}, {"comment", ""}}});
    const char* shuffle[] = {"46-41", "6-1", "41-46", "1-6"};
    int node = 0;
    for (int level = 0; level < 70; ++level) {
        const Move variation = *rules.parse_move(pos, shuffle[level % 4]);
        MoveList legal;
        rules.generate_moves(pos, legal);
        const Move* other = std::find_if(legal.begin(), legal.end(), [&](const Move& m) { return !(m == variation); });
        tree.push_back({{"parent", node}, {"move", rules.format_move(pos, *other, MoveNotation::Hub)}});
        tree.push_back({{"parent", node}, {"move", shuffle[level % 4]}});
        node = static_cast<int>(tree.size()) - 1;
        rules.play(pos, variation);
    }
    c.send({{"type", "restore"}, {"variant", "international"}, {"fen", fen}, {"tree", tree}, {"kroon", "none"}});
    c.expect_state([&](const Json& x) { return x["tree"].size() == tree.size(); });
    const std::string saved = saved_pdn(c);

    c.send({{"type", "load_pdn"}, {"text", saved}});
    const Json games = c.expect("pdn_games");
    ASSERT_EQ(games["errors"].size(), 0u) << games["errors"][0];
    ASSERT_EQ(games["games"].size(), 1u);
    c.send({{"type", "open_game"}, {"index", 0}});
    c.expect_state([&](const Json& x) { return x["tree"].size() == tree.size(); });
    EXPECT_EQ(saved_pdn(c), saved);
}

// Marks set from the move list: one of PDN's, or none; they replace the NAGs that grade a move.
TEST(WebTree, MarksAreSetFromTheMoveList) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "load_pdn"}, {"text", "[Event \"m\"]\n1. 32-28 $1 $14 19-23 *\n"}});
    c.expect("pdn_games");
    c.send({{"type", "open_game"}, {"index", 0}});
    Json st = c.expect_state([](const Json& x) { return x["plies"] == 2; });
    const int first = st["line"][1];
    c.send({{"type", "mark"}, {"node", first}, {"marks", "?!"}});
    st = c.expect_state([&](const Json& x) { return x["tree"][static_cast<std::size_t>(first)]["marks"] == "?!"; });
    EXPECT_EQ(st["tree"][static_cast<std::size_t>(first)]["nags"], Json::array({14}));
    EXPECT_NE(saved_pdn(c).find("1. 32-28?! $14 19-23"), std::string::npos);
    c.send({{"type", "mark"}, {"node", first}, {"marks", ""}});
    c.expect_state([&](const Json& x) { return x["tree"][static_cast<std::size_t>(first)]["marks"] == ""; });
    EXPECT_NE(error_of(c, {{"type", "mark"}, {"node", first}, {"marks", "!!!"}}).find("unknown mark"),
              std::string::npos);
    EXPECT_NE(error_of(c, {{"type", "mark"}, {"node", 0}, {"marks", "!"}}).find("no move"), std::string::npos);
    EXPECT_NE(error_of(c, {{"type", "mark"}, {"node", 99}, {"marks", "!"}}), "");
}

// The board reads a file of any variant: an international game without GameType opens on an
// English board; a side line with a move that is not legal is cut, the game kept; a result
// decided off the board without a Termination tag is the record's, not an adjudication.
TEST(WebTree, LoadedFilesOfAnyVariantWithTheirResultsAsRecorded) {
    RunningServer s;
    Tab tab(s.port());
    auto& c = tab.client;
    c.send({{"type", "new"}, {"variant", "english"}, {"kroon", "none"}});
    c.expect_state([](const Json& x) { return x["variant"] == "english"; });
    c.send({{"type", "load_pdn"},
            {"text",
             "[Event \"a draw\"]\n[Result \"1-1\"]\n\n1. 32-28 19-23 (1... 18-23 2. 28-33) 2. 28x19 14x23 1-1\n"}});
    const Json games = c.expect("pdn_games");
    ASSERT_EQ(games["games"].size(), 1u) << games.dump();
    EXPECT_EQ(games["games"][0]["variant"], "international");
    EXPECT_EQ(games["games"][0]["variant_guessed"], true);
    EXPECT_EQ(games["error_count"], 0);
    ASSERT_EQ(games["note_count"], 1);
    EXPECT_NE(games["notes"][0].get<std::string>().find("illegal move 28-33"), std::string::npos) << games.dump();
    c.send({{"type", "open_game"}, {"index", 0}});
    const Json st = c.expect_state([](const Json& x) { return x["variant"] == "international" && x["plies"] == 4; });
    EXPECT_TRUE(st["over"]);
    EXPECT_EQ(st["result"], "1-1");
    const std::string termination = st["termination"];
    EXPECT_EQ(termination.find("adjudicated"), std::string::npos) << termination;
    EXPECT_NE(termination.find("as recorded"), std::string::npos) << termination;
    // A Termination Kroon does not know is kept as written.
    c.send({{"type", "load_pdn"},
            {"text", "[Result \"2-0\"]\n[Termination \"Black lost on time at the club\"]\n1. 32-28 2-0\n"}});
    c.expect("pdn_games");
    c.send({{"type", "open_game"}, {"index", 0}});
    const Json won = c.expect_state([](const Json& x) { return x["plies"] == 1 && x["over"] == true; });
    EXPECT_NE(won["termination"].get<std::string>().find("Black lost on time at the club"), std::string::npos)
        << won["termination"];
}

}  // namespace
}  // namespace kroon::web
