// The root of a search, from the game that leads to it.
#include "search/search_context.hpp"

namespace kroon::search {

RootState root_of(const Game& game) {
    RootState root;
    root.variant = game.variant();
    root.position = game.position();
    const auto& positions = game.positions();
    for (size_t i = 0; i + 1 < positions.size(); ++i) root.history.push_back(positions[i].hash());
    root.counters = game.counters();
    root.rule_options = game.rule_options();
    return root;
}

}  // namespace kroon::search
