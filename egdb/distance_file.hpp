// One slice's distances to conversion on disk: a block file (block_file.hpp), magic
// "KROONDTC", format version 2, whose blocks hold 65,536 distances each: one byte, the width
// of a distance (1 when the slice's largest distance is below 256, else 2, little-endian),
// then a zlib stream (RFC 1950) of the block's distances (docs/egdb.md, File format). Where
// the position is a draw, must capture or is not a position the distance repeats the one
// before, which the compression turns into almost nothing. zlib, not zstd (version 1), so
// that the Windows build, which has zlib from Debian's mingw-w64 packages, reads the same
// files.
//
// Only the root of a search reads distances, a few dozen a move, so a read decompresses its
// whole block (the last block read is kept per thread).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "egdb/block_file.hpp"
#include "egdb/material.hpp"
#include "egdb/solver.hpp"
#include "platform/result.hpp"

namespace kroon::egdb {

constexpr std::uint32_t distance_format_version = 2;
constexpr std::uint32_t distances_per_block = 1 << 16;

// "international-wm1wk1bm0bk1.dtc".
std::string distance_file_name(std::string_view variant_name, const Material& material);

// Writes the slice's distances (slice.distances must be there) as slice_file.hpp writes values.
Result<std::uint64_t> write_distance_file(const std::filesystem::path& path, int variant_code,
                                          const SolvedSlice& slice);

class DistanceFile {
public:
    // An error saying what is wrong when the file is not the distances of that slice, or a
    // block does not start with its width and a zlib header. That a block decompresses to
    // exactly its distances is checked when it is read (zlib's checksum covers its content).
    static Result<std::shared_ptr<const DistanceFile>> open(const std::filesystem::path& path, int variant_code,
                                                            const Material& material, std::uint64_t positions);

    const Material& material() const { return file_->identity().material; }
    std::uint64_t file_bytes() const { return file_->file_bytes(); }
    // The stored distance of index i (meaningful where the stored value is a win or loss);
    // nothing when the block does not decompress.
    std::optional<int> get(std::uint64_t i) const;
    // Every stored distance, in order; false when a block does not decompress.
    bool decode_all(std::vector<std::uint16_t>& out) const;

private:
    DistanceFile(std::unique_ptr<BlockFile> file, std::uint64_t width);
    // Decompresses block b into out (its length in distances); false on a damaged block.
    bool decode_block(std::uint64_t b, std::vector<std::uint16_t>& out) const;

    std::unique_ptr<BlockFile> file_;
    std::uint64_t width_ = 1;   // bytes per distance
    std::uint64_t serial_ = 0;  // names this file in the per-thread cache of the last block
};

}  // namespace kroon::egdb
