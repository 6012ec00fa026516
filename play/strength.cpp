#include "play/strength.hpp"

#include <algorithm>
#include <cmath>

namespace kroon::play {

Weakening weakening(double skill, std::mt19937_64& random) {
    const double s = std::clamp(skill, 0.0, full_skill);
    const double weakness = 1 - s / full_skill;
    Weakening w;
    // A nominal depth of 1 + s/10 plies, the fraction played as a chance of one ply more, so
    // that the skill stays continuous where whole plies are far apart.
    const double depth = 1 + s / 10;
    const double whole = std::floor(depth);
    w.depth = static_cast<int>(whole) + (std::uniform_real_distribution<double>(0, 1)(random) < depth - whole);
    // Nodes double every 7.5 points: 30 at skill 0 (where the depth decides), about 310,000 at
    // 100, what full strength searches in 0.1 s a move on one core (docs/levels.md).
    w.nodes = static_cast<std::uint64_t>(std::llround(30 * std::exp2(s / 7.5)));
    w.lines = 1 + static_cast<int>(std::lround(3 * std::max(0.0, 1 - s / 80)));
    w.margin = static_cast<search::Score>(std::lround(80 * weakness * weakness));
    return w;
}

const std::vector<EloStep>& elo_steps() {
    // docs/levels.md, The scale: the Elo of each skill fitted to the calibration matches, to
    // the nearest 25.
    static const std::vector<EloStep> steps{
        {0, 725},
        {10, 900},
        {20, 1075},
        {30, 1125},
        {40, 1350},
        {50, 1525},
        {60, 1775},
        {70, 1950},
        {80, 2100},
        {90, 2175},
        {full_skill, full_strength_elo},
    };
    return steps;
}

Strength strength_of_elo(int elo) {
    const auto& steps = elo_steps();
    if (elo <= steps.front().elo) return Strength{steps.front().skill};
    for (std::size_t i = 1; i < steps.size(); ++i) {
        if (elo > steps[i].elo) continue;
        const EloStep& low = steps[i - 1];
        const EloStep& high = steps[i];
        const double t = static_cast<double>(elo - low.elo) / (high.elo - low.elo);
        return Strength{low.skill + t * (high.skill - low.skill)};
    }
    return Strength{};
}

std::size_t choose_line(const std::vector<search::Line>& lines, search::Score margin, std::mt19937_64& random) {
    if (lines.empty() || margin <= 0) return 0;
    std::uniform_real_distribution<double> draw(0, 1);
    std::size_t chosen = 0;
    double best = -1e18;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].pv.empty() || lines[i].score < lines.front().score - margin) continue;
        const double value = lines[i].score + margin * draw(random);
        if (value > best) {
            best = value;
            chosen = i;
        }
    }
    return chosen;
}

}  // namespace kroon::play
