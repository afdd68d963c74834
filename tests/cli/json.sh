# json.sh -- --format json of rate, explain, analyze and hints
# (doc/json.md): every line parses as one JSON object, also for puzzles
# whose text holds quotes, backslashes, control bytes and bytes that are
# not UTF-8, and the values are those of the text output.
. "$(dirname "$0")/lib.sh"
sample=$SRC/tools/sample-puzzles.txt
if ! command -v python3 >/dev/null 2>&1; then
  echo "json.sh: python3 not installed, JSON output not checked (apt-get install python3)"
  exit 0
fi
P1=$(head -1 "$sample")
{
  head -6 "$sample"
  printf '%s "q" \\ \t\001 \377\376 \303\251 end\n' "$P1"       # 7: hostile text after it
  echo "12345"                                                  # 8: malformed
  echo "12345678.........9..............................................................."  # 9
  echo "................................................................................."  # 10
} >"$T/in.txt"

# check.py KIND FILE TEXTFILE: each line one object, in order, with the
# common members; then KIND's own checks against the text output
cat >"$T/check.py" <<'EOF'
import json, sys
kind, path, text = sys.argv[1], sys.argv[2], sys.argv[3]
raw = open(path, 'rb').read().decode('utf-8')        # valid UTF-8, or this raises
recs = [json.loads(l) for l in raw.split('\n') if l != '']
assert len(recs) == 10, "%d records" % len(recs)
for i, r in enumerate(recs, 1):
    assert r['index'] == i and r['line'] == i and r['source'].endswith('in.txt'), r
    assert isinstance(r['puzzle'], str)
assert recs[6]['puzzle'].endswith(' "q" \\ \t\u0001 \ufffd\ufffd \u00e9 end'), repr(recs[6]['puzzle'])
want = {8: 'malformed', 9: 'no solution', 10: 'several solutions'}
for i, why in want.items():
    if kind == 'hints' and why != 'malformed':
        continue
    assert recs[i - 1].get('invalid') == why, (i, recs[i - 1])
lines = open(text, encoding='utf-8', errors='replace').read().split('\n')
if kind == 'rate':
    for r, l in zip(recs[:7], lines):
        assert l.endswith(' ED=%.1f/%.1f/%.1f' % (r['er'], r['ep'], r['ed'])), (r, l)
        assert r['stuck'] is False and r['seconds'] >= 0
elif kind == 'explain':
    blocks = [b for b in open(text, errors='replace').read().split('\n\n') if b.strip()]
    for r, b in zip(recs[:7], blocks):
        steps = [l for l in b.split('\n') if l and not l.startswith('#') and not l.startswith('ER/')]
        assert [s['description'] for s in r['steps']] == steps, r['index']
        assert b.split('\n')[-1] == 'ER/EP/ED = %.1f/%.1f/%.1f' % (r['er'], r['ep'], r['ed'])
        assert r['end'] == 'solved'
        for s in r['steps']:
            assert s['description'].startswith('%.1f %s: ' % (s['difficulty'], s['name']))
            assert ('cell' in s) == ('digit' in s)
elif kind == 'analyze':
    for r, l in zip(recs[:7], lines):
        f = dict(kv.split('=', 1) for kv in l.split(' ')[1:])
        for k, v in f.items():
            j = r[k]
            if v in ('-', '?'): assert j is None, (k, v, j)
            elif k == 'minimal': assert j is (v == 'yes'), (k, v, j)
            elif isinstance(j, (int, float)) and not isinstance(j, bool): assert float(v) == j, (k, v, j)
            else: assert j == v, (k, v, j)
elif kind == 'hints':
    blocks = open(text, errors='replace').read().split('# ')[1:]
    for r, b in zip(recs[:7], blocks):
        n = len([l for l in b.split('\n')[1:] if l])
        assert len(r['hints']) == n, (r['index'], len(r['hints']), n)
        for h in r['hints']:
            assert isinstance(h['difficulty'], float) and h['id'] and h['name'] and h['text']
print("ok")
EOF
for c in rate explain analyze hints; do
  extra=""
  [ $c = hints ] && extra="--technique naked-single,hidden-pair,x-wing,pointing"
  # shellcheck disable=SC2086
  "$SUDOKIT" $c $extra -i "$T/in.txt" >"$T/text" 2>/dev/null
  # shellcheck disable=SC2086
  "$SUDOKIT" $c $extra --format json -i "$T/in.txt" >"$T/json" 2>"$T/err"
  [ $? = 1 ] && ok || bad "$c --format json on bad puzzles should exit 1"
  python3 "$T/check.py" $c "$T/json" "$T/text" >"$T/py" 2>&1 && ok || bad "$c --format json: $(tail -3 "$T/py")"
  python3 -m json.tool --json-lines "$T/json" >/dev/null 2>&1 && ok || bad "$c: json.tool rejects the output"
  # -j keeps the order
  # shellcheck disable=SC2086
  "$SUDOKIT" $c $extra --format json -j 2 -i "$T/in.txt" 2>/dev/null | sed 's/"seconds":[0-9.e+-]*//' >"$T/j2"
  sed 's/"seconds":[0-9.e+-]*//' "$T/json" >"$T/j1"
  [ $c = hints ] || expect_same "$T/j2" "$T/j1" "$c --format json -j 2"
done
# explain: a stuck path and --verify's stops say so
expect_status 0 "$SUDOKIT" explain --format json --pearl -i "$sample"
python3 -c '
import json, sys
ends = set(json.loads(l)["end"] for l in open(sys.argv[1]))
assert ends <= {"solved", "not a pearl"} and "not a pearl" in ends, ends
' "$T/out" && ok || bad "explain --pearl --format json: $(head -c 300 "$T/out")"
# rate --budget: over_budget and budget, no ratings
# the reference set's hardest puzzle (ER 11.1, about 0.1 s), well over any budget below
hard=$(awk -F"\t" 'NR > 1 && $2 > m { m = $2; p = $1 } END { print p }' "$SRC/tests/data/se/se-ratings.tsv")
expect_status 1 "$SUDOKIT" rate --format json --budget 0.001 "$hard"
python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read())
assert r["over_budget"] is True and r["budget"] == 0.001 and "er" not in r, r
' "$T/out" && ok || bad "rate --budget --format json: $(cat "$T/out")"
# usage errors
expect_status 2 "$SUDOKIT" rate --format json --header -i "$sample"
expect_status 2 "$SUDOKIT" rate --format json --policy se -i "$sample"
expect_status 2 "$SUDOKIT" explain --format csv -i "$sample"
expect_status 2 "$SUDOKIT" analyze --format xml -i "$sample"
expect_status 2 "$SUDOKIT" analyze --csv --format json -i "$sample"
expect_status 2 "$SUDOKIT" hints --format yaml "$P1"
finish
