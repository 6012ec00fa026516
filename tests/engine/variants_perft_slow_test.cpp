// The same tables to their full published depth (label: slow).
#include "tests/engine/variants_perft_cases.hpp"

namespace kroon::testing {
namespace {

class VariantPerftDeep : public ::testing::TestWithParam<PerftCase> {};

TEST_P(VariantPerftDeep, MatchesPublishedCounts) { expect_perft(GetParam(), 99); }

INSTANTIATE_TEST_SUITE_P(Published, VariantPerftDeep, ::testing::ValuesIn(variant_perft_cases()),
                         [](const auto& param_info) { return std::string(param_info.param.name); });

}  // namespace
}  // namespace kroon::testing
