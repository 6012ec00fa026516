// The databases of the variants whose rules differ from international only in what the
// generator decides (board, capture precedence, short or flying kings, crowning during a
// capture, men that cannot take kings): per variant, the retrograde walk against the forward
// fixpoint on every 2-3 piece index, a build that verifies, and probes against a plain search.
#include <gtest/gtest.h>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"
#include "engine/movegen/movegen.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

template <class R>
class VariantDatabases : public ::testing::Test {};

using Variants = ::testing::Types<Russian, Pool, Czech, Spanish, Italian, Thai, Norwegian, Finnish, Killer>;
TYPED_TEST_SUITE(VariantDatabases, Variants);

Variant variant_of(std::string_view name) {
    const auto v = parse_variant(name);
    if (!v) throw std::runtime_error("unknown variant " + std::string(name));
    return *v;
}

TYPED_TEST(VariantDatabases, RetrogradeAndFixpointAgree) { test::expect_methods_agree<TypeParam>(3); }

TYPED_TEST(VariantDatabases, BuildVerifyAndAgreeWithAPlainSearch) {
    const Variant v = variant_of(TypeParam::name);
    ASSERT_TRUE(has_databases(v));
    const auto& db = test::three_pieces(v);
    EXPECT_EQ(db.slice_count(), slices_up_to(3).size());
    EXPECT_EQ(db.complete_pieces(), 3);
    const auto checked = verify_databases(db.folder(), v, 1, {});
    ASSERT_TRUE(checked.ok()) << checked.error();
    EXPECT_EQ(checked->mismatches, 0u);
    // Flying kings on 8x8 hold more draws than short ones; every variant has both kinds.
    test::expect_probes_agree_with_search<TypeParam>(db, v, 23, 200, 20);
}

// A man does not take a king in Italian (in Spanish it does): over every position of a white
// man against a black king, none in Italian is settled by a capture, some in Spanish are.
template <class R>
int positions_settled_by_a_capture(Variant v) {
    const Database& db = test::three_pieces(v);
    const SliceIndexer<R> indexer({1, 0, 0, 1});
    int settled = 0;
    for (std::uint64_t i = 0; i < indexer.size(); ++i) {
        const auto pos = indexer.position(i);
        if (pos && pos->side_to_move() == Color::White && db.probe(*pos).source == Source::Captures) ++settled;
    }
    return settled;
}

TEST(VariantDatabases, ItalianMenDoNotTakeKings) {
    EXPECT_EQ(positions_settled_by_a_capture<Italian>(Variant::Italian), 0);
    EXPECT_GT(positions_settled_by_a_capture<Spanish>(Variant::Spanish), 10);
}

// frysk! is Frisian from another start: its endings are Frisian's, so it builds and reads the
// Frisian files rather than a second copy.
TEST(VariantDatabases, FryskReadsTheFrisianFiles) {
    const test::ScratchFolder folder("frysk");
    test::build_into(folder.path(), Variant::Frysk, 2);
    for (const auto& entry : std::filesystem::directory_iterator(folder.path()))
        EXPECT_TRUE(entry.path().filename().string().starts_with("frisian-")) << entry.path();
    const auto frisian = Database::open(folder.path(), Variant::Frisian);
    const auto frysk = Database::open(folder.path(), Variant::Frysk);
    EXPECT_EQ(frisian->slice_count(), slices_up_to(2).size());
    EXPECT_EQ(frysk->slice_count(), frisian->slice_count());
    for (const char* text : {"W:WK46:BK5", "W:W6:BK50", "B:W6:BK50"}) {
        const auto pos = rulebook(Variant::Frysk).parse_fen(text);
        ASSERT_TRUE(pos.ok()) << text;
        EXPECT_NE(frysk->probe(*pos).value, Value::Unknown) << text;
        EXPECT_EQ(frysk->probe(*pos).value, frisian->probe(*pos).value) << text;
    }
}

}  // namespace
}  // namespace kroon::egdb
