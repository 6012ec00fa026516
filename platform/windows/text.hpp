// The Windows side's own helpers (included only by platform/windows/): text between Kroon's
// UTF-8 and the system's UTF-16, and a system error as words.
#pragma once

#include <windows.h>

#include <string>
#include <string_view>

namespace kroon::platform::windows {

std::wstring widen(std::string_view utf8);
std::string narrow(std::wstring_view utf16);

// The reason for a system error code, in the words POSIX's strerror uses where the two
// systems mean the same ("No such file or directory", "Permission denied", "No space left on
// device"), else the system's own message.
std::string system_message(DWORD code);

}  // namespace kroon::platform::windows
