// Two real `kroon dxp` processes on 127.0.0.1 playing whole games, both role layouts, a `B`
// start position, and a hand-written peer that abuses a follower (garbage, over-long and
// split frames, illegal moves, disconnects mid-game) which must keep serving.
#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <memory>
#include <random>

#include "engine/movegen/movegen.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/dialogue_client.hpp"
#include "protocol/dxp/message.hpp"
#include "tests/protocol/dxp_loopback_support.hpp"
#include "tests/support/free_port.hpp"

namespace kroon::dxp {
namespace {

using namespace test;
const std::string kroon = KROON_BINARY;
constexpr Variant intl = Variant::International;

std::vector<std::string> follower_args(const fs::path& dir, const std::string& listen = "127.0.0.1:0") {
    return {kroon,
            "dxp",
            "--listen",
            listen,
            "--follower",
            "--name",
            "Follower",
            "--hash",
            "8",
            "--move-time",
            "0.02",
            "--pdn",
            (dir / "follower.pdn").string(),
            "--log",
            (dir / "follower.log").string()};
}

// The game part of a PDN file without the Site tags (the two sides see different ports).
std::string without_site(const std::string& pdn) {
    std::stringstream in(pdn);
    std::string line, out;
    while (std::getline(in, line))
        if (line.rfind("[Site ", 0) != 0) out += line + "\n";
    return out;
}

// The match runner's client: a follower restarted between games is reached, not forfeited.
TEST(DxpLoopback, TheMatchClientReachesAFollowerThatStartsLate) {
    const ScratchDir dir("late_follower");
    const int port = kroon::test::free_port();
    ASSERT_GT(port, 0);
    DialogueConfig config;
    config.role = Role::Initiator;
    auto connecting = std::async(std::launch::async, [&] {
        return DialogueClient::connect(Endpoint{"127.0.0.1", static_cast<unsigned short>(port)}, config, 30);
    });
    std::this_thread::sleep_for(1s);  // refused meanwhile
    Process follower(follower_args(dir, "127.0.0.1:" + std::to_string(port)), dir / "follower.err");
    ASSERT_TRUE(follower.started());
    const auto client = connecting.get();
    EXPECT_TRUE(client.ok()) << client.error();
}

TEST(DxpLoopback, TheMatchClientGivesUpOnARefusingPortAtItsTimeout) {
    const int port = kroon::test::free_port();
    ASSERT_GT(port, 0);
    const auto start = std::chrono::steady_clock::now();
    const auto client = DialogueClient::connect(Endpoint{"127.0.0.1", static_cast<unsigned short>(port)}, {}, 1);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_FALSE(client.ok());
    EXPECT_NE(client.error().find("cannot connect to 127.0.0.1:"), std::string::npos) << client.error();
    EXPECT_NE(client.error().find("(tried for 1 s)"), std::string::npos) << client.error();
    EXPECT_GE(took, 0.5);  // refused at once, tried again until the timeout
}

// A match stopped (Ctrl-C, SIGTERM) while its peer is away ends at once, not at the timeout.
TEST(DxpLoopback, TheMatchClientStopsTryingWhenTheMatchStops) {
    const int port = kroon::test::free_port();
    ASSERT_GT(port, 0);
    std::atomic<bool> stop{false};
    std::thread stopper([&] {
        std::this_thread::sleep_for(300ms);
        stop = true;
    });
    const auto start = std::chrono::steady_clock::now();
    const auto client =
        DialogueClient::connect(Endpoint{"127.0.0.1", static_cast<unsigned short>(port)}, {}, 30, &stop);
    const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    stopper.join();
    ASSERT_FALSE(client.ok());
    EXPECT_NE(client.error().find("stopped while connecting"), std::string::npos) << client.error();
    EXPECT_LT(took, 2.0);
}

TEST(DxpLoopback, InitiatorConnectsToListeningFollower) {
    const ScratchDir dir("connect_to_follower");
    Process follower(follower_args(dir), dir / "follower.err");
    ASSERT_TRUE(follower.started());
    const int port = follower.listening_port();
    ASSERT_GT(port, 0);
    Process initiator({kroon, "dxp", "--connect", "127.0.0.1:" + std::to_string(port), "--initiator", "--games", "2",
                       "--minutes", "1", "--moves", "12", "--move-time", "0.02", "--hash", "8", "--name", "Initiator",
                       "--pdn", (dir / "initiator.pdn").string()},
                      dir / "initiator.err");
    const auto status = initiator.wait(60s);
    ASSERT_TRUE(status.has_value()) << "initiator did not finish the match";
    EXPECT_EQ(*status, 0);
    EXPECT_TRUE(follower.running());  // the server keeps serving after the peer left

    const std::string ours = read_file(dir / "initiator.pdn");
    const std::string theirs = read_file(dir / "follower.pdn");
    EXPECT_EQ(count_of(ours, "[Event "), 2) << ours;
    EXPECT_EQ(without_site(ours), without_site(theirs));    // both sides recorded the same games
    EXPECT_EQ(count_of(ours, "[White \"Initiator\"]"), 1);  // colours alternate
    EXPECT_EQ(count_of(ours, "[White \"Follower\"]"), 1);
    EXPECT_EQ(count_of(ours, "abandoned"), 0);
    EXPECT_EQ(count_of(ours, "disconnected"), 0);
    EXPECT_EQ(count_of(ours, "time ran out"), 0);
    // The file reads back: every game replays legally through the referee.
    const auto file = read_pdn_file((dir / "initiator.pdn").string());
    ASSERT_TRUE(file.ok()) << file.error();
    EXPECT_TRUE(file->errors.empty());
    ASSERT_EQ(file->games.size(), 2u);
    for (const auto& game : file->games) {
        EXPECT_TRUE(replay(game).ok());
        EXPECT_EQ(game.tag("TimeControl"), "12/60");
        EXPECT_FALSE(game.moves.empty());
    }
    EXPECT_EQ(follower.terminate(), 0);
}

TEST(DxpLoopback, FollowerConnectsToListeningInitiatorWithBPositions) {
    const ScratchDir dir("connect_to_initiator");
    {
        std::ofstream positions(dir / "positions.txt");
        positions << "# White takes two men and wins at once\n"
                  << "W:W32:B17,27\n"
                  << "\n"
                  << "B:W31,32,33,38:B12,13,18,19\n";
    }
    Process initiator({kroon,
                       "dxp",
                       "--listen",
                       "127.0.0.1:0",
                       "--initiator",
                       "--games",
                       "4",
                       "--minutes",
                       "1",
                       "--moves",
                       "8",
                       "--move-time",
                       "0.02",
                       "--hash",
                       "8",
                       "--name",
                       "Initiator",
                       "--positions",
                       (dir / "positions.txt").string(),
                       "--pdn",
                       (dir / "initiator.pdn").string()},
                      dir / "initiator.err");
    const int port = initiator.listening_port();
    ASSERT_GT(port, 0);
    Process follower({kroon, "dxp", "--connect", "127.0.0.1:" + std::to_string(port), "--follower", "--hash", "8",
                      "--move-time", "0.02", "--name", "Follower", "--pdn", (dir / "follower.pdn").string()},
                     dir / "follower.err");
    const auto status = follower.wait(60s);
    ASSERT_TRUE(status.has_value()) << "follower did not finish";
    EXPECT_EQ(*status, 0);
    EXPECT_EQ(initiator.terminate(), 0);

    const std::string ours = read_file(dir / "initiator.pdn");
    EXPECT_EQ(without_site(ours), without_site(read_file(dir / "follower.pdn")));
    EXPECT_EQ(count_of(ours, "[Event "), 4) << ours;
    // Position 1 twice (colours swapped): White captures everything, the game ends by rule.
    EXPECT_EQ(count_of(ours, "[FEN \"W:W32:B17,27\"]"), 2);
    EXPECT_EQ(count_of(ours, "1. 32x12 2-0"), 2) << ours;
    EXPECT_EQ(count_of(ours, "[FEN \"B:W31,32,33,38:B12,13,18,19\"]"), 2);
}

// A peer speaking DXP by hand, playing the first legal move each turn.
struct HandPlayer {
    RawClient& link;
    Position pos = rulebook(intl).start_position();

