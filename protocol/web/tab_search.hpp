// The one search of a tab at a time, and its bookkeeping: what it is for (Kroon's move, a
// hint, an analysis, a review's ply), the node of the tree and the ply it searches, the
// searches it runs on (Kroon's, or the other program's; searches.hpp), and a serial number
// that tells its callbacks from an older search's. The node tells whether its position is
// still on the line shown: a ply alone would say nothing once another line is shown.
// A search stopped quietly is forgotten at once: whatever its callbacks still bring is dropped.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/record/game.hpp"
#include "protocol/web/messages.hpp"
#include "protocol/web/searches.hpp"

namespace kroon::web {

enum class Task { None, Move, Hint, Analysis, Review };
// "move", "hint", "analysis", "review" in the messages.
const char* task_name(Task task);

class TabSearch {
public:
    // From any thread: run a task on the tab's thread (Outlet::post).
    using Post = std::function<void(std::function<void()>)>;
    // The current search's news, on the tab's thread; a finished search is forgotten before
    // `done` is called.
    struct Events {
        std::function<void()> started;
        std::function<void(const search::Iteration&)> iteration;
        std::function<void(Task task, int ply, int node, const JobResult&)> done;
    };
    TabSearch(Searches& pool, Searches* other_pool, Post post, Events events);

    Task task() const { return task_; }
    int ply() const { return ply_; }
    int node() const { return node_; }
    // Waiting for a slot of its pool.
    bool queued() const { return !running_; }
    // The name of the engine the search runs on.
    std::string engine_name() const { return pool_->engine_name(); }

    // The pool an analysis or a hint asks for with its `engine` field ("kroon", "other").
    Searches* chosen_pool(const Request& message) const;
    // Searches `game` (the game up to `ply`, whose position is the tree's `node`) on Kroon's
    // pool, or on `pool`, a move to play at `strength`.
    void start(Task task, int ply, int node, Game game, const search::Limits& limits, Searches* pool = nullptr,
               play::Strength strength = {});
    // Ends the search. Quietly: forgotten now, nothing more is heard of it. Otherwise its
    // result still comes, as `done`.
    void stop(bool quietly);

private:
    void on_started(std::uint64_t serial);
    void on_iteration(std::uint64_t serial, const search::Iteration& it);
    void on_done(std::uint64_t serial, const JobResult& result);

    Searches& kroon_pool_;
    Searches* other_pool_;
    Post post_;
    Events events_;

    Task task_ = Task::None;
    Searches::JobId job_ = 0;
    Searches* pool_ = nullptr;  // the pool job_ runs on
    std::uint64_t serial_ = 0;
    int ply_ = 0;
    int node_ = 0;
    bool running_ = false;
};

}  // namespace kroon::web
