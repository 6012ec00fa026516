// Drives the real `kroon hub` binary through pipes, as a GUI does (docs/protocols.md, Hub),
// and asserts on the exact lines it sends back.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "egdb/builder.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "eval/weights.hpp"
#include "platform/process.hpp"
#include "play/book.hpp"
#include "play/options.hpp"
#include "protocol/hub/position_text.hpp"
#include "tests/protocol/hub_client.hpp"

namespace kroon::test {
namespace {

constexpr const char* start10 = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
const std::string id_line = "id name=Kroon version=" KROON_VERSION " author=\"Kroon developers\" country=Netherlands";

// A position given as FEN, written as the Hub string for `pos pos=`.
std::string hub_string(Variant v, const char* fen) {
    const auto pos = rulebook(v).parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    return hub::format_position(rulebook(v), pos.ok() ? *pos : Position{});
}

void expect_alive(EngineProcess& engine) {
    engine.send("ping");
    EXPECT_EQ(engine.read_line(), "pong");
}

TEST(HubProcess, HarnessTalksToAChildAndSeesItExit) {
    // The stand-in engine of the child-process tests, on every system: it echoes each line.
    EngineProcess echo(KROON_CHILD_HELPER, {"echo"});
    ASSERT_TRUE(echo.started());
    echo.send("hello there");
    EXPECT_EQ(echo.read_line(), "hello there");
    EXPECT_TRUE(echo.silent_for(50ms));
    echo.close_input();
    EXPECT_EQ(echo.wait_exit(), 0);
}

TEST(HubSession, Handshake) {
    auto engine = start_hub();
    engine->send("hub");
    const auto lines = engine->read_until("wait");
    ASSERT_TRUE(lines);
    const std::vector<std::string> expected{
        id_line,
        "param name=variant value=normal type=enum values=\"normal killer bt frisian losing english brazilian russian "
        "pool czech spanish italian thai norwegian finnish frysk\"",
        "param name=ponder value=false type=bool",
        "param name=threads value=1 type=int min=1 max=64",
        "param name=tt-size value=22 type=int min=16 max=30",
        "param name=log value=false type=bool",
        "param name=eval value=learned type=enum values=\"learned hand\"",
        "param name=eval-file value=\"\" type=string",
        "param name=egdb-path value=\"\" type=string",
        "param name=book value=false type=string",
        "param name=book-margin value=0 type=int min=0 max=1000",
        "param name=multipv value=1 type=int min=1 max=100",
        "param name=elo value=2400 type=int min=725 max=2400",
        "wait",
    };
    EXPECT_EQ(*lines, expected);
    engine->send("init");
    EXPECT_EQ(engine->read_line(), "ready");
    expect_alive(*engine);
    engine->send("quit");
    EXPECT_EQ(engine->wait_exit(), 0);
    EXPECT_EQ(engine->transcript().size(), expected.size() + 2);  // nothing unasked for
}

// `kroon hub --egdb DIR` starts egdb-path there; a variant the folder has no databases for
// is an error only once the GUI has set the folder itself.
TEST(HubSession, EgdbFolderFromTheCommandLine) {
    const auto folder = std::filesystem::temp_directory_path() /
                        ("kroon_hub_egdb_" + std::to_string(kroon::platform::current_process_id()));
    std::filesystem::remove_all(folder);
    ASSERT_TRUE(egdb::build_databases({Variant::International, 2, folder, 1, {}}).ok());
    auto engine = start_hub({"--egdb", folder.string()});
    engine->send("hub");
    const auto lines = engine->read_until("wait");
    ASSERT_TRUE(lines);
    EXPECT_NE(std::find(lines->begin(), lines->end(), "param name=egdb-path value=" + folder.string() + " type=string"),
              lines->end());
    engine->send("init");
    EXPECT_EQ(engine->read_line(), "ready");
    // One king each: the databases know the draw (tbhits in the info line).
    engine->send("pos pos=" + hub_string(Variant::International, "W:WK1:BK50"));
    engine->send("level depth=3");
    engine->send("go think");
    const auto search = engine->read_until("done");
    ASSERT_TRUE(search);
    EXPECT_NE(std::find_if(search->begin(), search->end(),
                           [](const std::string& l) { return l.find("tbhits=") != std::string::npos; }),
              search->end());
    engine->send("set-param name=variant value=frisian");
    expect_alive(*engine);  // no error line before the pong
    engine->send("set-param name=egdb-path value=" + folder.string());
    EXPECT_EQ(engine->read_line().value_or("").rfind("error ", 0), 0u);
    engine->send("set-param name=egdb-path value=none");
    expect_alive(*engine);
    engine->send("quit");
    EXPECT_EQ(engine->wait_exit(), 0);
    std::filesystem::remove_all(folder);

    // A folder without databases is refused at the start: a folder that cannot be read, status 1.
    auto refused = start_hub({"--egdb", "/nonexistent-kroon-folder"});
    EXPECT_EQ(refused->wait_exit(), 1);
}

TEST(HubSession, SetParamBeforeInitAndLater) {
    auto engine = start_hub();
    engine->send("hub");
    ASSERT_TRUE(engine->read_until("wait"));
    engine->send("set-param name=variant value=frisian");
    engine->send("set-param name=threads value=2");
    engine->send("set-param name=tt-size value=18");
    engine->send("set-param name=book value=true");  // Scan's name and meaning
    engine->send("set-param name=bb-size value=4");  // draughtsnet sends it for frisian
    engine->send("hub");
    const auto lines = engine->read_until("wait");
    ASSERT_TRUE(lines);
    ASSERT_EQ(lines->size(), 14u);
    EXPECT_EQ((*lines)[9], "param name=book value=true type=string");
    EXPECT_EQ((*lines)[1],
              "param name=variant value=frisian type=enum values=\"normal killer bt frisian losing english brazilian "
              "russian pool czech spanish italian thai norwegian finnish frysk\"");
    EXPECT_EQ((*lines)[3], "param name=threads value=2 type=int min=1 max=64");
    EXPECT_EQ((*lines)[4], "param name=tt-size value=18 type=int min=16 max=30");
    engine->send("init");
    EXPECT_EQ(engine->read_line(), "ready");
    // Frisian rules apply: a man takes along the row (art. 7), the only legal move here.
    engine->send("pos pos=" + hub_string(Variant::Frisian, "W:W28,48:B27,3"));
    engine->send("level depth=2");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    EXPECT_EQ(done->move, "28x26x27");
    // Outside a search set-param is taken at any time (draughtsnet does).
    engine->send("set-param name=ponder value=true");
    engine->send("set-param name=tt-size value=16");
    engine->send("hub");
    const auto again = engine->read_until("wait");
    ASSERT_TRUE(again);
    EXPECT_EQ((*again)[2], "param name=ponder value=true type=bool");
    EXPECT_EQ((*again)[4], "param name=tt-size value=16 type=int min=16 max=30");
}

TEST(HubSession, TimedThink) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10));
    engine->send("level move-time=0.2");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    const Position start = rulebook(Variant::International).start_position();
    Move best;
    ASSERT_TRUE(is_canonical_hub_move(Variant::International, start, done->move, &best)) << done->move;
    if (!done->ponder.empty()) {
        EXPECT_TRUE(is_canonical_hub_move(Variant::International, start.after<International>(best), done->ponder));
    }
    ASSERT_FALSE(done->infos.empty());
    // The last PV starts with the move played.
    for (const auto& [key, value] : info_items(done->infos.back()))
        if (key == "pv") {
            EXPECT_EQ(value.substr(0, value.find(' ')), done->move);
        }
}

