// A player in a match: something that, given a game and the limits for its next move, comes
// back with a move or with a failure the referee turns into a lost game. Implementations:
// a Hub engine in a child process, the built-in searcher, a DXP peer.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/record/game.hpp"
#include "engine/referee/clock.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"
#include "play/level.hpp"

namespace kroon::players {

struct MoveRequest {
    play::Level level;                        // depth, nodes, time per move, the game's clock
    std::optional<play::ClockReading> clock;  // the mover's clock now; none = no clock
    double wait = 60;                         // seconds after which a silent player counts as lost
};

struct MoveReply {
    Move move;
    std::optional<int> score;  // hundredths of a man, the mover's point of view
    std::optional<int> depth;  // of the search behind the score, when the engine says
};

// Scores beyond this many hundredths of a man say no more than "won": reports are clamped to
// it, so that the other side's view (the negation) and std::abs stay defined.
constexpr int score_limit = 1'000'000;

struct Failure {
    // Resigned: the player gave the game up in its protocol (a DXP "I lose"). Unreachable: a
    // peer the runner cannot restart (a DXP follower) is gone before the game began, so no
    // game is played and the match stops. The others are faults, after which the player is
    // replaced.
    enum Kind { Timeout, Crashed, Garbage, IllegalMove, Resigned, Stopped, Unreachable } kind;
    std::string detail;
};

using Answer = std::variant<MoveReply, Failure>;

class Player {
public:
    virtual ~Player() = default;
    virtual std::string name() const = 0;
    // Whether name() is the engine's own name yet: a DXP peer tells it only when it accepts
    // a game, and is named by its address until then.
    virtual bool name_known() const { return true; }
    // A new game begins in which the player has the colour `side`; `game` holds the start
    // position and the opening moves already played.
    virtual std::optional<Failure> new_game(const Game& game, Color side) = 0;
    // The move for the side to move in `game`.
    virtual Answer think(const Game& game, const MoveRequest& request) = 0;
    // The game is over (with its verdict); the player may tidy up.
    virtual void game_over(const Game& game) = 0;
    // After a failure the runner drops the player and starts a fresh one, unless the player
    // came through it fit for the next game.
    virtual bool recovered() const { return false; }
};

// How to start a player: "builtin" (or "kroon"), "dxp://host:port", or a Hub command line.
struct PlayerSpec {
    enum Kind { Hub, Builtin, Dxp } kind = Hub;
    std::string command;  // Hub: the command line; DXP: host
    int port = 0;
    std::string label;  // what the user typed
};
Result<PlayerSpec> parse_player_spec(const std::string& text);

struct PlayerSettings {
    Variant variant = Variant::International;
    RuleOptions rule_options;  // the referee's options, for protocols that referee too (DXP)
    std::vector<std::pair<std::string, std::string>> hub_options;  // set-param before init
    // The built-in engine's options (play/options.hpp, checked).
    std::vector<std::pair<std::string, std::string>> engine_options;
    std::string stderr_path;    // Hub engines' stderr ("" = discarded)
    double start_timeout = 30;  // seconds to answer `hub` and `init`, or GAMEREQ
    // The match's clock, for protocols that announce it before the game (DXP's minutes).
    TimeControl clock;
    const std::atomic<bool>* stop = nullptr;  // Ctrl-C: give up waiting
};

Result<std::unique_ptr<Player>> start_player(const PlayerSpec& spec, const PlayerSettings& settings);

}  // namespace kroon::players
