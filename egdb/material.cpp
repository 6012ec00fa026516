#include "egdb/material.hpp"

#include <algorithm>

namespace kroon::egdb {

std::string Material::name() const {
    return "wm" + std::to_string(white_men) + "wk" + std::to_string(white_kings) + "bm" + std::to_string(black_men) +
           "bk" + std::to_string(black_kings);
}

std::vector<Material> slices_up_to(int pieces) {
    std::vector<Material> slices;
    for (int total = 2; total <= pieces; ++total)
        for (int wm = 0; wm <= total; ++wm)
            for (int wk = 0; wm + wk <= total; ++wk)
                for (int bm = 0; wm + wk + bm <= total; ++bm) {
                    const Material m{wm, wk, bm, total - wm - wk - bm};
                    if (m.white() > 0 && m.black() > 0) slices.push_back(m);
                }
    std::stable_sort(slices.begin(), slices.end(), [](const Material& a, const Material& b) {
        return a.pieces() != b.pieces() ? a.pieces() < b.pieces() : a.men() < b.men();
    });
    return slices;
}

}  // namespace kroon::egdb
