// Console commands that only show things: the board, the legal moves, the game so far, the
// evaluation and perft.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "eval/evaluate.hpp"
#include "protocol/console/board_diagram.hpp"
#include "protocol/console/console_session.hpp"
#include "protocol/console/report_text.hpp"

namespace kroon::console {
namespace {

std::string piece_count(const Position& pos, Color side) {
    const int men = popcount(pos.men(side));
    const int kings = popcount(pos.kings(side));
    std::string s = std::to_string(men) + (men == 1 ? " man" : " men");
    if (kings) s += ", " + std::to_string(kings) + (kings == 1 ? " king" : " kings");
    return s;
}

// "0.35" for an evaluation in hundredths of a man; with `sign`, "+0.35" and "-0.35".
std::string men(int hundredths, bool sign = true) {
    char text[32];
    const char* prefix = hundredths < 0 ? "-" : sign && hundredths > 0 ? "+" : "";
    std::snprintf(text, sizeof text, "%s%d.%02d", prefix, std::abs(hundredths) / 100, std::abs(hundredths) % 100);
    return text;
}

}  // namespace

int ConsoleSession::move_number() const {
    const Color first = game_.rules().first_player();
    const int offset = game_.start().side_to_move() == first ? 0 : 1;
    return 1 + (static_cast<int>(game_.moves().size()) + offset) / 2;
}

std::string ConsoleSession::status_line() const {
    const Position& pos = game_.position();
    std::string s = "  " + std::string(game_.rules().name()) + ", move " + std::to_string(move_number()) + ", ";
    s += game_.is_over() ? "game over" : side_name(pos.side_to_move()) + " to move";
    if (!game_.moves().empty()) {
        const std::size_t n = game_.moves().size();
        s += "; last move " + game_.rules().format_move(game_.positions()[n - 1], game_.moves()[n - 1]);
    }
    s += "\n  White (w, W = king): " + piece_count(pos, Color::White) +
         "    Black (b, B = king): " + piece_count(pos, Color::Black) + "\n";
    if (!clock_.unlimited())
        s += "  Clock: White " + format_seconds(clock_.remaining(Color::White)) + ", Black " +
             format_seconds(clock_.remaining(Color::Black)) + "\n";
    return s;
}

void ConsoleSession::show_board() {
    DiagramOptions options;
    options.flipped = flipped_;
    if (!game_.moves().empty()) options.last_move = game_.moves().back();
    out_ << "\n" << board_diagram(game_.rules(), game_.position(), options) << status_line() << std::flush;
}

void ConsoleSession::cmd_board(const Words&) { show_board(); }

void ConsoleSession::cmd_flip(const Words&) {
    flipped_ = !flipped_;
    show_board();
}

void ConsoleSession::cmd_moves(const Words&) {
    const Position& pos = game_.position();
    MoveList legal;
    game_.rules().generate_moves(pos, legal);
    if (legal.empty()) {
        out_ << "No legal moves.\n";
        return;
    }
    std::vector<std::pair<MoveFields, std::string>> moves;
    for (const Move& m : legal) moves.emplace_back(game_.rules().move_fields(m), game_.rules().format_move(pos, m));
    std::sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first.from, a.first.to, a.first.captured) <
               std::tie(b.first.from, b.first.to, b.first.captured);
    });
    out_ << legal.size() << (legal.size() == 1 ? " legal move" : " legal moves") << " for "
         << side_name(pos.side_to_move()) << ":";
    std::size_t column = 80;
    for (const auto& [fields, text] : moves) {
        if (column + text.size() + 1 > 78) {
            out_ << "\n ";
            column = 1;
        }
        out_ << " " << text;
        column += text.size() + 1;
    }
    out_ << "\n";
}

void ConsoleSession::cmd_history(const Words&) {
    if (game_.moves().empty()) {
        out_ << "No moves yet. Start: " << game_.rules().format_fen(game_.start()) << "\n";
        return;
    }
    const Color first = game_.rules().first_player();
    std::string line;
    int number = 1;
    bool first_to_move = game_.start().side_to_move() == first;
    if (!first_to_move) line = "1... ";
    for (std::size_t i = 0; i < game_.moves().size(); ++i) {
        if (first_to_move) line += std::to_string(number) + ". ";
        line += game_.rules().format_move(game_.positions()[i], game_.moves()[i]) + " ";
        if (!first_to_move) ++number;
        first_to_move = !first_to_move;
        if (line.size() > 70) {
            out_ << line << "\n";
            line.clear();
        }
    }
    if (game_.is_over()) line += "(" + game_.termination() + ")";
    if (!line.empty()) out_ << line << "\n";
}

void ConsoleSession::cmd_eval(const Words&) {
    const eval::Breakdown b = eval::explain(game_.rules(), thinker_.evaluation(), game_.position());
    out_ << "  evaluation: " << b.evaluation << "\n";
    char row[96];
    std::snprintf(row, sizeof row, "  %-16s %8s %8s %8s\n", "term", "White", "Black", "White-Black");
    out_ << row;
    for (const auto& t : b.terms) {
        std::snprintf(row, sizeof row, "  %-16s %8s %8s %8s\n", t.name.c_str(), men(t.white, false).c_str(),
                      men(t.black, false).c_str(), men(t.white - t.black).c_str());
        out_ << row;
    }
    if (b.scaled) out_ << "  sum " << men(b.before_scaling) << " for White, scaled down: a drawish ending\n";
    const Color side = game_.position().side_to_move();
    out_ << "  total " << men(b.white_view) << " for White";
    if (side == Color::Black) out_ << ", " << men(b.side_to_move_view) << " for Black";
    out_ << " (" << side_name(side) << " to move)\n";
}

void ConsoleSession::cmd_perft(const Words& args) {
    const auto depth = parse_whole(args.empty() ? "" : args[0], "perft depth", 1, 20);
    if (args.size() != 1 || !depth) return error(depth ? "perft takes one depth" : depth.error());
    for (int d = 1; d <= *depth; ++d) {
        const auto start = std::chrono::steady_clock::now();
        const std::uint64_t nodes = game_.rules().perft(game_.position(), d);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char row[96];
        std::snprintf(row, sizeof row, "  perft %2d %16llu  %8.3f s\n", d, static_cast<unsigned long long>(nodes),
                      seconds);
        out_ << row << std::flush;
    }
}

}  // namespace kroon::console
