// Processes by their id: this one's, and whether another still runs (a build that left its
// temporary files behind, egdb/builder.cpp).
#pragma once

namespace kroon::platform {

long current_process_id();

// False when no process of that id runs (none exists, or it has ended and waits to be reaped);
// true when it runs or cannot be asked.
bool process_running(long id);

}  // namespace kroon::platform
