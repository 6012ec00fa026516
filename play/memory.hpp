// How much memory the engine may take for its transposition table.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace kroon::play {

// `mib` when the process can hold it, else the largest power-of-two fraction of it that is at
// most half the memory the process may use: clients size the table from their own idea of the
// memory (Scan's tt-size goes to 16 GiB), and the table is touched at once.
int affordable_hash_mib(int mib);

// The memory the process may use, in bytes: the machine's, or less when a container's control
// group or the address-space limit (ulimit -v) allows less.
std::uint64_t usable_memory_bytes();

// The tightest memory limit of the control groups in `proc_self_cgroup` (the text of
// /proc/self/cgroup), cgroup v2 (memory.max) or v1 (memory.limit_in_bytes), read below
// `root` (/sys/fs/cgroup), walking up from the process's group; nothing when none is set.
std::optional<std::uint64_t> cgroup_memory_limit(const std::string& proc_self_cgroup,
                                                 const std::filesystem::path& root);

}  // namespace kroon::play
