#!/bin/sh
# library-images.sh -- the built-in libraries precompiled into the image
# (prelude-image.c) behave as the same libraries compiled from their
# text (SCM_PRELUDE_FROM_SOURCE=1), for a fraction of the work (TAP).
# Environment from make check: top_builddir, top_srcdir, SCM_STATIC_ALLOC.
# SPDX-License-Identifier: LGPL-3.0-or-later

: "${top_builddir:=.}" "${top_srcdir:=.}"
scm="$(cd "$top_builddir" && pwd)/scm"
n=0
fails=0
ok () { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi; }
tmp=${TMPDIR:-/tmp}/library-images.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT

# Every built-in library, by the name its file gives it: (srfi 1) for
# module/srfi/1.sld.
libs=$(cd "$top_srcdir/module" && find . -name '*.sld' \
         | sed 's|^\./||; s|\.sld$||; s|/| |g; s|^|(|; s|$|)|' | sort \
         | tr '\n' ' ')

# The disassembly of every exported procedure of each (those made by
# lambda: a primitive or a macro has none) and what its debug data
# says (procedure-source-info: name, parameters, docstring, module,
# position), then the count.  An anonymous procedure among the
# constants is written with its address, which differs from run to run.
cat > "$tmp/dis.scm" <<EOF
(import (libscm disassemble))
(for-each
 (lambda (name)
   (let ((m (resolve-module name)) (n 0))
     (for-each
      (lambda (sym)
        (let ((v (module-variable m sym)))
          (if (and v (variable-bound? v) (procedure? (variable-ref v)))
              (guard (e (#t #f))
                (let ((out (open-output-string)))
                  (disassemble (variable-ref v) out)
                  (set! n (+ n 1))
                  (display (get-output-string out))
                  (write (procedure-source-info (variable-ref v)))
                  (newline))))))
      (module-exports m))
     (write (list name n)) (newline)))
 '($libs))
EOF
# A call of another global compiled in this process runs unchecked
# (GCALL_U) while its callee fits; an image holds the checked GCALL.
norm () { sed 's/#<procedure 0x[0-9a-f]*>/#<procedure>/g; s/ GCALL_U  / GCALL    /g'; }
"$scm" "$tmp/dis.scm" 2>&1 | norm > "$tmp/image.txt"
SCM_PRELUDE_FROM_SOURCE=1 "$scm" "$tmp/dis.scm" 2>&1 | norm > "$tmp/source.txt"
count=$(grep -c '^((.*) [1-9][0-9]*)$' "$tmp/image.txt")
procs=$(grep -c '^Disassembly of' "$tmp/image.txt")
echo "# $procs procedures of $count libraries disassembled"
[ "$count" -ge 50 ] && [ "$procs" -ge 1500 ]
ok $? "the libraries' procedures disassemble ($procs of $count libraries)"
cmp -s "$tmp/image.txt" "$tmp/source.txt"
ok $? "each disassembles as it does compiled from the library's text, with the same debug data"
[ "$(grep -c '^((name \. [^ ]*) (formals' "$tmp/image.txt")" -ge 1000 ]
ok $? "the imaged procedures carry their debug data (parameters, module)"
grep -q 'libscm:srfi/1.sld:[0-9]*:[0-9]*' "$tmp/image.txt"
ok $? "and carries the source positions of the text"

# An error raised inside a library procedure: its message and backtrace
# give the library's file, line and column.
printf '(import (scheme base) (srfi 1))\n(define (f) (fold + 0 (quote (1 2)) (quote x)))\n(f)\n' > "$tmp/e1.scm"
printf '(import (scheme base) (srfi 133))\n(vector-index even? 5)\n' > "$tmp/e2.scm"
for e in e1 e2; do
  err=$(cd "$tmp" && "$scm" $e.scm 2>&1)
  err_source=$(cd "$tmp" && SCM_PRELUDE_FROM_SOURCE=1 "$scm" $e.scm 2>&1)
  echo "$err" | sed 's/^/# /'
  case $err in
    libscm:srfi/*.sld:[0-9]*:[0-9]*:*"wrong type argument"*"  0 "*" at libscm:srfi/"*) ok 0 "an error in a library procedure is placed in the library ($e)" ;;
    *) ok 1 "an error in a library procedure is placed in the library ($e)" ;;
  esac
  [ "$err" = "$err_source" ]
  ok $? "the same message and backtrace as compiled from the text ($e)"
done

# The debugger's view of a frame of imaged code: its locals by name,
# and the library's module.
cat > "$tmp/locals.scm" <<'EOF'
(import (scheme base) (scheme write) (srfi 1))
(record-frame-locals! #t)
(guard (e (#t (for-each (lambda (f)
                          (write (list (vector-ref f 0) (vector-ref f 5)
                                       (vector-ref f 7)))
                          (newline))
                        (condition-backtrace e))))
  (delete-duplicates (list 1 2 1) (lambda (a b) (car a))))
EOF
locals=$("$scm" "$tmp/locals.scm" 2>&1 | norm)
locals_source=$(SCM_PRELUDE_FROM_SOURCE=1 "$scm" "$tmp/locals.scm" 2>&1 | norm)
echo "$locals" | sed 's/^/# /'
case $locals in
  *"(delete-duplicates ((list 1 2 1) (maybe= #<procedure>)"*"(x . 2)"*"#<module (srfi 1)>)"*)
    ok 0 "a frame of imaged code shows its locals and module" ;;
  *) ok 1 "a frame of imaged code shows its locals and module" ;;
esac
[ "$locals" = "$locals_source" ]
ok $? "the same locals as compiled from the text"

stat () { "$scm" -c "$1 (display (cdr (assq (quote $2) (gc-stats))))"; }
# A forward reference compiled in a library's module (static in the
# image) survives collections: the weak table of such references treats
# the image's modules as alive.
fwd=$("$scm" -c "(import (scheme base) (scheme eval) (scheme write) (srfi 1))
  (define f (eval '(lambda () no-such-name-here) (resolve-module '(srfi 1))))
  (gc) (gc)
  (write (list (procedure? f) (fold + 0 '(1 2))))" 2>&1)
[ "$fwd" = "(#t 3)" ]
ok $? "a forward reference in a library's module survives collections ($fwd)"

# The program's own data: a top-level form costs its expansion and
# compilation, an import as much as any other.
bare=$(stat '(if #f #f)' bytes-allocated)
if [ "$SCM_STATIC_ALLOC" = 1 ]; then
  # Importing a library is binding names from its table.
  base=$(stat '(import (scheme base) (scheme write))' bytes-allocated)
  base_source=$(SCM_PRELUDE_FROM_SOURCE=1 stat '(import (scheme base) (scheme write))' bytes-allocated)
  bare_source=$(SCM_PRELUDE_FROM_SOURCE=1 stat '(if #f #f)' bytes-allocated)
  echo "# (scheme base) and (scheme write): $((base - bare)) bytes allocated from the image, $((base_source - bare_source)) from their text"
  [ $((base - bare)) -le 4096 ]
  ok $? "importing (scheme base) and (scheme write) allocates at most 4 KiB ($((base - bare)) bytes)"
  s1=$(stat '(import (srfi 133))' bytes-allocated)
  s1_source=$(SCM_PRELUDE_FROM_SOURCE=1 stat '(import (srfi 133))' bytes-allocated)
  echo "# (srfi 133): $((s1 - bare)) bytes allocated from the image, $((s1_source - bare_source)) from its text"
  [ $((20 * (s1 - bare))) -lt $((s1_source - bare_source)) ]
  ok $? "importing (srfi 133) allocates less than a twentieth of compiling it"
  # A program's module takes a library of the image imported whole
  # without a copy of its bindings (modules.c, "Lazy imports"): (srfi
  # 1)'s 250 names took 8 KB of tables.
  s1=$(stat '(import (srfi 1))' bytes-allocated)
  [ $((s1 - bare)) -le 4096 ]
  ok $? "importing (srfi 1) allocates at most 4 KiB ($((s1 - bare)) bytes)"
  # Issue 38's import program, start-up included.
  all="(import (scheme base) (scheme case-lambda) (scheme char)
    (scheme complex) (scheme cxr) (scheme eval) (scheme file)
    (scheme inexact) (scheme lazy) (scheme load) (scheme process-context)
    (scheme read) (scheme repl) (scheme time) (scheme write)
    (srfi 1) (srfi 64) (srfi 69) (srfi 133) (srfi 158))"
  a=$(stat "$all" bytes-allocated) h=$(stat "$all" heap-size)
  echo "# the import program: $a bytes allocated, a heap of $h bytes"
  [ "$a" -le 65536 ] && [ "$h" -le 262144 ]
  ok $? "the 15 (scheme ...) libraries and five SRFIs: at most 64 KiB allocated, a heap of 256 KiB"

  # The variables of a library are scanned once it is imported, and
  # only then.
  r0=$(stat '' static-roots)
  r1=$(stat '(import (srfi 1))' static-roots)
  r2=$(stat '(import (srfi 1) (srfi 133))' static-roots)
  u0=$(stat '' static-roots-unused)
  u1=$(stat '(import (srfi 1))' static-roots-unused)
  echo "# static roots: $r0 bytes, $r1 with (srfi 1), $r2 with (srfi 133) too; $u0 and $u1 left out"
  [ "$r1" -gt "$r0" ] && [ $((r1 - r0)) -le 4096 ] && [ "$r2" -gt "$r1" ] \
    && [ $((u0 - u1)) = $((r1 - r0)) ]
  ok $? "the static roots grow by the variables of the libraries imported"

  # A library without state is shared by every instance: nothing may
  # assign or define in it.
  shared=$("$scm" -c "(import (scheme base) (scheme write) (srfi 1))
    (define m (resolve-module '(srfi 1)))
    (define (err thunk) (guard (e (#t 'raised)) (thunk) 'done))
    (write (list (err (lambda () (variable-set! (module-variable m 'fold) 1)))
                 (err (lambda () (module-define! m 'fold 1)))
                 (err (lambda () (eval '(define fold 1) m)))
                 (fold + 0 '(1 2))))")
  [ "$shared" = "(raised raised raised 3)" ]
  ok $? "a shared library of the image is immutable ($shared)"

  # Which libraries the image holds: an import of one allocates a few
  # KiB (the names it adds to the program's module), of a library
  # compiled from its text hundreds.  Those that stay text, and why
  # (doc/internals.md): a hash table made at load time ((ice-9 format)),
  # a random state ((srfi 27)), a foreign pointer ((system foreign)),
  # a mutex ((system repl server)'s list of clients), and (libscm
  # comparators), whose registry the libraries loaded after it extend,
  # with the libraries that use it.
  text_expected="(ice-9 format) (libscm comparators) (libscm maps) (srfi 113) (srfi 125) (srfi 128) (srfi 146 hash) (srfi 146) (srfi 162) (srfi 27) (system foreign) (system repl server) "
  text=
  for lib in $(echo "$libs" | sed 's/) (/)\n(/g; s/ /_/g'); do
    lib=$(echo "$lib" | tr _ ' ' | sed 's/ *$//')
    a=$(stat "(import $lib)" bytes-allocated)
    [ $((a - bare)) -gt 65536 ] && text="$text$lib "
  done
  echo "# compiled from text at import: $text"
  [ "$text" = "$text_expected" ]
  ok $? "every built-in library is in the image but the $(echo "$text_expected" | grep -o '(' | wc -l) that stay text, each for its reason"
else
  ok 0 "# SKIP no image with --disable-static-alloc: libraries compile at import"
  ok 0 "# SKIP no image"
  ok 0 "# SKIP no image"
fi
echo "1..$n"
[ "$fails" = 0 ]
