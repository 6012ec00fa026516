// What a match records beside each move an engine played: its thinking time, its clock, and
// the score and depth it reported, written as a PDN comment in the commands of the PGN
// supplement that GUIs and analysis tools read ([%clk], [%emt]) and the [%eval] of online
// boards, so a game can be gone through move by move: where it turned, where the time went.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/pdn.hpp"
#include "engine/types.hpp"

namespace kroon::match {

struct MoveNote {
    double seconds = 0;                // thinking time, as the runner measured it
    std::optional<double> clock_left;  // the mover's clock after the move, when clocked
    std::optional<int> score;          // hundredths of a man, the mover's point of view
    std::optional<int> depth;          // of the search behind the score
};

// h:mm:ss.d, the form of a clock in a PDN tag and comment.
std::string clock_text(double seconds);
// Seconds of "h:mm:ss.d" (or h:mm:ss, more decimals); nothing for any other text.
std::optional<double> parse_clock_text(std::string_view text);

// "[%clk 0:00:41.3] [%emt 0:00:01.2] [%eval 0.15,14]": the clock left, the time the move took,
// and the score in men from White's point of view (as online boards write it) with its depth.
// What the engine did not report is left out.
std::string move_comment(const MoveNote& note, Color mover);

// The record with a comment after each move the players made: `notes` are the game's last
// moves, one each (the opening's moves before them have none).
PdnGame with_move_comments(PdnGame record, const std::vector<MoveNote>& notes);

}  // namespace kroon::match
