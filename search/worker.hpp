// One search thread: iterative deepening, principal variation search with aspiration
// windows, and the capture-resolving quiescence search. Templated on the rules so move
// generation and evaluation inline; worker.cpp defines it for every variant.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/referee/outcome.hpp"
#include "engine/referee/referee.hpp"
#include "search/eval_cache.hpp"
#include "search/move_order.hpp"
#include "search/search_context.hpp"

namespace kroon::search {

constexpr int max_ply = 128;
constexpr Score infinite_score = win_score + 1;
// The KNDB points victory (1.5-0.5): worth more than any evaluation, less than a win.
constexpr Score points_victory_score = 8000;

// Won and lost scores count plies from the root; the table stores them from the node.
inline Score to_table(Score s, int ply) {
    return s > win_score - 1000 ? s + ply : s < -(win_score - 1000) ? s - ply : s;
}
inline Score from_table(Score s, int ply) {
    return s > win_score - 1000 ? s - ply : s < -(win_score - 1000) ? s + ply : s;
}

struct IterationResult {
    int depth = 0;
    Score score = 0;
    std::vector<Move> pv;
};

// One search thread's worker, kept from search to search (and move to move) with its tables,
// until the game or the variant changes. Searcher owns one per thread.
class WorkerBase {
public:
    virtual ~WorkerBase() = default;
    virtual Variant variant() const = 0;
    // Iterative deepening on the context's root until a limit or stop(); the main worker
    // (id 0) reports each iteration.
    virtual void run(SearchContext& context, const Listener& listener) = 0;
    // The main worker, once every worker has stopped: what the search found.
    virtual Outcome outcome(SearchContext& context) = 0;
    // A new game: what was learnt about the old one's moves is forgotten.
    virtual void new_game() = 0;
};

std::unique_ptr<WorkerBase> make_worker(Variant variant, int id);

template <RuleSet R>
class Worker final : public WorkerBase {
public:
    Worker(Variant variant, int id) : variant_(variant), id_(id), main_(id == 0) {}

    Variant variant() const override { return variant_; }
    void run(SearchContext& context, const Listener& listener) override;
    Outcome outcome(SearchContext& context) override;
    void new_game() override;

private:
    struct Frame {
        DrawCounters counters;
        std::array<Move, 2> killers{};
        Move previous{};                        // the move that led here (none at the root)
        int static_eval = TableEntry::no_eval;  // none in a position with a capture
    };

    // ---- iterative deepening ----------------------------------------------------------

    Score aspiration(const Position& root, int depth, Score previous);
    // Multi-PV: after the first line of an iteration, the root is searched again for each
    // further line without the moves already found (the databases' kept moves first), and
    // the lines are sorted. Returns false when stopped before the last line.
    bool search_more_lines(const Position& root, int depth);
    // The root moves the next line is chosen from: those not in `found` yet.
    void exclude_from_root(const std::vector<Line>& found);

    bool should_stop_after_iteration(int depth, Score score, int legal_moves, double stability);

    // ---- nodes, time and stop ---------------------------------------------------------

    bool stopped() const { return context_->stop.load(std::memory_order_relaxed); }

    // Sends an iteration line with the current best line (main thread only).
    void report(const Listener& listener, int depth, Score score);
    void publish_nodes() {
        context_->counters[id_].nodes.store(nodes_, std::memory_order_relaxed);
        context_->counters[id_].database_hits.store(database_hits_, std::memory_order_relaxed);
    }

    void count_node(int ply) {
        if (ply > selective_depth_) selective_depth_ = ply;
        if ((++nodes_ & 1023) == 0) poll();
    }

    // Every 1024 nodes: publish the count, and on the main thread check the limits.
    void poll();

    // ---- draws and other ends by rule -------------------------------------------------

    // Whether the game is over by a rule other than "no legal move" (the referee's draw
    // rules, points victory, or a repetition, which the search takes as a draw at once);
    // if so, `score` is its value for the side to move. Inline for the nodes that need no
    // look-up (no ending class, no fortress, under two moves without a man move or capture):
    // most nodes, which then pay no call.
    bool ended_by_rule(const Position& pos, int ply, Score& score) {
        const DrawCounters& c = frames_[ply].counters;
        if (c.reversible_plies < 2 && c.endgame.kind == Endgame::None && !c.fortress) return false;
        return ended_by_counted_rule(pos, ply, score);
    }
    bool ended_by_counted_rule(const Position& pos, int ply, Score& score);
    Score repetition_score(const Position& pos) const;
    static Score result_score(GameResult result, Color us, int ply);

    // ---- the tree -----------------------------------------------------------------------

    // Only a child searched to depth 1 or more reads the table; a quiescence child's bucket
    // would be fetched from memory for nothing.
    void enter(const Move& m, const Position& child, int ply, int child_depth) {
        // Its evaluation's slot too: a quiescence child is most often a quiet leaf, and a
        // searched child the table gives no evaluation computes one.
        if (child_depth > 0) table_->prefetch(child.hash());
        eval_cache_.prefetch(child.hash());
        // Without a king on the board every draw-rule count starts again (a man moved or a
        // piece was taken, and no ending class has a side without kings): most moves.
        if (!child.kings()) {
            frames_[ply + 1].counters = DrawCounters{};
        } else {
            frames_[ply + 1].counters = frames_[ply].counters;
            frames_[ply + 1].counters.template update<R>(m, child);
        }
        path_[base_ + ply + 1] = child.hash();
        frames_[ply + 1].previous = m;
    }

    void update_pv(int ply, const Move& m) {
        pv_[ply][ply] = m;
        const int child_len = pv_length_[ply + 1];
        for (int i = ply + 1; i < child_len; ++i) pv_[ply][i] = pv_[ply + 1][i];
        pv_length_[ply] = std::max(child_len, ply + 1);
    }

