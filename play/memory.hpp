// How much memory the engine may take for its transposition table.
#pragma once

namespace kroon::play {

// `mib` when the machine can hold it, else the largest power-of-two fraction of it that is at
// most half the machine's memory: clients size the table from their own idea of the memory
// (Scan's tt-size goes to 16 GiB), and the table is touched at once.
int affordable_hash_mib(int mib);

}  // namespace kroon::play
