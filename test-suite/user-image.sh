#!/bin/sh
# user-image.sh -- a program's own libraries as an image (scm-image,
# scm_c_register_image), built as an embedder would against the built,
# uninstalled library: doc/examples/image-host.c and its library, then
# a test host with two images (TAP).  Checks the example's output,
# where the linker put the image (RELRO, not scanned), that imaged code
# disassembles as the same code compiled from source and reports the
# same source positions, that names the program interned before
# registration are the image's, that a library with state has its own
# variables in each instance, and the errors: an image of another
# libscm, one registered twice, two images with the same library.
# SPDX-License-Identifier: LGPL-3.0-or-later
NAME=user-image
. "${top_srcdir:-.}/test-suite/example-lib.sh"
: "${READELF:=readelf}"

if [ ! -e "$top_builddir/libscm/.libs/libscm.so" ]; then
  # An image refers into the shared library that wrote it.
  echo "1..0 # SKIP no shared libscm"
  exit 0
fi
if [ "${SCM_STATIC_ALLOC:-1}" = 0 ]; then
  # An image refers into libscm's own image: without it, scm-image
  # says so and writes nothing; the rest cannot run.
  mkdir "$tmp/myapp" && cp "$top_srcdir/doc/examples/myapp/rules.sld" \
    "$tmp/myapp/" && cd "$tmp" || finish
  out=$(LD_LIBRARY_PATH=$top_builddir/libscm/.libs "$top_builddir/program/scm-image" \
          --name x -o x.c myapp/rules.sld 2>&1; echo "status $?")
  [ ! -e x.c ]
  check "--disable-static-alloc: scm-image says why it cannot, no file" \
"scm-image: this libscm runs without its own image (--disable-static-alloc, or SCM_PRELUDE_FROM_SOURCE set): it cannot write one
status 1 0" "$out $?"
  echo "ok 2 # SKIP the images: --disable-static-alloc"
  n=2
  finish
fi
top_srcdir=$(cd "$top_srcdir" && pwd)
tool=$("$PKG_CONFIG" --variable=image libscm)
check "pkg-config names scm-image of the build tree" \
  "$top_builddir/program/scm-image" "$tool"
LD_LIBRARY_PATH=$top_builddir/libscm/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

cp -R "$top_srcdir/doc/examples/myapp" "$top_srcdir/doc/examples/image-host.c" \
  "$tmp/" || finish
cp "$top_srcdir/test-suite/images/myapp/counter.sld" \
  "$top_srcdir/test-suite/images/myapp/report.sld" "$tmp/myapp/" || finish
cp "$top_srcdir/test-suite/image-test-host.c" "$tmp/" || finish
cd "$tmp" || finish

# ---- The example, as the manual builds it.
out=$("$tool" --name myapp_image -o myapp-image.c myapp/rules.sld 2>&1;
      echo "status $?")
case $out in
  "scm-image: myapp_image: 1 library, "*" objects, "*"status 0") ok=0 ;;
  *) ok=1 ;;
esac
check "scm-image --name myapp_image -o myapp-image.c myapp/rules.sld" \
  0 "$ok${ok#0}"
[ "$ok" = 0 ] || echo "# $out"
out=$($CC $CFLAGS -Wall -Wextra -fPIE -o image-host image-host.c myapp-image.c \
        $cflags $libs $LDFLAGS 2>&1; echo "status $?")
check "cc -fPIE -o image-host image-host.c myapp-image.c \$(pkg-config ...)" \
  "status 0" "$out"
[ -x image-host ] || finish
# No file on disk: the library is imported from the image.
mkdir run && cd run || finish
../image-host > stdout 2> stderr
check "./image-host: status 0" 0 $?
check "its output: both instances import (myapp rules) from the image" \
"instance 1:
(-3 freezing wear a coat)
(14 mild a jumper will do)
(31 hot stay in the shade)
instance 2:
(-3 freezing wear a coat)
(14 mild a jumper will do)
(31 hot stay in the shade)" "$(cat stdout)"
check "an error in imaged code: the library's source position" \
"myapp/rules.sld:39:24: with-reading: not a temperature: \"hot\"
Backtrace (innermost first):
  0 <anonymous> at myapp/rules.sld:39:24" "$(cat stderr)"
