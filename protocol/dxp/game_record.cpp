#include "protocol/dxp/game_record.hpp"

#include "engine/movegen/movegen.hpp"
#include "engine/notation/fen.hpp"
#include "engine/notation/move_text.hpp"

namespace kroon::dxp {
namespace {

std::string quoted(const std::string& value) {
    std::string out;
    for (const char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += (c == '\n' || c == '\r') ? ' ' : c;
    }
    return out;
}

}  // namespace

bool GameRecord::standard_start() const { return game.start() == start_position(game.variant()); }

std::string pdn_text(const GameRecord& record, const RecordContext& context) {
    const Variant variant = record.game.variant();
    const std::string result = result_text(record.result(), scoring_of(variant));
    std::string out;
    const auto tag = [&](const std::string& name, const std::string& value) {
        out += "[" + name + " \"" + quoted(value) + "\"]\n";
    };
    tag("Event", context.event);
    tag("Site", context.site);
    tag("Date", context.date);
    tag("Round", std::to_string(record.game_number));
    tag("White", record.white.empty() ? "?" : record.white);
    tag("Black", record.black.empty() ? "?" : record.black);
    tag("Result", result);
    tag("GameType", "20");
    if (!record.standard_start()) tag("FEN", format_fen(variant, record.game.start()));
    tag("TimeControl", std::to_string(record.minutes * 60));
    if (record.move_limit > 0) tag("MoveLimit", std::to_string(record.move_limit));
    tag("Termination", record.termination);

    std::string movetext;
    Position pos = record.game.start();
    const std::vector<Move>& moves = record.game.moves();
    size_t line = 0;
    const auto word = [&](const std::string& w) {
        if (line + w.size() + 1 > 80) {
            movetext += "\n";
            line = 0;
        } else if (line > 0) {
            movetext += " ";
            ++line;
        }
        movetext += w;
        line += w.size();
    };
    int number = 1;
    bool white_to_move = pos.side_to_move() == Color::White;
    for (size_t i = 0; i < moves.size(); ++i) {
        const std::string text = format_move(variant, pos, moves[i]);
        if (white_to_move)
            word(std::to_string(number) + ". " + text);
        else if (i == 0)
            word(std::to_string(number) + "... " + text);
        else
            word(text);
        play_move(variant, pos, moves[i]);
        if (!white_to_move) ++number;
        white_to_move = !white_to_move;
    }
    word(result);
    return out + "\n" + movetext + "\n\n";
}

}  // namespace kroon::dxp
