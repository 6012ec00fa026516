#include "play/memory.hpp"

#include <algorithm>

#include "platform/memory.hpp"

namespace kroon::play {

std::uint64_t usable_memory_bytes() {
    std::uint64_t usable = platform::physical_memory_bytes();
    if (const auto limit = platform::process_memory_limit()) usable = usable == 0 ? *limit : std::min(usable, *limit);
    return usable;
}

int affordable_hash_mib(int mib) {
    const std::uint64_t usable = usable_memory_bytes();
    if (usable == 0) return mib;
    const long long half = static_cast<long long>(usable / 2 >> 20);
    while (mib > 1 && mib > half) mib /= 2;
    return std::max(mib, 1);
}

}  // namespace kroon::play
