#include "search/worker.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include "egdb/game_probe.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/referee/referee.hpp"
#include "eval/evaluator.hpp"
#include "eval/learned.hpp"

namespace kroon::search {
namespace {

// Late moves in a well-ordered list rarely matter: the later the move and the deeper the
// search, the shallower it is first looked at (a re-search at full depth follows a surprise).
// Men's moves are reduced by log(depth) x log(move) / 1.4: that reaches depth 18 from the
// start with a quarter of the nodes of / 2 and played as well in self-play. Kings' moves keep
// / 2: a king's winning move is often a long one that the history has not seen, and the
// deeper reduction hid wins in king endings (docs/search.md).
struct ReductionTable {
    std::array<std::array<std::array<std::int8_t, 64>, 64>, 2> r{};
    ReductionTable() {
        for (int king = 0; king < 2; ++king)
            for (int d = 1; d < 64; ++d)
                for (int i = 1; i < 64; ++i)
                    r[king][d][i] = static_cast<std::int8_t>(0.5 + std::log(d) * std::log(i) / (king ? 2.0 : 1.4));
    }
};
const ReductionTable reductions;

constexpr Score probcut_margin = 80;  // hundredths of a man above beta
// A quiet leaf further below alpha than this tries no exchange: one that leaves the material
// even rarely gains more. With the margin, 2.2 times the nodes to depth 18 from the start;
// without, 4.9 times for about the same strength (docs/search.md).
constexpr Score exchange_margin = 60;
constexpr Score razoring_margin = 200;  // hundredths of a man per ply below alpha
constexpr int futility_depth = 3;
constexpr Score futility_margin = 100;   // hundredths of a man per ply
constexpr int history_limit = 1 << 14;   // history values stay within +-this
constexpr int history_bonus_cap = 1600;  // depth 40: keeps a step well below the limit

// Bounded ("gravity") update by a gain or a loss: a value near the bound moves little, so no
// entry outgrows the others and new lessons overwrite old ones.
void update_history(int& h, int change) { h += change - h * std::abs(change) / history_limit; }

int history_change(int depth) { return std::min(depth * depth, history_bonus_cap); }

int late_move_reduction(bool king, int depth, int index) {
    return reductions.r[king][std::min(depth, 63)][std::min(index, 63)];
}

}  // namespace

template <RuleSet R>
Score Worker<R>::evaluate(const Position& pos) {
    Score score;
    if (eval_cache_.find(pos.hash(), score)) return score;
    score = weights_ ? eval::evaluate_learned<R>(*weights_, pos) : eval::evaluate<R>(pos);
    eval_cache_.store(pos.hash(), score);
    return score;
}

template <RuleSet R>
bool Worker<R>::probe_databases_in_range(const Position& pos, int ply, Score& score) {
    const egdb::Value value = egdb::probe_in_game<R>(*databases_, pos, frames_[ply].counters);
    if (value == egdb::Value::Unknown) return false;
    ++database_hits_;
    if (value == egdb::Value::Draw) {
        score = draw_score;
        return true;
    }
    const Color winner = value == egdb::Value::Win ? pos.side_to_move() : ~pos.side_to_move();
    const Score won = database_win_score - 8 * popcount(pos.pieces(~winner)) - 4 * popcount(pos.men(winner)) - ply;
    score = value == egdb::Value::Win ? won : -won;
    return true;
}

template <RuleSet R>
void Worker<R>::begin(SearchContext& context) {
    context_ = &context;
    table_ = context.table;
    weights_ = context.weights.get();
    eval_cache_.clear();
    databases_ = context.databases.get();
    database_pieces_ = databases_ ? databases_->complete_pieces() : 0;
    database_hits_ = 0;
    nodes_ = 0;
    selective_depth_ = 0;
    const auto& root = context.root;
    path_ = root.history;
    base_ = static_cast<int>(path_.size());
    path_.resize(path_.size() + max_ply + 2);
    path_[base_] = root.position.hash();
    frames_ = {};
    frames_[0].counters = root.counters;
    result_ = {};
    root_pv_.clear();
    root_score_ = 0;
    lines_.clear();
    line_index_ = 0;
    line_first_ = -1;
    // History carries over from the last search, halved: the old position's lessons fade.
    for (auto& side : history_)
        for (auto& from : side)
            for (int& v : from) v /= 2;
}

template <RuleSet R>
void Worker<R>::new_game() {
    history_[0] = {};
    history_[1] = {};
    counters_[0] = {};
    counters_[1] = {};
}

template <RuleSet R>
Outcome Worker<R>::outcome(SearchContext& context) {
    Outcome outcome;
    outcome.nodes = context.total_nodes();
    outcome.database_hits = context.total_database_hits();
    outcome.seconds = context.elapsed();
    if (result_.pv.empty()) {
        // No legal move: lost, or won in antidraughts (the side that cannot move wins).
        outcome.score = no_move_wins<R> ? win_score : -win_score;
        return outcome;
    }
    outcome.best = result_.pv.front();
    if (result_.pv.size() > 1) {
        outcome.ponder = result_.pv[1];
    } else {
        // The reply may still be in the table from an earlier iteration.
        const Position next = context.root.position.after<R>(*outcome.best);
        TableEntry entry;
        MoveList replies;
        generate_moves<R>(next, replies);
        if (context.table->probe(next.hash(), entry) && entry.move >= 0 && entry.move < replies.size())
            outcome.ponder = replies[entry.move];
    }
    outcome.score = result_.score;
    outcome.depth = result_.depth;
    return outcome;
}

template <RuleSet R>
void Worker<R>::run(SearchContext& context, const Listener& listener) {
    begin(context);
    const Position& root = context_->root.position;
    MoveList& root_moves = root_list_;
    generate_moves<R>(root, root_moves);
    if (root_moves.empty()) return;
    root_all_ = root_moves;
    // Only the moves the databases kept; they came from this generator's list, so none is
    // dropped here, and should none match, every move stays.
    root_filtered_ = !context_->root_moves.empty();
    if (root_filtered_) {
        const MoveList all = root_moves;
        root_moves.clear();
        for (const Move& m : all)
            if (std::find(context_->root_moves.begin(), context_->root_moves.end(), m) != context_->root_moves.end())
                root_moves.push(m);
        if (root_moves.empty()) {
            root_moves = all;
            root_filtered_ = false;
        }
    }
    root_search_ = root_moves;
    root_restricted_ = root_filtered_;
    // The helpers search for the best move alone: they fill the table for the main thread.
    lines_wanted_ = main_ ? std::clamp(context_->limits.multi_pv, 1, root_all_.size()) : 1;
    // Something to play even if the first iteration is cut short.
    result_.pv = {root_moves[0]};
    result_.score = 0;

    const int max_depth = context_->limits.depth > 0 ? std::min(context_->limits.depth, max_ply - 8) : max_ply - 8;
    Score previous = 0;
    for (int depth = main_ ? 1 : 1 + (id_ & 1); depth <= max_depth; ++depth) {
        root_pv_.clear();
        selective_depth_ = 0;
        Score score = aspiration(root, depth, previous);
        if (stopped()) {
            // A move that beat the previous best in an unfinished iteration is still good, and
            // in the first iteration anything searched beats the unsorted first move.
            if (!root_pv_.empty() && (depth == 1 || root_score_ > result_.score - 50)) {
                const bool new_move = !(root_pv_.front() == result_.pv.front());
                result_.pv = root_pv_;
                result_.score = root_score_;
                if (lines_wanted_ > 1) lines_ = {{root_score_, root_pv_}};
                // Report it, so the last line the GUI saw starts with the move played.
                if (main_ && new_move) report(listener, depth, root_score_);
            }
            break;
        }
        // An unstable root (new best move, falling score) deserves more of the time.
        double stability = 1.0;
        if (depth > 1 && !root_pv_.empty() && !(root_pv_.front() == result_.pv.front())) stability *= 1.6;
        if (depth > 1 && score < previous - 25) stability *= 1.3;
        previous = score;
        result_ = {depth, score, root_pv_.empty() ? result_.pv : root_pv_};
        const bool complete = lines_wanted_ == 1 || search_more_lines(root, depth);
        if (!main_) continue;
        report(listener, depth, result_.score);
        if (!complete || should_stop_after_iteration(depth, score, root_moves.size(), stability)) break;
    }
    publish_nodes();
}

template <RuleSet R>
bool Worker<R>::search_more_lines(const Position& root, int depth) {
    const std::vector<Line>& earlier = lines_;  // replaced only once the lines are found
    std::vector<Line> found{{result_.score, result_.pv}};
    bool complete = true;
    while (static_cast<int>(found.size()) < lines_wanted_) {
        exclude_from_root(found);
        // The line of the last iteration that leads with a move still open orders the root
        // and centres the aspiration window.
        line_index_ = static_cast<int>(found.size());
        line_first_ = -1;
        const Line* guide = nullptr;
        for (const Line& line : earlier) {
            for (int i = 0; i < root_search_.size() && !guide; ++i)
                if (root_search_[i] == line.pv.front()) {
                    guide = &line;
                    line_first_ = i;
                }
            if (guide) break;
        }
        root_pv_.clear();
        const Score score = guide ? aspiration(root, depth, guide->score)
                                  : search(root, -infinite_score, infinite_score, depth, 0, true);
        if (stopped()) {
            complete = false;
            break;
        }
        found.push_back({score, root_pv_.empty() ? std::vector<Move>{root_search_[0]} : root_pv_});
    }
    // Back to the first line's root for the next iteration.
    line_index_ = 0;
    line_first_ = -1;
    root_search_ = root_list_;
    root_restricted_ = root_filtered_;

    // Best first; the databases' kept moves stay ahead of the others.
    const auto group = [&](const Line& line) { return root_filtered_ && !root_list_.contains(line.pv.front()); };
    std::stable_sort(found.begin(), found.end(),
                     [&](const Line& a, const Line& b) { return group(a) != group(b) ? group(b) : a.score > b.score; });
    result_.score = found.front().score;
    result_.pv = found.front().pv;
    lines_ = std::move(found);
    return complete;
}

template <RuleSet R>
void Worker<R>::exclude_from_root(const std::vector<Line>& found) {
    const auto is_found = [&](const Move& m) {
        return std::any_of(found.begin(), found.end(), [&](const Line& line) { return line.pv.front() == m; });
    };
    root_search_.clear();
    for (const MoveList* from : {&root_list_, &root_all_}) {
        for (const Move& m : *from)
            if (!is_found(m)) root_search_.push(m);
        if (!root_search_.empty()) break;
    }
    root_restricted_ = true;
}

template <RuleSet R>
void Worker<R>::report(const Listener& listener, int depth, Score score) {
    publish_nodes();
    if (!listener.on_iteration) return;
    std::vector<Line> lines = lines_wanted_ > 1 ? lines_ : std::vector<Line>{{score, result_.pv}};
    listener.on_iteration(Iteration{depth, selective_depth_, score, context_->total_nodes(), context_->elapsed(),
                                    result_.pv, table_->hashfull(), context_->total_database_hits(), false,
                                    std::move(lines)});
}

template <RuleSet R>
Score Worker<R>::aspiration(const Position& root, int depth, Score previous) {
    if (depth < 4 || is_decisive(previous)) return search(root, -infinite_score, infinite_score, depth, 0, true);
    // Narrow: at 50,000 nodes a move, 12 beat 20 and 20 beat 30 (docs/search.md).
    Score delta = 12;
    Score alpha = previous - delta, beta = previous + delta;
    for (;;) {
        const Score score = search(root, alpha, beta, depth, 0, true);
        if (stopped()) return score;
        if (score <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = std::max(score - delta, -infinite_score);
        } else if (score >= beta) {
            beta = std::min(score + delta, infinite_score);
        } else {
            return score;
        }
        delta += delta;
        if (delta > 400) {
            alpha = -infinite_score;
            beta = infinite_score;
        }
    }
}

template <RuleSet R>
bool Worker<R>::should_stop_after_iteration(int depth, Score score, int legal_moves, double stability) {
    const Limits& limits = context_->limits;
    if (limits.depth > 0 && depth >= limits.depth) return true;
    // A won or lost game found to the end needs no deeper search.
    if (is_decisive(score) && depth >= 2 * (win_score - std::abs(score)) + 4 && !limits.infinite) return true;
    if (!context_->timed()) return false;
    if (legal_moves == 1 && !limits.analysis) return true;
    // A fixed time per move is there to be used: search on until the deadline; an unfinished
    // iteration still improves the move when it finds a better one.
    if (limits.move_time > 0 && limits.time_left < 0) return false;
    // The next iteration would most likely not finish before the soft deadline.
    return context_->elapsed() > 0.55 * context_->plan.soft * stability;
}

template <RuleSet R>
void Worker<R>::poll() {
    publish_nodes();
    if (!main_) return;
    const Limits& limits = context_->limits;
    if (limits.nodes > 0 && context_->total_nodes() >= limits.nodes) context_->stop = true;
    if (context_->stop_requested && context_->stop_requested()) context_->stop = true;
    if (context_->timed()) {
        const double t = context_->elapsed();
        if (t >= context_->plan.hard) context_->stop = true;
        // Pondered past the target already: play at once after the ponder hit.
        if (context_->ponder_was_hit.load(std::memory_order_relaxed) && t >= context_->plan.soft) context_->stop = true;
    }
}

template <RuleSet R>
bool Worker<R>::ended_by_counted_rule(const Position& pos, int ply, Score& score) {
    const DrawCounters& c = frames_[ply].counters;
    // A position seen before (since the last man move or capture) can be forced again: the
    // search takes the first repetition as a draw, in every variant.
    if (c.reversible_plies >= 4) {
        const int at = base_ + ply;
        const int reach = std::min<int>(c.reversible_plies, at);
        for (int back = 4; back <= reach; back += 2)
            if (path_[at - back] == pos.hash()) {
                score = repetition_score(pos);
                return true;
            }
    }
    // The referee's draw rules (engine/referee/referee.hpp); repetition is counted above. Each
    // of them needs an ending class, the long-diagonal fortress, or moves without a capture or
    // a man move (at least one each), as ended_by_rule checked before the call.
    const Verdict verdict = rule_verdict<R>(pos, c, 1, context_->root.rule_options);
    if (!verdict.over()) return false;
    score = result_score(verdict.result, pos.side_to_move(), ply);
    return true;
}

template <RuleSet R>
Score Worker<R>::repetition_score(const Position& pos) const {
    return result_score(repetition_result<R>(pos, context_->root.rule_options), pos.side_to_move(), 0);
}

template <RuleSet R>
Score Worker<R>::result_score(GameResult result, Color us, int ply) {
    Score score = draw_score;
    const bool white = us == Color::White;
    switch (result) {
        case GameResult::WhitePointsVictory: score = white ? points_victory_score : -points_victory_score; break;
        case GameResult::BlackPointsVictory: score = white ? -points_victory_score : points_victory_score; break;
        case GameResult::WhiteWins: score = white ? win_score - ply : -win_score + ply; break;
        case GameResult::BlackWins: score = white ? -win_score + ply : win_score - ply; break;
        default: break;
    }
    return score;
}

template <RuleSet R>
Score Worker<R>::search(const Position& pos, Score alpha, Score beta, int depth, int ply, bool pv_node) {
    if (depth <= 0) return quiesce(pos, alpha, beta, ply);
    const bool root = ply == 0;
    count_node(ply);
    pv_length_[ply] = ply;
    if (stopped()) return 0;
    if (!root) {
        if (Score s; ended_by_rule(pos, ply, s)) return s;
        if (ply >= max_ply - 1) return evaluate(pos);
        // No result can beat a win found nearer the root.
        alpha = std::max(alpha, -win_score + ply);
        beta = std::min(beta, win_score - ply - 1);
        if (alpha >= beta) return alpha;
    }

    // The moves are looked at before the table is read: the bucket, prefetched when the parent
    // made the move, arrives from memory meanwhile (docs/search.md, Depth and speed). A quiet
    // node only counts them: half the nodes end on the table or the pruning, before a list.
    MoveList& moves = lists_[ply];
    bool listed = root || within_databases(pos);
    int move_count = listed ? -1 : count_moves_unless_capture<R>(pos);
    if (move_count < 0) {
        generate_moves<R>(pos, moves);
        move_count = moves.size();
        listed = true;
    }

    TableEntry entry;
    const bool hit = table_->probe(pos.hash(), entry);
    if (hit && !pv_node && entry.depth >= depth) {
        const Score s = from_table(entry.score, ply);
        if (entry.bound == Bound::Exact || (entry.bound == Bound::Lower && s >= beta) ||
            (entry.bound == Bound::Upper && s <= alpha))
            return s;
    }

    if (move_count == 0) return no_move_score(ply);
    if (root && root_restricted_) {
        moves = root_search_;
        move_count = moves.size();
    }
    if (Score s; !root && listed && probe_databases(pos, moves, ply, s)) return s;

    // The grandchildren's killers start empty, so the ones they try were found under this
    // node, not in another corner of the tree that last reached that ply.
    frames_[ply + 2].killers = {};
    Node node = read_node(pos, moves, move_count, listed, depth, ply, pv_node, hit, entry);
    if (const auto cut = prune(node, alpha, beta)) return *cut;
    list_moves(node);
    const int singular_index = singular_move(node);
    if (stopped()) return 0;
    return search_moves(node, alpha, beta, singular_index);
}

// The steps marked always_inline run once a node and are called from one place, search() or
// quiesce(): GCC left them out of line, and the call cost more instructions than inlining
// them adds (docs/search.md, What each technique is worth).
template <RuleSet R>
[[gnu::always_inline]] inline typename Worker<R>::Node Worker<R>::read_node(const Position& pos, const MoveList& moves,
                                                                            int move_count, bool listed, int depth,
                                                                            int ply, bool pv_node, bool hit,
                                                                            const TableEntry& entry) {
    // The static evaluation of a quiet node, from the table when an earlier visit computed it.
    // A side whose evaluation has not risen since its previous move (two plies up) is not
    // improving: its late moves are reduced one ply more (docs/search.md). A capture
    // position has no static evaluation and counts as improving.
    // Capturing is compulsory: all moves or none are captures, and a capture node is listed.
    const bool quiet = !listed || !moves[0].is_capture();
    int static_eval = TableEntry::no_eval;
    if (quiet) static_eval = hit && entry.eval != TableEntry::no_eval ? entry.eval : evaluate(pos);
    frames_[ply].static_eval = static_eval;
    const int earlier_eval = ply >= 2 ? frames_[ply - 2].static_eval : TableEntry::no_eval;
    const bool improving =
        static_eval == TableEntry::no_eval || earlier_eval == TableEntry::no_eval || static_eval > earlier_eval;

    // The guess at the node's value that reverse futility, razoring and ProbCut go by: the
    // static evaluation, or the table's score where its bound says the value lies beyond it.
    Score guess = static_eval;
    if (hit && quiet && !is_decisive(entry.score)) {
        const Score t = from_table(entry.score, ply);
        if ((entry.bound == Bound::Lower && t > guess) || (entry.bound == Bound::Upper && t < guess) ||
            entry.bound == Bound::Exact)
            guess = t;
    }
    return Node{pos, moves, move_count, listed, depth, ply, pv_node, hit, entry, quiet, static_eval, improving, guess};
}

template <RuleSet R>
[[gnu::always_inline]] inline std::optional<Score> Worker<R>::prune(Node& n, Score alpha, Score beta) {
    const bool root = n.ply == 0;
    if (n.pv_node || root) return std::nullopt;
    const Position& pos = n.pos;
    const int depth = n.depth;
    const int ply = n.ply;
    const TableEntry& entry = n.entry;

    // Far above beta with a quiet position near the leaves: the side to move would have to
    // blunder to fall below it, so the node is not searched (reverse futility).
    if (depth <= futility_depth && n.quiet && !is_decisive(beta)) {
        const Score margin = futility_margin * depth;
        if (n.guess - margin >= beta) {
            if (!n.hit) table_->store(pos.hash(), 0, n.static_eval, 0, Bound::None, -1);
            return n.guess - margin;
        }
    }

    // Razoring: a quiet node far below alpha near the leaves fails low on the quiescence
    // search alone: one quiet move would have to win two men a ply to reach alpha.
    if (depth <= 3 && n.quiet && !is_decisive(alpha)) {
        if (n.guess + razoring_margin * depth <= alpha) {
            const Score s = quiesce(pos, alpha, alpha + 1, ply);
            if (s <= alpha) return s;
        }
    }

    // ProbCut: when a shallower search of the likeliest moves already clears beta by a margin,
    // the full-depth search would almost surely clear beta too. Tried only where the guess
    // is at beta already (or the side to move must capture): below it the probes rarely
    // succeed and their nodes are lost.
    const MoveList& moves = n.moves;
    if (depth >= 5 && !is_decisive(beta) && n.move_count > 1 && (!n.quiet || n.guess >= beta) &&
        !(n.hit && entry.depth >= depth - 3 && from_table(entry.score, ply) < beta + probcut_margin &&
          entry.bound != Bound::Lower)) {
        list_moves(n);
        const Score probe_beta = beta + probcut_margin;
        const int probe_depth = depth - 4;
        MoveOrder probe_order(moves, n.hit ? entry.move : -1, frames_[ply].killers,
                              history_[index(pos.side_to_move())]);
        for (int i = 0; i < std::min(3, moves.size()); ++i) {
            const Move& m = moves[probe_order.next()];
            const Position child = pos.after<R>(m);
            enter(m, child, ply, probe_depth);
            const Score s = -search(child, -probe_beta, -probe_beta + 1, probe_depth, ply + 1, false);
            if (stopped()) return 0;
            if (s >= probe_beta) return s;
        }
    }
    return std::nullopt;
}

template <RuleSet R>
[[gnu::always_inline]] inline int Worker<R>::singular_move(const Node& n) {
    // Singular extension: a table move far better than every alternative at half depth is
    // the only move, and is searched one ply deeper, as a forced reply is.
    const TableEntry& entry = n.entry;
    const MoveList& moves = n.moves;
    const int depth = n.depth;
    if (n.ply == 0 || depth < 6 || !n.hit || entry.move < 0 || entry.move >= moves.size() ||
        entry.bound == Bound::Upper || entry.depth < depth - 3 || is_decisive(entry.score))
        return -1;
    const Position& pos = n.pos;
    const Score singular_beta = from_table(entry.score, n.ply) - 4 * depth;
    const int test_depth = depth / 2 - 1;
    for (int i = 0; i < moves.size(); ++i) {
        if (i == entry.move) continue;
        const Position child = pos.after<R>(moves[i]);
        enter(moves[i], child, n.ply, test_depth);
        if (-search(child, -singular_beta, -singular_beta + 1, test_depth, n.ply + 1, false) >= singular_beta)
            return -1;
        if (stopped()) return -1;
    }
    return entry.move;
}

template <RuleSet R>
Score Worker<R>::search_moves(const Node& n, Score alpha, Score beta, int singular_index) {
    const Position& pos = n.pos;
    const MoveList& moves = n.moves;
    const int depth = n.depth;
    const int ply = n.ply;
    const bool pv_node = n.pv_node;
    const bool root = ply == 0;
    const Color us = pos.side_to_move();
    // Past a multi-PV iteration's first line the root's list is shorter than the table's:
    // its move comes from the last iteration's lines instead.
    const bool later_line = root && line_index_ > 0;
    const int table_move = later_line ? line_first_ : n.hit ? n.entry.move : -1;
    MoveOrder order(moves, table_move, frames_[ply].killers, history_[index(us)], counter_move(us, ply));
    // Every child's bucket starts loading now: their misses (and address translations) overlap
    // instead of each child's search stalling on its own (docs/search.md, Depth and speed).
    if (depth >= 2)
        for (const Move& m : moves) table_->prefetch(pos.hash_after<R>(m));
    const bool forced = moves.size() == 1;
    const Score old_alpha = alpha;
    Score best = -infinite_score;
    int best_index = -1;
    std::array<int, 64> tried_quiet;  // quiet moves searched without a cut-off
    int tried_quiets = 0;
    for (int i = 0; i < moves.size(); ++i) {
        const int idx = order.next();
        const Move& m = moves[idx];
        const Position child = pos.after<R>(m);
        // A forced move costs no depth: forced lines are where draughts tactics live.
        const int new_depth = depth - 1 + ((forced && !root) || idx == singular_index ? 1 : 0);
        enter(m, child, ply, new_depth);  // a reduction stops at depth 1
        Score s;
        if (i == 0) {
            s = -search(child, -beta, -alpha, new_depth, ply + 1, pv_node);
        } else {
            int reduction = 0;
            // A move that gives the opponent a capture (an exchange or a sacrifice, where
            // shots begin) is not reduced: +36 Elo at a fixed node count (docs/search.md).
            if (depth >= 3 && i >= 2 && !m.is_capture() && !m.promotes && !order.is_killer(m) &&
                !has_capture<R>(child)) {
                reduction = late_move_reduction((pos.kings() >> m.from) & 1, depth, i) - (pv_node ? 1 : 0) +
                            (n.improving ? 0 : 1);
                reduction = std::clamp(reduction, 0, new_depth - 1);
            }
            s = -search(child, -alpha - 1, -alpha, new_depth - reduction, ply + 1, false);
            if (s > alpha && reduction > 0) s = -search(child, -alpha - 1, -alpha, new_depth, ply + 1, false);
            if (s > alpha && s < beta && pv_node) s = -search(child, -beta, -alpha, new_depth, ply + 1, true);
        }
        if (stopped()) return 0;
        if (s > best) {
            best = s;
            best_index = idx;
        }
        if (s > alpha) {
            alpha = s;
            update_pv(ply, m);
            if (root) {
                root_pv_.assign(&pv_[0][0], &pv_[0][0] + pv_length_[0]);
                root_score_ = s;
            }
            if (s >= beta) {
                if (n.quiet) learn_from_cutoff(n, m, tried_quiet.data(), tried_quiets);
                break;
            }
        }
        if (n.quiet && tried_quiets < static_cast<int>(tried_quiet.size())) tried_quiet[tried_quiets++] = idx;
    }

    // A later line's root value leaves out the better moves: it is not the position's.
    if (later_line) return best;
    const Bound bound = best >= beta ? Bound::Lower : best > old_alpha ? Bound::Exact : Bound::Upper;
    table_->store(pos.hash(), to_table(best, ply), n.static_eval, depth, bound, best_index);
    return best;
}

template <RuleSet R>
void Worker<R>::learn_from_cutoff(const Node& n, const Move& m, const int* tried_quiet, int tried_quiets) {
    const Color us = n.pos.side_to_move();
    reward(us, n.ply, m, n.depth);
    // The quiet moves tried before it did not refute: they lose what it gains.
    for (int k = 0; k < tried_quiets; ++k) {
        const Move& tried = n.moves[tried_quiet[k]];
        update_history(history_[index(us)][tried.from][tried.to], -history_change(n.depth));
    }
}

template <RuleSet R>
Score Worker<R>::quiesce(const Position& pos, Score alpha, Score beta, int ply) {
    count_node(ply);
    pv_length_[ply] = ply;
    if (stopped()) return 0;
    if (Score s; ply > 0 && ended_by_rule(pos, ply, s)) return s;
    if (ply >= max_ply - 1) return evaluate(pos);

    // Most leaves are quiet: they are told apart, and their moves counted, without listing
    // the moves. Within the databases' range the list is made, for the probe.
    if (!within_databases(pos)) {
        const int quiet_moves = count_moves_unless_capture<R>(pos);
        if (quiet_moves == 0) return no_move_score(ply);
        if (quiet_moves > 0) return quiet_leaf(pos, alpha, beta, ply);
    }
    MoveList& moves = lists_[ply];
    generate_moves<R>(pos, moves);
    if (moves.empty()) return no_move_score(ply);
    if (Score s; ply > 0 && probe_databases(pos, moves, ply, s)) return s;
    if (!moves[0].is_capture()) return evaluate(pos);

    Score best = -infinite_score;
    for (const Move& m : moves)
        if (quiesce_move(pos.after<R>(m), m, ply, alpha, beta, best)) break;
    return best;
}

template <RuleSet R>
[[gnu::always_inline]] inline bool Worker<R>::quiesce_move(const Position& child, const Move& m, int ply, Score& alpha,
                                                           Score beta, Score& best) {
    enter(m, child, ply, 0);
    const Score s = -quiesce(child, -beta, -alpha, ply + 1);
    if (stopped()) {
        best = 0;
        return true;
    }
    if (s <= best) return false;
    best = s;
    if (s <= alpha) return false;
    alpha = s;
    update_pv(ply, m);
    return s >= beta;
}

namespace {

// Where a quiet man move can give the opponent a capture in a position of men only. A man
// captures by jumping an adjacent piece onto the empty square behind it, so after a step
// from f to t a capture the opponent did not have before needs the man on t jumped (an
// enemy man next to t, the square behind t empty or f), or f as the landing square behind
// one of our men. Only such steps are listed (generate_man_steps); with a capture
// threatened already, or orthogonal captures, every move is.
struct ExchangeSquares {
    bool all = false;
    StepFilter offers;  // to: t jumped from beside; from: f landed on; beyond: t jumped from ahead
};

template <RuleSet R>
ExchangeSquares exchange_squares(const Position& pos) {
    using B = typename R::Board;
    const Color us = pos.side_to_move();
    ExchangeSquares e;
    e.all = R::orthogonal_captures || has_capture<R>(pos, ~us);
    if (e.all) return e;
    const Bitboard enemy = pos.men(~us);
    const Bitboard own = pos.men(us);
    const Bitboard empty = B::all_squares & ~pos.occupied();
    const auto shift = [](Bitboard b, int k) { return (k > 0 ? b << k : b >> -k) & B::all_squares; };
    for (const int k : {B::left_up, B::right_up, -B::left_up, -B::right_up}) {
        e.offers.to |= shift(enemy, -k) & shift(empty, k);
        e.offers.from |= shift(own, -k) & shift(enemy, -2 * k);
    }
    e.offers.beyond = enemy;  // jumped straight ahead, landing on the square the man came from
    return e;
}

}  // namespace

template <RuleSet R>
[[gnu::always_inline]] inline Score Worker<R>::quiet_leaf(const Position& pos, Score alpha, Score beta, int ply) {
    const Score stand = evaluate(pos);
    if constexpr (R::losing_game || R::first_king_wins) return stand;
    if (stand >= beta || stand + exchange_margin <= alpha || pos.kings() || ply >= max_ply - 4) return stand;
    MoveList& moves = lists_[ply];
    const ExchangeSquares squares = exchange_squares<R>(pos);
    if (squares.all)
        generate_moves<R>(pos, moves);
    else
        generate_man_steps<R>(pos, moves, squares.offers);
    Score best = stand;
    alpha = std::max(alpha, stand);
    for (const Move& m : moves) {
        const Position child = pos.after<R>(m);
        if (!has_capture<R>(child) || !must_allow_recapture(child, ply + 1)) continue;
        if (quiesce_move(child, m, ply, alpha, beta, best)) break;
    }
    return best;
}

template <RuleSet R>
bool Worker<R>::must_allow_recapture(const Position& pos, int ply) {
    if (const int known = single_captures_allow_recapture<R>(pos); known >= 0) return known == 1;
    MoveList& captures = lists_[ply];
    generate_moves<R>(pos, captures);
    for (const Move& c : captures)
        if (c.capture_count() != 1 || !has_capture<R>(pos.after<R>(c))) return false;
    return true;
}

template <RuleSet R>
void Worker<R>::reward(Color us, int ply, const Move& m, int depth) {
    auto& killers = frames_[ply].killers;
    if (!(killers[0] == m)) {
        killers[1] = killers[0];
        killers[0] = m;
    }
    if (ply > 0) {
        const Move& previous = frames_[ply].previous;
        counters_[index(us)][previous.from][previous.to] = m;
    }
    update_history(history_[index(us)][m.from][m.to], history_change(depth));
}

#define KROON_WORKER_FOR(name, rules) template class Worker<rules>;
KROON_VARIANTS(KROON_WORKER_FOR)
#undef KROON_WORKER_FOR

std::unique_ptr<WorkerBase> make_worker(Variant variant, int id) {
    return with_rules(variant, [&](auto tag) -> std::unique_ptr<WorkerBase> {
        return std::make_unique<Worker<typename decltype(tag)::Rules>>(variant, id);
    });
}

}  // namespace kroon::search
