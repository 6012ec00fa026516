// Another program's analysis on Kroon's board: a Hub engine (docs/protocols.md, Hub) in a child
// process behind play::Analyser, so that `kroon serve --engine "CMD"` offers it beside Kroon.
// Each search sends the game (`pos` with its moves), a `level` from the limits and `go
// analyze` (a limited search: `go think`), turns the `info` lines into iterations and `done`
// into the outcome. The engine follows the game's variant (`set-param name=variant`) and
// the lines asked for (`multipv`, where it declares it).
//
// The program is not trusted (docs/robustness.md, Another engine): one thread of the
// analyser's own, for as long as the analyser lives, starts it, runs every search and starts
// it again when it has left; its output is read in bounded batches of which only the latest
// iteration is reported, at most every report_interval seconds; only the lines asked for are
// kept (at most max_lines), each line at most max_line_moves moves; its numbers are taken only
// when they are finite and in range; a write it does not read within a few seconds, or a
// `stop` it does not answer, ends it (the next search starts another).
#pragma once

#include <atomic>
#include <condition_variable>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
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
    // The most iterations reported per second, however many `info` lines come.
    static constexpr double report_interval = 0.1;
    // Lines of output read before the reports are brought up to date (and, when the program
    // had written more, before it is left to wait a moment): a flood costs bounded work.
    static constexpr int batch_lines = 1000;
    // The most analysis lines kept (what a tab may ask) and moves kept of each.
    static constexpr int max_lines = 10;
    static constexpr int max_line_moves = 100;

private:
    struct Request {
        Game game;
        search::Limits limits;
        search::Listener listener;
    };

    explicit HubAnalyser(const std::string& command, const PlayerSettings& settings);
    // The owner thread: starts the program, then runs each search asked for until the end.
    void own(std::promise<std::optional<std::string>>& started);
    // One search: returns the outcome and sets failure_ when the program failed.
    search::Outcome run(const Game& game, const search::Limits& limits, const search::Listener& listener);
    // Starts and greets the program in `variant`; the reason when it does not come up.
    std::optional<std::string> open(Variant variant);
    // A running, greeted program playing the game's variant, or the reason there is none.
    std::optional<std::string> prepare(const Game& game, const search::Limits& limits);
    bool set_param(const std::string& name, const std::string& value);
    // Records why the search failed and returns it.
    std::string fail(const std::string& reason);
    // The program is gone or useless: kill it, the next search starts another.
    std::string drop_engine(const std::string& reason);
    // Why a write to the program failed: it left, or it stopped reading.
    std::string unreachable(const std::string& when);

    const std::string command_;
    const PlayerSettings settings_;
    // The program and what was sent to it: the owner thread's alone.
    HubEngine engine_;
    std::map<std::string, std::string> params_;  // set-param values sent to the running program
    std::string name_;                           // set before the owner thread takes requests
    Game game_;                                  // the caller's: set_game and go

    std::thread owner_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::optional<Request> request_;  // a search asked for, not yet taken
    bool searching_ = false;          // from go() until its on_done has run
    bool quit_ = false;
    std::atomic<bool> stop_requested_{false};
    mutable std::mutex failure_mutex_;
    std::string failure_;
};

}  // namespace kroon::players
