// Move text: every legal move near the reference positions prints in each notation and reads
// back to the same move; ambiguous short captures need the long or Hub form; bad or illegal
// text is an error value with a reason.
#include <set>

#include <gtest/gtest.h>

#include "tests/engine/reference_positions.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

// Positions reached from `root` in at most `depth` plies (with repeats; cheap enough).
void walk(Variant v, const Position& pos, int depth, const std::function<void(const Position&)>& f) {
    f(pos);
    if (depth == 0) return;
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    for (const Move& m : list) {
        Position next = pos;
        rulebook(v).play(next, m);
        walk(v, next, depth - 1, f);
    }
}

int count_squares(const std::string& text) {
    int n = 1;
    for (char c : text) n += c == 'x' || c == '-';
    return n;
}

void check_move_texts(Variant v, const Position& pos) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    const std::string fen = rulebook(v).format_fen(pos);
    for (const Move& m : list) {
        const std::string standard = rulebook(v).format_move(pos, m, MoveNotation::Standard);
        const std::string long_form = rulebook(v).format_move(pos, m, MoveNotation::Long);
        const std::string hub = rulebook(v).format_move(pos, m, MoveNotation::Hub);
        SCOPED_TRACE(fen + "  " + standard + " / " + long_form + " / " + hub);

        auto from_standard = rulebook(v).parse_move(pos, standard, MoveSyntax::Pdn);
        ASSERT_TRUE(from_standard.ok()) << from_standard.error();
        EXPECT_EQ(*from_standard, m);
        auto from_long = rulebook(v).parse_move(pos, long_form, MoveSyntax::Pdn);
        ASSERT_TRUE(from_long.ok()) << from_long.error();
        EXPECT_EQ(*from_long, m);
        auto from_hub = rulebook(v).parse_move(pos, hub, MoveSyntax::Hub);
        ASSERT_TRUE(from_hub.ok()) << from_hub.error();
        EXPECT_EQ(*from_hub, m);
        // Any syntax: the same move, or (only for texts of 3+ squares that read as two
        // different legal captures) an ambiguity error.
        for (const std::string& text : {standard, long_form, hub}) {
            auto any = rulebook(v).parse_move(pos, text, MoveSyntax::Any);
            if (any.ok())
                EXPECT_EQ(*any, m) << text;
            else
                EXPECT_TRUE(count_squares(text) > 2 && any.error().find("ambiguous") != std::string::npos)
                    << text << ": " << any.error();
        }

        // The DXP fields: from, to, captured squares ascending; find_move gives the move back.
        const MoveFields fields = rulebook(v).move_fields(m);
        EXPECT_EQ(fields.from, rulebook(v).square_number(m.from));
        EXPECT_EQ(fields.to, rulebook(v).square_number(m.to));
        EXPECT_EQ(static_cast<int>(fields.captured.size()), m.capture_count());
        EXPECT_TRUE(std::is_sorted(fields.captured.begin(), fields.captured.end()));
        auto found = rulebook(v).find_move(pos, fields);
        ASSERT_TRUE(found.ok()) << found.error();
        EXPECT_EQ(*found, m);

        // The short form is from-to unless another legal capture shares from and to.
        const bool shares = std::any_of(list.begin(), list.end(),
                                        [&](const Move& o) { return o.from == m.from && o.to == m.to && !(o == m); });
        EXPECT_EQ(count_squares(standard) > 2, shares) << standard;
        const char sep = m.is_capture() ? 'x' : '-';
        EXPECT_EQ(standard.find(sep == 'x' ? '-' : 'x'), std::string::npos) << standard;
        EXPECT_EQ(count_squares(hub), 2 + m.capture_count()) << hub;
    }
}

TEST(MoveTextRoundTrip, EveryMoveToDepthTwoOfEveryReferencePosition) {
    for (const ReferencePosition& ref : reference_positions()) {
        SCOPED_TRACE(ref.name);
        walk(ref.variant, position(ref.variant, ref.fen), 2,
             [&](const Position& p) { check_move_texts(ref.variant, p); });
    }
}

