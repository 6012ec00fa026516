// A program's command-line arguments as Kroon reads all text: UTF-8.
#pragma once

#include <string>
#include <vector>

namespace kroon::platform {

// The arguments after the program's name. POSIX: argv as it is. Windows: the wide command line
// the system keeps, converted to UTF-8, whatever the code page (a folder "C:\Users\Jürgen").
std::vector<std::string> program_arguments(int argc, char** argv);

}  // namespace kroon::platform
