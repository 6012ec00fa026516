// The folders the system gives a user: where Kroon keeps what it makes (the endgame
// databases), and the home folder a person's "~" means.
#pragma once

#include <filesystem>
#include <optional>

namespace kroon::platform {

// Kroon's cache folder: $XDG_CACHE_HOME/kroon, else $HOME/.cache/kroon (POSIX);
// %LOCALAPPDATA%\kroon (Windows). Nothing when the environment names no such place.
std::optional<std::filesystem::path> cache_folder();

// The user's home folder: $HOME (POSIX), %USERPROFILE% (Windows).
std::optional<std::filesystem::path> home_folder();

}  // namespace kroon::platform
