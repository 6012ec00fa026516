// International draughts perft (KNDB rules), unique counts: the published perft tables (docs/variants.md,
// Verification).
#include "tests/engine/perft_cases.hpp"

namespace kroon::test {
namespace {

constexpr Variant I = Variant::International;

const std::vector<PerftCase> international_cases = {
    // Start position: dctl, Bik-blog (BikDam), pyd (d1-5) agree to d11. d12 (10,749,771,911)
    // is confirmed by one program only and takes minutes here, so it is not run.
    {"Start",
     I,
     "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
     "20",
     {9, 81, 658, 4265, 27117, 167140, 1049442, 6483961, 41022423, 258895763, 1665861398},
     9,
     11},
    // The FMJD forum positions of dctl international/fmjd.cpp (thread t=2308), unique counts.
    {"Random178",
     I,
     "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46",
     {14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193},
     7,
     9},
    {"Woldouby",
     I,
     "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38",
     {6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286, 346184885},
     13,
     15},
    {"AllKings",
     I,
     "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:"
     "BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
     {17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283},
     8,
     11},
    {"AlmostPromotion",
     I,
     "W:W6,7,8,9,10:B41,42,43,44,45",
     {9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674},
     7,
     9},
    // Tricky capture positions (move lists checked against Scan in py-draughts; counts by
    // dctl, pyd agrees to d3).
    // Two routes capture the maximum (the same from and to, different pieces).
    {"TwoMaximumRoutes", I, "W:WK4:B13,32,37,20", {2, 4, 21, 34, 307, 1721}, 6, 6},
    // King windmill round a ring: two paths, one move.
    {"KingWindmill", I, "W:WK2:B7,8,17,18", {1, 0, 0, 0}, 4, 4},
    {"KingAndMenAgainstKing", I, "W:WK2,28,31,44:B20,K50", {15, 30, 237, 2233, 19882}, 5, 5},
    // A king may not cross a square it captured on (Turkish strike).
    {"TurkishStrike", I, "W:W6,24,28,38,41:B13,K49", {9, 28, 148, 1236, 7846, 62885}, 6, 6},
    {"LongKingChain", I, "W:WK47:B9,19,29,28,38", {1, 2, 18, 35, 346, 652}, 6, 6},
    {"KingsOnBothSides", I, "W:WK1,K50:BK5,K46,23,24", {2, 32, 478, 6727, 108103}, 5, 5},
};

class InternationalPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(InternationalPerft, MatchesPublishedCounts) { check_perft(GetParam()); }

KROON_PERFT_CASES(InternationalPerft, international_cases);

}  // namespace
}  // namespace kroon::test
