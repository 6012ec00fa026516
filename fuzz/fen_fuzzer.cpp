// FEN reader (engine/notation/fen.cpp), every variant: a FEN that parses prints back to a FEN
// that parses to the same position, and printing that again gives the same text.
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "engine/rulebook/rulebook.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    // The first byte picks the variant; the rest is the FEN.
    const Variant variant = all_variants[data[0] % std::size(all_variants)];
    const Rulebook& rules = rulebook(variant);
    const std::string_view text = fuzz::as_text(data + 1, size - 1);
    const auto pos = rules.parse_fen(text);
    if (!pos) {
        require(!pos.error().empty(), "an error says why", [&] { return shown(text); });
        return 0;
    }
    const std::string printed = rules.format_fen(*pos);
    const auto again = rules.parse_fen(printed);
    require(again.ok(), "a printed FEN parses", [&] { return shown(text) + " -> " + printed; });
    require(*again == *pos, "a printed FEN gives the same position", [&] { return shown(text) + " -> " + printed; });
    require(rules.format_fen(*again) == printed, "printing is canonical", [&] { return printed; });
    // Whatever it holds, the position has a move count and its moves can be played.
    MoveList moves;
    rules.generate_moves(*pos, moves);
    require(static_cast<int>(moves.size()) == rules.count_moves(*pos), "count_moves agrees with generate_moves",
            [&] { return printed; });
    for (const Move& m : moves) {
        Position after = *pos;
        rules.play(after, m);
    }
    return 0;
}
