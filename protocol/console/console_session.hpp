// The console's state and commands (private to protocol/console). console.cpp holds the
// command loop and the game commands, engine_turn.cpp everything that runs the search,
// console_info.cpp the commands that only show things, databases.cpp the endgame databases.
#pragma once

#include <chrono>
#include <deque>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/record/game.hpp"
#include "engine/referee/clock.hpp"
#include "play/thinker.hpp"
#include "protocol/console/console.hpp"
#include "protocol/console/level.hpp"
#include "protocol/console/line_source.hpp"

namespace kroon::console {

using Words = std::vector<std::string>;

class ConsoleSession {
public:
    ConsoleSession(std::istream& in, std::ostream& out, const ConsoleOptions& options);
    int run();

private:
    using Handler = void (ConsoleSession::*)(const Words&);
    struct Command {
        const char* name;
        const char* aliases;  // space separated
        const char* usage;
        const char* help;
        Handler handler;
    };
    static const std::vector<Command>& commands();
    static const Command* find_command(const std::string& word);

    // Command loop (console.cpp).
    std::optional<std::string> next_line();
    std::string prompt_text() const;
    void execute(const std::string& line);
    void error(const std::string& message);

    // The game (console.cpp).
    void start_game(Game game);
    void human_move(const std::string& text);
    void position_changed();
    void announce_result();
    bool engine_plays(Color side) const { return engine_side_[index(side)]; }
    std::string side_name(Color side) const;

    // The engine (engine_turn.cpp).
    struct SearchRun {
        search::Outcome outcome;
        bool interrupted = false;  // the user typed stop (or quit)
    };
    enum class Listen { MoveNow, StopOnAnything };
    SearchRun search(const search::Limits& limits, bool show_iterations, Listen listen);
    bool engine_move();   // false when the engine could not or should no longer move
    void engine_turns();  // the engine moves while it plays the side to move
    bool clock_move(Color side, double seconds);

    // Showing things (console_info.cpp).
    void show_board();
    std::string status_line() const;
    int move_number() const;

    // The endgame databases (databases.cpp).
    std::string databases_text();     // what is in use, for the current variant
    void databases_follow_variant();  // after a new game changed the variant

    // Commands.
    void cmd_help(const Words& args);
    void cmd_board(const Words& args);
    void cmd_moves(const Words& args);
    void cmd_go(const Words& args);
    void cmd_undo(const Words& args);
    void cmd_new(const Words& args);
    void cmd_variant(const Words& args);
    void cmd_fen(const Words& args);
    void cmd_play(const Words& args);
    void cmd_auto(const Words& args);
    void cmd_level(const Words& args);
    void show_strength();
    void cmd_depth(const Words& args);
    void cmd_time(const Words& args);
    void cmd_clock(const Words& args);
    void cmd_analyse(const Words& args);
    void cmd_stop(const Words& args);
    void cmd_perft(const Words& args);
    void cmd_eval(const Words& args);
    void cmd_history(const Words& args);
    void cmd_flip(const Words& args);
    void cmd_post(const Words& args);
    void cmd_set(const Words& args);
    void cmd_threads(const Words& args);
    void cmd_hash(const Words& args);
    void cmd_multipv(const Words& args);
    void cmd_egdb(const Words& args);
    void cmd_quit(const Words& args);

    void set_level(const play::Level& level);

    std::ostream& out_;
    ConsoleOptions options_;
    Inbox inbox_;
    std::deque<std::string> held_;  // lines typed while the engine was thinking
    bool quit_requested_ = false;
    play::Thinker thinker_;
    Game game_;
    bool engine_side_[2] = {false, true};
    bool sides_chosen_ = false;  // until `play`, the engine takes the second player's side
    play::Level level_;          // 1 s a move until told otherwise
    Clock clock_;
    bool show_thinking_ = false;
    bool flipped_ = false;
    std::chrono::steady_clock::time_point turn_started_;
    // The command line after its first word, as typed (a folder name may hold runs of spaces).
    std::string arguments_;
};

}  // namespace kroon::console
