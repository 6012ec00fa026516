// The zstd functions the endgame databases' distance files use (egdb/distance_file.cpp), for
// the WebAssembly build, which has no libzstd: the frame layout is read here (RFC 8878,
// "Zstandard Compression and the application/zstd Media Type", section 3.1.1), and a frame is
// decompressed by the page's JavaScript decoder (fzstd, loaded by the worker beside the
// module). Compressing is not offered: the browser reads databases, it does not build them.
#include <emscripten.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>

namespace {

constexpr std::size_t error_code = static_cast<std::size_t>(-1);
constexpr std::uint32_t frame_magic = 0xFD2FB528u;

std::uint64_t little_endian(const unsigned char* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; --i) v = v << 8 | p[i];
    return v;
}

struct FrameHeader {
    std::size_t size = 0;  // bytes of the header, magic included
    unsigned long long content = ZSTD_CONTENTSIZE_UNKNOWN;
    bool checksum = false;
};

// RFC 8878, 3.1.1.1: magic, descriptor, window, dictionary id, content size.
bool read_header(const unsigned char* p, std::size_t n, FrameHeader& header) {
    if (n < 5 || little_endian(p, 4) != frame_magic) return false;
    const unsigned descriptor = p[4];
    const unsigned size_flag = descriptor >> 6;
    const bool single_segment = (descriptor >> 5 & 1) != 0;
    if ((descriptor >> 3 & 1) != 0) return false;  // the reserved bit
    header.checksum = (descriptor >> 2 & 1) != 0;
    constexpr int dictionary_bytes[] = {0, 1, 2, 4};
    const int content_bytes = size_flag == 0 ? (single_segment ? 1 : 0) : 1 << size_flag;
    std::size_t at = 5 + (single_segment ? 0 : 1) + static_cast<std::size_t>(dictionary_bytes[descriptor & 3]);
    if (n < at + static_cast<std::size_t>(content_bytes)) return false;
    if (content_bytes > 0) {
        header.content = little_endian(p + at, content_bytes);
        if (content_bytes == 2) header.content += 256;
    }
    header.size = at + static_cast<std::size_t>(content_bytes);
    return true;
}

}  // namespace

// JavaScript inside: not C++ to lay out.
// clang-format off
EM_JS(int, kroon_zstd_decompress, (unsigned char* destination, int capacity, const unsigned char* source, int size), {
    if (typeof fzstd === 'undefined') return -1;
    try {
        const out = fzstd.decompress(HEAPU8.subarray(source, source + size));
        if (out.length > capacity) return -1;
        HEAPU8.set(out, destination);
        return out.length;
    } catch (e) {
        return -1;
    }
});
// clang-format on

extern "C" {

unsigned ZSTD_isError(size_t code) { return code > error_code - 128 ? 1 : 0; }

unsigned long long ZSTD_getFrameContentSize(const void* source, size_t size) {
    FrameHeader header;
    if (!read_header(static_cast<const unsigned char*>(source), size, header)) return ZSTD_CONTENTSIZE_ERROR;
    return header.content;
}

// RFC 8878, 3.1.1.2: the blocks, each with a three-byte header, the last one flagged, then
// the optional checksum.
size_t ZSTD_findFrameCompressedSize(const void* source, size_t size) {
    const auto* p = static_cast<const unsigned char*>(source);
    FrameHeader header;
    if (!read_header(p, size, header)) return error_code;
    std::size_t at = header.size;
    for (;;) {
        if (size - at < 3) return error_code;
        const auto block = static_cast<std::uint32_t>(little_endian(p + at, 3));
        const unsigned type = block >> 1 & 3;
        if (type == 3) return error_code;
        const std::size_t payload = type == 1 ? 1 : block >> 3;
        at += 3;
        if (size - at < payload) return error_code;
        at += payload;
        if ((block & 1) != 0) break;
    }
    if (header.checksum) {
        if (size - at < 4) return error_code;
        at += 4;
    }
    return at;
}

size_t ZSTD_decompress(void* destination, size_t capacity, const void* source, size_t size) {
    const int made = kroon_zstd_decompress(static_cast<unsigned char*>(destination), static_cast<int>(capacity),
                                           static_cast<const unsigned char*>(source), static_cast<int>(size));
    return made < 0 ? error_code : static_cast<std::size_t>(made);
}

size_t ZSTD_compressBound(size_t size) { return size + 64; }

size_t ZSTD_compress(void*, size_t, const void*, size_t, int) { return error_code; }

}  // extern "C"
