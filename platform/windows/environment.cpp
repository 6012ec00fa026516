#include "platform/environment.hpp"

#include <cstdlib>

namespace kroon::platform {

// _putenv_s changes the C library's copy and the system's, which started programs inherit;
// an empty value removes the variable.
void set_environment(const std::string& name, const std::optional<std::string>& value) {
    _putenv_s(name.c_str(), value ? value->c_str() : "");
}

}  // namespace kroon::platform
