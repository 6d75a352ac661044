;;; disassemble.scm -- tests of (libscm disassemble): the instructions of
;;; compiled procedures, with labels, constants, positions and nested code
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (libscm disassemble) (srfi 1))

(test-begin "disassemble")

(define (listing proc)
  (let ((out (open-output-string)))
    (disassemble proc out)
    (get-output-string out)))

;; The lines of TEXT.
(define (lines text)
  (let loop ((i 0) (start 0) (acc '()))
    (cond ((= i (string-length text))
           (reverse (if (< start i) (cons (substring text start i) acc) acc)))
          ((char=? (string-ref text i) #\newline)
           (loop (+ i 1) (+ i 1) (cons (substring text start i) acc)))
          (else (loop (+ i 1) start acc)))))

;; The instruction lines of TEXT: those that start with an offset.
(define (instruction-lines text)
  (let loop ((ls (lines text)) (acc '()))
    (cond ((null? ls) (reverse acc))
          ((and (> (string-length (car ls)) 6)
                (char-numeric? (string-ref (car ls) 5)))
           (loop (cdr ls) (cons (car ls) acc)))
          (else (loop (cdr ls) acc)))))

;; The words of LINE, split at spaces.
(define (words line)
  (let loop ((i 0) (start #f) (acc '()))
    (cond ((= i (string-length line))
           (reverse (if start (cons (substring line start i) acc) acc)))
          ((char=? (string-ref line i) #\space)
           (loop (+ i 1) #f (if start (cons (substring line start i) acc) acc)))
          (else (loop (+ i 1) (or start i) acc)))))

;; The instruction names of TEXT, in order.
(define (instruction-names text)
  (map (lambda (l) (cadr (words l))) (instruction-lines text)))

(define (first-or-false pred l)
  (cond ((null? l) #f) ((pred (car l)) (car l)) (else (first-or-false pred (cdr l)))))

(define (pick x) (if (pair? x) (car x) 'none))

(define (count-prefix prefix l)
  (let loop ((l l) (n 0))
    (cond ((null? l) n)
          ((and (>= (string-length (car l)) (string-length prefix))
                (string=? (substring (car l) 0 (string-length prefix)) prefix))
           (loop (cdr l) (+ n 1)))
          (else (loop (cdr l) n)))))

(test-group "a procedure with a branch and a constant"
  (lambda ()
    (let* ((text (listing pick))
           (names (instruction-names text)))
      (test-assert "a header names the procedure"
                   (string-contains? text "Disassembly of #<procedure pick>"))
      (test-assert "its arity" (string-contains? text "1 argument"))
      (test-equal "it begins with ENTER and ends with the constant's return"
                  '("ENTER" "CONST_RETURN")
                  (list (car names) (car (reverse names))))
      (test-assert "the test of pair? and its branch are one instruction"
                   (member "BRL_PAIRP" names))
      (test-assert "the constant is written with write"
                   (first-or-false (lambda (l) (string-contains? l "CONST_RETURN    none"))
                                   (instruction-lines text)))
      (test-assert "the local is fp[0]"
                   (string-contains? text "fp[0]"))
      (test-equal "the branch target is a label, on a line of its own"
                  1 (count-prefix "L1:" (lines text)))
      (test-assert "the branch names the label"
                   (first-or-false (lambda (l) (and (string-contains? l "BRL_PAIRP")
                                                    (string-contains? l " L1")))
                                   (instruction-lines text)))
      ;; pick is defined on line 48 of this file.
      (test-assert "the source position is this file's"
                   (string-contains? text "disassemble.scm:48:")))))

(define (fib n)
  (if (< n 2)
      n
      (+ (fib (- n 1)) (fib (- n 2)))))

(test-group "fib: superinstructions and self calls"
  (lambda ()
    (let* ((text (listing fib))
           (names (instruction-names text)))
      (test-assert "the comparison with a constant" (member "BRLK_LT" names))
      (test-assert "a local less a constant" (member "SUBLK" names))
      (test-assert "the calls of fib through its variable, unchecked, each
with its frame and its argument"
                   (and (member "GSELFCALL1_U" names)
                        (not (member "FRAME" names))
                        (not (member "PUSH_FRAME" names))))
      (test-assert "the variable named"
                   (string-contains? text "#<variable fib> fib 1"))
      (test-assert "an inline primitive's variable named"
                   (string-contains? text "ADD_RETURN      #<variable +>"))
      (test-assert "two labels, the self calls' entry and the branch's target:
the calls return to the instructions after them"
                   (and (string-contains? text "L2:")
                        (not (string-contains? text "L3")))))))

(define (tak x y z)
  (if (not (< y x))
      z
      (tak (tak (- x 1) y z) (tak (- y 1) z x) (tak (- z 1) x y))))

(test-group "tak: a local returned, a tail call of its own name"
  (lambda ()
    (let ((names (instruction-names (listing tak))))
      (test-assert "z returned in one instruction" (member "LREF_RETURN" names))
      (test-assert "no RETURN after an LREF" (not (member "RETURN" names)))
      (test-assert "the tail call with its last argument in acc"
                   (member "GSELFTAILCALL3_U" names))
      (test-assert "each inner call with its frame and its arguments"
                   (and (member "GSELFCALL1_L2_U" names)
                        (not (member "FRAME" names))
                        (not (member "PUSH_FRAME" names))))
      (test-equal "the first two calls' values pushed, each with the next
call's argument (PUSH_SUBLK): the third stays in acc"
                  '(2 0)
                  (list (length (filter (lambda (n) (equal? n "PUSH_SUBLK"))
                                        names))
                        (length (filter (lambda (n) (equal? n "PUSH"))
                                        names)))))))

;; Compiled where car and eq? are the core's and cannot change (an
;; environment of eval; this file's module may redefine them).
(define quoted?
  (eval '(lambda (x) (if (eq? (car x) 'quote) 'yes 'no))
        (environment '(scheme base))))

(test-group "an interpreter's test of an expression's head"
  (lambda ()
    (let ((names (instruction-names (listing quoted?))))
      (test-assert "(eq? (car x) 'quote) and its branch are one instruction"
                   (member "BRLC_EQ" names))
      (test-assert "no car pushed, no constant, no BR_EQ"
                   (not (or (member "CAR_L_PUSH_U" names) (member "CONST" names)
                            (member "BR_EQ" names))))
      (test-equal "its answers" '(yes no) (map quoted? '((quote a) (if))))
      (test-equal "car's error"
                  "car: wrong type argument in position 1 (expected pair): 5"
                  (condition-message (raised-object (lambda () (quoted? 5))))))))

(define-record-type dis3 (make-dis3 a b c) dis3? (a dis3-a) (b dis3-b) (c dis3-c))
(define-record-type dis4 (make-dis4 a b c d) dis4? (a dis4-a) (b dis4-b) (c dis4-c)
  (d dis4-d))
(define-record-type dis5 (make-dis5 a b c d e) dis5? (a dis5-a) (b dis5-b) (c dis5-c)
  (d dis5-d) (e dis5-e))
(define (new-dis x) (list (make-dis3 x 2 3) (make-dis4 x 2 3 4) (make-dis5 x 2 3 4 5)))

(test-group "constructors read back, their parameters pushed in pairs"
  (lambda ()
    (let ((names (instruction-names (listing make-dis5))))
      (test-assert "LREF_PUSH2 in the constructor" (member "LREF_PUSH2" names)))
    (let ((names (instruction-names (listing new-dis))))
      (test-equal "3, 4 and 5 fields: KREC_MAKE, no call" '(3 #f)
                  (list (length (filter (lambda (x) (equal? x "KREC_MAKE"))
                                        names))
                        (and (member "GCALL" names) #t))))
    (test-equal "the fields in order" '((1 2 3) (1 4) (1 5))
                (let ((r (new-dis 1)))
                  (list (list (dis3-a (car r)) (dis3-b (car r)) (dis3-c (car r)))
                        (list (dis4-a (cadr r)) (dis4-d (cadr r)))
                        (list (dis5-a (caddr r)) (dis5-e (caddr r))))))))

(define (adder n) (lambda (x) (+ x n)))

(test-group "the code of a closure made inside, after the outer code"
  (lambda ()
    (let ((text (listing adder)))
      (test-assert "CLOSURE12 (one free value) of the inner code"
                   (string-contains? text "CLOSURE12       #<code anonymous> 1"))
      (test-equal "two headers" 2 (count-prefix "Disassembly of" (lines text)))
      (test-assert "the inner one after the outer"
                   (string-contains? text "Disassembly of code anonymous, in #<procedure adder>"))
      (test-assert "the inner one reads its free value"
                   (string-contains? text "free[0]")))))

(define (squares) (map (lambda (x) (* x x)) '(1 2 3)))

(test-group "a closure among the constants, after the outer code"
  (lambda ()
    (let ((text (listing squares)))
      (test-equal "two headers" 2 (count-prefix "Disassembly of" (lines text)))
      (test-assert "the constant closure's header says where it is"
                   (string-contains? text ", in #<procedure squares>:"))
      (test-assert "its instructions follow"
                   (member "MUL" (instruction-names text)))
      (test-assert "the list constant written"
                   (string-contains? text "CONST_PUSH      (1 2 3)")))))

(define two-ways (case-lambda ((a) (list a)) ((a b) (cons a b))))

(test-group "case-lambda"
  (lambda ()
    (let ((text (listing two-ways)))
      (test-assert "its clauses counted"
                   (string-contains? text "a case-lambda of 2 clauses"))
      (test-equal "a header for it and one for each clause"
                  3 (count-prefix "Disassembly of" (lines text)))
      (test-assert "the clauses' instructions"
                   (and (member "CONS_L" (instruction-names text)) #t)))))

(test-group "errors"
  (lambda ()
    (test-error-contains "a primitive is not disassembled"
                         '("disassemble" "wrong type argument")
                         (lambda () (disassemble car)))
    (test-error-contains "nor is a number"
                         '("disassemble" "procedure made by lambda")
                         (lambda () (disassemble 42)))))

(test-group "the current output port by default"
  (lambda ()
    (let ((out (open-output-string)))
      (parameterize ((current-output-port out))
        (disassemble (lambda () 'x)))
      (test-assert "something written there"
                   (string-contains? (get-output-string out)
                                      "CONST_RETURN    x")))))

(define (token-kind t) (if (memq t '(boolean character id)) 'value 'none))
(define (flonum-kind x) (if (memv x '(1e300 2)) 'in 'out))

(test-group "a memq test of a constant list"
  (lambda ()
    (let ((names (instruction-names (listing token-kind))))
      (test-assert "the list searched by BRL_MEMQ behind INLINE_GUARD"
                   (member "BRL_MEMQ" (or (member "INLINE_GUARD" names) '())))
      (test-assert "the inline memq the guard falls back to"
                   (member "MEMQ" names)))
    (test-assert "memv of a list with a flonum on the heap is a call only"
                 (not (member "BRL_MEMQ"
                              (instruction-names (listing flonum-kind)))))))

(define (letter-kind c)
  (case c
    ((#\a #\b #\c #\d #\e #\f #\g #\h #\i) 'letter)
    ((#\x100 #\x101 #\x102 #\x103 #\x104 #\x105 #\x106 #\x107 #\x108) 'wide)
    (else 'other)))

(test-group "a case clause of many characters"
  (lambda ()
    (let ((names (instruction-names (listing letter-kind))))
      (test-equal "below 256 a bitmap (BRL_CHARSET), above the list (BRL_MEMQ)"
                  '("BRL_CHARSET" "BRL_MEMQ")
                  (let loop ((l names) (acc '()))
                    (cond ((null? l) (reverse acc))
                          ((member (car l) '("BRL_CHARSET" "BRL_MEMQ"))
                           (loop (cdr l) (cons (car l) acc)))
                          (else (loop (cdr l) acc))))))
    (test-equal "and what they answer" '(letter wide other other)
                (map letter-kind (list #\i #\x108 #\j 'a)))))

;; Test that PROC starts with the one instruction OP for its (not (TYPE?
;; local)), naming GUARDS (both variables and the slot); its names.
(define (test-not-local-type proc op guards)
  (let* ((text (listing proc))
         (names (instruction-names text)))
    (test-equal (string-append op " right after ENTER") (list "ENTER" op)
                (list (car names) (cadr names)))
    (test-assert "no BR_NOT left" (not (member "BR_NOT" names)))
    (test-assert "both guard variables and the local named"
                 (string-contains? text guards))
    names))

;; takl's inner loop: (not (null? y)) as a test reads the local itself.
(define (shorterp x y)
  (and (not (null? y)) (or (null? x) (shorterp (cdr x) (cdr y)))))

(define (null-or x) (or (null? x) (and (pair? x) (car x))))

(test-group "(or (null? local) ...): its value #t or the rest's"
  (lambda ()
    (test-assert "BRLT_NULLP"
                 (member "BRLT_NULLP" (instruction-names (listing null-or))))
    (test-equal "#t for (), else the rest's value" '(#t 1 #f #f)
                (list (null-or '()) (null-or '(1)) (null-or '(#f))
                      (null-or 5)))))

(test-group "(not (null? local)) as a test: one instruction"
  (lambda ()
    (let ((names (test-not-local-type
                  shorterp "BRLN_NULLP"
                  "#<variable null?> #<variable not> fp[1]")))
      (test-assert "(or (null? x) ...) is BRLT_NULLP, no JUMPF"
                   (and (member "BRLT_NULLP" names)
                        (not (member "JUMPF" names))))
      (test-equal "and what it answers" '(#t #f #f #t)
                  (list (shorterp '(1) '(1 2)) (shorterp '(1 2) '(1 2))
                        (shorterp '() '()) (shorterp '() '(a)))))))

;; A list walker: (not (pair? l)) as a test reads the local itself.
(define (walk l n) (if (not (pair? l)) n (walk (cdr l) (+ n 1))))
(define (pair-or x) (or (pair? x) (and (string? x) x)))

(test-group "(not (pair? local)) and (or (pair? local) ...)"
  (lambda ()
    (test-not-local-type walk "BRLN_PAIRP"
                         "#<variable pair?> #<variable not> fp[0]")
    (test-equal "and what it answers" '(0 0 3 2)
                (list (walk '() 0) (walk 'x 0) (walk '(a b c) 0)
                      (walk '(a b . c) 0)))
    (test-assert "BRLT_PAIRP"
                 (member "BRLT_PAIRP" (instruction-names (listing pair-or))))
    (test-equal "#t for a pair, else the rest's value" '(#t #t "s" #f #f)
                (list (pair-or '(1)) (pair-or '(#f . #f)) (pair-or "s")
                      (pair-or '()) (pair-or 5)))))

;; Vector elements and calls read their operands themselves: a global
;; and a local (VREF_GL, whose two variables are each named), two locals
;; (VREF_LL), a global argument (GREF_PUSH), a procedure in a local
;; (LCALL, LTAILCALL).
(define ds-table (vector 1 2 3))
(define (ds-pick v i f)
  (f (list (vector-ref ds-table i) (vector-ref v i) ds-table (f i))))
(test-group "fused reads of vectors, globals and local procedures"
  (lambda ()
    (let* ((text (listing ds-pick))
           (names (instruction-names text)))
      (test-assert "vector-ref of a global and a local, pushed"
                   (member "VREF_GL_PUSH" names))
      (test-assert "its variables named: the global's, vector-ref's"
                   (string-contains?
                    text "#<variable ds-table> ds-table #<variable vector-ref>"))
      (test-assert "vector-ref of two locals, pushed"
                   (member "VREF_LL_PUSH" names))
      (test-assert "a global pushed" (member "GREF_PUSH" names))
      (test-assert "a call of a local" (member "LCALL" names))
      (test-assert "a tail call of a local" (member "LTAILCALL" names))
      (test-equal "what it computes" '((2 3 #(1 2 3) (1)))
                  (ds-pick (vector 0 3) 1 list)))
    (test-assert "a constant returned: one instruction"
                 (member "CONST_RETURN"
                         (instruction-names
                          (listing (lambda (x) (if x 'yes #f))))))))

;; Stores into a vector and a pair held in locals read them from their
;; slots (VSET_LL, VSET_LLL of a local value too, SET_CAR_L, SET_CAR_LL
;; of a local value): nothing pushed before; set-cdr! of a local pushes
;; it (SET_CDR).
(define (ds-store! v i p x)
  (vector-set! v i x)
  (vector-set! v 0 x)
  (vector-set! v i (car p))
  (set-car! p (vector-ref v 1))
  (set-car! p x)
  (set-cdr! p (car p))
  (list v p))
(test-group "fused stores into locals"
  (lambda ()
    (let ((names (instruction-names (listing ds-store!))))
      (test-assert "vector-set! of two locals and a value"
                   (or (member "VSET_LL" names) (member "VSET_LL_U" names)))
      (test-assert "vector-set! of three locals"
                   (or (member "VSET_LLL" names) (member "VSET_LLL_U" names)))
      (test-assert "set-car! of a local" (member "SET_CAR_L" names))
      (test-assert "set-car! of a local and a local"
                   (member "SET_CAR_LL" names))
      (test-assert "set-cdr! of a local" (member "SET_CDR" names))
      (test-equal "what it computes" '(#(z 1) (z . z))
                  (ds-store! (vector 0 1) 1 (cons 1 2) 'z)))))

;; A continuation-passing procedure: its inner closures pass their
;; free values on as arguments and as the free values of closures.
(define (cps-walk l k)
  (if (null? l)
      (k '())
      (cps-walk (cdr l)
                (lambda (r)
                  (let ((x (car l)))
                    (k (cons (list x (vector-length (vector k x)))
                             r)))))))

;; A free value pushed, then read back at once from its new slot.
(define (free-bound y)
  (lambda () (let ((z y)) (if z (list z z) 'none))))

(test-group "free values pushed by FREF_PUSH"
  (lambda ()
    (let ((text (listing cps-walk)))
      (test-assert "FREF_PUSH in the inner code"
                   (member "FREF_PUSH" (instruction-names text)))
      (test-assert "no FREF followed by PUSH"
                   (let loop ((ns (instruction-names text)))
                     (cond ((or (null? ns) (null? (cdr ns))) #t)
                           ((and (equal? (car ns) "FREF")
                                 (equal? (cadr ns) "PUSH"))
                            #f)
                           (else (loop (cdr ns)))))))
    (test-equal "the values passed on" '((1 2) (2 2) (3 2))
                (cps-walk '(1 2 3) (lambda (r) r)))
    (test-equal "the value of the pushed binding" '((a a) none)
                (list ((free-bound 'a)) ((free-bound #f))))
    (test-assert "the binding pushed by FREF_PUSH"
                 (member "FREF_PUSH" (instruction-names (listing (free-bound 1)))))))

(test-end "disassemble")
