// Whole 4-piece sets solved both ways (minutes each): the retrograde walk against the forward
// fixpoint on every index, for international and for Frisian with its art. 17 states.
#include <gtest/gtest.h>

#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

TEST(EgdbSlow, InternationalFourPiecesRetrogradeAndFixpointAgree) { test::expect_methods_agree<International>(4, 2); }

TEST(EgdbSlow, FrisianFourPiecesRetrogradeAndFixpointAgree) { test::expect_methods_agree<Frisian>(4, 2); }

}  // namespace
}  // namespace kroon::egdb
