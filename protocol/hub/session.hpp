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
#include "play/thinker.hpp"
#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"

namespace kroon::hub {

class Session {
public:
    using Writer = std::function<void(const std::string& line)>;
    // Turns the protocol log on or off (the `log` parameter); an error message when it cannot.
    using LogSwitch = std::function<Result<bool>(bool on)>;

    // `options`: engine options the session starts with (from `kroon hub`'s command line,
    // already checked). Its egdb folder, when given, is where `egdb-path` starts, and a
    // variant it holds no databases for is then no error.
    explicit Session(Writer write, LogSwitch log_switch = {}, bool logging = false,
                     const std::vector<std::pair<std::string, std::string>>& options = {});
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
    const play::OptionValues& options() const { return thinker_.options(); }

private:
    void handle(const Command& command);
    void on_hub();
    void on_set_param(const Command& command);
    void on_init();
    void on_pos(const Command& command);
    void on_level(const Command& command);
    void on_go(const Command& command);
    void end_search();
    // An error line when the GUI's egdb-path holds no databases for the game's variant.
    void check_databases();
    void reset_game();
    // The Rulebook of the variant parameter: the game `pos` sets up.
    const Rulebook& game_rulebook() const;
    void error(const std::string& message);

    Writer write_;
    LogSwitch log_switch_;
    play::Thinker thinker_;
    bool databases_by_default_ = true;  // egdb-path is the start folder, not the GUI's
    // The GUI's game: the `pos` start position and its moves, read and replayed once. The GUI
    // decides when it is over, so moves after the referee's verdict are played too.
    Game game_;
    search::Limits pending_;
    search::Limits running_;  // of the search in progress
    bool searching_ = false;
    std::shared_ptr<std::atomic<bool>> done_sent_;
};

}  // namespace kroon::hub
