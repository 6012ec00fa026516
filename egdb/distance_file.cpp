#include "egdb/distance_file.hpp"

#include <zstd.h>

#include <algorithm>
#include <atomic>

namespace kroon::egdb {
namespace {

// Level 9 of 22: a 4-piece build compresses in under a second; level 19 would save about a
// sixth of the bytes at thirty times the time.
constexpr int compression_level = 9;

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
        out.resize(at + ZSTD_compressBound(raw.size()));
        const std::size_t size =
            ZSTD_compress(out.data() + at, out.size() - at, raw.data(), raw.size(), compression_level);
        if (ZSTD_isError(size)) {
            failed = true;
            out.resize(at + 1, 0);  // keeps the block index increasing; the file is removed below
            return;
        }
        out.resize(at + size);
    });
    if (failed) {
        std::error_code ec;
        std::filesystem::remove(path, ec);
        return Error{"cannot compress the distances of " + slice.material.name()};
    }
    return written;
}

Result<std::shared_ptr<const DistanceFile>> DistanceFile::open(const std::filesystem::path& path, int variant_code,
                                                               const Material& material, std::uint64_t positions) {
    const FileIdentity identity = identity_of(variant_code, material, positions);
    auto blocks = BlockFile::open(path, identity);
    if (!blocks) return Error{blocks.error()};
    std::shared_ptr<DistanceFile> file(new DistanceFile());
    file->file_ = std::move(blocks.value());
    file->material_ = material;
    file->positions_ = positions;
    file->serial_ = next_serial.fetch_add(1);
    // Each block one whole frame that says it holds exactly its distances, all of one width;
    // the content itself is covered by the payload checksum.
    for (std::uint64_t b = 0; b < identity.blocks(); ++b) {
        const std::uint8_t* begin = file->file_->block_begin(b);
        const auto size = static_cast<std::size_t>(file->file_->block_end(b) - begin);
        const auto content = ZSTD_getFrameContentSize(begin, size);
        const std::uint64_t length = identity.block_length(b);
        if (b == 0) file->width_ = content == 2 * length ? 2 : 1;
        if (ZSTD_findFrameCompressedSize(begin, size) != size || content != file->width_ * length)
            return Error{path.string() + ": block " + std::to_string(b) + " is not a frame of its distances"};
    }
    return std::shared_ptr<const DistanceFile>(std::move(file));
}

bool DistanceFile::decode_block(std::uint64_t b, std::vector<std::uint16_t>& out) const {
    const std::uint64_t length = std::min<std::uint64_t>(distances_per_block, positions_ - b * distances_per_block);
    thread_local std::vector<std::uint8_t> raw;
    raw.resize(width_ * length);
    const std::uint8_t* begin = file_->block_begin(b);
    const std::size_t size =
        ZSTD_decompress(raw.data(), raw.size(), begin, static_cast<std::size_t>(file_->block_end(b) - begin));
    if (ZSTD_isError(size) || size != raw.size()) return false;
    out.resize(length);
    for (std::uint64_t k = 0; k < length; ++k)
        out[k] = width_ == 2 ? static_cast<std::uint16_t>(raw[2 * k] | raw[2 * k + 1] << 8) : raw[k];
    return true;
}

std::optional<int> DistanceFile::get(std::uint64_t i) const {
    if (i >= positions_) return std::nullopt;
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
    out.reserve(positions_);
    std::vector<std::uint16_t> block;
    for (std::uint64_t b = 0; b < file_->blocks(); ++b) {
        if (!decode_block(b, block)) return false;
        out.insert(out.end(), block.begin(), block.end());
    }
    return true;
}

}  // namespace kroon::egdb
