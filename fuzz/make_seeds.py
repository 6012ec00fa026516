#!/usr/bin/env python3
"""Writes the small seed inputs of the fuzz targets into fuzz/corpus/<target>/ (docs/robustness.md).

Each seed is a valid or nearly valid input taken from the test data, so that fuzzing starts
from the formats' real shapes. Run from the repository root; the files are committed.
"""
import hashlib
import os
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "fuzz", "corpus")

INTERNATIONAL, FRISIAN, ENGLISH, RUSSIAN, KILLER, ANTIDRAUGHTS = 0, 1, 2, 4, 12, 14
PDN, HUB, ANY = 0, 1, 2


def write(target, name, data):
    os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("latin-1")
    with open(os.path.join(CORPUS, target, name), "wb") as f:
        f.write(data)


def fen_seeds():
    fens = [
        (INTERNATIONAL, "W:W31-50:B1-20"),
        (INTERNATIONAL, "B:W32,K45,28:BK3,12,17-19"),
        (INTERNATIONAL, "W:W32:B27,17"),
        (INTERNATIONAL, '"W:WK46:B5,K1.H0:F12"'),
        (FRISIAN, "W:W31-50:B1-20"),
        (ENGLISH, "B:W21-32:B1-12"),
        (ENGLISH, "W:Wc3,e3,K14:Bb6,f6"),
        (RUSSIAN, "W:Wa1,c1,e1,g1:Bb8,d8"),
        (KILLER, "W:W31,32,33:B18,19,K20"),
        (ANTIDRAUGHTS, "B:W50:B1"),
    ]
    for i, (variant, fen) in enumerate(fens):
        write("fen", "fen%02d" % i, bytes([variant]) + fen.encode())


def move_text_seeds():
    cases = [
        (INTERNATIONAL, PDN, "", "32-28"),
        (INTERNATIONAL, ANY, "", "1. 34-29!"),
        (INTERNATIONAL, HUB, "W:W32:B27,17\n", "32x12x27x17"),
        (INTERNATIONAL, PDN, "W:W32:B27,17\n", "32x12"),
        (INTERNATIONAL, PDN, "W:WK46:B41,37,28,19\n", "46x14"),
        (INTERNATIONAL, PDN, "W:WK46:B41,37,28,19\n", "46x32x23x14"),
        (FRISIAN, ANY, "W:W28:B23,K22\n", "28x19"),
        (ENGLISH, PDN, "", "11-15"),
        (ENGLISH, PDN, "", "c3-d4"),
        (RUSSIAN, ANY, "", "c3:d4"),
    ]
    for i, (variant, syntax, fen, text) in enumerate(cases):
        write("move_text", "move%02d" % i, bytes([variant, syntax]) + (fen + text).encode())


def pdn_seeds():
    write("pdn", "game", '[Event "seed"]\n[White "a"]\n[Black "b"]\n[Result "2-0"]\n\n'
          "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 {a comment} 10-14 (3... 9-14 4. 34-30) 4. 41-37 2-0\n")
    write("pdn", "two_games", '[Event "one"]\n1. 32-28 19-23 *\n\n[Event "two"]\n[FEN "W:W32:B27,17"]\n'
          "1. 32x12 2-0\n")
    write("pdn", "english", '[GameType "21"]\n[Result "1-0"]\n1. 11-15 23-19 2. 8-11 22-17 1-0\n')
    write("pdn", "variant_tag", '[Variant "killer"]\n[GameType "20"]\n1. 32-28 *\n')
    write("pdn", "russian", '[GameType "25"]\n1. c3-d4 f6-g5 2. g3-f4 *\n')
    write("pdn", "broken", '[Event "x"\n1. 32-28 19-23 28x19 (((\n{ never closed\n% line\n; comment\n1-0\n')


def hub_seeds():
    with open(os.path.join(ROOT, "tests", "protocol", "golden", "hub_session.in"), "rb") as f:
        write("hub", "golden_session", f.read())
    write("hub", "positions", "hub\nset-param name=variant value=frisian\npos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeee"
          'wwwwwwwwwwwwwwwwwwww moves="32-28 19-23"\nlevel time=10 inc=0.5 moves=40\nping\nquit\n')
    write("hub", "english", "set-param name=variant value=english\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\n"
          'pos start moves="11-15 23-19"\nlevel move-time=0.5\n')
    write("hub", "bad", 'pos moves="32-28\nlevel depth=99999999999\nset-param name=threads value=x\n\x00\x1b[2J\n')


def dxp_messages():
    return [
        "R01TestInit 0.1                    W001000BWeeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee",
        "AScan 3.1                        0",
        "M00003212021727",
        "E10",
        "R01TestInit 0.1                    Z001075A",
        "M0001322800",
        "CHello from the initiator",
        "B001W",
        "K0",
        "E01",
        "M001205250422122320",
    ]


def dxp_message_seeds():
    for i, text in enumerate(dxp_messages()):
        write("dxp_message", "msg%02d" % i, text)


