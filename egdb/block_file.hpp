// The layout the database files share: a checked header, a block index and the blocks, read
// into memory (docs/egdb.md, File format). What a block holds is up to the file
// kind: values in run-length code (slice_file.hpp) or distances in zstd frames
// (distance_file.hpp).
//
//   header (64 bytes, little-endian)
//     0  magic (8 bytes)         8  format version       12  variant (PDN GameType number)
//     16 men and kings: white men, white kings, black men, black kings (one byte each)
//     20 positions per block     24 positions             32  blocks
//     40 payload bytes           48 FNV-1a 64 of the payload
//     56 FNV-1a 64 of bytes 0..55
//   payload
//     blocks + 1 offsets (8 bytes each, from the start of the block data, strictly
//     increasing from 0), then the blocks.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "egdb/material.hpp"
#include "platform/little_endian.hpp"
#include "platform/result.hpp"

namespace kroon::egdb {

constexpr std::size_t header_bytes = 64;
// Far above the largest slice Kroon builds (the 5-piece ones are a few MB each).
constexpr std::uint64_t max_block_file_bytes = std::uint64_t{4} << 30;

using platform::fnv1a64;
using platform::read_le;

// What a file must be: its kind (magic and version) and the slice it holds.
struct FileIdentity {
    std::string_view magic;  // 8 characters
    std::uint32_t version = 1;
    int variant_code = 0;
    Material material;
    std::uint32_t positions_per_block = 0;
    std::uint64_t positions = 0;

    std::uint64_t blocks() const { return (positions + positions_per_block - 1) / positions_per_block; }
    // The number of positions in block b (the last one may be short).
    std::uint64_t block_length(std::uint64_t b) const;
};

// Writes header, block index and blocks next to `path` and renames the file into place, so
// that a half-written file never carries the name. `encode(b, out)` appends block b to out.
// Returns the bytes written.
Result<std::uint64_t> write_block_file(const std::filesystem::path& path, const FileIdentity& identity,
                                       const std::function<void(std::uint64_t, std::vector<std::uint8_t>&)>& encode);

// What is wrong with block b, whose bytes are [begin, end) (nothing when it is right): the
// file kind's own check of its blocks.
using BlockCheck =
    std::function<std::optional<std::string>(std::uint64_t b, const std::uint8_t* begin, const std::uint8_t* end)>;

// A block file read into memory, its header, checksums and block index checked.
class BlockFile {
public:
    // An error saying what is wrong when the file is not `identity` (wrong magic, version,
    // variant or slice, truncated, checksum mismatch, block index out of order) or when
    // `check_block` finds a block wrong ("FILE: block B " and what it says).
    static Result<std::unique_ptr<BlockFile>> open(const std::filesystem::path& path, const FileIdentity& identity,
                                                   const BlockCheck& check_block);
    BlockFile(const BlockFile&) = delete;
    BlockFile& operator=(const BlockFile&) = delete;

    const FileIdentity& identity() const { return identity_; }
    std::uint64_t file_bytes() const { return bytes_.size(); }
    std::uint64_t blocks() const { return blocks_; }
    // The bytes of block b: [begin, end).
    const std::uint8_t* block_begin(std::uint64_t b) const { return data_ + read_le(offsets_ + 8 * b, 8); }
    const std::uint8_t* block_end(std::uint64_t b) const { return data_ + read_le(offsets_ + 8 * (b + 1), 8); }

private:
    BlockFile() = default;

    FileIdentity identity_;
    std::string bytes_;  // the whole file
    std::uint64_t blocks_ = 0;
    const std::uint8_t* offsets_ = nullptr;
    const std::uint8_t* data_ = nullptr;
};

}  // namespace kroon::egdb
