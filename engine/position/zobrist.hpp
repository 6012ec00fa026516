// Zobrist keys, generated at compile time so hashes are identical in every build.
#pragma once

#include <array>
#include <cstdint>

namespace kroon::zobrist {

constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::uint64_t piece[2][2][64]{};  // [color][is_king][bit]
    std::uint64_t black_to_move = 0;
    std::uint64_t run_count[2][8]{};    // Frisian art. 17 state: [color][consecutive king moves]
    std::uint64_t run_square[2][64]{};  // [color][bit of the king that made them]
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t state = 0x4B726F6F6E2D3230ULL;  // "Kroon-20"
    for (auto& color : k.piece)
        for (auto& kind : color)
            for (auto& key : kind) key = splitmix64(state);
    k.black_to_move = splitmix64(state);
    for (auto& color : k.run_count)
        for (auto& key : color) key = splitmix64(state);
    for (auto& color : k.run_square)
        for (auto& key : color) key = splitmix64(state);
    return k;
}

inline constexpr Keys keys = make_keys();

}  // namespace kroon::zobrist
