// Frisian draughts perft, unique counts: the published perft tables (docs/variants.md, Verification).
#include "tests/engine/perft_cases.hpp"

namespace kroon::test {
namespace {

const std::vector<PerftCase> frisian_cases = {
    // Start: dctl and pyd agree to d5, dctl alone (reproduced by local-dctl) beyond. Kings
    // first appear at d7; the three-king-move limit (art. 17) first matters at d13.
    {"Start",
     Variant::Frisian,
     "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
     "20",
     {9, 81, 658, 3874, 21265, 102431, 540126, 2825779, 15605069, 85817725, 491186430},
     8,
     11},
};

class FrisianPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(FrisianPerft, MatchesPublishedCounts) { check_perft(GetParam()); }

KROON_PERFT_CASES(FrisianPerft, frisian_cases);

}  // namespace
}  // namespace kroon::test
