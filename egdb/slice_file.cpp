#include "egdb/slice_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <system_error>

namespace kroon::egdb {
namespace {

constexpr char magic[8] = {'K', 'R', 'O', 'O', 'N', 'E', 'G', 'B'};
enum : std::uint8_t { raw_block = 0, run_block = 1 };

void write_le(std::vector<std::uint8_t>& out, std::size_t at, std::uint64_t value, int bytes) {
    for (int b = 0; b < bytes; ++b) out[at + b] = static_cast<std::uint8_t>(value >> (8 * b));
}
std::uint64_t read_le(const std::uint8_t* in, int bytes) {
    std::uint64_t value = 0;
    for (int b = 0; b < bytes; ++b) value |= std::uint64_t{in[b]} << (8 * b);
    return value;
}

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t value) {
    for (; value >= 0x80; value >>= 7) out.push_back(static_cast<std::uint8_t>(value | 0x80));
    out.push_back(static_cast<std::uint8_t>(value));
}

void put_run(std::vector<std::uint8_t>& out, Value v, std::uint64_t length) {
    const auto top = static_cast<std::uint8_t>(static_cast<std::uint8_t>(v) << 6);
    if (length <= 63) {
        out.push_back(static_cast<std::uint8_t>(top | (length - 1)));
    } else {
        out.push_back(static_cast<std::uint8_t>(top | 63));
        put_varint(out, length - 64);
    }
}

// The values of one block as they are stored: free choices take their neighbour's value.
std::vector<Value> stored_values(const SolvedSlice& slice, std::uint64_t begin, std::uint64_t end) {
    std::vector<Value> values;
    values.reserve(end - begin);
    // Before the first real value of the block, repeat the first one that follows.
    Value last = Value::Draw;
    for (std::uint64_t i = begin; i < end; ++i)
        if (!slice.is_free_choice(i)) {
            last = slice.values.get(i);
            break;
        }
    for (std::uint64_t i = begin; i < end; ++i) {
        if (!slice.is_free_choice(i)) last = slice.values.get(i);
        values.push_back(last);
    }
    return values;
}

void encode_block(const std::vector<Value>& values, std::vector<std::uint8_t>& out) {
    std::vector<std::uint8_t> runs{run_block};
    for (std::size_t i = 0; i < values.size();) {
        std::size_t j = i + 1;
        while (j < values.size() && values[j] == values[i]) ++j;
        put_run(runs, values[i], j - i);
        i = j;
    }
    const std::size_t raw_size = 1 + (values.size() + 3) / 4;
    if (runs.size() <= raw_size) {
        out.insert(out.end(), runs.begin(), runs.end());
        return;
    }
    const std::size_t at = out.size();
    out.resize(at + raw_size, 0);
    out[at] = raw_block;
    for (std::size_t i = 0; i < values.size(); ++i)
        out[at + 1 + i / 4] |= static_cast<std::uint8_t>(static_cast<std::uint8_t>(values[i]) << (2 * (i % 4)));
}

}  // namespace

std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ULL;
    return h;
}

std::string slice_file_name(std::string_view variant_name, const Material& material) {
    return std::string(variant_name) + "-" + material.name() + ".egdb";
}

std::vector<std::uint8_t> encode_payload(const SolvedSlice& slice) {
    const std::uint64_t positions = slice.values.size();
    const std::uint64_t blocks = (positions + positions_per_block - 1) / positions_per_block;
    std::vector<std::uint8_t> data;
    std::vector<std::uint64_t> offsets{0};
    for (std::uint64_t b = 0; b < blocks; ++b) {
        const std::uint64_t begin = b * positions_per_block;
        encode_block(stored_values(slice, begin, std::min(begin + positions_per_block, positions)), data);
        offsets.push_back(data.size());
    }
    std::vector<std::uint8_t> payload(8 * offsets.size());
    for (std::size_t i = 0; i < offsets.size(); ++i) write_le(payload, 8 * i, offsets[i], 8);
    payload.insert(payload.end(), data.begin(), data.end());
    return payload;
}