// The nodes of the last info line of a search, 0 when it has none.
std::uint64_t last_nodes(const Done& done) {
    if (done.infos.empty()) return 0;
    for (const auto& [key, value] : info_items(done.infos.back()))
        if (key == "nodes") return std::stoull(value);
    return 0;
}

// set-param name=elo reaches the search: at the weakest step Kroon answers within a small
// budget whatever the level allows, and misses the one winning shot (27-31 wins three men,
// tests/bench/tactics-international.txt) that it plays at full strength.
TEST(HubSession, EloPlaysWeakerMovesAndAnalysesStayFull) {
    const char* shot = "B:W25,28,30,33,35,36,37,38,42,43,48:B7,12,15,16,17,21,22,24,27";
    const auto move_at = [&](const std::string& elo, const std::string& level) {
        auto engine = start_hub();
        EXPECT_TRUE(handshake(*engine, {"set-param name=book value=false", "set-param name=elo value=" + elo}));
        engine->send("pos pos=" + hub_string(Variant::International, shot));
        engine->send("level " + level);
        engine->send("go think");
        return read_search(*engine);
    };
    // Full strength to a fixed depth, not a time: under the sanitizers a second is not deep
    // enough.
    const auto full = move_at("2400", "depth=16");
    ASSERT_TRUE(full);
    EXPECT_EQ(full->move, "27-31");
    EXPECT_GT(last_nodes(*full), 100000u);
    const auto weak = move_at(std::to_string(play::find_option("elo")->low), "move-time=1");
    ASSERT_TRUE(weak);
    EXPECT_NE(weak->move, "27-31");
    EXPECT_LT(last_nodes(*weak), 10000u);
    // Below the range: refused, as multipv is.
    auto engine = start_hub();
    const auto lines = handshake(*engine, {"set-param name=elo value=1"});
    ASSERT_TRUE(lines);
    EXPECT_TRUE(std::any_of(lines->begin(), lines->end(), [](const std::string& line) {
        return line.rfind("error message=\"elo: '1' is not from ", 0) == 0;
    }));
}