in_manual stdout stderr
cd .. || finish

# ---- What cannot be in an image: said, and nothing written.
cp "$top_srcdir/test-suite/images/myapp/table.sld" myapp/ || finish
out=$("$tool" -L . --name t_image -o table-image.c myapp/table.sld 2>&1;
      echo "status $?")
case $out in
  *"(an object that cannot be static (a table, a port))"*"scm-image: (myapp table) cannot be in the image
status 1") ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
[ ! -e table-image.c ] && [ ! -e table-image.c-t ]
check "a library that keeps a hash table: refused with the reason, no file" \
  "0 0" "$ok $?"
out=$("$tool" --name 1st -o x.c myapp/rules.sld 2>&1; echo "status $?")
check "a name that is no C identifier" \
"scm-image: the image's name must be a C identifier: 1st
status 1" "$out"
out=$("$tool" --name x myapp/rules.sld 2>&1; echo "status $?")
case $out in
  "usage: scm-image"*"status 2") ok=0 ;; *) ok=1 ;;
esac
check "no -o: the usage, status 2" 0 $ok

# ---- Placement: the image's objects in RELRO, its variables in .data.
relro=$("$READELF" -lW image-host | awk '$1 == "GNU_RELRO" { print $3, $6 }')
"$READELF" -SW image-host | sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) .*/\1 \2/p' \
  > sections
