#include "egdb/distance_file.hpp"

#include <algorithm>
#include <atomic>

#include "platform/zlib_stream.hpp"

namespace kroon::egdb {
namespace {

// zlib's default level: on the international 2-4 pieces its blocks are 10 % larger than at
// level 9, which takes eight times as long, as long as the rest of the build (docs/egdb.md).
constexpr int compression_level = 6;

// A zlib stream's first two bytes (RFC 1950): deflate, and a header checksum.
bool zlib_header(const std::uint8_t* begin, std::size_t size) {
    return size >= 2 && (begin[0] & 0x0f) == 8 && (begin[0] << 8 | begin[1]) % 31 == 0;
}

FileIdentity identity_of(int variant_code, const Material& material, std::uint64_t positions) {
    return {"KROONDTC", distance_format_version, variant_code, material, distances_per_block, positions};
}

std::atomic<std::uint64_t> next_serial{1};

}  // namespace

std::string distance_file_name(std::string_view variant_name, const Material& material) {
    return std::string(variant_name) + "-" + material.name() + ".dtc";
}

Result<std::uint64_t> write_distance_file(const std::filesystem::path& path, int variant_code,
                                          const SolvedSlice& slice) {
    const std::uint64_t positions = slice.values.size();
    if (slice.distances.size() != positions) return Error{"no distances to write for " + slice.material.name()};
    const FileIdentity identity = identity_of(variant_code, slice.material, positions);
    const int width = *std::max_element(slice.distances.begin(), slice.distances.end()) < 256 ? 1 : 2;
    std::vector<std::uint8_t> raw;
    std::uint16_t last = 0;
    bool failed = false;
    auto written = write_block_file(path, identity, [&](std::uint64_t b, std::vector<std::uint8_t>& out) {
        const std::uint64_t begin = b * distances_per_block;
        const std::uint64_t length = identity.block_length(b);
        raw.assign(width * length, 0);
        for (std::uint64_t k = 0; k < length; ++k) {
            const std::uint64_t i = begin + k;
            const Value v = slice.values.get(i);
            if (!slice.is_free_choice(i) && (v == Value::Win || v == Value::Loss)) last = slice.distances[i];
            raw[width * k] = static_cast<std::uint8_t>(last);
            if (width == 2) raw[2 * k + 1] = static_cast<std::uint8_t>(last >> 8);
        }
        const std::size_t at = out.size();
        out.push_back(static_cast<std::uint8_t>(width));
        if (!platform::append_zlib_stream(raw, compression_level, out)) {
            failed = true;
            out.resize(at + 1);  // keeps the block index increasing; the file is removed below
        }
    });
    if (failed) {
        std::error_code ec;
        std::filesystem::remove(path, ec);
        return Error{"cannot compress the distances of " + slice.material.name()};
    }
    return written;
}

DistanceFile::DistanceFile(std::unique_ptr<BlockFile> file, std::uint64_t width)
    : file_(std::move(file)), width_(width), serial_(next_serial.fetch_add(1)) {}

Result<std::shared_ptr<const DistanceFile>> DistanceFile::open(const std::filesystem::path& path, int variant_code,
                                                               const Material& material, std::uint64_t positions) {
    const FileIdentity identity = identity_of(variant_code, material, positions);
    // Each block of one width, the same in all, and a zlib stream; the content is covered by
    // the payload checksum here and by zlib's own when a block is read.
    std::uint64_t width = 1;
    const auto zlib_blocks = [&](std::uint64_t b, const std::uint8_t* begin,
                                 const std::uint8_t* end) -> std::optional<std::string> {
        const auto size = static_cast<std::size_t>(end - begin);
        if (b == 0 && size > 0) width = begin[0];
        if (size < 1 || (begin[0] != 1 && begin[0] != 2) || begin[0] != width || !zlib_header(begin + 1, size - 1))
            return "is not a zlib block of distances";
        return std::nullopt;
    };
    auto blocks = BlockFile::open(path, identity, zlib_blocks);
    if (!blocks) return Error{blocks.error()};
    return std::shared_ptr<const DistanceFile>(new DistanceFile(std::move(blocks.value()), width));
}

bool DistanceFile::decode_block(std::uint64_t b, std::vector<std::uint16_t>& out) const {
    const std::uint64_t length = file_->identity().block_length(b);
    thread_local std::vector<std::uint8_t> raw;
    raw.resize(width_ * length);
    const std::uint8_t* begin = file_->block_begin(b) + 1;  // after the width
    const auto size = static_cast<std::size_t>(file_->block_end(b) - begin);
    // The whole block is one stream of exactly its distances, its checksum right.
    if (!platform::inflate_zlib_stream({begin, size}, raw)) return false;
    out.resize(length);
    for (std::uint64_t k = 0; k < length; ++k)
        out[k] = width_ == 2 ? static_cast<std::uint16_t>(raw[2 * k] | raw[2 * k + 1] << 8) : raw[k];
    return true;
}

std::optional<int> DistanceFile::get(std::uint64_t i) const {
    if (i >= file_->identity().positions) return std::nullopt;
    struct LastBlock {
        std::uint64_t serial = 0, block = 0;
        std::vector<std::uint16_t> distances;
    };
    thread_local LastBlock last;
    const std::uint64_t b = i / distances_per_block;
    if (last.serial != serial_ || last.block != b) {
        last.serial = 0;
        if (!decode_block(b, last.distances)) return std::nullopt;
        last.serial = serial_;
        last.block = b;
    }
    return last.distances[i % distances_per_block];
}

bool DistanceFile::decode_all(std::vector<std::uint16_t>& out) const {
    out.clear();
    out.reserve(file_->identity().positions);
    std::vector<std::uint16_t> block;
    for (std::uint64_t b = 0; b < file_->blocks(); ++b) {
        if (!decode_block(b, block)) return false;
        out.insert(out.end(), block.begin(), block.end());
    }
    return true;
}

}  // namespace kroon::egdb
