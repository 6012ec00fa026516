// `kroon dxp`: play DXP matches over TCP, listening or connecting, as Initiator or Follower.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace kroon::dxp {

int run_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kroon::dxp
