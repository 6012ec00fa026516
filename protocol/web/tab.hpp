// One browser tab's game: the JSON messages of docs/web.md in (read by messages.hpp), JSON
// messages out. Socket-free: the server (server.cpp) hands it each text message and gives it
// an Outlet to answer through;
// every method runs on the server's I/O thread, and the search pool's callbacks come back
// through Outlet::post. The rules are the Rulebook's and the referee's (a Game): the page only
// shows what the session sends, the legal moves included.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/game.hpp"
#include "engine/record/pdn.hpp"
#include "engine/referee/clock.hpp"
#include "protocol/web/messages.hpp"
#include "protocol/web/search_pool.hpp"

namespace kroon::web {

// The protocol version in the welcome message; it changes when a message changes meaning.
constexpr int protocol_version = 1;

struct Outlet {
    // A text message to the client (on the session's thread). `kind` names a message that a
    // newer one of the same kind makes useless (a state, an iteration's info): one still
    // waiting to be written may be dropped for it. Empty: every one counts.
    std::function<void(std::string text, std::string_view kind)> send;
    // From any thread: run `task` on the session's thread, or drop it when the session is gone.
    std::function<void(std::function<void()>)> post;
    // Call Tab::on_timer after `seconds` (replacing the earlier call; negative: none).
    std::function<void(double seconds)> wake_after;
};

struct TabConfig {
    std::size_t max_message_bytes = 1 << 20;  // announced in the welcome message
    std::size_t max_pdn_games = 1000;         // games kept from one loaded PDN file
    int max_tree_nodes = 5000;                // moves of a game with its variations
    // The opening book shown in the explorer, as the engines' book option chooses it
    // (play::chosen_book): the option's value and its file, read once by the server.
    std::string book_option = "true";
    std::shared_ptr<const play::Book> book_file;
    // Another program for analyses and hints (`kroon serve --engine`), or null.
    SearchPool* other_pool = nullptr;
};

class Tab {
public:
    Tab(SearchPool& pool, Outlet outlet, TabConfig config = {});
    ~Tab();
    Tab(const Tab&) = delete;
    Tab& operator=(const Tab&) = delete;

    // The welcome message and the first state.
    void start();
    // One text message from the client; every problem is answered with an error message.
    void receive(std::string_view text);
    // A message the server refused before reading it (binary, too large).
    void refuse(const std::string& message);
    // The time the Outlet was asked for has come: a flag may have fallen.
    void on_timer();
    // The tab is gone: its search stops at once, nothing more is sent.
    void close();

    // For tests: the game as the session holds it (the line shown), and its move tree.
    const Game& game() const { return game_; }
    const MoveTree& tree() const { return tree_; }

private:
    enum class Task { None, Move, Hint, Analysis, Review };
    struct Level {
        enum class Kind { Time, Depth, Clock };
        Kind kind = Kind::Time;
        double seconds = 1;
        int depth = 8;
        TimeControl control;
    };

    void handle(const Request& message);
    void on_new(const Request& message);
    void on_move(const Request& message);
    void on_takeback(const Request& message);
    void on_goto(const Request& message);
    void on_play(const Request& message);
    void on_level(const Request& message);
    void on_hint(const Request& message);
    void on_analyse(const Request& message);
    void on_review(const Request& message);
    void on_stop(const Request& message);
    void on_resign(const Request& message);
    void on_draw(const Request& message);
    void on_load_pdn(const Request& message);
    Level read_level(const Request& level) const;
    void apply_level(const Level& level);
    void on_open_game(const Request& message);
    void on_save_pdn(const Request& message);
    void adopt_tags(std::vector<PdnTag> tags);
    void on_restore(const Request& message);
    void on_promote(const Request& message);
    void on_delete(const Request& message);
    void on_comment(const Request& message);

    // The game.
    void start_game(Game game, std::optional<Color> kroon);
    void start_tree(MoveTree tree);      // after start_game: the moves with their variations
    bool play_move(const Move& move);    // with the clock; false when the flag fell first
    void append_move(const Move& move);  // to the line shown and to the tree
    void truncate_to(int ply);
    // The line through `node` (on to its line's end) becomes the game shown, at `node`.
    void show_line(int node);
    int node_at(int ply) const { return line_[static_cast<std::size_t>(ply)]; }
    int read_node(const Request& message) const;
    void check_tree_may_change() const;
    Game line_game(const std::vector<int>& nodes) const;  // a line of the tree, refereed
    void renumber(const std::vector<int>& renumbered);
    // Kroon plays the main line only; the variations are the players'.
    bool on_main_line() const { return tree_.on_main_line(line_.back()); }
    bool game_on() const;  // Kroon plays a side in a game that is not over, shown on its line
    void game_changed();   // after any change: stop work on the old position, answer, go on
    void end_game(Verdict verdict, const std::string& detail);
    int view_ply() const;
    Game game_at(int ply) const;
    bool kroon_to_move() const;
    Color human_side() const;

    // The clock.
    double elapsed() const;
    bool clock_running() const;
    void arm_timer();

    // Searches.
    // On Kroon's pool, or on `pool` (the other program's).
    void search(Task task, int ply, const search::Limits& limits, SearchPool* pool = nullptr);
    // The pool an analysis or a hint asks for with its `engine` field ("kroon", "other").
    SearchPool* chosen_pool(const Request& message) const;
    void stop_search(bool quietly);
    void engine_turn();
    void on_search_started(std::uint64_t serial);
    void on_iteration(std::uint64_t serial, const search::Iteration& it);
    void on_search_done(std::uint64_t serial, const JobResult& result);
    void review_next();
    search::Limits engine_limits() const;

    // Messages.
    void send(const Json& message);
    void send_error(const std::string& message, std::string_view request = {});
    void send_state();
    Json book_json(const Position& pos) const;
    Json level_json() const;
    Json clock_json() const;

    SearchPool& pool_;
    Outlet outlet_;
    TabConfig config_;
    bool closed_ = false;

    Game game_;
    std::optional<Color> kroon_;  // the side Kroon plays, if any
    Level level_;
    Clock clock_;
    std::chrono::steady_clock::time_point turn_started_;
    std::optional<int> view_;  // the ply shown; none: follow the game
    PdnHeader header_;
    // The game's moves with their variations; the game shown (game_) is the line of nodes
    // line_ in it: line_[p] the node of ply p, line_[0] the root.
    MoveTree tree_;
    std::vector<int> line_;
    std::vector<std::optional<search::Score>> scores_;  // per node: the last score, White's view
    std::vector<bool> from_book_;                       // per node: Kroon played it from the book
    // A result decided off the board (a resignation, a flag, an agreement, a loaded record's),
    // with the node it came at: it holds when the line shown ends there.
    struct OffBoardEnd {
        Verdict verdict;
        std::string detail;
        int node = 0;
    };
    std::optional<OffBoardEnd> off_board_end_;
    std::vector<PdnTag> record_tags_;  // the tags of a game opened from a PDN file
    std::vector<PdnGame> loaded_;

    // The one search of this tab. A serial number tells its callbacks from older ones'.
    Task task_ = Task::None;
    SearchPool::JobId job_ = 0;
    SearchPool* job_pool_ = nullptr;  // the pool job_ runs on
    std::uint64_t serial_ = 0;
    int task_ply_ = 0;
    bool task_running_ = false;
    int review_next_ = -1;  // the next ply a review searches; -1: no review
    double review_seconds_ = 0.3;
};

}  // namespace kroon::web
