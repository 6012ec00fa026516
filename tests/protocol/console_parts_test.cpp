// The console's pieces on their own: the board diagram, score text and level parsing.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/console/board_diagram.hpp"
#include "protocol/console/level.hpp"
#include "protocol/console/report_text.hpp"

namespace kroon::console {
namespace {

int count_char(const std::string& s, char c) { return static_cast<int>(std::count(s.begin(), s.end(), c)); }

// The left half of each diagram line (the pieces), without the numbers on the right.
std::string pieces_half(const std::string& diagram) {
    std::string out;
    std::size_t start = 0;
    while (start < diagram.size()) {
        const std::size_t end = diagram.find('\n', start);
        const std::string line = diagram.substr(start, end - start);
        out += line.substr(0, line.size() / 2) + "\n";
        start = end + 1;
    }
    return out;
}

TEST(BoardDiagram, InternationalStartShowsEveryPieceAndSquareNumber) {
    const std::string d =
        board_diagram(rulebook(Variant::International), rulebook(Variant::International).start_position());
    EXPECT_EQ(count_char(pieces_half(d), 'b'), 20);
    EXPECT_EQ(count_char(pieces_half(d), 'w'), 20);
    EXPECT_EQ(count_char(pieces_half(d), '.'), 10);
    // 10 rows plus two borders, and every square number once.
    EXPECT_EQ(count_char(d, '\n'), 12);
    for (int s = 1; s <= 50; ++s) EXPECT_NE(d.find(" " + std::to_string(s) + " "), std::string::npos) << s;
    // Square 1 is on the top row, to the right of a light square; 46 starts the bottom row.
    const std::size_t first_row = d.find('\n') + 1;
    const std::string top = d.substr(first_row, d.find('\n', first_row) - first_row);
    EXPECT_NE(top.find("|     1     2     3     4     5 |"), std::string::npos) << top;
    EXPECT_NE(d.find("| 46    47    48    49    50    |"), std::string::npos) << d;
}

TEST(BoardDiagram, KingsAndLastMoveAreMarked) {
    const auto pos = rulebook(Variant::International).parse_fen("B:WK46,28:B19,K5");
    ASSERT_TRUE(pos.ok());
    DiagramOptions options;
    Move m{};
    m.from = static_cast<std::uint8_t>(rulebook(Variant::International).bit_of_square(33));
    m.to = static_cast<std::uint8_t>(rulebook(Variant::International).bit_of_square(28));
    options.last_move = m;
    const std::string d = pieces_half(board_diagram(rulebook(Variant::International), *pos, options));
    EXPECT_EQ(count_char(d, 'W'), 1);
    EXPECT_EQ(count_char(d, 'B'), 1);
    EXPECT_EQ(count_char(d, 'w'), 1);
    EXPECT_EQ(count_char(d, 'b'), 1);
    EXPECT_NE(d.find("(w)"), std::string::npos);
    EXPECT_NE(d.find("(.)"), std::string::npos);
}

TEST(BoardDiagram, EightByEightBoardsAndFlipping) {
    const std::string english = board_diagram(rulebook(Variant::English), rulebook(Variant::English).start_position());
    EXPECT_EQ(count_char(english, '\n'), 10);
    EXPECT_EQ(count_char(pieces_half(english), 'b'), 12);
    EXPECT_NE(english.find("|     1     2     3     4 |"), std::string::npos) << english;
    DiagramOptions flipped;
    flipped.flipped = true;
    const std::string turned =
        board_diagram(rulebook(Variant::English), rulebook(Variant::English).start_position(), flipped);
    EXPECT_NE(turned.find("|    32    31    30    29 |"), std::string::npos) << turned;
    // The mirrored Italian board numbers each row from the other side.
    const std::string italian = board_diagram(rulebook(Variant::Italian), rulebook(Variant::Italian).start_position());
    EXPECT_NE(italian.find("|     4     3     2     1 |"), std::string::npos) << italian;
}

TEST(ReportText, LineStopsAtAnIllegalMove) {
    const Position start = rulebook(Variant::International).start_position();
    const auto first = rulebook(Variant::International).parse_move(start, "32-28");
    ASSERT_TRUE(first.ok());
    const Position next = start.after<International>(*first);
    const auto second = rulebook(Variant::International).parse_move(next, "19-23");
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(format_line(rulebook(Variant::International), start, {*first, *second}), "32-28 19-23");
    // The same move twice: the second 32-28 is not legal for Black.
    EXPECT_EQ(format_line(rulebook(Variant::International), start, {*first, *first}), "32-28");
}

TEST(ReportText, SeveralLinesAreNumberedUnderOneHead) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position start = rules.start_position();
    search::Iteration it;
    it.depth = 9;
    it.selective_depth = 14;
    it.nodes = 1234567;
    it.seconds = 0.5;
    it.lines = {{35, {*rules.parse_move(start, "32-28")}}, {-120, {*rules.parse_move(start, "31-26")}}};
    it.score = 35;
    it.pv = it.lines[0].pv;
    EXPECT_EQ(format_iteration(rules, start, it),
              "depth  9/14              1234567 nodes   0.50 s  2.47 Mn/s\n"
              "   1.    +0.35  32-28\n"
              "   2.    -1.20  31-26");
    it.lines.resize(1);
    EXPECT_EQ(format_iteration(rules, start, it), "depth  9/14    +0.35     1234567 nodes   0.50 s  2.47 Mn/s  32-28");
}

// Scores are written from White's side: Black's +0.35 is White's -0.35.
TEST(ReportText, ScoresAreFromWhitesSide) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position black_to_move = *rules.parse_fen("B:W32:B19");
    search::Iteration it;
    it.depth = 3;
    it.selective_depth = 3;
    it.score = 35;
    it.pv = {*rules.parse_move(black_to_move, "19-23")};
    EXPECT_EQ(format_iteration(rules, black_to_move, it),
              "depth  3/3     -0.35           0 nodes   0.00 s  0.00 Mn/s  19-23");
    EXPECT_EQ(white_score_text(search::win_score - 7, Color::Black), "Black wins in 7 plies");
    EXPECT_EQ(white_score_text(-40, Color::White), "-0.40");
}

