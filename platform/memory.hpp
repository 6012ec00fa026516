// The memory the machine has, what this process may use of it, and big tables' memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace kroon::platform {

// The machine's physical memory in bytes; 0 when the system does not say.
std::uint64_t physical_memory_bytes();

// The tightest limit the system puts on this process's memory, in bytes: the address-space
// limit (ulimit -v) and the control group's (a container) on Linux, the job object's on
// Windows. Nothing when there is none.
std::optional<std::uint64_t> process_memory_limit();

// The tightest memory limit of the control groups in `proc_self_cgroup` (the text of Linux's
// /proc/self/cgroup), cgroup v2 (memory.max) or v1 (memory.limit_in_bytes), read below
// `root` (/sys/fs/cgroup), walking up from the process's group; nothing when none is set.
// Plain file reading, so it is tested on every system.
std::optional<std::uint64_t> cgroup_memory_limit(const std::string& proc_self_cgroup,
                                                 const std::filesystem::path& root);

// `bytes` for a big table, aligned to 2 MiB and, where the system offers it without
// privileges (Linux's transparent huge pages), in large pages, which spare the table's probes
// most of their address-translation misses. Null when there is not that much; release it with
// free_large.
void* allocate_large(std::size_t bytes);
void free_large(void* memory);

// Hands the memory the allocator keeps in its free lists back to the system, where it can
// (glibc's malloc_trim; Windows' _heapmin).
void return_free_memory();

}  // namespace kroon::platform