TEST(HubSession, AnalyzeInfiniteUntilStop) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10));
    engine->send("level infinite");
    engine->send("go analyze");
    const auto first = engine->read_line();
    ASSERT_TRUE(first);
    EXPECT_TRUE(is_scan_info(*first)) << *first;
    // It keeps searching: no done before the stop.
    for (auto line = engine->read_line(300ms); line; line = engine->read_line(300ms))
        if (first_word(*line) == "done") FAIL() << "infinite analysis ended by itself";
    engine->send("stop");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    EXPECT_TRUE(
        is_canonical_hub_move(Variant::International, rulebook(Variant::International).start_position(), done->move));
    engine->send("stop");  // a late stop is ignored
    expect_alive(*engine);
}

TEST(HubSession, AnalyzeSearchesASingleLegalMove) {
    // After 32-28 19-23 White must take 28x19 and has no other move. In a game that move is
    // played after the first iteration; in analysis the GUI wants the score and line (docs/protocols.md, Hub 7).
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    const std::string pos = "pos pos=" + std::string(start10) + " moves=\"32-28 19-23\"";
    engine->send(pos);
    engine->send("level move-time=0.3");
    engine->send("go think");
    const auto think = read_search(*engine);
    ASSERT_TRUE(think);
    EXPECT_EQ(think->move, "28x19x23");  // Hub: from, to, then the captured squares
    EXPECT_EQ(think->infos.size(), 1u);
    engine->send(pos);
    engine->send("level move-time=0.3");
    engine->send("go analyze");
    const auto analysis = read_search(*engine);
    ASSERT_TRUE(analysis);
    EXPECT_EQ(analysis->move, "28x19x23");
    EXPECT_GT(analysis->infos.size(), 3u);
}

TEST(HubSession, PonderHitAndPingDuringSearch) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("new-game");
    engine->send("pos pos=" + std::string(start10) + " moves=\"32-28 17-21\"");
    engine->send("level time=2 inc=0.1");
    engine->send("go ponder");
    ASSERT_TRUE(engine->read_line());  // the search is running
    engine->send("ping");
    const auto until_pong = engine->read_until("pong");
    ASSERT_TRUE(until_pong);
    for (size_t i = 0; i + 1 < until_pong->size(); ++i) EXPECT_TRUE(is_scan_info((*until_pong)[i]));
    engine->send("ponder-hit");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    Position pos = rulebook(Variant::International).start_position();
    pos.play<International>(*rulebook(Variant::International).parse_move(pos, "32-28"));
    pos.play<International>(*rulebook(Variant::International).parse_move(pos, "17-21"));
    EXPECT_TRUE(is_canonical_hub_move(Variant::International, pos, done->move)) << done->move;
    engine->send("ponder-hit");  // after the search: ignored
    expect_alive(*engine);
}

TEST(HubSession, PonderStoppedAfterAWrongGuess) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10) + " moves=\"32-28\"");
    engine->send("level time=60");
    engine->send("go ponder");
    ASSERT_TRUE(engine->read_line());
    engine->send("stop");
    ASSERT_TRUE(read_search(*engine));
    // The GUI follows with the real position and a normal search.
    engine->send("pos pos=" + std::string(start10) + " moves=\"33-28\"");
    engine->send("level depth=2");
    engine->send("go think");
    ASSERT_TRUE(read_search(*engine));
}

