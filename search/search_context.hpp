// What the search threads share during one search: the root with its game history, the
// limits and deadlines, the stop flags and the node counts. Owned by the Searcher.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/record/game.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/rules/variant.hpp"
#include "search/searcher.hpp"
#include "search/time_manager.hpp"
#include "search/transposition_table.hpp"

namespace kroon::search {

using Clock = std::chrono::steady_clock;

// The position to search and what led to it.
struct RootState {
    Variant variant = Variant::International;
    Position position;
    // Hashes of the game's earlier positions, oldest first (not the current one).
    std::vector<std::uint64_t> history;
    DrawCounters counters;     // the referee's draw-rule counters of the current position
    RuleOptions rule_options;  // the rule options the game is played under
};

RootState root_of(const Game& game);

struct alignas(64) NodeCounter {
    std::atomic<std::uint64_t> nodes{0};
    std::atomic<std::uint64_t> database_hits{0};
};

struct SearchContext {
    TranspositionTable* table = nullptr;
    RootState root;
    std::shared_ptr<const eval::Weights> weights;     // the learned evaluation's; null: hand-written
    std::shared_ptr<const egdb::Database> databases;  // of the root's variant, or null
    // The root moves the search may play when the databases decided them (docs/egdb.md,
    // Root moves): those that keep the value, nearest to conversion when won. Empty: all.
    std::vector<Move> root_moves;
    std::uint64_t root_probes = 0;  // database probes that chose them
    Limits limits;
    TimePlan plan;
    Clock::time_point start_time;
    int threads = 1;
    std::function<bool()> stop_requested;  // the searcher's stop poll, asked by the main worker

    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};
    std::atomic<bool> ponder_was_hit{false};
    std::unique_ptr<NodeCounter[]> counters;

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_time).count(); }
    std::uint64_t total_nodes() const {
        std::uint64_t n = 0;
        for (int i = 0; i < threads; ++i) n += counters[i].nodes.load(std::memory_order_relaxed);
        return n;
    }
    std::uint64_t total_database_hits() const {
        std::uint64_t n = root_probes;
        for (int i = 0; i < threads; ++i) n += counters[i].database_hits.load(std::memory_order_relaxed);
        return n;
    }
    // Whether the clock limits apply now: not while pondering or in an infinite search.
    bool timed() const { return !limits.infinite && !pondering.load(std::memory_order_relaxed) && plan.hard > 0; }
};

}  // namespace kroon::search
