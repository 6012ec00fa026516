#include "protocol/dxp/command.hpp"

#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include "engine/rules/rulebook.hpp"
#include "protocol/dxp/transport.hpp"

namespace kroon::dxp {
namespace {

constexpr const char* usage =
    "usage: kroon dxp (--listen [HOST:]PORT | --connect HOST:PORT) [--initiator | --follower] [options]\n"
    "  Plays international draughts over DXP (DamExchange) on TCP.\n"
    "  --listen [HOST:]PORT  wait for connections, one session each, until stopped (default\n"
    "                        127.0.0.1:27531; [::1]:PORT for IPv6, [::] for every address)\n"
    "  --connect HOST:PORT   connect, play the session, exit\n"
    "  --follower            answer the peer's game requests (default)\n"
    "  --initiator           propose the games:\n"
    "      --games N         games per connection (default 2)\n"
    "      --minutes M       thinking time per player for the whole game (default 5)\n"
    "      --moves N         moves per game, 0 = no limit (default 75)\n"
    "      --colour C        colour Kroon plays: alternate (default, white first), white, black\n"
    "      --positions FILE  start positions, one FEN a line (# comments); each played with\n"
    "                        both colours when alternating\n"
    "  --max-games N         follower: refuse games (code 3) after N per connection\n"
    "  --name NAME           name sent to the peer (default Kroon)\n"
    "  --pdn FILE            append every finished game to FILE\n"
    "  --log FILE            log all protocol traffic to FILE\n"
    "  --verbose             protocol traffic on stderr too\n"
    "  --move-time S         think at most S seconds a move (quick matches; default: clock only)\n"
    "  --threads N, --hash MiB   search threads (default 1) and hash size (default 64)\n"
    "  --reply-timeout S     seconds to wait for GAMEACC or a GAMEEND confirmation (default 30)\n"
    "  --max-connections N   connections served at once when listening (default 4)\n";

Result<int> number(const std::string& text, const std::string& what, int low, int high) {
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
        return Error{what + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                     ", not '" + text + "'"};
    return value;
}

Result<std::vector<Position>> read_positions(const std::string& path) {
    std::ifstream file(path);
    if (!file) return Error{"cannot open " + path};
    std::vector<Position> positions;
    std::string line;
    int line_number = 0;
    while (std::getline(file, line)) {
        ++line_number;
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const Rulebook& rules = rulebook(Variant::International);
        const auto pos = rules.parse_fen(line);
        const std::string where = path + ":" + std::to_string(line_number) + ": ";
        if (!pos) return Error{where + pos.error()};
        if (rules.count_moves(*pos) == 0 || !pos->pieces(Color::White) || !pos->pieces(Color::Black))
            return Error{where + "not playable (a side has no pieces or the side to move no move)"};
        positions.push_back(*pos);
    }
    if (positions.empty()) return Error{path + " holds no positions"};
    return positions;
}

Result<TransportConfig> read_config(const std::vector<std::string>& args) {
    TransportConfig config;
    config.session.match.moves = 75;
    config.session.match.minutes = 5;
    bool mode_given = false;
    bool role_given = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool has_value = i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0;
        const auto value = [&]() -> Result<std::string> {
            if (!has_value) return Error{a + " needs a value"};
            return args[++i];
        };
        const auto int_option = [&](const std::string& what, int low, int high, int& target) -> std::optional<Error> {
            const auto v = value();
            if (!v) return Error{v.error()};
            const auto n = number(*v, what, low, high);
            if (!n) return Error{n.error()};
            target = *n;
            return std::nullopt;
        };
        std::optional<Error> problem;
        if (a == "--listen" || a == "--connect") {
            if (mode_given) return Error{"give one of --listen and --connect"};
            mode_given = true;
            config.listen = a == "--listen";
            if (has_value || a == "--connect") {
                const auto v = value();
                if (!v) return Error{v.error()};
                const auto e = parse_endpoint(*v);
                if (!e) return Error{e.error()};
                config.endpoint = *e;
            }
        } else if (a == "--initiator" || a == "--follower") {
            if (role_given) return Error{"give one of --initiator and --follower"};
            role_given = true;
            config.session.role = a == "--initiator" ? Role::Initiator : Role::Follower;
        } else if (a == "--games") {
            problem = int_option("--games", 1, 100000, config.session.match.games);
        } else if (a == "--minutes") {
            problem = int_option("--minutes", 1, 999, config.session.match.minutes);
        } else if (a == "--moves") {
            problem = int_option("--moves", 0, 999, config.session.match.moves);
        } else if (a == "--max-games") {
            problem = int_option("--max-games", 0, 1000000, config.session.follower_max_games);
        } else if (a == "--threads") {
            problem = int_option("--threads", 1, 256, config.search.threads);
        } else if (a == "--hash") {
            problem = int_option("--hash", 1, 65536, config.search.hash_mib);
        } else if (a == "--max-connections") {
            problem = int_option("--max-connections", 1, 1000, config.max_connections);
        } else if (a == "--reply-timeout") {
            int seconds = 0;
            problem = int_option("--reply-timeout", 1, 86400, seconds);
            config.session.reply_timeout = seconds;
        } else if (a == "--move-time") {
            const auto v = value();
            if (!v) return Error{v.error()};
            char* end = nullptr;
            const double seconds = std::strtod(v->c_str(), &end);
            if (v->empty() || *end != '\0' || !(seconds > 0) || seconds > 3600)
                return Error{"--move-time must be seconds above 0, not '" + *v + "'"};
            config.session.max_move_time = seconds;
        } else if (a == "--colour" || a == "--color") {
            const auto v = value();
            if (!v) return Error{v.error()};
            auto& match = config.session.match;
            if (*v == "alternate") {
                match.alternate_colors = true;
                match.first_follower_color = Color::Black;
            } else if (*v == "white" || *v == "black") {
                match.alternate_colors = false;
                match.first_follower_color = *v == "white" ? Color::Black : Color::White;
            } else {
                return Error{"--colour must be alternate, white or black, not '" + *v + "'"};
            }
        } else if (a == "--positions") {
            const auto v = value();
            if (!v) return Error{v.error()};
            const auto positions = read_positions(*v);
            if (!positions) return Error{positions.error()};
            config.session.match.start_positions = *positions;
        } else if (a == "--name") {
            const auto v = value();
            if (!v) return Error{v.error()};
            config.session.name = wire_name(*v);
            if (config.session.name.empty()) return Error{"--name must not be blank"};
        } else if (a == "--pdn" || a == "--log") {
            const auto v = value();
            if (!v) return Error{v.error()};
            (a == "--pdn" ? config.pdn_path : config.log_path) = *v;
        } else if (a == "--verbose") {
            config.verbose = true;
        } else {
            return Error{"unknown argument '" + a + "'"};
        }
        if (problem) return *problem;
    }
    if (!mode_given) return Error{"give --listen [HOST:]PORT or --connect HOST:PORT"};
    return config;
}

}  // namespace

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") {
            out << usage;
            return 0;
        }
    const auto parsed = read_config(args);
    if (!parsed) {
        err << "kroon dxp: " << parsed.error() << "\n" << usage;
        return 2;
    }
    TransportConfig config = *parsed;
    // The bound address on stdout, so a script (or a test) that asked for port 0 can find it.
    config.on_listening = [&out](const Endpoint& e) {
        out << "listening on " << e.host << ":" << e.port << std::endl;
    };
    return run_transport(config);
}

}  // namespace kroon::dxp
