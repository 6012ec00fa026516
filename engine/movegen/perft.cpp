#include "engine/movegen/perft.hpp"

#include "engine/movegen/generator.hpp"

namespace kroon {
namespace {

template <RuleSet R, Color Us>
std::uint64_t perft_from(const Position& pos, int depth) {
    MoveList list;
    Generator<R, Us, false> gen(pos, list);
    if (depth == 1) return static_cast<std::uint64_t>(gen.count());
    gen.generate();
    std::uint64_t nodes = 0;
    for (const Move& m : list) nodes += perft_from<R, ~Us>(pos.after<R>(m), depth - 1);
    return nodes;
}

template <RuleSet R>
std::uint64_t perft_rules(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == Color::White ? perft_from<R, Color::White>(pos, depth)
                                              : perft_from<R, Color::Black>(pos, depth);
}

}  // namespace

std::uint64_t perft(Variant variant, const Position& pos, int depth) {
    return with_rules(variant, [&](auto tag) { return perft_rules<typename decltype(tag)::Rules>(pos, depth); });
}

std::vector<DivideEntry> divide(Variant variant, const Position& pos, int depth,
                                const std::function<void(int, int)>& progress) {
    MoveList list;
    generate_moves(variant, pos, list);
    std::vector<DivideEntry> entries;
    for (const Move& m : list) {
        Position next = pos;
        play_move(variant, next, m);
        entries.push_back({m, depth <= 1 ? 1 : perft(variant, next, depth - 1)});
        if (progress) progress(static_cast<int>(entries.size()), list.size());
    }
    return entries;
}

}  // namespace kroon