TEST(Level, ParsesEachKind) {
    auto l = parse_level({"depth", "8"});
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->depth, 8);
    EXPECT_EQ(l->move_time, 0);
    l = parse_level({"6"});
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->depth, 6);
    l = parse_level({"time", "2.5"});
    ASSERT_TRUE(l.ok());
    EXPECT_DOUBLE_EQ(l->move_time, 2.5);
    EXPECT_EQ(l->depth, 0);
    l = parse_level({"nodes", "100000"});
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->nodes, 100000u);
    l = parse_level({"clock", "5m+2"});
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->clock, TimeControl::sudden_death(300, 2));
    EXPECT_EQ(l->move_time, 0);
    l = parse_level({"clock", "40/2h"});
    ASSERT_TRUE(l.ok());
    EXPECT_EQ(l->clock, TimeControl::moves_in(40, 7200));
}

TEST(Level, RejectsNonsense) {
    for (const std::vector<std::string>& words : std::vector<std::vector<std::string>>{{},
                                                                                       {"depth"},
                                                                                       {"depth", "0"},
                                                                                       {"depth", "x"},
                                                                                       {"depth", "-3"},
                                                                                       {"time", "0"},
                                                                                       {"time", "abc"},
                                                                                       {"clock", "0"},
                                                                                       {"clock", "x/5m"},
                                                                                       {"clock", "-"},
                                                                                       {"speed", "3"},
                                                                                       {"depth", "4", "5"},
                                                                                       {"nodes", "1e9"}})
        EXPECT_FALSE(parse_level(words).ok()) << (words.empty() ? "" : words[0]);
}

}  // namespace
}  // namespace kroon::console