Result<std::uint64_t> write_slice_file(const std::filesystem::path& path, int variant_code, const SolvedSlice& slice) {
    const std::vector<std::uint8_t> payload = encode_payload(slice);
    const std::uint64_t positions = slice.values.size();
    std::vector<std::uint8_t> header(header_bytes, 0);
    std::memcpy(header.data(), magic, sizeof magic);
    write_le(header, 8, format_version, 4);
    write_le(header, 12, static_cast<std::uint64_t>(variant_code), 4);
    const Material& m = slice.material;
    write_le(header, 16, static_cast<std::uint64_t>(m.white_men), 1);
    write_le(header, 17, static_cast<std::uint64_t>(m.white_kings), 1);
    write_le(header, 18, static_cast<std::uint64_t>(m.black_men), 1);
    write_le(header, 19, static_cast<std::uint64_t>(m.black_kings), 1);
    write_le(header, 20, positions_per_block, 4);
    write_le(header, 24, positions, 8);
    write_le(header, 32, (positions + positions_per_block - 1) / positions_per_block, 8);
    write_le(header, 40, payload.size(), 8);
    write_le(header, 48, fnv1a64(payload.data(), payload.size()), 8);
    write_le(header, 56, fnv1a64(header.data(), 56), 8);

    std::filesystem::path temporary = path;
    temporary += ".partial";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(header.data()), static_cast<std::streamsize>(header.size()));
        out.write(reinterpret_cast<const char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
        if (!out.flush()) return Error{"cannot write " + temporary.string()};
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) return Error{"cannot rename " + temporary.string() + ": " + ec.message()};
    return header.size() + payload.size();
}

Result<std::shared_ptr<const SliceFile>> SliceFile::open(const std::filesystem::path& path, int variant_code,
                                                         const Material& material, std::uint64_t positions) {
    const std::string name = path.string();
    const int fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Error{name + ": cannot open: " + std::strerror(errno)};
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return Error{name + ": not a regular file"};
    }
    const auto size = static_cast<std::size_t>(st.st_size);
    if (size < header_bytes) {
        ::close(fd);
        return Error{name + ": truncated (" + std::to_string(size) + " bytes)"};
    }
    void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) return Error{name + ": cannot map: " + std::strerror(errno)};

    std::shared_ptr<SliceFile> file(new SliceFile());
    file->map_ = static_cast<const std::uint8_t*>(map);
    file->size_ = size;
    const std::uint8_t* h = file->map_;
    const auto fail = [&](const std::string& why) { return Error{name + ": " + why}; };
    if (std::memcmp(h, magic, sizeof magic) != 0) return fail("not a Kroon endgame database file");
    if (read_le(h + 56, 8) != fnv1a64(h, 56)) return fail("header checksum mismatch");
    if (read_le(h + 8, 4) != format_version) return fail("format version " + std::to_string(read_le(h + 8, 4)));
    if (read_le(h + 12, 4) != static_cast<std::uint64_t>(variant_code)) return fail("built for another variant");
    const Material stored{static_cast<int>(h[16]), static_cast<int>(h[17]), static_cast<int>(h[18]),
                          static_cast<int>(h[19])};
    if (!(stored == material)) return fail("holds " + stored.name() + ", not " + material.name());
    if (read_le(h + 20, 4) != positions_per_block) return fail("unexpected block size");
    if (read_le(h + 24, 8) != positions) return fail("position count does not match the indexing");
    const std::uint64_t blocks = read_le(h + 32, 8);
    if (blocks != (positions + positions_per_block - 1) / positions_per_block) return fail("wrong block count");
    const std::uint64_t payload = read_le(h + 40, 8);
    if (payload != size - header_bytes) return fail("truncated or padded: payload size does not match the file");
    if (payload < 8 * (blocks + 1)) return fail("block index truncated");
    if (read_le(h + 48, 8) != fnv1a64(h + header_bytes, payload)) return fail("payload checksum mismatch");

    file->material_ = material;
    file->positions_ = positions;
    file->blocks_ = blocks;
    file->offsets_ = h + header_bytes;
    file->data_ = file->offsets_ + 8 * (blocks + 1);
    file->data_size_ = payload - 8 * (blocks + 1);
    for (std::uint64_t b = 0; b <= blocks; ++b) {
        const std::uint64_t at = read_le(file->offsets_ + 8 * b, 8);
        if (at > file->data_size_ || (b > 0 && at <= read_le(file->offsets_ + 8 * (b - 1), 8)) || (b == 0 && at != 0))
            return fail("block index out of order");
    }
    // Every block must decode to exactly its number of positions.
    for (std::uint64_t b = 0; b < blocks; ++b) {
        std::uint64_t count = 0;
        if (!file->for_each_run(b, [&](Value, std::uint64_t n) {
                count += n;
                return true;
            }))
            return fail("block " + std::to_string(b) + " is malformed");
        const std::uint64_t expected =
            std::min<std::uint64_t>(positions_per_block, positions - b * positions_per_block);
        if (count != expected) return fail("block " + std::to_string(b) + " has the wrong length");
    }
    return std::shared_ptr<const SliceFile>(std::move(file));
}

