// Whether a standard stream is a person's terminal (a console on Windows) rather than a file,
// a pipe or a GUI: progress lines are redrawn in place only there, and the console prompts.
#pragma once

namespace kroon::platform {

enum class StandardStream { In, Out, Err };

bool is_terminal(StandardStream stream);

}  // namespace kroon::platform