"$READELF" -sW image-host | awk '$8 ~ /_scm_(img|imgvar)$/ || $8 == "myapp_image" { print $2, $3, $7, $8 }' > objects
report=$(awk -v relro="$relro" '
  function hex(s,   i, c, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v }
  BEGIN { split(relro, r, " "); rlo = hex(r[1]); rhi = rlo + hex(r[2]) }
  FILENAME == "sections" { sec[$1] = $2; next }
  { addr = hex($1); s = sec[$3]; inrelro = addr >= rlo && addr + $2 <= rhi
    if ($4 ~ /imgvar$/) { v++; if (s != ".data" || inrelro) bad++ }
    else if (s == ".data.rel.ro") { c++; if (!inrelro) bad++; b += $2 }
    else if (s ~ /^\.rodata/) { ro++ }
    else bad++ }
  END { printf "%d %d %d %d %d", c, b, ro, v, bad }' sections objects)
set -- $report
echo "# image-host: $1 objects ($2 bytes) in .data.rel.ro, $3 in .rodata, $4 writable in .data"
[ -n "$relro" ] && [ "$1" -gt 20 ] && [ "$5" = 0 ]
check "the image's objects and myapp_image lie in .data.rel.ro inside GNU_RELRO" \
  0 $?
grep -q ' myapp_image$' objects && \
  [ "$(awk '$4 == "myapp_image" { print $3 }' objects)" = \
    "$(awk '$2 == ".data.rel.ro" { print $1 }' sections)" ]
check "myapp_image itself is in .data.rel.ro" 0 $?

# ---- The test host: two images.
out=$("$tool" -L . --name test_image -o test-image.c ./myapp/rules.sld \
        ./myapp/counter.sld ./myapp/report.sld 2>&1; echo "status $?")
check "scm-image of three libraries, each importing the one before" \
  "status 0" "$(printf '%s\n' "$out" | tail -n 1)"
mkdir other && cp myapp/rules.sld other/ || finish
out=$("$tool" --name other_image -o other-image.c other/rules.sld 2>&1;
      echo "status $?")
check "scm-image of another (myapp rules)" "status 0" \
  "$(printf '%s\n' "$out" | tail -n 1)"
build_host () {  # build_host PROG TEST-IMAGE.c
  $CC $CFLAGS -Wall -Wextra -fPIE -o "$1" image-test-host.c "$2" \
    other-image.c $cflags $libs $LDFLAGS 2>&1
}
out=$(build_host host test-image.c; echo "status $?")
check "cc -o host image-test-host.c test-image.c other-image.c" \
  "status 0" "$out"
[ -x host ] || finish

# Not scanned: linking and registering the images adds their few
# writable words to the collector's roots, not their read-only objects.
out=$($CC $CFLAGS -DNO_IMAGES -fPIE -o host0 image-test-host.c $cflags $libs \
        $LDFLAGS 2>&1; echo "status $?")
check "cc -DNO_IMAGES -o host0 image-test-host.c" "status 0" "$out"
roots () {
  "$@" "(cdr (assq 'static-roots (gc-stats)))" | tail -n 1 | sed 's/=> //'
}
r0=$(roots ./host0)
r1=$(roots ./host --register test --register other)
relro_size () {
  s=$("$READELF" -SW "$1" | sed -n 's/.*\] \.data\.rel\.ro *PROGBITS *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\).*/\1/p')
  echo $((0x${s:-0}))
}
ro=$(( $(relro_size host) - $(relro_size host0) ))
echo "# static roots: $r0 bytes without the images; $r1 with them ($ro bytes of .data.rel.ro more)"
# Not under AddressSanitizer (make check-asan sets ASAN_OPTIONS): its
# runtime's data are scanned too (19 MB of roots there) and its
# instrumented globals with their redzones add tens of KiB with the
# images linked in, which says nothing of libscm's own roots.
if [ -z "${ASAN_OPTIONS+set}" ]; then
  [ "$ro" -gt 50000 ] && [ $((r1 - r0)) -lt 1024 ]
  check "the images' read-only objects are not scanned: the roots grow by less than 1 KiB" 0 $?
fi

# Disassembly and debug data: as compiled from the source.
cat > dis.scm <<'EOS'
(import (libscm disassemble) (myapp rules) (myapp counter))
(for-each (lambda (p) (disassemble p) (write (procedure-source-info p))
            (newline))
          (list classify advice readings->classes bump! current))
EOS
# A call of another global compiled in this process runs unchecked
# (GCALL_U) while its callee fits; an image holds the checked GCALL.
norm () { sed 's/#<procedure 0x[0-9a-f]*>/#<procedure>/g; s/ GCALL_U  / GCALL    /g'; }
./host --register test '(load "dis.scm")' 2>&1 | norm > image.txt
{ echo "=> #t"; "$top_builddir/scm" -L . dis.scm 2>&1
  echo "=> #<unspecified>"; } | norm > source.txt
procs=$(grep -c '^Disassembly of' image.txt)
echo "# $procs code objects disassembled"
[ "$procs" -ge 6 ] && cmp -s image.txt source.txt
check "imaged procedures disassemble as compiled from source, same debug data" \
  0 $?
[ $? = 0 ] || diff image.txt source.txt | head -20 | sed 's/^/# /'

# Source positions in a backtrace, as from source.
expr='(import (myapp rules)) (define (go) (readings->classes (list 1 (quote x)))) (go)'
./host --register test "$expr" > bt-image.txt 2>&1
"$top_builddir/scm" -L . -c "$expr" > bt-source.txt 2>&1
# (The image keeps no macro names in its source maps: ", in the
# expansion of with-reading" is left out.)
pos () { grep 'myapp/rules.sld' "$1" | sed 's/, in the expansion of .*//'; }
grep -q 'myapp/rules.sld:39:24' bt-image.txt && [ "$(pos bt-image.txt)" = "$(pos bt-source.txt)" ]
check "a backtrace from imaged code: the source positions from source" 0 $?

# State: the instance that imports (myapp counter) first owns the
# image's variables; another compiles the text the image carries (no
# file on disk here) and counts on its own.
mkdir nofiles && cd nofiles || finish
b="(cdr (assq 'bytes-allocated (gc-stats)))"
imp="(define b0 $b) (import (myapp counter)) (- $b b0)"
out=$(../host --register test "$imp" '(bump!)' '(bump!)' "%$imp" \
        '%(list (bump!) (bump!) (bump!))' '(bump!)' '%(current)' '(current)' \
        '@(import (myapp counter)) (list (bump!) (current))' \
        "%(map (lambda (k) (cdr (assq k (procedure-source-info bump!)))) '(file line))" \
        '(import (myapp report)) (report)' '%(import (myapp report)) (bump!) (report)' \
        2>&1)
cd .. || finish
set -- $(printf '%s\n' "$out" | sed -n '2p;5p' | sed 's/=> //')
echo "# importing (myapp counter): $1 bytes allocated in its owner (the image), $2 in another instance (compiled from the image's text)"
check "a library with state: each instance counts on its own, from no file" \
"=> (1 mild)
=> (2 warm)
=> ((1 mild) (2 warm) (3 hot))
=> (3 hot)
=> 3
=> 3
=> ((1 mild) 1)
=> (\"./myapp/counter.sld\" 15)
=> (count 3)
=> (count 4)" "$(printf '%s\n' "$out" | sed '1,2d;5d')"
[ "${1:-x}" -lt 16384 ] 2>/dev/null && [ "${2:-0}" -gt $((4 * ${1:-0})) ]
check "the owner's import compiles nothing; the other's compiles the text" 0 $?
# A self call is compiled unchecked (GSELFTAILCALL2_U) only where the
# code can be patched back: the image, read-only, keeps it checked.
out=$(./host --register test '(import (myapp counter)) (tally 100000 0)' \
        '((eval (quote disassemble) (environment (quote (libscm disassemble)))) tally)' 2>&1)
case $out in
  *"=> 100000"*GSELFTAILCALL2" "*) ok=0 ;; *) ok=1 ;;
