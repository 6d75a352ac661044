#!/bin/sh
# http-example.sh -- run doc/examples/http-server.scm on a tree made
# here, on 127.0.0.1 at a port the system chooses, fetch its files with
# doc/examples/http-get.scm, and compare the bytes with cmp(1) (TAP).
# The server is killed on exit, whatever happens.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_srcdir:=.}" "${top_builddir:=.}"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-http.$$
server=
mkdir -p "$tmp"
cleanup () {
  [ -n "$server" ] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

check () {  # check DESCRIPTION COMMAND...
  n=$((n + 1)); d=$1; shift
  if "$@" > "$tmp/check.out" 2>&1; then echo "ok $n - $d"; else
    echo "not ok $n - $d"; fails=$((fails + 1))
    sed 's/^/#   /' "$tmp/check.out"
  fi
}

scm=$top_builddir/scm
ex=$top_srcdir/doc/examples
root=$tmp/www
mkdir -p "$root/sub" "$root/empty-dir"
printf 'hello, world\n' > "$root/index.txt"
: > "$root/empty"
head -c 3000000 /dev/urandom > "$root/sub/random.bin"
printf 'caf\303\251 \360\237\230\200\n' > "$root/sub/$(printf 'caf\303\251 x.txt')"

"$scm" "$ex/http-server.scm" "$root" "$tmp/port" 2> "$tmp/server.err" &
server=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
port=$(cat "$tmp/port" 2>/dev/null)
check "the server is up and gave its port" test -n "$port"
base=http://127.0.0.1:$port

get () {  # get PATH FILE: the status line, and the exit status
  "$scm" "$ex/http-get.scm" "$base$1" "$2"; echo "status $?"
}
same () {  # same EXPECTED ACTUAL (strings)
  [ "$1" = "$2" ] || { printf '%s\n' "expected:" "$1" "got:" "$2"; return 1; }
}

check "a small file: the status" \
  same "HTTP/1.0 200 OK
status 0" "$(get /index.txt "$tmp/1")"
check "... and its bytes" cmp "$root/index.txt" "$tmp/1"
check "an empty file" same "HTTP/1.0 200 OK
status 0" "$(get /empty "$tmp/2")"
check "... empty" cmp "$root/empty" "$tmp/2"
check "3 MB of random bytes" same "HTTP/1.0 200 OK
status 0" "$(get /sub/random.bin "$tmp/3")"
check "... every byte" cmp "$root/sub/random.bin" "$tmp/3"
check "a UTF-8 name with escapes" same "HTTP/1.0 200 OK
status 0" "$(get /sub/caf%C3%A9%20x.txt "$tmp/4")"
check "... its bytes" cmp "$root/sub/$(printf 'caf\303\251 x.txt')" "$tmp/4"
check "a missing file: 404" same "HTTP/1.0 404 Not Found
status 1" "$(get /none "$tmp/5")"
check "a directory: 404" same "HTTP/1.0 404 Not Found
status 1" "$(get /empty-dir "$tmp/6")"
check "a path with ..: 404" same "HTTP/1.0 404 Not Found
status 1" "$(get /sub/../../etc/passwd "$tmp/7")"
check "localhost through getaddrinfo" same "HTTP/1.0 200 OK
status 0" "$("$scm" "$ex/http-get.scm" "http://localhost:$port/index.txt" "$tmp/8"; echo "status $?")"

# Eight clients at once.
pids=
for k in 1 2 3 4 5 6 7 8; do
  "$scm" "$ex/http-get.scm" "$base/sub/random.bin" "$tmp/par.$k" > /dev/null &
  pids="$pids $!"
done
okpar=0
for p in $pids; do wait "$p" || okpar=1; done
check "eight clients at once" test $okpar = 0
for k in 1 2 3 4 5 6 7 8; do
  cmp "$root/sub/random.bin" "$tmp/par.$k" || okpar=1
done
check "... all got every byte" test $okpar = 0
check "the server is still running" kill -0 "$server"
check "and printed nothing" same "" "$(cat "$tmp/server.err")"
check "a refused connection: status 2" same "status 2" \
  "$("$scm" "$ex/http-get.scm" "http://127.0.0.1:1/" "$tmp/9" 2>/dev/null; echo "status $?")"

echo "1..$n"
[ "$fails" = 0 ]
