// Basic value types shared by every module.
#pragma once

#include <cstdint>

namespace kroon {

enum class Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return static_cast<Color>(static_cast<int>(c) ^ 1); }
constexpr int index(Color c) { return static_cast<int>(c); }

}  // namespace kroon
