// The table's cap follows the memory the process may use (platform/memory.hpp: a container's
// control group and ulimit -v, a Windows job's limit).
#include <gtest/gtest.h>

#include "play/memory.hpp"

namespace kroon::play {
namespace {

TEST(Memory, TheCapIsHalfOfWhatTheProcessMayUse) {
    const std::uint64_t usable = usable_memory_bytes();
    ASSERT_GT(usable, 0u);
    const int capped = affordable_hash_mib(1 << 30);
    EXPECT_LE(static_cast<std::uint64_t>(capped) << 20, usable / 2 + (1 << 20));
    EXPECT_EQ(affordable_hash_mib(1), 1);
}

}  // namespace
}  // namespace kroon::play
