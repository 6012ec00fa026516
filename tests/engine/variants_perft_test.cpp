// Variant perft tables: to a depth that keeps the default run fast, or (built with
// KROON_SLOW_TESTS, label slow) to their full published depth.
#include "tests/engine/variants_perft_cases.hpp"

namespace kroon::test {
namespace {

// The two builds name their tests apart, so that CTest keeps both.
#ifdef KROON_SLOW_TESTS
constexpr int max_depth = 99;
#define KROON_VARIANT_PERFT VariantPerftDeep
#else
constexpr int max_depth = 7;
#define KROON_VARIANT_PERFT VariantPerft
#endif

class KROON_VARIANT_PERFT : public ::testing::TestWithParam<PerftCase> {};

TEST_P(KROON_VARIANT_PERFT, MatchesPublishedCounts) { expect_perft(GetParam(), max_depth); }

INSTANTIATE_TEST_SUITE_P(Published, KROON_VARIANT_PERFT, ::testing::ValuesIn(variant_perft_cases()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace kroon::test
