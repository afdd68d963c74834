#!/usr/bin/env python3
"""unique_se_oracle_select.py -- pick the lines of unique_se_oracle.txt from
the output of unique_se_oracle.java: for each technique and each distinct
hint name and difficulty SE gave, the first two positions (fifteen for the
aligned exclusions), plus thirty random positions where none of the four
techniques finds anything.  usage: unique_se_oracle_select.py all.txt"""
import sys, random
lines = [l.rstrip("\n") for l in open(sys.argv[1]) if l.count("\t") == 4]
random.seed(12345)
chosen, seen_pos = [], set()
per = {}
for l in lines:
    f = l.split("\t")
    if f[0] in seen_pos: continue
    for t in range(4):
        if f[t+1] == "-": continue
        key = (t, "|".join(f[t+1].split("|")[:2]))
        if per.get(key, 0) < (15 if t >= 2 else 2):
            per[key] = per.get(key, 0) + 1
            chosen.append(l); seen_pos.add(f[0]); break
neg = [l for l in lines if all(x == "-" for x in l.split("\t")[1:]) and l.split("\t")[0] not in seen_pos]
random.shuffle(neg)
# also some positions where only APE/ATE fire, and positions with many empty cells
chosen += neg[:30]
print("\n".join(chosen))
sys.stderr.write("%d lines, %d classes\n" % (len(chosen), len(per)))
