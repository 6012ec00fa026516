#include "protocol/hub/protocol_log.hpp"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <system_error>

namespace kroon::hub {

ProtocolLog::ProtocolLog() {
    auto logger = std::make_shared<spdlog::logger>("kroon", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    logger->set_level(spdlog::level::warn);
    install(std::move(logger), "");
}

Result<bool> ProtocolLog::open(const std::string& path) {
    if (path.empty()) return Error{"no log file name"};
    {
        std::lock_guard lock(mutex_);
        if (path_ == path) return true;
    }
    // spdlog would make the folders of the path: a mistyped one is an error instead.
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    std::error_code error;
    if (!folder.empty() && !std::filesystem::is_directory(folder, error))
        return Error{"cannot open log file " + path + ": there is no folder " + folder.string()};
    try {
        auto logger =
            std::make_shared<spdlog::logger>("kroon", std::make_shared<spdlog::sinks::basic_file_sink_mt>(path, false));
        logger->set_level(spdlog::level::info);
        logger->flush_on(spdlog::level::info);
        install(std::move(logger), path);
        return true;
    } catch (const spdlog::spdlog_ex& e) {
        return Error{"cannot open log file " + path + ": " + e.what()};
    }
}

void ProtocolLog::close() {
    if (!is_open()) return;
    auto logger = std::make_shared<spdlog::logger>("kroon", std::make_shared<spdlog::sinks::stderr_color_sink_mt>());
    logger->set_level(spdlog::level::warn);
    install(std::move(logger), "");
}

bool ProtocolLog::is_open() const {
    std::lock_guard lock(mutex_);
    return !path_.empty();
}

void ProtocolLog::incoming(std::string_view line) { current()->info("> {}", line); }
void ProtocolLog::outgoing(std::string_view line) { current()->info("< {}", line); }
void ProtocolLog::note(std::string_view text) { current()->info("{}", text); }

std::shared_ptr<spdlog::logger> ProtocolLog::current() const {
    std::lock_guard lock(mutex_);
    return logger_;
}

void ProtocolLog::install(std::shared_ptr<spdlog::logger> logger, std::string path) {
    spdlog::set_default_logger(logger);  // warnings from every module follow the protocol log
    std::lock_guard lock(mutex_);
    logger_ = std::move(logger);
    path_ = std::move(path);
}

}  // namespace kroon::hub
