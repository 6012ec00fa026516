#include "play/memory.hpp"

#include <unistd.h>

#include <algorithm>

namespace kroon::play {

int affordable_hash_mib(int mib) {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return mib;
    const long long half = static_cast<long long>(pages) * page_size / 2 >> 20;
    while (mib > 1 && mib > half) mib /= 2;
    return std::max(mib, 1);
}

}  // namespace kroon::play
