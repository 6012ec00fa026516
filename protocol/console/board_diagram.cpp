#include "protocol/console/board_diagram.hpp"

namespace kroon::console {
namespace {

char piece_char(const Position& pos, int b) {
    const Bitboard m = bit(b);
    if (pos.pieces(Color::White) & m) return (pos.kings() & m) ? 'W' : 'w';
    if (pos.pieces(Color::Black) & m) return (pos.kings() & m) ? 'B' : 'b';
    return '.';
}

std::string number_cell(int square) {
    std::string s = std::to_string(square);
    return std::string(3 - s.size(), ' ') + s;
}

template <RuleSet R>
std::string draw(const Position& pos, const DiagramOptions& options) {
    using B = typename R::Board;
    const std::string border = "+" + std::string(3 * B::width + 1, '-') + "+";
    const std::string gap = "    ";
    std::string out = "  " + border + gap + border + "\n";
    for (int shown_row = 0; shown_row < B::rows; ++shown_row) {
        const int row = options.flipped ? B::rows - 1 - shown_row : shown_row;
        std::string pieces = "  |";
        std::string numbers = "|";
        for (int shown_file = 0; shown_file < B::width; ++shown_file) {
            const int file = options.flipped ? B::width - 1 - shown_file : shown_file;
            if (!B::on_board(row, file)) {
                pieces += "   ";
                numbers += "   ";
                continue;
            }
            const int b = B::bit_at(row, file);
            const bool marked = options.last_move &&
                                (b == options.last_move->from || b == options.last_move->to);
            pieces += marked ? '(' : ' ';
            pieces += piece_char(pos, b);
            pieces += marked ? ')' : ' ';
            numbers += number_cell(B::square_of_bit[b]);
        }
        out += pieces + " |" + gap + numbers + " |\n";
    }
    out += "  " + border + gap + border + "\n";
    return out;
}

}  // namespace

std::string board_diagram(Variant variant, const Position& pos, const DiagramOptions& options) {
    return with_rules(variant, [&](auto tag) { return draw<typename decltype(tag)::Rules>(pos, options); });
}

}  // namespace kroon::console
