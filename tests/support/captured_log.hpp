// What the program logs through spdlog's default logger, captured for a test's scope.
#pragma once

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <memory>
#include <sstream>
#include <string>

namespace kroon::test {

class CapturedLog {
public:
    CapturedLog() : previous_(spdlog::default_logger()) {
        spdlog::set_default_logger(
            std::make_shared<spdlog::logger>("captured", std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)));
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    CapturedLog(const CapturedLog&) = delete;
    CapturedLog& operator=(const CapturedLog&) = delete;
    std::string take() {
        spdlog::default_logger()->flush();
        std::string out = text_.str();
        text_.str("");
        return out;
    }

private:
    std::ostringstream text_;
    std::shared_ptr<spdlog::logger> previous_;
};

}  // namespace kroon::test
