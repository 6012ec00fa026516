// The engine's generator against the independent reference generator, on random positions
// and along random games in every variant: the same legal moves (from, to, captured set,
// crowning), none twice, count_moves, has_capture and count_moves_unless_capture agreeing,
// perft two plies down equal to the replies counted one by one, and every capture path a real
// capture. The Frisian art. 17 state is tracked here independently and compared with the
// position's. Each variant also counts the positions where a neighbouring variant's rules
// give other moves, so a rule the random positions never reach would show up as a failure.
#include <algorithm>
#include <cstdio>
#include <map>

#include <gtest/gtest.h>

#include "engine/movegen/movegen.hpp"
#include "engine/rules/variant.hpp"
#include "tests/engine/reference_movegen.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

// The default run takes well under a second per variant; the slow executable looks at 20
// times as many positions.
#ifdef KROON_SLOW_TESTS
constexpr int scale = 20;
#define KROON_CROSSCHECK_PREFIX Deep
#else
constexpr int scale = 1;
#define KROON_CROSSCHECK_PREFIX Fast
#endif

std::vector<ReferenceMove> engine_moves(Variant v, const Position& pos) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    std::vector<ReferenceMove> out;
    for (const Move& m : list) {
        const MoveFields f = rulebook(v).move_fields(m);
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

// Perft two plies down counts the replies from bitboards where it can (no kings); one ply at
// a time, it must come to the same.
std::uint64_t replies_one_by_one(Variant v, const Position& pos) {
    MoveList list;
    rulebook(v).generate_moves(pos, list);
    std::uint64_t replies = 0;
    for (const Move& m : list)
        replies += static_cast<std::uint64_t>(rulebook(v).count_moves(rulebook(v).after(pos, m)));
    return replies;
}

// Compares everything at one position; returns false after the first difference.
bool same_moves(Variant v, const Position& pos, const ReferenceBoard& board) {
    const std::vector<ReferenceMove> expected = reference_moves(board);
    const std::vector<ReferenceMove> actual = engine_moves(v, pos);
    const std::string fen = rulebook(v).format_fen(pos);
    EXPECT_EQ(actual, expected) << fen << (board.run_count ? " (king run)" : "") << "\n engine:   " << describe(actual)
                                << "\n reference:" << describe(expected);
    EXPECT_EQ(rulebook(v).count_moves(pos), static_cast<int>(actual.size())) << fen;
    EXPECT_EQ(rulebook(v).perft(pos, 2), replies_one_by_one(v, pos)) << fen;
    const bool must_capture = !expected.empty() && !expected.front().captured.empty();
    EXPECT_EQ(rulebook(v).has_capture(pos), must_capture) << fen;
    // The quiescence search's question: -1 with a capture, else the number of moves.
    const int unless_capture =
        with_rules(v, [&](auto tag) { return count_moves_unless_capture<typename decltype(tag)::Rules>(pos); });
    EXPECT_EQ(unless_capture, must_capture ? -1 : static_cast<int>(expected.size())) << fen;
    // The exchanges at the search's quiet leaves: every capture takes one man and leaves the
    // other side a capture.
    const int exchange =
        with_rules(v, [&](auto tag) { return single_captures_allow_recapture<typename decltype(tag)::Rules>(pos); });
    if (exchange >= 0) {
        bool answered = true;  // also when there is no capture
        MoveList list;
        rulebook(v).generate_moves(pos, list);
        for (const Move& m : list)
            if (m.is_capture())
                answered = answered && m.capture_count() == 1 && rulebook(v).has_capture(rulebook(v).after(pos, m));
        EXPECT_EQ(exchange, answered ? 1 : 0) << fen << " (exchange)";
    }
    // The men's steps picked out by squares, as the search's exchanges list them: in a
    // position without kings and without a capture, the same steps in the same order as
    // the whole list filtered by the same rule. The squares come from the position's hash.
    if (!pos.kings() && !must_capture) {
        const StepFilter filter{pos.hash(), pos.hash() * 0x9E3779B97F4A7C15ull, pos.men(~pos.side_to_move())};
        const auto kept = [&](const Move& m) {
            const int beyond = 2 * m.to - m.from;  // one more step the same way
            return (filter.to >> m.to & 1) || (filter.from >> m.from & 1) ||
                   (beyond >= 0 && beyond < 64 && (filter.beyond >> beyond & 1));
        };
        MoveList all, steps;
        rulebook(v).generate_moves(pos, all);
        with_rules(v, [&](auto tag) { generate_man_steps<typename decltype(tag)::Rules>(pos, steps, filter); });
        std::vector<Move> expected_steps;
        for (const Move& m : all)
            if (kept(m)) expected_steps.push_back(m);
        EXPECT_TRUE(std::equal(steps.begin(), steps.end(), expected_steps.begin(), expected_steps.end()))
            << fen << " (the men's steps by squares: " << steps.size() << " listed, " << expected_steps.size()
            << " expected)";
    }
    // The other side's threats: the same question with the turn passed.
    ReferenceBoard turned = board;
    turned.side = ~board.side;
    turned.run_square = turned.run_count = 0;
    const std::vector<ReferenceMove> threats = reference_moves(turned);
    EXPECT_EQ(rulebook(v).has_capture(pos, ~pos.side_to_move()), !threats.empty() && !threats.front().captured.empty())
        << fen << " (the other side)";
    if (actual != expected) return false;

    if (!actual.empty() && !actual.front().captured.empty()) {
        // Every capture path of the engine is a complete capture for the reference, taking
        // the same pieces.
        std::map<std::pair<int, std::vector<int>>, ReferencePath> reference_paths;
        for (const ReferencePath& p : reference_capture_paths(board)) reference_paths[{p.from, p.landings}] = p;
        const std::vector<CapturePath> paths = rulebook(v).capture_paths(pos);
        for (const CapturePath& p : paths) {
            const MoveFields f = rulebook(v).move_fields(p.move);
            std::vector<int> landings;
            for (int b : p.landings) landings.push_back(rulebook(v).square_number(b));
            std::string text = std::to_string(f.from);  // format_move would search the paths again
            for (int s : landings) text += "x" + std::to_string(s);
            EXPECT_EQ(landings.empty() ? 0 : landings.back(), f.to) << fen << " " << text;
            const auto found = reference_paths.find({f.from, landings});
            if (found == reference_paths.end()) {
                ADD_FAILURE() << fen << ": the engine's capture path " << text
                              << " is no complete capture for the reference";
                continue;
            }
            std::vector<int> taken = found->second.captured;
            std::sort(taken.begin(), taken.end());
            EXPECT_EQ(taken, f.captured) << fen << " " << text;
            EXPECT_EQ(found->second.promotes, p.move.promotes) << fen << " " << text;
        }
        // Each legal move has a path (long notation, DXP), with its crowning.
        for (const ReferenceMove& m : actual) {
            const bool has_path = std::any_of(paths.begin(), paths.end(), [&](const CapturePath& p) {
                const MoveFields f = rulebook(v).move_fields(p.move);
                return f.from == m.from && f.to == m.to && f.captured == m.captured && p.move.promotes == m.promotes;
            });
            EXPECT_TRUE(has_path) << fen << " no capture path for " << to_string(m);
        }
    }
    return !::testing::Test::HasFailure();
}

// A variant on the same board whose rules differ from v's in the rule v is known for: the
// random positions where the two disagree show that rule was put to the test.
Variant neighbour(Variant v) {
    switch (v) {
        case Variant::International: return Variant::Killer;
        case Variant::Frisian: return Variant::International;
        case Variant::English: return Variant::Norwegian;  // free choice
        case Variant::Brazilian: return Variant::Pool;     // most pieces
        case Variant::Russian: return Variant::Pool;       // crowning in passing
        case Variant::Pool: return Variant::Brazilian;
        case Variant::Czech: return Variant::Finnish;    // a king captures first
        case Variant::Spanish: return Variant::Italian;  // both number rows mirrored
        case Variant::Italian: return Variant::Spanish;
        case Variant::Thai: return Variant::Finnish;  // lands behind, removes at once
        case Variant::Norwegian: return Variant::English;
        case Variant::Finnish: return Variant::Czech;
        case Variant::Killer: return Variant::International;  // halts behind a king
        case Variant::Breakthrough: return Variant::International;
        case Variant::Antidraughts: return Variant::Antidraughts;  // international moves
        case Variant::Frysk: return Variant::International;
    }
    return v;
}

class Crosscheck : public ::testing::TestWithParam<Variant> {};

TEST_P(Crosscheck, RandomPositions) {
    const Variant v = GetParam();
    const ReferenceFacts facts = reference_facts(v);
    std::mt19937_64 rng(1234567);
    const int most = facts.squares == 32 ? 12 : 20;
    int captures = 0, decided = 0;
    for (int i = 0; i < 2000 * scale; ++i) {
        // A third of the positions hold men only (more men's captures, crowning in passing);
        // breakthrough ends at the first king: mostly positions without one.
        const bool kings = facts.no_moves_with_kings ? i % 10 == 0 : i % 3 != 2;
        const Position pos = random_position(v, rng, 1 + i % most, kings);
        const ReferenceBoard board = reference_board(v, pos);
        if (!same_moves(v, pos, board)) return;
        const std::vector<ReferenceMove> moves = reference_moves(board);
        captures += !moves.empty() && !moves.front().captured.empty();
        ReferenceBoard other = board;
        other.variant = neighbour(v);
        decided += reference_moves(other) != moves;
    }
    std::printf(
        "%s: %d random positions, %d with captures, %d decided by its own rules "
        "(against %s)\n",
        std::string(rulebook(v).name()).c_str(), 2000 * scale, captures, decided,
        std::string(rulebook(neighbour(v)).name()).c_str());
    EXPECT_GT(captures, 200 * scale);
    if (neighbour(v) != v) {
        EXPECT_GT(decided, 10 * scale);
    }
}

// Random games, from the start and from random positions, with the art. 17 state followed
// move by move.
TEST_P(Crosscheck, RandomGames) {
    const Variant v = GetParam();
    const ReferenceFacts facts = reference_facts(v);
    const bool art17 = facts.king_move_limit > 0;
    std::mt19937_64 rng(7654321);
    int checked = 0, captures = 0, resting = 0, decided = 0;
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
                EXPECT_EQ(engine_run.count, run.count) << rulebook(v).format_fen(pos);
                if (run.count) {
                    EXPECT_EQ(rulebook(v).square_number(engine_run.square), run.square) << rulebook(v).format_fen(pos);
                }
            }
            failed = !same_moves(v, pos, board);
            if (art17) {
                const MoveFields f = rulebook(v).move_fields(move);
                run.after_move(board, {f.from, f.to, f.captured, move.promotes});
            }
            ReferenceBoard other = board;
            other.variant = neighbour(v);
            decided += reference_moves(other) != reference_moves(board);
            ++checked;
            captures += move.is_capture();
            resting += board.run_count >= facts.king_move_limit && art17;
        });
    };
    for (int i = 0; i < 40 * scale && !failed; ++i) game(rulebook(v).start_position(), 200);
    for (int i = 0; i < 150 * scale && !failed; ++i)
        game(random_position(v, rng, 1 + i % 8, !facts.no_moves_with_kings), 80);
    std::printf(
        "%s: %d positions in games, %d captures played, %d with a resting king, %d "
        "decided by its own rules\n",
        std::string(rulebook(v).name()).c_str(), checked, captures, resting, decided);
    EXPECT_GT(checked, 2000 * scale);
    EXPECT_GT(captures, 200 * scale);
    if (art17) {
        // Frysk's five men a side are soon gone, and with only kings art. 17 binds no one.
        EXPECT_GT(resting, 2 * scale);
    }
}

INSTANTIATE_TEST_SUITE_P(KROON_CROSSCHECK_PREFIX, Crosscheck, ::testing::ValuesIn(all_variants),
                         [](const auto& p) { return std::string(rulebook(p.param).name()); });

}  // namespace
}  // namespace kroon::test
