#include "platform/file_writer.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kroon::platform {

Result<bool> write_file_atomically(const std::string& path, std::initializer_list<std::span<const std::uint8_t>> parts,
                                   Durability durability) {
    const std::string temporary = path + ".partial." + std::to_string(::getpid());  // egdb/builder.cpp reads it
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return Error{"cannot create " + temporary + ": " + std::strerror(errno)};
    // Every failure after this point closes and removes the temporary file.
    const auto fail = [&](const std::string& what) {
        const std::string reason = std::strerror(errno);
        ::close(fd);
        ::unlink(temporary.c_str());
        return Error{"cannot " + what + " " + temporary + ": " + reason};
    };
    for (const auto& part : parts) {
        std::size_t done = 0;
        while (done < part.size()) {
            const ssize_t n = ::write(fd, part.data() + done, part.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) return fail("write");
            done += static_cast<std::size_t>(n);
        }
    }
    if (durability == Durability::Synced && ::fsync(fd) != 0) return fail("flush");
    if (::close(fd) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temporary.c_str());
        return Error{"cannot close " + temporary + ": " + reason};
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string reason = std::strerror(errno);
        ::unlink(temporary.c_str());
        return Error{"cannot rename " + temporary + " to " + path + ": " + reason};
    }
    return true;
}

}  // namespace kroon::platform
