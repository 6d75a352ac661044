;;; wide-code.scm -- code 200,000 wide through eval: every form works,
;;; or raises a catchable error, never crashes
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A cond, guard or case with 200,000 clauses, an and or or with
;;; 200,000 operands, and the same in the test of an if (where the
;;; compiler walks them as a chain of tests): each used to recurse in C
;;; once per clause with no check of the C stack, and crashed the
;;; process (doc/internals.md, "Recursion in the C code").  Each is
;;; built as data and given to eval, as a program generating code
;;; would, and must give its value.  Shapes nested that deep may stop
;;; at the C stack's budget instead, with an error a guard catches.

;;; Code:

(test-begin "wide-code")

(define wide 200000)

(define (sym prefix i)
  (string->symbol (string-append prefix (number->string i))))

(define (syms prefix n)
  (let loop ((i (- n 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (sym prefix i) acc)))))

(define (run form)
  (eval form (interaction-environment)))

;; FORM's value, or 'too-deep if it raised the C stack's error.
(define (value-or-too-deep form)
  (guard (e ((and (error-object? e)
                  (string? (error-object-message e))
                  (string-contains (error-object-message e)
                                   "nested too deeply"))
             'too-deep))
    (run form)))

(define (string-contains s part)
  (let ((n (string-length s)) (k (string-length part)))
    (let loop ((i 0))
      (cond ((> (+ i k) n) #f)
            ((string=? (substring s i (+ i k)) part) i)
            (else (loop (+ i 1)))))))

(test-group "200,000 clauses or operands"
  (lambda ()
    (test-eq "cond, the last clause's value" 'last
             (run (cons 'cond (append (make-list wide '(#f 1))
                                      '((#t 'last))))))
    (test-eq "cond with else" 'else
             (run (cons 'cond (append (make-list wide '(#f 1))
                                      '((else 'else))))))
    (test-eq "cond with => clauses" 'arrow
             (run (cons 'cond (append (make-list wide '(#f => car))
                                      '(('arrow => (lambda (x) x)))))))
    (test-eq "guard with 200,000 clauses" 'caught
             (run (list 'guard (cons 'e (append (make-list wide '(#f 1))
                                                '(((eq? e 'boom) 'caught))))
                        '(raise 'boom))))
    (test-eq "and, the last operand's value" 'last
             (run (cons 'and (append (make-list wide 1) '('last)))))
    (test-eq "and with a false operand last" #f
             (run (cons 'and (append (make-list wide 1) '(#f)))))
    (test-eq "or, the last operand's value" 'last
             (run (cons 'or (append (make-list wide #f) '('last)))))
    (test-eq "case, the matching clause last" 'five
             (run (cons 'case (cons 5 (append (make-list wide '((1 2) 'no))
                                              '(((5) 'five)))))))
    (test-eq "case with else" 'else
             (run (cons 'case (cons 5 (append (make-list wide '((1) 'no))
                                              '((else 'else)))))))
    (test-eqv "let with 200,000 bindings" wide
              (run (list 'let (map (lambda (s) (list s 1)) (syms "v" wide))
                         (cons '+ (syms "v" wide)))))
    (test-eqv "begin of 200,000 forms" 1
              (run (cons 'begin (make-list wide 1))))
    (test-eqv "a body of 200,000 internal definitions" 7
              (run (list 'let '()
                         (cons 'begin (map (lambda (s) (list 'define s 7))
                                           (syms "d" wide)))
                         'd0)))
    (test-eqv "a call with 200,000 arguments" wide
              (run (cons '+ (make-list wide 1))))
    (test-eqv "a quasiquote of 200,000 unquotes" wide
              (length (run (list 'quasiquote (make-list wide '(unquote 1))))))
    (test-eqv "let-values binding 200,000 formals" wide
              (run (list 'let-values
                         (list (list (syms "f" wide)
                                     (cons 'values (make-list wide 1))))
                         (cons '+ (syms "f" wide)))))
    (test-eq "cond-expand with an and of 200,000 requirements" 'yes
             (run (list 'cond-expand
                        (list (cons 'and (make-list wide 'r7rs)) ''yes))))))

(test-group "wide tests of an if"
  (lambda ()
    (test-eq "(if (and ...))" 'yes
             (run (list 'if (cons 'and (make-list wide 1)) ''yes ''no)))
    (test-eq "(if (or ...)) all false" 'no
             (run (list 'if (cons 'or (make-list wide #f)) ''yes ''no)))
    (test-eq "(if (cond ...)) with no clause true" 'no
             (run (list 'if (cons 'cond (append (make-list wide '(#f #f))
                                                '((else #f))))
                        ''yes ''no)))
    (test-eq "(if (case ...))" 'yes
             (run (list 'if (cons 'case (cons 5 (append (make-list wide '((1) #f))
                                                        '(((5) #t)))))
                        ''yes ''no)))
    (test-eq "an if whose test is an if, 200,000 deep" 'yes
             (run (let loop ((i 0) (x #t))
                    (if (= i wide)
                        (list 'if x ''yes ''no)
                        (loop (+ i 1) (list 'if x #t #f))))))))

(test-group "200,000 deep: a value or a catchable error"
  (lambda ()
    ;; `(a ,`(a ,`(a ... ,1))) is (a (a (a ... 1))).
    (test-assert "quasiquotes nested through their unquotes"
                 (let ((v (value-or-too-deep
                           (let loop ((i 0) (x 1))
                             (if (= i wide)
                                 x
                                 (loop (+ i 1)
                                       (list 'quasiquote
                                             (list 'a (list 'unquote x)))))))))
                   (or (eq? v 'too-deep)
                       (let loop ((v v) (d 0))
                         (if (pair? v) (loop (cadr v) (+ d 1))
                             (and (eqv? v 1) (= d wide)))))))
    (test-assert "nested internal definitions"
                 (memv (value-or-too-deep
                        (let loop ((i 0) (x 1))
                          (if (= i wide)
                              x
                              (loop (+ i 1) (list 'let '() '(define a 1) x)))))
                       '(1 too-deep)))
    (test-assert "a cond-expand requirement nested 200,000 deep"
                 (memq (value-or-too-deep
                        (list 'cond-expand
                              (list (let loop ((i 0) (x 'r7rs))
                                      (if (= i wide) x
                                          (loop (+ i 1) (list 'not (list 'not x)))))
                                    ''yes)
                              '(else 'no)))
                       '(yes too-deep)))
    (test-assert "delay nested 200,000 deep"
                 (value-or-too-deep
                  (let loop ((i 0) (x 1))
                    (if (= i wide) x (loop (+ i 1) (list 'delay x))))))
    (test-eqv "and the next evaluation works" 3 (run '(+ 1 2)))))

(test-end "wide-code")