// KNDB art. 5.3 lets the king on 4 take 13, 32, 20 or 13, 37, 20, both ending on 15: "4x15"
// does not say which, the long form (landing squares) and the Hub form (captured squares) do.
TEST(MoveTextAmbiguity, ShortCaptureSharedByTwoCapturesIsAnError) {
    const Variant v = Variant::International;
    const Position pos = position(v, "W:WK4:B13,32,37,20");
    for (MoveSyntax syntax : {MoveSyntax::Pdn, MoveSyntax::Any}) {
        const auto short_form = rulebook(v).parse_move(pos, "4x15", syntax);
        ASSERT_FALSE(short_form.ok());
        EXPECT_NE(short_form.error().find("ambiguous"), std::string::npos) << short_form.error();
    }
    const auto hub_short = rulebook(v).parse_move(pos, "4x15", MoveSyntax::Hub);
    EXPECT_FALSE(hub_short.ok());

    const Move via32 = legal_move(v, pos, "4x15x13x20x32");
    const Move via37 = legal_move(v, pos, "4x15x13x20x37");
    EXPECT_FALSE(via32 == via37);
    EXPECT_EQ(rulebook(v).format_move(pos, via32, MoveNotation::Standard), "4x27x38x15");
    EXPECT_EQ(rulebook(v).format_move(pos, via37, MoveNotation::Standard), "4x31x42x15");
    EXPECT_EQ(rulebook(v).format_move(pos, via32, MoveNotation::Long), "4x27x38x15");
    EXPECT_EQ(rulebook(v).format_move(pos, via37, MoveNotation::Long), "4x31x42x15");

    const auto long32 = rulebook(v).parse_move(pos, "4x27x38x15", MoveSyntax::Pdn);
    ASSERT_TRUE(long32.ok()) << long32.error();
    EXPECT_EQ(*long32, via32);
    const auto long37 = rulebook(v).parse_move(pos, "4x31x42x15", MoveSyntax::Pdn);
    ASSERT_TRUE(long37.ok()) << long37.error();
    EXPECT_EQ(*long37, via37);
    // One landing square is enough to tell them apart.
    const auto partial = rulebook(v).parse_move(pos, "4x38x15", MoveSyntax::Pdn);
    ASSERT_TRUE(partial.ok()) << partial.error();
    EXPECT_EQ(*partial, via32);
    // The captured squares in any order, as DXP and Hub peers may send them.
    const auto unordered = rulebook(v).parse_move(pos, "4x15x37x13x20", MoveSyntax::Hub);
    ASSERT_TRUE(unordered.ok()) << unordered.error();
    EXPECT_EQ(*unordered, via37);
    EXPECT_EQ(*rulebook(v).find_move(pos, MoveFields{4, 15, {20, 13, 32}}), via32);
}

// KNDB art. 4.3: after taking 37 the king may land on 32 or 28 before it takes 23, so a long
// form may name either; a leg that takes nothing, lands on a piece or skips a piece is wrong.
TEST(MoveTextRoundTrip, LongFormMayNameAnyLandingSquareOfAStraightCapture) {
    const Variant v = Variant::International;
    const Position pos = position(v, "W:WK46:B37,23");
    EXPECT_EQ(legal_moves(v, pos), sorted({"46x5x23x37", "46x10x23x37", "46x14x23x37", "46x19x23x37"}));
    const Move to5 = legal_move(v, pos, "46x5x23x37");
    for (const char* text : {"46x5", "46x32x5", "46x28x5"}) {
        const auto parsed = rulebook(v).parse_move(pos, text, MoveSyntax::Pdn);
        ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error();
        EXPECT_EQ(*parsed, to5) << text;
    }
    for (const char* text : {"46x41x5", "46x37x5", "46x23x5", "46x28x23x5", "46x19x28x5", "46x28x10x5", "46x32x19x5"})
        EXPECT_FALSE(rulebook(v).parse_move(pos, text, MoveSyntax::Pdn).ok()) << text;
}

// A capture that returns to its own square prints and reads as from x from.
TEST(MoveTextRoundTrip, CaptureBackToTheStartSquare) {
    const Variant v = Variant::International;
    const Position pos = position(v, "W:WK2:B7,8,17,18");
    const Move m = legal_move(v, pos, "2x2");
    EXPECT_EQ(m.from, m.to);
    EXPECT_EQ(m.capture_count(), 4);
    EXPECT_EQ(rulebook(v).format_move(pos, m, MoveNotation::Standard), "2x2");
    EXPECT_EQ(rulebook(v).format_move(pos, m, MoveNotation::Hub), "2x2x7x8x17x18");
}

