#include "learn/run_progress.hpp"

#include <filesystem>
#include <sstream>

#include "platform/file_reader.hpp"
#include "platform/file_writer.hpp"

namespace kroon::learn {
namespace {

std::optional<RunProgress> read_run_progress(const std::string& path, const std::string& unit) {
    const auto text = platform::read_file(path, 1 << 16, "progress");
    if (!text) return std::nullopt;
    std::istringstream in(*text);
    RunProgress p;
    std::string items, bytes;
    if (!std::getline(in, p.run) || !(in >> items >> p.done >> bytes >> p.bytes) || items != unit || bytes != "bytes")
        return std::nullopt;
    return p;
}

}  // namespace

std::optional<Error> write_run_progress(const std::string& path, const std::string& unit, const RunProgress& p) {
    const std::string text =
        p.run + "\n" + unit + " " + std::to_string(p.done) + " bytes " + std::to_string(p.bytes) + "\n";
    // Renamed into place but not synced every time: after a crash the file is the one before
    // or after, and a lost one costs the items since the last that reached the disk.
    const auto written = platform::write_file_atomically(
        path, {{reinterpret_cast<const std::uint8_t*>(text.data()), text.size()}}, platform::Durability::Renamed);
    if (!written) return Error{written.error()};
    return std::nullopt;
}

Result<RunProgress> resume_run(const std::string& run, const std::string& unit, const std::string& data,
                               const std::string& progress_path) {
    RunProgress start{run, 0, 0};
    const auto saved = read_run_progress(progress_path, unit);
    if (!saved || saved->run != run) return start;
    std::error_code ec;
    if (std::filesystem::file_size(data, ec) < saved->bytes || ec)
        return Error{data + " is shorter than its progress file says: it was changed since; remove " + progress_path +
                     " to start again"};
    std::filesystem::resize_file(data, saved->bytes, ec);
    if (ec) return Error{"cannot cut " + data + " back to its last whole " + unit + ": " + ec.message()};
    return *saved;
}

std::optional<Error> mark_run_progress(TrainingWriter& writer, const std::string& data, const std::string& unit,
                                       const std::string& progress_path, RunProgress& progress, std::size_t done) {
    if (auto error = writer.flush()) return error;
    std::error_code ec;
    progress.done = done;
    progress.bytes = std::filesystem::file_size(data, ec);
    return write_run_progress(progress_path, unit, progress);
}

}  // namespace kroon::learn
