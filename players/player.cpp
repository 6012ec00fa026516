#include "players/player.hpp"

#include <charconv>

#include "players/builtin_player.hpp"
#include "players/dxp_player.hpp"
#include "players/hub_player.hpp"

namespace kroon::players {

Result<PlayerSpec> parse_player_spec(const std::string& text) {
    PlayerSpec spec;
    spec.label = text;
    if (text == "builtin" || text == "built-in") {
        spec.kind = PlayerSpec::Builtin;
        return spec;
    }
    if (text.rfind("dxp://", 0) == 0) {
        spec.kind = PlayerSpec::Dxp;
        std::string rest = text.substr(6);
        if (!rest.empty() && rest.back() == '/') rest.pop_back();
        spec.port = 27531;  // the DXP port (docs/protocols.md, DXP 2)
        const size_t colon = rest.rfind(':');
        if (colon != std::string::npos && rest.find(']', colon) == std::string::npos) {
            const std::string port = rest.substr(colon + 1);
            int value = 0;
            const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
            if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value < 1 || value > 65535)
                return Error{"bad port in '" + text + "' (dxp://host:port)"};
            spec.port = value;
            rest = rest.substr(0, colon);
        }
        if (rest.size() > 2 && rest.front() == '[' && rest.back() == ']') rest = rest.substr(1, rest.size() - 2);
        if (rest.empty()) return Error{"no host in '" + text + "' (dxp://host:port)"};
        spec.command = rest;
        return spec;
    }
    if (text.find_first_not_of(" \t") == std::string::npos) return Error{"empty engine command"};
    spec.kind = PlayerSpec::Hub;
    spec.command = text;
    return spec;
}

Result<std::unique_ptr<Player>> start_player(const PlayerSpec& spec, const PlayerSettings& settings) {
    switch (spec.kind) {
        case PlayerSpec::Builtin: return std::unique_ptr<Player>(std::make_unique<BuiltinPlayer>(settings));
        case PlayerSpec::Hub: return HubPlayer::start(spec, settings);
        case PlayerSpec::Dxp: return DxpPlayer::start(spec, settings);
    }
    return Error{"unknown player kind"};
}

}  // namespace kroon::players
