// The learned evaluation: weights files read back exactly and refuse damage with a reason,
// the score is colour-symmetric for any weights in every variant, the trainer's sum is the
// evaluation's, and the breakdown adds up.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "engine/rulebook/rulebook.hpp"
#include "eval/evaluate.hpp"
#include "eval/learned.hpp"
#include "tests/support/variant_param.hpp"

namespace kroon::eval {
namespace {

Weights random_weights(Variant v, std::uint32_t seed, bool by_side_to_move = false, bool shifted_windows = false) {
    Weights w = empty_weights(v, by_side_to_move, shifted_windows);
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> small(-400, 400);
    for (auto& p : w.patterns) p = {static_cast<std::int16_t>(small(rng)), static_cast<std::int16_t>(small(rng))};
    for (auto& d : w.dense) d = {static_cast<std::int16_t>(small(rng) * 4), static_cast<std::int16_t>(small(rng) * 4)};
    w.dense[int(Dense::Men)] = {1600, 1600};
    return w;
}

// The board turned half a turn with the colours swapped: the same position for the other side.
Position mirrored(const Rulebook& rules, const Position& p) {
    const int n = rules.squares();
    const auto turn = [&](Bitboard b) {
        Bitboard out = 0;
        for (int x : Bits{b}) out |= bit(rules.bit_of_square(n + 1 - rules.square_number(x)));
        return out;
    };
    return Position::from_sets(turn(p.pieces(Color::Black)), turn(p.pieces(Color::White)), turn(p.kings()),
                               ~p.side_to_move());
}

std::vector<Position> random_positions(const Rulebook& rules, std::uint32_t seed, int games) {
    std::mt19937 rng(seed);
    std::vector<Position> out;
    for (int g = 0; g < games; ++g) {
        Position pos = rules.start_position();
        for (int ply = 0; ply < 150; ++ply) {
            MoveList moves;
            rules.generate_moves(pos, moves);
            if (moves.empty()) break;
            rules.play(pos, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
            out.push_back(pos);
        }
    }
    return out;
}

class LearnedEvaluation : public ::testing::TestWithParam<Variant> {};

// The four layouts of the pattern tables: one table a window or two (split by the side to
// move), without and with the shifted windows.
struct Layout {
    bool by_side_to_move;
    bool shifted_windows;
};
constexpr Layout layouts[] = {{false, false}, {true, false}, {false, true}, {true, true}};

std::string describe(const Layout& l) {
    return std::string(l.by_side_to_move ? " (tables by side to move" : " (one table a window") +
           (l.shifted_windows ? ", shifted windows)" : ")");
}

TEST_P(LearnedEvaluation, ColourSymmetricForAnyWeights) {
    const Rulebook& rules = rulebook(GetParam());
    for (const Layout& layout : layouts) {
        const auto weights =
            std::make_shared<Weights>(random_weights(GetParam(), 11, layout.by_side_to_move, layout.shifted_windows));
        const Evaluation learned{EvalKind::Learned, weights};
        int checked = 0;
        for (const Position& pos : random_positions(rules, 5, 6)) {
            ASSERT_EQ(evaluate(rules, learned, pos), evaluate(rules, learned, mirrored(rules, pos)))
                << rules.format_fen(pos) << describe(layout);
            ++checked;
        }
        EXPECT_GT(checked, 100);
    }
}

// The fast path's folded tables (one look-up a window) score every position as the two
// look-ups do, in every layout, and stay colour-symmetric.
TEST_P(LearnedEvaluation, FoldedTablesScoreAsTheTwoLookUps) {
    const Rulebook& rules = rulebook(GetParam());
    for (const Layout& layout : layouts) {
        const Weights plain = random_weights(GetParam(), 17, layout.by_side_to_move, layout.shifted_windows);
        Weights folded = plain;
        fold_patterns(folded);
        ASSERT_EQ(folded.folded.size(), plain.patterns.size());
        const Evaluation two_lookups{EvalKind::Learned, std::make_shared<Weights>(plain)};
        const Evaluation one_lookup{EvalKind::Learned, std::make_shared<Weights>(folded)};
        int checked = 0;
        for (const Position& pos : random_positions(rules, 21, 6)) {
            const int expected = evaluate(rules, two_lookups, pos);
            ASSERT_EQ(evaluate(rules, one_lookup, pos), expected) << rules.format_fen(pos) << describe(layout);
            ASSERT_EQ(evaluate(rules, one_lookup, mirrored(rules, pos)), expected) << rules.format_fen(pos);
            ++checked;
        }
        EXPECT_GT(checked, 100);
    }
}

TEST_P(LearnedEvaluation, TrainerSumIsTheEvaluation) {
    const Rulebook& rules = rulebook(GetParam());
    for (const Layout& layout : layouts) {
        const Weights weights = random_weights(GetParam(), 3, layout.by_side_to_move, layout.shifted_windows);
        const Evaluation learned{EvalKind::Learned, std::make_shared<Weights>(weights)};
        for (const Position& pos : random_positions(rules, 9, 3)) {
            const Breakdown b = explain(rules, learned, pos);
            const double sum =
                feature_score(weights, features(rules, pos, layout.by_side_to_move, layout.shifted_windows));
            const int expected = b.scaled ? b.before_scaling : b.white_view;
            if (std::abs(sum) < max_score - 1) {
                EXPECT_NEAR(sum, expected, 1.0) << rules.format_fen(pos);
            }
            // The lines of the breakdown add up to the total, up to rounding.
            int lines = 0;
            for (const auto& t : b.terms) lines += t.white - t.black;
            if (!b.scaled && std::abs(expected) < max_score - 1) {
                EXPECT_NEAR(lines, b.white_view, static_cast<int>(b.terms.size())) << rules.format_fen(pos);
            }
        }
    }
}

// Tables split by the side to move: with both halves alike they score as the one table does;
// the second half is what the side not to move's men are worth.
TEST(Weights, TablesSplitBySideToMove) {
    const Rulebook& rules = rulebook(Variant::International);
    const Weights one = random_weights(Variant::International, 4);
    const Weights two = split_by_side_to_move(one);
    ASSERT_EQ(two.tables(), 32);
    ASSERT_EQ(two.patterns.size(), 2 * one.patterns.size());
    const Evaluation by_one{EvalKind::Learned, std::make_shared<Weights>(one)};
    const Evaluation by_two{EvalKind::Learned, std::make_shared<Weights>(two)};
    const auto positions = random_positions(rules, 7, 2);
    for (const Position& pos : positions)
        ASSERT_EQ(evaluate(rules, by_one, pos), evaluate(rules, by_two, pos)) << rules.format_fen(pos);
    // The waiting side's tables worth nothing: only the side to move's patterns count.
    Weights movers = two;
    std::fill(movers.patterns.begin() + std::ptrdiff_t(one.patterns.size()), movers.patterns.end(), PhaseWeight{});
    const Evaluation by_movers{EvalKind::Learned, std::make_shared<Weights>(movers)};
    int differ = 0;
    for (const Position& pos : positions) differ += evaluate(rules, by_movers, pos) != evaluate(rules, by_two, pos);
    EXPECT_GT(differ, static_cast<int>(positions.size()) / 2);
    // The layout survives the file: 46 header bytes, then 32 tables and the counts.
    const std::string bytes = serialize(movers);
    EXPECT_EQ(bytes.size(), 46u + (32u * 6561 + dense_count) * 4);
    const auto back = parse_weights(bytes);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_TRUE(back->by_side_to_move);
    EXPECT_EQ(serialize(*back), bytes);
}

// The shifted windows (corners on odd rows and files) added with zero tables score as before;
// with weights of their own they change the score, and the layout survives the file.
TEST(Weights, ShiftedWindows) {
    for (const Variant v : {Variant::International, Variant::English}) {
        const Rulebook& rules = rulebook(v);
        const bool ten = rules.traits().rows == 10;
        for (const bool by_side_to_move : {false, true}) {
            const Weights base = random_weights(v, 5, by_side_to_move);
            const Weights wide = add_shifted_windows(base);
            ASSERT_EQ(wide.windows, ten ? 25 : 13);
            ASSERT_EQ(base.windows, ten ? 16 : 9);
            ASSERT_TRUE(wide.shifted_windows());
            ASSERT_EQ(wide.by_side_to_move, by_side_to_move);
            ASSERT_EQ(wide.patterns.size(), static_cast<std::size_t>(wide.tables()) * pattern_count);
            const Evaluation by_base{EvalKind::Learned, std::make_shared<Weights>(base)};
            Weights folded_wide = wide;
            fold_patterns(folded_wide);
            const Evaluation by_wide{EvalKind::Learned, std::make_shared<Weights>(folded_wide)};
            const auto positions = random_positions(rules, 13, 2);
            for (const Position& pos : positions)
                ASSERT_EQ(evaluate(rules, by_wide, pos), evaluate(rules, by_base, pos)) << rules.format_fen(pos);
            // A weight in a shifted window's table only: the positions whose pattern there
            // it is score differently.
            Weights marked = wide;
            for (int half = 0; half < (by_side_to_move ? 2 : 1); ++half)
                for (int w = wide.base_windows(); w < wide.windows; ++w)
                    for (int p = 0; p < pattern_count; ++p)
                        marked.patterns[static_cast<std::size_t>(half * wide.windows + w) * pattern_count +
                                        static_cast<std::size_t>(p)] = {static_cast<std::int16_t>(p % 97),
                                                                        static_cast<std::int16_t>(p % 89)};
            fold_patterns(marked);
            const Evaluation by_marked{EvalKind::Learned, std::make_shared<Weights>(marked)};
            int differ = 0;
            for (const Position& pos : positions)
                differ += evaluate(rules, by_marked, pos) != evaluate(rules, by_base, pos);
            EXPECT_GT(differ, static_cast<int>(positions.size()) / 2);
            const std::string bytes = serialize(marked);
            EXPECT_EQ(bytes.size(), 46u + (static_cast<std::size_t>(marked.tables()) * 6561 + dense_count) * 4);
            const auto back = parse_weights(bytes);
            ASSERT_TRUE(back.ok()) << back.error();
            EXPECT_EQ(back->windows, marked.windows);
            EXPECT_EQ(back->by_side_to_move, by_side_to_move);
            EXPECT_EQ(serialize(*back), bytes);
            const Evaluation by_back{EvalKind::Learned, std::make_shared<Weights>(*back)};
            for (const Position& pos : positions)
                ASSERT_EQ(evaluate(rules, by_back, pos), evaluate(rules, by_marked, pos)) << rules.format_fen(pos);
        }
    }
}

// Read weights are folded; a fold whose differences leave 16 bits is not built, and the
// evaluation then takes the two look-ups.
TEST(Weights, FoldedWhenReadUnlessTooLarge) {
    const Rulebook& rules = rulebook(Variant::International);
    const Weights w = random_weights(Variant::International, 8);
    const auto back = parse_weights(serialize(w));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->folded.size(), w.patterns.size());
    Weights large = w;
    // Window 0's empty pattern for White against the turned window's for Black: 30000 - -30000.
    large.patterns[0] = {30000, 0};
    large.patterns[static_cast<std::size_t>(15) * pattern_count] = {-30000, 0};
    fold_patterns(large);
    EXPECT_TRUE(large.folded.empty());
    const auto large_back = parse_weights(serialize(large));
    ASSERT_TRUE(large_back.ok()) << large_back.error();
    EXPECT_TRUE(large_back->folded.empty());
    const Evaluation by_large{EvalKind::Learned, std::make_shared<Weights>(*large_back)};
    const Position start = rules.start_position();
    EXPECT_EQ(evaluate(rules, by_large, start), evaluate(rules, by_large, mirrored(rules, start)));
    for (const Variant v : all_variants)
        if (const auto shipped = builtin_weights(v)) {
            EXPECT_FALSE(shipped->folded.empty()) << rulebook(v).name();
        }
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, LearnedEvaluation, ::testing::ValuesIn(all_variants), test::variant_test_name);

// The built-in learned evaluation of `p`, from White's side.
int learned_score_for_white(const Rulebook& rules, const Position& p) {
    const int score = evaluate(rules, Evaluation{EvalKind::Learned, nullptr}, p);
    return p.side_to_move() == Color::White ? score : -score;
}

// The program carries learned weights for every variant (eval/weights/*.kw), each file for its
// own variant, and they know material: a man up is good for the side that has it.
TEST(Weights, ShippedForEveryVariant) {
    for (const Variant v : all_variants) {
        SCOPED_TRACE(rulebook(v).name());
        const auto weights = builtin_weights(v);
        ASSERT_NE(weights, nullptr);
        EXPECT_EQ(weights->variant, v);
        const Rulebook& rules = rulebook(v);
        const auto white_view = [&](const Position& p) { return learned_score_for_white(rules, p); };
        const Position start = rules.start_position();
        EXPECT_LT(std::abs(white_view(start)), 100);  // the start is about even
        // Take away one of Black's men: White is a man up.
        const Bitboard black = start.pieces(Color::Black) & ~bit(lowest_bit(start.men(Color::Black)));
        const Position man_up =
            Position::from_sets(start.pieces(Color::White), black, start.kings(), start.side_to_move());
        // Antidraughts is won by losing the pieces: there a man more is worse.
        if (v == Variant::Antidraughts) {
            EXPECT_LT(white_view(man_up), white_view(start) - 50);
        } else {
            EXPECT_GT(white_view(man_up), white_view(start) + 50);
        }
    }
}

// The learned score's unit is the hand-written evaluation's hundredth of a man, but the weights
// price a man by the men on the board (docs/evaluation.md, The score's scale): about three men
// of the score on a full board, under two in a late ending.
TEST(Weights, InternationalPricesAManByTheMenOnTheBoard) {
    const Rulebook& rules = rulebook(Variant::International);
    const auto white_view = [&](const char* fen) {
        const auto p = rules.parse_fen(fen);
        if (!p.ok()) {
            ADD_FAILURE() << "bad FEN " << fen;
            return 0;
        }
        return learned_score_for_white(rules, *p);
    };
    const int full_board = white_view(
        "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"
        "17,18,19,20");
    const int late_ending = white_view("W:W40,45,49:B5,11");
    EXPECT_GT(full_board, 250);
    EXPECT_LT(full_board, 450);
    EXPECT_GT(late_ending, 50);
    EXPECT_LT(late_ending, 200);
}

TEST(Weights, RoundTripThroughBytesAndFiles) {
    const Weights w = random_weights(Variant::Frisian, 1);
    const std::string bytes = serialize(w);
    const auto back = parse_weights(bytes);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->variant, Variant::Frisian);
    ASSERT_EQ(back->patterns.size(), w.patterns.size());
    for (std::size_t i = 0; i < w.patterns.size(); ++i) {
        ASSERT_EQ(back->patterns[i].mg, w.patterns[i].mg);
        ASSERT_EQ(back->patterns[i].eg, w.patterns[i].eg);
    }
    for (int d = 0; d < dense_count; ++d) EXPECT_EQ(back->dense[d].eg, w.dense[d].eg);
    const std::string path = (std::filesystem::temp_directory_path() / "kroon_weights_test.kw").string();
    ASSERT_FALSE(write_weights_file(path, w));
    const auto read = read_weights_file(path);
    ASSERT_TRUE(read.ok()) << read.error();
    EXPECT_EQ(serialize(**read), bytes);
    std::filesystem::remove(path);
    const std::size_t english_bytes = 46u + (9u * 6561 + dense_count) * 4;
    EXPECT_EQ(serialize(empty_weights(Variant::English)).size(), english_bytes);
}

TEST(Weights, DamagedFilesAreRefusedWithAReason) {
    const std::string good = serialize(random_weights(Variant::International, 2));
    const auto refused = [](const std::string& bytes, const std::string& reason) {
        const auto parsed = parse_weights(bytes);
        ASSERT_FALSE(parsed.ok());
        EXPECT_NE(parsed.error().find(reason), std::string::npos) << parsed.error();
    };
    refused("", "not a Kroon weights file");
    refused("hello, world: this is not a weights file at all, honestly", "KROONEVW");
    refused(good.substr(0, good.size() - 1), "truncated");
    refused(good.substr(0, 100), "truncated");
    refused(good + "x", "truncated");
    std::string flipped = good;
    flipped[flipped.size() / 2] ^= 0x10;
    refused(flipped, "checksum");
    std::string version = good;
    version[8] = 9;
    refused(version, "version 9");
    std::string variant = good;
    variant.replace(10, 5, "chess");
    refused(variant, "unknown variant");
    // Frisian weights are laid out like international ones, English ones are not.
    std::string english = serialize(empty_weights(Variant::English));
    english.replace(10, 16, std::string("international") + std::string(3, '\0'));
    refused(english, "does not fit");
    EXPECT_FALSE(read_weights_file("/no/such/file.kw").ok());
}

TEST(Evaluation, KindsAndWhichWeightsApply) {
    EXPECT_EQ(parse_eval_kind("hand"), EvalKind::Hand);
    EXPECT_EQ(parse_eval_kind("pst"), EvalKind::Hand);
    EXPECT_EQ(parse_eval_kind("learned"), EvalKind::Learned);
    EXPECT_EQ(parse_eval_kind("pattern"), EvalKind::Learned);
    EXPECT_FALSE(parse_eval_kind("neural").has_value());
    const auto file = std::make_shared<Weights>(empty_weights(Variant::Frisian));
    const Evaluation learned{EvalKind::Learned, file};
    EXPECT_EQ(learned.weights_for(Variant::Frisian), file);
    EXPECT_NE(learned.weights_for(Variant::International), file);  // the file is for its own variant only
    const Evaluation hand_written{EvalKind::Hand, file};
    EXPECT_EQ(hand_written.weights_for(Variant::Frisian), nullptr);
    // Without a file, the built-in weights of the game's variant.
    const Evaluation builtin{EvalKind::Learned, nullptr};
    EXPECT_EQ(builtin.weights_for(Variant::Frysk), builtin_weights(Variant::Frysk));
    EXPECT_NE(builtin.weights_for(Variant::Frysk), nullptr);
}

}  // namespace
}  // namespace kroon::eval
