#include "engine/movegen/perft.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "engine/movegen/generator.hpp"
#include "engine/rules/rulebook.hpp"

namespace kroon {
namespace {

template <RuleSet R, Color Us>
std::uint64_t perft_from(const Position& pos, int depth) {
    MoveList list;
    Generator<R, Us, false> gen(pos, list);
    if (depth == 1) return static_cast<std::uint64_t>(gen.count());
    gen.generate();
    std::uint64_t nodes = 0;
    for (const Move& m : list) nodes += perft_from<R, ~Us>(pos.after<R, false>(m), depth - 1);
    return nodes;
}

// Kept apart from perft_from so that the plain count pays nothing for the table.
template <RuleSet R, Color Us>
std::uint64_t hashed_perft_from(const Position& pos, int depth, PerftTable& table) {
    MoveList list;
    Generator<R, Us, false> gen(pos, list);
    if (depth == 1) return static_cast<std::uint64_t>(gen.count());
    if (const auto stored = table.find(pos.hash(), depth)) return *stored;
    gen.generate();
    std::uint64_t nodes = 0;
    for (const Move& m : list) nodes += hashed_perft_from<R, ~Us>(pos.after<R>(m), depth - 1, table);
    table.store(pos.hash(), depth, nodes);
    return nodes;
}

}  // namespace

template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth, PerftTable& table) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == Color::White ? hashed_perft_from<R, Color::White>(pos, depth, table)
                                              : hashed_perft_from<R, Color::Black>(pos, depth, table);
}

template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == Color::White ? perft_from<R, Color::White>(pos, depth)
                                              : perft_from<R, Color::Black>(pos, depth);
}

#define KROON_PERFT_FOR(name, R)                           \
    template std::uint64_t perft<R>(const Position&, int); \
    template std::uint64_t perft<R>(const Position&, int, PerftTable&);
KROON_VARIANTS(KROON_PERFT_FOR)
#undef KROON_PERFT_FOR

std::vector<DivideEntry> Rulebook::divide(const Position& pos, int depth, const std::function<void(int, int)>& progress,
                                          int threads, PerftTable* table) const {
    MoveList list;
    generate_moves(pos, list);
    std::vector<DivideEntry> entries;
    for (const Move& m : list) entries.push_back({m, 0});
    const int total = static_cast<int>(entries.size());

    // Root moves are handed out one at a time rather than in fixed blocks: their subtrees differ
    // in size by an order of magnitude, so a static split would leave threads idle.
    std::atomic<int> next{0};
    std::mutex progress_mutex;
    int done = 0;
    auto count_root_moves = [&] {
        for (int i = next++; i < total; i = next++) {
            DivideEntry& entry = entries[static_cast<std::size_t>(i)];
            const Position child = after(pos, entry.move);
            entry.nodes = depth <= 1 ? 1 : table ? perft(child, depth - 1, *table) : perft(child, depth - 1);
            if (progress) {
                const std::lock_guard lock(progress_mutex);
                progress(++done, total);
            }
        }
    };
    const int helpers = std::clamp(threads, 1, std::max(total, 1)) - 1;
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(helpers));
    for (int t = 0; t < helpers; ++t) pool.emplace_back(count_root_moves);
    count_root_moves();
    for (std::thread& thread : pool) thread.join();
    return entries;
}

}  // namespace kroon