TEST(HubSession, OtherCommandDuringSearchStopsItThenIsHandled) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("level infinite");
    engine->send("go analyze");
    ASSERT_TRUE(engine->read_line());
    engine->send("set-param name=ponder value=true");
    engine->send("hub");
    ASSERT_TRUE(read_search(*engine));  // the implicit stop's done comes first
    EXPECT_EQ(engine->read_line(), id_line);
    const auto params = engine->read_until("wait");
    ASSERT_TRUE(params);
    EXPECT_EQ((*params)[1], "param name=ponder value=true type=bool");

    engine->send("level infinite");
    engine->send("go analyze");
    ASSERT_TRUE(engine->read_line());
    engine->send("bogus");
    ASSERT_TRUE(read_search(*engine));
    EXPECT_EQ(engine->read_line(), "error message=\"bad command\"");
    expect_alive(*engine);
}

// A long history with captures written in every order, ending in a repeated king position.
TEST(HubSession, LongMoveListEndingInARepetition) {
    const Variant v = Variant::International;
    Position pos = rulebook(v).start_position();
    std::string moves;
    int plies = 0;
    for (; plies < 70; ++plies) {
        MoveList legal;
        rulebook(v).generate_moves(pos, legal);
        if (legal.empty()) break;
        const Move m = legal[(plies * 7) % legal.size()];
        const MoveFields f = rulebook(v).move_fields(m);
        std::string text = std::to_string(f.from) + (m.is_capture() ? "x" : "-") + std::to_string(f.to);
        for (auto c = f.captured.rbegin(); c != f.captured.rend(); ++c) text += "x" + std::to_string(*c);
        moves += (moves.empty() ? "" : " ") + text;
        pos.play<International>(m);
    }
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10) + " moves=\"" + moves + "\"");
    engine->send("level depth=1");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    EXPECT_TRUE(is_canonical_hub_move(v, pos, done->move)) << done->move;

    // Two kings walking back and forth: the position repeats 25 times.
    const std::string kings = hub_string(v, "W:WK46,31:BK1,20");
    std::string walk;
    for (int i = 0; i < 25; ++i) walk += std::string(i ? " " : "") + "46-41 1-7 41-46 7-1";
    engine->send("pos pos=" + kings + " moves=\"" + walk + "\"");
    engine->send("level depth=4");
    engine->send("go think");
    const auto after_walk = read_search(*engine);
    ASSERT_TRUE(after_walk);
    EXPECT_TRUE(is_canonical_hub_move(v, *rulebook(v).parse_fen("W:WK46,31:BK1,20"), after_walk->move));
    for (const auto& line : engine->transcript()) EXPECT_NE(first_word(line), "error") << line;
}

// A line longer than any Hub line (a runaway client) is read to its end, dropped with an error,
// and the session goes on; a game of 20,000 plies of walking kings is read in one `pos`.
TEST(HubSession, OverlongLinesAreDroppedAndLongGamesRead) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos moves=\"" + std::string(2 << 20, '1') + "\"");
    const auto refused = engine->read_line();
    ASSERT_TRUE(refused);
    EXPECT_EQ(*refused, "error message=\"line too long (over 1048576 bytes): ignored\"");
    expect_alive(*engine);

    const Variant v = Variant::International;
    std::string walk;
    for (int i = 0; i < 5000; ++i) walk += std::string(i ? " " : "") + "46-41 1-7 41-46 7-1";
    engine->send("pos pos=" + hub_string(v, "W:WK46,31:BK1,20") + " moves=\"" + walk + "\"");
    engine->send("level depth=2");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    EXPECT_TRUE(is_canonical_hub_move(v, *rulebook(v).parse_fen("W:WK46,31:BK1,20"), done->move)) << done->move;
}

TEST(HubSession, EveryLevelForm) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    const std::vector<std::vector<std::string>> forms{
        {"level depth=3"},
        {"level nodes=5000"},
        {"level move-time=0.05"},
        {"level time=1"},
        {"level moves=20 time=2"},
        {"level time=1 inc=0.1"},
        {"level moves=10 time=1 inc=0.1"},
        {"level time=-0.05 inc=0.1"},  // pydraughts' time - inc can go negative
        {"level depth=20", "level move-time=0.05"},
        {"level handicap=2 ply=3 move-time=0.05"},
    };
    for (const auto& form : forms) {
        SCOPED_TRACE(form.back());
        engine->send("pos pos=" + std::string(start10));
        for (const auto& l : form) engine->send(l);
        engine->send("go think");
        const auto done = read_search(*engine);
        ASSERT_TRUE(done);
        EXPECT_TRUE(is_canonical_hub_move(Variant::International, rulebook(Variant::International).start_position(),
                                          done->move));
        if (form[0] == "level nodes=5000") {
            // The search checks its node count every 1024 nodes (search/worker.hpp).
            for (const auto& info : done->infos)
                for (const auto& [key, value] : info_items(info))
                    if (key == "nodes") {
                        EXPECT_LE(std::stoull(value), 5000u + 2048u) << info;
                    }
        }
        if (form[0] == "level depth=3") {
            ASSERT_FALSE(done->infos.empty());
            for (const auto& info : done->infos)
                for (const auto& [key, value] : info_items(info))
                    if (key == "depth") {
                        EXPECT_LE(std::stoi(value), 3) << info;
                    }
            EXPECT_NE(done->infos.back().find("depth=3 "), std::string::npos) << done->infos.back();
        }
    }
    // Limits last for one search: `level infinite` then a second `go` with new limits.
    engine->send("level infinite");
    engine->send("pos pos=" + std::string(start10));  // pos clears the pending limits
    engine->send("level depth=2");
    engine->send("go think");
    ASSERT_TRUE(read_search(*engine));
    for (const auto& line : engine->transcript()) EXPECT_NE(first_word(line), "error") << line;
}

