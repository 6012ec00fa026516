#include "protocol/hub/hub_command.hpp"

#include <csignal>
#include <istream>
#include <mutex>
#include <ostream>

#include "protocol/hub/hub_log.hpp"
#include "protocol/hub/hub_session.hpp"

namespace kroon::hub {
namespace {

constexpr const char* usage =
    "usage: kroon hub [--log FILE]\n"
    "  Speaks the Hub protocol (version 2, as Scan 3.x) on stdin/stdout, for the Hub GUI,\n"
    "  pydraughts, lidraughts-bot and draughtsnet. Start it as `kroon hub` where a GUI asks\n"
    "  for `scan hub`. --log FILE appends every protocol line in and out to FILE; the `log`\n"
    "  parameter (set-param name=log value=true) does the same, by default to kroon-hub.log.\n";

constexpr const char* default_log_file = "kroon-hub.log";

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
    ProtocolLog log;
    if (!log_file.empty()) {
        const auto opened = log.open(log_file);
        if (!opened) {
            err << "kroon hub: " << opened.error() << "\n";
            return 2;
        }
    }
    // A GUI that has gone away must end the engine quietly (EOF), not kill it mid-write.
    std::signal(SIGPIPE, SIG_IGN);

    std::mutex out_mutex;
    const auto write = [&](const std::string& line) {
        std::lock_guard lock(out_mutex);
        out << line << '\n';
        out.flush();
        log.outgoing(line);
    };
    const auto switch_log = [&](bool on) -> Result<bool> {
        if (!on) {
            log.close();
            return true;
        }
        return log.open(log_file.empty() ? default_log_file : log_file);
    };
    Session session(write, switch_log, log.is_open());
    std::string line;
    while (std::getline(in, line)) {
        log.incoming(line);
        if (!session.handle_line(line)) break;
    }
    session.finish();
    log.note(in ? "hub session over: quit" : "hub session over: end of input");
    return 0;
}

}  // namespace kroon::hub
