#include "engine/notation/square_names.hpp"

#include <cctype>
#include <charconv>

namespace kroon {
namespace {

// Board geometry (row 0 at the top, file 0 on the left as the bit layout has it) is the real
// board for the standard numbering and its mirror image for the mirrored one.
template <class B>
constexpr bool is_mirrored() {
    return B::bit_of_square(1) != B::bit_of_index(0);
}

std::optional<int> digits_value(std::string_view s) {
    if (s.empty() || s.size() > 3) return std::nullopt;
    int value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return value;
}

}  // namespace

std::optional<int> parse_square_name(Variant variant, std::string_view name) {
    return with_rules(variant, [&](auto tag) -> std::optional<int> {
        using B = typename decltype(tag)::Rules::Board;
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
    });
}

std::string algebraic_square(Variant variant, int square) {
    return with_rules(variant, [&](auto tag) {
        using B = typename decltype(tag)::Rules::Board;
        if (square < 1 || square > B::squares) return std::string("?");
        const int b = B::bit_of_square(square);
        const int file = is_mirrored<B>() ? B::width - 1 - B::file_of_bit(b) : B::file_of_bit(b);
        return std::string(1, static_cast<char>('a' + file)) + std::to_string(B::rows - B::row_of_bit(b));
    });
}

bool starts_with_square_name(std::string_view text) {
    const auto digit = [&](size_t i) { return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); };
    return digit(0) || (!text.empty() && std::isalpha(static_cast<unsigned char>(text[0])) && digit(1));
}

}  // namespace kroon
