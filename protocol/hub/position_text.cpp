#include "protocol/hub/position_text.hpp"

namespace kroon::hub {

int position_length(const Rulebook& rules) { return 1 + rules.squares(); }

Result<Position> parse_position(const Rulebook& rules, std::string_view text) {
    const int length = position_length(rules);
    if (static_cast<int>(text.size()) != length)
        return Error{"expected " + std::to_string(length) + " characters for " + std::string(rules.name()) + ", got " +
                     std::to_string(text.size())};
    if (text[0] != 'W' && text[0] != 'B') return Error{"the side to move must be W or B"};
    // Build the FEN piece lists and let the FEN reader apply its plausibility checks.
    std::string white, black;
    for (int square = 1; square < length; ++square) {
        const char c = text[static_cast<size_t>(square)];
        std::string* list = nullptr;
        std::string entry = std::to_string(square);
        switch (c) {
            case 'w': list = &white; break;
            case 'b': list = &black; break;
            case 'W':
                list = &white;
                entry = "K" + entry;
                break;
            case 'B':
                list = &black;
                entry = "K" + entry;
                break;
            case 'e': continue;
            default: return Error{"unexpected '" + std::string(1, c) + "' on square " + std::to_string(square)};
        }
        if (!list->empty()) *list += ',';
        *list += entry;
    }
    const std::string fen = std::string(1, text[0]) + ":W" + white + ":B" + black;
    return rules.parse_fen(fen);
}

std::string format_position(const Rulebook& rules, const Position& pos) {
    const int length = position_length(rules);
    std::string out(static_cast<size_t>(length), 'e');
    out[0] = pos.side_to_move() == Color::White ? 'W' : 'B';
    for (Color c : {Color::White, Color::Black}) {
        const char man = c == Color::White ? 'w' : 'b';
        const char king = c == Color::White ? 'W' : 'B';
        for (int b : Bits{pos.men(c)}) out[static_cast<size_t>(rules.square_number(b))] = man;
        for (int b : Bits{pos.kings(c)}) out[static_cast<size_t>(rules.square_number(b))] = king;
    }
    return out;
}

}  // namespace kroon::hub
