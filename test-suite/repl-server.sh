#!/bin/sh
# repl-server.sh -- the REPL server, (system repl server) and
# scm --listen, driven by clients in a second scm process over Unix and
# TCP sockets of the loopback: values, errors and the debug level,
# stepping from a breakpoint,
# concurrent clients sharing the module, clean disconnection, stopping
# (TAP).  Every server is killed on exit, whatever happens.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_builddir:=.}"
scm="$top_builddir/scm"
n=0 fails=0
tmp=${TMPDIR:-/tmp}/scm-repl-server.$$
servers=
mkdir -p "$tmp"
cleanup () {
  for p in $servers; do kill "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

# The client: connects to the Unix socket FILE or the loopback's PORT
# (its argument), sends its standard input, then reads what the server
# writes until the server closes the connection.
cat > "$tmp/client.scm" <<'SCM'
(define where (cadr (command-line)))
(define s
  (if (char=? (string-ref where 0) #\/)
      (let ((s (socket AF_UNIX SOCK_STREAM 0)))
        (connect s AF_UNIX where) s)
      (let ((s (socket AF_INET SOCK_STREAM 0)))
        (connect s AF_INET INADDR_LOOPBACK (string->number where)) s)))
;; The server may hang up before it has all the lines (after an exit).
(guard (e ((error-object? e) #f))
  (let loop ()
    (let ((line (read-line)))
      (unless (eof-object? line)
        (display line s) (newline s) (loop))))
  (shutdown s 1))
(let loop ()
  (let ((c (read-char s)))
    (unless (eof-object? c) (write-char c) (loop))))
SCM
client () { timeout 30 "$scm" "$tmp/client.scm" "$@"; }

# wait_for FILE: until FILE exists (a socket made, a port written).
wait_for () {
  i=0
  while [ ! -e "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}

# ------------------------------------------------------------------
# run-server on a Unix socket, in a script.

sock=$tmp/repl.sock
cat > "$tmp/server.scm" <<SCM
(import (system repl server))
(define answer 42)
(run-server (make-unix-domain-server-socket #:path "$sock"))
(display "stopped")
(newline)
SCM
timeout 60 "$scm" "$tmp/server.scm" > "$tmp/server.out" 2>&1 &
servers="$servers $!"; server=$!
wait_for "$sock"

out=$(printf '(* answer 2)\n(define (f x) (car x))\n"two lines"\n' | client "$sock")
check "the banner, a prompt, values numbered, in the server's module" \
"scm> \$1 = 84
scm> scm> \$2 = \"two lines\"
scm> " "$(printf '%s\n' "$out" | sed 1d)"

out=$(printf '(f 1)\n,bt\n,locals\n(list x 2)\n,q\n(display "back")\n' |
  client "$sock" | sed 1d)
check "an error: its report, a debug level with the client's frames only" \
"scm> <repl>:2:15: car: wrong type argument in position 1 (expected pair): 1
Entering a new prompt.  Type \`,bt' for a backtrace or \`,q' to continue.
scm [1]>   0 f at <repl>:2:15
scm [1]>   x = 1
scm [1]> \$1 = (1 2)
scm [1]> scm> back
scm> " "$out"

out=$(printf '(exit 3)\n(display "not run")\n' | client "$sock" | sed 1d)
check "(exit) ends the connection only" "scm> " "$out"
out=$(printf '(+ 1 2)\n' | client "$sock" | sed 1d)
check "the server goes on after clients leave" "scm> \$1 = 3
scm> " "$out"

# Stepping from a breakpoint: each stop shows the entry or the return
# and the frame stopped in; ,next skips what the frame calls; ,continue
# lets the evaluation finish.
cat > "$tmp/step.scm" <<'SCM'
(define (add a b) (+ a b))
(define (twice x) (* 2 (add x 1)))
(define (sum3 x) (+ (twice x) (add x x)))
SCM
steps () {
  printf '(load "%s")\n,break sum3\n%s\n' "$tmp/step.scm" "$1" |
    client "$sock" |
    sed "1d; /^Entering a new prompt/d; s|$tmp/||g; s|libscm:[^ ]*: ||"
}
out=$(steps '(sum3 5)
,step
,step
,step
,step
,next
,next
,continue
,step')
check ",step stops at each entry and return; ,next; ,continue finishes" \
"scm> scm> scm> break at entry of (sum3 5)
scm [1]> step: entering (sum3 5)
  0 sum3 at step.scm:3:1
scm [1]> step: entering (twice 5)
  0 twice at step.scm:2:1
scm [1]> step: entering (add 5 1)
  0 add at step.scm:1:19
scm [1]> step: add returned 6
  0 twice at step.scm:2:24
scm [1]> step: twice returned 12
  0 sum3 at step.scm:3:21
scm [1]> step: sum3 returned 22
  0 <anonymous>
scm [1]> \$1 = 22
scm> not stopped in a running evaluation: stepping starts at a breakpoint (,break NAME)
scm> " "$out"
out=$(steps '(list (sum3 1) (twice 3))
,step
,next
,step
,locals
,next
,continue')
check ",next from an entry skips the calls the procedure makes" \
"scm> scm> scm> break at entry of (sum3 1)
scm [1]> step: entering (sum3 1)
  0 sum3 at step.scm:3:1
scm [1]> step: sum3 returned 6
  0 <anonymous> at <repl>:3:7
scm [1]> step: entering (twice 3)
  0 twice at step.scm:2:1
scm [1]>   x = 3
scm [1]> step: twice returned 8
  0 <anonymous> at <repl>:3:16
scm [1]> \$1 = (6 8)
scm> " "$out"

# An accessor's call made a copy with its guard (INLINE_VREF_LK) takes
# the ordinary call while the thread steps: the stepper enters it.
cat > "$tmp/acc.scm" <<'SCM'
(define (px p) (vector-ref p 1))
(define (use v) (+ 1 (px v)))
SCM
out=$(printf '(load "%s")\n,break use\n%s\n' "$tmp/acc.scm" '(use (vector 0 41))
,step
,step
,step
,step' |
  client "$sock" |
  sed "1d; /^Entering a new prompt/d; s|$tmp/||g; s|libscm:[^ ]*: ||")
check ",step enters an accessor that the caller holds a copy of" \
"scm> scm> scm> break at entry of (use #(0 41))
scm [1]> step: entering (use #(0 41))
  0 use at acc.scm:2:1
scm [1]> step: entering (px #(0 41))
  0 px at acc.scm:1:16
scm [1]> step: px returned 41
  0 use at acc.scm:2:22
scm [1]> step: use returned 42
  0 <anonymous>
scm [1]> 
\$1 = 42
scm> " "$out"

# Two clients at once: the first defines, the second sees it while the
# first is still connected; each has its own thread.
cat > "$tmp/two.scm" <<'SCM'
(define path (cadr (command-line)))
(define (open)
  (let ((s (socket AF_UNIX SOCK_STREAM 0)))
    (connect s AF_UNIX path) s))
(define (upto-prompt s)
  ;; What the server writes up to its next prompt "scm> ".
  (let loop ((acc '()))
    (let ((c (read-char s)))
      (cond ((eof-object? c) (list->string (reverse acc)))
            ((and (char=? c #\space) (pair? acc) (char=? (car acc) #\>))
             (list->string (reverse (cdr acc))))
            (else (loop (cons c acc)))))))
(define (send s text) (display text s) (newline s) (upto-prompt s))
(define a (open))
(upto-prompt a)
(define b (open))
(upto-prompt b)
(send a "(define shared (list 'from-a))")
(write (send b "(cons 'b shared)")) (newline)
(send a "(define m (make-mutex))")
(send a "(define cv (make-condition-variable))")
(send a "(define ready #f)")
;; A waits in its thread until B, served meanwhile, wakes it.
(display "(begin (lock-mutex m) (let loop () (unless ready (wait-condition-variable cv m) (loop))) (unlock-mutex m) 'a-woke)\n" a)
(write (send b "(begin (lock-mutex m) (set! ready #t) (signal-condition-variable cv) (unlock-mutex m) 'b-signalled)"))
(newline)
(write (upto-prompt a)) (newline)
(close-port a)
(write (send b "'still-here")) (newline)
(close-port b)
SCM
out=$(timeout 30 "$scm" "$tmp/two.scm" "$sock" 2>&1)
check "two concurrent clients share the module, each in its thread" \
"\"\$1 = (b from-a)\\nscm\"
\"\$2 = b-signalled\\nscm\"
\"\$1 = a-woke\\nscm\"
\"\$3 = still-here\\nscm\"" "$out"

out=$(printf '(stop-server-and-clients!)\n' | client "$sock" | sed 1d)
wait "$server"
check "stop-server-and-clients!: the client's REPL ends, run-server returns" \
"scm> |stopped|status 0" "$out|$(cat "$tmp/server.out")|status $?"

cat > "$tmp/taken.scm" <<SCM
(import (system repl server))
(guard (e ((error-object? e) (display (condition-kind e))))
  (make-unix-domain-server-socket #:path "$tmp/server.scm"))
SCM
check "a socket file that exists already: a catchable error" "system-error" \
  "$(timeout 30 "$scm" "$tmp/taken.scm" 2>&1)"

# ------------------------------------------------------------------
# spawn-server on TCP: the loopback by default.

cat > "$tmp/tcp.scm" <<SCM
(import (system repl server))
(define s (make-tcp-server-socket #:port 0))
(define addr (getsockname s))
(with-output-to-file "$tmp/port.tmp"
  (lambda () (write (sockaddr:port addr))))
(rename-file "$tmp/port.tmp" "$tmp/port")
(define (loopback? a) (= (sockaddr:addr a) INADDR_LOOPBACK))
(define thread (spawn-server s))
(display (list (loopback? addr) (thread? thread)))
(newline)
(join-thread thread)
(display "joined")
SCM
timeout 60 "$scm" "$tmp/tcp.scm" > "$tmp/tcp.out" 2>&1 &
servers="$servers $!"; server=$!
wait_for "$tmp/port"
port=$(cat "$tmp/port")
out=$(printf '(loopback? addr)\n(stop-server-and-clients!)\n' |
  client "$port" | sed 1d)
wait "$server"
check "spawn-server: TCP on the loopback, a thread; a client over TCP" \
"scm> \$1 = #t
scm> |(#t #t)
joined|status 0" "$out|$(cat "$tmp/tcp.out")|status $?"

# ------------------------------------------------------------------
# scm --listen.

timeout 60 "$scm" --listen="$tmp/listen.sock" -c '(sleep 30)' \
  > "$tmp/listen.out" 2>&1 &
servers="$servers $!"
wait_for "$tmp/listen.sock"
out=$(printf '(define z 5)\n(* z z)\n' | client "$tmp/listen.sock" | sed 1d)
check "--listen=FILE: a REPL on the Unix socket FILE" "scm> scm> \$1 = 25
scm> " "$out"
out=$(printf '(list z (quote x))\r\n,q\r\n(display "not run")\r\n' |
  client "$tmp/listen.sock" | sed 1d)
check "... lines that end in CR LF (telnet, nc -C); ,q ends the connection" \
"scm> \$1 = (5 x)
scm> " "$out"

"$scm" --listen=http < /dev/null > "$tmp/out" 2>&1
check "--listen with a bad port: status 2, said why" \
"scm: --listen wants a port number from 1 to 65535 or the absolute file name of a socket, not 'http'|2" "$(cat "$tmp/out")|$?"

"$scm" --listen="$tmp/no/such/dir" -c 1 < /dev/null > "$tmp/out" 2>&1
status=$?
check "--listen on a socket that cannot be made: status 1, said why" \
"1|bind: No such file or directory" \
"$status|$(sed -n 's/^.*\(bind: No such file or directory\).*$/\1/p' "$tmp/out")"

echo "1..$n"
[ $fails -eq 0 ]
