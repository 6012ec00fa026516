#include "players/dxp_player.hpp"

namespace kroon::players {
namespace {

constexpr double connect_timeout = 10;
// For the peer to open the game end on its turn, then for the confirmation of ours.
constexpr double game_end_wait = 3;
constexpr double confirm_wait = 10;

int minutes_of(const TimeControl& clock) {
    return clock.unlimited() ? 0 : static_cast<int>(clock.periods.front().seconds / 60);
}

}  // namespace

Result<std::unique_ptr<Player>> DxpPlayer::start(const PlayerSpec& spec, const PlayerSettings& settings) {
    if (settings.variant != Variant::International)
        return Error{"DXP peers play international draughts only (" + spec.label + ")"};
    if (minutes_of(settings.clock) < 1)
        return Error{"DXP tells the peer whole minutes per game: give a clock (--tc) of at least 60 s for " +
                     spec.label};
    std::unique_ptr<DxpPlayer> player(new DxpPlayer());
    player->spec_ = spec;
    player->settings_ = settings;
    if (const auto error = player->connect()) return Error{*error};
    return std::unique_ptr<Player>(std::move(player));
}

std::string DxpPlayer::name() const { return peer_name_.empty() ? spec_.label : peer_name_; }

std::optional<std::string> DxpPlayer::connect() {
    client_.reset();
    dxp::DialogueConfig config;
    config.role = dxp::Role::Initiator;
    config.name = "Kroon match";
    config.requests_by_owner = true;
    config.grant_takebacks = false;
    config.rule_options = settings_.rule_options;
    config.reply_timeout = settings_.start_timeout;
    config.game_over_wait = game_end_wait;
    auto client = dxp::DialogueClient::connect(dxp::Endpoint{spec_.command, static_cast<unsigned short>(spec_.port)},
                                               config, connect_timeout, settings_.stop);
    if (!client) return spec_.label + ": " + client.error();
    client_ = std::move(client.value());
    return std::nullopt;
}

bool DxpPlayer::in_game() const { return client_ && client_->session().state() == dxp::DialogueState::Playing; }

Failure DxpPlayer::lost_connection(const std::string& when) const {
    return Failure{Failure::Crashed, name() + " closed the connection" + when};
}

bool DxpPlayer::relay_moves(const Game& game) {
    const auto& moves = game.moves();
    while (in_game() && opening_plies_ + client_->session().moves().size() < moves.size()) {
        const Move& next = moves[opening_plies_ + client_->session().moves().size()];
        if (!client_->play_our_move(next)) return false;
    }
    return in_game() || client_->session().moves().size() + opening_plies_ == moves.size();
}

std::optional<Failure> DxpPlayer::new_game(const Game& game, Color side) {
    if (!client_ || !client_->open() || client_->session().state() != dxp::DialogueState::Idle)
        if (const auto error = connect()) return Failure{Failure::Unreachable, *error};
    dxp::GameRequest request;
    request.initiator_name = "Kroon match";
    request.follower_color = side;
    request.minutes = std::min(minutes_of(settings_.clock), 999);
    request.moves = 0;  // the runner adjudicates; some peers end the game at the limit
    if (!(game.position() == game.rules().start_position())) request.position = game.position();
    const int games_before = client_->session().games_played();
    client_->request_game(request);
    const auto wait = client_->wait_until([&] { return client_->session().state() != dxp::DialogueState::Requested; },
                                          settings_.start_timeout, settings_.stop);
    switch (wait) {
        case dxp::DialogueClient::Wait::Timeout:
            return Failure{Failure::Timeout, name() + " did not answer the game request"};
        case dxp::DialogueClient::Wait::Stopped: return Failure{Failure::Stopped, "the match was stopped"};
        case dxp::DialogueClient::Wait::Closed:
        case dxp::DialogueClient::Wait::Done: break;
    }
    if (!client_->session().peer_name().empty()) peer_name_ = client_->session().peer_name();
    // Accepted, and over already (a first move that was illegal came with the GAMEACC):
    // the game began, and think() reports how it ended.
    const bool began = client_->session().games_played() > games_before;
    if (!began && client_->session().state() != dxp::DialogueState::Playing) {
        if (!client_->open() && client_->session().refusal_code() == dxp::AcceptCode::Accepted)
            return Failure{Failure::Unreachable,
                           name() + " closed the connection instead of answering the game request"};
        return Failure{Failure::Garbage, name() + " refused the game, code " +
                                             std::to_string(static_cast<int>(client_->session().refusal_code()))};
    }
    opening_plies_ = game.moves().size();  // the opening is in the position sent
    return std::nullopt;
}

Answer DxpPlayer::think(const Game& game, const MoveRequest& request) {
    if (!relay_moves(game)) return lost_connection(" during the game");
    // The peer's move is the session's next one (it may have arrived with the GAMEACC).
    const size_t wanted = game.moves().size() - opening_plies_ + 1;
    const auto& played = client_->session().moves();
    const auto wait =
        client_->wait_until([&] { return !in_game() || played.size() >= wanted; }, request.wait, settings_.stop);
    if (wait == dxp::DialogueClient::Wait::Stopped) return Failure{Failure::Stopped, "the match was stopped"};
    // The move counts even when it ended the game (the session has then opened the game end).
    if (played.size() >= wanted) return MoveReply{played[wanted - 1], std::nullopt, std::nullopt};
    if (wait == dxp::DialogueClient::Wait::Timeout) return Failure{Failure::Timeout, name() + " gave no move"};
    // The game ended in the session without a move from the peer: its referee says why.
    const Verdict verdict = client_->session().game().verdict();
    if (verdict.reason == Reason::Resignation)
        return Failure{Failure::Resigned, name() + " resigned (GAMEEND \"I lose\")"};
    if (verdict.reason == Reason::IllegalMove)
        return Failure{Failure::IllegalMove, name() + ": " + client_->last_warning()};
    if (!client_->open()) return lost_connection(" during the game");
    return Failure{Failure::Garbage, name() + " ended the game before the rules did (" + client_->last_warning() + ")"};
}

void DxpPlayer::game_over(const Game& game) {
    if (!client_ || (!in_game() && client_->session().state() != dxp::DialogueState::Ending)) return;
    relay_moves(game);
    // Over by the rules on the board: the session's referee knows it too and ends the game
    // itself (at once on our turn, after the peer's chance to do so on its turn). Anything
    // else (adjudication, a clock, the other engine's failure) is ended here.
    if (in_game() && !client_->session().game().is_over()) client_->end_game(game.verdict(), game.termination());
    const auto wait =
        client_->wait_until([&] { return client_->session().state() == dxp::DialogueState::Idle || !client_->open(); },
                            game_end_wait + confirm_wait, settings_.stop);
    if (wait != dxp::DialogueClient::Wait::Done) client_.reset();  // start clean for the next game
}

bool DxpPlayer::recovered() const {
    return client_ && client_->open() && client_->session().state() == dxp::DialogueState::Idle;
}

}  // namespace kroon::players
