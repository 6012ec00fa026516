#include "platform/file_reader.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

namespace kroon::platform {
namespace {

struct Descriptor {
    int fd = -1;
    ~Descriptor() {
        if (fd >= 0) ::close(fd);
    }
};

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

Result<std::string> read_bytes(const std::string& path, std::uint64_t max_bytes, bool whole, const std::string& what) {
    const std::string name = "cannot read " + what + " " + path + ": ";
    // O_NONBLOCK: opening a FIFO for reading would wait for a writer; the type check below
    // refuses it before any read.
    Descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)};
    if (file.fd < 0) return Error{name + std::strerror(errno)};
    struct stat status {};
    if (::fstat(file.fd, &status) != 0) return Error{name + std::strerror(errno)};
    if (S_ISDIR(status.st_mode)) return Error{name + "it is a folder"};
    if (!S_ISREG(status.st_mode)) return Error{name + "not a regular file"};
    auto size = static_cast<std::uint64_t>(status.st_size);
    if (!whole) size = std::min(size, max_bytes);
    if (size > max_bytes)
        return Error{name + "too large (" + megabytes(size) + "; at most " + megabytes(max_bytes) + ")"};
    std::string bytes;
    try {
        bytes.resize(static_cast<std::size_t>(size));
    } catch (const std::bad_alloc&) {
        return Error{name + "not enough memory for " + megabytes(size)};
    }
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t got = ::read(file.fd, bytes.data() + done, bytes.size() - done);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return Error{name + std::strerror(errno)};
        if (got == 0) break;  // shorter than fstat said: it shrank while being read
        done += static_cast<std::size_t>(got);
    }
    bytes.resize(done);
    // A file that grew while being read is read to the size it had when opened.
    return bytes;
}

}  // namespace

Result<std::string> read_file(const std::string& path, std::uint64_t max_bytes, const std::string& what) {
    return read_bytes(path, max_bytes, true, what);
}

Result<std::string> read_file_start(const std::string& path, std::uint64_t bytes, const std::string& what) {
    return read_bytes(path, bytes, false, what);
}

}  // namespace kroon::platform
