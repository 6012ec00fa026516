// What every fuzz target does when an invariant fails: say which, with the input's part that
// broke it, and abort, so that libFuzzer saves the input as a crash (docs/robustness.md).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

namespace kroon::fuzz {

[[noreturn]] inline void broken(std::string_view invariant, const std::string& detail) {
    std::fprintf(stderr, "invariant broken: %.*s\n%s\n", static_cast<int>(invariant.size()), invariant.data(),
                 detail.c_str());
    std::abort();
}

inline void require(bool holds, std::string_view invariant) {
    if (!holds) broken(invariant, {});
}

// `detail` returns the input's part to show; it runs only when the invariant fails, so that
// checking costs no string building per input.
template <class Detail>
requires std::is_invocable_r_v<std::string, Detail>
void require(bool holds, std::string_view invariant, Detail&& detail) {
    if (!holds) broken(invariant, detail());
}

// Printable ASCII with the rest escaped, for the report of a broken invariant.
inline std::string shown(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f && c != '\\') {
            out += c;
        } else {
            char hex[8];
            std::snprintf(hex, sizeof hex, "\\x%02x", u);
            out += hex;
        }
    }
    return out;
}

// The input's bytes as text.
inline std::string_view as_text(const unsigned char* data, size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

}  // namespace kroon::fuzz
