#include "platform/file_reader.hpp"

#include <windows.h>

#include <algorithm>
#include <new>

#include "platform/windows/text.hpp"

namespace kroon::platform {
namespace {

using windows::system_message;

std::string megabytes(std::uint64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB"; }

struct FileHandle {
    HANDLE h;
    ~FileHandle() {
        if (h != INVALID_HANDLE_VALUE) CloseHandle(h);
    }
};

Result<std::string> read_bytes(const std::string& path, std::uint64_t max_bytes, bool whole, const std::string& what) {
    const std::string name = "cannot read " + what + " " + path + ": ";
    // FILE_FLAG_BACKUP_SEMANTICS opens a folder too, so that it is named as one below; a
    // device or a pipe is refused by its type before any read.
    FileHandle file{CreateFileW(windows::widen(path).c_str(), GENERIC_READ,
                                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                                FILE_FLAG_BACKUP_SEMANTICS, nullptr)};
    if (file.h == INVALID_HANDLE_VALUE) return Error{name + system_message(GetLastError())};
    BY_HANDLE_FILE_INFORMATION information{};
    if (GetFileType(file.h) != FILE_TYPE_DISK) return Error{name + "not a regular file"};
    if (!GetFileInformationByHandle(file.h, &information)) return Error{name + system_message(GetLastError())};
    if (information.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) return Error{name + "it is a folder"};
    auto size = std::uint64_t{information.nFileSizeHigh} << 32 | information.nFileSizeLow;
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
        DWORD got = 0;
        const auto part = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - done, std::size_t{1} << 30));
        if (!ReadFile(file.h, bytes.data() + done, part, &got, nullptr))
            return Error{name + system_message(GetLastError())};
        if (got == 0) break;  // shorter than it was: it shrank while being read
        done += got;
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
