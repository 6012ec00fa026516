// zlib streams made and read by zlib itself: the native side of both systems (Debian's zlib,
// and its mingw-w64 build for Windows).
#include "platform/zlib_stream.hpp"

#include <zlib.h>

namespace kroon::platform {

bool append_zlib_stream(std::span<const std::uint8_t> data, int level, std::vector<std::uint8_t>& out) {
    const std::size_t at = out.size();
    uLongf size = compressBound(static_cast<uLong>(data.size()));
    out.resize(at + size);
    if (compress2(out.data() + at, &size, data.data(), static_cast<uLong>(data.size()), level) != Z_OK) {
        out.resize(at);
        return false;
    }
    out.resize(at + size);
    return true;
}

bool inflate_zlib_stream(std::span<const std::uint8_t> stream, std::span<std::uint8_t> out) {
    uLongf size = static_cast<uLongf>(out.size());
    uLong read = static_cast<uLong>(stream.size());
    return uncompress2(out.data(), &size, stream.data(), &read) == Z_OK && size == out.size() && read == stream.size();
}

}  // namespace kroon::platform
