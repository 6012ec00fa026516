#include "platform/memory.hpp"

#include <malloc.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace kroon::platform {

constexpr std::size_t large_page = std::size_t{2} << 20;

std::uint64_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && page_size > 0 ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size) : 0;
}

std::optional<std::uint64_t> process_memory_limit() {
    std::ifstream in("/proc/self/cgroup");
    std::stringstream text;
    text << in.rdbuf();
    std::optional<std::uint64_t> limit = cgroup_memory_limit(text.str(), "/sys/fs/cgroup");
    struct rlimit space {};
    if (::getrlimit(RLIMIT_AS, &space) == 0 && space.rlim_cur != RLIM_INFINITY) {
        const auto address_space = static_cast<std::uint64_t>(space.rlim_cur);
        limit = limit ? std::min(*limit, address_space) : address_space;
    }
    return limit;
}

void* allocate_large(std::size_t bytes) {
    // The advice covers whole large pages: a last page advised only in part stays small.
    const std::size_t rounded = (bytes + large_page - 1) / large_page * large_page;
    void* memory = std::aligned_alloc(large_page, rounded);
    if (memory) ::madvise(memory, rounded, MADV_HUGEPAGE);  // advice: a kernel without it ignores it
    return memory;
}

void free_large(void* memory) { std::free(memory); }

void return_free_memory() { ::malloc_trim(0); }

}  // namespace kroon::platform
