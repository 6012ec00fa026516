#include "protocol/hub/program.hpp"

#include <csignal>
#include <istream>
#include <mutex>
#include <ostream>

#include "protocol/hub/protocol_log.hpp"
#include "protocol/hub/session.hpp"

namespace kroon::hub {
namespace {

constexpr const char* default_log_file = "kroon-hub.log";

}  // namespace

int run_program(const ProgramOptions& options, std::istream& in, std::ostream& out, std::ostream& err) {
    const std::string& log_file = options.log_file;
    ProtocolLog log;
    if (!log_file.empty()) {
        const auto opened = log.open(log_file);
        if (!opened) {
            err << "kroon hub: " << opened.error() << "\n";
            return 1;
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
    Session session(write, switch_log, log.is_open(), options.engine_options);
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
