// The match runner's DXP player against peers that misbehave, each a script on a loopback
// socket: a refusal, an illegal move, a resignation, a take-back request, a peer that hangs
// up. Every case must end as the referee's failure kind, never as a hang.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <thread>

#include "protocol/dxp/framing.hpp"
#include "tools/match/player.hpp"

namespace kroon::match {
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

    explicit ScriptedPeer(Reply reply) : reply_(std::move(reply)) {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
        ::listen(listener_, 1);
        socklen_t length = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { serve(); });
    }
    ~ScriptedPeer() {
        stop_ = true;
        thread_.join();
        ::close(listener_);
    }
    std::string address() const { return "dxp://127.0.0.1:" + std::to_string(port_); }
    std::vector<std::string> received() {
        std::lock_guard lock(mutex_);
        return received_;
    }
    // Whether `text` arrives within a second (the peer reads on its own thread).
    bool receives(const std::string& text) {
        for (int i = 0; i < 100; ++i) {
            const auto seen = received();
            if (std::find(seen.begin(), seen.end(), text) != seen.end()) return true;
            ::usleep(10000);
        }
        return false;
    }

private:
    void serve() {
        pollfd p{listener_, POLLIN, 0};
        while (!stop_ && ::poll(&p, 1, 50) <= 0) {
        }
        if (stop_) return;
        const int fd = ::accept(listener_, nullptr, nullptr);
        dxp::FrameReader reader;
        char buffer[1024];
        bool open = true;
        while (open && !stop_) {
            pollfd q{fd, POLLIN, 0};
            if (::poll(&q, 1, 50) <= 0) continue;
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            for (const auto& f : reader.feed(std::string_view(buffer, static_cast<size_t>(n)))) {
                {
                    std::lock_guard lock(mutex_);
                    received_.push_back(f.text);
                }
                for (const auto& answer : reply_(f.text)) {
                    if (answer.empty()) {
                        open = false;
                        break;
                    }
                    const std::string bytes = dxp::frame(answer);
                    (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
                }
                if (!open) break;
            }
        }
        ::close(fd);
    }

    Reply reply_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stop_{false};
    std::thread thread_;
    std::mutex mutex_;
    std::vector<std::string> received_;
};

std::unique_ptr<Player> start(const ScriptedPeer& peer) {
    PlayerSettings settings;
    settings.clock = TimeControl::sudden_death(60);
    settings.start_timeout = 5;
    auto player = start_player(*parse_player_spec(peer.address()), settings);
    EXPECT_TRUE(player.ok()) << player.error();
    return player.ok() ? std::move(player.value()) : nullptr;
}

MoveRequest quick() {
    MoveRequest r;
    r.wait = 5;
    return r;
}

const std::string accept = "A" + padded("Scripted peer") + "0";

TEST(DxpPlayer, ARefusedGameIsAFailureWithTheCode) {
    ScriptedPeer peer([](const std::string& m) {
        return m[0] == 'R' ? std::vector<std::string>{"A" + padded("Picky") + "2"} : std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    const auto failure = player->new_game(Game(), Color::White);
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, Failure::Garbage);
    EXPECT_NE(failure->detail.find("refused the game, code 2"), std::string::npos) << failure->detail;
    EXPECT_EQ(player->name(), "Picky");
}

TEST(DxpPlayer, AnIllegalMoveLosesAsAnIllegalMove) {
    ScriptedPeer peer([](const std::string& m) {
        if (m[0] == 'R') return std::vector<std::string>{accept, "M0001322700"};  // 32-27 is fine
        if (m[0] == 'M') return std::vector<std::string>{"M0001271800"};         // 27-18 is no move
        return std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    EXPECT_FALSE(player->name_known());
    Game game;
    ASSERT_FALSE(player->new_game(game, Color::White));
    EXPECT_TRUE(player->name_known());
    EXPECT_EQ(player->name(), "Scripted peer");
    const Answer first = player->think(game, quick());
    ASSERT_TRUE(std::holds_alternative<MoveReply>(first));
    ASSERT_TRUE(game.play(std::get<MoveReply>(first).move));
    ASSERT_TRUE(game.play_text("19-23"));  // our side's move, from the other engine
    const Answer second = player->think(game, quick());
    ASSERT_TRUE(std::holds_alternative<Failure>(second));
    EXPECT_EQ(std::get<Failure>(second).kind, Failure::IllegalMove) << std::get<Failure>(second).detail;
}

TEST(DxpPlayer, AGameEndSayingILoseIsAResignation) {
    ScriptedPeer peer([](const std::string& m) {
        if (m[0] == 'R') return std::vector<std::string>{accept};
        if (m[0] == 'M') return std::vector<std::string>{"E10"};
        return std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    Game game;
    ASSERT_FALSE(player->new_game(game, Color::Black));
    ASSERT_TRUE(game.play_text("32-28"));
    const Answer answer = player->think(game, quick());
    ASSERT_TRUE(std::holds_alternative<Failure>(answer));
    EXPECT_EQ(std::get<Failure>(answer).kind, Failure::Resigned);
    EXPECT_TRUE(peer.receives("E00"));  // we confirmed the end of the game
}

TEST(DxpPlayer, TakeBacksAreDeclinedAndTheGameGoesOn) {
    ScriptedPeer peer([](const std::string& m) {
        if (m[0] == 'R') return std::vector<std::string>{accept, "B001W", "M0001322800"};
        return std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    Game game;
    ASSERT_FALSE(player->new_game(game, Color::White));
    const Answer answer = player->think(game, quick());
    ASSERT_TRUE(std::holds_alternative<MoveReply>(answer));
    EXPECT_EQ(game.rules().format_move(game.position(), std::get<MoveReply>(answer).move), "32-28");
    EXPECT_TRUE(peer.receives("K1"));  // code 1: not supported
}

TEST(DxpPlayer, APeerThatHangsUpHasCrashed) {
    ScriptedPeer peer([](const std::string& m) {
        if (m[0] == 'R') return std::vector<std::string>{accept, ""};
        return std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    Game game;
    ASSERT_FALSE(player->new_game(game, Color::White));
    const Answer answer = player->think(game, quick());
    ASSERT_TRUE(std::holds_alternative<Failure>(answer));
    EXPECT_EQ(std::get<Failure>(answer).kind, Failure::Crashed) << std::get<Failure>(answer).detail;
}

TEST(DxpPlayer, SilenceIsATimeout) {
    ScriptedPeer peer([](const std::string& m) {
        if (m[0] == 'R') return std::vector<std::string>{accept};
        return std::vector<std::string>{};
    });
    auto player = start(peer);
    ASSERT_TRUE(player);
    Game game;
    ASSERT_FALSE(player->new_game(game, Color::White));
    MoveRequest request;
    request.wait = 0.3;
    const Answer answer = player->think(game, request);
    ASSERT_TRUE(std::holds_alternative<Failure>(answer));
    EXPECT_EQ(std::get<Failure>(answer).kind, Failure::Timeout);
}

}  // namespace
}  // namespace kroon::match