    std::string request(char follower_color, const std::string& minutes = "001") {
        std::string name = "Hand";
        name.resize(32, ' ');
        return "R01" + name + follower_color + minutes + "000A";
    }
    // Plays our first legal move and sends it.
    bool move() {
        MoveList legal;
        rulebook(intl).generate_moves(pos, legal);
        if (legal.empty()) return false;
        const MoveFields f = rulebook(intl).move_fields(legal[0]);
        rulebook(intl).play(pos, legal[0]);
        return link.send(format_message(MoveMessage{0, f.from, f.to, f.captured}));
    }
    // Reads the follower's move and applies it.
    bool their_move() {
        const auto m = link.receive_non_chat();
        if (!m) return false;
        const auto parsed = parse_message(*m);
        if (!parsed || !std::holds_alternative<MoveMessage>(*parsed)) return false;
        const auto& mm = std::get<MoveMessage>(*parsed);
        const auto move = rulebook(intl).find_move(pos, MoveFields{mm.from, mm.to, mm.captured});
        if (!move) return false;
        rulebook(intl).play(pos, *move);
        return true;
    }
};

std::string garbage(std::mt19937& rng, size_t size) {
    std::uniform_int_distribution<int> byte(0, 255);
    std::string s(size, '\0');
    for (auto& c : s) c = static_cast<char>(byte(rng));
    return s;
}

TEST(DxpLoopback, FollowerSurvivesAbusivePeersAndKeepsServing) {
    const ScratchDir dir("abuse");
    Process follower(follower_args(dir), dir / "follower.err");
    const int port = follower.listening_port();
    ASSERT_GT(port, 0);
    std::mt19937 rng(20261122);

    // 1. Random bytes in random chunks, then gone.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        std::uniform_int_distribution<size_t> chunk(1, 3000);
        for (size_t sent = 0; sent < 256 * 1024;) {
            const size_t n = chunk(rng);
            if (!c.send_bytes(garbage(rng, n))) break;
            sent += n;
        }
    }
    // 2. Random messages built from valid pieces: right type letters, wrong everything else.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        const std::string letters = "CRAMEBK";
        std::uniform_int_distribution<size_t> pick(0, letters.size() - 1), length(0, 140);
        std::string burst;
        for (int i = 0; i < 2000; ++i) {
            std::string m(1, letters[pick(rng)]);
            std::string body = garbage(rng, length(rng));
            for (auto& ch : body) ch = static_cast<char>('0' + (static_cast<unsigned char>(ch) % 75));
            burst += m + body + std::string(1, '\0');
        }
        c.send_bytes(burst);  // many messages in one write
        // The follower answers what deserves an answer; read until it goes quiet.
        while (c.receive(500ms)) {}
    }
    // 3. Over-long frame, then a real request split over several writes.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        HandPlayer hand{c};
        c.send_bytes(std::string(10000, 'C'));
        c.send_bytes(std::string(1, '\0'));
        const std::string r = hand.request('Z');
        c.send_bytes(r.substr(0, 10));
        std::this_thread::sleep_for(50ms);
        c.send_bytes(r.substr(10) + std::string(1, '\0'));
        ASSERT_EQ(c.receive_non_chat(), "AFollower                        0");
        EXPECT_FALSE(c.chats.empty());  // the over-long frame was reported
        // Our move split in two writes; the follower answers with its move.
        ASSERT_TRUE(hand.move());
        ASSERT_TRUE(hand.their_move());
        // Out of turn: a second request during the game is refused with code 2.
        c.send(hand.request('Z'));
        EXPECT_EQ(c.receive_non_chat(), "AFollower                        2");
        // An illegal move ends the game: CHAT, then GAMEEND; we confirm.
        c.send("M0000322600");
        const auto end = c.receive_non_chat();
        ASSERT_TRUE(end.has_value());
        EXPECT_EQ(end->substr(0, 1), "E");
        c.send("E00");
        // Thinking time 000 is still answered (refused, code 2).
        c.send(hand.request('Z', "000"));
        EXPECT_EQ(c.receive_non_chat(), "AFollower                        2");
        // A new game, then we vanish in the middle of it.
        hand.pos = rulebook(intl).start_position();
        c.send(hand.request('Z'));
        ASSERT_EQ(c.receive_non_chat(), "AFollower                        0");
        ASSERT_TRUE(hand.move());
        ASSERT_TRUE(hand.their_move());
        ASSERT_TRUE(hand.move());
        c.send_bytes("M00");  // half a message, then the connection drops
    }
    // 4. Back again: a proper game, ended by us, with the stop code.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        HandPlayer hand{c};
        c.send(hand.request('W'));  // the follower plays White and moves first
        ASSERT_EQ(c.receive_non_chat(), "AFollower                        0");
        for (int i = 0; i < 5; ++i) {
            ASSERT_TRUE(hand.their_move());
            ASSERT_TRUE(hand.move());
        }
        ASSERT_TRUE(hand.their_move());
        c.send("E01");
        EXPECT_EQ(c.receive_non_chat(), "E01");
        EXPECT_FALSE(c.receive(5s).has_value());  // then the follower closes the connection
        EXPECT_TRUE(c.closed_by_peer());
    }
    // 5. Still serving; stopped (SIGTERM) in the middle of this game, the follower ends it
    //    properly (CHAT, GAMEEND with the stop code), keeps the record and exits cleanly.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        HandPlayer hand{c};
        c.send(hand.request('Z'));
        EXPECT_EQ(c.receive_non_chat(), "AFollower                        0");
        ASSERT_TRUE(hand.move());
        ASSERT_TRUE(hand.their_move());
        EXPECT_TRUE(follower.running());
        EXPECT_EQ(follower.terminate(), 0);
        EXPECT_EQ(c.receive_non_chat(), "E01");
        EXPECT_FALSE(c.receive(5s).has_value());
    }
    const std::string pdn = read_file(dir / "follower.pdn");
    EXPECT_EQ(count_of(pdn, "illegal move (KNDB art. 12.3) - 32-26 by Hand"), 1) << pdn;
    EXPECT_EQ(count_of(pdn, "disconnected"), 1) << pdn;  // game 2 of client 3
    EXPECT_EQ(count_of(pdn, "abandoned: the program was stopped"), 1) << pdn;
    EXPECT_EQ(count_of(pdn, "resignation"), 0);
    EXPECT_EQ(count_of(pdn, "[Event "), 4) << pdn;
    EXPECT_EQ(count_of(pdn, "1. "), 4) << pdn;  // every game has its moves
}

