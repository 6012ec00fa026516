// DXP message decoding (protocol/dxp/message.cpp). A message that decodes encodes to the same
// bytes, except where Kroon deliberately sends less than it reads: bytes outside printable
// ASCII become '?', and a name loses its leading blanks (docs/protocols.md, DXP 2 and 3).
// The encoding of a decoded message always decodes again, to a message that encodes the same.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_check.hpp"
#include "protocol/dxp/message.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

namespace {

bool printable_text(std::string_view text) {
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f) return false;
    }
    return true;
}

// The name field of a GAMEREQ (offset 3) or GAMEACC (offset 1), 32 characters wide.
bool name_starts_blank(std::string_view text) {
    const size_t at = text[0] == 'R' ? 3 : text[0] == 'A' ? 1 : std::string_view::npos;
    return at < text.size() && text[at] == ' ';
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    const auto message = dxp::parse_message(text);
    if (!message) {
        require(!message.error().empty(), "an error says why", [&] { return shown(text); });
        (void)dxp::printable(message.error());
        return 0;
    }
    (void)dxp::describe(*message);
    const std::string encoded = dxp::format_message(*message);
    require(encoded.size() <= static_cast<size_t>(dxp::max_message_length), "an encoded message fits",
            [&] { return encoded; });
    require(printable_text(encoded), "Kroon encodes printable ASCII only", [&] { return shown(encoded); });
    if (printable_text(text) && !name_starts_blank(text))
        require(encoded == text, "a decoded message encodes to the same bytes",
                [&] { return shown(text) + " -> " + encoded; });
    const auto again = dxp::parse_message(encoded);
    require(again.ok(), "an encoded message decodes", [&] { return shown(text) + " -> " + encoded; });
    require(dxp::format_message(*again) == encoded, "encoding is stable",
            [&] { return shown(text) + " -> " + encoded; });
    return 0;
}
