#include "platform/child_process.hpp"

#include <windows.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <utility>

#include "platform/signals.hpp"
#include "platform/windows/text.hpp"

namespace kroon::platform {
namespace {

using windows::system_message;
using windows::widen;

// The exit code a killed child is given: 128 + SIGKILL, as a POSIX shell reports a kill.
constexpr UINT killed_code = 137;

// A child inherits every inheritable handle of ours: only start() makes any (the child's
// ends of its pipes), closes them right after, and never runs twice at once, so that no
// engine holds another's pipe open.
std::mutex starting;

struct Handle {
    HANDLE h = nullptr;
    Handle() = default;
    explicit Handle(HANDLE handle) : h(handle == INVALID_HANDLE_VALUE ? nullptr : handle) {}
    Handle(const Handle&) = delete;
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            close();
            h = other.release();
        }
        return *this;
    }
    ~Handle() { close(); }
    void close() {
        if (h) CloseHandle(h);
        h = nullptr;
    }
    HANDLE release() { return std::exchange(h, nullptr); }
};

std::string failure(const std::string& what) { return what + ": " + system_message(GetLastError()); }

// What a Windows exit code means when it is an exception's (0xC0000000 and up).
const char* exception_name(DWORD code) {
    switch (code) {
        case 0xC0000005: return "access violation";
        case 0xC00000FD: return "stack overflow";
        case 0xC0000094: return "integer division by zero";
        case 0xC000001D: return "illegal instruction";
        case 0xC0000409: return "stack buffer overrun or fast fail";
        case 0xC0000374: return "heap corruption";
        case 0xC000013A: return "Ctrl+C";
        default: return nullptr;
    }
}

}  // namespace

struct ChildProcess::System {
    HANDLE process = nullptr;
    HANDLE job = nullptr;
    HANDLE to_child = nullptr;    // our end of the named pipe it reads (overlapped)
    HANDLE from_child = nullptr;  // our end of the named pipe it writes to (overlapped)
    DWORD id = 0;
    OVERLAPPED overlapped{};  // the reads'
    OVERLAPPED writing{};     // the writes'
    bool read_pending = false;
    char pending[4096];  // what the pending read fills
    std::optional<DWORD> exit;
    bool killed = false;  // by us, while it ran

    void note_exit() {
        if (exit || !process) return;
        if (WaitForSingleObject(process, 0) != WAIT_OBJECT_0) return;
        DWORD code = 0;
        if (GetExitCodeProcess(process, &code)) exit = code;
    }

    void close_output() {
        if (!from_child) return;
        if (read_pending) {
            DWORD ignored = 0;
            CancelIoEx(from_child, &overlapped);
            GetOverlappedResult(from_child, &overlapped, &ignored, TRUE);  // the buffer is ours again
            read_pending = false;
        }
        CloseHandle(from_child);
        from_child = nullptr;
    }
};

ChildProcess::ChildProcess() : system_(std::make_unique<System>()) {}

// The C runtime's rules, which CommandLineToArgvW follows too: a word with a blank or a quote
// goes in quotes; a quote inside is escaped, and so are the backslashes right before a quote.
std::string command_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& word : words) {
        if (!line.empty()) line += ' ';
        if (!word.empty() && word.find_first_of(" \t\n\v\"") == std::string::npos) {
            line += word;
            continue;
        }
        line += '"';
        std::size_t backslashes = 0;
        for (char c : word) {
            if (c == '\\') {
                ++backslashes;
                continue;
            }
            line.append(c == '"' ? 2 * backslashes + 1 : backslashes, '\\');
            backslashes = 0;
            line += c;
        }
        line.append(2 * backslashes, '\\');
        line += '"';
    }
    return line;
}

