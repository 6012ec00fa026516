// A file compiled into the program (cmake/embed_files.cmake writes the tables): the shipped
// evaluation weights and opening books.
#pragma once

#include <cstddef>
#include <string_view>

namespace kroon::platform {

struct EmbeddedFile {
    const char* name;  // the file's name without its extension: the variant's name
    const unsigned char* bytes;
    const std::size_t* size;  // written by the assembler beside the bytes

    std::string_view contents() const { return {reinterpret_cast<const char*>(bytes), *size}; }
};

}  // namespace kroon::platform
