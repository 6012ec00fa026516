// How every Kroon file (learned weights, endgame databases, the opening book) stores its
// numbers, and the checksum that tells a damaged file from a whole one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace kroon::platform {

// FNV-1a, 64 bits.
inline std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

// The low `bytes` bytes of `value`, least significant first.
inline void append_le(std::string& out, std::uint64_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) out.push_back(static_cast<char>((value >> (8 * b)) & 0xff));
}

inline std::uint64_t read_le(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int b = 0; b < bytes; ++b) value |= std::uint64_t{in[b]} << (8 * b);
    return value;
}

}  // namespace kroon::platform
