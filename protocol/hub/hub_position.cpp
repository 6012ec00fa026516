#include "protocol/hub/hub_position.hpp"

#include "engine/notation/fen.hpp"
#include "engine/notation/move_text.hpp"

namespace kroon::hub {

int position_length(Variant variant) { return 1 + board_squares(variant); }

Result<Position> parse_position(Variant variant, std::string_view text) {
    const int length = position_length(variant);
    if (static_cast<int>(text.size()) != length)
        return Error{"expected " + std::to_string(length) + " characters for " +
                     std::string(variant_name(variant)) + ", got " + std::to_string(text.size())};
    if (text[0] != 'W' && text[0] != 'B')
        return Error{"the side to move must be W or B"};
    // Build the FEN piece lists and let the FEN reader apply its plausibility checks.
    std::string white, black;
    for (int square = 1; square < length; ++square) {
        const char c = text[static_cast<size_t>(square)];
        std::string* list = nullptr;
        std::string entry = std::to_string(square);
        switch (c) {
            case 'w': list = &white; break;
            case 'b': list = &black; break;
            case 'W': list = &white; entry = "K" + entry; break;
            case 'B': list = &black; entry = "K" + entry; break;
            case 'e': continue;
            default:
                return Error{"unexpected '" + std::string(1, c) + "' on square " + std::to_string(square)};
        }
        if (!list->empty()) *list += ',';
        *list += entry;
    }
    const std::string fen = std::string(1, text[0]) + ":W" + white + ":B" + black;
    return parse_fen(variant, fen);
}

std::string format_position(Variant variant, const Position& pos) {
    const int length = position_length(variant);
    std::string out(static_cast<size_t>(length), 'e');
    out[0] = pos.side_to_move() == Color::White ? 'W' : 'B';
    for (Color c : {Color::White, Color::Black}) {
        const char man = c == Color::White ? 'w' : 'b';
        const char king = c == Color::White ? 'W' : 'B';
        for (int b : Bits{pos.men(c)}) out[static_cast<size_t>(square_number(variant, b))] = man;
        for (int b : Bits{pos.kings(c)}) out[static_cast<size_t>(square_number(variant, b))] = king;
    }
    return out;
}

}  // namespace kroon::hub
