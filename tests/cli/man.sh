# man.sh -- the manual page (doc/sudokit.1) and the shell completions
# (tools/completion/) against the CLI itself: every option the CLI's sources
# accept is in the man page and in both completions, each command's section
# names every option its --help lists, `sudokit help CMD` prints that
# command's usage, and the page renders without warnings.
. "$(dirname "$0")/lib.sh"
MAN=$SRC/doc/sudokit.1
BASHC=$SRC/tools/completion/sudokit.bash
ZSHC=$SRC/tools/completion/_sudokit
# the page as plain words: roff's \- is -, font changes go
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$MAN" > "$T/man.txt"
has_opt() {   # has_opt OPTION FILE: OPTION as a whole word
  grep -Eq -- "(^|[^a-zA-Z0-9_-])$1(\$|[^a-zA-Z0-9_-])" "$2"
}
# the options the CLI accepts: the option literals of its parsers
grep -ohE '"--?[a-zA-Z][a-zA-Z0-9-]*"' "$SRC"/tools/*.c | tr -d '"' | sort -u > "$T/opts"
[ "$(wc -l < "$T/opts")" -gt 40 ] && ok || bad "found only $(wc -l < "$T/opts") options in tools/*.c"
while read -r o; do
  has_opt "$o" "$T/man.txt" && ok || bad "option $o is not in doc/sudokit.1"
  has_opt "$o" "$BASHC" && ok || bad "option $o is not in the bash completion"
  has_opt "$o" "$ZSHC" && ok || bad "option $o is not in the zsh completion"
done < "$T/opts"

# each command's section names the options of its --help
section() {   # the text of the .SS section of "sudokit CMD"
  awk -v c="$1" '/^\.S[SH] /{ on = index($0, "\"sudokit " c " ") == 5 || index($0, "\"sudokit " c "\"") == 5 } on' "$T/man.txt"
}
for c in solve count rate explain techniques hints reglib grids generate run analyze; do
  section "$c" > "$T/sec"
  [ -s "$T/sec" ] && ok || { bad "no section for $c in the man page"; continue; }
  expect_status 0 "$SUDOKIT" "$c" --help
  cp "$T/out" "$T/usage"
  grep -oE "(^|[][ ,(|'])--?[a-zA-Z][a-zA-Z0-9-]*" "$T/usage" | sed -E "s/^[][ ,(|']//" | sort -u > "$T/hopts"
  while read -r o; do
    has_opt "$o" "$T/sec" && ok || bad "$c --help lists $o, its man section does not"
  done < "$T/hopts"
  # sudokit help CMD is the command's own usage
  expect_status 0 "$SUDOKIT" help "$c"
  expect_same "$T/usage" "$T/out" "sudokit help $c"
done
expect_status 0 "$SUDOKIT" generate --er 1 --help
grep -oE "(^|[][ ,(|'])--?[a-zA-Z][a-zA-Z0-9-]*" "$T/out" | sed -E "s/^[][ ,(|']//" | sort -u > "$T/hopts"
section generate > "$T/sec"
while read -r o; do has_opt "$o" "$T/sec" && ok || bad "generate's targets list $o, its section does not"; done < "$T/hopts"
expect_status 0 "$SUDOKIT" help -c
expect_grep "sudoku.txt" "$T/out" "sudokit help -c"
expect_status 0 "$SUDOKIT" help
expect_grep "^commands:" "$T/out" "sudokit help"
expect_status 2 "$SUDOKIT" help no-such-command
expect_grep "unknown command 'no-such-command'" "$T/err"

# the page renders, without warnings, and man finds it
if command -v groff >/dev/null; then
  groff -man -ww -z "$MAN" 2>"$T/groff" && [ ! -s "$T/groff" ] && ok || bad "groff warns: $(head -5 "$T/groff")"
fi
if command -v man >/dev/null; then
  MANWIDTH=80 man -l "$MAN" > "$T/rendered" 2>"$T/err" && grep -q "sudokit generate" "$T/rendered" && ok ||
    bad "man -l failed: $(head -3 "$T/err")"
fi
if command -v bash >/dev/null; then
  bash -c ". '$BASHC'; COMP_WORDS=(sudokit rate --ta); COMP_CWORD=2; _sudokit; echo \"\${COMPREPLY[*]}\"" > "$T/c" 2>&1
  [ "$(cat "$T/c")" = "--table" ] && ok || bad "bash completion of 'rate --ta': $(cat "$T/c")"
  bash -c ". '$BASHC'; COMP_WORDS=(sudokit ana); COMP_CWORD=1; _sudokit; echo \"\${COMPREPLY[*]}\"" > "$T/c" 2>&1
  [ "$(cat "$T/c")" = "analyze" ] && ok || bad "bash completion of 'ana': $(cat "$T/c")"
fi
if command -v zsh >/dev/null; then
  zsh -n "$ZSHC" && ok || bad "zsh completion does not parse"
fi
finish
