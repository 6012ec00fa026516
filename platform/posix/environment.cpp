#include "platform/environment.hpp"

#include <cstdlib>

namespace kroon::platform {

void set_environment(const std::string& name, const std::optional<std::string>& value) {
    if (value)
        ::setenv(name.c_str(), value->c_str(), 1);
    else
        ::unsetenv(name.c_str());
}

}  // namespace kroon::platform
