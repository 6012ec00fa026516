// Runs one search: the main worker on the calling thread, helpers (lazy SMP) on their own
// threads sharing the transposition table, and the outcome from the main worker.
#include <thread>

#include "engine/movegen/movegen.hpp"
#include "search/search_context.hpp"
#include "search/worker.hpp"

namespace kroon::search {

RootState root_of(const Game& game) {
    RootState root;
    root.variant = game.variant();
    root.position = game.position();
    const auto& positions = game.positions();
    for (size_t i = 0; i + 1 < positions.size(); ++i) root.history.push_back(positions[i].hash());
    root.counters = game.counters();
    root.rules = game.options();
    return root;
}

namespace {

template <RuleSet R>
Outcome search_with(SearchContext& context, const Listener& listener) {
    Outcome outcome;
    MoveList legal;
    generate_moves<R>(context.root.position, legal);
    if (legal.empty()) {
        // No legal move: lost, or won in antidraughts (the side that cannot move wins).
        outcome.score = R::losing_game ? win_score : -win_score;
        return outcome;
    }

    std::vector<std::unique_ptr<Worker<R>>> workers;
    for (int id = 0; id < context.threads; ++id) workers.push_back(std::make_unique<Worker<R>>(context, id));
    std::vector<std::thread> helpers;
    const Listener silent;
    for (int id = 1; id < context.threads; ++id) helpers.emplace_back([&, id] { workers[id]->run(silent); });
    workers[0]->run(listener);
    context.stop = true;
    for (auto& t : helpers) t.join();

    const IterationResult& result = workers[0]->result();
    outcome.best = result.pv.front();
    if (result.pv.size() > 1) {
        outcome.ponder = result.pv[1];
    } else {
        // The reply may still be in the table from an earlier iteration.
        const Position next = context.root.position.after<R>(*outcome.best);
        TableEntry entry;
        MoveList replies;
        generate_moves<R>(next, replies);
        if (context.table->probe(next.hash(), entry) && entry.move >= 0 && entry.move < replies.size())
            outcome.ponder = replies[entry.move];
    }
    outcome.score = result.score;
    outcome.depth = result.depth;
    outcome.nodes = context.total_nodes();
    outcome.seconds = context.elapsed();
    return outcome;
}

}  // namespace

Outcome run_search(SearchContext& context, const Listener& listener) {
    return with_rules(context.root.variant,
                      [&](auto tag) { return search_with<typename decltype(tag)::Rules>(context, listener); });
}

}  // namespace kroon::search
