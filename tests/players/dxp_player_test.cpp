// The match runner's DXP player against peers that misbehave, each a script on a loopback
// socket: a refusal, an illegal move, a resignation, a take-back request, a peer that hangs
// up. Every case must end as the referee's failure kind, never as a hang.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <mutex>
#include <thread>

#include "match/match_runner.hpp"
#include "platform/process.hpp"
#include "players/player.hpp"
#include "tests/support/loopback_server.hpp"

namespace kroon::players {
namespace {

std::string padded(std::string name) {
    name.resize(32, ' ');
    return name;
}

// One connection; `reply` gets each message from the initiator and returns what to send
// back; an answer "" closes the connection.
class ScriptedPeer {
public:
    using Reply = std::function<std::vector<std::string>(const std::string&)>;

    explicit ScriptedPeer(Reply reply)
        : reply_(std::move(reply)),
          server_([this](test::LoopbackSocket& fd, const std::atomic<bool>& stop) { serve(fd, stop); }) {}
    std::string address() const { return "dxp://127.0.0.1:" + std::to_string(server_.port()); }
    std::vector<std::string> received() {
        std::lock_guard lock(mutex_);
        return received_;
    }
    // Whether `text` arrives within a second (the peer reads on its own thread).
    bool receives(const std::string& text) {
        for (int i = 0; i < 100; ++i) {
            const auto seen = received();
            if (std::find(seen.begin(), seen.end(), text) != seen.end()) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

private:
    void serve(test::LoopbackSocket& fd, const std::atomic<bool>& stop) {
        test::serve_dxp(fd, stop, [&](const std::string& text) {
            if (text.empty()) return false;
            {
                std::lock_guard lock(mutex_);
                received_.push_back(text);
            }
            for (const auto& answer : reply_(text)) {
                if (answer.empty()) return false;
                test::send_dxp(fd, answer);
            }
            return true;
        });
    }

    Reply reply_;
    std::mutex mutex_;
    std::vector<std::string> received_;
    test::LoopbackServer server_;  // last: its thread uses the members above
};

// The player connected to the peer, in a new game where it has `side`.
class DxpPlayerTest : public ::testing::Test {
protected:
    void start(ScriptedPeer::Reply reply, std::optional<Color> side) {
        peer_ = std::make_unique<ScriptedPeer>(std::move(reply));
        PlayerSettings settings;
        settings.clock = TimeControl::sudden_death(60);
        settings.start_timeout = 5;
        auto started = start_player(*parse_player_spec(peer_->address()), settings);
        ASSERT_TRUE(started.ok()) << started.error();
        player_ = std::move(started.value());
        if (side) {
            ASSERT_FALSE(player_->new_game(game_, *side));
        }
    }
    // The peer's answer to the game so far.
    Answer peer_move(double wait = 5) {
        MoveRequest request;
        request.wait = wait;
        return player_->think(game_, request);
    }
    static Failure::Kind failure_kind(const Answer& answer) {
        EXPECT_TRUE(std::holds_alternative<Failure>(answer));
        return std::holds_alternative<Failure>(answer) ? std::get<Failure>(answer).kind : Failure::Stopped;
    }

    std::unique_ptr<ScriptedPeer> peer_;
    std::unique_ptr<Player> player_;
    Game game_;
};

const std::string accept = "A" + padded("Scripted peer") + "0";

// Answers the game request with `first`, then each of our moves with `then`.
ScriptedPeer::Reply script(std::vector<std::string> first, std::vector<std::string> then = {}) {
    return [first, then](const std::string& m) {
        if (m[0] == 'R') return first;
        if (m[0] == 'M') return then;
        return std::vector<std::string>{};
    };
}

TEST_F(DxpPlayerTest, ARefusedGameIsAFailureWithTheCode) {
    start(script({"A" + padded("Picky") + "2"}), std::nullopt);
    const auto failure = player_->new_game(game_, Color::White);
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, Failure::Garbage);
    EXPECT_NE(failure->detail.find("refused the game, code 2"), std::string::npos) << failure->detail;
    EXPECT_EQ(player_->name(), "Picky");
}

TEST_F(DxpPlayerTest, AnIllegalMoveLosesAsAnIllegalMove) {
    // 32-27 is a move; 27-18 is not.
    start(script({accept, "M0001322700"}, {"M0001271800"}), std::nullopt);
    EXPECT_FALSE(player_->name_known());
    ASSERT_FALSE(player_->new_game(game_, Color::White));
    EXPECT_TRUE(player_->name_known());
    EXPECT_EQ(player_->name(), "Scripted peer");
    const Answer first = peer_move();
    ASSERT_TRUE(std::holds_alternative<MoveReply>(first));
    ASSERT_TRUE(game_.play(std::get<MoveReply>(first).move));
    ASSERT_TRUE(game_.play_text("19-23"));  // our side's move, from the other engine
    EXPECT_EQ(failure_kind(peer_move()), Failure::IllegalMove);
}

// The acceptance and an illegal first move together: the game began and was lost by the
// move, however the two messages arrive (in one read or two).
TEST_F(DxpPlayerTest, AnIllegalMoveRightAfterTheAcceptanceLosesAsAnIllegalMove) {
    for (int i = 0; i < 20; ++i) {
        game_ = Game();
        start(script({accept + std::string(1, '\0') + "M0001271800"}), std::nullopt);
        ASSERT_FALSE(player_->new_game(game_, Color::White));
        EXPECT_EQ(failure_kind(peer_move()), Failure::IllegalMove);
    }
}

TEST_F(DxpPlayerTest, AGameEndSayingILoseIsAResignation) {
    start(script({accept}, {"E10"}), Color::Black);
    ASSERT_TRUE(game_.play_text("32-28"));
    EXPECT_EQ(failure_kind(peer_move()), Failure::Resigned);
    EXPECT_TRUE(peer_->receives("E00"));  // we confirmed the end of the game
}

TEST_F(DxpPlayerTest, TakeBacksAreDeclinedAndTheGameGoesOn) {
    start(script({accept, "B001W", "M0001322800"}), Color::White);
    const Answer answer = peer_move();
    ASSERT_TRUE(std::holds_alternative<MoveReply>(answer));
    EXPECT_EQ(game_.rules().format_move(game_.position(), std::get<MoveReply>(answer).move), "32-28");
    EXPECT_TRUE(peer_->receives("K1"));  // code 1: not supported
}

TEST_F(DxpPlayerTest, APeerThatHangsUpHasCrashed) {
    start(script({accept, ""}), Color::White);
    EXPECT_EQ(failure_kind(peer_move()), Failure::Crashed);
}

// A peer that hangs up on the game request is gone (a follower that quit): not a game lost
// but a match that cannot go on.
TEST_F(DxpPlayerTest, APeerThatHangsUpOnTheGameRequestIsUnreachable) {
    start(script({""}), std::nullopt);
    const auto failure = player_->new_game(game_, Color::White);
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, Failure::Unreachable);
    EXPECT_NE(failure->detail.find("closed the connection instead of answering the game request"), std::string::npos)
        << failure->detail;
}

// A peer that accepts one connection in its life (as Scan 2.0 does) and loses a game by a
// fault keeps that connection once it has confirmed the game end: the next game is played
// on it, not forfeited for want of a new one.
TEST(DxpPeerInAMatch, APeerThatLosesAndConfirmsKeepsItsConnectionForTheNextGame) {
    // Plays 27-18, no legal move in the start position for either side, as soon as it moves.
    ScriptedPeer peer([](const std::string& m) -> std::vector<std::string> {
        const std::string illegal = "M0001271800";
        if (m[0] == 'R') return m.size() > 35 && m[35] == 'W' ? std::vector{accept, illegal} : std::vector{accept};
        if (m[0] == 'M') return {illegal};
        if (m[0] == 'E') return {"E00"};
        return {};
    });
    match::MatchConfig c;
    c.engines = {*parse_player_spec(peer.address()), *parse_player_spec("builtin")};
    c.games = 2;
    c.game.limits.clock = TimeControl::sudden_death(60);
    c.game.limits.depth = 1;
    c.player.engine_options = {{"hash", "8"}};
    c.player.start_timeout = 5;
    c.openings = {{Game().position(), {}, "start"}};
    c.pdn_path = ::testing::TempDir() + "kroon_dxp_one_connection_" +
                 std::to_string(kroon::platform::current_process_id()) + ".pdn";
    std::remove(c.pdn_path.c_str());
    std::atomic<bool> stop{false};
    const auto state = match::MatchRunner(c).run(stop);
    std::remove(c.pdn_path.c_str());
    ASSERT_TRUE(state.ok()) << state.error();
    ASSERT_EQ(state->finished.size(), 2u);
    for (const match::FinishedGame& f : state->finished) EXPECT_EQ(f.reason, Reason::IllegalMove) << f.termination;
    EXPECT_EQ(state->engines[0].illegal_moves, 2);
    EXPECT_EQ(state->engines[0].failures, 0);
}

TEST_F(DxpPlayerTest, SilenceIsATimeout) {
    start(script({accept}), Color::White);
    EXPECT_EQ(failure_kind(peer_move(0.3)), Failure::Timeout);
}

}  // namespace
}  // namespace kroon::players
