#include "learn/ordered_job.hpp"

namespace kroon::learn {

std::unique_ptr<play::Thinker> data_engine(const std::vector<std::pair<std::string, std::string>>& options) {
    auto engine = std::make_unique<play::Thinker>();
    engine->set_option("hash", "16");
    engine->set_option("egdb", "none");
    engine->set_option("book", "false");
    for (const auto& [name, value] : options) engine->set_option(name, value);
    return engine;
}

}  // namespace kroon::learn
