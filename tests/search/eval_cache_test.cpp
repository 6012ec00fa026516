// The evaluation cache: a hit is the whole hash's, and scores come back as stored.
#include <gtest/gtest.h>

#include <cstdint>

#include "search/eval_cache.hpp"

namespace kroon::search {
namespace {

TEST(EvalCache, ReturnsTheStoredScoreOfTheSameHash) {
    EvalCache cache;
    for (const int score : {0, 1, -1, 7000, -7000, 32767, -32768}) {
        const std::uint64_t hash = 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(score);
        cache.store(hash, score);
        int found = 12345;
        ASSERT_TRUE(cache.find(hash, found)) << score;
        EXPECT_EQ(found, score);
    }
}

TEST(EvalCache, AnotherHashOfTheSameSlotMisses) {
    EvalCache cache;
    const std::uint64_t hash = 0x0123456789abcdefull;
    cache.store(hash, 250);
    int found = 0;
    // The same low bits pick the same slot; any upper bit that differs is another position.
    for (int bit = 16; bit < 64; ++bit) EXPECT_FALSE(cache.find(hash ^ (std::uint64_t{1} << bit), found)) << bit;
    // The newer position takes the slot over.
    cache.store(hash ^ (std::uint64_t{1} << 40), -30);
    EXPECT_FALSE(cache.find(hash, found));
    ASSERT_TRUE(cache.find(hash ^ (std::uint64_t{1} << 40), found));
    EXPECT_EQ(found, -30);
}

TEST(EvalCache, EmptySlotsAndClearedOnesHoldNothing) {
    EvalCache cache;
    int found = 0;
    for (const std::uint64_t hash : {0ull, 1ull, 0xffffull, 0x8000000000000000ull, 0xffffffffffff0000ull - 1})
        EXPECT_FALSE(cache.find(hash, found)) << hash;
    cache.store(42, 17);
    ASSERT_TRUE(cache.find(42, found));
    cache.clear();
    EXPECT_FALSE(cache.find(42, found));
}

}  // namespace
}  // namespace kroon::search
