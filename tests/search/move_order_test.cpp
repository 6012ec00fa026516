// Move ordering: the classes of moves come in their order, and equal keys come out as a
// plain selection sort (pick the first best, swap it to the front) would return them, which
// keeps the search's node counts what they were when the ordering was written that way.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "search/move_order.hpp"

namespace kroon::search {
namespace {

Move quiet(int from, int to, bool promotes = false) {
    return Move{0, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotes};
}

Move capture(Bitboard captured, int from, int to, bool promotes = false) {
    return Move{captured, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to), promotes};
}

std::vector<int> picks(const MoveList& moves, int table_move, const std::array<Move, 2>& killers,
                       const HistoryTable& history, const Move& counter) {
    MoveOrder order(moves, table_move, killers, history, counter);
    std::vector<int> out;
    for (int i = 0; i < moves.size(); ++i) out.push_back(order.next());
    return out;
}

// The order written out the slow way: one key per move, then the first best picked and
// swapped to the front, again and again.
std::vector<int> selection_sort_picks(const MoveList& moves, int table_move, const std::array<Move, 2>& killers,
                                      const HistoryTable& history, const Move& counter) {
    std::vector<std::pair<int, int>> keyed;  // key, index
    for (int i = 0; i < moves.size(); ++i) {
        const Move& m = moves[i];
        int order_key = history[m.from][m.to];
        if (i == table_move)
            order_key = 1 << 30;
        else if (m.is_capture())
            order_key = (1 << 24) + (m.capture_count() << 8) + (m.promotes ? 128 : 0);
        else if (m.promotes)
            order_key = 1 << 23;
        else if (m == killers[0])
            order_key = (1 << 22) + 1;
        else if (m == killers[1])
            order_key = 1 << 22;
        else if (m == counter)
            order_key = (1 << 22) - 1;
        keyed.emplace_back(order_key, i);
    }
    std::vector<int> out;
    for (std::size_t done = 0; done < keyed.size(); ++done) {
        std::size_t best = done;
        for (std::size_t i = done + 1; i < keyed.size(); ++i)
            if (keyed[i].first > keyed[best].first) best = i;
        std::swap(keyed[best], keyed[done]);
        out.push_back(keyed[done].second);
    }
    return out;
}

TEST(MoveOrder, TableMoveThenCapturesByLengthThenCrowningThenKillersCounterAndHistory) {
    HistoryTable history{};
    history[31][26] = 40;
    history[32][27] = 90;
    history[33][28] = -5;
    MoveList moves;
    moves.push(quiet(33, 28));                      // 0: history -5
    moves.push(quiet(31, 26));                      // 1: history 40
    moves.push(capture(bit(22), 27, 17));           // 2: takes one
    moves.push(quiet(34, 29));                      // 3: counter move
    moves.push(quiet(6, 1, true));                  // 4: crowns
    moves.push(capture(bit(22) | bit(12), 27, 8));  // 5: takes two
    moves.push(quiet(35, 30));                      // 6: second killer
    moves.push(quiet(32, 27));                      // 7: history 90
    moves.push(quiet(36, 31));                      // 8: first killer
    moves.push(capture(bit(7), 11, 2, true));       // 9: takes one and crowns
    moves.push(quiet(37, 32));                      // 10: the table move
    const std::array<Move, 2> killers{quiet(36, 31), quiet(35, 30)};
    EXPECT_EQ(picks(moves, 10, killers, history, quiet(34, 29)), (std::vector<int>{10, 5, 9, 2, 4, 8, 6, 3, 7, 1, 0}));
}

TEST(MoveOrder, AKillerThatCrownsOrCapturesMatchesNoQuietMove) {
    HistoryTable history{};
    history[30][25] = 7;
    MoveList moves;
    moves.push(quiet(31, 26));
    moves.push(quiet(30, 25));
    // Same squares as the quiet moves, but not the same moves.
    const std::array<Move, 2> killers{quiet(31, 26, true), capture(bit(1), 31, 26)};
    EXPECT_EQ(picks(moves, -1, killers, history, Move{}), (std::vector<int>{1, 0}));
}

TEST(MoveOrder, EqualKeysComeOutAsASelectionSortReturnsThem) {
    std::mt19937 random(20261206);
    const auto below = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
    for (int trial = 0; trial < 2000; ++trial) {
        HistoryTable history{};
        // Few distinct values, negative ones too, so that ties are common.
        for (auto& row : history)
            for (int& h : row) h = below(7) - 3;
        MoveList moves;
        const int size = 1 + below(trial % 10 == 0 ? 120 : 30);
        for (int i = 0; i < size; ++i) {
            const int from = below(50), to = below(50);
            switch (below(8)) {
                case 0:
                    moves.push(capture(bit(below(50)) | (below(2) ? bit(below(50)) : 0), from, to, below(4) == 0));
                    break;
                case 1: moves.push(quiet(from, to, true)); break;
                default: moves.push(quiet(from, to)); break;
            }
        }
        const auto some_move = [&] { return moves[below(moves.size())]; };
        const std::array<Move, 2> killers{some_move(), below(3) ? some_move() : Move{}};
        const Move counter = below(2) ? some_move() : quiet(below(50), below(50));
        const int table_move = below(3) ? below(moves.size()) : -1;
        ASSERT_EQ(picks(moves, table_move, killers, history, counter),
                  selection_sort_picks(moves, table_move, killers, history, counter))
            << "trial " << trial;
    }
}

}  // namespace
}  // namespace kroon::search
