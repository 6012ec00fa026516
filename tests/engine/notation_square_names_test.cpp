// Square names: numbers and algebraic names (Russian and Brazilian PDN) name the same squares,
// in FEN and move text alike.
#include <gtest/gtest.h>

#include <set>

#include "engine/movegen/movegen.hpp"
#include "engine/notation/fen.hpp"
#include "engine/notation/move_text.hpp"
#include "engine/notation/square_names.hpp"

namespace kroon {
namespace {

TEST(SquareNames, CornersOfTheBoards) {
    // RULES.md / perft.md: 10x10 1 = b10, 5 = j10, 46 = a1, 50 = i1; 8x8 1 = b8, 29 = a1, 32 = g1.
    EXPECT_EQ(parse_square_name(Variant::International, "b10"), 1);
    EXPECT_EQ(parse_square_name(Variant::International, "J10"), 5);
    EXPECT_EQ(parse_square_name(Variant::International, "a1"), 46);
    EXPECT_EQ(parse_square_name(Variant::International, "i1"), 50);
    EXPECT_EQ(parse_square_name(Variant::Russian, "b8"), 1);
    EXPECT_EQ(parse_square_name(Variant::Russian, "a1"), 29);
    EXPECT_EQ(parse_square_name(Variant::Russian, "g1"), 32);
    EXPECT_EQ(parse_square_name(Variant::Russian, "c3"), 22);
    EXPECT_EQ(parse_square_name(Variant::Russian, "d4"), 18);
    EXPECT_EQ(algebraic_square(Variant::Russian, 22), "c3");
    EXPECT_EQ(parse_square_name(Variant::Russian, "17"), 17);
}

TEST(SquareNames, LightAndMissingSquaresAreRefused) {
    for (const char* bad : {"a2", "b1", "i1", "a9", "k1", "a0", "", "a", "1a", "33", "0", "a1x"})
        EXPECT_FALSE(parse_square_name(Variant::Russian, bad)) << bad;
    // On the mirrored Italian board a1 is light and b1 is dark.
    EXPECT_FALSE(parse_square_name(Variant::Italian, "a1"));
    EXPECT_TRUE(parse_square_name(Variant::Italian, "b1"));
}

TEST(SquareNames, MoveTextStartsWithASquareName) {
    for (const char* move : {"32-28", "c3-d4", "d4:f6", "5x14"}) EXPECT_TRUE(starts_with_square_name(move)) << move;
    for (const char* other : {"go", "undo", "", "x", "$1", "K", "help"}) EXPECT_FALSE(starts_with_square_name(other)) << other;
}

TEST(SquareNames, EveryDarkSquareRoundTrips) {
    for (Variant v : all_variants) {
        const int n = board_squares(v);
        std::set<std::string> names;
        for (int s = 1; s <= n; ++s) {
            const std::string name = algebraic_square(v, s);
            names.insert(name);
            EXPECT_EQ(parse_square_name(v, name), s) << variant_name(v) << " " << name;
        }
        EXPECT_EQ(static_cast<int>(names.size()), n) << variant_name(v);
    }
}

TEST(SquareNames, AlgebraicFen) {
    const auto russian = parse_fen(Variant::Russian,
                                   "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6");
    ASSERT_TRUE(russian.ok()) << russian.error();
    EXPECT_EQ(*russian, start_position(Variant::Russian));
    const auto kings = parse_fen(Variant::Russian, "B:WKa1,c3:BKh8");
    ASSERT_TRUE(kings.ok()) << kings.error();
    EXPECT_EQ(format_fen(Variant::Russian, *kings), "B:W22,K29:BK4");
    EXPECT_FALSE(parse_fen(Variant::Russian, "W:Wa2:Bb8").ok());  // a light square
}

TEST(SquareNames, AlgebraicMoves) {
    const Variant v = Variant::Russian;
    const Position start = start_position(v);
    const auto step = parse_move(v, start, "c3-d4");
    ASSERT_TRUE(step.ok()) << step.error();
    EXPECT_EQ(*step, *parse_move(v, start, "22-18"));
    // A capture written with ':' as Russian notation does: c3-d4 f6-e5 then d4:f6.
    Position pos = start;
    play_move(v, pos, *step);
    play_move(v, pos, *parse_move(v, pos, "f6-e5"));
    const auto capture = parse_move(v, pos, "d4:f6");
    ASSERT_TRUE(capture.ok()) << capture.error();
    EXPECT_TRUE(capture->is_capture());
    EXPECT_EQ(format_move(v, pos, *capture), "18x11");
    EXPECT_FALSE(parse_move(v, start, "c3-d5").ok());  // a light square
    EXPECT_FALSE(parse_move(v, start, "c3-c4").ok());
}

}  // namespace
}  // namespace kroon
