// A book compiled into the program (play/CMakeLists.txt writes the list from play/books/).
#pragma once

#include <cstddef>

namespace kroon::play {

struct BuiltinBookFile {
    const char* variant;  // the file's name: the variant's name
    const unsigned char* bytes;
    const std::size_t* size;  // written by the assembler beside the bytes
};

extern const BuiltinBookFile builtin_book_files[];
extern const std::size_t builtin_book_file_count;

}  // namespace kroon::play