Result<std::unique_ptr<ChildProcess>> ChildProcess::start(const std::string& command, const std::string& stderr_path,
                                                          bool keep_stderr) {
    ignore_broken_pipes();
    std::lock_guard<std::mutex> lock(starting);
    SECURITY_ATTRIBUTES inherited{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};

    // stdin and stdout: named pipes, so that our ends can be written and read with a deadline
    // (overlapped I/O); the child's ends are plain ones. Our ends are not inherited.
    static std::atomic<unsigned> serial{0};
    const auto pipe_name = [] {
        return L"\\\\.\\pipe\\kroon-" + std::to_wstring(GetCurrentProcessId()) + L"-" +
               std::to_wstring(serial.fetch_add(1));
    };
    const std::wstring in_name = pipe_name(), out_name = pipe_name();
    const DWORD mode = PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT | PIPE_REJECT_REMOTE_CLIENTS;
    Handle to_child(CreateNamedPipeW(in_name.c_str(),
                                     PIPE_ACCESS_OUTBOUND | FILE_FLAG_OVERLAPPED | FILE_FLAG_FIRST_PIPE_INSTANCE, mode,
                                     1, 1 << 16, 0, 0, nullptr));
    if (!to_child.h) return Error{failure("cannot make a pipe")};
    Handle child_in(
        CreateFileW(in_name.c_str(), GENERIC_READ, 0, &inherited, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
    if (!child_in.h) return Error{failure("cannot open a pipe")};
    Handle from_child(CreateNamedPipeW(out_name.c_str(),
                                       PIPE_ACCESS_INBOUND | FILE_FLAG_OVERLAPPED | FILE_FLAG_FIRST_PIPE_INSTANCE, mode,
                                       1, 0, 1 << 16, 0, nullptr));
    if (!from_child.h) return Error{failure("cannot make a pipe")};
    Handle child_out(
        CreateFileW(out_name.c_str(), GENERIC_WRITE, 0, &inherited, OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
    if (!child_out.h) return Error{failure("cannot open a pipe")};

    Handle child_err;
    if (!stderr_path.empty()) {
        child_err = Handle(CreateFileW(widen(stderr_path).c_str(), FILE_APPEND_DATA, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                       &inherited, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr));
        if (!child_err.h) return Error{"cannot open " + stderr_path + ": " + system_message(GetLastError())};
    } else if (keep_stderr) {
        HANDLE copy = nullptr;
        if (DuplicateHandle(GetCurrentProcess(), GetStdHandle(STD_ERROR_HANDLE), GetCurrentProcess(), &copy, 0, TRUE,
                            DUPLICATE_SAME_ACCESS))
            child_err = Handle(copy);
    }
    if (!child_err.h) {
        child_err = Handle(CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherited,
                                       OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr));
    }

    // A job of its own: closing it (kill(), or our end in any way) ends the child and all it
    // started. Created suspended, the child starts nothing before it is in the job.
    Handle job(CreateJobObjectW(nullptr, nullptr));
    if (!job.h) return Error{failure("cannot make a job object")};
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (!SetInformationJobObject(job.h, JobObjectExtendedLimitInformation, &limits, sizeof limits))
        return Error{failure("cannot set up a job object")};

    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = child_in.h;
    startup.hStdOutput = child_out.h;
    startup.hStdError = child_err.h;
    std::wstring line = widen(command);  // CreateProcessW may write into it
    PROCESS_INFORMATION info{};
    if (!CreateProcessW(nullptr, line.data(), nullptr, nullptr, TRUE, CREATE_SUSPENDED | CREATE_NO_WINDOW, nullptr,
                        nullptr, &startup, &info))
        return Error{"cannot start '" + command + "': " + system_message(GetLastError())};
    Handle process(info.hProcess), thread(info.hThread);
    if (!AssignProcessToJobObject(job.h, process.h)) {
        const std::string why = failure("cannot put '" + command + "' in a job object");
        TerminateProcess(process.h, killed_code);
        return Error{why};
    }
    ResumeThread(thread.h);

    std::unique_ptr<ChildProcess> child(new ChildProcess());
    System& s = *child->system_;
    s.overlapped.hEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
    s.writing.hEvent = CreateEventW(nullptr, TRUE, FALSE, nullptr);
    if (!s.overlapped.hEvent || !s.writing.hEvent) return Error{failure("cannot make an event")};
    s.id = info.dwProcessId;
    s.process = process.release();
    s.job = job.release();
    s.to_child = to_child.release();
    s.from_child = from_child.release();
    return child;  // the child's ends close here: only the child holds them now
}

ChildProcess::~ChildProcess() {
    kill();
    System& s = *system_;
    s.close_output();
    for (HANDLE h : {s.to_child, s.process, s.job, s.overlapped.hEvent, s.writing.hEvent})
        if (h) CloseHandle(h);
}

long ChildProcess::pid() const { return static_cast<long>(system_->id); }

// Each part is written with a deadline: an overlapped write that the time left cancels.
bool ChildProcess::send(std::string_view line, double timeout) {
    System& s = *system_;
    if (!s.to_child) return false;
    std::string text(line);
    text += '\n';
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::milliseconds>(
                                                                 std::chrono::duration<double>(std::max(timeout, 0.0)));
    std::size_t done = 0;
    while (done < text.size()) {
        DWORD written = 0;
        const auto part = static_cast<DWORD>(std::min<std::size_t>(text.size() - done, 1 << 16));
        ResetEvent(s.writing.hEvent);
        if (!WriteFile(s.to_child, text.data() + done, part, &written, &s.writing)) {
            if (GetLastError() != ERROR_IO_PENDING) return false;  // the child has gone, or closed its input
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
                    .count();
            if (WaitForSingleObject(s.writing.hEvent, static_cast<DWORD>(std::max<long long>(left, 0))) !=
                WAIT_OBJECT_0) {
                CancelIoEx(s.to_child, &s.writing);
                GetOverlappedResult(s.to_child, &s.writing, &written, TRUE);  // the text is ours again
                input_stalled_ = true;
                close_input();
                return false;
            }
            if (!GetOverlappedResult(s.to_child, &s.writing, &written, FALSE)) return false;
        }
        if (written == 0) return false;
        done += written;
    }
    return true;
}

ChildProcess::Chunk ChildProcess::read_some(char* into, std::size_t size, std::size_t& got, int milliseconds) {
    System& s = *system_;
    if (!s.from_child) return Chunk::End;
    DWORD n = 0;
    if (!s.read_pending) {
        ResetEvent(s.overlapped.hEvent);
        if (ReadFile(s.from_child, s.pending, sizeof s.pending, &n, &s.overlapped)) {
            got = std::min<std::size_t>(n, size);
            std::copy(s.pending, s.pending + got, into);
            return got > 0 ? Chunk::Bytes : Chunk::Nothing;
        }
        if (GetLastError() != ERROR_IO_PENDING) {  // ERROR_BROKEN_PIPE: every writer has gone
            s.close_output();
            return Chunk::End;
        }
        s.read_pending = true;
    }
    if (WaitForSingleObject(s.overlapped.hEvent, static_cast<DWORD>(std::max(milliseconds, 0))) != WAIT_OBJECT_0)
        return Chunk::Nothing;
    s.read_pending = false;
    if (!GetOverlappedResult(s.from_child, &s.overlapped, &n, FALSE)) {
        s.close_output();
        return Chunk::End;
    }
    got = std::min<std::size_t>(n, size);
    std::copy(s.pending, s.pending + got, into);
    return got > 0 ? Chunk::Bytes : Chunk::Nothing;
}

void ChildProcess::close_input() {
    if (system_->to_child) CloseHandle(system_->to_child);
    system_->to_child = nullptr;
}

bool ChildProcess::running() {
    system_->note_exit();
    return system_->process && !system_->exit;
}

bool ChildProcess::wait_exit(double timeout) {
    if (!system_->process) return true;
    const double ms = std::clamp(timeout * 1000.0, 0.0, 4.0e9);
    WaitForSingleObject(system_->process, static_cast<DWORD>(ms));
    return !running();
}

void ChildProcess::kill() {
    System& s = *system_;
    if (!s.job) return;
    const bool was_running = running();
    // The whole job, even when the child itself has exited: what it started would otherwise
    // outlive the match and hold our pipe open.
    TerminateJobObject(s.job, killed_code);
    CloseHandle(s.job);
    s.job = nullptr;
    if (s.process) WaitForSingleObject(s.process, 10000);
    if (was_running) s.killed = true;
    s.note_exit();
}

std::string ChildProcess::exit_description() {
    system_->note_exit();
    const auto& exit = system_->exit;
    if (!exit) return "still running";
    if (system_->killed) return "killed";
    if (*exit >= 0xC0000000u) {
        char code[16];
        std::snprintf(code, sizeof code, "0x%08lX", static_cast<unsigned long>(*exit));
        const char* name = exception_name(*exit);
        return std::string("ended by exception ") + code + (name ? std::string(" (") + name + ")" : "");
    }
    return "exited with status " + std::to_string(*exit);
}

std::optional<int> ChildProcess::exit_code() {
    system_->note_exit();
    if (!system_->exit) return std::nullopt;
    return static_cast<int>(*system_->exit);
}

}  // namespace kroon::platform
