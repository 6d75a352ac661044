#!/bin/sh
# compiled-cache.sh -- scm compile: a library's image as a shared object
# in the cache, which import loads with dlopen when it is newer than the
# source and was built by this very scm; stale, foreign or broken files
# are passed over with a note, and the source is compiled; a library
# with state in two instances of a program counts in each (TAP).
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-compiled-cache.$$
mkdir -p "$tmp" && trap 'rm -rf "$tmp"' EXIT
check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}
finish () { echo "1..$n"; [ "$fails" = 0 ]; exit; }

if [ "${SCM_STATIC_ALLOC:-1}" = 0 ] || ! $CC --version >/dev/null 2>&1; then
  echo "1..0 # SKIP --disable-static-alloc, or no C compiler"
  exit 0
fi
top_srcdir=$(cd "$top_srcdir" && pwd)
top_builddir=$(cd "$top_builddir" && pwd)
scm=$top_builddir/scm
XDG_CACHE_HOME=$tmp/cache
SCM_COMPILE_CFLAGS="-I$top_builddir -I$top_srcdir"
export XDG_CACHE_HOME SCM_COMPILE_CFLAGS
mkdir -p "$tmp/src" && cp -R "$top_srcdir/doc/examples/myapp" "$tmp/src/" || finish
cd "$tmp/src" || finish

