// Runs one search: the main worker on the calling thread, helpers (lazy SMP) on their own
// threads sharing the transposition table, and the outcome from the main worker.
#include <thread>

#include "engine/movegen/movegen.hpp"
#include "search/search_context.hpp"
#include "search/worker.hpp"

namespace kroon::search {

RootState make_root(Variant variant, const Position& start, const std::vector<Move>& moves) {
    return with_rules(variant, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        RootState root;
        root.variant = variant;
        root.position = start;
        root.counters = DrawRules<R>::at_start(start);
        MoveList legal;
        for (const Move& m : moves) {
            generate_moves<R>(root.position, legal);
            if (!legal.contains(m)) break;
            const Position next = root.position.after<R>(m);
            root.counters = DrawRules<R>::next(root.counters, root.position, m, next);
            root.history.push_back(root.position.hash());
            root.position = next;
        }
        return root;
    });
}

namespace {

template <RuleSet R>
Outcome search_with(SearchContext& context, const Listener& listener) {
    Outcome outcome;
    MoveList legal;
    generate_moves<R>(context.root.position, legal);
    if (legal.empty()) {
        outcome.score = -win_score;
        return outcome;
    }

    std::vector<std::unique_ptr<Worker<R>>> workers;
    for (int id = 0; id < context.threads; ++id)
        workers.push_back(std::make_unique<Worker<R>>(context, id));
    std::vector<std::thread> helpers;
    const Listener silent;
    for (int id = 1; id < context.threads; ++id)
        helpers.emplace_back([&, id] { workers[id]->run(silent); });
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
    return with_rules(context.root.variant, [&](auto tag) {
        return search_with<typename decltype(tag)::Rules>(context, listener);
    });
}

}  // namespace kroon::search
