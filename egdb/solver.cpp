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
    SliceSolver(const Material& material, const SolvedTables<R>& smaller)
        : indexer_(material),
          smaller_(smaller),
          state_(new std::atomic<std::uint8_t>[indexer_.size()]()),
          size_(indexer_.size()) {}

    SolvedSlice solve(int threads, Method method) {
        if (method == Method::Retrograde) {
            open_moves_.reset(new std::uint8_t[size_]());
            distances_.assign(size_, 0);
        }
        parallel_chunks(size_, threads, [&](std::uint64_t begin, std::uint64_t end) {
            MoveList moves;
            for (std::uint64_t i = begin; i < end; ++i) store(i, first_look(i, moves));
        });
        return collect(method == Method::Retrograde ? retrograde() : sweep(threads));
    }

private:
    // Sweeps over the unsettled positions until one changes nothing. A sweep sees the values
    // settled earlier in the same sweep, so a chain of wins settles in few sweeps.
    int sweep(int threads) {
        int passes = 1;
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
        return passes;
    }

    // From every won or lost position back to the positions that move into it: a move into a
    // lost position wins; a position whose moves inside the slice all reach won positions is
    // lost, unless a capture or crowning reaches a draw. Each edge is walked once.
    //
    // The walk goes by distance to conversion (docs/egdb.md, Distance to conversion): first
    // the positions without a move (0 plies), then those settled by a capture or crowning
    // (1 ply), then every position settled from them, one ply further each round. A win is
    // settled from its nearest lost child, a loss from its farthest won child (its counter
    // runs out there), so the round is the win's shortest and the loss's longest way out of
    // the slice. Returns the number of rounds.
    //
    // A round finds its positions by scanning the distances rather than keeping them in lists
    // (8-byte indices, for most of a slice): the walk needs no memory beyond the four bytes a
    // position the slice has, and the scan costs little next to the un-moves. The order
    // within a round does not change what it settles, so the files are the same.
    int retrograde() {
        std::uint64_t waiting = 0;  // won or lost positions whose round has not come yet
        for (std::uint64_t i = 0; i < size_; ++i)
            if (won_or_lost(load(i))) ++waiting;
        int distance = 0;
        for (; waiting > 0; ++distance) {
            if (distance + 1 > max_distance) throw std::logic_error("egdb: distance to conversion out of range");
            const auto round = static_cast<std::uint16_t>(distance);
            const auto further = static_cast<std::uint16_t>(distance + 1);
            for (std::uint64_t child = 0; child < size_; ++child) {
                if (distances_[child] != round) continue;
                const std::uint8_t c = load(child);
                if (!won_or_lost(c)) continue;
                --waiting;
                const bool child_lost = static_cast<Value>(c & value_bits) == Value::Loss;
                for_each_predecessor(child, [&](std::uint64_t q) {
                    const std::uint8_t s = load(q);
                    // Settled already, or not a predecessor at all: a position where the
                    // side to move must capture settles on its first look.
                    if (s & settled) return;
                    const auto flags = static_cast<std::uint8_t>(s & free_choice_bit);
                    if (child_lost) {
                        store(q, settle(Value::Win, flags));
                        distances_[q] = further;
                        ++waiting;
                        return;
                    }
                    if (open_moves_[q] == 0) throw std::logic_error("egdb: un-moves disagree with the generator");
                    if (--open_moves_[q] > 0) return;
                    const bool draw = s & draw_below;
                    store(q, settle(draw ? Value::Draw : Value::Loss, flags));
                    if (draw) return;
                    distances_[q] = further;
                    ++waiting;
                });
            }
        }
        return distance;
    }

    static bool won_or_lost(std::uint8_t s) {
        const auto v = static_cast<Value>(s & value_bits);
        return (s & settled) && (v == Value::Win || v == Value::Loss);
    }

    // Calls f(index) for every position of the slice from which the side that just moved
    // reaches position `child` by a quiet move that stays in the slice: a king slid back
    // along a free line (one step for short kings), or a man stepped back. Geometry only:
    // whether the move was legal there (no capture available) is up to the caller, which
    // knows it from the generator. Frisian art. 17 states go back with the move (emit_runs).
    template <class F>
    void for_each_predecessor(std::uint64_t child, F&& f) const {
        const Position pos = *indexer_.position(child);
        const Color mover = ~pos.side_to_move();
        const Bitboard occupied = pos.occupied();
        const auto emit = [&](int at, int back, bool king) {
            Bitboard white = pos.pieces(Color::White), black = pos.pieces(Color::Black), kings = pos.kings();
            const Bitboard swap = bit(at) | bit(back);
            (mover == Color::White ? white : black) ^= swap;
            if (king) kings ^= swap;
            const KingRun waiting = pos.king_run(~mover);  // the other side's state: it did not move
            const auto emit_with = [&](KingRun run) {
                f(indexer_.index(Position::from_sets(white, black, kings, mover, mover == Color::White ? run : waiting,
                                                     mover == Color::White ? waiting : run)));
            };
            if constexpr (R::king_move_limit > 0) {
                if (pos.men(mover) && pos.kings(mover))
                    return emit_runs(pos.king_run(mover), kings & (mover == Color::White ? white : black), at, back,
                                     king, emit_with);
            }
            emit_with(KingRun{});
        };
        for (int at : Bits{pos.kings(mover)})
            for (int d = 0; d < 4; ++d)
                for (int back = B::step[d][at]; back >= 0 && !(occupied >> back & 1); back = B::step[d][back]) {
                    emit(at, back, true);
                    if (!R::flying_kings) break;
                }
        // White's men move up (towards row 0), so they came from below.
        const int back_left = mover == Color::White ? SouthWest : NorthWest;
        const int back_right = mover == Color::White ? SouthEast : NorthEast;
        for (int at : Bits{pos.men(mover)})
            for (int d : {back_left, back_right}) {
                const int back = B::step[d][at];
                if (back >= 0 && !(occupied >> back & 1)) emit(at, back, false);
            }
    }

    // Frisian art. 17, backwards: the mover's states before a quiet move that left it in state
    // `after` (Position::play counts them forwards). A man's move ends any run, so it came
    // from any state; a king's move to `after.square` either went on with that king's run
    // (count - 1 before it) or started one, from no run or another king's.
    template <class Emit>
    static void emit_runs(KingRun after, Bitboard kings_before, int at, int back, bool king, Emit&& emit_with) {
        const auto every_run_of = [&](Bitboard kings) {
            for (int k : Bits{kings})
                for (int count = 1; count <= R::king_move_limit; ++count)
                    emit_with(KingRun{static_cast<std::uint8_t>(k), static_cast<std::uint8_t>(count)});
        };
        if (!king) {
            if (after.count != 0) return;
            emit_with(KingRun{});
            every_run_of(kings_before);
            return;
        }
        if (after.count == 0 || after.square != at) return;
        if (after.count >= 2)
            return emit_with(KingRun{static_cast<std::uint8_t>(back), static_cast<std::uint8_t>(after.count - 1)});
        emit_with(KingRun{});
        every_run_of(kings_before & ~bit(back));
    }

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
        if (moves.empty()) return settle(Value::Loss);  // KNDB art. 8a; 0 plies to conversion
        // Whatever settles here converts on this move: 1 ply (a loss without a move is 0).
        if (!distances_.empty()) distances_[i] = 1;
        const std::uint8_t flags = moves[0].is_capture() ? free_choice_bit : 0;
        bool draw = false;
        int inside = 0;
        for (const Move& m : moves) {
            const Position child = pos->template after<R>(m);
            Value v;
            if (m.captured || m.promotes) {
                v = smaller_.value_of(child);
                if (v == Value::Unknown) throw std::logic_error("egdb: a slice was solved before one it leads to");
            } else {
                // Retrograde: only counted here, resolved from the children later.
                if (open_moves_) {
                    ++inside;
                    continue;
                }
                const std::uint8_t s = load(indexer_.index(child));
                if (!(s & settled)) {
                    ++inside;
                    continue;
                }
                v = static_cast<Value>(s & value_bits);
            }
            if (v == Value::Loss) return settle(Value::Win, flags);
            if (v == Value::Draw) draw = true;
        }
        if (inside == 0) return settle(draw ? Value::Draw : Value::Loss, flags);
        if (open_moves_) open_moves_[i] = static_cast<std::uint8_t>(inside);
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
        SolvedSlice out{
            indexer_.material(), PackedValues(size_), std::vector<std::uint64_t>((size_ + 63) / 64, 0), {}, {}};
        out.counts.passes = passes;
        out.distances = std::move(distances_);
        for (std::uint64_t i = 0; i < size_; ++i) {
            const std::uint8_t s = load(i);
            const Value v = s & settled ? static_cast<Value>(s & value_bits) : Value::Draw;
            out.values.set(i, v);
            if (!out.distances.empty() && v != Value::Win && v != Value::Loss) out.distances[i] = 0;
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

    SliceIndexer<R> indexer_;
    const SolvedTables<R>& smaller_;
    std::unique_ptr<std::atomic<std::uint8_t>[]> state_;
    std::uint64_t size_;
    // Retrograde: per unsettled position, its moves inside the slice not yet known to be won
    // for the opponent (at most 255: four flying kings have fewer than 70 moves).
    std::unique_ptr<std::uint8_t[]> open_moves_;
    // Retrograde: plies to conversion of the settled wins and losses (docs/egdb.md).
    std::vector<std::uint16_t> distances_;
};

}  // namespace

template <RuleSet R>
SolvedSlice SliceSolving<R, true>::solve(const Material& material, const SolvedTables<R>& smaller, int threads,
                                         Method method) {
    return SliceSolver<R>(material, smaller).solve(threads, method);
}

#define KROON_EGDB_SOLVER(name, rules) template struct SliceSolving<rules>;
KROON_VARIANTS(KROON_EGDB_SOLVER)
#undef KROON_EGDB_SOLVER

}  // namespace kroon::egdb
