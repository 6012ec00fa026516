#include "protocol/dxp/game_record.hpp"

namespace kroon::dxp {

bool GameRecord::standard_start() const { return game.start() == game.rules().start_position(); }

PdnGame pdn_record(const GameRecord& record, const RecordContext& context) {
    PdnHeader header;
    header.event = context.event;
    header.site = context.site;
    header.date = context.date;
    header.round = std::to_string(record.game_number);
    header.white = record.white.empty() ? "?" : record.white;
    header.black = record.black.empty() ? "?" : record.black;
    const std::string seconds = std::to_string(record.minutes * 60);
    header.time_control = record.move_limit > 0 ? std::to_string(record.move_limit) + "/" + seconds : seconds;
    // A decided game gets its Termination from the referee; an undecided one gets ours.
    if (!record.game.is_over() && !record.termination.empty())
        header.extra.push_back({"Termination", record.termination});
    return make_pdn_game(record.game, header);
}

}  // namespace kroon::dxp
