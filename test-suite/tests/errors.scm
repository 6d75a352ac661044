;;; errors.scm -- error messages, their source positions, raise and guard
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; An error raised while Scheme code runs carries the position of the
;;; innermost call that has one, "FILE:LINE:COLUMN" (condition-location),
;;; and its text "WHO: MESSAGE: IRRITANTS" (condition-message).  The
;;; files whose positions are checked are written to the temporary
;;; directory and loaded, so that lines and columns are known exactly.

;;; Code:

(test-begin "errors")

;; Write TEXT to the file NAME, load it and return what it raised
;; (test-nothing-raised if nothing), and the path, as a pair.
(define (load-raising name text)
  (let ((path (test-write-file name text)))
    (cons (raised-object (lambda () (load path))) path)))

(define (at path line column)
  (string-append path ":" (number->string line) ":" (number->string column)))

;; ------------------------------------------------------------------
(test-group "a wrong-type argument to a primitive"
  (lambda ()
    (let* ((r (load-raising "car.scm"
                            "(define x 1)
(define y
  (list 1 2))
   (car 5)
(define z 'not-reached)
"))
           (e (car r)) (path (cdr r)))
      (test-assert "an error object" (error-object? e))
      (test-equal "condition-message"
                  "car: wrong type argument in position 1 (expected pair): 5"
                  (condition-message e))
      (test-equal "condition-location: the call's line and column"
                  (at path 4 4) (condition-location e))
      (test-equal "error-object-message"
                  "wrong type argument in position 1 (expected pair)"
                  (error-object-message e))
      (test-equal "error-object-irritants" '(5) (error-object-irritants e))
      (test-eq "condition-kind" 'wrong-type-arg (condition-kind e)))
    (let* ((r (load-raising "inner.scm"
                            "(define (second-of x)
  (car (cdr x)))
(define (use) (second-of 7))
(use)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "inside a procedure: the message"
                  "cdr: wrong type argument in position 1 (expected pair): 7"
                  (condition-message e))
      (test-equal "inside a procedure: the innermost call's position"
                  (at path 2 8) (condition-location e)))
    (let* ((r (load-raising "second-arg.scm"
                            "\n\n\t(vector-ref (vector 1 2) 'x)\n"))
           (e (car r)) (path (cdr r)))
      (test-equal "a tab counts as one column; the second argument"
                  (list (at path 3 2)
                        "vector-ref: wrong type argument in position 2 (expected exact integer): x")
                  (list (condition-location e) (condition-message e))))
    (test-equal "caught where it happens, no file: the message"
                "car: wrong type argument in position 1 (expected pair): \"str\""
                (condition-message (raised-object (lambda () (car "str")))))))

;; ------------------------------------------------------------------
(define (list-head* l k)
  ;; The first K elements of L, or all of it if shorter.
  (if (or (= k 0) (not (pair? l)))
      '()
      (cons (car l) (list-head* (cdr l) (- k 1)))))

(test-group "backtraces"
  (lambda ()
    (let* ((r (load-raising "backtrace.scm"
                            "(define (inner x)
  (car x))
(define (middle x)
  (+ 1 (inner x)))
(define (outer x)
  (* 2 (middle x)))
(outer 5)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "the location is the innermost call" (at path 2 3)
                  (condition-location e))
      (test-equal "innermost first: procedure, file, line, column"
                  (list (vector 'inner path 2 3 #f)
                        (vector 'middle path 4 8 #f)
                        (vector 'outer path 6 8 #f))
                  (list-head* (condition-backtrace e) 3)))
    (let* ((r (load-raising "in-macro.scm"
                            "(define-syntax my-car (syntax-rules () ((_ x) (car x))))
(define-syntax both (syntax-rules () ((_ e) (list e (my-car e)))))
(define (f v)
  (both v))
(f 5)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "code from a macro: at the use, naming the innermost macro"
                  (list (at path 4 3) (vector 'f path 4 3 'my-car))
                  (list (condition-location e)
                        (car (condition-backtrace e))))
      (test-assert "the printed backtrace says which macro"
                   (string-contains?
                    (let ((p (open-output-string)))
                      (display-error e p)
                      (get-output-string p))
                    (string-append "0 f at " path ":4:3, in the expansion of my-car"))))
    (let ((bt (condition-backtrace
               (raised-object (lambda () ((lambda (x) (vector-ref x 0)) 1))))))
      (test-assert "a list of vectors" (and (pair? bt) (vector? (car bt))))
      (test-equal "an anonymous procedure has the name #f" #f
                  (vector-ref (car bt) 0)))))

;; ------------------------------------------------------------------
(test-group "unbound variables"
  (lambda ()
    (let* ((r (load-raising "unbound-op.scm"
                            "(define z 1)
  (undefined-procedure z 2)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "as the operator: the message"
                  "unbound variable: undefined-procedure"
                  (condition-message e))
      (test-equal "as the operator: the call's position"
                  (at path 2 3) (condition-location e)))
    (let* ((r (load-raising "unbound-arg.scm"
                            "(define z 1)
(define (f)
  (list z
        undefined-thing))
(f)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "as an argument: the message"
                  "unbound variable: undefined-thing"
                  (condition-message e))
      (test-equal "as an argument: the variable's position"
                  (at path 4 9) (condition-location e)))
    (test-error-message "a set! of an undefined global"
                        "unbound variable: never-defined-anywhere"
                        (lambda ()
                          (eval '(set! never-defined-anywhere 1)
                                (interaction-environment))))
    (test-assert "an error object" (error-object?
                                    (raised-object
                                     (lambda ()
                                       (eval 'still-not-defined
                                             (interaction-environment))))))))

;; ------------------------------------------------------------------
(define (two-args a b) (+ a b))

(test-group "wrong number of arguments"
  (lambda ()
    (let* ((r (load-raising "arity.scm"
                            "(define (two-args a b) (+ a b))
(two-args 1)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "too few to a closure: the name and the counts"
                  "two-args: wrong number of arguments (expected 2, given 1)"
                  (condition-message e))
      (test-equal "too few to a closure: the call's position"
                  (at path 2 1) (condition-location e)))
    (test-error-message "too many to a closure"
                        "two-args: wrong number of arguments (expected 2, given 3)"
                        (lambda () (two-args 1 2 3)))
    (test-error-message "too many to a primitive"
                        "car: wrong number of arguments (expected 1, given 2)"
                        (lambda () (car '(1) '(2))))
    (test-error-message "too few to a primitive"
                        "cons: wrong number of arguments (expected 2, given 1)"
                        (lambda () (cons 1)))
    (test-error-message "too few for an internal procedure with a rest list"
                        "at-least-two: wrong number of arguments (expected at least 2, given 1)"
                        (lambda ()
                          (let ()
                            (define (at-least-two a b . rest) a)
                            (at-least-two 1))))
    (test-error-contains "an anonymous lambda"
                         '("wrong number of arguments (expected 1, given 0)")
                         (lambda () ((lambda (x) x))))
    (test-error-message "calling a non-procedure"
                        "wrong type to apply (not a procedure): 5"
                        (lambda () (5 1 2)))))

;; ------------------------------------------------------------------
(test-group "error"
  (lambda ()
    (let* ((r (load-raising "error.scm"
                            "(define (check x)
  (if (< x 0)
      (error \"my message\" 1 2)
      x))
(check 5)
(check -1)
"))
           (e (car r)) (path (cdr r)))
      (test-equal "message and irritants" "my message: 1 2" (condition-message e))
      (test-equal "the position of the call to error" (at path 3 7)
                  (condition-location e))
      (test-equal "error-object-message" "my message" (error-object-message e))
      (test-equal "error-object-irritants" '(1 2) (error-object-irritants e))
      (test-assert "error-object?" (error-object? e)))
    (test-error-message "no irritants" "just text"
                        (lambda () (error "just text")))
    (test-error-message "irritants are written"
                        "bad thing: \"str\" sym #\\a (1 \"x\") 2.5"
                        (lambda () (error "bad thing" "str" 'sym #\a '(1 "x") 2.5)))
    (test-equal "error-object-irritants keeps the objects"
                '("str" sym)
                (error-object-irritants
                 (raised-object (lambda () (error "m" "str" 'sym)))))
    (test-error "error with no arguments is itself an error"
                (lambda () (error)))))

;; ------------------------------------------------------------------
(test-group "raise"
  (lambda ()
    (test-equal "a number" 42 (raised-object (lambda () (raise 42))))
    (test-equal "a symbol" 'oops (raised-object (lambda () (raise 'oops))))
    (test-assert "the very object"
                 (let ((obj (list 1 2)))
                   (eq? obj (raised-object (lambda () (raise obj))))))
    (test-eq "#f can be raised" #f (raised-object (lambda () (raise #f))))
    (test-eq "not an error object" #f
             (error-object? (raised-object (lambda () (raise 42)))))
    (test-equal "condition-message of a non-condition"
                "non-condition object raised: (a \"b\")"
                (condition-message (raised-object (lambda () (raise '(a "b"))))))
    (test-equal "a condition raised again keeps its message"
                "again: 1"
                (let ((e (raised-object (lambda () (error "again" 1)))))
                  (condition-message (raised-object (lambda () (raise e))))))
    (test-equal "raised from deep inside calls" 'deep
                (raised-object
                 (lambda ()
                   (let f ((n 100))
                     (if (= n 0) (raise 'deep) (+ 1 (f (- n 1))))))))))

;; ------------------------------------------------------------------
(test-group "guard"
  (lambda ()
    (test-equal "no error: the body's value" 3 (guard (e (#t 'caught)) 1 2 3))
    (test-equal "else" 'caught (guard (e (else 'caught)) (raise 'x)))
    (test-equal "the clause sees the object" '(got x)
                (guard (e (#t (list 'got e))) (raise 'x)))
    (test-equal "=> (R7RS example)" 42
                (guard (condition
                        ((assq 'a condition) => cdr)
                        ((assq 'b condition)))
                  (raise (list (cons 'a 42)))))
    (test-equal "a test-only clause (R7RS example)" '(b . 23)
                (guard (condition
                        ((assq 'a condition) => cdr)
                        ((assq 'b condition)))
                  (raise (list (cons 'b 23)))))
    (test-equal "the first matching clause" 'string
                (guard (e ((symbol? e) 'symbol)
                          ((string? e) 'string)
                          (else 'other))
                  (raise "s")))
    (test-equal "no clause matches: raised on to the outer guard" '(outer sym)
                (guard (outer (#t (list 'outer outer)))
                  (guard (e ((string? e) 'inner))
                    (raise 'sym))))
    (test-equal "an error inside a clause goes to the outer guard" 'second
                (guard (outer (#t outer))
                  (guard (e (#t (raise 'second)))
                    (raise 'first))))
    (test-equal "error-object? in a clause (R7RS example)" "Something went wrong"
                (guard (e ((error-object? e) (error-object-message e)))
                  (error "Something went wrong" 1)))
    (test-equal "a primitive's error" 'wrong-type-arg
                (guard (e ((error-object? e) (condition-kind e)))
                  (vector-ref '#(1) 'x)))
    (test-equal "the variable is local to the clauses" 'outer-e
                (let ((e 'outer-e))
                  (guard (e (#t e)) 'ignored)
                  e))
    (test-equal "a guard in a loop: 10000 catches" 10000
                (let lp ((i 0) (n 0))
                  (if (= i 10000)
                      n
                      (lp (+ i 1) (guard (e (#t (+ n 1))) (raise i))))))
    (test-equal "1000 primitive errors caught in a loop" 1000
                (let lp ((i 0))
                  (if (= i 1000)
                      i
                      (begin (guard (e (#t #f)) (car i)) (lp (+ i 1))))))
    (test-equal "guard unwinds dynamic-wind before its clauses"
                '(in out handler)
                (let ((l '()))
                  (guard (e (#t (set! l (cons 'handler l))))
                    (dynamic-wind
                      (lambda () (set! l (cons 'in l)))
                      (lambda () (raise 'x))
                      (lambda () (set! l (cons 'out l)))))
                  (reverse l)))))

;; ------------------------------------------------------------------
(test-group "with-exception-handler"
  (lambda ()
    (test-equal "raise-continuable: the handler's value returns (R7RS)" 65
                (with-exception-handler
                  (lambda (con) 42)
                  (lambda () (+ (raise-continuable 'oops) 23))))
    (test-equal "the handler sees the object" 'obj
                (call-with-current-continuation
                 (lambda (k)
                   (with-exception-handler
                     (lambda (c) (k c))
                     (lambda () (raise 'obj))))))
    (test-assert "a handler returning from raise: a secondary error"
                 (guard (e (#t (not (eq? e 'first))))
                   (with-exception-handler
                     (lambda (c) 'ignored)
                     (lambda () (raise 'first)))))
    (test-equal "the handler runs with the outer handler installed" 'outer
                (guard (e (#t e))
                  (with-exception-handler
                    (lambda (c) (raise 'outer))
                    (lambda () (raise 'inner)))))))

;; ------------------------------------------------------------------
(define (nested-sum depth)
  ;; The text of (+ 1 (+ 1 ... 0)), DEPTH deep.
  (let ((out (open-output-string)))
    (do ((i 0 (+ i 1))) ((= i depth)) (write-string "(+ 1 " out))
    (write-string "0" out)
    (do ((i 0 (+ i 1))) ((= i depth)) (write-string ")" out))
    (get-output-string out)))

(test-group "deeply nested code"
  (lambda ()
    (test-equal "an expression 3000 deep evaluates" 3000
                (eval (read (open-input-string (nested-sum 3000)))))
    ;; Deep code goes on on C-stack segments up to a quarter of the
    ;; stack limit (c-stack.c): under 64 MiB, 300000 is well past it.
    (let ((r (call-with-limits
              (lambda ()
                (load-raising "nested.scm"
                              (string-append "(define x " (nested-sum 300000)
                                             ")\n")))
              #f #f (* 64 1024 1024))))
      (test-equal "an expression 300000 deep: a catchable error, no crash"
                  "expression nested too deeply (the C stack is nearly exhausted)"
                  (condition-message (car r))))
    (test-equal "evaluation goes on afterwards" 3 (+ 1 2))))

(test-group "errors while loading"
  (lambda ()
    (let* ((r (load-raising "bad-syntax.scm" "(define a 1)\n(oops . )\n"))
           (e (car r)) (path (cdr r)))
      (test-assert "a malformed datum: a read error" (read-error? e))
      (test-equal "a malformed datum: its position in the message"
                  (string-append
                   path ":2:9: `.' in a bad place: no datum after it "
                   "before `)' (the list starts at 2:1)")
                  (condition-message e)))
    (let* ((r (load-raising "unterminated.scm" "(define a 1)\n(list 1\n"))
           (e (car r)))
      (test-assert "an unterminated list: a read error" (read-error? e)))
    (let ((e (raised-object
              (lambda () (load (string-append test-temp-directory "absent.scm"))))))
      (test-assert "a missing file: a file error" (file-error? e))
      (test-assert "a missing file: the message names the file"
                   (string-contains? (condition-message e)
                                     (string-append test-temp-directory
                                                    "absent.scm"))))
    (let* ((r (load-raising "raise-in-file.scm" "(define b 2)\n(raise 'custom)\n"))
           (e (car r)))
      (test-eq "raise of a symbol in a loaded file" 'custom e))
    (let* ((r (load-raising "ok.scm" "(define c 3)\n(+ c 1)\n"))
           (e (car r)))
      (test-eq "a file without errors raises nothing" test-nothing-raised e))))

(test-group "messages and edges"
  (lambda ()
    (test-error-contains "a \\x escape out of range is reported as written"
                         '("`\\xFFFFFFFFFFFFFFFFFFFFFFFF;' is not a Unicode scalar value")
                         (lambda ()
                           (read (open-input-string
                                  "\"\\xFFFFFFFFFFFFFFFFFFFFFFFF;\""))))
    (test-equal "a UTF-8 byte-order mark at the start of a file is skipped" 'bom-ok
                (let ((path (string-append test-temp-directory "bom.scm")))
                  (call-with-port (open-binary-output-file path)
                    (lambda (p)
                      (write-bytevector #u8(#xEF #xBB #xBF) p)
                      (write-bytevector (string->utf8 "(define bom-value 'bom-ok)\n")
                                        p)))
                  (load path)
                  bom-value))
    (test-equal "several values in a one-value position print as such"
                "(#<values 1 (2 3)>)"
                (object->string (list (values 1 '(2 3)))))
    (test-equal "a module prints with its name" "#<module (libscm user)>"
                (object->string (current-module)))
    (test-error-contains "an impossible vector size is refused before allocating"
                         '("make-vector: impossible size: 10000000000 elements of 8 bytes exceed the machine's memory")
                         (lambda () (make-vector 10000000000)))
    (test-error-contains "... a string size too"
                         '("make-string: impossible size")
                         (lambda () (make-string 100000000000)))
    (test-equal "(unquote |@x|) writes so that it reads back"
                '(",|@x|" #t)
                (let ((s (object->string '(unquote |@x|))))
                  (list s (equal? (read (open-input-string s)) '(unquote |@x|)))))))

(test-end "errors")
