// What a search is run on where a face can offer more than Kroon: Kroon's own engine
// (play::Thinker), or another program behind a protocol (a Hub engine given to the board with
// `kroon serve --engine`). The contract is the searcher's (search/searcher.hpp): go() returns
// at once, the listener's callbacks come on another thread, on_done exactly once per go(),
// stop() ends the search soon, wait() returns once on_done has run.
#pragma once

#include <string>

#include "engine/record/game.hpp"
#include "play/strength.hpp"
#include "search/searcher.hpp"

namespace kroon::play {

class Analyser {
public:
    virtual ~Analyser() = default;
    // Shown to people: "Kroon", "Scan 2.0".
    virtual std::string name() const = 0;
    virtual void set_game(const Game& game) = 0;
    // How strongly the moves it plays are chosen (play/strength.hpp): Kroon plays weaker on
    // request; another program plays as it is.
    virtual void set_strength(const Strength&) {}
    virtual void go(search::Limits limits, search::Listener listener) = 0;
    virtual void stop() = 0;
    virtual void wait() = 0;
    // Why the last search ended without a move although the position has one (the program
    // left, sent something unreadable); empty when it did not fail.
    virtual std::string failure() const { return {}; }
};

}  // namespace kroon::play
