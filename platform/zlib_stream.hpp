// zlib streams (RFC 1950, "ZLIB Compressed Data Format Specification"), the form of the
// endgame databases' distance blocks (docs/egdb.md). Natively zlib makes and reads them; in the
// browser (platform/web/) the page's DecompressionStream reads them and none are made.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace kroon::platform {

// Appends `data` to `out` as one zlib stream at `level` (0-9); false where it cannot be made.
bool append_zlib_stream(std::span<const std::uint8_t> data, int level, std::vector<std::uint8_t>& out);

// Whether `stream` is exactly one zlib stream, its checksum right, of exactly out.size()
// bytes, which it then holds.
bool inflate_zlib_stream(std::span<const std::uint8_t> stream, std::span<std::uint8_t> out);

}  // namespace kroon::platform
