#!/bin/sh
# scm-program.sh -- the scm program as a person uses it: the REPL through
# a pipe, scripts, -c -s -l -L, the options, and (when tmux is
# installed) the REPL at a terminal with readline (TAP).
# SPDX-License-Identifier: GPL-3.0-or-later
: "${top_builddir:=.}"
scm="$top_builddir/scm"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-program.$$
mkdir -p "$tmp"
s=scmtest$$
trap 'tmux kill-session -t $s 2>/dev/null; tmux kill-session -t ${s}k 2>/dev/null; rm -rf "$tmp"' EXIT
# The docstrings of this build, whatever is installed.
SCM_DOC_FILE="$top_builddir/libscm/libscm.doc"
export SCM_DOC_FILE

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

# pipe INPUT [ARGS...]: run scm on INPUT; stdout, then "status N".
# Standard error goes to $tmp/err.
pipe () {
  input=$1; shift
  printf '%s' "$input" | "$scm" "$@" 2> "$tmp/err"
  echo "status $?"
}
# run ARGS...: the same with no input.
run () {
  "$scm" "$@" < /dev/null 2> "$tmp/err"
  echo "status $?"
}
err () { cat "$tmp/err"; }

# ------------------------------------------------------------------
# The REPL through a pipe: values only, no prompt, no banner.

