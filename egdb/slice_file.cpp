#include "egdb/slice_file.hpp"

namespace kroon::egdb {
namespace {

enum : std::uint8_t { raw_block = 0, run_block = 1 };

FileIdentity identity_of(int variant_code, const Material& material, std::uint64_t positions) {
    return {"KROONEGB", format_version, variant_code, material, positions_per_block, positions};
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

// Calls f(value, run length) for the runs of the block [p, stop) of `length` positions, until f
// returns false; false if the block is malformed.
template <class F>
bool for_each_run(const std::uint8_t* p, const std::uint8_t* const stop, std::uint64_t length, F&& f) {
    // The writer stores wins, draws and losses only: a stored Unknown makes the block malformed.
    if (*p == raw_block) {
        if (static_cast<std::uint64_t>(stop - p) != 1 + (length + 3) / 4) return false;
        for (std::uint64_t i = 0; i < length; ++i) {
            const auto v = static_cast<Value>(p[1 + i / 4] >> (2 * (i % 4)) & 3);
            if (v == Value::Unknown) return false;
            if (!f(v, std::uint64_t{1})) return true;
        }
        return true;
    }
    if (*p != run_block) return false;
    for (++p; p < stop;) {
        const std::uint8_t byte = *p++;
        if (static_cast<Value>(byte >> 6) == Value::Unknown) return false;
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

}  // namespace

std::string slice_file_name(std::string_view variant_name, const Material& material) {
    return std::string(variant_name) + "-" + material.name() + ".egdb";
}

Result<std::uint64_t> write_slice_file(const std::filesystem::path& path, int variant_code, const SolvedSlice& slice) {
    const std::uint64_t positions = slice.values.size();
    return write_block_file(path, identity_of(variant_code, slice.material, positions),
                            [&](std::uint64_t b, std::vector<std::uint8_t>& out) {
                                const std::uint64_t begin = b * positions_per_block;
                                encode_block(
                                    stored_values(slice, begin, std::min(begin + positions_per_block, positions)), out);
                            });
}

Result<std::shared_ptr<const SliceFile>> SliceFile::open(const std::filesystem::path& path, int variant_code,
                                                         const Material& material, std::uint64_t positions) {
    const FileIdentity identity = identity_of(variant_code, material, positions);
    // Every block must decode to exactly its number of positions.
    const auto decodes = [&](std::uint64_t b, const std::uint8_t* begin,
                             const std::uint8_t* end) -> std::optional<std::string> {
        std::uint64_t count = 0;
        const auto counted = [&](Value, std::uint64_t n) {
            count += n;
            return true;
        };
        if (!for_each_run(begin, end, identity.block_length(b), counted)) return "is malformed";
        if (count != identity.block_length(b)) return "has the wrong length";
        return std::nullopt;
    };
    auto blocks = BlockFile::open(path, identity, decodes);
    if (!blocks) return Error{blocks.error()};
    return std::shared_ptr<const SliceFile>(new SliceFile(std::move(blocks.value())));
}

template <class F>
bool SliceFile::for_each_run_of(std::uint64_t block, F&& f) const {
    return for_each_run(file_->block_begin(block), file_->block_end(block), file_->identity().block_length(block),
                        std::forward<F>(f));
}

Value SliceFile::get(std::uint64_t i) const {
    if (i >= positions()) return Value::Unknown;
    const std::uint64_t block = i / positions_per_block;
    std::uint64_t rest = i % positions_per_block;
    const std::uint8_t* p = file_->block_begin(block);
    if (*p == raw_block) return static_cast<Value>(p[1 + rest / 4] >> (2 * (rest % 4)) & 3);
    Value found = Value::Unknown;
    for_each_run_of(block, [&](Value v, std::uint64_t n) {
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
    out = PackedValues(positions());
    std::uint64_t at = 0;
    for (std::uint64_t b = 0; b < file_->blocks(); ++b)
        for_each_run_of(b, [&](Value v, std::uint64_t n) {
            for (std::uint64_t k = 0; k < n && at < positions(); ++k) out.set(at++, v);
            return true;
        });
}

}  // namespace kroon::egdb
