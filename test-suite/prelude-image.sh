#!/bin/sh
# prelude-image.sh -- the precompiled prelude (prelude-image.c) is what
# scm_init installs, and it behaves as the prelude compiled from source
# (SCM_PRELUDE_FROM_SOURCE=1) does, for a fraction of the allocation (TAP).
# Environment from make check: top_builddir, SCM_STATIC_ALLOC (1/0).
# SPDX-License-Identifier: LGPL-3.0-or-later

: "${top_builddir:=.}"
scm="$(cd "$top_builddir" && pwd)/scm"
n=0
fails=0
ok () { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi; }

# Prelude procedures and macros of every kind: map and apply (VM
# intrinsics), guard and dynamic-wind (the dynamic state), parameters,
# promises (a record type), syntax-case macros (with-syntax), catch.
prog='(define p (make-parameter 1))
(define k (call/cc (lambda (k) k)))
(display (list (map + (list 1 2) (list 10 20)) (apply max 3 (list 9 4))
  (guard (e ((symbol? e) (list (quote caught) e))) (raise (quote boom)))
  (let ((trace (quote ())))
    (dynamic-wind (lambda () (set! trace (cons 1 trace)))
                  (lambda () (set! trace (cons 2 trace)))
                  (lambda () (set! trace (cons 3 trace))))
    trace)
  (parameterize ((p 2)) (p)) (p) (force (delay (+ 1 2)))
  (with-syntax ((x 5)) (syntax->datum (syntax x)))
  (catch (quote oops) (lambda () (throw (quote oops) 1)) (lambda (key . args) args))
  (procedure? k) (vector-map (lambda (x) (* x x)) #(1 2 3))))'
from_image=$("$scm" -c "$prog" 2>&1)
from_source=$(SCM_PRELUDE_FROM_SOURCE=1 "$scm" -c "$prog" 2>&1)
echo "# $from_image"
[ "$from_image" = "$from_source" ] && [ -n "$from_image" ]
ok $? "the prelude behaves the same from the image and from source"
expected='((11 22) 9 (caught boom) (3 2 1) 2 1 3 5 (1) #t #(1 4 9))'
[ "$from_image" = "$expected" ]; ok $? "and as it should: $expected"

# A prelude procedure redefined at the top level: the REPL's own, and the
# prelude's callers keep theirs.
redef=$("$scm" -c '(define (map f l) (quote mine)) (display (list (map car (quote ((1)))) (vector->list (vector-map - #(1 2)))))' 2>&1)
[ "$redef" = "(mine (-1 -2))" ]; ok $? "redefining map changes the program's calls only ($redef)"

# Backtraces through prelude code leave the prelude's frames out, and
# place the error in the program (the image keeps the source maps).
tmp=${TMPDIR:-/tmp}/prelude-image.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT
printf '(define (f x) (map (lambda (y) (car y)) x))\n(f (list 5))\n' > "$tmp/e.scm"
err=$(cd "$tmp" && "$scm" e.scm 2>&1)
err_source=$(cd "$tmp" && SCM_PRELUDE_FROM_SOURCE=1 "$scm" e.scm 2>&1)
echo "$err" | sed 's/^/# /'
case $err in
  "e.scm:1:32: car: "*) case $err in *boot.scm*) ok 1 "a backtrace through map shows no prelude frame" ;;
                          *) ok 0 "a backtrace through map shows no prelude frame" ;; esac ;;
  *) ok 1 "an error in a procedure that map calls is placed in the program" ;;
esac
[ "$err" = "$err_source" ]; ok $? "the same message and backtrace as with the prelude compiled from source"

# The prelude redefines member and assoc (an optional equality): the
# primitives' C init, run after the image is in place, must not undo it.
both=$("$scm" -c '(display (list (member 2.0 (list 1 2 3) =) (assoc 2.0 (list (list 1) (list 2)) =)))' 2>&1)
[ "$both" = "((2 3) (2))" ]; ok $? "the prelude's member and assoc, not the primitives ($both)"

alloc () { "$scm" -c '(display (cdr (assq (quote bytes-allocated) (gc-stats))))'; }
a_image=$(alloc)
a_source=$(SCM_PRELUDE_FROM_SOURCE=1 alloc)
echo "# bytes allocated by start-up: $a_image with the image, $a_source compiling the prelude"
if [ "$SCM_STATIC_ALLOC" = 1 ]; then
  [ "$a_image" -gt 0 ] && [ $((a_image * 4)) -lt "$a_source" ]
  ok $? "the image allocates less than a quarter of what compiling does"
  # The core module's table is the image's, static: were it copied to
  # the heap (a binding C init makes that the image does not hold), it
  # would cost 32 KiB by itself.
  [ "$a_image" -le 32768 ]
  ok $? "start-up allocates at most 32 KiB ($a_image bytes)"
else
  [ "$a_image" = "$a_source" ] || [ $((a_image * 10)) -gt $((a_source * 9)) ]
  ok $? "no image with --disable-static-alloc: the prelude is compiled at init"
fi
echo "1..$n"
[ "$fails" = 0 ]