TEST(HubSession, NoLegalMoveGivesABareDone) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + hub_string(Variant::International, "W:W:B12,K30"));
    engine->send("level depth=3");
    engine->send("go think");
    const auto lines = engine->read_until("done");
    ASSERT_TRUE(lines);
    EXPECT_EQ(lines->back(), "done");
}

TEST(HubSession, EnglishCheckersWithThe33CharacterString) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine, {"set-param name=variant value=english"}));
    const std::string start8 = "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
    engine->send("pos pos=" + start8 + " moves=\"11-15 22-18\"");
    engine->send("level depth=3");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    EXPECT_EQ(done->move, "15x22x18");  // the capture is compulsory
    engine->send("pos pos=" + std::string(start10));
    EXPECT_EQ(engine->read_line(), "error message=\"bad position: expected 33 characters for english, got 51\"");
}

struct BadInput {
    const char* line;
    const char* reply;  // "" when the line is silently ignored
};

// set-param name=multipv: `go analyze` reports that many lines an iteration, the best last;
// `go think` searches its move alone.
TEST(HubSession, AnalyzeWithSeveralLines) {
    const Variant v = Variant::International;
    const Position start = rulebook(v).start_position();
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine, {"set-param name=multipv value=3"}));
    const auto searched = [&](const std::string& moves, int depth, const std::string& mode) {
        engine->send("pos pos=" + std::string(start10) + moves);
        engine->send("level depth=" + std::to_string(depth));
        engine->send("go " + mode);
        return read_search(*engine);
    };
    const auto analysis = searched("", 5, "analyze");
    ASSERT_TRUE(analysis);
    ASSERT_EQ(analysis->infos.size(), 15u);  // 3 lines at each of depths 1 to 5
    for (size_t i = 0; i < analysis->infos.size(); ++i) {
        const auto items = info_items(analysis->infos[i]);
        ASSERT_GE(items.size(), 3u) << analysis->infos[i];
        EXPECT_EQ(items[0], std::make_pair(std::string("depth"), std::to_string(i / 3 + 1)));
        EXPECT_EQ(items[1], std::make_pair(std::string("multipv"), std::to_string(3 - i % 3)));
        EXPECT_EQ(items.back().first, "pv");
    }
    // The last line is the best: it starts with the move played, and each line with another move.
    std::vector<std::string> first_moves;
    for (size_t i = 12; i < 15; ++i) {
        const std::string pv = info_items(analysis->infos[i]).back().second;
        first_moves.push_back(pv.substr(0, pv.find(' ')));
        EXPECT_TRUE(is_canonical_hub_move(v, start, first_moves.back())) << pv;
    }
    EXPECT_EQ(first_moves[2], analysis->move);
    EXPECT_NE(first_moves[0], first_moves[1]);
    EXPECT_NE(first_moves[1], first_moves[2]);
    EXPECT_NE(first_moves[0], first_moves[2]);

    const auto think = searched("", 5, "think");
    ASSERT_TRUE(think);
    EXPECT_EQ(think->infos.size(), 5u);
    for (const auto& info : think->infos) EXPECT_EQ(info.find("multipv"), std::string::npos) << info;

    // A single legal move is one line, numbered all the same.
    const auto forced = searched(" moves=\"32-28 19-23\"", 3, "analyze");
    ASSERT_TRUE(forced);
    ASSERT_EQ(forced->infos.size(), 3u);
    for (const auto& info : forced->infos) EXPECT_NE(info.find(" multipv=1 "), std::string::npos) << info;

    // Bad values are refused with the reason and change nothing.
    for (const std::string bad : {"0", "-1", "abc", "1000"}) {
        engine->send("set-param name=multipv value=" + bad);
        const auto reply = engine->read_line();
        ASSERT_TRUE(reply);
        EXPECT_EQ(reply->rfind("error message=\"multipv: '" + bad + "' is not ", 0), 0u) << *reply;
        expect_alive(*engine);
    }
    engine->send("hub");
    const auto lines = engine->read_until("wait");
    ASSERT_TRUE(lines);
    EXPECT_EQ((*lines)[lines->size() - 3], "param name=multipv value=3 type=int min=1 max=100");
}

