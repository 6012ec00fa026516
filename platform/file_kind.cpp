#include "platform/file_kind.hpp"

#include <algorithm>

#include "platform/little_endian.hpp"

namespace kroon::platform {

void append_kind(std::string& out, const FileKind& kind) {
    out += kind.magic;
    append_le(out, kind.version, kind.version_bytes);
}

std::optional<Error> check_kind(std::string_view bytes, const FileKind& kind) {
    const std::size_t version_at = kind.magic.size();
    if (bytes.size() < version_at + static_cast<std::size_t>(kind.version_bytes) || !bytes.starts_with(kind.magic))
        return Error{"not a Kroon " + std::string(kind.name) + " (no " + std::string(kind.magic) + " header)"};
    const std::uint64_t version =
        read_le(reinterpret_cast<const std::uint8_t*>(bytes.data()) + version_at, kind.version_bytes);
    if (version != kind.version)
        return Error{std::string(kind.name) + " version " + std::to_string(version) + "; this Kroon reads version " +
                     std::to_string(kind.version)};
    return std::nullopt;
}

void append_name_field(std::string& out, std::string_view name) {
    std::string field(name.substr(0, name_field_bytes));
    field.resize(name_field_bytes, '\0');
    out += field;
}

std::string read_name_field(std::string_view bytes, std::size_t at) {
    const std::string_view field = bytes.substr(std::min(at, bytes.size()), name_field_bytes);
    return std::string(field.substr(0, field.find('\0')));
}

}  // namespace kroon::platform
