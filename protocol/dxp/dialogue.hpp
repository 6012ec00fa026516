// One DXP connection's game dialogue as a state machine with no sockets and no clock of its
// own: every input carries the time `now` (seconds, monotonic), every output is a value
// (messages to send, "think now", "game finished", "close"), so it is tested without I/O.
//
// States (docs/protocols.md, DXP 5): Idle (connected, no game), Requested (Initiator sent
// GAMEREQ and waits for GAMEACC), Playing (our turn or theirs, from the position), Ending (we
// sent GAMEEND and wait for its confirmation), Closed.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/record/game.hpp"
#include "play/level.hpp"
#include "protocol/dxp/game_record.hpp"
#include "protocol/dxp/message.hpp"
#include "search/searcher.hpp"

namespace kroon::dxp {

enum class Role { Initiator, Follower };
enum class DialogueState { Idle, Requested, Playing, Ending, Closed };

// What the Initiator proposes, game after game.
struct MatchSettings {
    int games = 2;
    int minutes = 5;                            // whole-game budget per player, 1-999
    int moves = 0;                              // full moves for the whole game, 0 = no limit
    Color first_follower_color = Color::Black;  // game 1, as Scan does
    bool alternate_colors = true;
    // Start positions, used in turn (each twice, colours swapped, when alternating); empty
    // means the normal start position (the `A` form).
    std::vector<Position> start_positions;
};

struct DialogueConfig {
    Role role = Role::Follower;
    std::string name = "Kroon";
    MatchSettings match;  // Initiator only
    // Initiator: the owner proposes each game with request_game() (the match runner), instead
    // of the session working through `match` by itself.
    bool requests_by_owner = false;
    // Take-back requests (BACKREQ) are granted; when false they get code 1, not supported
    // (a refereed match takes nothing back).
    bool grant_takebacks = true;
    RuleOptions rule_options;    // the referee's rule options for every game
    int follower_max_games = 0;  // Follower: refuse with code 3 after this many (0 = no cap)
    double reply_timeout = 30;   // seconds to wait for GAMEACC or a GAMEEND confirmation
    // Seconds the peer gets to open the game end after our move ended the game by the rules
    // (its turn); then we send it (pydraughts never opens one itself).
    double game_over_wait = 5;
    double idle_timeout = 600;  // seconds without a game before we hang up (messages do not count)
    double max_move_time = 0;   // seconds per move at most (quick matches), 0 = clock only
    // Our clock: kept back from the budget so that we never lose on time (network, scheduling).
    double reserve_fraction = 0.02;
    double reserve_seconds = 0.3;
    // The opponent loses on time only once over budget by this much (latency, their rounding).
    double opponent_grace_fraction = 0.10;
    double opponent_grace_seconds = 10;
    int max_warnings = 50;  // CHAT warnings per connection; later ones are only logged
};

// --- outputs ---
struct Send {
    Message message;
};
// Search the game's position under `limits`; stop it at `hard_limit` seconds at the latest
// and hand the move to engine_move() with the same id.
struct Think {
    int id = 0;
    Game game;
    search::Limits limits;
    double hard_limit = 0;
};
struct StopThinking {};
struct GameFinished {
    GameRecord record;
};
struct Close {
    std::string reason;
};
// Something worth a log line. Debug: routine or repetitive (a flood of bad input after the
// warning cap); Info: the course of the games; Warning: something went wrong.
enum class NoteLevel { Debug, Info, Warning };
struct Note {
    NoteLevel level = NoteLevel::Info;
    std::string text;
};
using Action = std::variant<Send, Think, StopThinking, GameFinished, Close, Note>;
using Actions = std::vector<Action>;

class Dialogue {
public:
    explicit Dialogue(DialogueConfig config);

    Actions connected(double now);                                   // Initiator sends its first GAMEREQ
    Actions receive(std::string_view text, double now);              // one message, NUL already cut off
    Actions receive_invalid(const std::string& reason, double now);  // framing error (too long)
    // The search's answer to Think `id` (stale ids are ignored); no move = none was legal.
    Actions engine_move(int id, std::optional<Move> move, double now);
    Actions timeout(double now);  // deadline() has passed
    Actions disconnected(double now);
    // We stop (operator, shutdown): a game in progress is ended with GAMEEND and recorded as
    // abandoned, then the connection closes.
    Actions abort(const std::string& reason, double now);
    // Ask the peer to take back to just before `color` plays move `move_number` (BACKREQ).
    Actions request_takeback(int move_number, Color color, double now);
    // Initiator with requests_by_owner, no game in progress: propose this game (GAMEREQ).
    // The answer shows in state(): Playing, or Idle again after a refusal (refusal_code()).
    Actions request_game(const GameRequest& request, double now);
    // Ends the game in progress from outside the board (the owner's referee: adjudication,
    // a time forfeit or a failure measured elsewhere): GAMEEND with our reason, the verdict
    // recorded, and the end confirmed as usual. Nothing happens when no game is in progress.
    Actions end_game(Verdict verdict, const std::string& detail, double now);