TEST(HubSession, BadInputGetsAnErrorAndTheEngineCarriesOn) {
    const std::string s = start10;
    const std::string bad_char = s.substr(0, 30) + "z" + s.substr(31);
    const std::string crowned = "Ww" + s.substr(2, 48) + "e";  // still 20 white men
    const std::vector<std::pair<std::string, std::string>> table{
        {"bogus", "error message=\"bad command\""},
        {"PING", "error message=\"bad command\""},
        {"pos pos=Xbad", "error message=\"bad position: expected 51 characters for international, got 4\""},
        {"pos pos=X" + s.substr(1), "error message=\"bad position: the side to move must be W or B\""},
        {"pos pos=" + bad_char, "error message=\"bad position: unexpected 'z' on square 30\""},
        {"pos pos=" + crowned, "error message=\"bad position: a white man on square 1 would have been crowned\""},
        {"pos pos=\"\"", "error message=\"bad position: expected 51 characters for international, got 0\""},
        {"pos moves=\"32-28 99-1\"",
         "error message=\"bad move '99-1': square 99 is off the board, move 2 of the list\""},
        {"pos moves=\"32-28 28x19\"", "error message=\"illegal move 28x19, move 2 of the list\""},
        {"pos moves=\"32-28 abc\"",
         "error message=\"bad move 'abc': cannot read move 'abc': expected a square number, move 2 of the list\""},
        {"pos moves=\"32-28 19-23 28x19x22\"", "error message=\"illegal move 28x19x22, move 3 of the list\""},
        {"pos moves=\"32-28", "error message=\"bad command: unterminated quote after moves\""},
        {"level depth=x", "error message=\"bad level depth 'x': not an integer\""},
        {"level depth=0", "error message=\"bad level depth '0': below 1\""},
        {"level move-time=-1", "error message=\"bad level move-time '-1': negative\""},
        {"level depth=99999999999", "error message=\"bad level depth '99999999999': above 120\""},
        {"level move-time=1e7", "error message=\"bad level move-time '1e7': above 86400 seconds\""},
        {"level time=-5 inc=1", "error message=\"bad level time '-5': the time left, time + inc, is negative\""},
        {"level time=soon", "error message=\"bad level time 'soon': not a number of seconds\""},
        {"set-param value=3", "error message=\"missing name\""},
        {"set-param name=variant value=chess", "error message=\"unknown variant 'chess'\""},
        {"set-param name=threads value=x", "error message=\"threads: 'x' is not an integer\""},
        {"set-param name=ponder value=maybe", "error message=\"ponder: 'maybe' is not true or false\""},
        {"set-param name=unknown value=1", ""},
        {"stop", ""},
        {"ponder-hit", ""},
        {"   ", ""},
        {"", ""},
    };
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    for (const auto& [line, reply] : table) {
        SCOPED_TRACE(line);
        engine->send(line);
        if (!reply.empty()) {
            EXPECT_EQ(engine->read_line(), reply);
        }
        expect_alive(*engine);
    }
    // After a bad move the moves before it stand: black is to move after 32-28.
    engine->send("pos moves=\"32-28 12-99\"");
    ASSERT_TRUE(engine->read_line());
    engine->send("level depth=1");
    engine->send("go think");
    const auto done = read_search(*engine);
    ASSERT_TRUE(done);
    Position pos = rulebook(Variant::International).start_position();
    pos.play<International>(*rulebook(Variant::International).parse_move(pos, "32-28"));
    EXPECT_TRUE(is_canonical_hub_move(Variant::International, pos, done->move)) << done->move;
    // A capture may name its captured pieces in any order, or (unambiguous) none at all.
    engine->send("pos pos=" + hub_string(Variant::International, "W:W32:B27,17") + " moves=\"32x12x27x17\"");
    engine->send("pos pos=" + hub_string(Variant::International, "W:W32:B27,17") + " moves=\"32x12\"");
    expect_alive(*engine);
}

