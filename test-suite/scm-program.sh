#!/bin/sh
# scm-program.sh -- the scm program as a person uses it: through a pipe,
# on a file, with bad input, and (when tmux is installed) at a terminal
# with readline (TAP).
# SPDX-License-Identifier: GPL-3.0-or-later
: "${top_builddir:=.}"
scm="$top_builddir/scm"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-program.$$
mkdir -p "$tmp"
trap 'tmux kill-session -t scmtest$$ 2>/dev/null; rm -rf "$tmp"' EXIT

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

out=$(printf "(a . (b c)) #(1 \"x\\\\n\") 'q |sym bol| #\\\\x3bb\n" | "$scm" 2>&1; echo "status $?")
check "a pipe: each datum written back, no prompt" "(a b c)
#(1 \"x\\n\")
'q
|sym bol|
#\\λ
status 0" "$out"

out=$(printf '#0=(1 . #0#) #;(skipped) 1.5e3 #!fold-case ABC' | "$scm" 2>&1; echo "status $?")
check "labels, datum comments, numbers, fold-case" "#0=(1 . #0#)
1500.0
abc
status 0" "$out"

out=$(printf '(1 2' | "$scm" 2>&1; echo "status $?")
check "an unterminated list: position and status 1" \
"scm: <stdin>:1:5: unterminated list: end of file before its \`)' (the list starts at 1:1)
status 1" "$out"

printf '(define x 1)\n(oops . )\n' > "$tmp/bad.scm"
out=$("$scm" "$tmp/bad.scm" 2>&1; echo "status $?")
check "a malformed datum in a file names file:line:column" "(define x 1)
scm: $tmp/bad.scm:2:9: \`.' in a bad place: no datum after it before \`)' (the list starts at 2:1)
status 1" "$(printf '%s\n' "$out" | head -3)"

out=$("$scm" "$tmp/missing.scm" 2>&1; echo "status $?")
check "a file that cannot be opened: a clear error, status 1" \
"scm: open-input-file: No such file or directory: \"$tmp/missing.scm\"
status 1" "$out"

out=$("$scm" --version; echo "status $?")
check "--version" "scm (libscm) $("$scm" --version | sed 's/.* //')
status 0" "$out"
out=$("$scm" --help | head -1)
check "--help" "Usage: scm [OPTION]... [FILE]" "$out"
out=$("$scm" --bogus 2>&1; echo "status $?")
check "an unknown option: status 2" "scm: unknown option '--bogus'
Try 'scm --help' for more information.
status 2" "$out"

out=$("$scm" --gc-divisor=0 2>&1; echo "status $?")
check "a bad --gc-divisor: a clear error, status 2" \
"scm: --gc-divisor wants a whole number from 1 to 1000, not '0'
status 2" "$out"
out=$(echo '(1 . (2))' | "$scm" --gc-divisor=9 --gc-generational 2>&1; echo "status $?")
check "GC options before the input" "(1 2)
status 0" "$out"

# At a terminal: readline, a datum over two lines, history kept.
if command -v tmux >/dev/null 2>&1; then
  s=scmtest$$
  HOME="$tmp" tmux new-session -d -s $s -x 100 -y 20 "env HOME='$tmp' $scm"
  sleep 0.5
  tmux send-keys -t $s '(a b' Enter
  sleep 0.3
  tmux send-keys -t $s ' c)' Enter
  sleep 0.3
  tmux send-keys -t $s '#(1 2)' Enter
  sleep 0.3
  screen=$(tmux capture-pane -p -t $s | sed '/^$/d')
  tmux send-keys -t $s C-d
  sleep 0.5
  check "readline: prompts, a continuation line, results" "scm> (a b
...>  c)
(a b c)
scm> #(1 2)
#(1 2)
scm>" "$screen"
  check "readline: history in ~/.scm_history" "(a b
 c)
#(1 2)" "$(cat "$tmp/.scm_history" 2>/dev/null)"
else
  n=$((n + 1)); echo "ok $n # SKIP tmux is not installed"
fi

echo "1..$n"
[ "$fails" = 0 ]
