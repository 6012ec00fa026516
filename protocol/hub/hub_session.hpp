// One Hub session (docs/protocols.md, Hub 3-7): parameters, the game (start position and moves played),
// the limits collected for the next search, and the search itself, run by search::Searcher
// on its own thread while the caller keeps feeding input lines.
//
// Input is never dropped or reordered: during a search `ping` is answered, `ponder-hit` and
// `stop` go to the searcher, and any other line first ends the search (its `done` is sent)
// and is then handled as usual. All output goes through the one `Writer`, which must be
// safe to call from the search thread and the input thread at once.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/game.hpp"
#include "protocol/hub/hub_line.hpp"
#include "protocol/hub/hub_params.hpp"
#include "search/searcher.hpp"

namespace kroon::hub {

class Session {
public:
    using Writer = std::function<void(const std::string& line)>;
    // Turns the protocol log on or off (the `log` parameter); an error message when it cannot.
    using LogSwitch = std::function<Result<bool>(bool on)>;

    // `evaluation` (with the path of its weights file, if any) is where `eval` and
    // `eval-file` start; `egdb_path` is where `egdb-path` starts (the cache folder found by
    // `kroon hub`: a variant it holds no databases for is then no error).
    explicit Session(Writer write, LogSwitch log_switch = {}, bool logging = false, eval::Evaluation evaluation = {},
                     std::string eval_file = {}, std::string egdb_path = {});
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Handles one line from the GUI; returns false once the session is over (`quit`).
    bool handle_line(std::string_view line);
    // The input has ended (EOF). A search with a depth, node or time limit gets up to
    // `eof_grace_seconds` to end by itself, so a script piping `go think` gets a searched
    // move; then, as at once for an infinite analysis or a ponder search, it is stopped (its
    // `done` is sent).
    void finish();
    static constexpr double eof_grace_seconds = 5;

    bool searching() const { return searching_; }
    const Params& params() const { return params_; }

private:
    void handle(const Command& command);
    void on_hub();
    void on_set_param(const Command& command);
    void on_init();
    void on_pos(const Command& command);
    void on_level(const Command& command);
    void on_go(const Command& command);
    void end_search();
    search::Searcher& searcher();
    // The endgame databases of egdb-path for the variant; an error line when there are none.
    void open_databases();  // created on first use, with the current parameters
    void reset_game();
    void error(const std::string& message);

    Writer write_;
    LogSwitch log_switch_;
    Params params_;
    eval::Evaluation evaluation_;
    std::shared_ptr<const egdb::Database> databases_;  // from the egdb-path parameter
    bool databases_by_default_ = false;                // egdb-path is the start folder, not the GUI's
    std::unique_ptr<search::Searcher> searcher_;
    // The GUI's game: the `pos` start position and its moves, read and replayed once. The GUI
    // decides when it is over, so moves after the referee's verdict are played too.
    Game game_;
    search::Limits pending_;
    search::Limits running_;  // of the search in progress
    bool searching_ = false;
    std::shared_ptr<std::atomic<bool>> done_sent_;
};

}  // namespace kroon::hub