TEST(MoveTextErrors, MalformedOrIllegalMoveTextIsAnErrorWithAReason) {
    struct Bad {
        Variant variant;
        const char* fen;
        std::string text;
        MoveSyntax syntax;
        const char* why;
    };
    const Variant I = Variant::International;
    const char* start = "W:W31-50:B1-20";
    const char* capture = "W:W28,45:B23";  // 28x19 takes 23
    const std::vector<Bad> table = {
        {I, start, "", MoveSyntax::Any, "empty"},
        {I, start, "   ", MoveSyntax::Any, "blank"},
        {I, start, "32", MoveSyntax::Any, "one square"},
        {I, start, "32-", MoveSyntax::Any, "no destination"},
        {I, start, "-28", MoveSyntax::Any, "no origin"},
        {I, start, "a-b", MoveSyntax::Any, "letters"},
        {I, start, "32-28-", MoveSyntax::Pdn, "trailing separator"},
        {I, start, "32--28", MoveSyntax::Pdn, "double separator"},
        {I, start, "32 28", MoveSyntax::Pdn, "space as separator"},
        {I, start, "32/28", MoveSyntax::Pdn, "unknown separator"},
        {I, start, "99-1", MoveSyntax::Any, "off the board"},
        {I, start, "0-5", MoveSyntax::Any, "square 0"},
        {I, start, "51-46", MoveSyntax::Hub, "square 51"},
        {I, start, "1234-5", MoveSyntax::Any, "four-digit square"},
        {I, start, "99999999999999999999-1", MoveSyntax::Any, "huge number"},
        {I, start, "32-27-21", MoveSyntax::Pdn, "a step with a landing square"},
        {I, start, "32-23", MoveSyntax::Any, "too far"},
        {I, start, "37-32", MoveSyntax::Any, "onto an own piece"},
        {I, start, "32-37", MoveSyntax::Any, "backward step"},
        {I, start, "28-23", MoveSyntax::Any, "empty origin"},
        {I, start, "19-23", MoveSyntax::Any, "opponent's piece"},
        {I, start, std::string("32-2\xff", 5), MoveSyntax::Any, "non-ASCII byte"},
        {I, capture, "45-40", MoveSyntax::Any, "quiet move while a capture is compulsory"},
        {I, capture, "28x19", MoveSyntax::Hub, "Hub capture without its captured square"},
        {I, capture, "28x19x22", MoveSyntax::Hub, "Hub capture with a wrong captured square"},
        {I, capture, "28x19x23x24", MoveSyntax::Hub, "Hub capture with an extra square"},
        {I, capture, "28x19x23x23", MoveSyntax::Hub, "Hub capture listing a square twice"},
        {I, capture, "28x19x51", MoveSyntax::Hub, "captured square off the board"},
        {I, capture, "28x14x19", MoveSyntax::Pdn, "long form through a wrong landing square"},
        {I, "W:WK4:B13,32,37,20", "4x27x42x15", MoveSyntax::Pdn, "landings of two captures mixed"},
        {Variant::English, "B:W21-32:B1-12", "22-18", MoveSyntax::Any, "white moves when black is to move"},
        {Variant::English, "B:W21-32:B1-12", "9-13-17", MoveSyntax::Any, "a step written as two"},
        {Variant::English, "B:W21-32:B1-12", "33-29", MoveSyntax::Any, "square 33 on 8x8"},
        {Variant::Frisian, "W:WK28:B1", "28-27", MoveSyntax::Any, "Frisian king stepping along a row"},
    };
    for (const Bad& b : table) {
        const Position pos = position(b.variant, b.fen);
        const auto parsed = rulebook(b.variant).parse_move(pos, b.text, b.syntax);
        EXPECT_FALSE(parsed.ok()) << b.why << ": '" << b.text << "' was accepted";
        if (!parsed.ok()) {
            EXPECT_FALSE(parsed.error().empty()) << b.why;
        }
    }
    // Fields from a DXP peer: off-board or illegal.
    const Position pos = position(I, capture);
    EXPECT_FALSE(rulebook(I).find_move(pos, MoveFields{0, 19, {23}}).ok());
    EXPECT_FALSE(rulebook(I).find_move(pos, MoveFields{28, 19, {}}).ok());
    EXPECT_FALSE(rulebook(I).find_move(pos, MoveFields{28, 19, {23, 99}}).ok());
    EXPECT_FALSE(rulebook(I).find_move(pos, MoveFields{28, 19, {-5}}).ok());
}

}  // namespace
}  // namespace kroon::test
