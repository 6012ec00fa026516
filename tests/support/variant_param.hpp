// Parameterised tests over the variants: gtest names each instance by the variant's name.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {
// gtest prints parameters in failures: the variant's name, not its bytes.
inline void PrintTo(Variant v, std::ostream* os) { *os << rulebook(v).name(); }
}  // namespace kroon

namespace kroon::test {

inline std::string variant_test_name(const ::testing::TestParamInfo<Variant>& param) {
    return std::string(rulebook(param.param).name());
}

}  // namespace kroon::test
