// Move ordering: the transposition-table move first, then (among captures) the biggest
// captures, then promotions, the two killer moves of the ply and the history heuristic.
// Moves are picked one at a time, so a cut-off after the first move sorts nothing else.
#pragma once

#include <array>

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
        for (int i = 0; i < size_; ++i) {
            const Move& m = moves[i];
            int key;
            if (i == table_move)
                key = 1 << 30;
            else if (m.is_capture())
                key = (1 << 24) + (m.capture_count() << 8) + (m.promotes ? 128 : 0);
            else if (m.promotes)
                key = 1 << 23;
            else if (m == killers[0])
                key = (1 << 22) + 1;
            else if (m == killers[1])
                key = 1 << 22;
            else if (m == counter)
                key = (1 << 22) - 1;
            else
                key = history[m.from][m.to];
            keys_[i] = key;
            index_[i] = static_cast<std::uint16_t>(i);
        }
    }

    // Index (in generation order) of the best move not yet returned.
    int next() {
        int best = done_;
        for (int i = done_ + 1; i < size_; ++i)
            if (keys_[i] > keys_[best]) best = i;
        std::swap(keys_[best], keys_[done_]);
        std::swap(index_[best], index_[done_]);
        return index_[done_++];
    }

    bool is_killer(const Move& m) const { return m == killers_[0] || m == killers_[1]; }

private:
    const std::array<Move, 2>& killers_;
    int size_;
    int done_ = 0;
    std::array<int, MoveList::capacity> keys_;
    std::array<std::uint16_t, MoveList::capacity> index_;
};

}  // namespace kroon::search
