// Variant perft tables to a depth that keeps the default run fast.
#include "tests/engine/variants_perft_cases.hpp"

namespace kroon::testing {
namespace {

class VariantPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(VariantPerft, MatchesPublishedCounts) { expect_perft(GetParam(), 7); }

INSTANTIATE_TEST_SUITE_P(Published, VariantPerft, ::testing::ValuesIn(variant_perft_cases()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace kroon::testing
