// What a tab does on its I/O thread for each message does not grow with the game: a review of
// a long game replays it once, not once per position, and the state of a large tree is
// written once per change of the tree, not once per state. A Tab on its own (as the server
// holds it), its searches on a one-slot pool, counting the moves it replays or writes
// (Tab::moves_worked); and the state it sends always shows the tree as it is.
#include <gtest/gtest.h>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/rulebook/rulebook.hpp"
#include "protocol/web/search_pool.hpp"
#include "protocol/web/tab.hpp"

namespace kroon::web {
namespace {

using namespace std::chrono_literals;

// What the pool's threads post, run on the test's thread as the server's I/O thread would.
struct Posted {
    std::mutex mutex;
    std::deque<std::function<void()>> tasks;
    bool closed = false;
};

class TabAlone {
public:
    TabAlone() : tab_(pool_, outlet()) { tab_.start(); }
    ~TabAlone() {
        tab_.close();
        std::lock_guard lock(posted_->mutex);
        posted_->closed = true;
        posted_->tasks.clear();
    }

    ::kroon::web::Tab& tab() { return tab_; }
    void receive(const Json& message) { tab_.receive(message.dump()); }
    const std::vector<Json>& sent() const { return sent_; }
    // Runs what the searches post until `done` holds; false after `timeout`.
    bool run_until(const std::function<bool()>& done, std::chrono::seconds timeout = 60s) {
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (!done()) {
            if (std::chrono::steady_clock::now() > until) return false;
            std::function<void()> task;
            {
                std::lock_guard lock(posted_->mutex);
                if (!posted_->tasks.empty()) {
                    task = std::move(posted_->tasks.front());
                    posted_->tasks.pop_front();
                }
            }
            if (task)
                task();
            else
                std::this_thread::sleep_for(1ms);
        }
        return true;
    }
    Json last_state() const {
        for (auto it = sent_.rbegin(); it != sent_.rend(); ++it)
            if ((*it)["type"] == "state") return *it;
        return nullptr;
    }

private:
    Outlet outlet() {
        Outlet o;
        o.send = [this](std::string text, std::string_view) { sent_.push_back(Json::parse(text)); };
        o.post = [posted = posted_](std::function<void()> task) {
            std::lock_guard lock(posted->mutex);
            if (!posted->closed) posted->tasks.push_back(std::move(task));
        };
        o.wake_after = [](double) {};
        return o;
    }

    SearchPool pool_{PoolOptions{.slots = 1, .hash_mib = 1, .engine_options = {}}};
    std::shared_ptr<Posted> posted_ = std::make_shared<Posted>();
    std::vector<Json> sent_;
    ::kroon::web::Tab tab_;
};

// A game of `plies` plies as a restore message's tree: two kings that shuffle (46-41 6-1 41-46
// 1-6 ...), over by repetition after eight plies and played on past it, as a study may be.
Json shuffling_kings(int plies) {
    const char* shuffle[] = {"46-41", "6-1", "41-46", "1-6"};
    Json tree = Json::array({Json{{"parent", 0}}});
    for (int i = 0; i < plies; ++i) tree.push_back({{"parent", i}, {"move", shuffle[i % 4]}});
    return {
        {"type", "restore"}, {"variant", "international"}, {"fen", "W:WK46:BK6"}, {"tree", tree}, {"kroon", "none"}};
}

TEST(WebTabWork, AReviewOfALongGameReplaysItOnce) {
    const int plies = 4999;
    TabAlone alone;
    alone.receive(shuffling_kings(plies));
    ASSERT_EQ(alone.last_state()["plies"], plies);
    const std::uint64_t before = alone.tab().moves_worked();
    const std::size_t sent_before = alone.sent().size();
    const auto dones = [&] {
        int count = 0;
        for (std::size_t i = sent_before; i < alone.sent().size(); ++i) count += alone.sent()[i]["type"] == "done";
        return count;
    };
    alone.receive({{"type", "review"}, {"seconds", 0.05}});
    ASSERT_TRUE(alone.run_until([&] { return dones() > 0 && alone.last_state()["engine"].is_null(); }));
    EXPECT_LE(dones(), 9) << "the positions after the repetition are over";
    // One replay to find which positions are over, and the few positions searched.
    EXPECT_LE(alone.tab().moves_worked() - before, 2u * plies);
}

// The state as sent against the tree as it is: the cached texts follow every change.
void expect_state_shows_the_tree(TabAlone& alone) {
    const Json state = alone.last_state();
    const Game& game = alone.tab().game();
    EXPECT_EQ(state["tree"], tree_json(game.rules(), game.start(), alone.tab().tree()));
    EXPECT_EQ(state["history"], history_json(game));
}

TEST(WebTabWork, AStateOfALargeTreeIsWrittenOncePerChange) {
    const int plies = 4990;  // room for a variation under the board's 5,000 moves
    TabAlone alone;
    alone.receive(shuffling_kings(plies));
    expect_state_shows_the_tree(alone);
    std::uint64_t before = alone.tab().moves_worked();
    for (int i = 0; i < 20; ++i) alone.receive({{"type", "state"}});
    EXPECT_EQ(alone.tab().moves_worked(), before) << "the tree did not change";
    alone.receive({{"type", "goto"}, {"ply", 100}});
    EXPECT_EQ(alone.tab().moves_worked(), before) << "nor did the line shown";
    expect_state_shows_the_tree(alone);

    // Each change writes them once more, and the state shows it.
    alone.receive({{"type", "comment"}, {"node", 10}, {"text", "a comment"}});
    for (int i = 0; i < 5; ++i) alone.receive({{"type", "state"}});
    expect_state_shows_the_tree(alone);
    EXPECT_LE(alone.tab().moves_worked() - before, 2u * plies);
    alone.receive({{"type", "move"}, {"move", "41-37"}, {"ply", 2}});  // a variation at ply 2
    expect_state_shows_the_tree(alone);
    EXPECT_EQ(alone.last_state()["plies"], 3);
    const int variation = alone.last_state()["node"];
    alone.receive({{"type", "promote"}, {"node", variation}});
    expect_state_shows_the_tree(alone);
    alone.receive({{"type", "goto"}, {"node", plies}});
    expect_state_shows_the_tree(alone);
    EXPECT_EQ(alone.last_state()["plies"], plies);
    alone.receive({{"type", "delete"}, {"node", variation}});
    expect_state_shows_the_tree(alone);
    EXPECT_EQ(alone.last_state()["tree"].size(), static_cast<std::size_t>(plies) + 1);
    alone.receive({{"type", "takeback"}});
    expect_state_shows_the_tree(alone);
}

}  // namespace
}  // namespace kroon::web