TEST(HubSession, EndOfInputEndsTheEngine) {
    auto idle = start_hub();
    ASSERT_TRUE(handshake(*idle));
    idle->close_input();
    EXPECT_EQ(idle->wait_exit(), 0);

    auto busy = start_hub();
    ASSERT_TRUE(handshake(*busy));
    busy->send("level infinite");
    busy->send("go analyze");
    ASSERT_TRUE(busy->read_line());
    busy->close_input();
    EXPECT_EQ(busy->wait_exit(), 0);

    // A bounded search finishes first: `printf '...go think\n' | kroon hub` gets a real move.
    auto piped = start_hub();
    ASSERT_TRUE(handshake(*piped));
    piped->send("pos pos=" + std::string(start10));
    piped->send("level depth=9");
    piped->send("go think");
    piped->close_input();
    const auto done = read_search(*piped);
    ASSERT_TRUE(done);
    ASSERT_FALSE(done->infos.empty());
    bool reached_depth = false;
    for (const auto& [key, value] : info_items(done->infos.back())) reached_depth |= key == "depth" && value == "9";
    EXPECT_TRUE(reached_depth) << done->infos.back();
    EXPECT_EQ(piped->wait_exit(), 0);

    auto before_hub = start_hub();
    before_hub->close_input();
    EXPECT_EQ(before_hub->wait_exit(), 0);
    EXPECT_TRUE(before_hub->transcript().empty());
}

TEST(HubSession, EndOfInputStopsASearchThatWouldRunOn) {
    // `printf 'hub\ninit\nlevel depth=120\ngo think\n' | kroon hub`: the GUI is gone, so the
    // search gets a few seconds to end by itself, then it is stopped and its move sent.
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10));
    engine->send("level depth=120");
    engine->send("go think");
    engine->close_input();
    const auto done = read_search(*engine, 60s);
    ASSERT_TRUE(done);
    EXPECT_FALSE(done->move.empty());
    EXPECT_EQ(engine->wait_exit(), 0);
}

TEST(HubSession, QuitDuringSearch) {
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("level infinite");
    engine->send("go analyze");
    ASSERT_TRUE(engine->read_line());
    engine->send("quit");
    EXPECT_EQ(engine->wait_exit(), 0);
}

TEST(HubSession, LogFileHoldsEveryLineInAndOut) {
    const std::string log = testing::TempDir() + "kroon_hub_log_test.log";
    std::remove(log.c_str());
    {
        auto engine = start_hub({"--log", log});
        ASSERT_TRUE(handshake(*engine));
        engine->send("bogus");
        EXPECT_EQ(engine->read_line(), "error message=\"bad command\"");
        engine->send("hub");
        const auto params = engine->read_until("wait");
        ASSERT_TRUE(params);
        EXPECT_EQ((*params)[5], "param name=log value=true type=bool");
        engine->send("set-param name=log value=false");
        engine->send("unlogged");
        EXPECT_EQ(engine->read_line(), "error message=\"bad command\"");
        engine->send("set-param name=log value=true");
        engine->send("logged-again");
        EXPECT_EQ(engine->read_line(), "error message=\"bad command\"");
        engine->send("quit");
        EXPECT_EQ(engine->wait_exit(), 0);
        for (const auto& line : engine->transcript()) EXPECT_EQ(line.find("> "), std::string::npos) << line;
    }
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    for (const char* expected : {"> hub", "< wait", "> init", "< ready", "> bogus", "< error message=\"bad command\"",
                                 "> logged-again", "> quit"})
        EXPECT_NE(text.str().find(expected), std::string::npos) << expected << " not in\n" << text.str();
    EXPECT_EQ(text.str().find("unlogged"), std::string::npos) << text.str();
    if (!HasFailure()) std::remove(log.c_str());
}

}  // namespace
}  // namespace kroon::test

