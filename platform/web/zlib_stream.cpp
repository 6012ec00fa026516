// zlib streams in the browser (the static site, docs/web.md): WebAssembly has no zlib, and
// the browser's own inflater, DecompressionStream, answers only later, while a search reads a
// distance block in the middle of its work. So the search worker's script inflates the stream
// in a worker of its own and waits for the bytes (self.kroonHost.inflate, search-worker.js).
// None are made here: the browser reads databases, it does not build them.
#include <emscripten.h>

#include "platform/zlib_stream.hpp"

namespace {

// JavaScript inside: not C++ to lay out. -1: no inflater here (kroon-bench under Node.js has no
// `self`), or not one whole stream. No optional chaining: Debian's emscripten minifies with a
// terser that cannot read it.
// clang-format off
EM_JS(int, kroon_inflate, (const std::uint8_t* stream, int size, std::uint8_t* out, int capacity), {
    if (typeof self === 'undefined' || !self.kroonHost || typeof self.kroonHost.inflate !== 'function') return -1;
    return self.kroonHost.inflate(HEAPU8.subarray(stream, stream + size), HEAPU8.subarray(out, out + capacity));
});
// clang-format on

}  // namespace

namespace kroon::platform {

bool append_zlib_stream(std::span<const std::uint8_t>, int, std::vector<std::uint8_t>&) { return false; }

bool inflate_zlib_stream(std::span<const std::uint8_t> stream, std::span<std::uint8_t> out) {
    const int size = static_cast<int>(stream.size());
    const int capacity = static_cast<int>(out.size());
    return kroon_inflate(stream.data(), size, out.data(), capacity) == capacity;
}

}  // namespace kroon::platform
