#!/usr/bin/env python3
"""Endgame starting positions for `kroon match --openings`, taken from Kroon's own games.

Reads a training data file of `kroon selfplay` (format: docs/evaluation.md, Training data
files: quiet positions only, so none has a capture for the side to move) and writes, per
game, the first position with MIN..MAX pieces on the board where the two sides' piece
counts differ by at most MAX_DIFFERENCE, as a FEN line of the file's variant (named on
standard error). A game starts where the number of pieces goes up. Duplicates are written
once. docs/egdb.md, What they are worth, has the command lines.

usage: scripts/endgame_openings.py DATA.kpos [MIN MAX MAX_DIFFERENCE] > endgames.fen
"""
import struct
import sys

HEADER = 32
RECORD = 24


def squares(bits):
    return [s + 1 for s in range(50) if bits >> s & 1]


def fen(white, black, kings, black_to_move):
    def side(letter, pieces):
        return letter + ",".join(("K" if kings >> (s - 1) & 1 else "") + str(s) for s in squares(pieces))

    return ("B" if black_to_move else "W") + ":" + side("W", white) + ":" + side("B", black)


def main(argv):
    if len(argv) not in (2, 5):
        sys.exit(__doc__)
    low, high, max_difference = (int(a) for a in argv[2:5]) if len(argv) == 5 else (6, 10, 1)
    data = open(argv[1], "rb").read()
    if data[:8] != b"KROONPOS" or (len(data) - HEADER) % RECORD:
        sys.exit(argv[1] + ": not a Kroon training data file")
    # Every board numbers its squares from 1, and a FEN names squares by number, so the lines
    # suit the file's variant (`kroon match --variant V --openings`).
    print(argv[1] + ": " + data[12:28].rstrip(b"\0").decode("ascii", "replace"), file=sys.stderr)
    seen = set()
    previous = 99
    taken = True
    for at in range(HEADER, len(data), RECORD):
        white = int.from_bytes(data[at:at + 7], "little")
        black = int.from_bytes(data[at + 7:at + 14], "little")
        kings = int.from_bytes(data[at + 14:at + 21], "little")
        black_to_move = data[at + 21] & 1
        w, b = bin(white).count("1"), bin(black).count("1")
        if w + b > previous:
            taken = False  # a new game
        previous = w + b
        if taken or not low <= w + b <= high or abs(w - b) > max_difference:
            continue
        taken = True
        line = fen(white, black, kings, black_to_move)
        if line not in seen:
            seen.add(line)
            print(line)


if __name__ == "__main__":
    main(sys.argv)
