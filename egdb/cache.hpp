// The folder where Kroon keeps the endgame databases it builds for itself (docs/egdb.md,
// Cache folder), and whether a folder holds a full set.
#pragma once

#include <filesystem>
#include <optional>

#include "engine/rules/variant.hpp"

namespace kroon::egdb {

// The pieces of the set Kroon builds for itself: every 2-4 piece slice, in well under a
// minute.
constexpr int cache_pieces = 4;

// KROON_EGDB when set ("none" or an empty value: no cache folder), else "egdb" in Kroon's
// cache folder (platform/folders.hpp: $XDG_CACHE_HOME/kroon, else $HOME/.cache/kroon;
// %LOCALAPPDATA%\kroon on Windows); nothing when the system names none.
std::optional<std::filesystem::path> cache_folder();

// Whether `folder` holds every slice of 2..pieces pieces of the variant, values and
// distances, all of them readable.
bool holds_databases(const std::filesystem::path& folder, Variant variant, int pieces);

}  // namespace kroon::egdb
