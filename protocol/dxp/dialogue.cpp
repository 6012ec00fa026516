#include "protocol/dxp/dialogue.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/referee/outcome.hpp"

namespace kroon::dxp {
namespace {

// DXP defines only the 10x10 international game.
const Rulebook& international() { return rulebook(Variant::International); }

std::string seconds_text(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", seconds);
    return buf;
}

const char* color_name(Color c) { return c == Color::White ? "white" : "black"; }

std::string move_text(const MoveMessage& m) {
    std::string s = std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
    if (!m.captured.empty()) {
        s += " (";
        for (size_t i = 0; i < m.captured.size(); ++i) s += (i ? "," : "") + std::to_string(m.captured[i]);
        s += ")";
    }
    return s;
}

// Why a position cannot start a game (Follower answers code 2), or nothing.
std::optional<std::string> unplayable(const Position& pos) {
    // What the FEN reader refuses (more pieces than a side ever has) could not be read back
    // from the game's record.
    const Rulebook& rules = international();
    if (const auto readable = rules.parse_fen(rules.format_fen(pos)); !readable) return readable.error();
    const Bitboard white_crown = Board10::row_mask(0);
    const Bitboard black_crown = Board10::row_mask(Board10::rows - 1);
    if (pos.men(Color::White) & white_crown) return "a white man stands on squares 1-5";
    if (pos.men(Color::Black) & black_crown) return "a black man stands on squares 46-50";
    if (!pos.pieces(Color::White) || !pos.pieces(Color::Black)) return "a side has no pieces";
    if (international().count_moves(pos) == 0) return "the side to move has no legal move";
    return std::nullopt;
}

}  // namespace

Dialogue::Dialogue(DialogueConfig config) : config_(std::move(config)) {}

bool Dialogue::our_turn() const { return state_ == DialogueState::Playing && game_.side_to_move() == our_color_; }

// --- inputs -------------------------------------------------------------------------------

Actions Dialogue::connected(double now) {
    now_ = idle_since_ = now;
    Actions out;
    if (config_.role == Role::Initiator && state_ == DialogueState::Idle && !config_.requests_by_owner)
        send_request(out);
    return out;
}

Actions Dialogue::receive(std::string_view text, double now) {
    now_ = now;
    Actions out;
    if (state_ == DialogueState::Closed) return out;
    auto parsed = parse_message(text);
    if (!parsed)
        on_malformed(text, parsed.error(), out);
    else
        on_message(*parsed, out);
    return out;
}

Actions Dialogue::receive_invalid(const std::string& reason, double now) {
    now_ = now;
    Actions out;
    if (state_ != DialogueState::Closed) warn(reason + "; ignored", out);
    return out;
}

Actions Dialogue::engine_move(int id, std::optional<Move> move, double now) {
    now_ = now;
    Actions out;
    if (!thinking_ || id != think_id_ || !our_turn()) {
        out.push_back(Note{NoteLevel::Debug, "search result " + std::to_string(id) + " is stale; dropped"});
        return out;
    }
    thinking_ = false;
    const double spent = now_ - turn_started_;
    our_used_ += spent;
    turn_started_ = now_;
    if (!move || !game_.rules().is_legal(game_.position(), *move)) {
        // Our own bug, never the peer's: end the game rather than send something wrong.
        const std::string why = move ? "engine chose an illegal move" : "engine found no move";
        out.push_back(Note{NoteLevel::Warning, why});
        open_end(EndReason::Unknown, undecided(why), out);
        return out;
    }
    const MoveFields fields = game_.rules().move_fields(*move);
    const int seconds = static_cast<int>(std::lround(std::clamp(spent, 0.0, 9999.0)));
    out.push_back(Send{MoveMessage{seconds, fields.from, fields.to, fields.captured}});
    play(*move);
    begin_turn(out);
    return out;
}

Actions Dialogue::timeout(double now) {
    now_ = now;
    Actions out;
    const auto due = [&](double since) { return now_ >= since + config_.reply_timeout; };
    if (pending_back_ && due(pending_back_since_)) {
        out.push_back(Note{NoteLevel::Warning, "no answer to our BACKREQ; playing on"});
        pending_back_.reset();
    }
    if (state_ == DialogueState::Requested && due(requested_since_)) {
        out.push_back(Note{NoteLevel::Warning, "no answer to our GAMEREQ"});
        state_ = DialogueState::Closed;
        out.push_back(Close{"no answer to GAMEREQ"});
    } else if (state_ == DialogueState::Idle && now_ >= idle_since_ + config_.idle_timeout) {
        out.push_back(Note{NoteLevel::Warning,
                           "peer idle for " + std::to_string(std::lround(config_.idle_timeout)) + " s without a game"});
        state_ = DialogueState::Closed;
        out.push_back(Close{"idle"});
    } else if (state_ == DialogueState::Ending && due(ending_since_)) {
        out.push_back(Note{NoteLevel::Warning, "GAMEEND not confirmed; taking the game as ended"});
        after_game(out);
    } else if (state_ == DialogueState::Playing && !our_turn()) {
        if (over_ && now_ >= over_since_ + config_.game_over_wait) {
            const Ending v = *over_;
            warn("the game is over: " + v.text, out);
            open_end(end_reason(v), v, out);
        } else if (!over_ && now_ - turn_started_ + their_used_ > budget() + config_.opponent_grace_seconds +
                                                                      config_.opponent_grace_fraction * budget()) {
            const double used = their_used_ + now_ - turn_started_;
            their_used_ = used;
            turn_started_ = now_;
            warn("your time is up: " + std::to_string(std::lround(used)) + " s used of " + std::to_string(minutes_) +
                     " min",
                 out);
            open_end(EndReason::SenderWins,
                     won_by(our_color_, Reason::TimeForfeit,
                            peer_or("the peer") + " exceeded " + std::to_string(minutes_) + " min"),
                     out);
        }
    }
    return out;
}

Actions Dialogue::disconnected(double now) {
    now_ = now;
    Actions out;
    if (state_ == DialogueState::Playing) {
        stop_thinking(out);
        finish(over_ ? *over_ : undecided("peer disconnected during the game"), out);
    }
    state_ = DialogueState::Closed;
    return out;
}

Actions Dialogue::abort(const std::string& reason, double now) {
    now_ = now;
    Actions out;
    if (state_ == DialogueState::Closed) return out;
    if (state_ == DialogueState::Playing) {
        stop_thinking(out);
        out.push_back(Send{Chat{wire_chat("stopping: " + reason)}});
        out.push_back(Send{GameEnd{EndReason::Unknown, true}});
        finish(undecided("abandoned: " + reason), out);
    }
    state_ = DialogueState::Closed;
    out.push_back(Close{reason});
    return out;
}

Actions Dialogue::request_takeback(int move_number, Color color, double now) {
    now_ = now;
    Actions out;
    if (state_ != DialogueState::Playing || pending_back_) return out;
    pending_back_ = BackRequest{move_number, color};
    pending_back_since_ = now_;
    out.push_back(Send{*pending_back_});
    return out;
}

Actions Dialogue::request_game(const GameRequest& request, double now) {
    now_ = now;
    Actions out;
    if (config_.role != Role::Initiator || state_ != DialogueState::Idle) {
        out.push_back(Note{NoteLevel::Warning, "no game request now: a game is in progress or the session is over"});
        return out;
    }
    send(request, out);
    return out;
}

Actions Dialogue::end_game(Verdict verdict, const std::string& detail, double now) {
    now_ = now;
    Actions out;
    if (state_ != DialogueState::Playing) return out;
    if (our_turn())
        our_used_ += now_ - turn_started_;
    else
        their_used_ += now_ - turn_started_;
    turn_started_ = now_;
    const Ending ending{verdict.result, verdict.reason, detail};
    open_end(end_reason(ending), ending, out);
    return out;
}

std::optional<double> Dialogue::deadline() const {
    std::optional<double> at;
    const auto earliest = [&](double t) { at = at ? std::min(*at, t) : t; };
    if (pending_back_) earliest(pending_back_since_ + config_.reply_timeout);
    switch (state_) {
        case DialogueState::Idle: earliest(idle_since_ + config_.idle_timeout); break;
        case DialogueState::Requested: earliest(requested_since_ + config_.reply_timeout); break;
        case DialogueState::Ending: earliest(ending_since_ + config_.reply_timeout); break;
        case DialogueState::Playing:
            if (our_turn()) break;
            if (over_)
                earliest(over_since_ + config_.game_over_wait);
            else
                earliest(turn_started_ + budget() + config_.opponent_grace_seconds +
                         config_.opponent_grace_fraction * budget() - their_used_);
            break;
        default: break;
    }
    return at;
}

// --- messages -----------------------------------------------------------------------------

void Dialogue::on_message(const Message& m, Actions& out) {
    std::visit(
        [&](const auto& msg) {
            using T = std::decay_t<decltype(msg)>;
            if constexpr (std::is_same_v<T, Chat>)
                out.push_back(Note{NoteLevel::Info, "peer says: " + printable(msg.text)});
            else if constexpr (std::is_same_v<T, GameRequest>)
                on_request(msg, out);
            else if constexpr (std::is_same_v<T, GameAccept>)
                on_accept(msg, out);
            else if constexpr (std::is_same_v<T, MoveMessage>)
                on_move(msg, out);
            else if constexpr (std::is_same_v<T, GameEnd>)
                on_end(msg, out);
            else if constexpr (std::is_same_v<T, BackRequest>)
                on_back_request(msg, out);
            else
                on_back_accept(msg, out);
        },
        m);
}

void Dialogue::on_malformed(std::string_view text, const std::string& reason, Actions& out) {
    const char type = text.empty() ? '\0' : text[0];
    if (type == 'R' && config_.role == Role::Follower) {
        // Every GAMEREQ gets an answer, even a broken one (docs/protocols.md, DXP 4.2).
        const bool other_version = text.size() >= 3 && text[1] >= '0' && text[1] <= '9' && text[2] >= '0' &&
                                   text[2] <= '9' && (text[1] != '0' || text[2] != '1');
        if (state_ == DialogueState::Playing)
            refuse(AcceptCode::NotThisGame, reason + " (and a game is in progress)", out);
        else
            refuse(other_version ? AcceptCode::WrongVersion : AcceptCode::NotThisGame, reason, out);
        return;
    }
    if (type == 'M' && state_ == DialogueState::Playing && !our_turn() && !over_) {
        // Their turn and their move cannot be read: we can no longer agree on the position.
        warn(reason, out);
        open_end(EndReason::SenderWins, won_by(our_color_, Reason::IllegalMove, "unreadable move: " + reason), out);
        return;
    }
    warn(reason + "; ignored", out);
    if (type == 'B') out.push_back(Send{BackAccept{BackCode::Refused}});
}

void Dialogue::on_request(const GameRequest& r, Actions& out) {
    if (config_.role == Role::Initiator) {
        warn("GAMEREQ ignored: I am the initiator here", out);
        return;
    }
    if (state_ == DialogueState::Playing) {
        refuse(AcceptCode::NotThisGame, "a game is in progress", out);
        return;
    }
    if (state_ == DialogueState::Ending) {
        // A new request means the peer considers the game ended: take it as the confirmation,
        // but still answer it before closing when either side asked to stop.
        out.push_back(Note{NoteLevel::Info, "GAMEREQ before the GAMEEND confirmation; taking the game as ended"});
        become_idle();
        if (peer_stop_ || our_stop_) {
            refuse(AcceptCode::NoGames, "no further games", out);
            after_game(out);
            return;
        }
    }
    if (r.version != protocol_version) {
        refuse(AcceptCode::WrongVersion, "protocol version " + std::to_string(r.version) + " is not 01", out);
        return;
    }
    if (config_.follower_max_games > 0 && games_played_ >= config_.follower_max_games) {
        refuse(AcceptCode::NoGames, "no more games", out);
        return;
    }
    if (r.minutes == 0) {
        refuse(AcceptCode::NotThisGame, "thinking time 000: ask for at least 1 minute", out);
        return;
    }
    const Position start = r.position ? *r.position : international().start_position();
    if (const auto why = unplayable(start)) {
        refuse(AcceptCode::NotThisGame, "cannot play this position: " + *why, out);
        return;
    }
    peer_name_ = r.initiator_name;
    out.push_back(Send{GameAccept{config_.name, AcceptCode::Accepted}});
    start_game(start, r.follower_color, r.minutes, r.moves, out);
}

void Dialogue::refuse(AcceptCode code, const std::string& why, Actions& out) {
    warn("GAMEREQ refused: " + why, out);
    out.push_back(Send{GameAccept{config_.name, code}});
}

void Dialogue::on_accept(const GameAccept& a, Actions& out) {
    if (config_.role != Role::Initiator || state_ != DialogueState::Requested || !request_) {
        warn("unexpected GAMEACC ignored", out);
        return;
    }
    peer_name_ = a.follower_name;
    const GameRequest r = *request_;
    refusal_code_ = a.code;
    switch (a.code) {
        case AcceptCode::Accepted:
            start_game(r.position ? *r.position : international().start_position(), ~r.follower_color, r.minutes,
                       r.moves, out);
            return;
        case AcceptCode::NotThisGame:
            become_idle();
            if (config_.requests_by_owner) {
                out.push_back(Note{NoteLevel::Warning, "peer refused the game (code 2)"});
                return;
            }
            out.push_back(
                Note{NoteLevel::Warning, "peer refused game " + std::to_string(requests_sent_) + "; trying the next"});
            send_request(out);
            return;
        case AcceptCode::WrongVersion:
        case AcceptCode::NoGames:
            out.push_back(Note{NoteLevel::Warning,
                               "peer refuses to play (code " + std::to_string(static_cast<int>(a.code)) + ")"});
            state_ = DialogueState::Closed;
            out.push_back(Close{"peer refuses games"});
            return;
    }
}

void Dialogue::on_move(const MoveMessage& m, Actions& out) {
    if (state_ == DialogueState::Ending) {
        // Sent before the peer saw our GAMEEND: nothing wrong, and nothing to answer.
        out.push_back(Note{NoteLevel::Info, "MOVE " + move_text(m) + " crossed our GAMEEND; dropped"});
        return;
    }
    if (state_ != DialogueState::Playing) {
        warn("MOVE " + move_text(m) + " ignored: no game in progress", out);
        return;
    }
    if (our_turn()) {
        warn("MOVE " + move_text(m) + " ignored: it is my turn (I play " + color_name(our_color_) + ")", out);
        return;
    }
    their_used_ += now_ - turn_started_;
    turn_started_ = now_;
    if (over_) {
        const Ending v = *over_;
        warn("MOVE " + move_text(m) + " ignored: the game is over (" + v.text + ")", out);
        open_end(end_reason(v), v, out);
        return;
    }
    MoveFields fields{m.from, m.to, m.captured};
    std::sort(fields.captured.begin(), fields.captured.end());
    const auto found = game_.rules().find_move(game_.position(), fields);
    if (!found) {
        warn("illegal move " + move_text(m) + " in " + game_.rules().format_fen(game_.position()), out);
        open_end(EndReason::SenderWins,
                 won_by(our_color_, Reason::IllegalMove, move_text(m) + " by " + peer_or("the peer")), out);
        return;
    }
    play(*found);
    begin_turn(out);
}

void Dialogue::on_end(const GameEnd& e, Actions& out) {
    switch (state_) {
        case DialogueState::Playing: {
            stop_thinking(out);
            if (our_turn())
                our_used_ += now_ - turn_started_;
            else
                their_used_ += now_ - turn_started_;
            peer_stop_ = e.stop;
            our_stop_ = e.stop || wants_stop();
            const Ending v = resolve_end(e.reason);
            out.push_back(Send{GameEnd{EndReason::Unknown, our_stop_}});
            finish(v, out);
            after_game(out);
            return;
        }
        case DialogueState::Ending:
            peer_stop_ = peer_stop_ || e.stop;
            after_game(out);
            return;
        default:
            // Often the late confirmation of a game end; never answered (docs/protocols.md, DXP 5).
            out.push_back(Note{NoteLevel::Info, "GAMEEND outside a game ignored"});
            return;
    }
}

void Dialogue::on_back_request(const BackRequest& b, Actions& out) {
    if (!config_.grant_takebacks) {
        out.push_back(Note{NoteLevel::Info, "BACKREQ declined: this match takes nothing back"});
        out.push_back(Send{BackAccept{BackCode::NotSupported}});
        return;
    }
    if (state_ != DialogueState::Playing) {
        warn("BACKREQ refused: no game in progress", out);
        out.push_back(Send{BackAccept{BackCode::Refused}});
        return;
    }
    // Just before `color` plays move `move_number`; one ply less when Black began (docs/protocols.md, DXP 4.6).
    const int ply = (b.move_number - 1) * 2 + (b.color == Color::Black ? 1 : 0) -
                    (game_.start().side_to_move() == Color::Black ? 1 : 0);
    if (ply < 0 || ply > static_cast<int>(game_.moves().size())) {
        warn("BACKREQ refused: move " + std::to_string(b.move_number) + " " + color_name(b.color) +
                 " is not in this game",
             out);
        out.push_back(Send{BackAccept{BackCode::Refused}});
        return;
    }
    pending_back_.reset();  // theirs wins over ours when both ask at once
    out.push_back(Send{BackAccept{BackCode::Accepted}});
    rewind(ply, out);
}

void Dialogue::on_back_accept(const BackAccept& k, Actions& out) {
    if (!pending_back_ || state_ != DialogueState::Playing) {
        warn("unexpected BACKACC ignored", out);
        pending_back_.reset();
        return;
    }
    const BackRequest b = *pending_back_;
    pending_back_.reset();
    if (k.code != BackCode::Accepted) {
        out.push_back(Note{NoteLevel::Info, "peer declined our BACKREQ"});
        return;
    }
    const int ply = (b.move_number - 1) * 2 + (b.color == Color::Black ? 1 : 0) -
                    (game_.start().side_to_move() == Color::Black ? 1 : 0);
    if (ply >= 0 && ply <= static_cast<int>(game_.moves().size())) rewind(ply, out);
}

// --- game flow ----------------------------------------------------------------------------

void Dialogue::send_request(Actions& out) {
    const MatchSettings& match = config_.match;
    if (requests_sent_ >= match.games) {
        state_ = DialogueState::Closed;
        out.push_back(Close{"match complete"});
        return;
    }
    const int k = requests_sent_;
    GameRequest r;
    r.initiator_name = config_.name;
    r.follower_color = match.alternate_colors && k % 2 ? ~match.first_follower_color : match.first_follower_color;
    r.minutes = std::clamp(match.minutes, 1, 999);
    r.moves = std::clamp(match.moves, 0, 999);
    if (!match.start_positions.empty()) {
        const size_t index = static_cast<size_t>(match.alternate_colors ? k / 2 : k) % match.start_positions.size();
        r.position = match.start_positions[index];
    }
    send(r, out);
}

void Dialogue::send(const GameRequest& request, Actions& out) {
    ++requests_sent_;
    request_ = request;
    state_ = DialogueState::Requested;
    requested_since_ = now_;
    out.push_back(Send{request});
}

void Dialogue::start_game(const Position& start, Color ours, int minutes, int moves, Actions& out) {
    state_ = DialogueState::Playing;
    game_ = Game(international(), start, config_.rule_options);
    our_color_ = ours;
    minutes_ = minutes;
    move_limit_ = moves;
    our_used_ = their_used_ = 0;
    over_.reset();
    pending_back_.reset();
    ++games_played_;
    record_ = GameRecord{};
    record_.game_number = games_played_;
    record_.white = ours == Color::White ? config_.name : peer_name_;
    record_.black = ours == Color::White ? peer_name_ : config_.name;
    record_.minutes = minutes;
    record_.move_limit = moves;
    out.push_back(Note{NoteLevel::Info, "game " + std::to_string(games_played_) + " starts: I play " +
                                            color_name(ours) + ", " + std::to_string(minutes) + " min, " +
                                            std::to_string(moves) + " moves"});
    begin_turn(out);
}

// A new position is on the board: end the game if the rules say so, else think or wait.
void Dialogue::begin_turn(Actions& out) {
    turn_started_ = now_;
    const auto verdict = rule_verdict();
    if (!our_turn()) {
        // Only the side to move opens a game end (docs/protocols.md, DXP 4.5): the peer should send it now.
        if (verdict) {
            over_ = verdict;
            over_since_ = now_;
        }
        return;
    }
    if (verdict) {
        open_end(end_reason(*verdict), *verdict, out);
        return;
    }
    if (move_limit_reached()) {
        // DXP defines no adjudication: the game ends without a result (docs/protocols.md, DXP 4.2).
        open_end(EndReason::Unknown, undecided("move limit of " + std::to_string(move_limit_) + " moves reached"), out);
        return;
    }
    think(out);
}

void Dialogue::think(Actions& out) {
    const double reserve = config_.reserve_seconds + config_.reserve_fraction * budget();
    const double available = std::max(0.0, budget() - our_used_ - reserve);
    const int plies = static_cast<int>(game_.moves().size());
    const int our_moves_played = (plies + (game_.start().side_to_move() == our_color_ ? 1 : 0)) / 2;
    Think t;
    t.id = ++think_id_;
    t.game = game_;
    // DXP's clock is the game's whole budget, less a reserve; no increment.
    const play::ClockReading clock{available, 0, move_limit_ > 0 ? std::max(1, move_limit_ - our_moves_played) : 0};
    play::Level level;
    level.move_time = std::max(0.0, config_.max_move_time);
    if (available < 0.05) level.depth = 1;  // out of reserve: move at once
    t.limits = play::search_limits(level, clock);
    // Hard stop: never more than a share of what is left, so the budget always lasts.
    const int share = move_limit_ > 0 ? std::min(clock.moves_to_go, 4) : 4;
    t.hard_limit = std::max(0.01, available / share);
    if (config_.max_move_time > 0) t.hard_limit = std::min(t.hard_limit, std::max(0.01, 2 * config_.max_move_time));
    thinking_ = true;
    out.push_back(std::move(t));
}

void Dialogue::stop_thinking(Actions& out) {
    if (!thinking_) return;
    thinking_ = false;
    ++think_id_;  // whatever the running search returns is now stale
    out.push_back(StopThinking{});
}

void Dialogue::play(const Move& move) { game_.play(move); }

void Dialogue::rewind(int ply, Actions& out) {
    stop_thinking(out);
    if (our_turn())
        our_used_ += now_ - turn_started_;
    else
        their_used_ += now_ - turn_started_;
    while (static_cast<int>(game_.moves().size()) > ply) game_.undo();
    over_.reset();
    out.push_back(Note{NoteLevel::Info, "took back to ply " + std::to_string(ply)});
    begin_turn(out);
}

void Dialogue::open_end(EndReason reason, const Ending& verdict, Actions& out) {
    stop_thinking(out);
    our_stop_ = wants_stop();
    out.push_back(Send{GameEnd{reason, our_stop_}});
    finish(verdict, out);
    state_ = DialogueState::Ending;
    ending_since_ = now_;
}

void Dialogue::finish(const Ending& verdict, Actions& out) {
    // Decided off the board (resignation, time, illegal move): the referee records it too.
    if (verdict.result != GameResult::Ongoing && !game_.is_over())
        game_.end(kroon::Verdict{verdict.result, verdict.reason}, verdict.text);
    record_.game = game_;
    record_.termination = game_.is_over() ? game_.termination() : verdict.text;
    over_.reset();
    pending_back_.reset();
    out.push_back(Note{NoteLevel::Info, "game " + std::to_string(record_.game_number) +
                                            " over: " + record_.termination + "; clock: I used " +
                                            seconds_text(our_used_) + " s, the peer " + seconds_text(their_used_) +
                                            " s, of " + std::to_string(minutes_ * 60) + " s each"});
    out.push_back(GameFinished{record_});
}

// The game end exchange is complete.
void Dialogue::after_game(Actions& out) {
    become_idle();
    if (peer_stop_ || our_stop_) {
        state_ = DialogueState::Closed;
        out.push_back(Close{"no further games"});
        return;
    }
    if (config_.role == Role::Initiator && !config_.requests_by_owner) send_request(out);
}

// Only a game ends idleness: chat, junk and refused requests do not, or a peer sending one
// every few minutes would hold a connection slot forever.
void Dialogue::become_idle() {
    state_ = DialogueState::Idle;
    idle_since_ = now_;
}

void Dialogue::warn(const std::string& text, Actions& out) {
    out.push_back(Note{warnings_ < config_.max_warnings ? NoteLevel::Warning : NoteLevel::Debug, printable(text)});
    if (warnings_ < config_.max_warnings)
        out.push_back(Send{Chat{wire_chat("error: " + text)}});
    else if (warnings_ == config_.max_warnings)
        out.push_back(Send{Chat{"too many errors; no more reported"}});
    ++warnings_;
}

bool Dialogue::wants_stop() const {
    if (config_.role == Role::Initiator) return !config_.requests_by_owner && requests_sent_ >= config_.match.games;
    return config_.follower_max_games > 0 && games_played_ >= config_.follower_max_games;
}

// --- judging ------------------------------------------------------------------------------

std::optional<Dialogue::Ending> Dialogue::rule_verdict() const {
    if (!game_.is_over()) return std::nullopt;
    return Ending{game_.verdict().result, game_.verdict().reason, game_.termination()};
}

Dialogue::Ending Dialogue::resolve_end(EndReason their_reason) const {
    if (over_) return *over_;
    if (const auto v = rule_verdict()) return *v;
    // Their reasons are claims from their side; only a resignation can be taken at its word.
    switch (their_reason) {
        case EndReason::SenderLoses: return won_by(our_color_, Reason::Resignation, peer_or("the peer") + " gave up");
        case EndReason::Draw: return undecided("peer ended the game claiming a draw");
        case EndReason::SenderWins: return undecided("peer ended the game claiming a win");
        case EndReason::Unknown: break;
    }
    if (move_limit_reached()) return undecided("move limit of " + std::to_string(move_limit_) + " moves reached");
    return undecided("peer ended the game");
}

Dialogue::Ending Dialogue::won_by(Color winner, Reason reason, const std::string& detail) const {
    return Ending{win_for(winner), reason, detail};
}

EndReason Dialogue::end_reason(const Ending& v) const {
    if (v.result == GameResult::Ongoing) return EndReason::Unknown;
    if (v.result == GameResult::Draw) return EndReason::Draw;
    return score_fraction(v.result, our_color_) > 0.5 ? EndReason::SenderWins : EndReason::SenderLoses;
}

bool Dialogue::move_limit_reached() const {
    return move_limit_ > 0 && static_cast<int>(game_.moves().size()) >= 2 * move_limit_;
}

std::string Dialogue::peer_or(const std::string& fallback) const { return peer_name_.empty() ? fallback : peer_name_; }

}  // namespace kroon::dxp
