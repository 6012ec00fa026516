// Move ordering: the transposition-table move first, then (among captures) the biggest
// captures, then promotions, the two killer moves of the ply and the history heuristic.
// Moves are picked one at a time, so a cut-off after the first move sorts nothing else.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "engine/position/move.hpp"

namespace kroon::search {

using HistoryTable = std::array<std::array<int, 64>, 64>;  // [from][to]
// The quiet move that last refuted each move of the opponent: [their from][their to].
using CounterTable = std::array<std::array<Move, 64>, 64>;

class MoveOrder {
public:
    MoveOrder(const MoveList& moves, int table_move, const std::array<Move, 2>& killers, const HistoryTable& history,
              const Move& counter = Move{})
        : killers_(killers), size_(moves.size()) {
        // The killers and the counter move are quiet moves without a crowning; each is
        // compared as one number, from and to, and one that is not such a move matches none.
        const int killer0 = quiet_code(killers[0]);
        const int killer1 = quiet_code(killers[1]);
        const int counter_code = quiet_code(counter);
        for (int i = 0; i < size_; ++i) {
            const Move& m = moves[i];
            std::int64_t order_key;
            if (m.is_capture()) {
                order_key = (1 << 24) + (m.capture_count() << 8) + (m.promotes ? 128 : 0);
            } else if (m.promotes) {
                order_key = 1 << 23;
            } else {
                const int code = from_to(m);
                order_key = code == killer0        ? (1 << 22) + 1
                            : code == killer1      ? 1 << 22
                            : code == counter_code ? (1 << 22) - 1
                                                   : history[m.from][m.to];
            }
            slots_[i] = slot(order_key, i);
        }
        // The table move's key is set after the loop rather than tested for at every move.
        if (table_move >= 0 && table_move < size_) slots_[table_move] = slot(std::int64_t{1} << 30, table_move);
    }

    // Index (in generation order) of the best move not yet returned: of equal keys, the one
    // nearest the front of what is left. Key, place and index make one number, so the pick is
    // a plain maximum, without a hard-to-predict branch per move.
    int next() {
        std::int64_t best = slots_[done_];
        for (int i = done_ + 1; i < size_; ++i) best = std::max(best, slots_[i]);
        const int at = 0xffff - static_cast<int>(best >> 16 & 0xffff);
        // The move at the front takes the chosen one's place, as a swap would.
        slots_[at] = (slots_[done_] & ~std::int64_t{0xffffffff}) | slot_bits(at, slots_[done_] & 0xffff);
        ++done_;
        return static_cast<int>(best & 0xffff);
    }

    bool is_killer(const Move& m) const { return m == killers_[0] || m == killers_[1]; }

private:
    static int from_to(const Move& m) { return m.from | m.to << 8; }
    static int quiet_code(const Move& m) { return m.is_capture() || m.promotes ? -1 : from_to(m); }

    // Below the key: where the move stands now (inverted, so the nearer wins a tie), then its
    // index in generation order.
    static std::int64_t slot_bits(int position, std::int64_t index) {
        return (std::int64_t{0xffff} - position) << 16 | index;
    }
    // Move `i`'s slot before any pick: its key above, its place and index below.
    static std::int64_t slot(std::int64_t order_key, int i) {
        return order_key * (std::int64_t{1} << 32) | slot_bits(i, i);
    }

    const std::array<Move, 2>& killers_;
    int size_;
    int done_ = 0;
    std::array<std::int64_t, MoveList::capacity> slots_;
};

}  // namespace kroon::search
