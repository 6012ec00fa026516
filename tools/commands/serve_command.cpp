// `kroon serve`: the board in the browser, served by this binary (protocol/web, docs/web.md).
#include <memory>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "players/hub_analyser.hpp"
#include "protocol/web/server.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

// What any one tab may ask of the shared searches (docs/web.md, Limits).
void add_search_bounds(CLI::App& command, web::ServerConfig& config) {
    add_seconds(command, "--slice", config.slice,
                "a search that has run this long gives way when another tab's request waits (default 10)", 0.05, 3600);
    add_seconds(command, "--max-search", config.max_search,
                "the longest search a tab may ask, endless analysis apart (default 60)", 0.05, 86400);
    command.add_option("--max-depth", config.max_depth, "the deepest search a tab may ask")
        ->check(CLI::Range(1, 120))
        ->capture_default_str();
}

// --allow-origin NAME...: host names besides the listening ones that the board may be opened by.
void add_allowed_origins(CLI::App& command, const std::shared_ptr<web::ServerConfig>& config) {
    command
        .add_option_function<std::vector<std::string>>(
            "--allow-origin",
            [config](const std::vector<std::string>& names) {
                for (std::string name : names) {
                    // "http://box.local:8080" or "box.local": the host name is what counts.
                    if (const auto scheme = name.find("://"); scheme != std::string::npos)
                        name = name.substr(scheme + 3);
                    if (!name.empty() && name.front() != '[') name = name.substr(0, name.find(':'));
                    if (name.empty()) throw UsageError("--allow-origin needs a host name, e.g. box.local");
                    config->allowed_hosts.push_back(name);
                }
            },
            "another name the board may be opened by (repeatable), e.g. the machine's name on the network with "
            "--host 0.0.0.0; by default only 127.0.0.1, localhost, [::1] and --host (any address literal when "
            "listening on every address)")
        ->type_name("NAME");
}

}  // namespace

Run add_serve(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "serve",
        "Serves Kroon's board to a web browser: play against Kroon in every variant, analyse, set up "
        "positions, load and save PDN. Open the printed address. Each tab has its own game; the searches of "
        "all tabs share --threads search threads. The page and its JSON protocol: docs/web.md.");
    auto config = std::make_shared<web::ServerConfig>();
    config->threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 64U));
    command->add_option("--host", config->host, "the address to listen on (0.0.0.0 or :: opens it to the network)")
        ->type_name("ADDRESS")
        ->capture_default_str();
    command->add_option("--port", config->port, "the TCP port (0: any free port)")
        ->check(CLI::Range(0, 65535))
        ->capture_default_str();
    command
        ->add_option("--threads", config->threads,
                     "searches at once over all tabs, one thread each (default: the number of cores)")
        ->check(CLI::Range(1, 256));
    command->add_option("--hash", config->hash_mib, "transposition tables in MiB, shared out over the searches")
        ->type_name("MIB")
        ->check(CLI::Range(1, 1 << 16))
        ->capture_default_str();
    command->add_option("--max-connections", config->max_connections, "open connections (tabs and page loads)")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    add_search_bounds(*command, *config);
    command->add_option("--max-message", config->max_message_bytes, "the largest WebSocket message read, in bytes")
        ->check(CLI::Range(1024, 64 << 20))
        ->capture_default_str();
    add_allowed_origins(*command, config);
    auto engine = std::make_shared<EngineArgs>();
    add_engine_options(*command, *engine, {"eval", "eval-file", "egdb", "book", "book-margin"});
    auto other = std::make_shared<std::string>();
    command
        ->add_option("--engine", *other,
                     "another engine for the board's analyses and hints beside Kroon: a Hub engine's command line, "
                     "e.g. \"/opt/scan/scan hub\" (one search at a time over all tabs)")
        ->type_name("COMMAND");
    return [config, engine, other, io] {
        config->engine_options = engine_settings(*engine);
        if (!other->empty()) {
            auto analyser = players::HubAnalyser::start(*other, players::PlayerSettings{});
            if (!analyser) {
                io.err << "kroon serve: --engine: " << analyser.error() << "\n";
                return exit_failure;
            }
            config->other_engine = std::move(analyser.value());
        }
        const auto server = web::Server::start(*config);
        if (!server) {
            io.err << "kroon serve: " << server.error() << "\n";
            return exit_failure;
        }
        io.out << "Kroon serves its board at " << (*server)->url() << " (Ctrl+C stops it)" << std::endl;
        (*server)->run(true);
        return exit_ok;
    };
}

}  // namespace kroon::cli
