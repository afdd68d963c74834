#!/usr/bin/env python3
"""unique_make_fixtures.py -- extract test positions for the unique-loop,
BUG and aligned-exclusion plugins from Sudoku Explainer's solving paths.

Replays every path of se-paths.txt (placements remove the value from the
20 peers; eliminations remove candidates) and, before each step taken by
one of those techniques, writes one line:

  <se name>\t<difficulty>\t<eliminations>\t<729-char candidate grid>

The grid has 9 characters per cell: the digit where it is a candidate,
'.' elsewhere; a filled cell is '=' and its value, then 7 dots.
usage: unique_make_fixtures.py se-paths.txt > unique_se_positions.txt
"""
import re, sys

FAMILIES = ("Unique ", "BUG ", "Aligned ")

def peers(c):
    r, k = divmod(c, 9)
    out = set()
    for x in range(81):
        rr, kk = divmod(x, 9)
        if x != c and (rr == r or kk == k or (rr // 3 == r // 3 and kk // 3 == k // 3)):
            out.add(x)
    return out

PEERS = [peers(c) for c in range(81)]

def start(puzzle):
    val = [int(ch) if ch in "123456789" else 0 for ch in puzzle[:81]]
    cand = [set() if v else set(range(1, 10)) for v in val]
    for c, v in enumerate(val):
        if v:
            for p in PEERS[c]:
                cand[p].discard(v)
    return val, cand

def cell(s):
    m = re.fullmatch(r"r(\d)c(\d)", s)
    return (int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1

def grid729(val, cand):
    out = []
    for c in range(81):
        if val[c]:
            out.append("=%d......." % val[c])
        else:
            out.append("".join(str(d) if d in cand[c] else "." for d in range(1, 10)))
    return "".join(out)

def main(path):
    val = cand = None
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("#"):
            val, cand = start(line[1:])
            continue
        f = line.split("\t")
        if len(f) < 5 or val is None:
            continue
        _, diff, name, place, elims = f[:5]
        if name.startswith(FAMILIES):
            print("%s\t%s\t%s\t%s" % (name, diff, elims, grid729(val, cand)))
        if elims != "-":
            for e in elims.split():
                c, d = e.split("<>")
                cand[cell(c)].discard(int(d))
        if place != "-":
            c, d = place.split("=")
            c, d = cell(c), int(d)
            val[c] = d
            cand[c] = set()
            for p in PEERS[c]:
                cand[p].discard(d)

if __name__ == "__main__":
    main(sys.argv[1])
