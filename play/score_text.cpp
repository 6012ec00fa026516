#include "play/score_text.hpp"

#include <cstdio>
#include <cstdlib>

namespace kroon::play {

std::string score_text(search::Score score, ScoreStyle style) {
    const int magnitude = std::abs(score);
    if (style != ScoreStyle::Hub && search::is_decisive(score)) {
        const int plies = search::win_score - magnitude;
        const std::string count = std::to_string(plies) + (plies == 1 ? " ply" : " plies");
        if (style == ScoreStyle::White) return std::string(score > 0 ? "White" : "Black") + " wins in " + count;
        return std::string(score > 0 ? "win" : "loss") + " in " + count;
    }
    if (style != ScoreStyle::Hub && search::is_database_result(score)) {
        if (style == ScoreStyle::White) return std::string(score > 0 ? "White" : "Black") + " wins (endgame database)";
        return std::string(score > 0 ? "win" : "loss") + " (endgame database)";
    }
    const char* sign = score < 0 ? "-" : score > 0 && style != ScoreStyle::Hub ? "+" : "";
    char text[32];
    std::snprintf(text, sizeof text, "%s%d.%02d", sign, magnitude / 100, magnitude % 100);
    return text;
}

}  // namespace kroon::play