    Score evaluate(const Position& pos);

    // The endgame databases at a node without a capture, within their range: if they know
    // it, `score` is its exact value (database_win_score band) and true is returned. The
    // test of range is inline: most nodes are out of it, and pay no call.
    bool probe_databases(const Position& pos, const MoveList& moves, int ply, Score& score) {
        if (moves[0].is_capture() || !within_databases(pos)) return false;
        return probe_databases_in_range(pos, ply, score);
    }
    // Whether the databases are loaded and hold every position with this many pieces.
    bool within_databases(const Position& pos) const {
        return databases_ && popcount(pos.occupied()) <= database_pieces_;
    }
    bool probe_databases_in_range(const Position& pos, int ply, Score& score);

    // The referee's verdict on a side without a legal move (engine/referee/referee.hpp).
    static Score no_move_score(int ply) { return no_move_wins<R> ? win_score - ply : -win_score + ply; }

    Score search(const Position& pos, Score alpha, Score beta, int depth, int ply, bool pv_node);

    // What search() knows of a node once its moves are counted.
    struct Node {
        const Position& pos;
        const MoveList& moves;  // complete once `listed`
        int move_count;
        bool listed;  // a quiet node lists its moves only once it needs them
        int depth;
        int ply;
        bool pv_node;
        bool hit;  // the table had an entry
        const TableEntry& entry;
        bool quiet;       // no capture: the static evaluation stands for the node
        int static_eval;  // none in a capture position
        bool improving;   // the side's evaluation rose since its previous move
        Score guess;      // the value pruning goes by: the evaluation or the table's bound
    };
    Node read_node(const Position& pos, const MoveList& moves, int move_count, bool listed, int depth, int ply,
                   bool pv_node, bool hit, const TableEntry& entry);
    void list_moves(Node& node) {
        if (node.listed) return;
        generate_moves<R>(node.pos, lists_[node.ply]);
        node.listed = true;
    }
    // Reverse futility, razoring and ProbCut: the node's value when one of them cuts it off.
    std::optional<Score> prune(Node& node, Score alpha, Score beta);
    // The table move when it is singular (every other move far below it at half depth), else -1.
    int singular_move(const Node& node);
    // Principal variation search over the moves, with reductions and extensions; stores the
    // result in the table.
    Score search_moves(const Node& node, Score alpha, Score beta, int singular_index);
    // A quiet move cut the node off: it gains in the move ordering, the quiet moves tried
    // before it lose as much.
    void learn_from_cutoff(const Node& node, const Move& move, const int* tried_quiet, int tried_quiets);

    // Captures are compulsory, so a position with a capture is never quiet: the side to move
    // has no choice but to take, and the score is the best capture's. Without one, the
    // position is a quiet leaf.
    Score quiesce(const Position& pos, Score alpha, Score beta, int ply);
    // A quiet leaf: the static evaluation, unless (men only on the board) a move that offers
    // an even exchange, one man for one with a recapture after every way to take, does better.
    Score quiet_leaf(const Position& pos, Score alpha, Score beta, int ply);
    // One move of the quiescence search, into `child`: raises `best` and `alpha` by its score;
    // true when the node is done (a cut-off, or a stop: then `best` is 0).
    bool quiesce_move(const Position& child, const Move& m, int ply, Score& alpha, Score beta, Score& best);
    // Whether the side to move in `pos` must take exactly one man, and every way to take it
    // leaves the other side a capture back.
    bool must_allow_recapture(const Position& pos, int ply);

    void reward(Color us, int ply, const Move& m, int depth);
    const Move& counter_move(Color us, int ply) const {
        const Move& previous = frames_[ply].previous;
        return counters_[index(us)][previous.from][previous.to];
    }

    // The search in progress.
    void begin(SearchContext& context);

    const Variant variant_;
    SearchContext* context_ = nullptr;
    TranspositionTable* table_ = nullptr;
    const eval::Weights* weights_ = nullptr;  // the learned evaluation's, or null for the hand-written one
    EvalCache eval_cache_;                    // emptied at each search's start: the weights may change
    const egdb::Database* databases_ = nullptr;
    int database_pieces_ = 0;  // every slice up to this many pieces is there
    std::uint64_t database_hits_ = 0;
    const int id_;
    const bool main_;
    std::uint64_t nodes_ = 0;
    int selective_depth_ = 0;

    std::vector<std::uint64_t> path_;  // game history, then the search path by ply
    int base_ = 0;                     // index of the root in path_
    std::array<Frame, max_ply + 2> frames_{};
    HistoryTable history_[2]{};
    CounterTable counters_[2]{};
    Move pv_[max_ply + 1][max_ply + 1]{};
    // One move list per ply, built once: a MoveList is large and zeroed when constructed.
    std::array<MoveList, max_ply + 2> lists_;
    int pv_length_[max_ply + 2]{};

    // The root's moves, only those the databases kept when root_filtered_.
    MoveList root_list_;
    bool root_filtered_ = false;
    // What the root node searches: root_list_ for the first line, fewer for the lines after
    // it; when root_restricted_, root_search_ replaces the generated moves.
    MoveList root_all_;  // every legal root move
    MoveList root_search_;
    bool root_restricted_ = false;
    int lines_wanted_ = 1;     // multi-PV: lines per iteration (main thread only)
    int line_index_ = 0;       // the line being searched; past the first, the root is not stored
    int line_first_ = -1;      // that line's move of the last iteration, in root_search_, or -1
    std::vector<Line> lines_;  // the latest iteration's lines, when lines_wanted_ > 1
    std::vector<Move> root_pv_;
    Score root_score_ = 0;
    IterationResult result_;
};

}  // namespace kroon::search
