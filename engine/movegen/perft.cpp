#include "engine/movegen/perft.hpp"

#include "engine/movegen/generator.hpp"
#include "engine/rules/variant.hpp"  // KROON_VARIANTS

namespace kroon {
namespace {

template <RuleSet R, Color Us>
std::uint64_t perft_from(const Position& pos, int depth) {
    MoveList list;
    Generator<R, Us, false> gen(pos, list);
    if (depth == 1) return static_cast<std::uint64_t>(gen.count());
    if (depth == 2)
        if (const std::int64_t replies = gen.count_replies_without_kings(); replies >= 0)
            return static_cast<std::uint64_t>(replies);
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

}  // namespace kroon
