// Blanks (spaces, tabs, line ends) at the ends of a text from outside: a tag, a comment, a clock.
#pragma once

#include <cctype>
#include <string_view>

namespace kroon {

inline std::string_view trim_blanks(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

}  // namespace kroon