SliceFile::~SliceFile() {
    if (map_) ::munmap(const_cast<std::uint8_t*>(map_), size_);
}

template <class F>
bool SliceFile::for_each_run(std::uint64_t block, F&& f) const {
    const std::uint64_t begin = read_le(offsets_ + 8 * block, 8);
    const std::uint64_t end = read_le(offsets_ + 8 * (block + 1), 8);
    if (begin >= end || end > data_size_) return false;
    const std::uint8_t* p = data_ + begin;
    const std::uint8_t* const stop = data_ + end;
    const std::uint64_t length = std::min<std::uint64_t>(positions_per_block, positions_ - block * positions_per_block);
    if (*p == raw_block) {
        if (static_cast<std::uint64_t>(stop - p) != 1 + (length + 3) / 4) return false;
        for (std::uint64_t i = 0; i < length; ++i)
            if (!f(static_cast<Value>(p[1 + i / 4] >> (2 * (i % 4)) & 3), std::uint64_t{1})) return true;
        return true;
    }
    if (*p != run_block) return false;
    for (++p; p < stop;) {
        const std::uint8_t byte = *p++;
        std::uint64_t n = (byte & 63) + 1;
        if (n == 64) {
            std::uint64_t extra = 0;
            for (int shift = 0;; shift += 7) {
                if (p >= stop || shift > 56) return false;
                const std::uint8_t more = *p++;
                extra |= std::uint64_t{more & 0x7fu} << shift;
                if (!(more & 0x80)) break;
            }
            if (extra > positions_per_block) return false;
            n += extra;
        }
        if (!f(static_cast<Value>(byte >> 6), n)) return true;
    }
    return true;
}

Value SliceFile::get(std::uint64_t i) const {
    if (i >= positions_) return Value::Unknown;
    const std::uint64_t block = i / positions_per_block;
    std::uint64_t rest = i % positions_per_block;
    const std::uint8_t* p = data_ + read_le(offsets_ + 8 * block, 8);
    if (*p == raw_block) return static_cast<Value>(p[1 + rest / 4] >> (2 * (rest % 4)) & 3);
    Value found = Value::Unknown;
    for_each_run(block, [&](Value v, std::uint64_t n) {
        if (rest < n) {
            found = v;
            return false;
        }
        rest -= n;
        return true;
    });
    return found;
}

void SliceFile::decode_all(PackedValues& out) const {
    out = PackedValues(positions_);
    std::uint64_t at = 0;
    for (std::uint64_t b = 0; b < blocks_; ++b)
        for_each_run(b, [&](Value v, std::uint64_t n) {
            for (std::uint64_t k = 0; k < n && at < positions_; ++k) out.set(at++, v);
            return true;
        });
}

}  // namespace kroon::egdb
