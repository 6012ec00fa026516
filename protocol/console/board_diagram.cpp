#include "protocol/console/board_diagram.hpp"

namespace kroon::console {
namespace {

char piece_char(const Position& pos, int b) {
    const Bitboard m = bit(b);
    if (pos.pieces(Color::White) & m) return (pos.kings() & m) ? 'W' : 'w';
    if (pos.pieces(Color::Black) & m) return (pos.kings() & m) ? 'B' : 'b';
    return '.';
}

// The square's name in the key beside the board: its number, or where the variant's moves are
// written c3-d4 (Brazilian, Russian, Czech) its algebraic name, as the player types it.
std::string key_cell(const Rulebook& rules, int square) {
    std::string s = rules.traits().algebraic_notation ? rules.algebraic_square(square) : std::to_string(square);
    return std::string(3 - s.size(), ' ') + s;
}

}  // namespace

std::string board_diagram(const Rulebook& rules, const Position& pos, const DiagramOptions& options) {
    const int size = rules.traits().rows;  // square boards: as many files as rows
    const std::string border = "+" + std::string(3 * static_cast<size_t>(size) + 1, '-') + "+";
    const std::string gap = "    ";
    std::string out = "  " + border + gap + border + "\n";
    for (int shown_row = 0; shown_row < size; ++shown_row) {
        const int row = options.flipped ? size - 1 - shown_row : shown_row;
        std::string pieces = "  |";
        std::string numbers = "|";
        for (int shown_file = 0; shown_file < size; ++shown_file) {
            const int file = options.flipped ? size - 1 - shown_file : shown_file;
            const int b = rules.bit_at(row, file);
            if (b < 0) {
                pieces += "   ";
                numbers += "   ";
                continue;
            }
            const bool marked = options.last_move && (b == options.last_move->from || b == options.last_move->to);
            pieces += marked ? '(' : ' ';
            pieces += piece_char(pos, b);
            pieces += marked ? ')' : ' ';
            numbers += key_cell(rules, rules.square_number(b));
        }
        out += pieces + " |" + gap + numbers + " |\n";
    }
    out += "  " + border + gap + border + "\n";
    return out;
}

}  // namespace kroon::console
