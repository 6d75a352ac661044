#!/bin/sh
# geiser.sh -- Emacs Geiser driving libscm through doc/emacs/geiser-libscm.el
# (emacs --batch): evaluation, an error, completions, autodoc and
# load-file, with a REPL Geiser starts and with a `scm --listen' server
# it connects to (TAP).  Skipped without Emacs and Geiser (Debian's
# emacs-nox and elpa-geiser 0.10); ./bootstrap installs neither.
# SPDX-License-Identifier: LGPL-3.0-or-later
: "${top_builddir:=.}"
: "${top_srcdir:=.}"
scm=$(cd "$top_builddir" && pwd)/scm
el=$(cd "$top_srcdir/doc/emacs" && pwd)
geiser=$(ls -d /usr/share/emacs/site-lisp/elpa/geiser-* 2>/dev/null | head -1)
if ! command -v emacs > /dev/null 2>&1 || [ -z "$geiser" ]; then
  echo "1..0 # SKIP emacs or Geiser (elpa-geiser) is not installed"
  exit 0
fi
tmp=${TMPDIR:-/tmp}/scm-geiser.$$
server=
mkdir -p "$tmp"
cleanup () { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 1' INT TERM
n=0 fails=0
check () {  # check DESCRIPTION EXPECTED ACTUAL
  n=$((n + 1))
  if [ "$2" = "$3" ]; then echo "ok $n - $1"; else
    echo "not ok $n - $1"; fails=$((fails + 1))
    printf '%s\n' "# expected:" "$2" "# got:" "$3" | sed 's/^/#   /'
  fi
}

printf '(define (g-area w h) "The area." (* w h))\n(display "loaded")\n' \
  > "$tmp/g.scm"
# The requests; START is how the REPL comes up, its lines "NAME: ANSWER".
cat > "$tmp/requests.el" <<EOF2
(add-to-list 'load-path "$geiser")
(add-to-list 'load-path "$el")
(require 'geiser)
(require 'geiser-repl)
(require 'geiser-libscm)
(setq geiser-libscm-binary "$scm"
      geiser-active-implementations '(libscm)
      geiser-repl-history-filename "$tmp/history")
(defun show (name x) (princ (format "%s: %S\n" name x)))
(eval (car (read-from-string (getenv "START"))))
(show "eval" (geiser-eval--send/wait
              '(:eval (:scm "(begin (display \"out\") (+ 1 2))"))))
(show "module" (geiser-eval--send/wait
                '(:eval (:scm "(fold + 0 '(1 2 3))") "(srfi 1)")))
(show "error" (geiser-eval--retort-error
               (geiser-eval--send/wait '(:eval (:scm "(car 1)")))))
(show "completions" (geiser-eval--send/result
                     '(:eval (:ge completions "string-ap"))))
(show "load" (geiser-eval--send/wait '(:load-file "$tmp/g.scm")))
(show "autodoc" (geiser-eval--send/result
                 '(:eval (:ge autodoc (:scm "'(g-area car)")))))
EOF2
expected='eval: ((result "3") (output . "out"))
module: ((result "6") (output . ""))
error: ((key . wrong-type-arg) (msg . "wrong type argument in position 1 (expected pair) 1"))
completions: ("string-append" "string-append/shared")
load: ((result) (output . "loaded"))
autodoc: ((g-area ("args" (("required" w h) ("optional") ("key")))) (car ("args" (("required" arg1) ("optional") ("key")))))'

out=$(cd "$tmp" && START='(run-libscm)' timeout 60 emacs --batch -Q \
  -l "$tmp/requests.el" 2>/dev/null)
check "run-libscm: eval, a module, an error, completions, load-file, autodoc" \
  "$expected" "$out"

port=$((37000 + $$ % 1000))
"$scm" -q --listen=$port -c '(let loop () (sleep 1) (loop))' \
  > "$tmp/server.log" 2>&1 &
server=$!
# Until the server accepts connections.
i=0
until "$scm" -q -c "(connect (socket AF_INET SOCK_STREAM 0) AF_INET INADDR_LOOPBACK $port)" \
      > /dev/null 2>&1 || [ $i -ge 50 ]; do
  sleep 0.2; i=$((i + 1))
done
out=$(cd "$tmp" && START="(geiser-connect 'libscm \"127.0.0.1\" $port)" \
  timeout 60 emacs --batch -Q -l "$tmp/requests.el" 2>/dev/null)
check "geiser-connect to scm --listen: the same answers" "$expected" "$out"

echo "1..$n"
[ "$fails" = 0 ]
