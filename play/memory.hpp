// How much memory the engine may take for its transposition table.
#pragma once

#include <cstdint>

namespace kroon::play {

// `mib` when the process can hold it, else the largest power-of-two fraction of it that is at
// most half the memory the process may use: clients size the table from their own idea of the
// memory (Scan's tt-size goes to 16 GiB), and the table is touched at once.
int affordable_hash_mib(int mib);

// The memory the process may use, in bytes: the machine's, or less when the system limits
// the process (platform/memory.hpp: a container's control group, ulimit -v, a Windows job).
std::uint64_t usable_memory_bytes();

}  // namespace kroon::play
