// The engine's generator against the independent reference generator, on random positions
// and along random games in every variant: the same legal moves (from, to, captured set,
// crowning), none twice, count_moves agreeing, and every capture path a real capture. The
// Frisian art. 17 state is tracked here independently and compared with the position's.
#include <cstdio>

#include <gtest/gtest.h>

#include "tests/engine/reference_movegen.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

#ifdef KROON_SLOW_TESTS
constexpr int scale = 20;
#define KROON_CROSSCHECK_PREFIX Deep
#else
constexpr int scale = 1;
#define KROON_CROSSCHECK_PREFIX Fast
#endif

std::vector<ReferenceMove> engine_moves(Variant v, const Position& pos) {
    MoveList list;
    generate_moves(v, pos, list);
    std::vector<ReferenceMove> out;
    for (const Move& m : list) {
        const MoveFields f = move_fields(v, m);
        out.push_back({f.from, f.to, f.captured, m.promotes});
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string describe(const std::vector<ReferenceMove>& moves) {
    std::string s;
    for (const ReferenceMove& m : moves) s += " " + to_string(m);
    return s;
}

// Compares everything at one position; returns false after the first difference.
bool same_moves(Variant v, const Position& pos, const ReferenceBoard& board) {
    const std::vector<ReferenceMove> expected = reference_moves(board);
    const std::vector<ReferenceMove> actual = engine_moves(v, pos);
    const std::string fen = format_fen(v, pos);
    EXPECT_EQ(actual, expected) << fen << (board.run_count ? " (king run)" : "")
                                << "\n engine:   " << describe(actual)
                                << "\n reference:" << describe(expected);
    EXPECT_EQ(count_moves(v, pos), static_cast<int>(actual.size())) << fen;
    if (actual != expected) return false;

    if (!actual.empty() && !actual.front().captured.empty()) {
        const auto paths = capture_paths(v, pos);
        for (const CapturePath& p : paths) {
            const MoveFields f = move_fields(v, p.move);
            std::vector<int> landings;
            for (int b : p.landings) landings.push_back(square_number(v, b));
            std::string why;
            EXPECT_TRUE(valid_capture_path(board, f.from, landings, f.captured, why))
                << fen << " path of " << format_move(v, pos, p.move, MoveNotation::Hub) << ": " << why;
            EXPECT_EQ(landings.empty() ? 0 : landings.back(), f.to) << fen;
        }
        for (const ReferenceMove& m : actual) {
            const bool has_path = std::any_of(paths.begin(), paths.end(), [&](const CapturePath& p) {
                const MoveFields f = move_fields(v, p.move);
                return f.from == m.from && f.to == m.to && f.captured == m.captured;
            });
            EXPECT_TRUE(has_path) << fen << " no capture path for " << to_string(m);
        }
    }
    return !::testing::Test::HasFailure();
}

class Crosscheck : public ::testing::TestWithParam<Variant> {};

TEST_P(Crosscheck, RandomPositions) {
    const Variant v = GetParam();
    std::mt19937_64 rng(1234567);
    const int most = v == Variant::English ? 12 : 20;
    for (int i = 0; i < 10000 * scale; ++i) {
        const Position pos = random_position(v, rng, 1 + i % most);
        if (!same_moves(v, pos, reference_board(v, pos))) return;
    }
}

// Random games, from the start and from random positions full of kings, with the art. 17
// state followed move by move.
TEST_P(Crosscheck, RandomGames) {
    const Variant v = GetParam();
    const bool art17 = v == Variant::Frisian;
    std::mt19937_64 rng(7654321);
    int checked = 0, captures = 0, resting = 0;
    bool failed = false;
    auto game = [&](const Position& start, int plies) {
        ReferenceRun runs[2];
        random_playout(v, start, plies, rng, [&](const Position& pos, const Move& move) {
            if (failed) return;
            const Color us = pos.side_to_move();
            ReferenceRun& run = runs[index(us)];
            const ReferenceBoard board = reference_board(v, pos, run.square, run.count);
            if (art17) {
                const KingRun engine_run = pos.king_run(us);
                EXPECT_EQ(engine_run.count, run.count) << format_fen(v, pos);
                if (run.count) {
                    EXPECT_EQ(square_number(v, engine_run.square), run.square) << format_fen(v, pos);
                }
            }
            failed = !same_moves(v, pos, board);
            if (art17) {
                const MoveFields f = move_fields(v, move);
                run.after_move(board, {f.from, f.to, f.captured, move.promotes});
            }
            ++checked;
            captures += move.is_capture();
            resting += board.run_count >= 3;
        });
    };
    for (int i = 0; i < 300 * scale && !failed; ++i) game(start_position(v), 200);
    for (int i = 0; i < 1000 * scale && !failed; ++i) game(random_position(v, rng, 1 + i % 8), 80);
    std::printf("%s: %d positions, %d captures played, %d with a resting king\n",
                std::string(variant_name(v)).c_str(), checked, captures, resting);
    EXPECT_GT(checked, 5000 * scale);
    EXPECT_GT(captures, 500 * scale);
    if (art17) {
        EXPECT_GT(resting, 10 * scale);
    }
}

INSTANTIATE_TEST_SUITE_P(KROON_CROSSCHECK_PREFIX, Crosscheck,
                         ::testing::Values(Variant::International, Variant::Frisian,
                                           Variant::English),
                         [](const auto& p) { return std::string(variant_name(p.param)); });

}  // namespace
}  // namespace kroon::test
