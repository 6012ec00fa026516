// Table-driven perft checks against the published perft tables (docs/variants.md, Verification).
//
// The same test sources build two executables: the default one checks the shallow depths of
// every row (fast), the one built with KROON_SLOW_TESTS (label `slow`) checks the deeper ones.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/rulebook/rulebook.hpp"

namespace kroon::test {

struct PerftCase {
    std::string name;  // test name: letters, digits and '_'
    Variant variant;
    std::string fen;
    std::vector<std::uint64_t> counts;  // counts[d - 1] = perft(d), as published
    int fast_depth;                     // the default run checks depths 1..fast_depth
    int slow_depth;                     // the slow run checks fast_depth+1..slow_depth
};

#ifdef KROON_SLOW_TESTS
inline constexpr bool slow_run = true;
#define KROON_RUN_PREFIX Deep
#else
inline constexpr bool slow_run = false;
#define KROON_RUN_PREFIX Fast
#endif

inline int first_depth(const PerftCase& c) { return slow_run ? c.fast_depth + 1 : 1; }
inline int last_depth(const PerftCase& c) { return slow_run ? c.slow_depth : c.fast_depth; }

// The rows that have depths to check in this run.
inline std::vector<PerftCase> cases_for_this_run(const std::vector<PerftCase>& table) {
    std::vector<PerftCase> out;
    for (const PerftCase& c : table)
        if (first_depth(c) <= last_depth(c)) out.push_back(c);
    return out;
}

// gtest prints parameters in test listings; a name reads better than the bytes.
inline void PrintTo(const PerftCase& c, std::ostream* os) { *os << c.name << " " << c.fen; }

inline std::string case_name(const ::testing::TestParamInfo<PerftCase>& info) { return info.param.name; }

// Checks every depth of this run with `count(variant, position, depth)`.
template <class Count>
void check_counts(const PerftCase& c, Count&& count) {
    auto pos = rulebook(c.variant).parse_fen(c.fen);
    ASSERT_TRUE(pos.ok()) << c.fen << ": " << pos.error();
    ASSERT_LE(last_depth(c), static_cast<int>(c.counts.size())) << "table row too short";
    for (int depth = first_depth(c); depth <= last_depth(c); ++depth)
        EXPECT_EQ(count(c.variant, *pos, depth), c.counts[depth - 1]) << c.name << " (" << c.fen << ") depth " << depth;
}

inline void check_perft(const PerftCase& c) {
    check_counts(c, [](Variant v, const Position& p, int d) { return rulebook(v).perft(p, d); });
}

}  // namespace kroon::test

// The prefix goes through one more macro so it is expanded before gtest pastes it.
#define KROON_INSTANTIATE_PERFT(prefix, suite, table)                                                      \
    INSTANTIATE_TEST_SUITE_P(prefix, suite, ::testing::ValuesIn(::kroon::test::cases_for_this_run(table)), \
                             ::kroon::test::case_name)
#define KROON_PERFT_CASES(suite, table) KROON_INSTANTIATE_PERFT(KROON_RUN_PREFIX, suite, table)
