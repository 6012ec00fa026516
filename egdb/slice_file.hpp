// One slice's values on disk: a block file (block_file.hpp) whose blocks hold the values in
// run-length code (docs/egdb.md, File format). Magic "KROONEGB", format version 1.
//
// A block is one tag byte then either the values packed four to a byte (tag 0) or runs
// (tag 1): a byte value << 6 | (length - 1) for runs up to 63; a low part of 63 means a run
// of 64 plus the number in the varint that follows.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "egdb/block_file.hpp"
#include "egdb/material.hpp"
#include "egdb/solver.hpp"
#include "egdb/value.hpp"
#include "platform/result.hpp"

namespace kroon::egdb {

constexpr std::uint32_t format_version = 1;
constexpr std::uint32_t positions_per_block = 4096;

// The file name of a slice: "international-wm1wk1bm0bk1.egdb".
std::string slice_file_name(std::string_view variant_name, const Material& material);

// Writes the file next to its final name and renames it, so that a half-written file never
// carries the final name. Where the side to move must capture (or the index is not a
// position) the value repeats its neighbour's, which keeps the runs long.
Result<std::uint64_t> write_slice_file(const std::filesystem::path& path, int variant_code, const SolvedSlice& slice);

// A slice file mapped into memory, checked when opened.
class SliceFile {
public:
    // A file that is not a slice of `variant_code` with `material` and `positions` indices
    // (wrong header, truncated, checksum mismatch, a block that does not decode to exactly its
    // positions' wins, draws and losses) is an error saying what is wrong.
    static Result<std::shared_ptr<const SliceFile>> open(const std::filesystem::path& path, int variant_code,
                                                         const Material& material, std::uint64_t positions);

    const Material& material() const { return file_->identity().material; }
    std::uint64_t positions() const { return file_->identity().positions; }
    std::uint64_t file_bytes() const { return file_->file_bytes(); }
    // The stored value of index i: a win, draw or loss (the checks on opening rule out any
    // other); Unknown past the end.
    Value get(std::uint64_t i) const;
    // Every stored value, in order, into `out`.
    void decode_all(PackedValues& out) const;

private:
    explicit SliceFile(std::unique_ptr<BlockFile> file) : file_(std::move(file)) {}
    // Calls f(value, run length) for the runs of block b; false if the block is malformed.
    template <class F>
    bool for_each_run_of(std::uint64_t block, F&& f) const;

    std::unique_ptr<BlockFile> file_;
};

}  // namespace kroon::egdb
