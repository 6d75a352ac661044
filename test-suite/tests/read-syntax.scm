;;; read-syntax.scm -- the optional lexical syntax: brackets, exponent markers, barred symbols
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; What the reader accepts beyond R7RS's required syntax, and what
;;; `write' prints so that other readers take it back: square brackets
;;; as parentheses, the precision exponent markers s f d l, symbols
;;; that look like numbers written with bars.

;;; Code:

(test-begin "read-syntax")

(define (read-string-datum text)
  (read (open-input-string text)))

(define (written obj)
  (let ((out (open-output-string)))
    (write obj out)
    (get-output-string out)))

(test-group "square brackets"
  (lambda ()
    (test-equal "[a b] is a list" '(a b) (read-string-datum "[a b]"))
    (test-equal "nested, mixed with parentheses"
                '(let ((x 1) (y 2)) (+ x y))
                (read-string-datum "(let ([x 1] [y 2]) (+ x y))"))
    (test-equal "a dotted list in brackets" '(a . b) (read-string-datum "[a . b]"))
    (test-equal "the empty list" '() (read-string-datum "[]"))
    (test-equal "after a quote" '(quote (1 2)) (read-string-datum "'[1 2]"))
    (test-equal "a bracket ends a symbol" '((a) b) (read-string-datum "([a]b)"))
    (test-equal "code in brackets runs"
                3 (let ([x 1] [y 2]) (+ x y)))
    (test-error-contains "( closed by ]"
                         '("unexpected `]'" "starts at 1:1 with `(' must end with `)'")
                         (lambda () (read-string-datum "(a]")))
    (test-error-contains "[ closed by )"
                         '("unexpected `)'" "with `[' must end with `]'")
                         (lambda () (read-string-datum "[a)")))
    (test-error-contains "#( closed by ]"
                         '("the vector that starts at 1:1 with `#(' must end with `)'")
                         (lambda () (read-string-datum "#(1 2]")))
    (test-error-contains "#u8( closed by ]"
                         '("with `#u8(' must end with `)'")
                         (lambda () (read-string-datum "#u8(1 2]")))
    (test-error-contains "a lone ]"
                         '("unexpected `]' (no list or vector is open)")
                         (lambda () (read-string-datum "]")))
    (test-error-contains "an unterminated [ wants its ]"
                         '("end of file before its `]'")
                         (lambda () (read-string-datum "[a (b)")))
    (test-error-contains "a dotted bracket list wants ] after its tail"
                         '("expected `]' after the datum that follows `.'")
                         (lambda () (read-string-datum "[a . b c]")))
    (test-assert "a read error" (read-error? (raised-object
                                               (lambda () (read-string-datum "(a]")))))
    (test-error-contains "braces stay reserved" '("unexpected `{'")
                         (lambda () (read-string-datum "{a}")))
    (test-equal "a symbol with a bracket is written with bars"
                "|a[b|" (written (string->symbol "a[b")))))

(test-group "exponent markers"
  (lambda ()
    (test-eqv "1s2" 100.0 (read-string-datum "1s2"))
    (test-eqv "1f2" 100.0 (read-string-datum "1f2"))
    (test-eqv "1d2" 100.0 (read-string-datum "1d2"))
    (test-eqv "1l2" 100.0 (read-string-datum "1l2"))
    (test-eqv "upper case" 100.0 (read-string-datum "1L2"))
    (test-equal "all markers, with signs and points"
                '(0.015 -250.0 1.0 12.5)
                (map string->number '("1.5S-2" "-2.5F2" "10d-1" ".125l+2")))
    (test-eqv "#e with a marker is exact" 100 (string->number "#e1s2"))
    (test-eqv "#e with a negative exponent" 3/200 (string->number "#e1.5d-2"))
    (test-eqv "a marker in a complex part" 100.0
              (real-part (string->number "1f2+2i")))
    (test-eqv "the double nearest, not a single-float" 0.1 (string->number "1f-1"))
    (test-eqv "in radix 16 d and f are digits" #x1d2 (string->number "#x1d2"))
    (test-eqv "no digits after the marker: no number" #f (string->number "1d"))
    (test-eqv "a marker alone: no number" #f (string->number "d2"))
    (test-eqv "in radix 2 no marker" #f (string->number "1s1" 2))
    (test-assert "1s is a symbol" (symbol? (read-string-datum "1s")))))

(test-group "symbols that look like numbers"
  (lambda ()
    (define (bars-iff-needed name expected)
      (test-equal (string-append "write of " name) expected
                  (written (string->symbol name)))
      (test-assert (string-append name " reads back")
                   (eq? (string->symbol name)
                        (read-string-datum (written (string->symbol name))))))
    (bars-iff-needed "+NaN.0abc" "|+NaN.0abc|")
    (bars-iff-needed "+inf.0x" "|+inf.0x|")
    (bars-iff-needed "-nan.0" "|-nan.0|")
    (bars-iff-needed "1+" "|1+|")
    (bars-iff-needed ".5a" "|.5a|")
    (bars-iff-needed "-.5x" "|-.5x|")
    (bars-iff-needed "+5x" "|+5x|")
    (bars-iff-needed "1/2/3" "|1/2/3|")
    (bars-iff-needed "1s2" "|1s2|")
    (bars-iff-needed "1e" "|1e|")
    (bars-iff-needed "+i" "|+i|")
    (bars-iff-needed "-i" "|-i|")
    (bars-iff-needed "1+2i" "|1+2i|")
    (bars-iff-needed "." "|.|")
    (bars-iff-needed "#a" "|#a|")
    (bars-iff-needed "a b" "|a b|")
    (bars-iff-needed "a\tb" "|a\\tb|")
    (bars-iff-needed "" "||")
    ;; R7RS identifiers: no bars.
    (bars-iff-needed "-" "-")
    (bars-iff-needed "+" "+")
    (bars-iff-needed "..." "...")
    (bars-iff-needed "->x" "->x")
    (bars-iff-needed "+a" "+a")
    (bars-iff-needed "+.a" "+.a")
    (bars-iff-needed "a#b" "a#b")
    (bars-iff-needed "a1" "a1")
    (bars-iff-needed "λ2" "λ2")
    (test-equal "display never adds bars" "1+"
                (let ((out (open-output-string)))
                  (display (string->symbol "1+") out)
                  (get-output-string out)))))

(test-end "read-syntax")
