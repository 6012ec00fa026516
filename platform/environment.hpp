// This process's environment variables, as it hands them to the programs it starts and reads
// them back with std::getenv.
#pragma once

#include <optional>
#include <string>

namespace kroon::platform {

// Sets `name` to `value`, or removes it when there is no value.
void set_environment(const std::string& name, const std::optional<std::string>& value);

}  // namespace kroon::platform
