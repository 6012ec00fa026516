// Published perft counts for the other variants (docs/variants.md, Verification; unique counts:
// identical captures by different paths counted once; for Russian, distinct resulting
// positions). Sources per line; dctl = rhalbersma/dctl test tables.
#pragma once

#include "tests/engine/variant_test_support.hpp"

namespace kroon::test {

inline const std::vector<PerftCase>& variant_perft_cases() {
    static const std::vector<PerftCase> cases = {
        // Brazilian: shashki + DF2822 + dctl (unique column dctl, pyd to d6).
        {"BrazilianStart",
         Variant::Brazilian,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766, 21560022, 105491257, 511882477}},
        {"BrazilianKingRing", Variant::Brazilian, "W:WK26,30:B5,14,15,22,23", {2, 2, 18, 34, 303, 416}},
        // Russian: shashki, dctl, pyd; unique counts to d9 (beyond that the sources disagree).
        {"RussianStart", Variant::Russian, "W:W21-32:B1-12", {7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586}},
        {"RussianPassingPromotion",
         Variant::Russian,
         "B:B1,3,4,5,6,7,8,10,11,12,13,14:W17,18,19,22,24,25,26,27,28,29,31,32",
         {4, 31, 138, 692, 3329, 16126}},
        {"RussianKingRing", Variant::Russian, "W:WK26,30:B5,14,15,22,23", {2, 2, 18, 34, 303, 416}},
        // Pool, Czech, Spanish, Italian, Thai (12-men start): dctl / DF2822.
        {"PoolStart",
         Variant::Pool,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7482, 37986, 190146, 929896, 4570534, 22435955, 110833952, 544005148}},
        {"CzechStart",
         Variant::Czech,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963671, 18368918, 84967210, 386262109}},
        {"SpanishStart",
         Variant::Spanish,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860866, 17743464, 81383200, 365728331}},
        {"ItalianStart",
         Variant::Italian,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7361, 36473, 177532, 828783, 3860875, 17761384, 81647058, 367911475}},
        {"ThaiTwelveMen",
         Variant::Thai,
         "W:W21-32:B1-12",
         {7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648, 18363523, 84892793, 385713660}},
        // Thai real 8-men start: local-dctl only (unconfirmed by a second program).
        {"ThaiStart",
         Variant::Thai,
         "W:W25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8",
         {7, 49, 392, 3136, 26592, 218695, 1820189, 14533014}},
        // Ed Gilbert's Italian positions (with-duplicates counts; no duplicates at these depths).
        {"ItalianGilbert2",
         Variant::Italian,
         "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
         {6, 47, 271, 1916, 10810, 73137, 389809, 2469050}},
        {"ItalianGilbert3",
         Variant::Italian,
         "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
         {13, 112, 828, 6756, 46241, 368908, 2468110}},
        {"ItalianGilbert1",
         Variant::Italian,
         "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
         {5, 13, 42, 107, 360, 1099, 3736, 12495, 43686}},
    };
    return cases;
}

}  // namespace kroon::test
