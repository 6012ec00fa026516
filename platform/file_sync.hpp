// Making what was written to a file survive a crash of the machine.
#pragma once

#include <cstdio>

namespace kroon::platform {

// Flushes the stream and asks the system to put the file's data on the disk (fsync; Windows:
// _commit). False when either fails.
bool flush_to_disk(std::FILE* file);

}  // namespace kroon::platform