# Whether the library came from the cache: its shared object is mapped.
prog='(import (myapp rules) (scheme file))
(display (readings->classes (list -5 15 40)))
(display (call-with-input-file "/proc/self/maps"
  (lambda (p) (let loop ((l (read-line p)))
    (cond ((eof-object? l) " source")
          ((string-index l #\.) (if (string-contains l "rules.sld.so") " compiled" (loop (read-line p))))
          (else (loop (read-line p))))))))'

out=$("$scm" -L . -c "$prog" 2>&1)
check "before scm compile: from the source" "(freezing mild hot) source" "$out"

out=$("$scm" compile -L . ./myapp/rules.sld 2>&1; echo "status $?")
so=$(printf '%s\n' "$out" | sed -n 's/^wrote //p')
case $so in
  "$tmp/cache/libscm/"*"$tmp/src/myapp/rules.sld.so") ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
check "scm compile -L . ./myapp/rules.sld writes the cache's file" 0 $ok
[ -f "$so" ] || finish

out=$("$scm" -L . -c "$prog" 2>&1)
check "import loads the compiled file" "(freezing mild hot) compiled" "$out"

# The same code: disassembly and debug data as from the source.
cat > dis.scm <<'EOS'
(import (libscm disassemble) (myapp rules))
(for-each (lambda (p) (disassemble p) (write (procedure-source-info p))
            (newline))
          (list classify advice readings->classes))
EOS
# A call of another global compiled in this process runs unchecked
# (GCALL_U) while its callee fits; an image holds the checked GCALL.
norm () { sed 's/#<procedure 0x[0-9a-f]*>/#<procedure>/g; s/ GCALL_U  / GCALL    /g'; }
"$scm" -L . dis.scm 2>&1 | norm > compiled.txt
mv "$so" "$so.off"
"$scm" -L . dis.scm 2>&1 | norm > source.txt
mv "$so.off" "$so"
[ "$(grep -c '^Disassembly' compiled.txt)" -ge 4 ] && cmp -s compiled.txt source.txt
check "compiled procedures disassemble as from source, with the same debug data" 0 $?

# An error inside it: the source position.
out=$("$scm" -L . -c "(import (myapp rules)) (readings->classes '(1 x))" 2>&1 | head -n 1)
check "an error in compiled code says where in the source" \
  "./myapp/rules.sld:39:24: with-reading: not a temperature: x" "$out"

# Stale: the source is newer.
sleep 1; touch myapp/rules.sld
out=$("$scm" -L . -c "$prog" 2>&1)
check "a file older than its source: a note, and the source" \
";;; note: not using the compiled file $so: older than its source
(freezing mild hot) source" "$out"

# Foreign: an image of another libscm binary (the shared library's,
# as scm-image writes it) where this scm's would be.
if [ -e "$top_builddir/libscm/.libs/libscm.so" ]; then
  LD_LIBRARY_PATH=$top_builddir/libscm/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export LD_LIBRARY_PATH
  "$top_builddir/program/scm-image" --name scm_compiled_image -o other.c \
    myapp/rules.sld 2>/dev/null
  out=$($CC -shared -fPIC -o "$so" other.c $SCM_COMPILE_CFLAGS 2>&1; echo "status $?")
  check "cc -shared of an image that scm-image wrote" "status 0" "$out"
  out=$("$scm" -L . -c "$prog" 2>&1)
  case $out in
    ";;; note: not using the compiled file $so: the image scm_compiled_image was written by libscm "*", binary 0x"*"), not by this libscm "*"
(freezing mild hot) source") ok=0 ;;
    *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
  esac
  check "a file of another libscm binary: a note naming both, and the source" 0 $ok

  # Two instances of an embedding program and a compiled library with
  # state: the shared object is loaded once per process, its image
  # registered; the first instance owns its variables, the other
  # compiles the text it carries, as for a registered image.
  cp "$top_srcdir/test-suite/images/myapp/counter.sld" myapp/ || finish
  out=$($CC $CFLAGS -DNO_IMAGES -o host "$top_srcdir/test-suite/image-test-host.c" \
          $SCM_COMPILE_CFLAGS -L"$top_builddir/libscm/.libs" -lscm 2>&1
        echo "status $?")
  check "cc -o host image-test-host.c -lscm" "status 0" "$out"
  hso=$(./host --cache myapp/counter.sld)
  mkdir -p "${hso%/*}" || finish
  "$top_builddir/program/scm-image" -L . --name scm_compiled_image -o c.c \
    ./myapp/counter.sld > /dev/null 2>&1
  out=$($CC -shared -fPIC -o "$hso" c.c $SCM_COMPILE_CFLAGS 2>&1; echo "status $?")
  check "the host's compiled file of (myapp counter)" "status 0" "$out"
  imp='(set! %load-path (cons "." %load-path)) (import (myapp counter))'
  maps='(call-with-input-file "/proc/self/maps" (lambda (p) (let loop ((l (read-line p)) (n 0)) (if (eof-object? l) n (loop (read-line p) (if (string-contains l "counter.sld.so") (+ n 1) n))))))'
  out=$(./host "$imp (bump!)" "%$imp (list (bump!) (bump!))" '(bump!)' \
          '%(current)' "(import (scheme file) (srfi 13)) $maps" 2>&1)
  case $out in
    "=> (1 mild)
=> ((1 mild) (2 warm))
=> (2 warm)
=> 2
=> "[1-9]*) ok=0 ;;
    *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
  esac
  check "two instances, one compiled file: each counts on its own" 0 $ok
fi

# Broken: not an object file at all.
echo 'not an object' > "$so"
out=$("$scm" -L . -c "$prog" 2>&1)
case $out in
  ";;; note: not using the compiled file $so: "*"
(freezing mild hot) source") ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
check "a file that is no shared object: a note, and the source" 0 $ok

# Compiled again, it serves again.
out=$("$scm" compile -L . ./myapp/rules.sld >/dev/null 2>&1; "$scm" -L . -c "$prog" 2>&1)
check "compiled again: used again" "(freezing mild hot) compiled" "$out"

out=$("$scm" compile missing.sld 2>&1; echo "status $?")
case $out in
  "scm compile: missing.sld: No such file or directory"*"status 1") ok=0 ;;
  *) ok=1; printf '%s\n' "$out" | sed 's/^/# /' ;;
esac
check "scm compile of a missing file: status 1, and why" 0 $ok
finish