esac
case $out in *GSELFTAILCALL2_U*) ok=1 ;; esac
check "a self-recursive procedure of an image: checked self calls, and it runs" 0 $ok
[ "$ok" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
# Closures made by imaged code: CLOSURE12's and CLOSURE's count
# operands read back from the image.
out=$(./host --register test '(import (myapp counter)) (closures 1 2 3 4 5 6)' \
        '((eval (quote disassemble) (environment (quote (libscm disassemble)))) closures)' 2>&1)
case $out in
  *"=> (none 1 (1 2) (1 2 3) (1 2 3 4) (1 2 3 4 5) (1 2 3 4 5 6))"*CLOSURE12" "*CLOSURE" "*) ok=0 ;;
  *) ok=1 ;;
esac
check "closures of 0 to 6 free values made by an image's code" 0 $ok
[ "$ok" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'
out=$(./host --register test \
        '@(import (myapp rules)) (variable-set! (module-variable (resolve-module (quote (myapp rules))) (quote classify)) 1)' 2>&1)
case $out in
  *"=> error") ok=0 ;; *) ok=1 ;;
esac
check "a shared library's variables cannot be assigned" 0 $ok
[ "$ok" = 0 ] || printf '%s\n' "$out" | sed 's/^/# /'

# ---- Errors of registration.
out=$(./host --register test --register test 2>&1)
check "an image registered twice" \
"=> #t
scm_c_register_image: the image is registered already: \"test_image\" \"test_image\"
=> error" "$out"
out=$(./host --register test --register other '(import (myapp rules)) (classify 1)' 2>&1)
check "two images with the same library: the second is refused" \
"=> #t
scm_c_register_image: a library of the image is in another registered image: \"other_image\" ((myapp rules) \"test_image\")
=> error
=> cold" "$out"
# Names the program interned before registering: the image's code and
# tables take the program's symbols.
out=$(./host --intern readings-\>classes --intern classify --register test \
  "(import (myapp rules)) (list (eq? 'classify (string->symbol \"classify\")) (classify 3) readings->classes (memq 'classify (module-exports (resolve-module '(myapp rules)))))" 2>&1)
case $out in
  "=> #t
=> (#t cold #<procedure readings->classes> (classify "*) ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
check "symbols interned before registration: the image takes the program's" 0 $ok

# An image of another libscm: the hash patched in a copy.
hash=$(sed -n 's/^  SCM_IMAGE_MAGIC, "test_image", "[^"]*", \(0x[0-9a-f]*\)UL.*/\1/p' test-image.c)
sed "s/$hash/0x1234/" test-image.c > bad-image.c
out=$(build_host bad bad-image.c; echo "status $?")
check "cc -o bad ... with the instruction-set hash patched" "status 0" "$out"
out=$(./bad --register test '(import (myapp rules))' 2>&1)
case $out in
  "scm_c_register_image: the image test_image was written by libscm "*" (instruction set 0x1234, binary 0x"*"), not by this libscm "*" (instruction set $hash, binary 0x"*"): write it again with this libscm's scm-image: "*"
=> error
import: library not found in the load path: (myapp rules) "*"=> error")
    ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
check "a mismatched image: a clear error naming both, and no library" 0 $ok

finish
