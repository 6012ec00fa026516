#include "tools/cli/build_info.hpp"

#include "tools/cli/build_info_values.hpp"  // written into the build folder (cmake/build_info.cmake)

namespace kroon::cli {

const BuildInfo& build_info() {
    static const BuildInfo info{KROON_BUILD_VERSION,  KROON_BUILD_COMMIT, KROON_BUILD_LEVEL,
                                KROON_BUILD_COMPILER, KROON_BUILD_SYSTEM, KROON_BUILD_DATE};
    return info;
}

std::string version_text(const BuildInfo& info) {
    return "kroon " + info.version + "\n" +                                   //
           "commit " + info.commit + ", built " + info.date + "\n" +          //
           "for " + info.system + ", instruction set " + info.level + "\n" +  //
           "compiler " + info.compiler + "\n" +                               //
           "GPL-3.0-or-later: free software, without any warranty (LICENSE)";
}

}  // namespace kroon::cli
