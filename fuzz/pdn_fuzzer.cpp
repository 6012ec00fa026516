// PDN reader (engine/notation/pdn.cpp): any text reads in linear time without a crash; every
// game it reads writes out (in both notations) to a text that reads back to the same game,
// and writing that again gives the same bytes.
#include <cstddef>
#include <cstdint>

#include "engine/record/pdn.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

namespace {

bool same_game(const PdnGame& a, const PdnGame& b) {
    return a.variant == b.variant && a.start == b.start && a.moves == b.moves && a.result == b.result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    const PdnFile file = read_pdn(text);
    for (const PdnError& e : file.errors) require(e.game >= 1 && e.line >= 1 && e.column >= 1, "errors have a place");
    for (const PdnGame& game : file.games) {
        for (const PdnMoves notation : {PdnMoves::Short, PdnMoves::Long}) {
            const std::string written = write_pdn(game, notation);
            const PdnFile back = read_pdn(written);
            require(back.errors.empty(), "a written game reads without errors", [&] {
                return written + "\n" + (back.errors.empty() ? "" : back.errors[0].text()) + "\nfrom: " + shown(text);
            });
            require(back.games.size() == 1, "a written game reads as one game", [&] { return written; });
            require(same_game(back.games[0], game), "a written game reads back to the same game",
                    [&] { return written; });
            require(write_pdn(back.games[0], notation) == written, "writing is canonical", [&] { return written; });
        }
    }
    return 0;
}
