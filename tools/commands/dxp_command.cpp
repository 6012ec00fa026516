// `kroon dxp`: DXP (DamExchange) matches over TCP, as initiator or follower.
#include <ostream>

#include "match/openings.hpp"
#include "protocol/dxp/transport.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

struct DxpArgs {
    dxp::TransportConfig config;
    std::string listen;   // [HOST:]PORT, may be empty
    std::string connect;  // HOST:PORT
    std::string colour = "alternate";
    std::string positions;  // file
    double move_time = 0;
    int reply_timeout = 30;
    CLI::Option* listen_option = nullptr;
    CLI::Option* connect_option = nullptr;
    CLI::Option* initiator_option = nullptr;
    EngineArgs engine;
};

dxp::Endpoint endpoint(const std::string& text, const std::string& option) {
    const auto e = dxp::parse_endpoint(text);
    if (!e) throw UsageError(option + ": " + e.error());
    return *e;
}

// Start positions for the initiator: FEN lines or PDN games (their moves played), as for
// `kroon match --openings`.
std::vector<Position> start_positions(const std::string& path) {
    const auto openings = match::read_openings_file(path, Variant::International);
    if (!openings) throw FileError("--positions: " + openings.error());
    std::vector<Position> positions;
    for (const auto& o : *openings) {
        Game game(rulebook(Variant::International), o.start);
        for (const Move& m : o.moves) game.play(m);
        positions.push_back(game.position());
    }
    return positions;
}

// Listening or connecting, and which side proposes the games.
void add_connection_options(CLI::App& command, DxpArgs& args) {
    args.listen_option = command
                             .add_option("--listen", args.listen,
                                         "wait for connections, one session each, until stopped (default "
                                         "127.0.0.1:27531; [::1]:PORT for IPv6, [::] for every address)")
                             ->type_name("[HOST:]PORT")
                             ->expected(0, 1);
    args.connect_option = command.add_option("--connect", args.connect, "connect, play the session, exit")
                              ->type_name("HOST:PORT")
                              ->excludes(args.listen_option);
    auto* follower = command.add_flag("--follower")->description("answer the peer's game requests (the default)");
    args.initiator_option = command.add_flag("--initiator")->description("propose the games")->excludes(follower);
}

// The match the initiator proposes.
void add_initiator_options(CLI::App& command, DxpArgs& args) {
    auto& match = args.config.session.match;
    command.add_option("--games", match.games, "initiator: games per connection")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    command.add_option("--minutes", match.minutes, "initiator: thinking time per player for the whole game")
        ->check(CLI::Range(1, 999))
        ->capture_default_str();
    command.add_option("--moves", match.moves, "initiator: moves per game, 0 = no limit")
        ->check(CLI::Range(0, 999))
        ->capture_default_str();
    command.add_option("--colour,--color", args.colour, "initiator: the colour Kroon plays (white first)")
        ->type_name("C")
        ->check(CLI::IsMember({"alternate", "white", "black"}))
        ->capture_default_str();
    command
        .add_option("--positions", args.positions,
                    "initiator: start positions, FEN lines or PDN games; each played with both colours when "
                    "alternating")
        ->type_name("FILE");
}

// The follower's limit, our name, and where games and traffic are written.
void add_session_options(CLI::App& command, dxp::TransportConfig& c) {
    command.add_option("--max-games", c.session.follower_max_games, "follower: refuse games (code 3) after N")
        ->check(CLI::Range(0, 1000000));
    command.add_option("--name", c.session.name, "the name sent to the peer")->type_name("NAME")->capture_default_str();
    command.add_option("--pdn", c.pdn_path, "append every finished game to FILE")->type_name("FILE");
    command.add_option("--log", c.log_path, "log all protocol traffic to FILE")->type_name("FILE");
    command.add_flag("--verbose", c.verbose, "protocol traffic on stderr too");
}

// How long a move may take, and the built-in engine's options.
void add_thinking_options(CLI::App& command, DxpArgs& args) {
    add_seconds(command, "--move-time", args.move_time,
                "think at most S seconds a move (quick matches; default: by the clock only)", 0.001, 3600);
    add_engine_options(command, args.engine,
                       {"threads", "hash", "eval", "eval-file", "egdb", "book", "book-margin", "skill", "elo"});
}

// How long we wait for a peer's reply, and how many peers we serve at once.
void add_serving_options(CLI::App& command, DxpArgs& args) {
    command.add_option("--reply-timeout", args.reply_timeout, "seconds to wait for GAMEACC or a GAMEEND confirmation")
        ->check(CLI::Range(1, 86400))
        ->capture_default_str();
    command.add_option("--max-connections", args.config.max_connections, "connections served at once when listening")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
}

dxp::TransportConfig transport_config(const DxpArgs& args, const Streams& io) {
    dxp::TransportConfig config = args.config;
    if (args.listen_option->count() == 0 && args.connect_option->count() == 0)
        throw UsageError("give --listen [HOST:]PORT or --connect HOST:PORT");
    config.listen = args.connect_option->count() == 0;
    if (config.listen && !args.listen.empty()) config.endpoint = endpoint(args.listen, "--listen");
    if (!config.listen) config.endpoint = endpoint(args.connect, "--connect");
    config.session.role = args.initiator_option->count() ? dxp::Role::Initiator : dxp::Role::Follower;
    auto& settings = config.session.match;
    settings.alternate_colors = args.colour == "alternate";
    settings.first_follower_color = args.colour == "black" ? Color::White : Color::Black;
    if (!args.positions.empty()) settings.start_positions = start_positions(args.positions);
    config.session.name = dxp::wire_name(config.session.name);
    if (config.session.name.empty()) throw UsageError("--name must not be blank");
    config.session.max_move_time = args.move_time;
    config.session.reply_timeout = args.reply_timeout;
    config.engine_options = engine_settings(args.engine, {Variant::International, Variant::International});
    // The bound address on stdout, so a script (or a test) that asked for port 0 can find it.
    config.on_listening = [io](const dxp::Endpoint& e) {
        io.out << "listening on " << e.host << ":" << e.port << std::endl;
    };
    return config;
}

}  // namespace

Run add_dxp(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "dxp",
        "Plays international draughts over DXP (DamExchange) on TCP, as the follower (answers game requests) or "
        "the initiator (proposes the games). Every finished game can be appended to a PDN file. What Kroon sends "
        "and accepts: docs/protocols.md, DXP.");
    auto args = std::make_shared<DxpArgs>();
    // The initiator's defaults, set before the options capture them for --help.
    args->config.session.match.moves = 75;
    args->config.session.match.minutes = 5;
    add_connection_options(*command, *args);
    add_initiator_options(*command, *args);
    add_session_options(*command, args->config);
    add_thinking_options(*command, *args);
    add_serving_options(*command, *args);
    return [args, io] {
        const auto ran = dxp::run_transport(transport_config(*args, io));
        if (ran) return exit_ok;
        io.err << "kroon dxp: " << ran.error() << "\n";
        return exit_failure;
    };
}

}  // namespace kroon::cli
