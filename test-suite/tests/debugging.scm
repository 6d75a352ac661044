;;; debugging.scm -- tests of the debugger's data: locals in backtraces,
;;; procedures' debug data, (libscm repl)'s describe, apropos, hints
;;; and tracing
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (libscm repl))

(test-begin "debugging")

(define (raised thunk)
  (guard (e (#t e)) (thunk) #f))

(define (frames-of thunk)
  (let ((old (record-frame-locals! #t)))
    (let ((c (raised thunk)))
      (record-frame-locals! old)
      (condition-backtrace c))))

(define (frame-named name frames)
  (let loop ((f frames))
    (cond ((null? f) #f)
          ((eq? (vector-ref (car f) 0) name) (car f))
          (else (loop (cdr f))))))

(define (inner a) (car a))
(define (outer x)
  (let ((y (* x 2)))
    (+ y (inner y))))
(define (make-counter start)
  (let ((n start))
    (lambda (step)
      (set! n (+ n step))
      (vector-ref (vector) n))))
(define (with-rest a . more)
  (let* ((k (length more)) (s (symbol->string k)))
    s))

(define (self-l2-fail n a b)
  (if (= n 0) (car a) (list (self-l2-fail (- n 1) b a))))

(test-group "locals in backtraces"
  (lambda ()
    (let ((frames (frames-of (lambda () (self-l2-fail 3 '(1) 5)))))
      (test-equal "self calls that push their arguments: each frame named, innermost first,
with its arguments" '((0 5 (1)) (1 (1) 5) (2 5 (1)) (3 (1) 5))
                  (let loop ((f frames) (acc '()))
                    (cond ((null? f) (reverse acc))
                          ((eq? (vector-ref (car f) 0) 'self-l2-fail)
                           (loop (cdr f)
                                 (cons (map cdr (vector-ref (car f) 5)) acc)))
                          (else (loop (cdr f) acc))))))
    (let ((frames (frames-of (lambda () (outer 21)))))
      (test-equal "the innermost frame's parameter" '((a . 42))
                  (vector-ref (frame-named 'inner frames) 5))
      (test-equal "a parameter and a let variable, in order" '((x . 21) (y . 42))
                  (vector-ref (frame-named 'outer frames) 5))
      (test-eq "the frame's procedure" outer
               (vector-ref (frame-named 'outer frames) 6))
      (test-eq "the procedure's module" (current-module)
               (vector-ref (frame-named 'outer frames) 7))
      (test-equal "eight fields while recording" 8
                  (vector-length (car frames))))
    (let ((frames (frames-of (lambda () ((make-counter 10) 5)))))
      (test-equal "a closure's free variable, assigned (boxed), and a parameter"
                  '((step . 5) (n . 15))
                  (vector-ref (car frames) 5)))
    (let ((frames (frames-of (lambda () (with-rest 1 2 3)))))
      (test-equal "a rest parameter and the let* variables bound so far"
                  '((a . 1) (more 2 3) (k . 2))
                  (vector-ref (frame-named 'with-rest frames) 5)))
    (let ((c (raised (lambda () (outer 21)))))
      (test-equal "five fields when not recording" 5
                  (vector-length (car (condition-backtrace c)))))
    (test-equal "record-frame-locals! returns the previous setting" '(#f #t)
                (let* ((a (record-frame-locals! #t)) (b (record-frame-locals! #f)))
                  (list a b)))))

(define (documented x y)
  "Add X to Y."
  (+ x y))
(define (only-string) "just a value")
(define (rest-formals a b . c) (list a b c))

(test-group "procedures' debug data"
  (lambda ()
    (test-equal "a docstring is kept" "Add X to Y."
                (procedure-documentation documented))
    (test-equal "a body of one string is no docstring" #f
                (procedure-documentation only-string))
    (test-equal "... and still its value" "just a value" (only-string))
    (test-equal "formals" '(x y)
                (cdr (assq 'formals (procedure-source-info documented))))
    (test-equal "formals with a rest parameter" '(a b . c)
                (cdr (assq 'formals (procedure-source-info rest-formals))))
    (test-equal "name and module" (list 'documented (current-module))
                (let ((i (procedure-source-info documented)))
                  (list (cdr (assq 'name i)) (cdr (assq 'module i)))))
    (test-assert "a line number"
                 (integer? (cdr (assq 'line (procedure-source-info documented)))))
    (test-equal "a primitive has none" #f (procedure-source-info car))
    (test-equal "a primitive's docstring still comes from libscm.doc" #t
                (string? (procedure-documentation car)))
    (test-equal "procedure-minimum-arity of primitives"
                '((1 0 #f) (2 2 #f) (0 0 #t))
                (map procedure-minimum-arity (list car vector-fill! list)))
    (test-equal "procedure-minimum-arity of closures" '((2 0 #f) (2 0 #t))
                (map procedure-minimum-arity (list documented rest-formals)))
    (test-equal "procedure-minimum-arity of a case-lambda" #f
                (procedure-minimum-arity (case-lambda ((a) a) ((a b) b))))
    (test-error-contains "procedure-minimum-arity of a non-procedure"
                         '("procedure-minimum-arity" "procedure")
                         (lambda () (procedure-minimum-arity 5)))))

(define (output-of thunk)
  (let ((out (open-output-string)))
    (parameterize ((current-output-port out)) (thunk))
    (get-output-string out)))

(define (contains? s part)
  (let ((n (string-length s)) (k (string-length part)))
    (let loop ((i 0))
      (and (<= (+ i k) n)
           (or (string=? (substring s i (+ i k)) part) (loop (+ i 1)))))))

(define-syntax swap!
  (syntax-rules ()
    "Exchange the values of variables A and B."
    ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
(define-syntax plain (syntax-rules () ((_ x) x)))
(define-syntax by-hand (lambda (form) "Quote the operand." (list 'quote (cadr form))))

(test-group "macros' docstrings"
  (lambda ()
    (test-equal "a syntax-rules docstring" "Exchange the values of variables A and B."
                (%macro-documentation 'swap!))
    (test-equal "... and the macro still works" '(2 1)
                (let ((a 1) (b 2)) (swap! a b) (list a b)))
    (test-equal "a procedure transformer's docstring" "Quote the operand."
                (%macro-documentation 'by-hand))
    (test-equal "... which works too" 'sym (by-hand sym))
    (test-equal "none" #f (%macro-documentation 'plain))
    (test-equal "no macro" #f (%macro-documentation 'car))
    (test-equal "a string as the only rule is still an error" 'error
                (guard (e (#t 'error))
                  (eval '(define-syntax bad (syntax-rules () "just a string"))
                        (current-module))
                  'no-error))
    (test-assert "describe shows it"
                 (let ((out (open-output-string)))
                   (parameterize ((current-output-port out)) (describe 'swap!))
                   (string=? (get-output-string out)
                             " -- Syntax: swap!\n     Exchange the values of variables A and B.\n")))))

(test-group "describe"
  (lambda ()
    (let ((text (output-of (lambda () (describe 'documented)))))
      (test-assert "a user procedure: formals" (contains? text "(documented x y)"))
      (test-assert "... docstring" (contains? text "Add X to Y."))
      (test-assert "... module" (contains? text "in module (libscm user)")))
    (let ((text (output-of (lambda () (describe 'vector-fill!)))))
      (test-assert "a primitive: its call form"
                   (contains? text "vector-fill! vec fill [start] [end]"))
      (test-assert "... and the libraries that export it"
                   (contains? text "Exported by (scheme base)")))
    (test-assert "help is describe"
                 (contains? (output-of (lambda () (help documented))) "Add X to Y."))
    (test-assert "an unbound name exported by a library"
                 (contains? (output-of (lambda () (describe 'fold)))
                            "Exported by (srfi 1)"))
    (test-assert "an unbound name close to a bound one"
                 (contains? (output-of (lambda () (describe 'dispaly)))
                            "Did you mean display?"))
    (test-assert "syntax" (contains? (output-of (lambda () (describe 'when)))
                                     "Syntax: when"))
    (test-error-contains "describe of a number" '("describe" "symbol")
                         (lambda () (describe 5)))))

(test-group "apropos, libraries, hints"
  (lambda ()
    (test-equal "libraries-exporting fold" '((srfi 1)) (libraries-exporting 'fold))
    (test-equal "libraries-exporting of a name none exports" '()
                (libraries-exporting 'no-such-name-anywhere))
    (test-equal "similar-names" '(display)
                (similar-names 'dispaly '(display newline write dispatch)))
    (test-equal "similar-names: a transposition is one edit" '(cdr)
                (similar-names 'cdd '(cdr cons)))
    (test-equal "apropos-list with a regular expression"
                '((srfi 1) fold-right)
                (assoc '(srfi 1) (apropos-list "^fold-r")))
    (test-assert "apropos prints library: name"
                 (contains? (output-of (lambda () (apropos "^vector-fill!$")))
                            "(scheme base): vector-fill!"))
    (test-error-contains "apropos with a malformed pattern" '("make-regexp" "position 0")
                         (lambda () (apropos "[")))
    (test-equal "the hint for a name a library exports"
                "Hint: fold is exported by (srfi 1); (import (srfi 1)) to use it."
                (unbound-variable-hint (raised (lambda () (eval 'fold (current-module))))))
    (test-equal "the hint for a misspelt name"
                "Hint: did you mean display?"
                (unbound-variable-hint (raised (lambda () (eval 'dispaly (current-module))))))
    (test-equal "no hint for another error" #f
                (unbound-variable-hint (raised (lambda () (car 1)))))
    (test-equal "no hint for a body's variable used before its definition"
                '("variable used before its definition" #f)
                (let ((e (raised (lambda ()
                                   (eval '(let () (define a (k)) (define (k) 1) a)
                                         (current-module))))))
                  (list (error-object-message e) (unbound-variable-hint e))))
    (test-assert "display-error prints the hint"
                 (contains? (let ((p (open-output-string)))
                              (display-error (raised (lambda () (eval 'dispaly (current-module))))
                                             p 0)
                              (get-output-string p))
                            "did you mean display?"))))

(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))

(test-group "tracing"
  (lambda ()
    (test-equal "trace prints calls and values by depth"
                "trace: (fact 2)\ntrace: |  (fact 1)\ntrace: |  |  (fact 0)\ntrace: |  |  1\ntrace: |  1\ntrace: 2\n"
                (output-of (lambda () (trace fact) (fact 2))))
    (test-equal "untrace stops it" "" (output-of (lambda () (untrace fact) (fact 2))))
    (test-equal "the value is kept" 6 (fact 3))
    (test-equal "trace-calls traces the module's procedures for a while"
                "trace: (fact 1)\ntrace: |  (fact 0)\ntrace: |  1\ntrace: 1\n"
                (output-of (lambda () (trace-calls (lambda () (fact 1))))))
    (test-equal "... and no more after" "" (output-of (lambda () (fact 1))))
    (test-error-contains "trace of a name bound to no procedure" '("trace")
                         (lambda () (trace-procedure! (current-module) 'no-such)))))

(define (hot n) (if (< n 2) n (+ (hot (- n 1)) (hot (- n 2)))))
(define (cold k) (if (> k 0) (begin (hot 20) (cold (- k 1))) 'done))

(test-group "profiling"
  (lambda ()
    (profile-start)
    (cold 2000)
    (let* ((p (profile-stop))
           (total (car p))
           (row (lambda (name)
                  (let loop ((l (cdr p)))
                    (cond ((null? l) #f)
                          ((eq? (vector-ref (car l) 0) name) (car l))
                          (else (loop (cdr l))))))))
      (test-assert "samples were taken" (> total 5))
      (test-assert "the hot procedure has most of the self time"
                   (and (row 'hot) (> (* 2 (vector-ref (row 'hot) 4)) total)))
      (test-assert "its caller is on the stack in most samples"
                   (and (row 'cold) (> (* 2 (vector-ref (row 'cold) 5)) total)))
      (test-assert "with its position"
                   (integer? (vector-ref (row 'hot) 2))))
    (test-error-contains "profile-stop with no profile" '("profile-stop")
                         (lambda () (profile-stop)))
    (test-error-contains "two profiles at once" '("profile-start")
                         (lambda ()
                           (profile-start)
                           (dynamic-wind (lambda () #f)
                                         profile-start
                                         profile-stop)))
    (test-assert "profile-call prints the table and returns the values"
                 (let* ((v #f)
                        (text (output-of (lambda () (set! v (profile-call (lambda () (cold 50))))))))
                   (and (eq? v 'done) (contains? text "samples of 10 ms")
                        (contains? text "%self"))))))

(define (two a b) (list a b))

(define (warnings-of form)
  ;; What compiling FORM prints on the error port with warnings on.
  (let ((err (open-output-string)) (old (set-compile-warnings! #t)))
    (parameterize ((current-error-port err))
      (eval form (current-module)))
    (set-compile-warnings! old)
    (get-output-string err)))

(test-group "compile-time warnings"
  (lambda ()
    (test-equal "a wrong argument count to a known procedure"
                "warning: two called with 3 arguments; it takes 2\n"
                (warnings-of '(define (use-two) (two 1 2 3))))
    (test-equal "a primitive's arity" "warning: vector-fill! called with 1 argument; it takes 2 to 4\n"
                (warnings-of '(define (use-fill) (vector-fill! (vector 1)))))
    (test-equal "a rest parameter" "warning: error called with 0 arguments; it takes at least 1\n"
                (warnings-of '(define (use-error) (error))))
    (test-equal "none for right counts" ""
                (warnings-of '(define (fine) (two 1 2) (list) (vector-fill! (vector 1) 0 0 1))))
    (test-equal "none when the form defines the procedure anew" ""
                (warnings-of '(begin (define (two a) a) (two 1))))
    (test-equal "none for unknown or unbound operators" ""
                (warnings-of '(define (later) (not-yet-defined 1 2 3))))
    (test-equal "none when off" ""
                (let ((err (open-output-string)))
                  (parameterize ((current-error-port err))
                    (eval '(define (use-two-again) (list-tail 1)) (current-module)))
                  (get-output-string err)))
    (test-equal "behaviour unchanged: the call still raises when run" 'raised
                (guard (e (#t 'raised)) (use-two)))))

(test-end "debugging")
