// English checkers perft, unique counts: the published perft tables (docs/variants.md, Verification).
#include "tests/engine/perft_cases.hpp"

namespace kroon::test {
namespace {

constexpr Variant E = Variant::English;

const std::vector<PerftCase> english_cases = {
    // Start, black moves first. d1-11 are the OEIS A133046 numbers (no duplicate captures
    // exist before d12); d12 and d13 unique counts are dctl's (damforum t=2822).
    {"Start",
     E,
     "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
     {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388617999, 1766564893},
     10,
     13},
    // A white king on 26 takes 14, 15, 22 and 23 round a ring, both ways: one move
    // (local-dctl and pyd agree to d3).
    {"KingRing", E, "W:WK26,30:B5,14,15,22,23", {1, 1, 4, 8, 44, 63}, 6, 6},
};

class EnglishPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(EnglishPerft, MatchesPublishedCounts) { check_perft(GetParam()); }

KROON_PERFT_CASES(EnglishPerft, english_cases);

}  // namespace
}  // namespace kroon::test
