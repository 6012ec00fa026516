// One browser tab's game: the JSON messages of docs/web.md in (read by messages.hpp), JSON
// messages out. Socket-free: the server (server.cpp) hands it each text message and gives it
// an Outlet to answer through;
// every method runs on the server's I/O thread (the static site's: its session worker), and
// the searches' callbacks (Searches: the server's pool, or the site's search worker) come back
// through Outlet::post. The rules are the Rulebook's and the referee's (a Game): the page only
// shows what the session sends, the legal moves included.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/game.hpp"
#include "engine/record/pdn.hpp"
#include "play/book.hpp"
#include "protocol/web/messages.hpp"
#include "protocol/web/searches.hpp"
#include "protocol/web/tab_clock.hpp"
#include "protocol/web/tab_game.hpp"
#include "protocol/web/tab_review.hpp"
#include "protocol/web/tab_search.hpp"

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
    Searches* other_pool = nullptr;
};

// The Tab reads each request and keeps its jobs in step: the game and its tree (TabGame), the
// level and the clock (TabClock), the one search (TabSearch) and a review (TabReview).
class Tab {
public:
    Tab(Searches& pool, Outlet outlet, TabConfig config = {});
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
    const Game& game() const { return shown_.game(); }
    const MoveTree& tree() const { return shown_.tree(); }
    // For tests and measurements: the moves replayed or written anew to answer messages.
    std::uint64_t moves_worked() const { return shown_.moves_worked(); }

private:
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
    void on_open_game(const Request& message);
    void on_save_pdn(const Request& message);
    void on_restore(const Request& message);
    void on_promote(const Request& message);
    void on_delete(const Request& message);
    void on_comment(const Request& message);
    void on_mark(const Request& message);
    int read_node(const Request& message) const;
    void check_tree_may_change() const;
    void apply_level(const Level& level);

    // The game against Kroon.
    void start_game(Game game, std::optional<Color> kroon);
    bool play_move(const Move& move);  // with the clock; false when the flag fell first
    bool game_on() const;              // Kroon plays a side in a game that is not over, shown on its line
    void game_changed();               // after any change: stop work on the old position, answer, go on
    void end_game(Verdict verdict, const std::string& detail);
    bool kroon_to_move() const;
    Color human_side() const;
    bool clock_running() const;
    void arm_timer();

    // Searches (TabSearch keeps their bookkeeping).
    // `game` is the game shown up to `ply` (TabGame::game_at).
    void search(Task task, int ply, Game game, const search::Limits& limits, Searches* pool = nullptr);
    void stop_search(bool quietly);  // a review ends with it
    void engine_turn();
    void on_search_started();
    void on_iteration(const search::Iteration& it);
    void on_search_done(Task task, int ply, int node, const JobResult& result);
    bool review_next();  // false: the review is over

    // Messages.
    void send(const Json& message);
    void send_error(const std::string& message, std::string_view request = {});
    void send_state();

    Searches& pool_;
    Outlet outlet_;
    TabConfig config_;
    bool closed_ = false;

    std::optional<Color> kroon_;  // the side Kroon plays, if any
    TabGame shown_;
    TabClock clock_;
    TabSearch search_;
    TabReview review_;
    std::vector<PdnGame> loaded_;  // the games of the PDN file loaded last
};

}  // namespace kroon::web
