;;; ice-9-optargs.scm -- tests of (ice-9 optargs) and (ice-9 receive)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; lambda*, define*, case-lambda* with #:optional, #:key, #:rest and
;;; #:allow-other-keys; defaults that see earlier arguments; the
;;; errors, which name the keyword and the procedure; let-optional,
;;; let-optional*, let-keywords, let-keywords*.  Calls of a global
;;; define* with literal keywords, which the compiler makes direct calls
;;; of the body: the same results as calls through the procedure, in
;;; every shape, a redefinition or an assignment seen, the same errors.
;;; Then receive, the same binding from (ice-9 receive) and (srfi 8).

;;; Code:

(import (ice-9 optargs) (ice-9 receive) (srfi 8) (libscm disassemble))

(test-begin "ice-9-optargs")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) "nothing raised" (condition-message e))))

;; ------------------------------------------------------------------
(test-group "keywords"
  (lambda ()
    (test-assert "#:foo is a keyword" (keyword? #:foo))
    (test-equal "and prints as one" "#:foo" (let ((p (open-output-string)))
                                            (write #:foo p) (get-output-string p)))
    (test-assert "keywords are interned" (eq? #:foo (symbol->keyword 'foo)))))

;; ------------------------------------------------------------------
(define* (opt a #:optional (b 2) (c (+ a b)))
  (list a b c))
(define* (opt-no-default #:optional x y) (list x y))

(test-group "#:optional"
  (lambda ()
    (test-equal "no optional given: the defaults" '(1 2 3) (opt 1))
    (test-equal "a default sees the earlier arguments" '(1 5 6) (opt 1 5))
    (test-equal "every optional given" '(1 5 7) (opt 1 5 7))
    (test-equal "no default: #f" '(#f #f) (opt-no-default))
    (test-equal "a keyword is an ordinary value without #:key" '(#:x 1)
                (opt-no-default #:x 1))
    (test-error-contains "too many arguments" '("wrong number of arguments")
                         (lambda () (opt 1 2 3 4)))
    (test-error-contains "a required argument missing" '("wrong number of arguments")
                         (lambda () (opt)))
    (test-equal "defaults evaluated at each call" '(1 1)
                (let* ((n 0)
                       (f (lambda* (#:optional (x (begin (set! n (+ n 1)) n))) x)))
                  (list (f) (begin (f 7) (set! n 0) (f)))))))

;; ------------------------------------------------------------------
(define* (kw a #:key (x 10) y) (list a x y))
(define* (mixed a #:optional (b 'b) #:key (c (list a b)) #:rest r) (list a b c r))
(define* (open #:key a #:allow-other-keys) a)

(test-group "#:key, #:rest, #:allow-other-keys"
  (lambda ()
    (test-equal "no keys given" '(1 10 #f) (kw 1))
    (test-equal "keys in any order" '(1 3 4) (kw 1 #:y 4 #:x 3))
    (test-equal "a key given twice: the last one" '(1 5 #f) (kw 1 #:x 3 #:x 5))
    (test-equal "three pairs for two keys (the general path)" '(1 3 2)
                (kw 1 #:x 1 #:y 2 #:x 3))
    (test-equal "five keys, all given" '(1 2 3 4 5)
                ((lambda* (#:key a b c d e) (list a b c d e)) #:e 5 #:d 4 #:c 3 #:b 2 #:a 1))
    (test-equal "five keys, four given" '(1 2 3 4 #f)
                ((lambda* (#:key a b c d e) (list a b c d e)) #:d 4 #:c 3 #:b 2 #:a 1))
    (test-equal "#:allow-other-keys in a short call" '(1 #f)
                ((lambda* (#:key a b #:allow-other-keys) (list a b)) #:zz 0 #:a 1))
    (test-equal "#:allow-other-keys, a non-keyword is still an error"
                "lambda*: not a keyword where a keyword argument belongs: 3"
                (message-of (lambda () ((lambda* (#:key a #:allow-other-keys) a) 3 4))))
    (test-equal "an optional, then keys, and the rest list holds the keys"
                '(1 2 9 (#:c 9)) (mixed 1 2 #:c 9))
    (test-equal "a default that sees the earlier arguments" '(1 b (1 b) ())
                (mixed 1))
    (test-equal "the optional is not taken from a keyword" '(1 b 9 (#:c 9))
                (mixed 1 #:c 9))
    (test-equal "#:allow-other-keys" 1 (open #:z 3 #:a 1))
    (test-equal "a dotted rest" '(1 (2 3)) ((lambda* (a . r) (list a r)) 1 2 3))
    (test-equal "#:rest with no keys" '(1 (2 3)) ((lambda* (a #:rest r) (list a r)) 1 2 3))
    (test-equal "(variable default #:keyword)" '(7 4)
                (let ((f (lambda* (#:key (x 4 #:long-name)) x)))
                  (list (f #:long-name 7) (f))))
    (test-equal "a key named like a keyword of another procedure" '(1 #:x #f)
                (kw 1 #:x #:x))))


(test-group "errors name the keyword and the procedure"
  (lambda ()
    (test-equal "an unknown keyword" "kw: unknown keyword argument: #:z"
                (message-of (lambda () (kw 1 #:z 2))))
    (test-equal "a keyword without a value" "kw: keyword argument without a value: #:x"
                (message-of (lambda () (kw 1 #:x))))
    (test-equal "a keyword list of odd length, the last without a value"
                "kw: keyword argument without a value: #:y"
                (message-of (lambda () (kw 1 #:x 1 #:y))))
    (test-equal "a non-keyword where a keyword belongs"
                "kw: not a keyword where a keyword argument belongs: 5"
                (message-of (lambda () (kw 1 5 6))))
    (test-equal "an anonymous lambda* says lambda*"
                "lambda*: unknown keyword argument: #:b"
                (message-of (lambda () ((lambda* (#:key a) a) #:b 1))))
    (test-equal "errors are error objects with the keyword as irritant" '(#:z)
                (guard (e ((error-object? e) (error-object-irritants e)))
                  (kw 1 #:z 2)))
    (test-error-contains "a bad lambda* list is a syntax error" '("lambda*")
                         (lambda () (eval '(lambda* (a #:optional (b)) a)
                                          (environment '(scheme base) '(ice-9 optargs)))))
    (test-equal "a bad lambda* list is a syntax error, raised at the use" 'syntax-error
                (condition-kind (raised-object
                                 (lambda () (eval '(lambda* (#:rest) 1)
                                                  (environment '(scheme base) '(ice-9 optargs)))))))
    (test-error-contains "#:optional after #:key" '("lambda*" "#:optional")
                         (lambda () (eval '(lambda* (#:key a #:optional b) a)
                                          (environment '(scheme base) '(ice-9 optargs)))))))

;; ------------------------------------------------------------------
(test-group "case-lambda*"
  (lambda ()
    (define f
      (case-lambda*
        ((a) (list 'one a))
        ((a b #:optional c) (list 'two a b c))
        ((a #:key z #:rest r) (list 'keys a z))))
    (test-equal "the first clause" '(one 1) (f 1))
    (test-equal "a clause with an optional" '(two 1 2 #f) (f 1 2))
    (test-equal "the optional given" '(two 1 2 3) (f 1 2 3))
    (test-equal "the clause with keys and a rest" '(keys 1 #f) (f 1 2 3 4))
    (test-error-contains "no clause fits" '("case-lambda*")
                         (lambda () ((case-lambda* ((a) a)) 1 2)))))

;; ------------------------------------------------------------------
(test-group "let-optional, let-keywords"
  (lambda ()
    (test-equal "let-optional: defaults" '(1 2 3)
                (let ((r '(1))) (let-optional r (a (b 2) (c 3)) (list a b c))))
    (test-equal "let-optional: every value given, the rest argument emptied" '(1 5 6 ())
                (let ((r '(1 5 6))) (let-optional r (a (b 2) (c 3)) (list a b c r))))
    (test-equal "let-optional: defaults in the outer scope" '(1 outer)
                (let ((b 'outer) (r '(1))) (let-optional r (a (b 2) (c b)) (list a c))))
    (test-equal "let-optional: the rest argument bound to what is left" '(1 (2 3))
                (let ((r '(1 2 3))) (let-optional r (a) (list a r))))
    (test-equal "let-optional of an expression" '(1 #f)
                (let-optional (list 1) (a b) (list a b)))
    (test-equal "let-optional*: each default sees the ones before" '(1 2 4)
                (let ((r '(1 2))) (let-optional* r (a (b 5) (c (* b 2))) (list a b c))))
    (test-equal "let-keywords" '(1 9) (let-keywords '(#:a 1) #f ((a 0) (b 9)) (list a b)))
    (test-equal "let-keywords*: allow other keys" '(1 2)
                (let-keywords* '(#:a 1 #:c 3) #t ((a 0) (b (+ a 1))) (list a b)))
    (test-error-contains "let-keywords: an unknown keyword" '("unknown keyword" "#:c")
                         (lambda () (let-keywords '(#:c 1) #f ((a 0)) a)))))

;; ------------------------------------------------------------------
(test-group "the cost of a keyword call"
  (lambda ()
    (define (allocated) (cdr (assq 'bytes-allocated (gc-stats))))
    (define* (area #:key (w 1) (h 1)) (* w h))
    (define (run n) (do ((i 0 (+ i 1)) (s 0 (+ s (area #:w 2 #:h 3)))) ((= i n) s)))
    (run 10)
    (let* ((before (allocated)) (s (run 1000)) (after (allocated)))
      (test-equal "the results" 6000 s)
      ;; Up to four keyword/value pairs are taken from the arguments
      ;; by a case-lambda clause: no argument list (64 bytes a call).
      (test-assert "a call allocates nothing"
                   (<= (- after before) 4096)))))

;; ------------------------------------------------------------------
;; Direct calls.  Each top-level form is compiled once the ones before
;; it have run, so the calls below see dk, dr and ds defined.

(define* (dk a #:key (w (* a 10)) (h (list w)) x) (list a w h x))
(define order '())
(define (note! tag v) (set! order (cons tag order)) v)
(define (direct-shapes)
  (list (dk 1) (dk 1 #:w 2) (dk 1 #:h 3 #:w 2) (dk 1 #:w 2 #:w 5)
        (dk 1 #:x #:w) (dk 1 #:w 2 #:h 3 #:x 4 #:w 6)
        (dk (+ 1 1) #:h (note! 'h 3) #:w (note! 'w 2))))
(define (indirect-shapes)
  (map (lambda (args) (apply dk args))
       (list '(1) '(1 #:w 2) '(1 #:h 3 #:w 2) '(1 #:w 2 #:w 5) '(1 #:x #:w)
             '(1 #:w 2 #:h 3 #:x 4 #:w 6)
             (list 2 #:h (note! 'h 3) #:w (note! 'w 2)))))
(define (disassembly proc)
  (let ((p (open-output-string))) (disassemble proc p) (get-output-string p)))

(define* (dr #:key (w 1)) (list 'old w))
(define (call-dr) (dr #:w 2))
(define (call-dr-early) (dr #:w 2))
(define* (ds #:key (w 1)) (list 'ds w))
(define (call-ds) (ds #:w 2))
(define (bad-keyword) (dk 1 #:z 2))
(define (no-value) (dk 1 #:w))
(define (too-few) (dk))
(define (not-a-keyword) (dk 1 5 6))
(define (by-value) (map (lambda (f) (f 1 #:w 7)) (list dk (lambda* (a #:key w) (list w a)))))
(define first-answer (call-dr-early))
(define* (dr #:key (w 1)) (list 'new w))
(define* (dt #:key (w 1)) (list 'old w))
(define dt-old dt)
(define (call-dt) (dt #:w 2))
(define* (dt #:key (w 1)) (list 'new w))

(test-group "direct calls of define*'s procedures"
  (lambda ()
    (test-assert "a call with literal keywords is a guarded direct call"
                 (string-contains (disassembly direct-shapes) "INLINE_GUARD"))
    (test-equal "every shape as through the procedure" (indirect-shapes)
                (direct-shapes))
    (test-equal "the values evaluated in the call's order"
                '(w h w h) (begin (set! order '()) (direct-shapes) (indirect-shapes)
                                  order))
    (test-equal "before a redefinition" '(old 2) first-answer)
    (test-equal "a redefinition by define* is seen" '(new 2) (call-dr))
    (test-equal "the old procedure put back: its own body, direct or not"
                '((old 2) (old 3)) (begin (set! dt dt-old) (list (call-dt) (dt #:w 3))))
    (test-equal "an assignment is seen" '(set #:w 2)
                (begin (set! ds (lambda args (cons 'set args))) (call-ds)))
    (test-equal "an unknown keyword: the procedure's error"
                "dk: unknown keyword argument: #:z" (message-of bad-keyword))
    (test-equal "a keyword without a value: the procedure's error"
                "dk: keyword argument without a value: #:w" (message-of no-value))
    (test-error-contains "a required argument missing" '("wrong number of arguments")
                         too-few)
    (test-equal "a non-keyword where a keyword belongs: the procedure's error"
                "dk: not a keyword where a keyword argument belongs: 5"
                (message-of not-a-keyword))
    (test-equal "the procedure passed as a value" '((1 7 (7) #f) (7 1)) (by-value))
    (test-equal "a define* in a body" 4
                (let () (define* (q #:key (w 1)) w) (q #:w 4)))))

;; ------------------------------------------------------------------
(test-group "receive"
  (lambda ()
    (test-equal "fixed formals" '(1 2) (receive (a b) (values 1 2) (list a b)))
    (test-equal "a rest" '(1 (2 3)) (receive (a . r) (values 1 2 3) (list a r)))
    (test-equal "one variable takes every value" '(1 2) (receive all (values 1 2) all))
    (test-equal "(ice-9 receive) and (srfi 8) import together: one binding" 3
                (eval '(receive (a b) (values 1 2) (+ a b))
                      (environment '(scheme base) '(ice-9 receive) '(srfi 8))))
    (test-error-contains "too few values" '("wrong number")
                         (lambda () (receive (a b) (values 1) a)))))

(define* (doc-opt x #:optional (y 2))
  "Sum X and the optional Y."
  (+ x y))
(define* (doc-key x #:key (w 3))
  "X times the key W."
  (* x w))
(define* (doc-both x #:optional y #:key z #:rest r) "Everything." (list x y z r))
(define* (doc-only-string) "a value, not a docstring")
(define doc-lambda* (lambda* (a #:optional (b 1)) "A lambda*." (- a b)))

(test-group "docstrings"
  (lambda ()
    (test-equal "define* with optionals keeps its docstring"
                "Sum X and the optional Y." (procedure-documentation doc-opt))
    (test-equal "... and still runs" '(3 5) (list (doc-opt 1) (doc-opt 1 4)))
    (test-equal "define* with keys" "X times the key W."
                (procedure-documentation doc-key))
    (test-equal "... and still runs" '(6 10) (list (doc-key 2) (doc-key 2 #:w 5)))
    (test-equal "optionals, keys and a rest" "Everything."
                (procedure-documentation doc-both))
    (test-equal "... and still runs" '(1 2 3 (#:z 3))
                (doc-both 1 2 #:z 3))
    (test-equal "a string alone is the body's value, not a docstring"
                '("a value, not a docstring" #f)
                (list (doc-only-string) (procedure-documentation doc-only-string)))
    (test-equal "lambda*" '("A lambda*." 4)
                (list (procedure-documentation doc-lambda*) (doc-lambda* 5)))
    (test-equal "a case-lambda: the docstring of a clause" "two"
                (procedure-documentation
                 (case-lambda ((a) a) ((a b) "two" (+ a b)))))
    (test-equal "a case-lambda without one" #f
                (procedure-documentation (case-lambda ((a) a) ((a b) b))))))

(test-end "ice-9-optargs")

;;; ice-9-optargs.scm ends here
