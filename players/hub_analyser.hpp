// Another program's analysis on Kroon's board: a Hub engine (docs/protocols.md, Hub) in a child
// process behind play::Analyser, so that `kroon serve --engine "CMD"` offers it beside Kroon.
// Each search sends the game (`pos` with its moves), a `level` from the limits and `go
// analyze` (a limited search: `go think`), turns every `info` into an iteration and `done`
// into the outcome. The engine follows the game's variant (`set-param name=variant`) and
// the lines asked for (`multipv`, where it declares it). A program that leaves is started
// again by the next search; one that does not answer `stop` within a few seconds is killed.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "play/analyser.hpp"
#include "players/hub_engine.hpp"
#include "players/player.hpp"
#include "search/searcher.hpp"

namespace kroon::players {

class HubAnalyser final : public play::Analyser {
public:
    // Starts and greets the engine; its error when it does not start or answer in time.
    static Result<std::unique_ptr<HubAnalyser>> start(const std::string& command, const PlayerSettings& settings);
    ~HubAnalyser() override;

    std::string name() const override;
    void set_game(const Game& game) override;
    void go(search::Limits limits, search::Listener listener) override;
    void stop() override;
    void wait() override;
    std::string failure() const override;

    // Seconds a search may take to answer `stop` before the program is killed.
    static constexpr double stop_grace = 5;

private:
    explicit HubAnalyser(const PlayerSettings& settings) : settings_(settings) {}
    // The search, on thread_: returns the outcome and sets failure_ when the program failed.
    search::Outcome run(const Game& game, const search::Limits& limits, const search::Listener& listener);
    // A running, greeted program playing the game's variant, or the reason there is none.
    std::optional<std::string> prepare(const Game& game, const search::Limits& limits);
    void set_param(const std::string& name, const std::string& value);
    // Records why the search failed and returns it.
    std::string fail(const std::string& reason);
    // The program is gone or useless: kill it, the next search starts another.
    std::string drop_engine(const std::string& reason);

    std::string command_;
    PlayerSettings settings_;
    HubEngine engine_;
    std::string name_;
    std::map<std::string, std::string> params_;  // set-param values sent to the running program
    Game game_;
    std::thread thread_;
    std::atomic<bool> stop_requested_{false};
    mutable std::mutex failure_mutex_;
    std::string failure_;
};

}  // namespace kroon::players
