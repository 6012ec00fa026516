#include "protocol/hub/hub_command.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <istream>
#include <mutex>
#include <ostream>

#include "protocol/hub/hub_session.hpp"

namespace kroon::hub {
namespace {

constexpr const char* usage =
    "usage: kroon hub [--log FILE]\n"
    "  Speaks the Hub protocol (version 2, as Scan 3.x) on stdin/stdout, for the Hub GUI,\n"
    "  pydraughts, lidraughts-bot and draughtsnet. Start it as `kroon hub` where a GUI asks\n"
    "  for `scan hub`. --log FILE appends every protocol line in and out to FILE.\n";

// Everything spdlog writes goes to the log file, or to stderr: never to stdout, the Hub channel.
std::shared_ptr<spdlog::logger> make_logger(const std::string& log_file) {
    std::shared_ptr<spdlog::logger> logger;
    if (log_file.empty()) {
        logger = std::make_shared<spdlog::logger>("kroon", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
        logger->set_level(spdlog::level::warn);
    } else {
        logger = std::make_shared<spdlog::logger>(
            "kroon", std::make_shared<spdlog::sinks::basic_file_sink_mt>(log_file, false));
        logger->set_level(spdlog::level::info);
        logger->flush_on(spdlog::level::info);
    }
    return logger;
}

}  // namespace

int run_hub(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err) {
    std::string log_file;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--help" || args[i] == "-h") {
            err << usage;
            return 0;
        }
        if (args[i] == "--log" && i + 1 < args.size()) {
            log_file = args[++i];
        } else if (args[i].rfind("--log=", 0) == 0) {
            log_file = args[i].substr(6);
        } else {
            err << "kroon hub: unexpected argument '" << args[i] << "'\n" << usage;
            return 2;
        }
    }
    std::shared_ptr<spdlog::logger> logger;
    try {
        logger = make_logger(log_file);
    } catch (const spdlog::spdlog_ex& e) {
        err << "kroon hub: cannot open log file '" << log_file << "': " << e.what() << "\n";
        return 2;
    }
    spdlog::set_default_logger(logger);
    // A GUI that has gone away must end the engine quietly (EOF), not kill it mid-write.
    std::signal(SIGPIPE, SIG_IGN);

    std::mutex out_mutex;
    Session session([&](const std::string& line) {
        std::lock_guard lock(out_mutex);
        out << line << '\n';
        out.flush();
        logger->info("< {}", line);
    });
    std::string line;
    while (std::getline(in, line)) {
        logger->info("> {}", line);
        if (!session.handle_line(line)) break;
    }
    session.finish();
    logger->info("hub session over ({})", in ? "quit" : "end of input");
    return 0;
}

}  // namespace kroon::hub
