#include "platform/local_time.hpp"

namespace kroon::platform {

std::tm local_time(std::time_t time) {
    std::tm local{};
    localtime_s(&local, &time);
    return local;
}

}  // namespace kroon::platform