// CPU seconds a process has used (user and system), from /proc.
double cpu_seconds(pid_t pid) {
    const std::string stat = read_file("/proc/" + std::to_string(pid) + "/stat");
    // The fields after the command name in parentheses start with the third, the state;
    // the 14th and 15th are user and system time in clock ticks.
    std::istringstream after(stat.substr(stat.rfind(')') + 1));
    std::string skipped;
    for (int field = 3; field < 14; ++field) after >> skipped;
    long user = 0, system = 0;
    after >> user >> system;
    return static_cast<double>(user + system) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

// Out of file descriptors, a listening follower pauses accepting (no spinning core, a few log
// lines), serves again once descriptors are free, and a flood of connections that only come
// and go leaves a few log lines and no game record.
TEST(DxpLoopback, FloodsAndExhaustedDescriptorsNeitherSpinNorFillTheLog) {
    const ScratchDir dir("flood");
    std::vector<std::string> args = {"/bin/sh", "-c", "ulimit -n 40 && exec \"$@\"", "sh"};
    for (auto& a : follower_args(dir)) args.push_back(a);
    args.insert(args.end(), {"--max-connections", "1000"});
    Process follower(args, dir / "follower.err");
    const int port = follower.listening_port();
    ASSERT_GT(port, 0) << read_file(dir / "follower.err");

    {
        std::vector<std::unique_ptr<RawClient>> held;
        for (int i = 0; i < 80; ++i) held.push_back(std::make_unique<RawClient>(port));
        std::this_thread::sleep_for(500ms);  // the follower has taken what it can
        const double before = cpu_seconds(follower.pid());
        std::this_thread::sleep_for(2s);
        // Spinning on accept would take most of a core: 2 s.
        EXPECT_LT(cpu_seconds(follower.pid()) - before, 0.3);
    }
    // Descriptors free again: a game is served.
    {
        RawClient c(port);
        ASSERT_TRUE(c.connected());
        HandPlayer hand{c};
        c.send(hand.request('Z'));
        EXPECT_EQ(c.receive_non_chat(20s), "AFollower                        0");
    }
    // 300 connections that ask for a game and leave before the first move.
    for (int i = 0; i < 300; ++i) {
        RawClient c(port);
        HandPlayer hand{c};
        c.send(hand.request('Z'));
    }
    std::this_thread::sleep_for(500ms);
    EXPECT_EQ(follower.terminate(), 0);
    // The log file's transcript (debug level) holds every message, as asked; the notes about
    // connections and games, what the terminal shows, are rationed.
    std::istringstream log(read_file(dir / "follower.log"));
    int notes = 0, accept_failures = 0;
    for (std::string line; std::getline(log, line);) {
        if (line.find("] [debug] ") != std::string::npos) continue;
        ++notes;
        if (line.find("accept failed") != std::string::npos) ++accept_failures;
    }
    EXPECT_GE(accept_failures, 1);
    EXPECT_LE(accept_failures, 6);
    EXPECT_LT(notes, 250);  // without the limits: four or more for each of 380 connections
    EXPECT_EQ(count_of(read_file(dir / "follower.pdn"), "[Event "), 0);
}

TEST(DxpLoopback, ListensOnIpv6Loopback) {
    const ScratchDir dir("ipv6");
    Process follower(follower_args(dir, "[::1]:0"), dir / "follower.err");
    const int port = follower.listening_port(5s);
    if (port <= 0) GTEST_SKIP() << "no IPv6 loopback here: " << read_file(dir / "follower.err");
    RawClient c(port, "::1");
    ASSERT_TRUE(c.connected());
    HandPlayer hand{c};
    c.send(hand.request('W'));
    EXPECT_EQ(c.receive_non_chat(), "AFollower                        0");
    ASSERT_TRUE(hand.their_move());
    EXPECT_EQ(follower.terminate(), 0);
}

TEST(DxpLoopback, BadCommandLinesAreRefused) {
    const ScratchDir dir("usage");
    for (const std::vector<std::string>& args : {std::vector<std::string>{kroon, "dxp"},
                                                 {kroon, "dxp", "--listen", "127.0.0.1:x"},
                                                 {kroon, "dxp", "--connect"},
                                                 {kroon, "dxp", "--listen", "0", "--minutes", "0", "--initiator"},
                                                 {kroon, "dxp", "--listen", "0", "--bogus"}}) {
        Process p(args, dir / "err.txt");
        EXPECT_EQ(p.wait(10s), 2) << args.back();
        EXPECT_NE(read_file(dir / "err.txt").find("usage"), std::string::npos);
    }
    // A file that cannot be read is an error of the run, not of the command line: status 1.
    {
        Process p({kroon, "dxp", "--listen", "0", "--positions", (dir / "missing.txt").string()}, dir / "err.txt");
        EXPECT_EQ(p.wait(10s), 1);
        EXPECT_NE(read_file(dir / "err.txt").find("cannot read openings file"), std::string::npos);
    }
    // Nobody listening: a clear error, status 1.
    Process p({kroon, "dxp", "--connect", "127.0.0.1:1", "--follower"}, dir / "err.txt");
    EXPECT_EQ(p.wait(10s), 1);
}

}  // namespace
}  // namespace kroon::dxp
