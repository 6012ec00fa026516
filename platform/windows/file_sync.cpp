#include "platform/file_sync.hpp"

#include <io.h>

namespace kroon::platform {

bool flush_to_disk(std::FILE* file) { return std::fflush(file) == 0 && _commit(_fileno(file)) == 0; }

}  // namespace kroon::platform
