// FEN: every position near the reference positions prints canonically and reads back to the
// same position; other spellings read to the same position; bad FEN is an error value.
#include <set>

#include <gtest/gtest.h>

#include "tests/engine/reference_positions.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

// Positions reached from `root` in at most `depth` plies, each once (by FEN).
std::vector<Position> tree(Variant v, const Position& root, int depth) {
    std::vector<Position> out{root};
    std::set<std::string> seen{rulebook(v).format_fen(root)};
    size_t level_begin = 0;
    for (int d = 0; d < depth; ++d) {
        const size_t level_end = out.size();
        for (size_t i = level_begin; i < level_end; ++i) {
            MoveList list;
            rulebook(v).generate_moves(out[i], list);
            for (const Move& m : list) {
                Position next = out[i];
                rulebook(v).play(next, m);
                if (seen.insert(rulebook(v).format_fen(next)).second) out.push_back(next);
            }
        }
        level_begin = level_end;
    }
    return out;
}

TEST(FenRoundTrip, EveryPositionToDepthTwoOfEveryReferencePosition) {
    int checked = 0;
    for (const ReferencePosition& ref : reference_positions()) {
        const Position root = position(ref.variant, ref.fen);
        for (const Position& p : tree(ref.variant, root, 2)) {
            const std::string text = rulebook(ref.variant).format_fen(p);
            const auto parsed = rulebook(ref.variant).parse_fen(text);
            ASSERT_TRUE(parsed.ok()) << ref.name << ": " << text << ": " << parsed.error();
            EXPECT_TRUE(*parsed == p) << ref.name << ": " << text;
            EXPECT_EQ(parsed->hash(), p.hash()) << text;
            EXPECT_EQ(rulebook(ref.variant).format_fen(*parsed), text);
            ++checked;
        }
    }
    EXPECT_GT(checked, 500);
}

// Ranges, K before a range, either list first, lower-case letters, spaces, quotes and a
// trailing full stop (as PDN tags have them) all read to the canonical position.
TEST(FenRoundTrip, OtherSpellingsReadToTheCanonicalForm) {
    struct Spelling {
        Variant variant;
        const char* input;
        const char* canonical;
    };
    const std::vector<Spelling> table = {
        {Variant::International, "W:W31-50:B1-20",
         "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,"
         "19,20"},
        {Variant::International, "B:BK17,K24:W46,6", "B:W6,46:BK17,K24"},
        {Variant::International, "w:wk31-33,45:b1", "W:WK31,K32,K33,45:B1"},
        {Variant::International, " W : W 31 , K 32 : B 1 ", "W:W31,K32:B1"},
        {Variant::International, "\"W:W31:B1.\"", "W:W31:B1"},
        {Variant::International, "B:W:B1", "B:W:B1"},
        {Variant::Frisian, "W:WK3:B23", "W:WK3:B23"},
        {Variant::English, "B:W21-32:B1-12", "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"},
    };
    for (const Spelling& s : table) {
        const auto parsed = rulebook(s.variant).parse_fen(s.input);
        ASSERT_TRUE(parsed.ok()) << s.input << ": " << parsed.error();
        EXPECT_EQ(rulebook(s.variant).format_fen(*parsed), s.canonical) << s.input;
    }
    EXPECT_EQ(rulebook(Variant::International).start_fen(), table[0].canonical);
    EXPECT_EQ(rulebook(Variant::English).start_fen(), table.back().canonical);
}

TEST(FenErrors, MalformedFenIsAnErrorWithAReason) {
    struct Bad {
        Variant variant;
        std::string input;
        const char* why;
    };
    const Variant I = Variant::International;
    const std::vector<Bad> table = {
        {I, "", "empty"},
        {I, "   ", "blank"},
        {I, "garbage", "no structure"},
        {I, "W", "missing colon and piece lists"},
        {I, "W::", "no piece lists"},
        {I, "W31,32:B1", "side field with squares"},
        {I, "X:W31:B1", "wrong side letter"},
        {I, "W:X31:B1", "wrong list letter"},
        {I, "W:W31:W32", "white listed twice"},
        {I, "W:W31:B31", "overlapping squares"},
        {I, "W:W31,31:B1", "square listed twice"},
        {I, "W:W30-35:B31", "range overlapping the other side"},
        {I, "W:W0:B1", "square 0"},
        {I, "W:W51:B1", "square 51"},
        {I, "W:W99:B1", "square 99"},
        {I, "W:W-1:B1", "negative square"},
        {I, "W:W123456789012:B1", "huge number"},
        {I, "W:W35-31:B1", "backward range"},
        {I, "W:W31-:B1", "open range"},
        {I, "W:WK:B1", "K without a square"},
        {I, "W:WKK31:B1", "double K"},
        {I, "W:Wabc:B1", "letters for a square"},
        {I, "W:W3 1:B1", "space inside a number"},
        {I, "W:W21-50:B1", "30 white pieces"},
        {I, "W:W31:B1-21", "21 black pieces"},
        {I, "W:W1:B20", "white man on 1 would have been crowned"},
        {I, "W:W5,31:B20", "white man on 5"},
        {I, "W:W31:B46", "black man on 46"},
        {I, std::string("W:W31:B\xff\xfe"), "non-ASCII bytes"},
        {I, std::string("\xc3\xa9:W31:B1"), "non-ASCII side"},
        {I, std::string("W:W31\0:B1", 9), "NUL byte"},
        {Variant::Frisian, "W:W31:B50", "black man on 50 (Frisian)"},
        {Variant::English, "B:W33:B1", "square 33 on 8x8"},
        {Variant::English, "B:W17-32:B1", "16 white pieces on 8x8"},
        {Variant::English, "B:W21:B29", "black man on 29 would have been crowned"},
        {Variant::English, "B:W3:B12", "white man on 3 would have been crowned"},
    };
    for (const Bad& b : table) {
        const auto parsed = rulebook(b.variant).parse_fen(b.input);
        EXPECT_FALSE(parsed.ok()) << b.why << ": '" << b.input << "' was accepted as "
                                  << (parsed.ok() ? rulebook(b.variant).format_fen(*parsed) : "");
        if (!parsed.ok()) {
            EXPECT_FALSE(parsed.error().empty()) << b.why;
        }
    }
}

}  // namespace
}  // namespace kroon::test
