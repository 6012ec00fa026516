#include "protocol/hub/program.hpp"

#include <istream>
#include <mutex>
#include <ostream>

#include "platform/signals.hpp"
#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/protocol_log.hpp"
#include "protocol/hub/session.hpp"

namespace kroon::hub {
namespace {

constexpr const char* default_log_file = "kroon-hub.log";

// No Hub line is longer: a `pos` with a thousand-move game takes about 10 KB.
constexpr std::size_t longest_line = 1 << 20;

enum class LineRead { Line, TooLong, End };

// One line of input, without its end; a longer one than `longest_line` is read to its end and
// dropped, so that a runaway client cannot make the engine hold it all.
LineRead read_line(std::istream& in, std::string& line) {
    line.clear();
    std::streambuf& buffer = *in.rdbuf();
    bool too_long = false;
    for (;;) {
        const int c = buffer.sbumpc();
        if (c == std::char_traits<char>::eof()) {
            if (line.empty() && !too_long) return LineRead::End;
            break;
        }
        if (c == '\n') break;
        if (line.size() < longest_line)
            line.push_back(static_cast<char>(c));
        else
            too_long = true;
    }
    return too_long ? LineRead::TooLong : LineRead::Line;
}

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
    platform::ignore_broken_pipes();

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
    bool quit = false;
    for (LineRead read; !quit && (read = read_line(in, line)) != LineRead::End;) {
        if (read == LineRead::TooLong) {
            log.incoming(line.substr(0, 200) + "... (cut)");
            write(error_line("line too long (over " + std::to_string(longest_line) + " bytes): ignored"));
            continue;
        }
        log.incoming(line);
        quit = !session.handle_line(line);
    }
    session.finish();
    log.note(quit ? "hub session over: quit" : "hub session over: end of input");
    return 0;
}

}  // namespace kroon::hub