def dxp_session_seeds():
    name = "TestInit 0.1".ljust(32)
    engine, timeout, disconnect, takeback = "\x01", "\x02", "\x03", "\x05"
    # Follower playing Black: the initiator opens, we answer, a take-back, the game ends.
    follower = ["R01" + name + "Z001000A", "M0001322800", engine, "M0000282200", engine, "B001W", takeback,
                timeout, "CHi", "E00"]
    write("dxp_session", "follower", bytes([0]) + "\0".join(follower).encode())
    # Initiator: our request is accepted, we move first (follower is Black), a MOVE comes back.
    initiator = ["AScan 3.1".ljust(33) + "0", engine, "M0000192300", engine, timeout, timeout, "E10", "E00"]
    write("dxp_session", "initiator", bytes([0x13]) + "\0".join(initiator).encode())
    # A position request with a capture, an illegal move, junk.
    board = "eeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee"
    odd = ["R01" + name + "Z001000BW" + board, engine, "M00003212021727", "junk", timeout, disconnect]
    write("dxp_session", "position", bytes([2]) + "\0".join(odd).encode())


def weights_seeds():
    # Headers only: the full files (eval/weights/*.kw) are added as seeds by fuzz/CMakeLists.txt.
    def header(variant, windows, payload):
        name = variant.encode().ljust(16, b"\0")
        return (b"KROONEVW" + struct.pack("<H", 1) + name + struct.pack("<HHII", windows, 4, 6561, payload)
                + struct.pack("<Q", 0))
    write("weights", "header_english", header("english", 9, 0))
    write("weights", "header_international", header("international", 16, 4))
    write("weights", "short", b"KROONEVW\x01\x00")


def web_session_seeds():
    # One JSON message per line (docs/web.md, The WebSocket protocol); `timer` fires the clock.
    games = {
        "game": ['{"type":"level","level":{"kind":"depth","depth":1}}', '{"type":"move","move":"32-28"}',
                 '{"type":"move","move":"34-29","ply":1}', '{"type":"takeback"}', '{"type":"goto","ply":0}',
                 '{"type":"save_pdn"}', '{"type":"state"}'],
        "analysis": ['{"type":"new","variant":"frisian","kroon":"none","level":{"kind":"depth","depth":2}}',
                     '{"type":"analyse"}', '{"type":"stop"}', '{"type":"hint","seconds":0.05}',
                     '{"type":"review","seconds":0.05}', '{"type":"draw"}', '{"type":"resign"}'],
        "setup": ['{"type":"new","variant":"english","fen":"[FEN \\"W:Wc3,e3,K14:Bb6,f6\\"]","kroon":"black",'
                  '"level":{"kind":"clock","control":"1m+1"}}', 'timer', '{"type":"move","move":"c3-d4"}',
                  '{"type":"play","kroon":"white"}', '{"type":"level","level":{"kind":"time","seconds":0.05}}',
                  '{"type":"save_pdn"}'],
        "pdn": ['{"type":"load_pdn","text":"[Event \\"x\\"]\\n1. 32-28 19-23 2. 28x19 14x23 1-1\\n"}',
                '{"type":"open_game","index":0}', '{"type":"goto","ply":2}', '{"type":"move","move":"33-28"}',
                '{"type":"save_pdn"}'],
        "bad": ['{"type":"move"}', '[1,2]', '{"type":"nothing"}', '{"type":"level","level":{"kind":"depth","depth":99}}',
                '{"type":"goto","ply":-1}', '{"type":"new","fen":"W:W:B"}', '{"type":', '{"type":"stop"}'],
    }
    # A review of a 40-ply game, a variation at ply 3 shown while the review runs (`wait` waits
    # for a search's answer); a restore with tag names PDN cannot hold; Kroon asked to play
    # during a hint.
    forty = ["31-26", "17-22", "37-31", "11-17", "34-30", "7-11", "30-25", "19-23", "42-37", "14-19",
             "25x14", "9x20", "47-42", "20-25", "40-34", "2-7", "44-40", "15-20", "49-44", "4-9",
             "32-27", "9-14", "34-29", "23x34", "40x29", "10-15", "37-32", "5-10", "45-40", "19-23",
             "50-45", "23x34", "39x30", "25x34", "40x29", "14-19", "41-37", "10-14", "44-40", "19-23"]
    start = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
    restore = '{"type":"restore","variant":"international","fen":"%s","moves":[%s],"kroon":"none"}' % (
        start, ",".join('"%s"' % m for m in forty))
    games["review-goto-node"] = [restore, '{"type":"move","move":"16-21","ply":3}', '{"type":"goto","node":40}',
                                 '{"type":"review","seconds":0.05}', "wait", "wait", "wait", "wait",
                                 '{"type":"goto","node":41}', "wait", '{"type":"state"}']
    games["restore-tags"] = [
        '{"type":"restore","variant":"international","fen":"%s","moves":["32-28"],"kroon":"none",'
        '"tags":[{"name":"White \\"x\\"]\\n\\n1. 35-30 *\\n\\n[Black","value":"y"}]}' % start,
        '{"type":"restore","variant":"international","fen":"%s","moves":["32-28"],"kroon":"none",'
        '"tags":[{"name":"","value":"y"},{"name":"two words","value":"z"}]}' % start,
        '{"type":"restore","variant":"international","fen":"%s","moves":["32-28"],"kroon":"none",'
        '"tags":[{"name":"Event","value":"a \\"b\\" ]\\n"}]}' % start,
        '{"type":"save_pdn"}']
    games["play-during-hint"] = ['{"type":"new","kroon":"none"}', '{"type":"hint","seconds":0.05}',
                                 '{"type":"play","kroon":"white"}', "wait", "wait", '{"type":"state"}']
    for name, lines in games.items():
        write("web_session", name, "\n".join(lines) + "\n")


if __name__ == "__main__":
    fen_seeds()
    move_text_seeds()
    pdn_seeds()
    hub_seeds()
    dxp_message_seeds()
    dxp_session_seeds()
    weights_seeds()
    web_session_seeds()
