// The Zobrist hash kept by Position::play must always equal the hash computed from scratch,
// and different positions (pieces, side to move, Frisian art. 17 state) must not share one.
#include <map>

#include <gtest/gtest.h>

#include "engine/movegen/movegen.hpp"
#include "engine/rules/variant.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

// Everything the hash covers, as text: the FEN plus both art. 17 runs.
std::string identity(Variant v, const Position& p) {
    std::string s = rulebook(v).format_fen(p);
    for (Color c : {Color::White, Color::Black}) {
        const KingRun run = p.king_run(c);
        if (run.count) s += " run" + std::to_string(run.count) + "@" + std::to_string(run.square);
    }
    return s;
}

class HashAlongPlayouts : public ::testing::TestWithParam<Variant> {};

TEST_P(HashAlongPlayouts, IncrementalHashEqualsComputedHash) {
    const Variant v = GetParam();
    std::mt19937_64 rng(20240611);
    std::map<std::uint64_t, std::string> seen;
    int positions = 0;
    auto check = [&](const Position& pos) {
        ASSERT_EQ(pos.hash(), pos.compute_hash()) << identity(v, pos);
        auto [it, fresh] = seen.emplace(pos.hash(), identity(v, pos));
        if (!fresh) {
            ASSERT_EQ(it->second, identity(v, pos)) << "hash collision";
        }
        ++positions;
    };
    auto visit = [&](const Position& pos, const Move& move) {
        check(pos);
        Position next = pos;
        rulebook(v).play(next, move);
        check(next);
    };
    // Whole games from the start, then games from random positions with many kings (these
    // exercise the Frisian king-move counter).
    for (int game = 0; game < 200; ++game) random_playout(v, rulebook(v).start_position(), 150, rng, visit);
    for (int game = 0; game < 300; ++game) random_playout(v, random_position(v, rng, 8), 60, rng, visit);
    EXPECT_GT(positions, 20000);
}

// Calls visit(tag, pos, m) for every legal move of the positions along random playouts of
// variant v: 50 from the start, `random_games` from random positions of at most `per_side`
// pieces a side.
template <class Visit>
void for_each_move_along_playouts(Variant v, std::uint64_t seed, int random_games, int per_side, Visit&& visit) {
    std::mt19937_64 rng(seed);
    with_rules(v, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        auto each_move = [&](const Position& pos, const Move&) {
            MoveList list;
            generate_moves<R>(pos, list);
            for (const Move& m : list) visit(tag, pos, m);
        };
        for (int game = 0; game < 50; ++game) random_playout(v, rulebook(v).start_position(), 150, rng, each_move);
        for (int game = 0; game < random_games; ++game)
            random_playout(v, random_position(v, rng, per_side), 60, rng, each_move);
    });
}

// The hash of a child computed without building it (what the search prefetches the table
// bucket by) equals the child's own, for every legal move of every variant, kings included.
class HashAfterMoves : public ::testing::TestWithParam<Variant> {};

TEST_P(HashAfterMoves, EqualTheChildsHash) {
    const Variant v = GetParam();
    int moves = 0;
    for_each_move_along_playouts(v, 20261201, 100, 8, [&](auto tag, const Position& pos, const Move& m) {
        using R = typename decltype(tag)::Rules;
        ASSERT_EQ(pos.hash_after<R>(m), pos.after<R>(m).hash()) << identity(v, pos);
        ++moves;
    });
    EXPECT_GT(moves, 10000);
}

// Position::play_into moves the piece, then clears the taken squares from the kings and reads
// the taken pieces' keys from them: right only while no capture starts or ends on a square it
// takes (Thai takes pieces off as it jumps them, and its kings may turn back).
TEST_P(HashAfterMoves, NoCaptureEndsOnASquareItTakes) {
    const Variant v = GetParam();
    int captures = 0;
    for_each_move_along_playouts(v, 20261202, 300, 10, [&](auto, const Position& pos, const Move& m) {
        if (!m.captured) return;
        ASSERT_EQ(m.captured & (bit(m.from) | bit(m.to)), Bitboard{0}) << identity(v, pos);
        ++captures;
    });
    EXPECT_GT(captures, 1000);
}

INSTANTIATE_TEST_SUITE_P(AllVariants, HashAlongPlayouts,
                         ::testing::Values(Variant::International, Variant::Frisian, Variant::English),
                         [](const auto& p) { return std::string(rulebook(p.param).name()); });

INSTANTIATE_TEST_SUITE_P(EveryVariant, HashAfterMoves, ::testing::ValuesIn(all_variants),
                         [](const auto& p) { return std::string(rulebook(p.param).name()); });

// The side to move is part of the hash: the same pieces with the other side to move differ.
TEST(Hash, SideToMoveChangesTheHash) {
    for (Variant v : {Variant::International, Variant::Frisian, Variant::English}) {
        const Position p = rulebook(v).start_position();
        const Position q =
            Position::from_sets(p.pieces(Color::White), p.pieces(Color::Black), p.kings(), ~p.side_to_move());
        EXPECT_NE(p.hash(), q.hash()) << rulebook(v).name();
        EXPECT_EQ(q.hash(), q.compute_hash());
    }
}

// A man and a king on the same square hash differently, and so do the two colours.
TEST(Hash, PieceKindAndColourChangeTheHash) {
    const Variant v = Variant::International;
    const Position man = position(v, "W:W28:B45");
    const Position king = position(v, "W:WK28:B45");
    const Position black = position(v, "W:W45:B28");
    EXPECT_NE(man.hash(), king.hash());
    EXPECT_NE(man.hash(), black.hash());
}

}  // namespace
}  // namespace kroon::test
