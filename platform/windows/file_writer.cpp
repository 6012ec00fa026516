#include "platform/file_writer.hpp"

#include <windows.h>

#include <algorithm>

#include "platform/windows/text.hpp"

namespace kroon::platform {

using windows::system_message;
using windows::widen;

Result<bool> write_file_atomically(const std::string& path, std::initializer_list<std::span<const std::uint8_t>> parts,
                                   Durability durability) {
    // Named by the process, as on POSIX: egdb/builder.cpp removes what a dead build left.
    const std::string temporary = path + ".partial." + std::to_string(GetCurrentProcessId());
    const std::wstring wide_temporary = widen(temporary);
    HANDLE file =
        CreateFileW(wide_temporary.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE)
        return Error{"cannot create " + temporary + ": " + system_message(GetLastError())};
    // Every failure after this point closes and removes the temporary file.
    const auto fail = [&](const std::string& what) {
        const std::string reason = system_message(GetLastError());
        CloseHandle(file);
        DeleteFileW(wide_temporary.c_str());
        return Error{"cannot " + what + " " + temporary + ": " + reason};
    };
    for (const auto& part : parts) {
        std::size_t done = 0;
        while (done < part.size()) {
            DWORD written = 0;
            const auto size = static_cast<DWORD>(std::min<std::size_t>(part.size() - done, std::size_t{1} << 30));
            if (!WriteFile(file, part.data() + done, size, &written, nullptr)) return fail("write");
            done += written;
        }
    }
    if (durability == Durability::Synced && !FlushFileBuffers(file)) return fail("flush");
    if (!CloseHandle(file)) {
        const std::string reason = system_message(GetLastError());
        DeleteFileW(wide_temporary.c_str());
        return Error{"cannot close " + temporary + ": " + reason};
    }
    // Replaces a file of that name in one step, as rename() does on POSIX.
    if (!MoveFileExW(wide_temporary.c_str(), widen(path).c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)) {
        const std::string reason = system_message(GetLastError());
        DeleteFileW(wide_temporary.c_str());
        return Error{"cannot rename " + temporary + " to " + path + ": " + reason};
    }
    return true;
}

}  // namespace kroon::platform
