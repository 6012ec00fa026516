#include "engine/movegen/movegen.hpp"

#include "engine/movegen/generator.hpp"
#include "engine/rules/variant.hpp"  // KROON_VARIANTS

namespace kroon {

template <RuleSet R>
void generate_moves(const Position& pos, MoveList& list) {
    list.clear();
    if (pos.side_to_move() == Color::White)
        Generator<R, Color::White, false>(pos, list).generate();
    else
        Generator<R, Color::Black, false>(pos, list).generate();
}

template <RuleSet R>
void generate_man_steps(const Position& pos, MoveList& list, const StepFilter& filter) {
    list.clear();
    if (pos.side_to_move() == Color::White)
        Generator<R, Color::White, false>(pos, list).generate_man_steps(filter);
    else
        Generator<R, Color::Black, false>(pos, list).generate_man_steps(filter);
}

template <RuleSet R>
int count_moves(const Position& pos) {
    MoveList list;
    if (pos.side_to_move() == Color::White) return Generator<R, Color::White, false>(pos, list).count();
    return Generator<R, Color::Black, false>(pos, list).count();
}

template <RuleSet R>
bool has_capture(const Position& pos, Color side) {
    MoveList unused;
    if (side == Color::White) return Generator<R, Color::White, false>(pos, unused).has_capture();
    return Generator<R, Color::Black, false>(pos, unused).has_capture();
}

template <RuleSet R>
int count_moves_unless_capture(const Position& pos) {
    MoveList unused;
    if (pos.side_to_move() == Color::White)
        return Generator<R, Color::White, false>(pos, unused).count_unless_capture();
    return Generator<R, Color::Black, false>(pos, unused).count_unless_capture();
}

template <RuleSet R>
int single_captures_allow_recapture(const Position& pos) {
    MoveList unused;
    if (pos.side_to_move() == Color::White)
        return Generator<R, Color::White, false>(pos, unused).single_captures_allow_recapture();
    return Generator<R, Color::Black, false>(pos, unused).single_captures_allow_recapture();
}

template <RuleSet R>
std::vector<CapturePath> capture_paths(const Position& pos) {
    MoveList unused;
    std::vector<CapturePath> paths;
    if (pos.side_to_move() == Color::White) {
        Generator<R, Color::White, true> gen(pos, unused);
        gen.collect_paths(paths);
    } else {
        Generator<R, Color::Black, true> gen(pos, unused);
        gen.collect_paths(paths);
    }
    return paths;
}

#define KROON_INSTANTIATE_MOVEGEN(R)                                                    \
    template void generate_moves<R>(const Position&, MoveList&);                        \
    template void generate_man_steps<R>(const Position&, MoveList&, const StepFilter&); \
    template int count_moves<R>(const Position&);                                       \
    template bool has_capture<R>(const Position&, Color);                               \
    template int count_moves_unless_capture<R>(const Position&);                        \
    template int single_captures_allow_recapture<R>(const Position&);                   \
    template std::vector<CapturePath> capture_paths<R>(const Position&);

#define KROON_MOVEGEN_FOR(name, rules) KROON_INSTANTIATE_MOVEGEN(rules)
KROON_VARIANTS(KROON_MOVEGEN_FOR)

}  // namespace kroon
