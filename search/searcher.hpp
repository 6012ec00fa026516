// The search facade, in engine terms only: no text, no stdout. Front ends (console, Hub,
// DXP, match runner) drive it; it reports through callbacks with plain data.
//
// Contract:
//  - start() returns at once; the search runs on its own thread(s).
//  - on_iteration is called after each completed iteration (and may be called for aspiration
//    re-searches); on_done is called exactly once per start(), after the search has ended for
//    any reason (limit, stop(), no legal move), before wait() returns.
//  - Callbacks run on a search thread: the front end must make its own output thread-safe.
//    is_searching() is already false inside on_done, and on_done may start the next search.
//  - With threads == 1 the same build, position, history and depth give the same node count.
//  - Where no thread can be started (the WebAssembly build, docs/web.md) the search runs on the
//    caller's thread instead: start() returns after on_done, and only a callback can end it
//    early (the stop poll, or stop() from on_iteration).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/record/game.hpp"
#include "eval/evaluate.hpp"

namespace kroon::egdb {
class Database;
}

namespace kroon::search {

// Scores are in hundredths of a man, from the side to move's point of view. A won game
// found by the search is win_score minus the distance in plies (lost: the negative), which
// the Hub protocol prints as +99.xx.
using Score = int;
constexpr Score win_score = 10000;
constexpr Score draw_score = 0;
// A won ending the endgame databases know (docs/egdb.md): below every win the search finds
// itself, shown by the Hub protocol as +89.xx; less the loser's pieces and the winner's men,
// so that captures and crownings, which convert the win, score higher.
constexpr Score database_win_score = 8999;
constexpr bool is_decisive(Score s) { return s > win_score - 1000 || s < -(win_score - 1000); }
// A won or lost ending known from the databases: a result, not a number of men.
constexpr bool is_database_result(Score s) {
    const Score magnitude = s < 0 ? -s : s;
    return magnitude > database_win_score - 1000 && magnitude <= database_win_score;
}

struct Limits {
    int depth = 0;            // maximum nominal depth, 0 = none
    std::uint64_t nodes = 0;  // 0 = none
    double move_time = 0;     // seconds for this move, 0 = none
    // Clock of the side to move in seconds (negative = no clock): the time on its clock now,
    // all that this move may spend; the increment, added to the clock after the move, as
    // engine/referee/clock.hpp adds it; and moves until the next time control (0 = the time left
    // is for the rest of the game). N moves in T: moves_to_go counts down within the period
    // and time left over carries on. DXP's whole-game budget: time_left = what is left of it,
    // moves_to_go = moves still to play in it. play::search_limits (play/level.hpp) fills
    // them; a protocol that reads its clock otherwise converts at its boundary (the Hub).
    double time_left = -1;
    double increment = 0;
    int moves_to_go = 0;
    bool infinite = false;  // search until stop()
    bool ponder = false;    // on the opponent's time until ponder_hit() or stop()
    // Analysis (Hub `go analyze`): the GUI wants the score and line, so a single legal move
    // is searched like any other instead of being played at once.
    bool analysis = false;
    // The GUI ponders for us (Hub `ponder` parameter): the reply is often searched already,
    // so each move may take a little more of the clock (Scan uses the same 1.2 factor).
    bool pondering_enabled = false;
    // Multi-PV: the best this many root moves, each with an exact score and its line
    // (Iteration::lines), at most the legal moves; 1 is the search for one best move.
    int multi_pv = 1;

    // Whether a search with these limits ends without stop(): some depth, node or time limit,
    // and neither infinite nor pondering.
    bool ends_by_itself() const {
        return !infinite && !ponder && (depth > 0 || nodes > 0 || move_time > 0 || time_left >= 0);
    }
};

// A principal variation with its exact score: a root move and the line expected after it.
struct Line {
    Score score = 0;
    std::vector<Move> pv;
};

struct Iteration {
    int depth = 0;
    int selective_depth = 0;
    Score score = 0;  // the first line's
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::vector<Move> pv;             // the first line's
    int hashfull = 0;                 // permille of the transposition table written by this search
    std::uint64_t database_hits = 0;  // endgame database probes that gave a value
    bool from_book = false;           // the opening book's move and score (play::Engine), no search
    // Best first: one line, {score, pv}, unless Limits::multi_pv asked for more. Where the
    // databases decided the root moves, the moves they keep come first. An iteration cut
    // short by a stop has the lines it finished (every line of a report has its depth).
    std::vector<Line> lines;
};

struct Outcome {
    std::optional<Move> best;    // empty when the side to move has no legal move
    std::optional<Move> ponder;  // expected reply, when known
    Score score = 0;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::uint64_t database_hits = 0;
    bool from_book = false;  // the opening book's move and score (play::Engine), no search
};

struct Listener {
    std::function<void(const Iteration&)> on_iteration;
    std::function<void(const Outcome&)> on_done;
};

// Whether a search may run on threads of its own (start() returns at once). Not in the
// WebAssembly build, which is built without threads (docs/web.md).
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool search_threads_available = false;
#else
constexpr bool search_threads_available = true;
#endif

struct Options {
    int threads = 1;
    int hash_mib = 64;
    // The learned evaluation where the variant has weights, unless told otherwise.
    eval::Evaluation evaluation;
    // Endgame databases probed in the tree (for their variant only); null: none.
    std::shared_ptr<const egdb::Database> databases = nullptr;
};

class Searcher {
public:
    explicit Searcher(Options options = {});
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Meant for between searches; set_hash_size and new_game end a running search first.
    void set_threads(int threads);
    void set_hash_size(int mib);  // falls back to a smaller table when memory is short
    // Clears the transposition table (the history heuristics live in each search's workers).
    void new_game();
    // Which evaluation scores the positions; the table is cleared when it changes.
    void set_evaluation(const eval::Evaluation& evaluation);
    const eval::Evaluation& evaluation() const;
    // The endgame databases to probe (null: none); the table is cleared when they change.
    void set_databases(std::shared_ptr<const egdb::Database> databases);
    // The game so far, for its variant, repetitions and the draw rules it is played under
    // (its RuleOptions: points victory, the 8x8 no-progress limit, ...). The search starts
    // from its current position.
    void set_position(const Game& game);
    // Asked on the main search thread every thousand nodes or so: true ends the search as
    // stop() does. For a host that cannot call stop() while the search runs on its one thread
    // (the browser's worker); empty: none.
    void set_stop_poll(std::function<bool()> poll);

    void start(const Limits& limits, Listener listener);
    void stop();
    void ponder_hit();
    void wait();
    bool is_searching() const;

    // Blocking convenience: start, wait, return the outcome.
    Outcome think(const Limits& limits);

private:
    struct Impl;
    std::shared_ptr<Impl> impl_;  // shared with the search threads, see searcher.cpp
};

}  // namespace kroon::search
