// Square names: numbers and algebraic names (Russian and Brazilian PDN) name the same squares,
// in FEN and move text alike.
#include <gtest/gtest.h>

#include <set>

#include "engine/movegen/movegen.hpp"
#include "engine/notation/square_names.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

TEST(SquareNames, CornersOfTheBoards) {
    // docs/rules.md: 10x10 1 = b10, 5 = j10, 46 = a1, 50 = i1; 8x8 1 = b8, 29 = a1, 32 = g1.
    EXPECT_EQ(rulebook(Variant::International).parse_square_name("b10"), 1);
    EXPECT_EQ(rulebook(Variant::International).parse_square_name("J10"), 5);
    EXPECT_EQ(rulebook(Variant::International).parse_square_name("a1"), 46);
    EXPECT_EQ(rulebook(Variant::International).parse_square_name("i1"), 50);
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("b8"), 1);
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("a1"), 29);
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("g1"), 32);
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("c3"), 22);
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("d4"), 18);
    EXPECT_EQ(rulebook(Variant::Russian).algebraic_square(22), "c3");
    EXPECT_EQ(rulebook(Variant::Russian).parse_square_name("17"), 17);
}

TEST(SquareNames, LightAndMissingSquaresAreRefused) {
    for (const char* bad : {"a2", "b1", "i1", "a9", "k1", "a0", "", "a", "1a", "33", "0", "a1x"})
        EXPECT_FALSE(rulebook(Variant::Russian).parse_square_name(bad)) << bad;
    // On the mirrored Italian board a1 is light and b1 is dark.
    EXPECT_FALSE(rulebook(Variant::Italian).parse_square_name("a1"));
    EXPECT_TRUE(rulebook(Variant::Italian).parse_square_name("b1"));
}

TEST(SquareNames, MoveTextStartsWithASquareName) {
    for (const char* move : {"32-28", "c3-d4", "d4:f6", "5x14"}) EXPECT_TRUE(starts_with_square_name(move)) << move;
    for (const char* other : {"go", "undo", "", "x", "$1", "K", "help"})
        EXPECT_FALSE(starts_with_square_name(other)) << other;
}

TEST(SquareNames, EveryDarkSquareRoundTrips) {
    for (Variant v : all_variants) {
        const int n = rulebook(v).squares();
        std::set<std::string> names;
        for (int s = 1; s <= n; ++s) {
            const std::string name = rulebook(v).algebraic_square(s);
            names.insert(name);
            EXPECT_EQ(rulebook(v).parse_square_name(name), s) << rulebook(v).name() << " " << name;
        }
        EXPECT_EQ(static_cast<int>(names.size()), n) << rulebook(v).name();
    }
}

TEST(SquareNames, AlgebraicFen) {
    const auto russian = rulebook(Variant::Russian)
                             .parse_fen("W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6");
    ASSERT_TRUE(russian.ok()) << russian.error();
    EXPECT_EQ(*russian, rulebook(Variant::Russian).start_position());
    const auto kings = rulebook(Variant::Russian).parse_fen("B:WKa1,c3:BKh8");
    ASSERT_TRUE(kings.ok()) << kings.error();
    EXPECT_EQ(rulebook(Variant::Russian).format_fen(*kings), "B:W22,K29:BK4");
    EXPECT_FALSE(rulebook(Variant::Russian).parse_fen("W:Wa2:Bb8").ok());  // a light square
}

TEST(SquareNames, AlgebraicMoves) {
    const Variant v = Variant::Russian;
    const Position start = rulebook(v).start_position();
    const auto step = rulebook(v).parse_move(start, "c3-d4");
    ASSERT_TRUE(step.ok()) << step.error();
    EXPECT_EQ(*step, *rulebook(v).parse_move(start, "22-18"));
    // A capture written with ':' as Russian notation does: c3-d4 f6-e5 then d4:f6.
    Position pos = start;
    rulebook(v).play(pos, *step);
    rulebook(v).play(pos, *rulebook(v).parse_move(pos, "f6-e5"));
    const auto capture = rulebook(v).parse_move(pos, "d4:f6");
    ASSERT_TRUE(capture.ok()) << capture.error();
    EXPECT_TRUE(capture->is_capture());
    // Written as Russian PDN writes it; the Hub protocol numbers the squares.
    EXPECT_EQ(rulebook(v).format_move(pos, *capture), "d4:f6");
    EXPECT_EQ(rulebook(v).format_move(pos, *capture, MoveNotation::Hub), "18x11x15");
    EXPECT_EQ(rulebook(v).format_move(start, *step), "c3-d4");
    EXPECT_EQ(rulebook(v).format_move(start, *step, MoveNotation::Hub), "22-18");
    EXPECT_FALSE(rulebook(v).parse_move(start, "c3-d5").ok());  // a light square
    EXPECT_FALSE(rulebook(v).parse_move(start, "c3-c4").ok());
}

}  // namespace
}  // namespace kroon
