#include "engine/rules/variant.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace kroon {

std::string_view variant_name(Variant v) {
    return with_rules(v, [](auto tag) -> std::string_view { return decltype(tag)::Rules::name; });
}

std::optional<Variant> parse_variant(std::string_view text) {
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "international" || lower == "normal" || lower == "10x10" || lower == "dammen")
        return Variant::International;
    if (lower == "frisian" || lower == "fries") return Variant::Frisian;
    if (lower == "english" || lower == "checkers" || lower == "draughts") return Variant::English;
    return std::nullopt;
}

int board_squares(Variant v) {
    return with_rules(v, [](auto tag) { return decltype(tag)::Rules::Board::squares; });
}

}  // namespace kroon