namespace kroon::test {
namespace {

// The evaluation can be chosen through the protocol: a weights file that is damaged is an
// error that leaves the engine as it was; a good one is used, and `eval hand` switches back.
TEST(HubSession, EvalAndEvalFileParameters) {
    namespace fs = std::filesystem;
    const fs::path dir =
        fs::temp_directory_path() / ("kroon_hub_eval_" + std::to_string(kroon::platform::current_process_id()));
    fs::create_directories(dir);
    // Weights that value nothing but a king on the long diagonal, hugely.
    eval::Weights odd = eval::empty_weights(Variant::International);
    odd.dense[int(eval::Dense::KingDiagonal)] = {16000, 16000};
    const std::string good = (dir / "odd.kw").string();
    ASSERT_FALSE(eval::write_weights_file(good, odd));
    const std::string damaged = (dir / "damaged.kw").string();
    {
        std::ofstream out(damaged, std::ios::binary);
        const std::string bytes = eval::serialize(odd);
        out << bytes.substr(0, bytes.size() / 2);
    }
    auto engine = start_hub();
    ASSERT_TRUE(handshake(*engine));
    engine->send("set-param name=eval-file value=" + damaged);
    const auto refused = engine->read_line();
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->rfind("error message=", 0), 0u) << *refused;
    EXPECT_NE(refused->find("truncated"), std::string::npos) << *refused;
    engine->send("set-param name=eval value=neural");
    EXPECT_EQ(engine->read_line(), "error message=\"eval: 'neural' is not learned or hand\"");
    engine->send("set-param name=eval-file value=" + good);
    engine->send("hub");
    const auto params = engine->read_until("wait");
    ASSERT_TRUE(params);
    EXPECT_NE(std::find(params->begin(), params->end(), "param name=eval-file value=" + good + " type=string"),
              params->end());
    // Only the odd weights make a king on the long diagonal worth ten men.
    const std::string pos = "pos pos=" + hub_string(Variant::International, "W:WK46,31,33:BK3,12");
    engine->send(pos);
    engine->send("level depth=1");
    engine->send("go think");
    const auto odd_done = read_search(*engine);
    ASSERT_TRUE(odd_done);
    ASSERT_FALSE(odd_done->infos.empty());
    const auto odd_score = info_items(odd_done->infos.back());
    engine->send("set-param name=eval value=hand");
    engine->send(pos);
    engine->send("level depth=1");
    engine->send("go think");
    const auto hand_done = read_search(*engine);
    ASSERT_TRUE(hand_done);
    EXPECT_NE(odd_done->infos.back(), hand_done->infos.back());  // another evaluation, another score
    for (const auto& [key, value] : odd_score) {
        if (key == "score") {
            EXPECT_GT(std::stod(value), 5.0) << value;  // the king stays on the diagonal
        }
    }
    fs::remove_all(dir);
}

// The opening book over Hub: `go move` answers from it at once, `go analyze` searches; Scan's
// parameter turns it off.
TEST(HubSession, PlaysTheBookMoveAndAnalysesWithoutIt) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position start = rules.start_position();
    const auto key_after = [&](const std::string& move) {
        return rules.after(start, *rules.parse_move(start, move)).hash();
    };
    play::Book book;
    book[start.hash()].moves = {{key_after("34-29"), 12, 20, 5}, {key_after("32-28"), 3, 20, 5}};
    const std::string path =
        testing::TempDir() + "kroon-hub-book-" + std::to_string(kroon::platform::current_process_id()) + ".kbk";
    ASSERT_TRUE(book.write(path));
    auto engine = start_hub({"--book", path});
    ASSERT_TRUE(handshake(*engine));
    engine->send("pos pos=" + std::string(start10));
    engine->send("level depth=4");
    engine->send("go move");
    const auto played = read_search(*engine);
    ASSERT_TRUE(played);
    EXPECT_EQ(played->move, "34-29");
    ASSERT_EQ(played->infos.size(), 1u);
    EXPECT_NE(played->infos[0].find("depth=20 score=0.12 pv=34-29"), std::string::npos) << played->infos[0];
    // Analysis searches (so its depths count up from 1).
    engine->send("level depth=4");
    engine->send("go analyze");
    const auto analysed = read_search(*engine);
    ASSERT_TRUE(analysed);
    EXPECT_NE(analysed->infos.front().find("depth=1 "), std::string::npos) << analysed->infos.front();
    // set-param name=book value=false: a search again.
    engine->send("set-param name=book value=false");
    engine->send("level depth=4");
    engine->send("go move");
    const auto searched = read_search(*engine);
    ASSERT_TRUE(searched);
    EXPECT_NE(searched->infos.back().find("depth=4 "), std::string::npos) << searched->infos.back();
    engine->send("quit");
    EXPECT_EQ(engine->wait_exit(), 0);
    std::filesystem::remove(path);
}

}  // namespace
}  // namespace kroon::test
