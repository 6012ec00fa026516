// The one way Kroon reads a file from outside (a PDN, openings, weights, databases, training
// data, a tactics set): the whole file at once, and only a regular file. A FIFO, a device or a
// folder is refused without blocking on it, a file larger than its format allows is refused
// before any of it is read, and every failure says why with the system's reason.
#pragma once

#include <cstdint>
#include <string>

#include "platform/result.hpp"

namespace kroon::platform {

// A size bound for text read from outside: PDN, openings, tactics sets.
constexpr std::uint64_t max_text_file_bytes = std::uint64_t{256} << 20;

// The bytes of the file at `path`, at most `max_bytes` of them. `what` names the file in the
// error ("weights file", "openings file"): "cannot read weights file X: Is a directory".
Result<std::string> read_file(const std::string& path, std::uint64_t max_bytes, const std::string& what = "file");
// The first `bytes` bytes of the file (fewer when it is shorter), with the same checks: for a
// header.
Result<std::string> read_file_start(const std::string& path, std::uint64_t bytes, const std::string& what = "file");

}  // namespace kroon::platform
