// The endgame-database file readers (egdb/block_file.cpp, slice_file.cpp, distance_file.cpp;
// docs/egdb.md, File format): any bytes open as a file or give an error, never a crash, a hang
// or a read out of bounds.
//
// The input is the file itself, written to a scratch file and opened as the readers open it.
// The slice it is opened as comes from its own header when that names a variant with
// databases and a slice of 2 or 3 pieces (else one king each, international); its kind from
// its magic (distances for "KROONDTC", values otherwise). Each input is opened twice: as it
// is, and with its payload size and both checksums made right, so that mutations get past
// the checksums to the block index, the runs and the zstd frames.
//
// A values file that opens holds only wins, draws and losses, and reads the same one index
// at a time as all at once; a distance file that opens reads the same one index at a time as
// all at once, wherever all of it decompresses.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "egdb/database.hpp"
#include "egdb/distance_file.hpp"
#include "egdb/indexer.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/variants.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace kroon;
using kroon::fuzz::require;

namespace {

struct SliceToOpen {
    Variant variant = Variant::International;
    egdb::Material material{0, 1, 0, 1};
    std::uint64_t positions = 0;
    bool distances = false;
};

SliceToOpen slice_named_by(const std::vector<std::uint8_t>& file) {
    SliceToOpen slice;
    if (file.size() >= 8) slice.distances = std::memcmp(file.data(), "KROONDTC", 8) == 0;
    if (file.size() >= 20) {
        const std::uint64_t code = egdb::read_le(file.data() + 12, 4);
        for (const Variant v : {Variant::International, Variant::Brazilian, Variant::English, Variant::Frisian})
            if (static_cast<std::uint64_t>(egdb::variant_code(v)) == code) slice.variant = v;
        const egdb::Material named{file[16], file[17], file[18], file[19]};
        if (named.white() >= 1 && named.black() >= 1 && named.pieces() <= 3) slice.material = named;
    }
    egdb::with_database_rules(slice.variant, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        slice.positions = egdb::SliceIndexer<R>(slice.material).size();
    });
    return slice;
}

// Every block's first and last index and about 500 spread over the slice.
std::vector<std::uint64_t> indices_to_read(std::uint64_t positions, std::uint64_t per_block) {
    std::vector<std::uint64_t> indices;
    for (std::uint64_t begin = 0; begin < positions; begin += per_block) {
        indices.push_back(begin);
        indices.push_back(std::min(begin + per_block, positions) - 1);
    }
    const std::uint64_t step = std::max<std::uint64_t>(1, positions / 500);
    for (std::uint64_t i = 0; i < positions; i += step) indices.push_back(i);
    return indices;
}

void read_values(const std::filesystem::path& path, const SliceToOpen& slice) {
    const auto file = egdb::SliceFile::open(path, egdb::variant_code(slice.variant), slice.material, slice.positions);
    if (!file) {
        require(!file.error().empty(), "an error says why");
        return;
    }
    egdb::PackedValues all;
    (*file)->decode_all(all);
    require(all.size() == slice.positions, "every position decoded");
    for (std::uint64_t i = 0; i < all.size(); ++i)
        require(all.get(i) != egdb::Value::Unknown, "a file that opens holds only wins, draws and losses",
                [&] { return "index " + std::to_string(i); });
    for (const std::uint64_t i : indices_to_read(slice.positions, egdb::positions_per_block))
        require((*file)->get(i) == all.get(i), "one value reads as all of them do",
                [&] { return "index " + std::to_string(i); });
    require((*file)->get(slice.positions) == egdb::Value::Unknown, "an index past the end is unknown");
}

void read_distances(const std::filesystem::path& path, const SliceToOpen& slice) {
    const auto file =
        egdb::DistanceFile::open(path, egdb::variant_code(slice.variant), slice.material, slice.positions);
    if (!file) {
        require(!file.error().empty(), "an error says why");
        return;
    }
    std::vector<std::uint16_t> all;
    const bool whole = (*file)->decode_all(all);
    if (whole) require(all.size() == slice.positions, "every distance decoded");
    for (const std::uint64_t i : indices_to_read(slice.positions, egdb::distances_per_block)) {
        const auto one = (*file)->get(i);
        if (whole)
            require(one && *one == all[i], "one distance reads as all of them do",
                    [&] { return "index " + std::to_string(i); });
    }
    require(!(*file)->get(slice.positions), "an index past the end has no distance");
}

// The input with its payload size and checksums made right (docs/egdb.md, File format).
std::vector<std::uint8_t> with_checksums_made_right(std::vector<std::uint8_t> file) {
    if (file.size() < egdb::header_bytes) return file;
    const auto put = [&](std::size_t at, std::uint64_t value) {
        for (int b = 0; b < 8; ++b) file[at + b] = static_cast<std::uint8_t>(value >> (8 * b));
    };
    const std::size_t payload = file.size() - egdb::header_bytes;
    put(40, payload);
    put(48, egdb::fnv1a64(file.data() + egdb::header_bytes, payload));
    put(56, egdb::fnv1a64(file.data(), 56));
    return file;
}

// One scratch file for the whole run, removed at exit.
const std::filesystem::path& scratch_file() {
    static const std::filesystem::path path = [] {
        std::string folder = (std::filesystem::temp_directory_path() / "kroon_fuzz_egdb_XXXXXX").string();
        if (!::mkdtemp(folder.data())) {
            std::perror("mkdtemp");
            std::abort();
        }
        static const std::string to_remove = folder;
        std::atexit([] {
            std::error_code ec;
            std::filesystem::remove_all(to_remove, ec);
        });
        return std::filesystem::path(folder) / "slice";
    }();
    return path;
}

void open_as_written(const std::vector<std::uint8_t>& file) {
    const auto& path = scratch_file();
    std::FILE* out = std::fopen(path.c_str(), "wb");
    require(out != nullptr, "the scratch file can be written");
    const bool written = std::fwrite(file.data(), 1, file.size(), out) == file.size();
    require(std::fclose(out) == 0 && written, "the scratch file can be written");
    const SliceToOpen slice = slice_named_by(file);
    if (slice.distances)
        read_distances(path, slice);
    else
        read_values(path, slice);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::uint8_t> file(data, data + size);
    open_as_written(file);
    const auto repaired = with_checksums_made_right(file);
    if (repaired != file) open_as_written(repaired);
    return 0;
}
