// The one way Kroon writes a file that must never be seen half-written (endgame databases,
// weights, the opening book): next to its place under a temporary name, flushed to the disk,
// then renamed into place.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>

#include "platform/result.hpp"

namespace kroon::platform {

// Writes `parts` one after the other as the file `path`. The temporary file is named by the
// process (`path.partial.PID`), so two writers never share one, and is removed when anything
// fails; the error says what failed and why ("cannot write X.partial.123: No space left on
// device").
// Synced: flushed to the disk before the rename, so that after a crash the file is whole.
// Renamed: not flushed, for a file rewritten often whose loss costs little (a progress mark):
// after a crash it may be the one before.
enum class Durability { Synced, Renamed };
Result<bool> write_file_atomically(const std::string& path, std::initializer_list<std::span<const std::uint8_t>> parts,
                                   Durability durability = Durability::Synced);

}  // namespace kroon::platform
