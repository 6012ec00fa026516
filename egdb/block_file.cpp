#include "egdb/block_file.hpp"

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"

#include <cerrno>
#include <cstring>
#include <system_error>

namespace kroon::egdb {
namespace {

void write_le(std::vector<std::uint8_t>& out, std::size_t at, std::uint64_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) out[at + b] = static_cast<std::uint8_t>(value >> (8 * b));
}

}  // namespace

std::uint64_t FileIdentity::block_length(std::uint64_t b) const {
    return std::min<std::uint64_t>(positions_per_block, positions - b * positions_per_block);
}

Result<std::uint64_t> write_block_file(const std::filesystem::path& path, const FileIdentity& identity,
                                       const std::function<void(std::uint64_t, std::vector<std::uint8_t>&)>& encode) {
    const std::uint64_t blocks = identity.blocks();
    std::vector<std::uint8_t> data;
    std::vector<std::uint8_t> payload(8 * (blocks + 1), 0);
    for (std::uint64_t b = 0; b < blocks; ++b) {
        encode(b, data);
        write_le(payload, 8 * (b + 1), data.size(), 8);
    }
    payload.insert(payload.end(), data.begin(), data.end());

    std::vector<std::uint8_t> header(header_bytes, 0);
    std::memcpy(header.data(), identity.magic.data(), 8);
    write_le(header, 8, identity.version, 4);
    write_le(header, 12, static_cast<std::uint64_t>(identity.variant_code), 4);
    const Material& m = identity.material;
    header[16] = static_cast<std::uint8_t>(m.white_men);
    header[17] = static_cast<std::uint8_t>(m.white_kings);
    header[18] = static_cast<std::uint8_t>(m.black_men);
    header[19] = static_cast<std::uint8_t>(m.black_kings);
    write_le(header, 20, identity.positions_per_block, 4);
    write_le(header, 24, identity.positions, 8);
    write_le(header, 32, blocks, 8);
    write_le(header, 40, payload.size(), 8);
    write_le(header, 48, fnv1a64(payload.data(), payload.size()), 8);
    write_le(header, 56, fnv1a64(header.data(), 56), 8);

    if (auto written = platform::write_file_atomically(
            path.string(), {{header.data(), header.size()}, {payload.data(), payload.size()}});
        !written)
        return Error{written.error()};
    return header.size() + payload.size();
}

Result<std::unique_ptr<BlockFile>> BlockFile::open(const std::filesystem::path& path, const FileIdentity& identity,
                                                   const BlockCheck& check_block) {
    const std::string name = path.string();
    // Read into memory, not mapped: a file replaced or truncated while in use (a new build
    // copied over the cache folder) then cannot take the process down with SIGBUS.
    auto bytes = platform::read_file(name, max_block_file_bytes, "endgame database file");
    if (!bytes) return Error{bytes.error()};
    const std::size_t size = bytes->size();
    if (size < header_bytes) return Error{name + ": truncated (" + std::to_string(size) + " bytes)"};

    std::unique_ptr<BlockFile> file(new BlockFile());
    file->bytes_ = std::move(*bytes);
    const auto* h = reinterpret_cast<const std::uint8_t*>(file->bytes_.data());
    const auto fail = [&](const std::string& why) { return Error{name + ": " + why}; };
    if (std::memcmp(h, identity.magic.data(), 8) != 0) return fail("not a Kroon endgame database file of this kind");
    if (read_le(h + 56, 8) != fnv1a64(h, 56)) return fail("header checksum mismatch");
    if (read_le(h + 8, 4) != identity.version)
        return fail("format version " + std::to_string(read_le(h + 8, 4)) + ", this Kroon reads version " +
                    std::to_string(identity.version) + " (rebuild with kroon egdb build)");
    if (read_le(h + 12, 4) != static_cast<std::uint64_t>(identity.variant_code))
        return fail("built for another variant");
    const Material stored{static_cast<int>(h[16]), static_cast<int>(h[17]), static_cast<int>(h[18]),
                          static_cast<int>(h[19])};
    if (!(stored == identity.material)) return fail("holds " + stored.name() + ", not " + identity.material.name());
    if (read_le(h + 20, 4) != identity.positions_per_block) return fail("unexpected block size");
    if (read_le(h + 24, 8) != identity.positions) return fail("position count does not match the indexing");
    const std::uint64_t blocks = read_le(h + 32, 8);
    if (blocks != identity.blocks()) return fail("wrong block count");
    const std::uint64_t payload = read_le(h + 40, 8);
    if (payload != size - header_bytes) return fail("truncated or padded: payload size does not match the file");
    if (payload < 8 * (blocks + 1)) return fail("block index truncated");
    if (read_le(h + 48, 8) != fnv1a64(h + header_bytes, payload)) return fail("payload checksum mismatch");

    file->blocks_ = blocks;
    file->offsets_ = h + header_bytes;
    file->data_ = file->offsets_ + 8 * (blocks + 1);
    const std::uint64_t data_size = payload - 8 * (blocks + 1);
    for (std::uint64_t b = 0; b <= blocks; ++b) {
        const std::uint64_t at = read_le(file->offsets_ + 8 * b, 8);
        if (at > data_size || (b > 0 && at <= read_le(file->offsets_ + 8 * (b - 1), 8)) || (b == 0 && at != 0))
            return fail("block index out of order");
    }
    if (read_le(file->offsets_ + 8 * blocks, 8) != data_size) return fail("block index does not end the file");
    for (std::uint64_t b = 0; b < blocks; ++b)
        if (const auto wrong = check_block(b, file->block_begin(b), file->block_end(b)))
            return fail("block " + std::to_string(b) + " " + *wrong);
    file->identity_ = identity;
    return file;
}

}  // namespace kroon::egdb
