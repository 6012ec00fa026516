// The calendar time where the user is (a game record's date).
#pragma once

#include <ctime>

namespace kroon::platform {

// `time` in the local time zone, safe from several threads at once (localtime_r;
// Windows: localtime_s).
std::tm local_time(std::time_t time);

}  // namespace kroon::platform
