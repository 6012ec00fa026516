// The start every Kroon data file shares (learned weights, opening books, training data):
// eight bytes that name its kind, then its format version; after the kind's own fields, the
// variant's name in 16 bytes padded with NULs. One reader, so that a file of another kind or
// version is told apart, and said so, alike everywhere.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "platform/result.hpp"

namespace kroon::platform {

struct FileKind {
    std::string_view magic;  // eight characters, "KROONEVW"
    std::string_view name;   // for messages, "weights file"
    std::uint32_t version = 1;
    int version_bytes = 2;  // the version's width, as the kind was first written: 2 or 4
};

inline constexpr std::size_t name_field_bytes = 16;

// Appends the magic and the version.
void append_kind(std::string& out, const FileKind& kind);

// Nothing when `bytes` starts with the kind's magic and version; else what is wrong:
// "not a Kroon weights file (no KROONEVW header)", "weights file version 2; this Kroon reads
// version 1".
std::optional<Error> check_kind(std::string_view bytes, const FileKind& kind);

// Appends `name` padded with NULs, or cut, to 16 bytes.
void append_name_field(std::string& out, std::string_view name);

// The 16-byte name field at `at` (inside `bytes`), up to its first NUL.
std::string read_name_field(std::string_view bytes, std::size_t at);

}  // namespace kroon::platform
