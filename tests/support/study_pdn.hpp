// A study in PDN, written by hand in the form Kroon writes: a comment before the first move,
// comments after moves, a variation inside a variation, a comment that opens a variation, move
// marks and a NAG. Read and written back, it must come out byte for byte the same.
#pragma once

namespace kroon::test {

inline constexpr const char* study_pdn =
    "[Event \"Study\"]\n"
    "[Site \"?\"]\n"
    "[Date \"2026.11.26\"]\n"
    "[Round \"?\"]\n"
    "[White \"A\"]\n"
    "[Black \"B\"]\n"
    "[Result \"*\"]\n"
    "[GameType \"20\"]\n"
    "[Annotator \"Kroon's tests\"]\n"
    "\n"
    "{An opening study} 1. 32-28 {good} 19-23 (1... 18-23 {also played} 2. 38-32\n"
    "(2. 37-32 13-18) 2... 12-18) 2. 28x19 $2 14x23 3. 37-32 10-14 ({or} 3... 9-14!?\n"
    "4. 31-27) 4. 41-37 *\n";

}  // namespace kroon::test