check "a pipe: (+ 1 2) prints 3" "3
status 0" "$(pipe '(+ 1 2)
')"
check "a pipe: nothing on standard error" "" "$(err)"

check "several data on a line, one over two lines" "1
\"two\"
#\\3
(a b)
12" "$(pipe "1 \"two\" #\\3 '(a
b) (* 3
4)" | sed '$d')"

check "multiple values, one a line; none and unspecified print nothing" \
"1
2
(3)
ok
status 0" "$(pipe "(values 1 2 '(3)) (values) (if #f #f) (newline) 'ok" |
  sed '/^$/d')"

check "an error, then later definitions still work (status 1)" "2
3
status 1" "$(pipe "(define x 1)
(car '())
(define y (+ x 1))
y
(+ x y)
")"
check "the error on standard error: where, what, a short backtrace" \
"<stdin>:2:1: car: wrong type argument in position 1 (expected pair): ()
Backtrace (innermost first):
  0 <anonymous> at <stdin>:2:1" "$(err)"

check "definitions made before an error are kept" "10
status 1" "$(pipe "(define (f) (error \"boom\" 1))
(define z 10)
(f)
z
")"

check "a malformed datum: reported, the rest of its line dropped, then on" \
"ok
status 1" "$(pipe "(oops . ) 'skipped
'ok
")"
check "the read error names <stdin>:line:column" \
"<stdin>:1:9: \`.' in a bad place: no datum after it before \`)' (the list starts at 1:1)" \
"$(err)"

check "input ending inside a datum: an error, status 1" "status 1" \
"$(pipe '(+ 1 2')"
check "... that names where the list starts" \
"<stdin>:1:7: unterminated list: end of file before its \`)' (the list starts at 1:1)" \
"$(err)"

check "(exit 3) ends the loop with status 3" "ab
status 3" "$(pipe '(display "a") (display "b") (newline) (exit 3) (display "c")')"
check "(exit) from the loop: status 0" "status 0" "$(pipe '(car 1) (exit)')"
check "the end of input: status 0" "status 0" "$(pipe '(define q 1)')"

check "a pipe: a later top-level evaluation resumes an earlier one's continuation" \
"2
11
status 0" "$(pipe '(define k #f)
(+ 1 (call/cc (lambda (c) (set! k c) 1)))
(k 10)
')"

# ------------------------------------------------------------------
# Meta-commands through the pipe.

check ",help: the list, with aliases" "Meta-commands, at the start of an input (a name, then its aliases):
  ,help ,h ,?             this list
  ,quit ,q                leave the loop (as Ctrl-D does), or leave a debug
                          level" "$(pipe ',help' | head -4)"
check ",help lists every command" "help quit time gc describe apropos expand disassemble load import module reload pp trace profile backtrace up down frame locals error break step next continue unbreak breakpoints" \
  "$(pipe ',help' | sed -n 's/^  ,\([a-z]*\).*/\1/p' | tr '\n' ' ' | sed 's/ $//')"
check ",q leaves, status 0" "1
status 0" "$(pipe '1
,q
2
')"
check ",quit too" "status 0" "$(pipe ',quit
(car 1)')"
check ",describe a primitive" \
" -- Scheme Procedure: vector-fill! vec fill [start] [end]
     Store FILL in elements START to END of
     VEC.
     Exported by (scheme base), (scheme r5rs), (srfi 43) and (srfi 133).
status 0" "$(pipe ',describe vector-fill!
')"
check ",describe an unbound name" \
"describe: no-such-thing is not bound here" \
"$(pipe ',describe no-such-thing' | sed '$d')"
check ",describe a user procedure with a docstring" \
" -- Procedure: (area w h)
     The area of a W by H rectangle.
     Defined at <stdin>:1:1 in module (libscm user).
status 0" "$(pipe '(define (area w h) "The area of a W by H rectangle." (* w h))
,describe area
')"
check ",describe a prelude procedure: call form, docstring, libraries" \
" -- Scheme Procedure: hash-count pred table
     Return the number of entries of hash table TABLE for which
     PRED, called with the key and the value, returns true.
status 0" "$(pipe ',d hash-count
')"
check ",apropos: names and their libraries" \
"(srfi 1): fold-right
(srfi 1): reduce-right
status 0" "$(pipe ',apropos ^(fold|reduce)-right$
')"
check ",trace: nested calls, arguments and values, by depth" \
"trace: (fact 2)
trace: |  (fact 1)
trace: |  |  (fact 0)
trace: |  |  1
trace: |  1
trace: 2
2
status 0" "$(pipe '(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
,trace (fact 2)
')"
check "an unbound variable: the library that exports it" \
"<stdin>:1:1: unbound variable: fold
Hint: fold is exported by (srfi 1); (import (srfi 1)) to use it." \
"$(pipe '(fold + 0 (list 1))' >/dev/null; err | head -2)"
check "an unbound variable: a close spelling" \
"<stdin>:1:2: unbound variable: dispaly
Hint: did you mean display?" \
"$(pipe ' (dispaly 1)' >/dev/null; err | head -2)"
check ",load ,import ,pp ,module through a pipe" \
"10
(srfi 1)
(1 2)
status 0" "$(printf '(define loaded 10)' > "$tmp/l.scm"; pipe ",load $tmp/l.scm
loaded
,import (srfi 1)
,module srfi 1
,module
,m (libscm user)
,pp (delete-duplicates (list 1 2 1))
")"
mkdir -p "$tmp/lib/mine"
printf '(define-library (mine util) (export v) (import (scheme base)) (begin (define (v) 1)))' > "$tmp/lib/mine/util.sld"
printf '(import (scheme base) (scheme file)) (with-output-to-file "%s" (lambda () (write (quote (define-library (mine util) (export v) (import (scheme base)) (begin (define (v) 2)))))))' "$tmp/lib/mine/util.sld" > "$tmp/edit.scm"
check ",reload: an edited library's new code" "1
1
2
status 0" "$(SCM_LOAD_PATH="$tmp/lib" pipe ",import (mine util)
(v)
(load \"$tmp/edit.scm\")
(v)
,reload (mine util)
(v)
")"
out=$(pipe '(define (spin n) (if (< n 2) n (+ (spin (- n 1)) (spin (- n 2)))))
,profile (spin 34)
')
check ",profile: a table with the hot procedure on its first row" \
";; N samples of N ms processor time
    %self   %cumul   self  cumul  procedure
  P  P  N  N  spin at <stdin>:1:1" \
"$(printf '%s\n' "$out" | sed -n '1,3p' | sed -E 's/[0-9]+\.[0-9]%/P/g; s/[0-9]+/N/g; s/<stdin>:N:N/<stdin>:1:1/; s/ +N +N  spin/  N  N  spin/; s/^ +P  +P/  P  P/')"
printf '(define (add a b) (+ a b))\n(define (f x) (add x 1 2))\n(define (g v) (vector-ref v))\n(display (add 1 2))\n' > "$tmp/w.scm"
check "-W: calls of known procedures with wrong argument counts, with positions" \
"$tmp/w.scm:2:15: warning: add called with 3 arguments; it takes 2
$tmp/w.scm:3:15: warning: vector-ref called with 1 argument; it takes 2
3" "$("$scm" -W "$tmp/w.scm" 2>&1)"
check "... and none without -W" "3" "$("$scm" "$tmp/w.scm" 2>&1)"
printf '(define (greet x) (dispaly x))\n(define (main) (helper 1))\n(define (helper n) (if (> n 0) (helper (- n 1)) (list n later)))\n(define later 2)\n(display (main))\n(define (h) undefined-one)\n' > "$tmp/u.scm"
check "-W: possibly unbound variables, reported after the file; none for forward references" \
"(0 2)$tmp/u.scm:1:19: warning: possibly unbound variable \`dispaly'
$tmp/u.scm:6:13: warning: possibly unbound variable \`undefined-one'" \
"$("$scm" -W "$tmp/u.scm" 2>&1)"
check "... and none without -W" "(0 2)" "$("$scm" "$tmp/u.scm" 2>&1)"
cat > "$tmp/sh.scm" <<'SCM'
(define (f if x) (list if x))
(define (g y)
  (let ((cond 1) (z 2))
    (define begin 3)
    (+ cond z begin y)))
(define (g2 x) (let ((else (lambda (v) v)) (guard 1)) (if x (else guard) 0)))
(define quote 5)
(let loop ((lambda 1)) (if (< lambda 3) (loop (+ lambda 1)) lambda))
(define (h _ . rest) (let* ((list rest)) list))
(do ((set! 0 (+ set! 1))) ((= set! 2) set!))
(define-syntax my-if (syntax-rules () ((_ c a b) (cond (c a) (else b)))))
(define (k my-if) my-if)
(display (list (f 1 2) (g 1) (h 0 1) (k 4) quote (g2 #t)))
SCM
check "-W: bindings that shadow core syntax, with positions (not else, guard, _, macros)" \
"sh.scm:1:1: if
sh.scm:3:3: cond
sh.scm:4:5: begin
sh.scm:7:1: quote
sh.scm:8:1: lambda
sh.scm:10:1: set!" \
"$("$scm" -W "$tmp/sh.scm" 2>&1 >/dev/null | sed "s|^$tmp/||; s/ warning: \`\([^']*\)' is bound as a variable here, shadowing the core syntax of that name/ \1/")"
check "... the program runs the same, and no warning without -W" \
"((1 2) 7 (1) 4 5 1)
((1 2) 7 (1) 4 5 1)" "$("$scm" -W "$tmp/sh.scm" 2>/dev/null; echo; "$scm" "$tmp/sh.scm" 2>&1)"
printf '(import (srfi 64))\n(test-begin "t")\n(test-equal 1 2)\n(test-end "t")\n' > "$tmp/t64.scm"
"$scm" "$tmp/t64.scm" > /dev/null 2>&1
check "a SRFI 64 file run as a script: status 1 when a case failed" "1" "$?"
sed 's/(test-equal 1 2)/(test-equal 1 1)/' "$tmp/t64.scm" > "$tmp/t64ok.scm"
"$scm" "$tmp/t64ok.scm" > /dev/null 2>&1
check "... 0 when none did" "0" "$?"
check "... and loaded from the REPL, the session goes on" "after" \
  "$(printf '(load "%s")\n(display "after")\n' "$tmp/t64.scm" | "$scm" 2>&1 | tail -1)"
check "-W at the REPL: each input on its own; the warning names <stdin> and comes before the error it explains" \
"<stdin>:1:13: warning: possibly unbound variable \`g'
<stdin>:3:1: warning: possibly unbound variable \`dispaly'
<stdin>:3:1: unbound variable: dispaly
Hint: did you mean display?
Backtrace (innermost first):
  0 <anonymous> at <stdin>:3:1
status 1" "$(printf '(define (f) (g))\n(define (g) 1)\n(dispaly 1)\n' | "$scm" -W 2>&1; echo "status $?")"
check ",reload of a built-in library is an error" \
"reload-module: a built-in library cannot be reloaded: (srfi 1)" \
"$(pipe ',reload (srfi 1)' >/dev/null; err | head -1)"
check ",describe with no name" "usage: ,describe NAME" \
"$(pipe ',describe' | sed '$d')"
check "(help car) and (help 'car) print the docstring as plain text" \
" -- Scheme Procedure: car pair
     Return the car (first field) of PAIR.
     Exported by (scheme base), (scheme r5rs) and (srfi 1).
 -- Scheme Procedure: car pair
     Return the car (first field) of PAIR.
     Exported by (scheme base), (scheme r5rs) and (srfi 1).
status 0" "$(pipe '(help car) (help (quote car))')"
check "(help map): the prelude's procedure, with its docstring" \
" -- Scheme Procedure: map f list1 . lists
     Return a fresh list of the results of calling F on the elements
status 0" "$(pipe '(help map)' | sed '3,8d')"

out=$(printf ',describe car' | SCM_DOC_FILE="$tmp/none.doc" "$scm" 2>&1)
check ",describe without the documentation file" \
"describe: cannot read the documentation file $tmp/none.doc (named by SCM_DOC_FILE)
     Exported by (scheme base), (scheme r5rs) and (srfi 1)." \
"$out"
check "an unknown meta-command" "status 1" "$(pipe ',frobnicate 1 2')"
check "... says so on standard error" \
"unknown meta-command \`,frobnicate'; ,help lists them" "$(err)"

out=$(pipe ',time (vector-length (make-vector 100000 0))
')
check ",time: the values, then the times and bytes" "100000
;; S s real time, S s in GC (N collections), N bytes allocated
status 0" "$(printf '%s\n' "$out" |
  sed 's/[0-9][0-9]*\.[0-9]*/S/g; s/([0-9]* collections/(N collections/; s/ [0-9]* bytes/ N bytes/')"
bytes=$(printf '%s\n' "$out" | sed -n 's/.* \([0-9]*\) bytes allocated/\1/p')
# libgc counts small objects when a thread-local free list is refilled,
# a block at a time, so the total may be off by a few KiB either way.
check ",time counts the 800000 bytes of the vector" yes \
"$( [ "${bytes:-0}" -ge 780000 ] && [ "$bytes" -lt 1000000 ] && echo yes || echo "no: $bytes")"
check ",time over two lines, and its definitions stay" "5
;; real time
5
status 0" "$(pipe ',time (begin (define tt 5)
tt)
tt
' | sed 's/^;; .* real time.*/;; real time/')"
check ",time with nothing: a usage message, status 1" "status 1
usage: ,time EXPR" "$(pipe ',time'; err)"

out=$(pipe ',gc')
check ",gc prints the statistics after a collection" \
";; heap-size
;; heap-free
;; bytes-allocated
;; gc-count
;; gc-time-ms
;; static-roots
;; static-roots-unused
;; static-roots-unsafe
;; free-space-divisor
;; incremental
status 0" "$(printf '%s\n' "$out" | sed 's/^\(;; [a-z-]*\) .*/\1/')"

# ------------------------------------------------------------------
# Scripts.

cat > "$tmp/hello.scm" <<'EOF'
#!/usr/bin/env scm
(display "hello ")
(write (cdr (command-line)))
(newline)
EOF
check "a script: the #! line skipped, (command-line) has its arguments" \
"hello (\"a\" \"-b\" \"--c\")
status 0" "$(run "$tmp/hello.scm" a -b --c)"
check "(command-line) starts with the script's name" "(\"$tmp/cl.scm\" \"x\")
status 0" "$(echo '(write (command-line)) (newline)' > "$tmp/cl.scm"; run "$tmp/cl.scm" x)"

for case in "(exit 3):3" "(exit #f):1" "(exit #t):0" "(exit):0" \
            "(display 1):0" "(car 1):1" "(raise 'oops):1"; do
  printf '%s\n(display "not reached")\n' "${case%:*}" > "$tmp/exit.scm"
  out=$(run "$tmp/exit.scm")
  case ${case%:*} in "(display 1)") reached="not reached" ;; *) reached= ;; esac
  check "script ${case%:*}: status ${case##*:}" "${reached}status ${case##*:}" \
    "$(printf '%s' "$out" | sed 's/^1//' | tr -d '\n')"
done

cat > "$tmp/deep.scm" <<'EOF'
(define (f x)
  (car x))
(define (g x)
  (+ 1 (f x)))
(display "before")
(newline)
(g 5)
(display "after")
EOF
check "an uncaught error: output so far, status 1" "before
status 1" "$(run "$tmp/deep.scm")"
check "... on standard error, file:line:column, then the backtrace" \
"$tmp/deep.scm:2:3: car: wrong type argument in position 1 (expected pair): 5
Backtrace (innermost first):
  0 f at $tmp/deep.scm:2:3
  1 g at $tmp/deep.scm:4:8" "$(err | head -4)"

check "a script that cannot be opened: status 1" "status 1" \
"$(run "$tmp/missing.scm")"
check "... and says why" "scm: cannot open $tmp/missing.scm: No such file or directory" \
"$(err)"

cat > "$tmp/guile-header.scm" <<'EOF'
#!/bin/sh
exec scm -e main -s "$0" "$@"
!#
(define (main args)
  (write (cdr args))
  (newline))
EOF
check "Guile's #! ... !# header: the shell lines are a comment" "(\"x\")
status 0" "$(run -e main -s "$tmp/guile-header.scm" x)"
check "... and the file runs as a shell script too" "(\"y\")" \
"$(PATH="$top_builddir:$PATH" sh "$tmp/guile-header.scm" y 2>&1)"
printf '#!/bin/sh\nexec scm "$0"\n' > "$tmp/open-header.scm"
check "a #! header without its !# line: an error naming the file, status 1" \
"status 1
$tmp/open-header.scm:1:1: unterminated script header: end of file before the line \`!#' that ends the \`#!' header" \
"$(run "$tmp/open-header.scm"; err)"

check "-e PROC: (PROC (command-line)) after the script" \
"(\"a\")
status 0" "$(run -e main "$tmp/guile-header.scm" a)"
check "-e with an expression; (exit 5) in PROC gives status 5" "status 5" \
"$(run -e '(lambda (args) (exit 5))' "$tmp/cl.scm" | tail -1)"
check "-e with an unbound name: an error, status 1" "status 1" \
"$(run -e no-such-main "$tmp/cl.scm" | tail -1)"

check "scm - runs the script on standard input, then its exit status" "12
status 4" "$(pipe '(display (* 3 4)) (newline) (exit 4)' -)"
check "... an error there is located in <stdin>" \
"<stdin>:1:2: car: wrong type argument in position 1 (expected pair): 1" \
"$(pipe ' (car 1)' - >/dev/null; err | head -1)"
check "(quit 3) ends the program as (exit 3) does" "status 3" \
"$(run -c '(quit 3)')"

mkdir -p "$tmp/home"
echo '(define from-scmrc (quote yes))' > "$tmp/home/.scmrc"
check "~/.scmrc is loaded before the REPL" "yes
status 0" "$(HOME="$tmp/home" pipe 'from-scmrc
')"
check "... not with -q" "status 1" "$(HOME="$tmp/home" pipe 'from-scmrc
' -q)"
check "... nor before a script" "status 1" \
"$(echo 'from-scmrc' > "$tmp/rc.scm"; HOME="$tmp/home" run "$tmp/rc.scm")"
echo '(car 1)' > "$tmp/home/.scmrc"
check "an error in ~/.scmrc is reported and the REPL still starts" "2
status 0" "$(HOME="$tmp/home" pipe '(+ 1 1)
')"

# ------------------------------------------------------------------
# -c, -s, -l, -L.

check "-c EXPR" "3
status 0" "$(run -c '(display (+ 1 2)) (newline)')"
check "-c with arguments: (command-line)" "(\"x\" \"y\")
status 0" "$(run -c '(write (cdr (command-line))) (newline)' x y)"
check "-c with an error: status 1" "status 1" "$(run -c '(car 1)')"
check "-c (exit 4)" "status 4" "$(run -c '(exit 4)')"
check "-c EXPR with no EXPR: status 2" "status 2" "$(run -c)"
check "... and a message" "scm: option '-c' needs an argument
Try 'scm --help' for more information." "$(err)"

cp "$tmp/hello.scm" "$tmp/-dash.scm"
check "-s FILE, even named -dash.scm" "hello (\"z\")
status 0" "$(case $scm in /*) abs=$scm ;; *) abs=$PWD/$scm ;; esac
    cd "$tmp" && "$abs" -s -dash.scm z 2> /dev/null; echo "status $?")"

echo '(define (twice x) (* 2 x))' > "$tmp/lib.scm"
check "-l FILE, then the REPL" "42
status 0" "$(pipe '(twice 21)' -l "$tmp/lib.scm")"
check "-l FILE, then a script" "hello (\"q\")
status 0" "$(run -l "$tmp/lib.scm" "$tmp/hello.scm" q)"
check "-l with a missing file: status 1, nothing run" "status 1" \
"$(run -l "$tmp/missing.scm" -c '(display 1)')"

check "-L DIR, twice: in front of %load-path, in order" \
"(\"/d/one\" \"/d/two\")
status 0" \
"$(run -L /d/one -L/d/two -c '(write (list (car %load-path) (car (cdr %load-path)))) (newline)')"

# Libraries on the load path: -L, SCM_LOAD_PATH, the script's own
# directory; each source of the path in turn.
mkdir -p "$tmp/libdir/app" "$tmp/envdir/app" "$tmp/progdir/app"
cat > "$tmp/libdir/app/where.sld" <<'EOS'
(define-library (app where) (export where) (import (scheme base))
  (begin (define where "from -L")))
EOS
cat > "$tmp/envdir/app/env.sld" <<'EOS'
(define-library (app env) (export where) (import (scheme base))
  (begin (define where "from SCM_LOAD_PATH")))
EOS
cat > "$tmp/progdir/app/near.scm" <<'EOS'
(define-module (app near) #:export (where))
(define where "from the script's directory")
EOS
cat > "$tmp/progdir/main.scm" <<'EOS'
(import (scheme base) (scheme write) (app near))
(display where) (newline)
EOS
check "-L DIR: (import (app where)) finds DIR/app/where.sld" "from -L
status 0" "$(run -L "$tmp/libdir" -c '(import (app where)) (display where) (newline)')"
check "SCM_LOAD_PATH: colon-separated directories" "from SCM_LOAD_PATH
status 0" "$(SCM_LOAD_PATH="/nonexistent:$tmp/envdir" run -c '(import (app env)) (display where) (newline)')"
check "-L comes before SCM_LOAD_PATH" "(\"$tmp/libdir\" \"$tmp/envdir\")
status 0" "$(SCM_LOAD_PATH="$tmp/envdir" run -L "$tmp/libdir" -c '(write (list (car %load-path) (cadr %load-path))) (newline)')"
check "a script finds libraries in its own directory (a .scm Guile module)" \
"from the script's directory
status 0" "$(run "$tmp/progdir/main.scm")"
check "a missing library: status 1" "status 1" "$(run -c '(import (app nowhere))')"
check "... the message names it and every directory searched" \
"yes" "$(grep -q "library not found in the load path: (app nowhere) (.*\"(built into libscm)\")" "$tmp/err" && echo yes)"
# What an evaluation leaves in dead C frames or VM slots must not keep
# its garbage alive: a 10^7-element list built by one evaluation (or
# abandoned by a raise) is collectable at the next one.
live='(define (live) (gc) (let ((s (gc-stats))) (- (cdr (assq (quote heap-size) s)) (cdr (assq (quote heap-free) s)))))'
out=$(pipe "$live
(define (build n) (let loop ((i 0) (l (quote ()))) (if (= i n) (length l) (loop (+ i 1) (cons i l)))))
(build 10000000)
(live)
(live)
(guard (e (#t (quote caught))) (let loop ((i 0) (l (quote ()))) (if (= i 10000000) (raise (quote x)) (loop (+ i 1) (cons i l)))))
(live)
(live)")
check "REPL: a huge list built by an evaluation is collected afterwards (under 8 MB live)" \
  "yes yes" "$(echo "$out" | sed -n '3p;6p' | while read -r b; do
      if [ "$b" -lt 8000000 ]; then printf 'yes '; else printf 'no(%s) ' "$b"; fi
    done | sed 's/ $//')"

# A runaway recursion: its memory is bounded by the stack limit (the
# stack is mapped, touched only as it grows) and given back when it
# unwinds.  Linux only (/proc/self/status).
if [ -r /proc/self/status ]; then
  cat > "$tmp/hwm.scm" <<'EOS'
(define (status-kb field)
  (call-with-input-file "/proc/self/status"
    (lambda (p)
      (let loop ((l (read-line p)))
        (cond ((eof-object? l) #f)
              ((and (> (string-length l) (string-length field))
                    (string=? (substring l 0 (string-length field)) field))
               (read (open-input-string
                      (substring l (string-length field) (string-length l)))))
              (else (loop (read-line p))))))))
(define before (status-kb "VmRSS:"))
(define (f n) (+ 1 (f (+ n 1))))
(display (guard (e ((error-object? e) (error-object-message e))) (f 0)))
(newline)
(let ((peak (status-kb "VmHWM:")) (after (status-kb "VmRSS:")))
  (display (if (< peak (+ (quotient (* 3 65536) 2) before 16384)) "peak bounded" (list 'peak peak)))
  (newline)
  (display (if (< after (+ before 16384)) "given back" (list 'after after 'before before)))
  (newline))
EOS
  check "a runaway recursion at --stack-limit=64M: peak RSS under 1.5x the limit, the memory given back after" \
"stack overflow (the VM stack reached its limit of 64 MiB)
peak bounded
given back
status 0" "$(run --stack-limit=64M "$tmp/hwm.scm")"
fi

check "import at the REPL, then the names" "1
status 0" "$(pipe '(import (prefix (only (scheme base) car) b:))
(b:car (list 1 2))')"

# ------------------------------------------------------------------
# Options.

version=$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"/\1/p' "$top_builddir/config.h")
check "--version, GNU style" "scm (libscm) $version
License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.
status 0" "$(run --version | sed '2d; 4,5d')"
check "--help" "Usage: scm [OPTION]... [FILE [ARG]...]
status 0" "$(run --help | sed -n '1p; $p')"
check "--help names every option" "-c -s -l -e -q --listen -W -L --gc-divisor --gc-incremental --gc-generational --gc-small-pages --stack-limit --max-heap --help --version" \
"$("$scm" --help | sed -n 's/^  \(-., \)\{0,1\}\(-[-a-zA-Z]*\).*/\2/p' | tr '\n' ' ' | sed 's/ $//')"
check "an unknown option: status 2" "scm: unknown option '--bogus'
Try 'scm --help' for more information.
status 2" "$("$scm" --bogus 2>&1; echo "status $?")"
check "a bad --gc-divisor: a clear error, status 2" \
"scm: --gc-divisor wants a whole number from 1 to 1000, not '0'
status 2" "$("$scm" --gc-divisor=0 2>&1; echo "status $?")"
out=$("$scm" --stack-limit=1M -c '(define (f n) (+ 1 (f n))) (f 1)' 2>&1 | head -1; echo "status $?")
check "--stack-limit=1M: deep recursion is a stack-overflow error" \
"<command line>:1:1: stack overflow (the VM stack reached its limit of 1 MiB)
status 0" "$out"
"$scm" --stack-limit=1M -c '(define (f n) (+ 1 (f n))) (f 1)' > /dev/null 2>&1
check "--stack-limit: status 1 after the uncaught stack overflow" "1" "$?"
out=$("$scm" --stack-limit=64M -c '(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (display (f 1000000))' 2>&1; echo " status $?")
check "--stack-limit=64M: depth 10^6 fits" "1000000 status 0" "$out"
out=$("$scm" --stack-limit=12x -c 1 2>&1; echo "status $?")
check "--stack-limit with a bad size: a clear complaint, status 2" \
"scm: --stack-limit wants a size such as 65536, 512K, 64M or 1G, not '12x'
status 2" "$out"

out=$("$scm" --max-heap=64M -c "(display (guard (e (#t (condition-kind e))) (let loop ((l '())) (loop (cons (make-vector 100 0) l)))))" 2>/dev/null; echo " status $?")
check "--max-heap=64M: a runaway allocation is a catchable out-of-memory error" \
"out-of-memory status 0" "$out"
out=$("$scm" --max-heap=64M -c "(define (runaway) (guard (e ((eq? (condition-kind e) 'out-of-memory) 'caught)) (let loop ((l '())) (loop (cons (make-vector 100 0) l))))) (do ((i 0 (+ i 1)) (r '() (cons (runaway) r))) ((= i 10) (display r)))" 2>/dev/null; echo " status $?")
check "--max-heap=64M: the memory of a caught runaway allocation comes back, 10 times in a row" \
"(caught caught caught caught caught caught caught caught caught caught) status 0" "$out"

# libgc's own limit, from its environment variable, is the library's
# too: an impossible request is refused with a message naming it, and
# running out prints no libgc warning before the error.
out=$(GC_MAXIMUM_HEAP_SIZE=67108864 "$scm" -c "(make-vector 100000000 0)" 2>&1 | head -1; echo "status")
check "GC_MAXIMUM_HEAP_SIZE=64 MiB: make-vector past it is refused, the limit named" \
"<command line>:1:1: make-vector: impossible size: 100000000 elements of 8 bytes exceed the heap limit (64 MiB)
status" "$out"
out=$(GC_MAXIMUM_HEAP_SIZE=67108864 "$scm" -c "(display (guard (e (#t (condition-kind e))) (let loop ((l '())) (loop (cons (make-vector 100 0) l)))))" 2>&1; echo " status $?")
check "GC_MAXIMUM_HEAP_SIZE=64 MiB: a runaway allocation is caught, and libgc's warnings are not printed" \
"out-of-memory status 0" "$out"

# Under an address-space limit (ulimit -v) the heap is bounded below
# it, so that running out of memory is recoverable.  Not under
# AddressSanitizer (make check-asan sets ASAN_OPTIONS), whose shadow
# memory needs far more address space.
if [ -z "${ASAN_OPTIONS+set}" ]; then
  out=$( (ulimit -v 200000; "$scm" -c '(define (f n) (if (= n 0) 0 (+ 1 (f (- n 1))))) (display (f 10000))' 2>&1; echo " status $?"))
  check "ulimit -v 200000, too little for the 256 MiB stack's reservation: scm starts with a lower stack limit" \
"10000 status 0" "$out"
  runaway="(guard (e ((eq? (condition-kind e) 'out-of-memory) 'caught)) (let loop ((l '())) (loop (cons (make-vector 100 0) l))))"
  input="(define saved 'intact)"
  for i in 1 2 3 4 5 6 7 8 9 10; do input="$input
$runaway"; done
  input="$input
(list saved (length (make-list 100000 0)) (vector-length (make-vector 1000000 0)))
"
  out=$( (ulimit -v 400000; pipe "$input") | uniq -c | sed 's/^ *//')
  check "ulimit -v 400000: the REPL catches the out-of-memory error of a runaway allocation 10 times in a row and stays usable" \
"10 caught
1 (intact 100000 1000000)
1 status 0" "$out"
  out=$( (ulimit -v 400000; pipe "(define saved 'intact)
(let loop ((l '())) (loop (cons 1 l)))
(list saved (length (make-list 100000 0)))
"))
  check "ulimit -v 400000: an uncaught out-of-memory error at the REPL is reported and the session goes on" \
"(intact 100000)
status 1" "$out"
  check "... the report names the error" "out of memory" "$(grep -v '^GC Warning' "$tmp/err")"
else
  for i in 1 2 3 4; do
    n=$((n + 1)); echo "ok $n # SKIP ulimit -v under AddressSanitizer"
  done
fi
out=$("$scm" --max-heap=lots -c 1 2>&1; echo "status $?")
check "--max-heap with a bad size: a clear complaint, status 2" \
"scm: --max-heap wants a size such as 65536, 512K, 64M or 1G, not 'lots'
status 2" "$out"

out=$("$scm" -c '(define (map f l) (quote mine)) (define (car x) (quote mycar)) (define (apply . x) 0) (write (list (vector-map + #(1 2) #(10 20)) (map 1 2) (car 5) (call-with-values (lambda () (values 1 2)) +)))' 2>&1; echo " status $?")
check "a program that redefines map, car and apply does not change vector-map or call-with-values" \
"(#(11 22) mine mycar 3) status 0" "$out"

prog='(define (t1 a b) (if (not (< a b)) (quote ge) (quote lt)))
(define (t2 n) (if (< n 10) (quote small) (quote big)))
(define (t3 n) (list (- n 1) (+ n 2)))
(define (t4 a b) (if (< a b) (quote lt) (quote ge)))
(define (t5 x) (if (null? x) (quote empty) (car x)))
(define before (list (t1 1 2) (t2 5) (t3 5) (t4 1 2) (t5 (list 7))))
(define old< <)
(set! < (lambda (a b) (old< b a)))
(set! not (lambda (x) (if (eq? x #f) (quote yes) #f)))
(set! - (lambda (a b) (* a b)))
(set! null? (lambda (x) #t))
(set! car (lambda (x) (quote mycar)))
(write (list before (list (t1 1 2) (t2 5) (t3 5) (t4 1 2) (t5 (list 7)))))'
out=$("$scm" -c "$prog" 2>&1; echo " status $?")
check "code compiled before a primitive is redefined calls the new definition (inline, fused and constant forms)" \
"((lt small (4 7) lt 7) (ge big (5 7) ge empty)) status 0" "$out"

# An R7RS program (a file whose first datum is an import declaration):
# its imported bindings are immutable (R7RS 5.2), so its inline
# primitives of them have no guard; a file without an import, -c and
# the REPL keep theirs.
cat > "$tmp/prog-sum.scm" <<'EOF_PROG'
(import (scheme base) (scheme write) (libscm disassemble))
(define (run n)
  (let loop ((i n) (sum 0))
    (if (< i 0) sum (loop (- i 1) (+ i sum)))))
(define (firsts l) (if (pair? l) (cons (car (car l)) (firsts (cdr l))) '()))
(define (big a n) (let loop ((i n) (s a)) (if (< i 1) s (loop (- i 1) (+ i s)))))
(write (list (run 10000) (big (- (expt 2 61) 2) 3) (big -5 -1)
             (big 0.5 2) (firsts '((1) (2 3)))))
(newline)
(disassemble run)
EOF_PROG
out=$(run "$tmp/prog-sum.scm")
check "a program's loop over imported +, - and <: right, fixnum overflow to bignums" \
"(50005000 2305843009213693956 -5 3.5 (1 2))" \
  "$(printf '%s\n' "$out" | head -1)"
check "... compiled without guards, the step in place" \
  "BRLK_LT_U STEP_SUBK_ADD" \
  "$(printf '%s\n' "$out" | grep -o '[A-Z_]*_U \|STEP_[A-Z_]*' | tr -d ' ' \
     | tr '\n' ' ' | sed 's/ $//')"
cat > "$tmp/prog-errors.scm" <<'EOF_PROG'
(import (scheme base) (scheme write))
(define (f p) (car p))
(define (msg thunk)
  (guard (e ((error-object? e)
             (list (error-object-message e) (error-object-irritants e))))
    (thunk)))
(write (list (msg (lambda () (f 5))) (msg (lambda () (+ 'a 1)))))
(newline)
(f 5)
EOF_PROG
check "a program's unguarded car and + raise the primitives' errors" \
'(("wrong type argument in position 1 (expected pair)" (5)) ("wrong type argument in position 1 (expected number)" (a)))
status 1' "$(run "$tmp/prog-errors.scm")"
check "... and an uncaught one names car" \
"$tmp/prog-errors.scm:2:15: car: wrong type argument in position 1 (expected pair): 5" \
  "$(err | head -1)"
printf '(import (scheme base) (scheme write))\n(define (f a b) (+ a b))\n(set! + -)\n(write (f 1 2))\n' > "$tmp/prog-set.scm"
run "$tmp/prog-set.scm" > /dev/null
check "a program cannot set! an imported primitive" \
"$tmp/prog-set.scm:3:1: set!: cannot assign an imported variable: (+ (scheme base))" \
  "$(err | head -1)"
cat > "$tmp/prog-define.scm" <<'EOF_PROG'
(import (scheme base) (scheme write))
(define (f l) (car l))
(define (car l) 'mine)
(define (g l) (car l))
(write (list (f '(1 2)) (g '(1 2)) (car '(1 2))))
EOF_PROG
check "a program's definition of car shadows the import from there on" \
"(1 mine mine)status 0" "$(run "$tmp/prog-define.scm")"
printf '(define (f a b) (+ a b))\n(define before (f 1 2))\n(set! + -)\n(write (list before (f 1 2)))\n' > "$tmp/script-set.scm"
check "a file without an import declaration is no program: set! of + is seen by code compiled before" \
"(3 -1)status 0" "$(run "$tmp/script-set.scm")"
printf '(import (scheme base) (scheme write))\n(define (f a b) (+ a b))\n(define before (f 1 2))\n(set! + -)\n(write (list before (f 1 2)))\n' > "$tmp/loaded-set.scm"
check "... nor is a file that load reads, import or not" \
"(3 -1)status 0" "$(run -c "(load \"$tmp/loaded-set.scm\")")"

out=$("$scm" -c '(dynamic-wind (lambda () #f) (lambda () (exit 3)) (lambda () (display "after ran")))' 2>&1; echo " status $?")
check "exit runs the after thunks of dynamic-wind" "after ran status 3" "$out"
out=$("$scm" -c '(dynamic-wind (lambda () #f) (lambda () (emergency-exit 4)) (lambda () (display "after ran")))' 2>&1; echo "status $?")
check "emergency-exit does not" "status 4" "$out"
out=$("$scm" -c '(dynamic-wind (lambda () #f) (lambda () (dynamic-wind (lambda () #f) (lambda () (guard (e (#t (display "guard caught it"))) (with-exception-handler (lambda (e) (display "handler saw it")) (lambda () (catch #t (lambda () (exit 5)) (lambda args (display "catch caught it"))))))) (lambda () (display "in")))) (lambda () (display " out")))' 2>&1; echo " status $?")
check "exit passes guard, with-exception-handler and catch #t, and runs nested after thunks inner first" "in out status 5" "$out"

# Output to a file port that the program never closes is not lost.
scm_path=$(cd "$(dirname "$scm")" && pwd)/scm
unclosed () {  # unclosed NAME CODE: run CODE in $tmp, then NAME's contents
  rm -f "$tmp/$1"
  (cd "$tmp" && "$scm_path" -c "$2" < /dev/null > /dev/null 2> "$tmp/err"
   echo "status $?")
  cat "$tmp/$1" 2>/dev/null
}
check "an unclosed file port is written out at the end of -c" "status 0
hello" "$(unclosed u1 '(define p (open-output-file "u1")) (write-string "hello" p)')"
check "... on (exit)" "status 0
hello" "$(unclosed u2 '(define p (open-output-file "u2")) (write-string "hello" p) (exit)')"
check "... after an uncaught error" "status 1
hello" "$(unclosed u3 '(define p (open-output-file "u3")) (write-string "hello" p) (car 1)')"
check "... when with-output-to-file raises" "status 1
hello" "$(unclosed u4 '(with-output-to-file "u4" (lambda () (display "hello") (car 1)))')"
check "... when call-with-output-file exits" "status 3
hello" "$(unclosed u5 '(call-with-output-file "u5" (lambda (p) (display "hello" p) (exit 3)))')"
check "... by a script that ends" "status 0
hello" "$(printf '(define p (open-output-file "u6")) (write-string "hello" p)' > "$tmp/u6.scm"
           unclosed u6 '(load "u6.scm")')"
check "an unclosed port that cannot be written out: an error, status 1" "status 1" \
  "$(unclosed none '(define p (open-output-file "/dev/full")) (write-string "hello" p)')"
check "... saying why" 'write: No space left on device: "/dev/full"' "$(err)"

# Messages: where -c errors are, a symbol that is all a datum, and
# an irritant too long to print whole.
run -c '(display 1)
 (car 5)' > /dev/null
check "an error of -c is located at <command line>:LINE:COLUMN" \
"<command line>:2:2: car: wrong type argument in position 1 (expected pair): 5" \
  "$(err | head -1)"
printf '(display 1)\n\0\n' > "$tmp/nul.scm"
run "$tmp/nul.scm" > /dev/null
check "a NUL byte read as a symbol: the unbound variable is located" \
"$tmp/nul.scm:2:1: unbound variable: |\\x0;|" "$(err | head -1)"
run -c '(display 1) undefined-name' > /dev/null
check "... and any symbol that is a whole datum, in -c" \
"<command line>:1:13: unbound variable: undefined-name" "$(err | head -1)"
run -c '(vector-ref (make-list 100000 1) 0)' > /dev/null
check "an error message is cut at 1,000 characters, saying so" \
"1090 ... [199066 more characters; the condition holds the whole irritants]" \
  "$(err | head -1 | wc -c) $(err | head -1 | sed 's/.* \.\.\. \[/... [/')"
check "... and the condition holds the whole irritant" "100000" \
  "$("$scm" -c '(display (guard (e (#t (length (car (error-object-irritants e))))) (vector-ref (make-list 100000 1) 0)))' 2>&1)"

check "GC options before the input" "(1 2)
status 0" "$(pipe "'(1 . (2))" --gc-divisor=9 --gc-generational)"
# A heap of 64 MiB (one vector), and the mappings the program advised
# as huge pages, from its own /proc/self/smaps (gc/huge-pages.c).
huge_mappings () {
  "$scm" "$@" -c '(define v (make-vector 8000000 1))
    (call-with-input-file "/proc/self/smaps"
      (lambda (p) (let loop () (let ((l (read-line p)))
        (unless (eof-object? l) (display l) (newline) (loop))))))' 2>&1 |
    grep -c '^VmFlags:.* hg'
}
if test -r /sys/kernel/mm/transparent_hugepage/enabled; then
  check "a heap of 64 MiB is advised as huge pages" "yes" \
    "$(test "$(huge_mappings)" -ge 1 && echo yes || echo "no: $(huge_mappings)")"
  check "--gc-small-pages: none of it is" "0" "$(huge_mappings --gc-small-pages)"
fi

# libgc's marker threads: as many as the processors the process may
# run on (gc.c, fit_markers_to_affinity), started after the first
# collection; GC_MARKERS overrides.  The program counts its threads.
cat > "$tmp/threads.scm" <<'EOF_THREADS'
(import (scheme base) (scheme write) (ice-9 ftw))
(gc)
(let loop ((i 0) (acc '()))
  (if (< i 200000)
      (loop (+ i 1) (if (= 0 (modulo i 1000)) '() (cons i acc)))))
(gc)
(display (length (scandir "/proc/self/task"
                          (lambda (f) (not (member f '("." "..")))))))
EOF_THREADS
if command -v taskset > /dev/null && [ -d /proc/self/task ] \
   && [ "$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)" -gt 1 ] \
   && taskset -c 0 true 2>/dev/null; then
  check "pinned to one processor: no marker thread" "1" \
    "$(env -u GC_MARKERS taskset -c 0 "$scm" "$tmp/threads.scm" 2>&1)"
  check "pinned, GC_MARKERS=2 still starts one" "2" \
    "$(GC_MARKERS=2 taskset -c 0 "$scm" "$tmp/threads.scm" 2>&1)"
else
  n=$((n + 1)); echo "ok $n # SKIP no taskset, /proc or second processor"
  n=$((n + 1)); echo "ok $n # SKIP no taskset, /proc or second processor"
fi

# ------------------------------------------------------------------
# At a terminal: readline, continuation lines, history, completion,
# Ctrl-C, Ctrl-D.

# Under AddressSanitizer, the first switch to a C-stack segment (deep
# code, libscm/c-stack.c) prints ASan's one warning about swapcontext,
# which the terminal wraps onto a second line: not the program's output.
screen () {
  tmux capture-pane -p -t $s |
    sed "/WARNING: ASan doesn't fully support makecontext/{/cases!\$/!N;d;}; /^\$/d"
}
# The screen without the terminal's echo of Ctrl-C, which lands before or
# after the program's own newline depending on timing.
screen_noc () { screen | sed 's/\^C//g; /^$/d'; }
# keys KEYS...: type KEYS into $s, noting the screen before, so that
# wait_for waits for what they bring and not for the prompt that was
# already there (tmux may not have passed them on yet).
keys () { sent_on=$(screen); tmux send-keys -t $s "$@"; }
# wait_for TEXT [TICKS]: until the screen's last line is TEXT and the
# screen has changed since the last keys (TICKS tenths of a second at
# most, 15 s by default: the wait ends as soon as the text shows, and
# a machine loaded by a parallel build has taken more than 5 s).
wait_for () {
  i=0
  while [ $i -lt "${2:-150}" ]; do
    now=$(screen)
    if [ "$(printf '%s\n' "$now" | tail -1)" = "$1" ] \
       && { [ -z "$sent_on" ] || [ "$now" != "$sent_on" ]; }; then
      sent_on=
      return 0
    fi
    sleep 0.1; i=$((i + 1))
  done
  sent_on=
}

# wait_line TEXT [TICKS]: until a line of the screen, less its trailing
# blanks, is TEXT (TICKS tenths of a second at most, 15 s by default).
wait_line () {
  i=0
  while [ $i -lt "${2:-150}" ]; do
    screen | sed 's/ *$//' | grep -qxF -- "$1" && return 0
    sleep 0.1; i=$((i + 1))
  done
  return 1
}

# new_session COMMAND: a tmux session $s running COMMAND.  Killing the
# last session makes the tmux server exit, and a new-session that meets
# the exiting server fails or dies with it: a session that only sleeps
# (${s}k) keeps the server up while the tests replace $s, and a failed
# start is tried again.
new_session () {
  i=0
  while [ $i -lt 20 ]; do
    tmux new-session -d -s $s -x 100 -y 40 "$1" 2>/dev/null
    tmux has-session -t $s 2>/dev/null && return 0
    sleep 0.1; i=$((i + 1))
  done
  return 1
}

if command -v tmux >/dev/null 2>&1; then
  tmux new-session -d -s ${s}k -x 20 -y 5 "sleep 600"
  new_session \
    "env HOME='$tmp' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; echo \"exit \$?\" > '$tmp/status'; sleep 30"
  wait_for "scm>"
  keys '(define (sq x)' Enter
  wait_for "...>"
  keys '  (* x x))' Enter
  wait_for "scm>"
  keys '(sq 12)' Enter
  wait_for "scm>"
  check "readline: banner, prompts, a continuation line, results" \
"libscm $version.  Type ,help for help, Ctrl-D to leave.
scm> (define (sq x)
...>   (* x x))
scm> (sq 12)
\$1 = 144
scm>" "$(screen)"

  keys '(let ((v (vector 1 2))) (vector-fi' Tab
  sleep 0.3
  keys 'v 7) v)' Enter
  wait_for "scm>"
  check "readline: TAB completes a top-level name" \
"scm> (let ((v (vector 1 2))) (vector-fill! v 7) v)
\$2 = #(7 7)
scm>" "$(screen | tail -3)"

  # The loop is compiled into the frame of the top-level expression
  # (contify.c), so the backtrace names that frame.  It says when it
  # runs: a Ctrl-C that came before the REPL had read the line would
  # drop the line instead (the terminal flushes its input on ^C).
  keys '(begin (display "looping") (newline) (let loop () (loop)))' Enter
  wait_for "looping"
  keys C-c
  wait_for "scm [1]>"
  keys ',bt' Enter
  wait_for "scm [1]>"
  keys ',q' Enter
  wait_for "scm>"
  keys '(sq 3)' Enter
  wait_for "scm>"
  check "readline: Ctrl-C interrupts an evaluation into a debug level; ,q leaves it" \
"scm> (begin (display \"looping\") (newline) (let loop () (loop)))
looping
<repl>:5:C: interrupted
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]> ,bt
  0 <anonymous> at <repl>:5:C
scm [1]> ,q
scm> (sq 3)
\$3 = 9
scm>" "$(screen_noc | tail -10 | sed 's/<repl>:5:[0-9]*/<repl>:5:C/')"

  keys '(list 1' Enter
  wait_for "...>"
  keys '2'
  # Once readline has the 2 (a ^C flushes what it has not read).
  wait_for "...> 2"
  keys C-c
  wait_for "scm>"
  keys '(list 3)' Enter
  wait_for "scm>"
  check "readline: Ctrl-C at the prompt drops the datum being typed" \
"scm> (list 1
...> 2^C
scm> (list 3)
\$4 = (3)
scm>" "$(screen | tail -5)"

  # The program says when it runs, so that Ctrl-C does not come while
  # readline still holds the line (which would drop it instead).
  keys '(begin (display "reading") (newline) (list (read-line)))' Enter
  wait_for "reading"
  sleep 0.2
  keys C-c
  wait_for "scm [1]>"
  keys ',q' Enter
  wait_for "scm>"
  keys '(sq 4)' Enter
  wait_for "scm>"
  check "readline: Ctrl-C stops a program waiting for input" \
"reading
<repl>:C: interrupted
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]> ,q
scm> (sq 4)
\$5 = 16
scm>" "$(screen_noc | tail -7 | sed 's/<repl>:[0-9]*:[0-9]*/<repl>:C/')"

  keys '(define cyc (list 1 2)) (set-cdr! (cdr cyc) cyc) (begin (display "walking") (newline) (car (list-tail cyc 1000000000000000)))' Enter
  wait_for "walking"
  sleep 0.2
  keys C-c
  wait_for "scm [1]>"
  check "readline: Ctrl-C stops list-tail walking a circular list" \
"walking
<repl>:C: interrupted" "$(screen_noc | tail -4 | head -2 | sed 's/<repl>:[0-9]*:[0-9]*/<repl>:C/')"
  keys ',q' Enter
  wait_for "scm>"

  keys ',describe car' Enter
  wait_for "scm>"
  check "readline: a meta-command" " -- Scheme Procedure: car pair" \
    "$(screen | tail -4 | head -1)"

  keys C-d
  i=0; while [ ! -s "$tmp/status" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  check "readline: Ctrl-D leaves with status 0" "exit 0" "$(cat "$tmp/status")"
  check "readline: history in ~/.scm_history, one entry per input" \
"(define (sq x)
  (* x x))
(sq 12)
(let ((v (vector 1 2))) (vector-fill! v 7) v)
(begin (display \"looping\") (newline) (let loop () (loop)))
,bt
,q
(sq 3)
(list 3)
(begin (display \"reading\") (newline) (list (read-line)))
,q
(sq 4)
(define cyc (list 1 2)) (set-cdr! (cdr cyc) cyc) (begin (display \"walking\") (newline) (car (list-tail cyc 1000000000000000)))
,q
,describe car" "$(grep -v '^#[0-9]' "$tmp/.scm_history" 2>/dev/null)"
  tmux kill-session -t $s 2>/dev/null

  # After a restart the two-line definition is one entry: found by
  # Ctrl-R, it is entered whole (a line alone would want a ...> line).
  rm -f "$tmp/status"
  new_session \
    "env HOME='$tmp' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; echo \"exit \$?\" > '$tmp/status'; sleep 30"
  wait_for "scm>"
  keys C-r 'define (sq'
  sleep 0.5
  keys Enter
  wait_for "scm>"
  keys '(sq 5)' Enter
  wait_for "scm>"
  check "readline: a multi-line entry comes back whole after a restart" \
"\$1 = 25" "$(screen | tail -2 | head -1)"
  keys C-d
  i=0; while [ ! -s "$tmp/status" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
  check "... and the file has it once more, whole" "2" \
    "$(grep -c '^  (\* x x))$' "$tmp/.scm_history")"
  tmux kill-session -t $s 2>/dev/null

  # ctrl_c_case DESCRIPTION EXPR [TICKS]: at a new REPL, (define x 42),
  # then EXPR (a loop under a handler that catches every error, or long
  # work inside one primitive), Ctrl-C, then x; the prompt must be back
  # within TICKS tenths of a second (default 50).  EXPR prints "go"
  # first ((g E) does, then evaluates E), and Ctrl-C waits for it: one
  # that came before the REPL had read the line would drop the line.
  # A session each, so that a loop the interrupt fails to stop holds up
  # nothing else.
  ctrl_c_case () {
    new_session \
      "env HOME='$tmp' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; sleep 30"
    wait_for "scm>"
    keys '(define x 42) (define-syntax g (syntax-rules () ((_ e) (begin (display "go") (newline) e))))' Enter
    wait_for "scm>"
    keys "$2" Enter
    wait_for "go" 300
    keys C-c
    if wait_for "scm [1]>" "${3:-50}"; then
      keys ',q' Enter
      wait_for "scm>"
      keys 'x' Enter
      wait_for "scm>"
    fi
    check "$1" "scm> $2
go
interrupted
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]> ,q
scm> x
\$1 = 42
scm>" "$(screen_noc | sed '1,2d; /^Backtrace/d; /^  [0-9][0-9]* /d' |
      sed -E 's/^(<repl>:[0-9]+:[0-9]+: )?interrupted$/interrupted/')"
    tmux kill-session -t $s 2>/dev/null
  }
  ctrl_c_case "readline: Ctrl-C stops a loop under a catch-all guard; back to the prompt, definitions kept" \
    '(g (let outer () (guard (e (#t #f)) (let l () (l))) (outer)))'
  ctrl_c_case "readline: Ctrl-C stops a loop under a with-exception-handler that returns" \
    '(g (with-exception-handler (lambda (e) 0) (lambda () (let l () (l)))))'
  # Blocking socket calls, on the loopback (1 is SOCK_STREAM: the line
  # must fit the 100 columns of the terminal).
  ctrl_c_case "readline: Ctrl-C stops a blocking accept" \
    '(let ((l (socket AF_INET 1 0))) (bind l AF_INET INADDR_LOOPBACK 0) (listen l 1) (g (accept l)))'
  ctrl_c_case "readline: Ctrl-C stops a read on a socket port" \
    '(g (read-line (car (socketpair AF_UNIX SOCK_STREAM 0))))'
  # Seconds of work inside primitives, not in the VM loop: without a
  # poll there the prompt would come back only when they end.
  # (The work takes 6 s or more; 3 s leaves room for a collection of the
  # big list on a loaded machine.)  "go" comes once the list is made,
  # so that Ctrl-C comes during the display.
  ctrl_c_case "readline: Ctrl-C stops display of a list of 10,000,000 elements within 3 s" \
    "(let ((l (make-list 10000000 'abc))) (g (display l (open-output-string))))" 30
  ctrl_c_case "readline: Ctrl-C stops make-list and reverse of 10,000,000 elements within 3 s" \
    '(g (do ((i 0 (+ i 1)) (l (make-list 10000000 0) (reverse l))) ((= i 16))))' 30

  # Ctrl-C after Enter, before the evaluation starts.  The history
  # file is a FIFO: the REPL, which appends each input to it between
  # reading the line and evaluating it, stays there until the test
  # opens the FIFO.  The test waits for readline's newline (the line is
  # read), sends Ctrl-C, waits for the handler's newline (the request
  # is made), then lets the REPL go on: the loop must be interrupted,
  # not run on (it never ends).
  mkdir -p "$tmp/fifo-home"
  mkfifo "$tmp/fifo-home/.scm_history"
  new_session \
    "env HOME='$tmp/fifo-home' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; sleep 30"
  # The REPL reads its history before the first prompt: an empty one.
  : > "$tmp/fifo-home/.scm_history" &
  opener=$!
  wait_for "scm>"
  kill $opener 2>/dev/null
  wait $opener 2>/dev/null
  row=$(tmux display -p -t $s '#{cursor_y}')
  keys '(let loop () (loop))' Enter
  # wait_cursor ROW: until the cursor is on ROW (15 s at most).
  wait_cursor () {
    i=0
    while [ $i -lt 150 ] &&
          [ "$(tmux display -p -t $s '#{cursor_y}')" != "$1" ]; do
      sleep 0.1; i=$((i + 1))
    done
  }
  wait_cursor $((row + 1))
  keys C-c
  wait_cursor $((row + 2))
  cat "$tmp/fifo-home/.scm_history" > /dev/null &
  reader=$!
  wait_for "scm [1]>" 100
  check "readline: Ctrl-C once the line is read, before its evaluation, interrupts it" \
"scm> (let loop () (loop))
interrupted
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]>" "$(screen_noc | sed '/^Backtrace/d; /^  [0-9][0-9]* /d' |
      sed -E 's/^(<repl>:[0-9]+:[0-9]+: )?interrupted$/interrupted/' | tail -4)"
  tmux kill-session -t $s 2>/dev/null
  kill $reader 2>/dev/null
  wait $reader 2>/dev/null

  # One session, several long operations each stopped by Ctrl-C: work
  # in the printer, equal?, reverse, sort, list->vector, the expander
  # and compiler (a 10,000-deep let) and gcd.  Each prints "go" when it
  # starts, so that Ctrl-C comes while it runs; an interrupt that were
  # ignored would let the operation print its result (or run on) rather
  # than "interrupted".  The timeouts are generous: the prompt is waited
  # for, not timed.  The definitions made first must be intact after.
  new_session \
    "env HOME='$tmp' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; sleep 30"
  wait_for "scm>"
  keys '(define x 42) (define (sq n) (* n n))' Enter
  wait_for "scm>"
  keys "(define big (make-list 3000000 'abc)) (define big2 (make-list 3000000 'abc))" Enter
  wait_for "scm>" 300
  keys "(define nums (let l ((i 0) (r '())) (if (= i 300000) r (l (+ i 1) (cons (modulo (* i 7919) 1000003) r)))))" Enter
  wait_for "scm>" 300
  keys "(define g1 (+ (expt 3 6000000) 1)) (define g2 (+ (expt 5 4100000) 2))" Enter
  wait_for "scm>" 300
  keys "(define (deep n) (let l ((i 0) (b 'x)) (if (= i n) b (l (+ i 1) (list 'let (list (list 'x i)) b))))) (define deep-let (deep 10000))" Enter
  wait_for "scm>" 300
  # The text after the last "go" line of the screen, as ctrl_c_case
  # cleans it: the error line reduced to "interrupted", no backtrace.
  after_go () {
    screen_noc | awk '/^go$/ { t = ""; next } { t = t $0 "\n" } END { printf "%s", t }' |
      sed '/^Backtrace/d; /^  [0-9][0-9]* /d' |
      sed -E 's/^(<repl>:[0-9]+:[0-9]+: )?interrupted$/interrupted/'
  }
  long_case () {  # long_case DESCRIPTION EXPR
    keys "(begin (display \"go\") (newline) $2)" Enter
    wait_for "go" 300
    sleep 0.3
    keys C-c
    wait_for "scm [1]>" 300
    check "readline, one session: Ctrl-C stops $1" "interrupted
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]>" "$(after_go)"
    keys ',q' Enter
    wait_for "scm>"
  }
  keys "big" Enter
  # Once the printing has begun (the value goes out whole, after).
  wait_line "\$1 ="
  keys C-c
  wait_for "scm>" 50
  check "readline, one session: Ctrl-C stops the printing of a value at once" \
"scm> big
\$1 =
interrupted
scm>" "$(screen_noc | tail -4 | sed 's/ *$//')"
  long_case "display of a 3,000,000-element list" \
    "(display big (open-output-string))"
  long_case "equal? of two 3,000,000-element lists, again and again" \
    "(let l () (equal? big big2) (l))"
  long_case "reverse of a 3,000,000-element list, again and again" \
    "(let l () (reverse big) (l))"
  long_case "sort of a 300,000-element list, again and again" \
    "(let l () (sort nums <) (l))"
  long_case "list->vector of a 3,000,000-element list, again and again" \
    "(let l () (list->vector big) (l))"
  long_case "expanding and compiling a 10,000-deep let, again and again" \
    "(let l () (eval deep-let (interaction-environment)) (l))"
  # One call (about 3 s here): one mpn_gcd, which did not poll, would
  # have finished and printed its result.
  long_case "one gcd of two 9,500,000-bit integers" "(gcd g1 g2)"
  keys '(list x (sq 9) (length big) (equal? big big2) (eval deep-let (interaction-environment)))' Enter
  wait_for "scm>" 300
  check "readline, one session: after seven interrupts the definitions are intact" \
"\$2 = (42 81 3000000 #t 0)
scm>" "$(screen | tail -2)"
  tmux kill-session -t $s 2>/dev/null

  # The debugger: an error enters a debug level that keeps the frames of
  # the failed evaluation, their locals and their scope.
  new_session \
    "env HOME='$tmp' SCM_DOC_FILE='$SCM_DOC_FILE' $scm; sleep 30"
  wait_for "scm>"
  keys '(define (g a) (car a)) (define (f x) (let ((y (* x 2))) (+ y (g y))))' Enter
  wait_for "scm>"
  keys '(f 21)' Enter
  wait_for "scm [1]>"
  for k in ',bt' ',up' ',locals' '(list x y)' ',bt full' ',down' ',frame 5' \
           '(car 1)' ',q' ',error' ',q'; do
    keys "$k" Enter
    wait_for "scm [1]>" 30
  done
  wait_for "scm>"
  keys '(+ (car $1) 1)' Enter
  wait_for "scm>"
  check "readline: a debug level: ,bt ,up ,locals, evaluation in a frame, nesting, ,q" \
"scm> (f 21)
<repl>:1:15: car: wrong type argument in position 1 (expected pair): 42
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]> ,bt
  0 g at <repl>:1:15
  1 f at <repl>:1:62
scm [1]> ,up
  1 f at <repl>:1:62
scm [1]> ,locals
  x = 21
  y = 42
scm [1]> (list x y)
\$1 = (21 42)
scm [1]> ,bt full
  0 g at <repl>:1:15
      a = 42
  1 f at <repl>:1:62
      x = 21
      y = 42
scm [1]> ,down
  0 g at <repl>:1:15
scm [1]> ,frame 5
no such frame: the frames are 0 (the innermost) to 1
scm [1]> (car 1)
<repl>:10:1: car: wrong type argument in position 1 (expected pair): 1
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [2]> ,q
scm [1]> ,error
<repl>:1:15: car: wrong type argument in position 1 (expected pair): 42
scm [1]> ,q
scm> (+ (car \$1) 1)
\$2 = 22
scm>" "$(screen | sed '1,2d')"
  keys ',module (srfi 1)' Enter
  wait_for "scm@(srfi 1)>"
  keys ',m libscm user' Enter
  wait_for "scm>"
  check "readline: the prompt names the current module unless it is the user module" \
"scm> ,module (srfi 1)
scm@(srfi 1)> ,m libscm user
scm>" "$(screen | tail -3)"
  keys '(define (add a b) (+ a b)) (define (twice x) (* 2 (add x 1)))' Enter
  wait_for "scm>"
  keys ',break add' Enter
  wait_for "scm>"
  keys '(twice 5)' Enter
  wait_for "scm [1]>"
  keys ',locals' Enter
  wait_for "scm [1]>"
  keys ',q' Enter
  wait_for "scm>"
  keys ',unbreak add' Enter
  wait_for "scm>"
  keys '(list (twice 5) (equal? (add 1 2) 3))' Enter
  wait_for "scm>"
  check "readline: ,break enters a debug level at the call, ,q lets it go on; ,unbreak" \
"scm> ,break add
scm> (twice 5)
break at entry of (add 5 1)
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]> ,locals
  args = (5 1)
  name = add
  proc = #<procedure add>
scm [1]> ,q
\$3 = 12
scm> ,unbreak add
scm> (list (twice 5) (equal? (add 1 2) 3))
\$4 = (12 #t)
scm>" "$(screen | tail -14 | sed 's/^libscm:[^ ]*: //')"
  tmux kill-session -t $s 2>/dev/null
else
  n=$((n + 1)); echo "ok $n # SKIP tmux is not installed"
fi

echo "1..$n"
[ "$fails" = 0 ]
