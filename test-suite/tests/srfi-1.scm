;;; srfi-1.scm -- SRFI 1, the list library: (srfi 1)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name (srfi 1) exports, with the SRFI's examples, the edge
;;; cases it names (empty, dotted and circular lists, several lists of
;;; different lengths), the order in which equality procedures receive
;;; their arguments, and the errors raised for a dotted list, a bad
;;; index or a non-procedure, which name the procedure.

;;; Code:

(import (srfi 1))

(test-begin "srfi-1")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

;; The calls (= A B) that a procedure makes, as a list of (A B).
(define (calls-of run)
  (let ((calls '()))
    (run (lambda (a b) (set! calls (cons (list a b) calls)) (eqv? a b)))
    (reverse calls)))

(define (c-list . xs) (apply circular-list xs))

;; ------------------------------------------------------------------
(test-group "every name is bound to a procedure"
  (lambda ()
    (test-assert "all of them"
                 (every procedure?
                        (list
                         cons list xcons cons* make-list list-tabulate list-copy
                         circular-list iota pair? null? proper-list?
                         circular-list? dotted-list? not-pair? null-list? list=
                         car cdr caar cadr cdar cddr caaar caadr cadar caddr
                         cdaar cdadr cddar cdddr caaaar caaadr caadar caaddr
                         cadaar cadadr caddar cadddr cdaaar cdaadr cdadar
                         cdaddr cddaar cddadr cdddar cddddr list-ref first
                         second third fourth fifth sixth seventh eighth ninth
                         tenth car+cdr take drop take-right drop-right take!
                         drop-right! split-at split-at! last last-pair length
                         length+ append concatenate reverse append! concatenate!
                         reverse! append-reverse append-reverse! zip unzip1
                         unzip2 unzip3 unzip4 unzip5 count map for-each fold
                         unfold pair-fold reduce fold-right unfold-right
                         pair-fold-right reduce-right append-map append-map!
                         map! pair-for-each filter-map map-in-order filter
                         partition remove filter! partition! remove! member
                         memq memv find find-tail any every list-index
                         take-while drop-while take-while! span break span!
                         break! delete delete-duplicates delete!
                         delete-duplicates! assoc assq assv alist-cons
                         alist-copy alist-delete alist-delete! lset<= lset=
                         lset-adjoin lset-union lset-union! lset-intersection
                         lset-intersection! lset-difference lset-difference!
                         lset-xor lset-xor! lset-diff+intersection
                         lset-diff+intersection!)))))

;; ------------------------------------------------------------------
;; First, while the VM stack is still small: any and every call PRED on
;; the last elements as a tail call (SRFI 1 says so), so a loop that
;; goes through them 10^6 times does not grow the stack
;; (%vm-stack-size, in slots; a non-tail loop would need millions).
(define (stack-growth thunk)
  (let* ((before (%vm-stack-size))
         (value (thunk)))
    (list value (if (< (- (%vm-stack-size) before) 100000)
                    'stack-did-not-grow
                    'stack-grew))))

(test-group "tail calls of any and every"
  (lambda ()
    (test-equal "any, one list" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (if (= n 0) 'done (any (lambda (x) (loop (- n 1))) '(1)))))))
    (test-equal "any, two lists" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (if (= n 0) 'done (any (lambda (x y) (and (= x 2) (loop (- n 1)))) '(1 2) '(3 4 5)))))))
    (test-equal "every, one list" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (if (= n 0) 'done (every (lambda (x) (or (= x 1) (loop (- n 1)))) '(1 2)))))))
    (test-equal "every, two lists" '(done stack-did-not-grow)
                (stack-growth
                 (lambda ()
                   (let loop ((n 1000000))
                     (if (= n 0) 'done (every (lambda (x y) (loop (- n 1))) '(1) '(2 3)))))))))

;; ------------------------------------------------------------------
(test-group "constructors"
  (lambda ()
    (test-equal "cons" '(a . b) (cons 'a 'b))
    (test-equal "list" '(1 2 3) (list 1 2 3))
    (test-equal "xcons" '(a b c) (xcons '(b c) 'a))
    (test-equal "cons* with a tail" '(1 2 3 . 4) (cons* 1 2 3 4))
    (test-equal "cons* of one argument is that argument" 1 (cons* 1))
    (test-equal "cons* onto a list" '(1 2 3) (cons* 1 '(2 3)))
    (test-equal "make-list" '(c c c c) (make-list 4 'c))
    (test-equal "make-list of 0" '() (make-list 0 'c))
    (test-equal "make-list without fill has the length" 3 (length (make-list 3)))
    (test-equal "list-tabulate" '(0 1 2 3) (list-tabulate 4 values))
    (test-equal "list-tabulate squares" '(0 1 4 9) (list-tabulate 4 (lambda (i) (* i i))))
    (test-equal "list-tabulate of 0" '() (list-tabulate 0 (lambda (i) (error "called"))))
    (test-error-message "list-tabulate: a negative length"
                        "list-tabulate: wrong type argument in position 1 (expected non-negative exact integer): -1"
                        (lambda () (list-tabulate -1 values)))
    (test-error-message "list-tabulate: not a procedure"
                        "list-tabulate: wrong type argument in position 2 (expected procedure): 5"
                        (lambda () (list-tabulate 2 5)))
    (let* ((l (list 1 (list 2) 3)) (c (list-copy l)))
      (test-equal "list-copy is equal" l c)
      (test-assert "list-copy makes a new spine" (not (eq? l c)))
      (test-assert "list-copy shares the elements" (eq? (cadr l) (cadr c))))
    (let ((c (circular-list 'z 'q)))
      (test-equal "circular-list repeats" '(z q z q z) (take c 5))
      (test-assert "circular-list is circular" (circular-list? c))
      (test-assert "circular-list of one element"
                   (let ((a (circular-list 'a))) (eq? a (cdr a)))))
    (test-equal "iota" '(0 1 2 3 4) (iota 5))
    (test-equal "iota with start" '(3 4 5) (iota 3 3))
    (test-equal "iota with start and step" '(1 4 7) (iota 3 1 3))
    (test-equal "iota of 0" '() (iota 0))
    (test-equal "iota with an inexact step: the first element is START" 0 (car (iota 5 0 -0.1)))
    (test-approximate "iota with an inexact step: no accumulated error" -0.4
                      (list-ref (iota 5 0 -0.1) 4) 1e-15)
    (test-equal "iota counting down" '(5 4 3) (iota 3 5 -1))
    (test-error-message "iota: a negative count"
                        "iota: wrong type argument in position 1 (expected non-negative exact integer): -2"
                        (lambda () (iota -2)))
    (test-error-message "iota: an inexact count"
                        "iota: wrong type argument in position 1 (expected non-negative exact integer): 2.0"
                        (lambda () (iota 2.0)))
    (test-error-contains "iota: a start that is not a number" '("iota:" "position 2")
                         (lambda () (iota 2 'a)))
    (test-error-contains "iota: a step that is not a number" '("iota:" "position 3")
                         (lambda () (iota 2 0 'a)))))

;; ------------------------------------------------------------------
(test-group "predicates"
  (lambda ()
    (let ((c (circular-list 1 2 3)))
      (test-equal "proper-list?" '(#t #t #f #f #f)
                  (map proper-list? (list '() '(1 2) '(1 . 2) c 5)))
      (test-equal "circular-list?" '(#f #f #f #t #f)
                  (map circular-list? (list '() '(1 2) '(1 . 2) c 5)))
      (test-equal "dotted-list? (an atom is a dotted list of no pairs)" '(#f #f #t #f #t)
                  (map dotted-list? (list '() '(1 2) '(1 . 2) c 5)))
      (test-assert "a list whose cycle starts late is circular"
                   (circular-list? (cons 0 (cons 1 c))))
      (test-assert "the three predicates partition the values"
                   (every (lambda (x)
                            (= 1 (count values (list (proper-list? x) (circular-list? x)
                                                     (dotted-list? x)))))
                          (list '() '(1) '(1 2 3 . 4) c (circular-list 'a) "s" 0))))
    (test-equal "not-pair?" '(#t #f #t) (map not-pair? (list '() '(1) 5)))
    (test-assert "null-list? of ()" (null-list? '()))
    (test-assert "null-list? of a pair" (not (null-list? '(1))))
    (test-assert "null-list? of a circular list" (not (null-list? (circular-list 1))))
    (test-error-message "null-list? of something else"
                        "null-list?: wrong type argument in position 1 (expected list): 5"
                        (lambda () (null-list? 5)))
    (test-assert "list= with no list" (list= eq?))
    (test-assert "list= with one list" (list= eq? '(a)))
    (test-assert "list= of equal lists" (list= = '(1 2 3) '(1 2 3) '(1 2 3)))
    (test-assert "list= of different lengths" (not (list= = '(1 2 3) '(1 2))))
    (test-assert "list= of different elements" (not (list= = '(1 2 3) '(1 2 4))))
    (test-assert "list= of empty lists" (list= eq? '() '()))
    (test-equal "list= calls (elt= a b) with a from the earlier list"
                '((1 a) (2 b))
                (calls-of (lambda (same?) (list= (lambda (x y) (same? x y) #t)
                                                 '(1 2) '(a b)))))
    (test-error-message "list=: not a procedure"
                        "list=: wrong type argument in position 1 (expected procedure): (1)"
                        (lambda () (list= '(1) '(1))))
    (test-error-contains "list=: a dotted list" '("list=:" "position 3" "proper list")
                         (lambda () (list= eqv? '(1 2) '(1 . 2))))))

;; ------------------------------------------------------------------
(test-group "selectors"
  (lambda ()
    (let ((l '(1 2 3 4 5 6 7 8 9 10 11)))
      (test-equal "first .. tenth" '(1 2 3 4 5 6 7 8 9 10)
                  (list (first l) (second l) (third l) (fourth l) (fifth l)
                        (sixth l) (seventh l) (eighth l) (ninth l) (tenth l))))
    (test-equal "c[ad]r compositions of depth 2 and 3"
                '(1 2 3 4 5 6 7 8)
                (let ((t '(((1 . 2) . (3 . 4)) . ((5 . 6) . (7 . 8)))))
                  (list (caaar t) (cdaar t) (cadar t) (cddar t)
                        (caadr t) (cdadr t) (caddr t) (cdddr t))))
    (test-equal "c[ad]r compositions of depth 2" '(a b c d)
                (let ((t '((a . b) . (c . d))))
                  (list (caar t) (cdar t) (cadr t) (cddr t))))
    (let ((t (let tree ((d 4) (n 0))
               ;; A full binary tree of depth 4 whose leaves are 0..15
               ;; read as binary digits: car is 0, cdr is 1, outer first.
               (if (= d 0) n
                   (cons (tree (- d 1) n)
                         (tree (- d 1) (+ n (expt 2 (- 4 d)))))))))
      (test-equal "c[ad]r compositions of depth 4"
                  (iota 16)
                  (list (caaaar t) (caaadr t) (caadar t) (caaddr t)
                        (cadaar t) (cadadr t) (caddar t) (cadddr t)
                        (cdaaar t) (cdaadr t) (cdadar t) (cdaddr t)
                        (cddaar t) (cddadr t) (cdddar t) (cddddr t))))
    (test-equal "list-ref" 'c (list-ref '(a b c d) 2))
    (test-error-message "tenth of a short list"
                        "tenth: wrong type argument in position 1 (expected list of at least 10 elements): (1 2 3)"
                        (lambda () (tenth '(1 2 3))))
    (test-error-contains "first of ()" '("first:") (lambda () (first '())))
    (test-equal "car+cdr" '(1 (2 3)) (receive (a d) (car+cdr '(1 2 3)) (list a d)))
    (test-error-message "car+cdr of a non-pair"
                        "car+cdr: wrong type argument in position 1 (expected pair): ()"
                        (lambda () (car+cdr '())))
    (test-equal "take" '(a b) (take '(a b c d e) 2))
    (test-equal "drop" '(c d e) (drop '(a b c d e) 2))
    (test-equal "take of a dotted list" '(1 2) (take '(1 2 3 . d) 2))
    (test-equal "drop of a dotted list" '(3 . d) (drop '(1 2 3 . d) 2))
    (test-equal "take all of a dotted list" '(1 2 3) (take '(1 2 3 . d) 3))
    (test-equal "drop all of a dotted list" 'd (drop '(1 2 3 . d) 3))
    (test-equal "take 0" '() (take '(1 2) 0))
    (test-equal "take of a circular list" '(1 2 1 2 1) (take (c-list 1 2) 5))
    (let ((l '(1 2 3)))
      (test-assert "drop shares the tail" (eq? (cdr l) (drop l 1))))
    (test-error-message "take past the end"
                        "take: argument out of range in position 2: 4"
                        (lambda () (take '(1 2 3) 4)))
    (test-error-message "drop past the end"
                        "drop: argument out of range in position 2: 4"
                        (lambda () (drop '(1 2 3) 4)))
    (test-error-message "take: a negative count"
                        "take: wrong type argument in position 2 (expected non-negative exact integer): -1"
                        (lambda () (take '(1 2 3) -1)))
    (test-equal "take-right" '(d e) (take-right '(a b c d e) 2))
    (test-equal "drop-right" '(a b c) (drop-right '(a b c d e) 2))
    (test-equal "take-right of a dotted list" '(2 3 . d) (take-right '(1 2 3 . d) 2))
    (test-equal "drop-right of a dotted list" '(1) (drop-right '(1 2 3 . d) 2))
    (test-equal "take-right 0 of a dotted list" 'd (take-right '(1 2 3 . d) 0))
    (test-equal "drop-right 0 of a dotted list" '(1 2 3) (drop-right '(1 2 3 . d) 0))
    (test-equal "take-right of everything" '(1 2) (take-right '(1 2) 2))
    (test-equal "drop-right of everything" '() (drop-right '(1 2) 2))
    (let ((l '(1 2 3 4)))
      (test-assert "take-right shares the tail" (eq? (cddr l) (take-right l 2))))
    (test-error-message "take-right past the start"
                        "take-right: argument out of range in position 2: 3"
                        (lambda () (take-right '(1 2) 3)))
    (test-error-contains "drop-right past the start" '("drop-right:" "out of range")
                         (lambda () (drop-right '(1 2) 3)))
    (test-equal "take!" '(1 2) (take! (list 1 2 3) 2))
    (test-equal "take! of 0" '() (take! (list 1 2 3) 0))
    (test-equal "take! of a circular list, within its cycle" '(1 2) (take! (c-list 1 2 3) 2))
    (test-error-contains "take! past the end" '("take!:" "out of range")
                         (lambda () (take! (list 1 2) 3)))
    (test-equal "drop-right!" '(1) (drop-right! (list 1 2 3) 2))
    (test-equal "drop-right! of everything" '() (drop-right! (list 1 2 3) 3))
    (test-error-contains "drop-right! past the start" '("drop-right!:" "out of range")
                         (lambda () (drop-right! (list 1 2) 3)))
    (test-equal "split-at" '((a b c) (d e f g h))
                (receive (x y) (split-at '(a b c d e f g h) 3) (list x y)))
    (test-equal "split-at 0" '(() (a b))
                (receive (x y) (split-at '(a b) 0) (list x y)))
    (test-equal "split-at of a dotted list" '((1 2) . d)
                (receive (x y) (split-at '(1 2 . d) 2) (cons x y)))
    (test-error-contains "split-at past the end" '("split-at:" "out of range")
                         (lambda () (split-at '(1 2) 3)))
    (test-equal "split-at!" '((a b c) (d e f g h))
                (receive (x y) (split-at! (list 'a 'b 'c 'd 'e 'f 'g 'h) 3) (list x y)))
    (test-equal "split-at! 0" '(() (a))
                (receive (x y) (split-at! (list 'a) 0) (list x y)))
    (test-error-contains "split-at! past the end" '("split-at!:" "out of range")
                         (lambda () (split-at! (list 1) 2)))
    (test-equal "last" 'c (last '(a b c)))
    (test-equal "last of a dotted list" 'c (last '(a b c . d)))
    (test-equal "last-pair" '(c) (last-pair '(a b c)))
    (test-equal "last-pair of a dotted list" '(c . d) (last-pair '(a b c . d)))
    (test-error-message "last of ()"
                        "last: wrong type argument in position 1 (expected pair): ()"
                        (lambda () (last '())))
    (test-error-message "last-pair of ()"
                        "last-pair: wrong type argument in position 1 (expected pair): ()"
                        (lambda () (last-pair '())))))

;; ------------------------------------------------------------------
(test-group "length, append, concatenate, reverse"
  (lambda ()
    (test-equal "length" 3 (length '(1 2 3)))
    (test-error "length of a circular list raises" (lambda () (length (c-list 1 2))))
    ;; length and list? walk the first 1,024 pairs without looking for a
    ;; cycle, then go on with the check: lengths on both sides of that
    ;; bound, cycles that start before and after it, dotted ends.
    (for-each
     (lambda (n)
       (test-equal (string-append "length of " (number->string n) " pairs")
                   n (length (iota n)))
       (test-assert (string-append "list? of " (number->string n) " pairs")
                    (list? (iota n)))
       (test-assert (string-append "dotted list of " (number->string n)
                                   " pairs is no list")
                    (not (list? (append (iota n) 'end))))
       (test-error (string-append "length of a dotted list of "
                                  (number->string n) " pairs raises")
                   (lambda () (length (append (iota n) 'end)))))
     '(0 1 2 3 4 5 1023 1024 1025 1026 1027 1028 2049 300001))
    (for-each
     (lambda (prefix)
       (for-each
        (lambda (cycle)
          (let ((l (append (iota prefix) (apply c-list (iota cycle)))))
            (test-assert (string-append "circular after "
                                        (number->string prefix) " + "
                                        (number->string cycle)
                                        " pairs is no list")
                         (not (list? l)))
            (test-error "its length raises" (lambda () (length l)))))
        '(1 2 3 1023 1024 1025 5000)))
     '(0 1 1020 1023 1024 1025 3000))
    (test-equal "length+" 3 (length+ '(1 2 3)))
    (test-equal "length+ of ()" 0 (length+ '()))
    (test-equal "length+ of a circular list" #f (length+ (c-list 1 2 3)))
    (test-equal "length+ of a list with a late cycle" #f (length+ (cons* 1 2 (c-list 3))))
    (test-error-message "length+ of a dotted list"
                        "length+: wrong type argument in position 1 (expected proper or circular list): (1 . 2)"
                        (lambda () (length+ '(1 . 2))))
    (test-equal "append" '(1 2 3 . 4) (append '(1) '(2 3) 4))
    (test-equal "concatenate" '(a b c d) (concatenate '((a) (b c) () (d))))
    (test-equal "concatenate of none" '() (concatenate '()))
    (test-equal "concatenate: the last may be any object" '(1 . 2) (concatenate '((1) 2)))
    (let ((tail (list 3)))
      (test-assert "concatenate shares the last list" (eq? tail (cdr (concatenate (list '(1) tail))))))
    (test-error-contains "concatenate of a dotted list" '("concatenate:" "proper list")
                         (lambda () (concatenate '((1) . 2))))
    (test-equal "reverse" '(c b a) (reverse '(a b c)))
    (test-equal "reverse!" '(c b a) (reverse! (list 'a 'b 'c)))
    (test-equal "append!" '(1 2 3 4 5) (append! (list 1 2) '() (list 3) (list 4 5)))
    (test-equal "append! of nothing" '() (append!))
    (test-equal "append! of empty lists" '() (append! '() '()))
    (test-equal "append! with a non-list last" '(1 . x) (append! (list 1) 'x))
    (let ((a (list 1 2)) (b (list 3)))
      (append! a b)
      (test-equal "append! links the first list" '(1 2 3) a))
    (test-error-message "append! of a non-list before the last"
                        "append!: wrong type argument in position 2 (expected list): x"
                        (lambda () (append! (list 1) 'x (list 2))))
    (test-equal "concatenate!" '(1 2 3) (concatenate! (list (list 1) '() (list 2 3))))
    (test-equal "append-reverse" '(3 2 1 4 5) (append-reverse '(1 2 3) '(4 5)))
    (test-equal "append-reverse onto an atom" '(2 1 . x) (append-reverse '(1 2) 'x))
    (test-error-contains "append-reverse of a dotted list" '("append-reverse:" "position 1")
                         (lambda () (append-reverse '(1 . 2) '())))
    (test-equal "append-reverse!" '(3 2 1 4 5) (append-reverse! (list 1 2 3) '(4 5)))
    (test-equal "append-reverse! of ()" '(4) (append-reverse! '() '(4)))))

;; ------------------------------------------------------------------
(test-group "zip, unzip, count"
  (lambda ()
    (test-equal "zip" '((one 1 odd) (two 2 even) (three 3 odd))
                (zip '(one two three) '(1 2 3) '(odd even odd even odd even odd even)))
    (test-equal "zip of one list" '((1) (2) (3)) (zip '(1 2 3)))
    (test-equal "zip with a circular list" '((3 #f) (1 #t) (4 #f) (1 #t))
                (zip '(3 1 4 1) (c-list #f #t)))
    (test-equal "unzip1" '(1 2 3) (unzip1 '((1) (2) (3))))
    (test-equal "unzip2" '((1 2 3) (one two three))
                (receive (a b) (unzip2 '((1 one) (2 two) (3 three))) (list a b)))
    (test-equal "unzip3" '((1 2) (a b) (x y))
                (receive (a b c) (unzip3 '((1 a x) (2 b y))) (list a b c)))
    (test-equal "unzip4" '((1) (2) (3) (4))
                (receive (a b c d) (unzip4 '((1 2 3 4))) (list a b c d)))
    (test-equal "unzip5" '((1 6) (2 7) (3 8) (4 9) (5 10))
                (receive (a b c d e) (unzip5 '((1 2 3 4 5) (6 7 8 9 10)))
                  (list a b c d e)))
    (test-equal "unzip2 of ()" '(() ()) (receive (a b) (unzip2 '()) (list a b)))
    (test-error-contains "unzip1 of a dotted list" '("unzip1:" "proper list")
                         (lambda () (unzip1 '((1) . 2))))
    (test-equal "count" 3 (count even? '(3 1 4 1 5 9 2 5 6)))
    (test-equal "count of two lists" 3 (count < '(1 2 4 8) '(2 4 6 8 10 12 14 16)))
    (test-equal "count with a circular list" 2 (count < '(3 1 4 1) (c-list 1 10)))
    (test-equal "count of ()" 0 (count even? '()))
    (test-equal "count goes left to right" '(1 2 3)
                (let ((seen '()))
                  (count (lambda (x) (set! seen (cons x seen)) #t) '(1 2 3))
                  (reverse seen)))
    (test-error-message "count of a dotted list"
                        "count: wrong type argument in position 2 (expected proper list): (1 . 2)"
                        (lambda () (count odd? '(1 . 2))))
    (test-error-contains "count: second list dotted" '("count:" "position 3")
                         (lambda () (count < '(1 2 3) '(4 . 5))))
    (test-error-message "count: not a procedure"
                        "count: wrong type argument in position 1 (expected procedure): (1)"
                        (lambda () (count '(1) '(1))))))

;; ------------------------------------------------------------------
(test-group "fold and reduce"
  (lambda ()
    (test-equal "fold +" 10 (fold + 0 '(1 2 3 4)))
    (test-equal "fold cons reverses" '(c b a) (fold cons '() '(a b c)))
    (test-equal "fold over ()" 'none (fold cons 'none '()))
    (test-equal "fold of two lists stops at the shortest" '(c 3 b 2 a 1)
                (fold cons* '() '(a b c) '(1 2 3 4 5)))
    (test-equal "fold with a circular list" 10 (fold + 0 '(1 2 3) (c-list 1 2)))
    (test-equal "fold counts symbols" 2 (fold (lambda (x n) (if (symbol? x) (+ n 1) n)) 0 '(a 1 b 2)))
    (test-equal "fold-right" '(a b c) (fold-right cons '() '(a b c)))
    (test-equal "fold-right of two lists" '(a 1 b 2 c 3)
                (fold-right cons* '() '(a b c) '(1 2 3 4 5)))
    (test-equal "fold-right with a circular list" '((1 . x) (2 . y) (3 . x))
                (fold-right (lambda (a b acc) (cons (cons a b) acc)) '()
                            '(1 2 3) (c-list 'x 'y)))
    (test-equal "fold-right over a long list" 100000 (length (fold-right cons '() (iota 100000))))
    (test-error-message "fold of a dotted list"
                        "fold: wrong type argument in position 3 (expected proper list): (1 2 . 3)"
                        (lambda () (fold + 0 '(1 2 . 3))))
    (test-error-message "fold: second list dotted"
                        "fold: wrong type argument in position 4 (expected proper list): (1 . 2)"
                        (lambda () (fold + 0 '(1 2) '(1 . 2))))
    (test-error-message "fold: not a procedure"
                        "fold: wrong type argument in position 1 (expected procedure): 0"
                        (lambda () (fold 0 + '(1))))
    (test-error-contains "fold-right of a dotted list" '("fold-right:" "position 3")
                         (lambda () (fold-right cons '() '(1 . 2))))
    (test-equal "pair-fold" '((c) (b c) (a b c)) (pair-fold cons '() '(a b c)))
    (test-equal "pair-fold may set-cdr! the pair it is given" '(c b a)
                (pair-fold (lambda (pair tail) (set-cdr! pair tail) pair) '()
                           (list 'a 'b 'c)))
    (test-equal "pair-fold of two lists" '(((b) (2 3)) ((a b) (1 2 3)))
                (pair-fold (lambda (x y acc) (cons (list x y) acc)) '()
                           '(a b) '(1 2 3)))
    (test-equal "pair-fold-right" '((a b c) (b c) (c)) (pair-fold-right cons '() '(a b c)))
    (test-equal "pair-fold-right of two lists" '(((a b) (1 2 3)) ((b) (2 3)))
                (pair-fold-right (lambda (x y acc) (cons (list x y) acc)) '()
                                 '(a b) '(1 2 3)))
    (test-error-contains "pair-fold-right: not a procedure" '("pair-fold-right:" "position 1")
                         (lambda () (pair-fold-right 1 '() '(1))))
    (test-equal "reduce +" 10 (reduce + 0 '(1 2 3 4)))
    (test-equal "reduce of ()" 'id (reduce + 'id '()))
    (test-equal "reduce of one element does not call f" 7
                (reduce (lambda (a b) (error "called")) 0 '(7)))
    (test-equal "reduce max" 9 (reduce max 0 '(3 9 2)))
    (test-equal "reduce: (f elem acc)" '(3 2 . 1) (reduce cons '() '(1 2 3)))
    (test-equal "reduce-right" '(1 2 . 3) (reduce-right cons '() '(1 2 3)))
    (test-equal "reduce-right of ()" 'id (reduce-right + 'id '()))
    (test-equal "reduce-right of one element" 'e1 (reduce-right cons 'id '(e1)))
    (test-equal "reduce-right append" '(1 2 3 4) (reduce-right append '() '((1 2) (3) (4))))
    (test-error-contains "reduce of a dotted list" '("reduce:" "position 3")
                         (lambda () (reduce + 0 '(1 . 2))))
    (test-error-contains "reduce of an atom" '("reduce:" "position 3")
                         (lambda () (reduce + 0 5)))
    (test-error-contains "reduce-right of a dotted list" '("reduce-right:" "position 3")
                         (lambda () (reduce-right + 0 '(1 2 . 3))))))

;; ------------------------------------------------------------------
(test-group "unfold"
  (lambda ()
    (test-equal "unfold squares" '(1 4 9 16 25 36 49 64 81 100)
                (unfold (lambda (x) (> x 10)) (lambda (x) (* x x)) (lambda (x) (+ x 1)) 1))
    (test-equal "unfold with a tail generator" '(1 2 3 . end)
                (unfold (lambda (x) (> x 3)) values (lambda (x) (+ x 1)) 1
                        (lambda (x) 'end)))
    (test-equal "unfold copies a list" '(1 2 3) (unfold null-list? car cdr '(1 2 3)))
    (test-equal "unfold that stops at once" '() (unfold (lambda (x) #t) values values 0))
    (test-equal "unfold-right" '(1 4 9 16 25 36 49 64 81 100)
                (unfold-right zero? (lambda (x) (* x x)) (lambda (x) (- x 1)) 10))
    (test-equal "unfold-right reverses" '(c b a) (unfold-right null-list? car cdr '(a b c)))
    (test-equal "unfold-right with a tail" '(3 2 1 x)
                (unfold-right null-list? car cdr '(1 2 3) '(x)))
    (test-error-contains "unfold: not a procedure" '("unfold:" "position 3")
                         (lambda () (unfold values values 3 0)))
    (test-error-contains "unfold-right: not a procedure" '("unfold-right:" "position 1")
                         (lambda () (unfold-right 1 values values 0)))))

;; ------------------------------------------------------------------
(test-group "map and its relatives"
  (lambda ()
    (test-equal "map" '(2 3 4) (map (lambda (x) (+ x 1)) '(1 2 3)))
    (test-equal "map stops at the shortest" '(5 7) (map + '(1 2) '(4 5 6)))
    (test-equal "map with a circular list" '(2 4 4 6) (map + '(1 2 3 4) (c-list 1 2)))
    (test-equal "for-each with a circular list" '((2 . b) (1 . a))
                (let ((acc '()))
                  (for-each (lambda (x y) (set! acc (cons (cons x y) acc)))
                            '(1 2) (c-list 'a 'b 'c))
                  acc))
    (test-equal "append-map" '(1 -1 3 -3 8 -8)
                (append-map (lambda (x) (list x (- x))) '(1 3 8)))
    (test-equal "append-map of two lists" '(1 a 2 b)
                (append-map list '(1 2 3) '(a b)))
    (test-equal "append-map!" '(1 1 2 2) (append-map! (lambda (x) (list x x)) '(1 2)))
    (test-equal "append-map of ()" '() (append-map list '()))
    (test-error-contains "append-map: not a procedure" '("append-map:" "position 1")
                         (lambda () (append-map 3 '(1))))
    (test-equal "map!" '(2 4 6) (map! (lambda (x) (* x 2)) (list 1 2 3)))
    (test-equal "map! of two lists" '(11 22) (map! + (list 1 2) '(10 20 30)))
    (test-equal "map-in-order" '(1 2 3)
                (let ((n 0)) (map-in-order (lambda (x) (set! n (+ n 1)) n) '(a b c))))
    (test-equal "map-in-order of two lists with a circular one" '((a . 1) (b . 2) (c . 1))
                (map-in-order cons '(a b c) (c-list 1 2)))
    (test-error-contains "map-in-order of a dotted list" '("map-in-order:" "position 2")
                         (lambda () (map-in-order values '(1 . 2))))
    (test-equal "pair-for-each" '((a b c) (b c) (c))
                (let ((acc '()))
                  (pair-for-each (lambda (p) (set! acc (cons p acc))) '(a b c))
                  (reverse acc)))
    (test-equal "pair-for-each may set-cdr! its pair" '(1)
                (let ((l (list 1 2 3)) (n 0))
                  (pair-for-each (lambda (p) (set! n (+ n 1)) (set-cdr! p '())) l)
                  l))
    (test-equal "pair-for-each of two lists" '(((1 2) (a b c)) ((2) (b c)))
                (let ((acc '()))
                  (pair-for-each (lambda (x y) (set! acc (cons (list x y) acc)))
                                 '(1 2) '(a b c))
                  (reverse acc)))
    (test-equal "filter-map" '(1 9 49)
                (filter-map (lambda (x) (and (number? x) (* x x))) '(a 1 b 3 c 7)))
    (test-equal "filter-map of two lists" '(5 9)
                (filter-map (lambda (x y) (and (odd? x) (+ x y))) '(1 2 3) '(4 5 6 7)))
    (test-error-contains "filter-map of a dotted list" '("filter-map:" "position 2")
                         (lambda () (filter-map values '(1 . 2))))))

;; ------------------------------------------------------------------
(test-group "filtering and partitioning"
  (lambda ()
    (test-equal "filter" '(0 8 8 -4) (filter even? '(0 7 8 8 43 -4)))
    (test-equal "filter of ()" '() (filter even? '()))
    (test-equal "remove" '(7 43) (remove even? '(0 7 8 8 43 -4)))
    (test-equal "partition" '((one four five) (2 3 6))
                (receive (in out) (partition symbol? '(one 2 3 four five 6)) (list in out)))
    (test-equal "filter!" '(2 4) (filter! even? (list 1 2 3 4)))
    (test-equal "remove!" '(1 3) (remove! even? (list 1 2 3 4)))
    (test-equal "partition!" '((2 4) (1 3))
                (receive (in out) (partition! even? (list 1 2 3 4)) (list in out)))
    (test-error-message "filter of a dotted list"
                        "filter: wrong type argument in position 2 (expected proper list): (1 2 . 3)"
                        (lambda () (filter odd? '(1 2 . 3))))
    (test-error-message "filter: not a procedure"
                        "filter: wrong type argument in position 1 (expected procedure): (1)"
                        (lambda () (filter '(1) '(1))))
    (test-error-contains "remove of a dotted list" '("remove:" "position 2")
                         (lambda () (remove odd? '(1 . 3))))
    (test-error-contains "partition of a dotted list" '("partition:" "position 2")
                         (lambda () (partition odd? '(1 . 3))))))

;; ------------------------------------------------------------------
(test-group "searching"
  (lambda ()
    (test-equal "find" 4 (find even? '(3 1 4 1 5 9)))
    (test-equal "find: none" #f (find even? '(3 1 5)))
    (test-equal "find in a circular list" 2 (find even? (c-list 1 2)))
    (test-error-message "find of a dotted list"
                        "find: wrong type argument in position 2 (expected proper list): (1 3 . 5)"
                        (lambda () (find even? '(1 3 . 5))))
    (test-equal "find-tail" '(-8 -5 0 0) (find-tail even? '(3 1 37 -8 -5 0 0)))
    (test-equal "find-tail: none" #f (find-tail even? '(3 1 37 -5)))
    (let ((c (c-list 1 2 3)))
      (test-assert "find-tail rotates a circular list" (eq? (cdr c) (find-tail even? c))))
    (test-equal "take-while" '(2 18) (take-while even? '(2 18 3 10 22 9)))
    (test-equal "take-while of all" '(2 4) (take-while even? '(2 4)))
    (test-equal "take-while of a circular list" '(2 4) (take-while even? (cons* 2 4 (c-list 1))))
    (test-equal "take-while!" '(2 18) (take-while! even? (list 2 18 3 10 22 9)))
    (test-error-contains "take-while of a dotted list" '("take-while:" "position 2")
                         (lambda () (take-while even? '(2 . 4))))
    (test-equal "drop-while" '(3 10 22 9) (drop-while even? '(2 18 3 10 22 9)))
    (test-equal "drop-while of all" '() (drop-while even? '(2 4)))
    (test-equal "span" '((2 18) (3 10 22 9))
                (receive (a b) (span even? '(2 18 3 10 22 9)) (list a b)))
    (test-equal "break" '((3 1) (4 1 5 9))
                (receive (a b) (break even? '(3 1 4 1 5 9)) (list a b)))
    (test-equal "span of all" '((2 4) ()) (receive (a b) (span even? '(2 4)) (list a b)))
    (test-equal "break of none" '((1 3) ()) (receive (a b) (break even? '(1 3)) (list a b)))
    (test-equal "span!" '((2) (3 4)) (receive (a b) (span! even? (list 2 3 4)) (list a b)))
    (test-equal "break!" '((1) (2 3)) (receive (a b) (break! even? (list 1 2 3)) (list a b)))
    (test-error-contains "span of a dotted list" '("span:" "position 2")
                         (lambda () (span even? '(2 . 4))))
    (test-equal "any" #t (any integer? '(a 3 b 2.7)))
    (test-equal "any: none" #f (any integer? '(a 3.1 b 2.7)))
    (test-equal "any of two lists" #t (any < '(3 1 4 1 5) '(2 7 1 8 2)))
    (test-equal "any returns the true value" 4 (any (lambda (x) (and (even? x) x)) '(1 4 6)))
    (test-equal "any of ()" #f (any (lambda (x) (error "called")) '()))
    (test-equal "any with a circular list" 'yes
                (any (lambda (x y) (and (= x 3) y)) '(1 2 3) (c-list 'no 'no 'yes)))
    (test-equal "any of lists of different lengths" #f (any = '(1 2 3) '(4 5)))
    (test-equal "every" #t (every integer? '(1 2 3)))
    (test-equal "every: one fails" #f (every integer? '(1 a 3)))
    (test-equal "every of ()" #t (every (lambda (x) (error "called")) '()))
    (test-equal "every returns the last value" 3 (every (lambda (x) (and (odd? x) x)) '(1 3)))
    (test-equal "every of two lists" #t (every < '(1 2) '(2 3 0)))
    (test-equal "every with a circular list" #t (every < '(1 2 3) (c-list 10)))
    (test-equal "every stops at the first false" '(1 2)
                (let ((seen '()))
                  (every (lambda (x) (set! seen (cons x seen)) (< x 2)) '(1 2 3 4))
                  (reverse seen)))
    (test-error-message "any of a dotted list"
                        "any: wrong type argument in position 2 (expected proper list): (a . b)"
                        (lambda () (any number? '(a . b))))
    (test-error-contains "every of a dotted list" '("every:" "position 3")
                         (lambda () (every = '(1 2) '(1 . 2))))
    (test-equal "list-index" 2 (list-index even? '(3 1 4 1 5 9)))
    (test-equal "list-index of two lists" 1 (list-index < '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2)))
    (test-equal "list-index: none" #f (list-index = '(3 1 4 1 5 9 2 5 6) '(2 7 1 8 2)))
    (test-equal "list-index with a circular list" 2 (list-index eq? '(a b c) (c-list 'x 'y 'c)))
    (test-error-contains "list-index of a dotted list" '("list-index:" "position 2")
                         (lambda () (list-index even? '(1 . 3))))
    (test-equal "member" '(2 3) (member 2 '(1 2 3)))
    (test-equal "member with equal?" '((a) c) (member (list 'a) '(b (a) c)))
    (test-equal "member with =, called as (= x elem)" '(3 4)
                (member 2 '(1 2 3 4) <))
    (test-equal "member with = receives x first" '((x 1) (x 2))
                (calls-of (lambda (same?) (member 'x '(1 2) same?))))
    (test-equal "member: none" #f (member 5 '(1 2)))
    (test-equal "memq" '(b c) (memq 'b '(a b c)))
    (test-equal "memv" '(101 102) (memv 101 '(100 101 102)))))

;; ------------------------------------------------------------------
(test-group "deleting"
  (lambda ()
    (test-equal "delete" '(1 2 3) (delete 5 '(5 1 5 2 3 5)))
    (test-equal "delete with equal?" '(b) (delete (list 'a) '((a) b (a))))
    (test-equal "delete with =: all elements greater than 3" '(1 2 3)
                (delete 3 '(1 5 2 4 3) <))
    (test-equal "delete calls (= x elem)" '((k 1) (k 2))
                (calls-of (lambda (same?) (delete 'k '(1 2) same?))))
    (test-equal "delete!" '(1 2) (delete! 0 (list 0 1 0 2)))
    (test-error-contains "delete of a dotted list" '("delete:" "position 2")
                         (lambda () (delete 1 '(1 . 2))))
    (test-error-contains "delete: = not a procedure" '("delete:" "position 3")
                         (lambda () (delete 1 '(1) 2)))
    (test-equal "delete-duplicates" '(a b c z) (delete-duplicates '(a b a c a b c z)))
    (test-equal "delete-duplicates of ()" '() (delete-duplicates '()))
    (test-equal "delete-duplicates with =" '((a . 3) (b . 7) (c . 1))
                (delete-duplicates '((a . 3) (b . 7) (a . 9) (c . 1))
                                   (lambda (x y) (eq? (car x) (car y)))))
    (test-assert "delete-duplicates calls (= earlier later)"
                 (lset= equal? '((1 2) (1 3) (2 3))
                        (calls-of (lambda (same?) (delete-duplicates '(1 2 3) same?)))))
    (test-equal "delete-duplicates!" '(1 2) (delete-duplicates! (list 1 2 1 2)))
    (test-error-contains "delete-duplicates of a dotted list" '("delete-duplicates:" "position 1")
                         (lambda () (delete-duplicates '(1 . 2))))))

;; ------------------------------------------------------------------
(test-group "association lists"
  (lambda ()
    (let ((e '((a 1) (b 2) (c 3))))
      (test-equal "assq" '(a 1) (assq 'a e))
      (test-equal "assq: none" #f (assq 'd e))
      (test-equal "assv" '(5 7) (assv 5 '((2 3) (5 7) (11 13))))
      (test-equal "assoc" '((a)) (assoc (list 'a) '(((a)) ((b)) ((c)))))
      (test-equal "assoc with =" '(5 . five) (assoc 4 '((1 . one) (5 . five)) <))
      (test-equal "assoc calls (= key entry-key)" '((k 1) (k 2))
                  (calls-of (lambda (same?) (assoc 'k '((1 . a) (2 . b)) same?)))))
    (test-equal "alist-cons" '((a . 1) (b . 2)) (alist-cons 'a 1 '((b . 2))))
    (let* ((a (list (cons 'a 1) (cons 'b 2))) (c (alist-copy a)))
      (test-equal "alist-copy is equal" a c)
      (test-assert "alist-copy copies the entries" (not (eq? (car a) (car c)))))
    (test-error-contains "alist-copy of a non-alist" '("alist-copy:" "association list")
                         (lambda () (alist-copy '((a . 1) b))))
    (test-equal "alist-delete" '((b . 2)) (alist-delete 'a '((a . 1) (b . 2) (a . 3))))
    (test-equal "alist-delete with equal?" '((b . 2)) (alist-delete "a" '(("a" . 1) (b . 2))))
    (test-equal "alist-delete with =" '((1 . a)) (alist-delete 1 '((1 . a) (2 . b) (3 . c)) <))
    (test-equal "alist-delete calls (= key entry-key)" '((k 1) (k 2))
                (calls-of (lambda (same?) (alist-delete 'k '((1 . a) (2 . b)) same?))))
    (test-equal "alist-delete!" '((b . 2)) (alist-delete! 'a (list (cons 'a 1) (cons 'b 2))))
    (test-error-contains "alist-delete of a non-alist" '("alist-delete:" "association list")
                         (lambda () (alist-delete 'a '((a . 1) 5))))))

;; ------------------------------------------------------------------
(test-group "sets as lists"
  (lambda ()
    (test-assert "lset<=" (lset<= eq? '(a) '(a b a) '(a b c c)))
    (test-assert "lset<= with no list" (lset<= eq?))
    (test-assert "lset<= with one list" (lset<= eq? '(a)))
    (test-assert "lset<= fails" (not (lset<= eq? '(a d) '(a b c))))
    (test-equal "lset<= calls (= a b), a from the earlier list" '((1 1))
                (calls-of (lambda (same?) (lset<= same? '(1) '(1)))))
    (test-assert "lset=" (lset= eq? '(b e a) '(a e b) '(e e b a)))
    (test-assert "lset= with no list" (lset= eq?))
    (test-assert "lset= with one list" (lset= eq? '(a)))
    (test-assert "lset= fails" (not (lset= eq? '(a b) '(a b c))))
    (test-assert "lset= calls (= a b), a from the earlier list"
                 (every (lambda (call) (memv (car call) '(1 2)))
                        (calls-of (lambda (same?) (lset= same? '(1 2) '(a b))))))
    (test-equal "lset-adjoin" '(u o i a b c d c e)
                (lset-adjoin eq? '(a b c d c e) 'a 'e 'i 'o 'u))
    (test-equal "lset-adjoin calls (= list-elem elt)" '((1 x))
                (calls-of (lambda (same?) (lset-adjoin same? '(1) 'x))))
    (test-equal "lset-union" '(u o i a b c d e) (lset-union eq? '(a b c d e) '(a e i o u)))
    (test-equal "lset-union keeps repeats of the first list" '(x a a c)
                (lset-union eq? '(a a c) '(x a x)))
    (test-equal "lset-union with no list" '() (lset-union eq?))
    (test-equal "lset-union with one list" '(a b c) (lset-union eq? '(a b c)))
    (test-equal "lset-union of () and a list" '(a b) (lset-union eq? '() '(a b)))
    (test-equal "lset-union of three lists" '(d c a b) (lset-union eq? '(a b) '(c) '(d a)))
    (test-equal "lset-union calls (= result-elem elt)" '((1 x))
                (calls-of (lambda (same?) (lset-union same? '(1) '(x)))))
    (test-equal "lset-union!" '(c a b) (lset-union! eq? (list 'a 'b) (list 'b 'c)))
    (test-equal "lset-intersection" '(a e) (lset-intersection eq? '(a b c d e) '(a e i o u)))
    (test-equal "lset-intersection keeps repeats" '(a x a)
                (lset-intersection eq? '(a x y a) '(x a x z)))
    (test-equal "lset-intersection with one list" '(a b c) (lset-intersection eq? '(a b c)))
    (test-equal "lset-intersection of three" '(b) (lset-intersection eq? '(a b c) '(b c) '(b)))
    (test-equal "lset-intersection calls (= elt1 elt)" '((1 x))
                (calls-of (lambda (same?) (lset-intersection same? '(1) '(x)))))
    (test-equal "lset-intersection!" '(b) (lset-intersection! eq? (list 'a 'b) '(b)))
    (test-equal "lset-difference" '(b c d) (lset-difference eq? '(a b c d e) '(a e i o u)))
    (test-equal "lset-difference with one list" '(a b c) (lset-difference eq? '(a b c)))
    (test-equal "lset-difference of three" '(a) (lset-difference eq? '(a b c) '(b) '(c)))
    (test-equal "lset-difference calls (= elt1 elt)" '((1 x))
                (calls-of (lambda (same?) (lset-difference same? '(1) '(x)))))
    (test-equal "lset-difference!" '(a) (lset-difference! eq? (list 'a 'b) '(b)))
    (test-assert "lset-xor" (lset= eq? '(d c b i o u) (lset-xor eq? '(a b c d e) '(a e i o u))))
    (test-equal "lset-xor with no list" '() (lset-xor eq?))
    (test-equal "lset-xor with one list" '(a b c d e) (lset-xor eq? '(a b c d e)))
    (test-assert "lset-xor of three: elements in an odd number of lists"
                 (lset= eq? '(a d) (lset-xor eq? '(a b) '(b c) '(c d))))
    (test-assert "lset-xor!" (lset= eq? '(a c) (lset-xor! eq? (list 'a 'b) (list 'b 'c))))
    (test-equal "lset-diff+intersection" '((b c d) (a e))
                (receive (d i) (lset-diff+intersection eq? '(a b c d e) '(a e i o u))
                  (list d i)))
    (test-equal "lset-diff+intersection with several lists" '((c) (a b))
                (receive (d i) (lset-diff+intersection eq? '(a b c) '(a) '(b))
                  (list d i)))
    (test-equal "lset-diff+intersection with one list" '((a b) ())
                (receive (d i) (lset-diff+intersection eq? '(a b)) (list d i)))
    (test-equal "lset-diff+intersection!" '((a) (b))
                (receive (d i) (lset-diff+intersection! eq? (list 'a 'b) '(b)) (list d i)))
    (test-error-message "lset-union: = not a procedure"
                        "lset-union: wrong type argument in position 1 (expected procedure): (a)"
                        (lambda () (lset-union '(a) '(b))))
    (test-error-message "lset-intersection of a dotted list"
                        "lset-intersection: wrong type argument in position 3 (expected proper list): (a . b)"
                        (lambda () (lset-intersection eq? '(a) '(a . b))))
    (test-error-contains "lset<= of a dotted list" '("lset<=:" "position 2")
                         (lambda () (lset<= eq? '(a . b) '(a))))
    (test-error-contains "lset-adjoin of a dotted list" '("lset-adjoin:" "position 2")
                         (lambda () (lset-adjoin eq? '(a . b) 'c)))))

(test-group "long lists: no recursion as deep as the list"
  (lambda ()
    ;; Ten million elements: a non-tail recursion over them exceeds the
    ;; default stack limit (256 MiB), as these did before.
    (let ((big (iota 10000000)))
      (test-equal "fold-right" '(10000000 0 9999999)
                  (let ((r (fold-right cons '() big)))
                    (list (length r) (car r) (last r))))
      (test-equal "map-in-order, in order" '(10000000 9999999)
                  (let* ((last-seen #f)
                         (r (map-in-order (lambda (x)
                                            (if (and last-seen
                                                     (not (= x (+ last-seen 1))))
                                                (error "out of order" x))
                                            (set! last-seen x)
                                            x)
                                          big)))
                    (list (length r) last-seen)))
      (test-equal "reduce-right" 49999995000000 (reduce-right + 0 big))
      (test-equal "pair-fold-right counts the pairs" 10000000
                  (pair-fold-right (lambda (p n) (+ n 1)) 0 big)))
    (test-equal "unfold" '(10000000 0 9999999 end)
                (let ((r (unfold (lambda (i) (= i 10000000)) values
                                 (lambda (i) (+ i 1)) 0
                                 (lambda (i) '(end)))))
                  (list (- (length r) 1) (car r) (list-ref r 9999999)
                        (last r))))
    (test-equal "fold-right of two lists, right to left" '((1 . 10) (2 . 20))
                (fold-right (lambda (a b acc) (cons (cons a b) acc)) '()
                            '(1 2 3) '(10 20)))
    (test-error-contains "fold-right of a dotted list"
                         '("fold-right" "proper list")
                         (lambda () (fold-right cons '() '(1 2 . 3))))
    (test-equal "filter-map: a re-entry leaves the earlier result unchanged"
                '((1 3) (1 20 3))
                (let ((k #f) (first #f) (passes 0))
                  (let ((r (filter-map (lambda (x)
                                         (call/cc (lambda (c)
                                                    (if (= x 2) (set! k c))
                                                    (and (odd? x) x))))
                                       '(1 2 3))))
                    (set! passes (+ passes 1))
                    (if (= passes 1)
                        (begin (set! first r) (k 20))
                        (list first r)))))))

(test-end "srfi-1")

;;; srfi-1.scm ends here
