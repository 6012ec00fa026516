#include "egdb/solver.hpp"

#include <atomic>
#include <stdexcept>

#include "egdb/parallel.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"

namespace kroon::egdb {
namespace {

// One byte of state per index while the slice is solved.
enum : std::uint8_t {
    value_bits = 3,        // a Value; meaningful once `settled`
    settled = 4,           // the value is final
    draw_below = 8,        // a capture or crowning reaches a draw: the position is at worst a draw
    free_choice_bit = 16,  // must capture, or not a position
};

template <RuleSet R>
class SliceSolver {
    using B = typename R::Board;

public:
    SliceSolver(const Material& material, const SolvedTables<B>& smaller)
        : indexer_(material),
          smaller_(smaller),
          state_(new std::atomic<std::uint8_t>[indexer_.size()]()),
          size_(indexer_.size()) {}

    SolvedSlice solve(int threads) {
        parallel_chunks(size_, threads, [&](std::uint64_t begin, std::uint64_t end) {
            MoveList moves;
            for (std::uint64_t i = begin; i < end; ++i) store(i, first_look(i, moves));
        });
        int passes = 1;
        // Sweeps over the unsettled positions until one changes nothing. A sweep sees the
        // values settled earlier in the same sweep, so a chain of wins settles in few sweeps.
        for (bool changed = true; changed; ++passes) {
            std::atomic<bool> any{false};
            parallel_chunks(size_, threads, [&](std::uint64_t begin, std::uint64_t end) {
                MoveList moves;
                bool local = false;
                for (std::uint64_t i = begin; i < end; ++i) {
                    const std::uint8_t s = load(i);
                    if (s & settled) continue;
                    const std::uint8_t now = look_inside(i, s, moves);
                    if (now != s) {
                        store(i, now);
                        local = true;
                    }
                }
                if (local) any = true;
            });
            changed = any;
        }
        return collect(passes);
    }

private:
    std::uint8_t load(std::uint64_t i) const { return state_[i].load(std::memory_order_relaxed); }
    void store(std::uint64_t i, std::uint8_t s) { state_[i].store(s, std::memory_order_relaxed); }
    static std::uint8_t settle(Value v, std::uint8_t flags = 0) {
        return static_cast<std::uint8_t>(static_cast<std::uint8_t>(v) | settled | flags);
    }

    // Every move of position i: captures and crownings are looked up in the smaller slices,
    // moves inside the slice in the state so far.
    std::uint8_t first_look(std::uint64_t i, MoveList& moves) {
        const auto pos = indexer_.position(i);
        if (!pos) return settle(Value::Unknown, free_choice_bit);
        generate_moves<R>(*pos, moves);
        if (moves.empty()) return settle(Value::Loss);  // KNDB art. 8a
        const std::uint8_t flags = moves[0].is_capture() ? free_choice_bit : 0;
        bool draw = false, open = false;
        for (const Move& m : moves) {
            const Position child = pos->template after<R>(m);
            Value v;
            if (m.captured || m.promotes) {
                v = smaller_.value_of(child);
                if (v == Value::Unknown) throw std::logic_error("egdb: a slice was solved before one it leads to");
            } else {
                const std::uint8_t s = load(indexer_.index(child));
                if (!(s & settled)) {
                    open = true;
                    continue;
                }
                v = static_cast<Value>(s & value_bits);
            }
            if (v == Value::Loss) return settle(Value::Win, flags);
            if (v == Value::Draw) draw = true;
        }
        if (!open) return settle(draw ? Value::Draw : Value::Loss, flags);
        // Only moves inside the slice are left open; the captures and crownings, all known,
        // are summed up in draw_below.
        return static_cast<std::uint8_t>(flags | (draw ? draw_below : 0));
    }

    // An unsettled position again, its moves inside the slice only.
    std::uint8_t look_inside(std::uint64_t i, std::uint8_t s, MoveList& moves) {
        const Position pos = *indexer_.position(i);
        generate_moves<R>(pos, moves);
        bool draw = (s & draw_below) != 0, open = false;
        for (const Move& m : moves) {
            if (m.captured || m.promotes) continue;
            const std::uint8_t c = load(indexer_.index(pos.after<R>(m)));
            if (!(c & settled)) {
                open = true;
                continue;
            }
            const Value v = static_cast<Value>(c & value_bits);
            if (v == Value::Loss) return settle(Value::Win, s & free_choice_bit);
            if (v == Value::Draw) draw = true;
        }
        if (!open) return settle(draw ? Value::Draw : Value::Loss, s & free_choice_bit);
        return s;
    }

    // What is still open after the fixpoint can be kept from ending forever: a draw.
    SolvedSlice collect(int passes) {
        SolvedSlice out{indexer_.material(), PackedValues(size_), std::vector<std::uint64_t>((size_ + 63) / 64, 0), {}};
        out.counts.passes = passes;
        for (std::uint64_t i = 0; i < size_; ++i) {
            const std::uint8_t s = load(i);
            const Value v = s & settled ? static_cast<Value>(s & value_bits) : Value::Draw;
            out.values.set(i, v);
            if (s & free_choice_bit) out.free_choice[i / 64] |= std::uint64_t{1} << (i % 64);
            switch (v) {
                case Value::Win: ++out.counts.wins; break;
                case Value::Loss: ++out.counts.losses; break;
                case Value::Draw: ++out.counts.draws; break;
                case Value::Unknown: ++out.counts.not_positions; break;
            }
            if ((s & free_choice_bit) && v != Value::Unknown) ++out.counts.captures;
        }
        return out;
    }

    SliceIndexer<B> indexer_;
    const SolvedTables<B>& smaller_;
    std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
    std::uint64_t size_;
};

}  // namespace

template <RuleSet R>
SolvedSlice solve_slice(const Material& material, const SolvedTables<typename R::Board>& smaller, int threads) {
    return SliceSolver<R>(material, smaller).solve(threads);
}

#define KROON_EGDB_SOLVER(name, rules) \
    template SolvedSlice solve_slice<rules>(const Material&, const SolvedTables<typename rules::Board>&, int);
KROON_EGDB_VARIANTS(KROON_EGDB_SOLVER)
#undef KROON_EGDB_SOLVER

}  // namespace kroon::egdb
