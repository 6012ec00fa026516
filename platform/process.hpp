// Processes by their id: this one's, and whether another still runs (a build that left its
// temporary files behind, egdb/builder.cpp); the processor time this one has used.
#pragma once

namespace kroon::platform {

long current_process_id();

// False when no process of that id runs (none exists, or it has ended and waits to be reaped);
// true when it runs or cannot be asked.
bool process_running(long id);

// The processor time this process has used so far, all its threads, in seconds (user and
// system): on a loaded machine the wall clock understates a search's speed.
double process_cpu_seconds();

}  // namespace kroon::platform
