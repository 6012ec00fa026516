#include "engine/movegen/perft.hpp"

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
    for (const Move& m : list) nodes += perft_from<R, ~Us>(pos.after<R>(m), depth - 1);
    return nodes;
}

}  // namespace

template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth) {
    if (depth <= 0) return 1;
    return pos.side_to_move() == Color::White ? perft_from<R, Color::White>(pos, depth)
                                              : perft_from<R, Color::Black>(pos, depth);
}

#define KROON_PERFT_FOR(name, R) template std::uint64_t perft<R>(const Position&, int);
KROON_VARIANTS(KROON_PERFT_FOR)
#undef KROON_PERFT_FOR

std::vector<DivideEntry> Rulebook::divide(const Position& pos, int depth,
                                          const std::function<void(int, int)>& progress) const {
    MoveList list;
    generate_moves(pos, list);
    std::vector<DivideEntry> entries;
    for (const Move& m : list) {
        entries.push_back({m, depth <= 1 ? 1 : perft(after(pos, m), depth - 1)});
        if (progress) progress(static_cast<int>(entries.size()), list.size());
    }
    return entries;
}

}  // namespace kroon