    // When timeout() should be called if nothing else happens first.
    std::optional<double> deadline() const;

    DialogueState state() const { return state_; }
    bool our_turn() const;
    Color our_color() const { return our_color_; }
    const Game& game() const { return game_; }
    const Position& position() const { return game_.position(); }
    const std::vector<Move>& moves() const { return game_.moves(); }
    const std::string& peer_name() const { return peer_name_; }
    int games_played() const { return games_played_; }
    // The code of the last refusal of our GAMEREQ (Accepted when none).
    AcceptCode refusal_code() const { return refusal_code_; }
    double our_time_used() const { return our_used_; }
    double their_time_used() const { return their_used_; }

private:
    // How a game ends: decided (result and reason, as the referee or the play says) or not
    // (Ongoing: the move limit, a disconnect, a claim we cannot confirm), with words.
    struct Ending {
        GameResult result = GameResult::Ongoing;
        Reason reason = Reason::None;
        std::string text;
    };

    void on_message(const Message& m, Actions& out);
    void on_malformed(std::string_view text, const std::string& reason, Actions& out);
    void on_request(const GameRequest& r, Actions& out);
    void refuse(AcceptCode code, const std::string& why, Actions& out);
    void on_accept(const GameAccept& a, Actions& out);
    void on_move(const MoveMessage& m, Actions& out);
    void on_end(const GameEnd& e, Actions& out);
    void on_back_request(const BackRequest& b, Actions& out);
    void on_back_accept(const BackAccept& k, Actions& out);

    void send_request(Actions& out);
    void send(const GameRequest& request, Actions& out);
    void start_game(const Position& start, Color ours, int minutes, int moves, Actions& out);
    void begin_turn(Actions& out);
    void think(Actions& out);
    void stop_thinking(Actions& out);
    void play(const Move& move);
    void rewind(int ply, Actions& out);
    void open_end(EndReason reason, const Ending& verdict, Actions& out);
    void finish(const Ending& verdict, Actions& out);
    void after_game(Actions& out);
    void become_idle();
    void warn(const std::string& text, Actions& out);
    bool wants_stop() const;

    std::optional<Ending> rule_verdict() const;  // game over by the rules in this position
    Ending resolve_end(EndReason their_reason) const;
    Ending won_by(Color winner, Reason reason, const std::string& detail) const;
    Ending undecided(const std::string& text) const { return Ending{GameResult::Ongoing, Reason::None, text}; }
    EndReason end_reason(const Ending& v) const;  // what our GAMEEND says about it
    bool move_limit_reached() const;
    std::string peer_or(const std::string& fallback) const;
    double budget() const { return minutes_ * 60.0; }

    DialogueConfig config_;
    DialogueState state_ = DialogueState::Idle;
    double now_ = 0;

    // Match bookkeeping
    int games_played_ = 0;   // games started (accepted)
    int requests_sent_ = 0;  // Initiator: GAMEREQs sent, accepted or not
    int warnings_ = 0;
    bool peer_stop_ = false;  // the peer's GAMEEND asked for no further games
    bool our_stop_ = false;   // our GAMEEND said stop
    std::string peer_name_;
    std::optional<GameRequest> request_;  // Initiator: the GAMEREQ awaiting its answer
    AcceptCode refusal_code_ = AcceptCode::Accepted;

    // The game in progress, refereed (KNDB art. 8, 9)
    Game game_;
    Color our_color_ = Color::White;
    int minutes_ = 0;
    int move_limit_ = 0;
    double turn_started_ = 0;
    double our_used_ = 0;
    double their_used_ = 0;
    int think_id_ = 0;
    bool thinking_ = false;
    std::optional<Ending> over_;  // game over by the rules after our move; peer to end it
    double over_since_ = 0;
    std::optional<BackRequest> pending_back_;
    double pending_back_since_ = 0;
    double ending_since_ = 0;
    double requested_since_ = 0;
    double idle_since_ = 0;  // when we connected or the last game ended
    GameRecord record_;
};

}  // namespace kroon::dxp
