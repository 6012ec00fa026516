// Move text (engine/notation/move_text.cpp) in every syntax and variant. The input is a
// variant byte, a FEN line (the start position when it does not parse) and the move text.
// A move that parses is legal, and each notation prints it so that it reads back as itself.
#include <cstddef>
#include <cstdint>
#include <iterator>

#include "engine/rulebook/rulebook.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const Variant variant = all_variants[data[0] % std::size(all_variants)];
    const MoveSyntax syntax = static_cast<MoveSyntax>(data[1] % 3);
    const Rulebook& rules = rulebook(variant);
    std::string_view rest = fuzz::as_text(data + 2, size - 2);
    const size_t newline = rest.find('\n');
    Position pos = rules.start_position();
    if (newline != std::string_view::npos) {
        if (const auto fen = rules.parse_fen(rest.substr(0, newline))) pos = *fen;
        rest.remove_prefix(newline + 1);
    }
    const auto move = rules.parse_move(pos, rest, syntax);
    if (!move) {
        require(!move.error().empty(), "an error says why", [&] { return shown(rest); });
        return 0;
    }
    const std::string where = rules.format_fen(pos) + " / " + shown(rest);
    require(rules.is_legal(pos, *move), "a parsed move is legal", [&] { return where; });
    const struct {
        MoveNotation notation;
        MoveSyntax syntax;
    } forms[] = {{MoveNotation::Standard, MoveSyntax::Pdn},
                 {MoveNotation::Long, MoveSyntax::Pdn},
                 {MoveNotation::Hub, MoveSyntax::Hub},
                 {MoveNotation::Standard, MoveSyntax::Any}};
    for (const auto& form : forms) {
        const std::string text = rules.format_move(pos, *move, form.notation);
        const auto back = rules.parse_move(pos, text, form.syntax);
        require(back.ok(), "a printed move parses",
                [&] { return where + " -> " + text + ": " + (back ? "" : back.error()); });
        require(*back == *move, "a printed move reads back as itself", [&] { return where + " -> " + text; });
    }
    const auto found = rules.find_move(pos, rules.move_fields(*move));
    require(found.ok() && *found == *move, "find_move finds the move by its fields", [&] { return where; });
    return 0;
}
