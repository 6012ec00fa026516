// Square names: the PDN numbers 1..N, or algebraic names as Russian and Brazilian PDN write
// them (file a.. from White's left, rank 1.. from White's side: c3, d4). On the Italian and
// Spanish boards a1 is a light square, so their algebraic files run the mirror way.
// Templated on the board; the Rulebook hands them out per variant.
#pragma once

#include <cctype>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>

namespace kroon {

namespace square_names_detail {

// Board geometry (row 0 at the top, file 0 on the left as the bit layout has it) is the real
// board for the standard numbering and its mirror image for the mirrored one.
template <class B>
constexpr bool is_mirrored() {
    return B::bit_of_square(1) != B::bit_of_index(0);
}

inline std::optional<int> digits_value(std::string_view s) {
    if (s.empty() || s.size() > 3) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return value;
}

}  // namespace square_names_detail

// The square number named by `name` (digits or algebraic, case-insensitive), or nothing when
// it names no dark square of the board.
template <class B>
std::optional<int> parse_square_name(std::string_view name) {
    using namespace square_names_detail;
    if (name.empty()) return std::nullopt;
    if (std::isdigit(static_cast<unsigned char>(name.front()))) {
        const auto n = digits_value(name);
        if (!n || *n < 1 || *n > B::squares) return std::nullopt;
        return *n;
    }
    const int file = std::tolower(static_cast<unsigned char>(name.front())) - 'a';
    const auto rank = digits_value(name.substr(1));
    if (file < 0 || file >= B::width || !rank || *rank < 1 || *rank > B::rows) return std::nullopt;
    const int layout_file = is_mirrored<B>() ? B::width - 1 - file : file;
    const int b = B::bit_at(B::rows - *rank, layout_file);
    if (b < 0) return std::nullopt;  // a light square
    return static_cast<int>(B::square_of_bit[b]);
}

// The algebraic name of square number `square` (1..N), "?" when off the board.
template <class B>
std::string algebraic_square(int square) {
    using namespace square_names_detail;
    if (square < 1 || square > B::squares) return "?";
    const int b = B::bit_of_square(square);
    const int file = is_mirrored<B>() ? B::width - 1 - B::file_of_bit(b) : B::file_of_bit(b);
    return std::string(1, static_cast<char>('a' + file)) + std::to_string(B::rows - B::row_of_bit(b));
}

// Whether `text` starts the way a square name does (a digit, or a letter and a digit): how
// move text is told apart from commands and annotations.
inline bool starts_with_square_name(std::string_view text) {
    const auto digit = [&](size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
    return digit(0) || (!text.empty() && std::isalpha(static_cast<unsigned char>(text[0])) && digit(1));
}

}  // namespace kroon
