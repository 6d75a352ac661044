;;; subr-calls.scm -- calls of primitives compiled as direct calls (compile.c, vm.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A call of a global that holds a primitive of fixed arity (length,
;;; memq, assq, reverse, list->vector, string-set!, number? ...) with
;;; one to three arguments, and append with two, is compiled into the
;;; SUBR_CALL instruction: the primitive's C function called with no
;;; frame, guarded by the variable.  These tests check that such calls
;;; return what the primitives return, raise the primitives' errors at
;;; the call, follow the variable when a program defines or assigns it
;;; after the call was compiled (to a procedure, to another primitive,
;;; to one of another arity), and that continuations and errors pass
;;; through a primitive that calls Scheme code.

;;; Code:

(test-begin "subr-calls")

;; Helpers of the groups below: the message of the condition THUNK
;; raises (or no-error), and the list 0 .. N-1.
(define (message thunk)
  (guard (e (#t (condition-message e))) (thunk) 'no-error))
(define (iota* n)
  (do ((i (- n 1) (- i 1)) (l '() (cons i l))) ((< i 0) l)))

;; ------------------------------------------------------------------
;; First in the file, while no variable that held an inline primitive
;; has changed anywhere in the process: TYPEP, BR_TYPEP and BRL_TYPEP
;; then test scm_i_inline_bindings_intact, not their variable, and a
;; new value of a type predicate's variable must clear it (engine.c,
;; scm_i_note_subr_rebound).  Later groups set variables too.
(test-group "type predicates follow a set! in a fresh process"
  (lambda ()
    (define m (resolve-module '(test subr-calls fresh-type-predicates)))
    (eval '(define (kind x) (if (string? x) 'string 'other)) m)
    (eval '(define (kind2 x) (if (string? (car (list x))) 'string 'other)) m)
    (eval '(define (is? x) (string? x)) m)
    (eval '(define (int x) (if (exact-integer? x) 'int 'other)) m)
    (test-equal "before" '(string other string #t int)
                (eval '(list (kind "a") (kind 1) (kind2 "a") (is? "a")
                             (int 1))
                      m))
    (eval '(set! string? (lambda (x) (list 'seen x))) m)
    (eval '(set! exact-integer? (lambda (x) #f)) m)
    (test-equal "after, each instruction" '(string string (seen 1) other)
                (eval '(list (kind 1) (kind2 1) (is? 1) (int 1)) m))
    (test-equal "string? elsewhere is still the primitive" '(#t #f)
                (list (string? "a") (string? 1)))))

;; ------------------------------------------------------------------
(test-group "results"
  (lambda ()
    (define (len l) (length l))
    (define (mq x l) (memq x l))
    (define (aq x l) (assq x l))
    (define (rev l) (reverse l))
    (define (app a b) (append a b))
    (define (l->v l) (list->vector l))
    (test-equal "length" '(0 3) (list (len '()) (len '(a b c))))
    (test-equal "memq found and not" '((c d) #f)
                (list (mq 'c '(a b c d)) (mq 'z '(a b))))
    (test-equal "assq found and not" '((b . 2) #f)
                (list (aq 'b '((a . 1) (b . 2))) (aq 'z '((a . 1)))))
    (test-equal "reverse" '(3 2 1) (rev '(1 2 3)))
    (test-equal "append of two lists" '(1 2 3 4) (app '(1 2) '(3 4)))
    (test-equal "append onto an improper tail" '(1 2 . 3) (app '(1 2) 3))
    (test-equal "append of the empty list returns the tail itself" #t
                (let ((tail (list 1 2))) (eq? tail (app '() tail))))
    (test-equal "append shares its last argument" #t
                (let ((tail (list 3))) (eq? tail (cddr (app '(1 2) tail)))))
    (test-equal "append copies its first argument" #f
                (let ((head (list 1 2))) (eq? head (app head '()))))
    (test-equal "append with other counts still works" '(() (1) (1 2 3 4 5))
                (list (append) (append '(1)) (append '(1) '(2) '(3 4 5))))
    (test-equal "list->vector" #(a b) (l->v '(a b)))
    (test-equal "predicates" '(#t #f #t #f)
                (let ((num? (lambda (x) (number? x)))
                      (sym? (lambda (x) (symbol? x))))
                  (list (num? 1.5) (num? 'a) (sym? 'a) (sym? "a"))))
    (let ((s (make-string 3 #\a)))
      (string-set! s 1 #\b)
      (test-equal "three arguments: string-set!" "aba" s)
      (string-set! s 2 #\x1F600)
      (string-set! s 0 #\z)
      (test-equal "string-set! beyond the BMP widens, then stores"
                  '(#\z #\b #\x1F600) (string->list s)))
    (let ((l (list 1 2 3)))
      (list-set! l 2 'x)
      (test-equal "three arguments: list-set!" '(1 2 x) l))
    (test-equal "in tail position and as an argument" '(2 3)
                (let ((f (lambda (l) (length l))))
                  (list (f '(a b)) (+ 1 (length '(a b))))))))

;; ------------------------------------------------------------------
(test-group "errors name the primitive and the argument"
  (lambda ()
    (test-error-message "length of a non-list"
                        "length: wrong type argument in position 1 (expected proper list): 5"
                        (lambda () (length 5)))
    (test-error-message "length of an improper list"
                        "length: wrong type argument in position 1 (expected proper list): (1 . 2)"
                        (lambda () (length '(1 . 2))))
    (test-error-message "append of an improper first list"
                        "append: wrong type argument in position 1 (expected proper list): (1 . 2)"
                        (lambda () (append '(1 . 2) '(3))))
    (test-error-message "append of a non-list"
                        "append: wrong type argument in position 1 (expected proper list): 7"
                        (lambda () (append 7 '(3))))
    (test-error-message "memq of a non-list"
                        "memq: wrong type argument in position 2 (expected proper list): 5"
                        (lambda () (memq 1 5)))
    (test-error-message "reverse of a circular list"
                        "reverse: wrong type argument in position 1 (expected proper list): #0=(1 . #0#)"
                        (lambda ()
                          (let ((l (list 1)))
                            (set-cdr! l l)
                            (reverse l))))
    (test-error-message "string-set! past the end"
                        "string-set!: argument out of range in position 2: 3"
                        (lambda () (string-set! (make-string 3) 3 #\a)))
    (test-error-message "string-ref of a negative index"
                        "string-ref: argument out of range in position 2: -1"
                        (lambda () (string-ref "abc" -1)))
    (test-error-message "string-set! of an inexact index"
                        "string-set!: wrong type argument in position 2 (expected exact integer): 1.0"
                        (lambda () (string-set! (make-string 3) 1.0 #\a)))
    (test-error-contains "string-set! of a literal"
                         '("string-set!" "immutable")
                         (lambda () (string-set! "abc" 0 #\x)))
    (test-error-contains "the error is placed at the call"
                         '("length")
                         (lambda () (+ 1 (length 'x))))
    (test-equal "a caught error leaves the caller's frame intact" '(caught 1 2)
                (let ((a 1) (b 2))
                  (list (guard (e (#t 'caught)) (length a)) a b)))))

;; ------------------------------------------------------------------
(test-group "the call follows the variable"
  (lambda ()
    (define m (resolve-module '(test subr-calls redefine)))
    (test-equal "a top-level redefinition after the call was compiled"
                '(3 mine)
                (begin
                  (eval '(define (count-them l) (length l)) m)
                  (let ((before (eval '(count-them '(a b c)) m)))
                    (eval '(define (length l) 'mine) m)
                    (list before (eval '(count-them '(a b c)) m)))))
    (test-equal "length elsewhere is still the primitive" 2 (length '(1 2)))
    (eval '(define rev reverse) m)
    (eval '(define (rev-it l) (rev l)) m)
    (test-equal "a global bound to a primitive" '(2 1) (eval '(rev-it '(1 2)) m))
    (test-equal "set! to a closure" 'replaced
                (begin (eval '(set! rev (lambda (l) 'replaced)) m)
                       (eval '(rev-it '(1 2)) m)))
    (test-equal "set! to another primitive" 1
                (begin (eval '(set! rev car) m)
                       (eval '(rev-it '(1 2)) m)))
    (test-error-contains "set! to a primitive of another arity"
                         '("cons" "wrong number of arguments")
                         (lambda ()
                           (eval '(set! rev cons) m)
                           (eval '(rev-it '(1 2)) m)))
    (test-error-contains "set! to a non-procedure"
                         '("not a procedure")
                         (lambda ()
                           (eval '(set! rev 42) m)
                           (eval '(rev-it '(1 2)) m)))
    (test-equal "and back to the primitive" '(2 1)
                (begin (eval '(set! rev reverse) m)
                       (eval '(rev-it '(1 2)) m)))
    (eval '(define app append) m)
    (eval '(define (app2 a b) (app a b)) m)
    (test-equal "append's two-argument entry through a global" '(1 2)
                (eval '(app2 '(1) '(2)) m))
    (test-equal "... and after a set! to list" '((1) (2))
                (begin (eval '(set! app list) m)
                       (eval '(app2 '(1) '(2)) m)))))

;; ------------------------------------------------------------------
(test-group "continuations and errors through a primitive that calls back"
  (lambda ()
    (test-equal "an escape from sort's compare procedure" 'escaped
                (call/cc (lambda (k)
                           (sort (list 3 1 2) (lambda (a b) (k 'escaped))))))
    (test-equal "an error in the compare procedure, caught outside" 'bad
                (guard (e ((symbol? e) e))
                  (sort (list 3 1 2) (lambda (a b) (raise 'bad)))))
    (test-equal "sort's result" '(1 2 3 4)
                (let ((less (lambda (a b) (< a b))))
                  (sort (list 4 2 3 1) less)))
    (test-error-contains "re-entering a continuation captured in the callback"
                         '("continuation")
                         (lambda ()
                           (let ((k #f) (n 0))
                             (sort (list 2 1)
                                   (lambda (a b)
                                     (call/cc (lambda (c) (unless k (set! k c))))
                                     (< a b)))
                             (set! n (+ n 1))
                             (if (< n 2) (k #f) n))))
    (test-equal "deep non-tail recursion around the calls" 100000
                (let loop ((i 0))
                  (if (= i 100000) 0 (+ (length '(x)) (loop (+ i 1))))))))

;; ------------------------------------------------------------------
;; A primitive with a rest parameter called with more arguments than
;; its fixed ones gets a rest list made from the VM's free list
;; (scm_i_rest_list): its elements in order, fresh pairs, and the
;; count and type errors of the primitive.
(test-group "rest lists of primitives"
  (lambda ()
    (define (nums n)
      (let lp ((i n) (l '())) (if (= i 0) l (lp (- i 1) (cons i l)))))
    (define (call-list f a b c d) (f a b c d))
    (test-equal "list of four through a variable" '(1 2 3 4)
                (call-list list 1 2 3 4))
    (test-equal "string-append of four" "abcd"
                (call-list string-append "a" "b" "c" "d"))
    (test-equal "max past its fixed arguments" 9 (call-list max 3 9 2 5))
    (test-equal "apply of list to 300 values keeps their order" (nums 300)
                (apply list (nums 300)))
    (test-equal "the rest lists survive collections" (make-list 200 '(1 2 3 4))
                (let lp ((i 0) (acc '()))
                  (if (= i 200)
                      acc
                      (let ((l (call-list list 1 2 3 4)))
                        (if (= 0 (remainder i 50)) (gc))
                        (lp (+ i 1) (cons l acc))))))
    (test-equal "each call makes fresh pairs" #f
                (let ((a (call-list list 1 2 3 4)) (b (call-list list 1 2 3 4)))
                  (set-car! a 'x)
                  (or (eq? a b) (eq? (car b) 'x))))
    (define (call-1 f a) (f a))
    (test-equal "values of one value through a variable is that value"
                '(x #(1 2) 7) (list (call-1 values 'x) (vector-map values #(1 2))
                                    (call-with-values (lambda () (call-1 values 7))
                                      (lambda args (car args)))))
    (test-equal "values of none or two through a variable are still values"
                '(() (1 2))
                (list (call-with-values (lambda () (apply values '())) list)
                      (call-with-values (lambda () (apply values '(1 2))) list)))
    (test-error-message "too few arguments"
                        "max: wrong number of arguments (expected at least 1, given 0)"
                        (lambda () (apply max '())))
    (test-error-message "a wrong type in the rest list"
                        "string-append: wrong type argument in position 3 (expected string): 5"
                        (lambda () (call-list string-append "a" "b" 5 "d")))))

;; ------------------------------------------------------------------
;; memq & co and assq & co search and check the list in one walk
;; (lists.c, search_step): the element found before a bad end is
;; returned; a search that reaches the bad end, or goes round a cycle,
;; raises what the check before the search raised.
(test-group "searches check the list as they go"
  (lambda ()
    (define (circular . elts)
      (let ((l (list-copy elts)))
        (set-cdr! (list-tail l (- (length l) 1)) l)
        l))
    (test-equal "found before an improper end" '((3 . 4) (b . 2))
                (list (memv 3 '(1 2 3 . 4)) (assq 'b '((a . 1) (b . 2) . 5))))
    (test-equal "found in a circular list" '(2 (2 . b) 2)
                (list (car (memq 2 (circular 1 2 3)))
                      (assv 2 (circular '(1 . a) '(2 . b)))
                      (car (member 2 (circular 1 2)))))
    (test-equal "an improper end reached"
                "memv: wrong type argument in position 2 (expected proper list): (1 2 . 4)"
                (message (lambda () (memv 3 '(1 2 . 4)))))
    (test-equal "circular lists of one to four, not found"
                '("memq: wrong type argument in position 2 (expected proper list): #0=(1 . #0#)"
                  "member: wrong type argument in position 2 (expected proper list): #0=(1 2 . #0#)"
                  "assq: wrong type argument in position 2 (expected proper list): #0=((1) (2) (3) . #0#)"
                  "assoc: wrong type argument in position 2 (expected proper list): #0=((1) (2) (3) (4) . #0#)")
                (list (message (lambda () (memq 'z (circular 1))))
                      (message (lambda () (member 'z (circular 1 2))))
                      (message (lambda () (assq 'z (circular '(1) '(2) '(3)))))
                      (message (lambda () (assoc 'z (circular '(1) '(2) '(3) '(4)))))))
    ;; The first 256 elements are searched with no check for a cycle:
    ;; cycles longer than that, or past it, are found by the check after.
    (test-equal "cycles of 300 and past 300 elements, ends past 256"
                '(#t #t #t #t #t #t (299 0))
                (let* ((iota (lambda (n) (let lp ((i (- n 1)) (l '()))
                                           (if (< i 0) l (lp (- i 1) (cons i l))))))
                       (c300 (apply circular (iota 300)))
                       (pairs (map (lambda (i) (cons i i)) (iota 300)))
                       (tail-cycle (append pairs (circular '(a) '(b))))
                       (says? (lambda (who what thunk)
                                (let ((m (message thunk)))
                                  (and (string? m)
                                       (string-contains?
                                        m (string-append
                                           who ": wrong type argument in position 2 (expected "
                                           what ")"))
                                       #t)))))
                  (list (says? "memq" "proper list" (lambda () (memq 'z c300)))
                        (says? "assq" "proper list" (lambda () (assq 'z tail-cycle)))
                        (says? "member" "proper list" (lambda () (member "z" c300)))
                        (says? "assv" "proper list" (lambda () (assv 1.5 tail-cycle)))
                        (says? "memv" "proper list"
                               (lambda () (memv 'z (append (iota 280) 'end))))
                        (says? "assq" "association list"
                               (lambda () (assq 'z (append pairs '(5)))))
                        (list (car (memq 299 c300)) (cadr (memq 299 c300))))))
    (test-equal "a long list, found at its end and not found" '((99999) #f #f)
                (let ((l (let lp ((i 99999) (l '()))
                           (if (< i 0) l (lp (- i 1) (cons i l))))))
                  (list (memv 99999 l) (memq 'z l)
                        (assq 'z (map (lambda (i) (cons i i)) l)))))
    ;; memv and assv of anything but a number on the heap, member and
    ;; assoc of an immediate or a symbol, search as memq does: the
    ;; answers must be eqv?'s and equal?'s still.
    (test-equal "memv, assv: characters, fixnums, symbols, a bignum, a flonum"
                '((#\z #\y) (2 . b) (c) (100000000000000000000 1) (1.5)
                  (1e300 2) #f #f)
                (let ((big (* 10000000000 10000000000)))
                  (list (memv #\z (string->list "abzy"))
                        (assv 2 '((1 . a) (2 . b)))
                        (memv (string->symbol "c") '(a b c))
                        (memv big (list 3 (* 10000000000 10000000000) 1))
                        (memv (/ 3. 2.) '(1 1.5))
                        (memv (string->number "1e300") (list 1 1e300 2))
                        (memv 0. '(-0. 1))
                        (assv "a" (list (cons "a" 1))))))
    (test-equal "member, assoc: immediates and symbols by identity, strings by content"
                '((#\b) (2.5 . x) (z) ("b") ("s" . 1) (1e300 . 1) #f)
                (list (member #\b '(#\a #\b))
                      (assoc 2.5 (list (cons 1 'w) (cons 2.5 'x)))
                      (member 'z '(x y z))
                      (member (string #\b) '("a" "b"))
                      (assoc (string #\s) '(("s" . 1)))
                      (assoc (string->number "1e300") (list (cons 1e300 1)))
                      (member 2 '(1.5 2.))))
    ;; length and list? walk two pairs a turn (scm_c_list_length).
    (test-equal "length and list? of lists of 0 to 5, improper, circular"
                '((0 1 2 3 4 5) (#f #f #f #f #f) (#f #f #f #f))
                (list (map length '(() (a) (a b) (a b c) (a b c d) (a b c d e)))
                      (map list? (list 'a '(a . b) '(a b . c) '(a b c . d)
                                       '(a b c d . e)))
                      (map (lambda (l) (list? (apply circular l)))
                           '((0) (0 1) (0 1 2) (0 1 2 3)))))
    (test-equal "length of a circular or improper list raises"
                '("length: wrong type argument in position 1 (expected proper list): #0=(0 1 2 . #0#)"
                  "length: wrong type argument in position 1 (expected proper list): (0 1 . 2)")
                (list (message (lambda () (length (circular 0 1 2))))
                      (message (lambda () (length '(0 1 . 2))))))
    (test-equal "an entry that is not a pair, before the one found"
                "assq: wrong type argument in position 2 (expected association list): (5 (a . 1))"
                (message (lambda () (assq 'a '((b . 2) 5 (a . 1))))))))

;; ------------------------------------------------------------------
;; length walks its first 1024 pairs 8 to a turn with no cycle check,
;; then goes on with Floyd's (scm_c_list_length).  Every length and
;; every place of the end within a turn, on each side of 1024, must
;; count right; an improper end anywhere, a heap object that is not a
;; pair in the cdr, and a cycle entered before or after 1024 pairs must
;; be refused.
(test-group "length by turns of 8 pairs"
  (lambda ()
    ;; A list of N fresh pairs ending in TAIL.
    (define (chain n tail)
      (let loop ((i 0) (l tail))
        (if (= i n) l (loop (+ i 1) (cons i l)))))
    ;; A list of PREFIX pairs and then a cycle of CYCLE pairs.
    (define (lasso prefix cycle)
      (let* ((ring (chain cycle '()))
             (last (list-tail ring (- cycle 1))))
        (set-cdr! last ring)
        (let loop ((i 0) (l ring))
          (if (= i prefix) l (loop (+ i 1) (cons i l))))))
    ;; N integers from START.
    (define (range start n)
      (let loop ((i (+ start n -1)) (l '()))
        (if (< i start) l (loop (- i 1) (cons i l)))))
    (define lengths
      (append (range 0 18) '(1015 1016 1017 1023 1024 1025 1031 1032 1033
                          2048 2049 100000)))
    (test-equal "proper lists: length and list?"
                (map (lambda (n) (list n #t)) lengths)
                (map (lambda (n) (let ((l (chain n '())))
                                   (list (length l) (list? l))))
                     lengths))
    (test-equal "improper ends after each count: an immediate, a vector, a string"
                '(#t #t #t)
                (map (lambda (tail)
                       (let loop ((ns lengths))
                         (or (null? ns)
                             (let ((l (chain (car ns) tail)))
                               (and (not (list? l))
                                    (string? (message (lambda () (length l))))
                                    (loop (cdr ns)))))))
                     (list 7 (vector 1 2 3) (string #\a #\b))))
    (test-equal "a cycle entered after 0 to 17 or 1020 to 1030 pairs"
                '(#t #t)
                (map (lambda (prefixes)
                       (let loop ((ps prefixes))
                         (or (null? ps)
                             (and (let cycles ((c 1))
                                    (or (> c 9)
                                        (let ((l (lasso (car ps) c)))
                                          (and (not (list? l))
                                               (string? (message
                                                         (lambda () (length l))))
                                               (cycles (+ c 1))))))
                                  (loop (cdr ps))))))
                     (list (range 0 18) (range 1020 11))))
    (test-equal "a long cycle, and the errors' text"
                '(#f
                  "length: wrong type argument in position 1 (expected proper list): (0 1 2 3 4 5 6 7 8 . #(x))"
                  "length: wrong type argument in position 1 (expected proper list): #(1 2)")
                (list (list? (lasso 1500 3000))
                      (message (lambda ()
                                 (length (append (range 0 9) (vector 'x)))))
                      (message (lambda () (length (vector 1 2))))))))

;; ------------------------------------------------------------------
;; A subr of N required arguments and a rest list, called with N
;; (char<? of two), is SUBR_CALL_REST: its C function gets '() as the
;; rest list.
(test-group "subrs with a rest list called with their required count"
  (lambda ()
    (define (cmp a b) (list (char<? a b) (char>=? a b) (string=? "x" (string a))))
    (test-equal "results" '((#t #f #f) (#f #t #t))
                (list (cmp #\a #\b) (cmp #\x #\x)))
    (test-equal "more arguments still go through the rest list" '(#t #f)
                (list (char<? #\a #\b #\c) (char<? #\a #\c #\b)))
    (test-equal "the primitive's error"
                "char<?: wrong type argument in position 1 (expected character): 1"
                (message (lambda () (cmp 1 #\a))))
    (define m (resolve-module '(test subr-calls rest-subrs)))
    (eval '(define (lt a b) (char<? a b)) m)
    (test-equal "the call follows a set! of the variable" '(#t (mine #\b #\a))
                (let ((before (eval '(lt #\a #\b) m)))
                  (eval '(set! char<? (lambda (a b) (list 'mine a b))) m)
                  (list before (eval '(lt #\b #\a) m))))))

;; ------------------------------------------------------------------
;; The primitives' searches (lists.c, member_by and assoc_by) walk four
;; pairs a turn for their first 256, then check for cycles: each
;; position and each length around the turns and the 256, through
;; apply (the primitive itself, not the VM's ASSQ and MEMQ).
(test-group "memq, memv, member, assq, assv, assoc at every position"
  (lambda ()
    (define (alist n) (map (lambda (i) (cons i (list i))) (iota* n)))
    (define members (list memq memv member))
    (define assocs (list assq assv assoc))
    (define (all? pred l) (or (null? l) (and (pred (car l)) (all? pred (cdr l)))))
    (test-assert "each of 0 to 299 found, nothing found in lists of 0 to 299"
                 (let ((l (iota* 300)) (al (alist 300)))
                   (let loop ((i 0))
                     (or (= i 300)
                         (and (all? (lambda (f)
                                      (= (length (apply f (list i l))) (- 300 i)))
                                    members)
                              (all? (lambda (f)
                                      (equal? (apply f (list i al)) (cons i (list i))))
                                    assocs)
                              (all? (lambda (f) (not (apply f (list 'z (iota* i)))))
                                    members)
                              (all? (lambda (f) (not (apply f (list 'z (alist i)))))
                                    assocs)
                              (loop (+ i 1)))))))
    (test-assert "improper ends after 0 to 9 and 254 to 262 pairs"
                 (all? (lambda (n)
                         (let ((says? (lambda (l)
                                        (lambda (f)
                                          (string-contains?
                                           (message (lambda () (apply f (list 'z l))))
                                           "(expected proper list)")))))
                           (and (all? (says? (append (iota* n) 'end)) members)
                                (all? (says? (append (alist n) 'end)) assocs))))
                       '(0 1 2 3 4 5 6 7 8 9 254 255 256 257 258 259 260 261 262)))
    (test-equal "an entry that is not a pair, at each position of a turn"
                '(#t #t #t #t #t)
                (map (lambda (n)
                       (let ((al (append (alist n) (list 5) (alist 2))))
                         (all? (lambda (f)
                                 (string-contains?
                                  (message (lambda () (apply f (list 'z al))))
                                  "(expected association list): (5 "))
                               assocs)))
                     '(0 1 2 3 257)))))

;; ------------------------------------------------------------------
;; Fixed-arity entries (subrs.c, scm_i_subr_fixed_entry): string-append
;; of two and three, max and min of two, number->string of one are
;; SUBR_CALLs of subrs of their own, append of two called as a value
;; takes its entry with no rest list; a subr whose optional arguments
;; are all given ((number->string x 16), (read-char port)) is called
;; directly.
(test-group "fixed-arity entries and optional arguments"
  (lambda ()
    (define (sa2 a b) (string-append a b))
    (define (sa3 a b c) (string-append a b c))
    (define (mx a b) (max a b))
    (define (mn a b) (min a b))
    (define (n->s x) (number->string x))
    (define (n->s-radix x r) (number->string x r))
    (define (rc p) (read-char p))
    (test-equal "string-append of 0, 1, 2, 3 and 5 strings"
                '("" "a" "ab" "abc" "abcde")
                (list (string-append) (string-append "a") (sa2 "a" "b")
                      (sa3 "a" "b" "c") (string-append "a" "b" "c" "d" "e")))
    (test-equal "string-append makes a new string, even of one" '(#f #f "x")
                (let* ((x (string #\x)) (y (sa2 x "")) (z (sa3 "" x "")))
                  (string-set! y 0 #\y)
                  (list (eq? x y) (eq? x z) x)))
    (test-equal "string-append beyond the BMP and of many strings"
                '("a\x1F600;b" 40)
                (list (sa3 "a" (string #\x1F600) "b")
                      (string-length (apply string-append
                                            (make-list 20 "ab")))))
    (test-equal "string-append's error names it and the position"
                '("string-append: wrong type argument in position 2 (expected string): 1"
                  "string-append: wrong type argument in position 3 (expected string): c"
                  "string-append: wrong type argument in position 18 (expected string): x")
                (list (message (lambda () (sa2 "a" 1)))
                      (message (lambda () (sa3 "a" "b" 'c)))
                      (message (lambda ()
                                 (apply string-append
                                        (append (make-list 17 "a") '(x)))))))
    (test-equal "max and min of two: exactness contagion"
                '(2.0 1.0 2 1 3.0 -0.5)
                (list (mx 1 2.0) (mn 1.0 2) (mx 1 2) (mn 1 2)
                      (mx 3 1.5) (mn -1/2 4.0)))
    (test-assert "max of a NaN is a NaN"
                 (let ((r (mx 1 +nan.0))) (not (= r r))))
    (test-equal "max of a bignum and a fixnum stays exact"
                (expt 2 70) (mx (expt 2 70) 3))
    (test-equal "max's error names it and the position"
                '("max: wrong type argument in position 2 (expected real number): a"
                  "min: wrong type argument in position 1 (expected real number): 1+2i")
                (list (message (lambda () (mx 1 'a)))
                      (message (lambda () (mn 1+2i 1)))))
    (test-equal "number->string with and without a radix"
                '("255" "ff" "11111111" "0.5")
                (list (n->s 255) (n->s-radix 255 16) (n->s-radix 255 2)
                      (n->s .5)))
    (test-equal "number->string's errors"
                '("number->string: wrong type argument in position 1 (expected number): x"
                  "number->string: argument out of range in position 2: 7")
                (list (message (lambda () (n->s 'x)))
                      (message (lambda () (n->s-radix 1 7)))))
    (test-equal "read-char given its port" '(#\a #\b #t)
                (let ((p (open-input-string "ab")))
                  (let* ((a (rc p)) (b (rc p)))
                    (list a b (eof-object? (rc p))))))
    (define (fold2 f a b) (f a b))
    (test-equal "append and string-append called as values with two"
                '((1 2 . 3) "xy" 5 1)
                (list (fold2 append '(1 2) 3) (fold2 string-append "x" "y")
                      (fold2 max 1 5) (fold2 min 1 5)))
    (test-equal "subrs with a rest list and no entry, called as values"
                '(#t #f #t 3 "abab")
                (list (fold2 string=? "ab" "ab") (fold2 string-ci=? "a" "b")
                      (fold2 char<? #\a #\b) (fold2 + 1 2)
                      (fold2 string-join (list "ab" "ab") "")))
    (test-equal "append of two as a value keeps sharing its tail" #t
                (let ((tail (list 3))) (eq? tail (cdr (fold2 append '(1) tail)))))
    (define m (resolve-module '(test subr-calls fixed-entries)))
    (eval '(define (sa a b) (string-append a b)) m)
    (eval '(define (mx a b) (max a b)) m)
    (eval '(define (n->s x) (number->string x)) m)
    (test-equal "calls follow a redefinition after they were compiled"
                '(("ab" 2 "1") (mine "a" "b") (biggest 1 2) (text 1))
                (let ((before (list (eval '(sa "a" "b") m) (eval '(mx 1 2) m)
                                    (eval '(n->s 1) m))))
                  (eval '(define (string-append . l) (cons 'mine l)) m)
                  (eval '(define (max a b) (list 'biggest a b)) m)
                  (eval '(define (number->string x) (list 'text x)) m)
                  (list before (eval '(sa "a" "b") m) (eval '(mx 1 2) m)
                        (eval '(n->s 1) m))))))

;; (- x) and (/ x) are SUBR_CALLs of fixed-arity entries of their own
;; (%negate, %reciprocal): no rest list, no variadic call; results and
;; errors are the primitives'.
(test-group "negation and reciprocal of one argument"
  (lambda ()
    (define (neg x) (list (- x)))
    (define (rec x) (list (/ x)))
    (test-equal "negations" '((-1) (7) (-1.5) (-0.0) (0.0) (-inf.0) (-1/2)
                              (2305843009213693952) (-1180591620717411303424))
                (map neg (list 1 -7 1.5 0.0 -0.0 +inf.0 1/2
                               (- (expt 2 61)) (expt 2 70))))
    (test-assert "negation of a NaN is a NaN" (nan? (car (neg +nan.0))))
    (test-equal "reciprocals" '((1/2) (-1/3) (0.5) (+inf.0) (-inf.0) (3/2))
                (map rec (list 2 -3 2.0 0.0 -0.0 2/3)))
    (test-equal "errors name the primitive and the position"
                '("-: wrong type argument in position 1 (expected number): x"
                  "/: wrong type argument in position 1 (expected number): x"
                  "/: division by zero: 0")
                (list (message (lambda () (neg 'x))) (message (lambda () (rec 'x)))
                      (message (lambda () (rec 0)))))
    (define m (resolve-module '(test subr-calls negate)))
    (eval '(define (neg x) (- x)) m)
    (test-equal "a call follows a redefinition of -" '(-2 (minus 2))
                (let ((before (eval '(neg 2) m)))
                  (eval '(define (- . l) (cons 'minus l)) m)
                  (list before (eval '(neg 2) m))))))

;; ------------------------------------------------------------------
;; (compile.c, predicate_tc8): symbol?, string?, vector?, keyword? and
;; bytevector? are the header's type code, for a value (TYPEP) or a
;; test (BR_TYPEP, BRL_TYPEP of a local), guarded by the variable.
(test-group "type predicates inline"
  (lambda ()
    (define objs (list 'a "a" (vector 1) (bytevector 1) 1 #\a '(a) '() #f
                       (symbol->keyword (quote k)) 1.5))
    (define (values-of x)
      (list (symbol? x) (string? x) (vector? x) (bytevector? x)
            (keyword? x)))
    (define (tests-of x)
      (cond ((symbol? x) 'symbol)
            ((string? (car (list x))) 'string)
            ((vector? x) 'vector)
            ((bytevector? x) 'bytevector)
            ((keyword? x) 'keyword)
            (else 'other)))
    (test-equal "as values, each type"
                '((#t #f #f #f #f) (#f #t #f #f #f) (#f #f #t #f #f)
                  (#f #f #f #t #f) (#f #f #f #f #f) (#f #f #f #f #f)
                  (#f #f #f #f #f) (#f #f #f #f #f) (#f #f #f #f #f)
                  (#f #f #f #f #t) (#f #f #f #f #f))
                (map values-of objs))
    (test-equal "as tests, of a local and of a value"
                '(symbol string vector bytevector other other other other
                  other keyword other)
                (map tests-of objs))
    (define m (resolve-module '(test subr-calls type-predicates)))
    (eval '(define (kind x) (if (symbol? x) 'symbol 'other)) m)
    (eval '(define (kind2 x) (if (symbol? (car (list x))) 'symbol 'other)) m)
    (eval '(define (is? x) (symbol? x)) m)
    (test-equal "before a redefinition" '(symbol other symbol #t)
                (eval '(list (kind 'a) (kind 1) (kind2 'a) (is? 'a)) m))
    (test-equal "the calls follow a set! of the variable"
                '(symbol symbol symbol (seen 1))
                (begin
                  (eval '(set! symbol? (lambda (x) (list 'seen x))) m)
                  (eval '(list (kind 'a) (kind 1) (kind2 1) (is? 1)) m)))
    (test-equal "symbol? elsewhere is still the primitive" '(#t #f)
                (list (symbol? 'a) (symbol? 1)))
    (test-error-contains "a variable set to a non-procedure"
                         '("not a procedure")
                         (lambda ()
                           (eval '(set! symbol? 42) m)
                           (eval '(kind 'a) m)))))

;; Each inline predicate on a value of every kind, as a value (TYPEP),
;; a test of a value (BR_TYPEP) and a test of a local (BRL_TYPEP).  A
;; pair's first word is its car, whose low byte is even: a car whose
;; low byte is a pseudo type code's (the fixnum 63 is 254, 0xfe) must
;; not pass for an integer (engine.c, vm_has_type).
(test-group "type predicates on every type"
  (lambda ()
    (define-record-type point (make-point x) point? (x point-x))
    (define objs
      (list 'a "a" (vector 1) (bytevector 1) (symbol->keyword 'k)
            0 63 -1 (expt 2 62) (expt 10 30) 2.0 1.5 1/2 1+2i
            #\a #\x1F600 #t #f '() (list 63) (list 62) (cons 63 63)
            (list #\a) (list 2.0) (list 'a) (list "a") (make-point 1)
            car (lambda (x) x) (make-hash-table)
            (eof-object) (if #f #f) (string->symbol "") ""
            (make-vector 0) (make-bytevector 0)))
    (define (row x)
      (list (symbol? x) (string? x) (vector? x) (bytevector? x)
            (keyword? x) (exact-integer? x) (integer? x)))
    (define (row-tests x)
      (list (if (symbol? x) #t #f) (if (string? x) #t #f)
            (if (vector? x) #t #f) (if (bytevector? x) #t #f)
            (if (keyword? x) #t #f) (if (exact-integer? x) #t #f)
            (if (integer? x) #t #f)))
    (define (row-value-tests x)
      (let ((y (car (list x))))
        (list (if (symbol? (car (list y))) #t #f)
              (if (string? (car (list y))) #t #f)
              (if (vector? (car (list y))) #t #f)
              (if (bytevector? (car (list y))) #t #f)
              (if (keyword? (car (list y))) #t #f)
              (if (exact-integer? (car (list y))) #t #f)
              (if (integer? (car (list y))) #t #f))))
    (define expected
      '((#t #f #f #f #f #f #f) (#f #t #f #f #f #f #f) (#f #f #t #f #f #f #f)
        (#f #f #f #t #f #f #f) (#f #f #f #f #t #f #f)
        (#f #f #f #f #f #t #t) (#f #f #f #f #f #t #t) (#f #f #f #f #f #t #t)
        (#f #f #f #f #f #t #t) (#f #f #f #f #f #t #t) (#f #f #f #f #f #f #t)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f) (#f #f #f #f #f #f #f)
        (#t #f #f #f #f #f #f) (#f #t #f #f #f #f #f) (#f #f #t #f #f #f #f)
        (#f #f #f #t #f #f #f)))
    (test-equal "as values" expected (map row objs))
    (test-equal "as tests of a local" expected (map row-tests objs))
    (test-equal "as tests of a value" expected (map row-value-tests objs))))

;; exact-integer? the same way, with a type code of its own: a fixnum or
;; a bignum (compile.c, predicate_tc8; engine.c, vm_has_type).
(test-group "exact-integer? inline"
  (lambda ()
    (define objs (list 0 -1 (expt 2 61) (- (expt 2 61)) (expt 2 62)
                       (- -1 (expt 2 62)) (expt 10 40) 1.0 1/2 +nan.0
                       1+2i #\1 "1" 'a '() #f (vector 1)))
    (define (value x) (exact-integer? x))
    (define (test-local x) (if (exact-integer? x) 'int 'other))
    (define (test-value x) (if (exact-integer? (car (list x))) 'int 'other))
    (define expected '(#t #t #t #t #t #t #t #f #f #f #f #f #f #f #f #f #f))
    (test-equal "as a value: fixnums, bignums either side, not the rest"
                expected (map value objs))
    (test-equal "as a test of a local and of a value"
                (list (map (lambda (b) (if b 'int 'other)) expected)
                      (map (lambda (b) (if b 'int 'other)) expected))
                (list (map test-local objs) (map test-value objs)))
    (test-equal "div of the suite's compiler: exact-integer? in an and"
                '(3 -4 3.0)
                (let ((div (lambda (x y)
                             (if (and (exact-integer? x) (exact-integer? y)
                                      (>= x 0))
                                 (quotient x y)
                                 (- (quotient x y) 1)))))
                  (list (div 7 2) (div -7 2) (div 8.0 2))))
    (define m (resolve-module '(test subr-calls exact-integer)))
    (eval '(define (kind x) (if (exact-integer? x) 'int 'other)) m)
    (eval '(define (is? x) (exact-integer? x)) m)
    (test-equal "the calls follow a set! of the variable"
                '((int other #t) (int (seen 1.5)))
                (list (eval '(list (kind 1) (kind 1.5) (is? 1)) m)
                      (begin
                        (eval '(set! exact-integer? (lambda (x) (list 'seen x)))
                              m)
                        (eval '(list (kind 1.5) (is? 1.5)) m))))))

;; integer? too, with another type code: a fixnum, or an integer of
;; another kind by scm_is_integer (a bignum, an integral finite flonum).
(test-group "integer? inline"
  (lambda ()
    (define objs (list 0 -7 (expt 2 61) (- -1 (expt 2 62)) (expt 10 40)
                       2.0 -0.0 1e300 2.5 +inf.0 -inf.0 +nan.0 1/2 4/2 1+2i
                       #\1 "1" 'a '() #f (vector 1)))
    (define expected '(#t #t #t #t #t #t #t #t #f #f #f #f #f #t #f
                       #f #f #f #f #f #f))
    (test-equal "integers of every kind, as a value and as two tests"
                (list expected expected expected)
                (list (map (lambda (x) (integer? x)) objs)
                      (map (lambda (x) (if (integer? x) #t #f)) objs)
                      (map (lambda (x) (if (integer? (car (list x))) #t #f))
                           objs)))
    (test-equal "the suite's compiler: (and (integer? x) (>= x 8) (< x 16))"
                '(#f #t #t #f #f)
                (map (lambda (x) (and (integer? x) (>= x 8) (< x 16)))
                     (list 7 8 15.0 16 'r)))
    (define m (resolve-module '(test subr-calls integer)))
    (eval '(define (kind x) (if (integer? x) 'int 'other)) m)
    (eval '(define (is? x) (integer? x)) m)
    (test-equal "the calls follow a set! of the variable"
                '((int int other #t) (int (seen 1.5)))
                (list (eval '(list (kind 1) (kind 2.0) (kind 1.5) (is? 1)) m)
                      (begin
                        (eval '(set! integer? (lambda (x) (list 'seen x))) m)
                        (eval '(list (kind 1.5) (is? 1.5)) m))))))

;; ------------------------------------------------------------------
;; (char=? a b) is the inline CHAR_EQ: two characters compared in the
;; VM, anything else the primitive's call and its error.
(test-group "char=? of two arguments inline"
  (lambda ()
    (define (same? a b) (char=? a b))
    (test-equal "characters, beyond the BMP too, and as a test"
                '(#t #f #t #f yes)
                (list (same? #\a #\a) (same? #\a #\A)
                      (same? #\x1F600 (integer->char #x1F600))
                      (same? #\x1F600 #\x1F601)
                      (if (same? #\space (string-ref " " 0)) 'yes 'no)))
    (test-equal "not a character: the argument named"
                '("char=?: wrong type argument in position 1 (expected character): 1"
                  "char=?: wrong type argument in position 2 (expected character): b")
                (list (message (lambda () (same? 1 #\a)))
                      (message (lambda () (same? #\a 'b)))))
    (test-equal "three arguments are the primitive's" '(#t #f)
                (list (char=? #\a #\a #\a) (char=? #\a #\a #\b)))
    (test-equal "redefining char=? in a module changes its calls"
                '(mine #t)
                (let ((m (resolve-module '(test redefine-char-eq))))
                  (eval '(define (same? a b) (char=? a b)) m)
                  (eval '(define (char=? a b) 'mine) m)
                  (list (eval '(same? #\a #\b) m) (same? #\a #\a))))))

;; string-ref, string-set! and string-length called through SUBR_CALL
;; (string-set! stores its character itself, values/strings.c).
(test-group "string-ref, string-set!, string-length"
  (lambda ()
    (define (ref s i) (string-ref s i))
    (define (set s i c) (string-set! s i c))
    (define (len s) (string-length s))
    (test-equal "narrow and wide strings, the last index, the empty string"
                '(#\a #\c #\x1F600 #\b 3 0 2)
                (list (ref "abc" 0) (ref "abc" 2) (ref "a\x1F600;b" 1)
                      (ref "a\x1F600;b" 2) (len "abc") (len "")
                      (len (string #\x1F600 #\a))))
    (test-equal "a store, one that widens, one into the wide string"
                '("xbc" "x\x1F600;c" "xλc")
                (let* ((s (string-copy "abc"))
                       (a (begin (set s 0 #\x) (string-copy s)))
                       (b (begin (set s 1 #\x1F600) (string-copy s))))
                  (set s 1 #\λ)
                  (list a b s)))
    (test-equal "errors name the primitive and the argument"
                '("string-ref: argument out of range in position 2: 3"
                  "string-ref: argument out of range in position 2: -1"
                  "string-ref: wrong type argument in position 2 (expected exact integer): 1.0"
                  "string-ref: wrong type argument in position 1 (expected string): #(1)"
                  "string-set!: argument out of range in position 2: 3"
                  "string-set!: wrong type argument in position 3 (expected character): 97"
                  "string-set!: cannot modify an immutable string: \"abc\""
                  "string-length: wrong type argument in position 1 (expected string): a")
                (list (message (lambda () (ref "abc" 3)))
                      (message (lambda () (ref "abc" -1)))
                      (message (lambda () (ref "abc" 1.0)))
                      (message (lambda () (ref #(1) 0)))
                      (message (lambda () (set (make-string 3) 3 #\a)))
                      (message (lambda () (set (make-string 3) 0 97)))
                      (message (lambda () (set "abc" 0 #\a)))
                      (message (lambda () (len 'a)))))
    (test-equal "redefining string-ref in a module changes its calls"
                '(mine #\a)
                (let ((m (resolve-module '(test redefine-string-ref))))
                  (eval '(define (first s) (string-ref s 0)) m)
                  (eval '(define (string-ref s i) 'mine) m)
                  (list (eval '(first "abc") m) (ref "abc" 0))))))

;; (+ a b), (- a b) of two plain locals: ADD_LL, SUB_LL.
(test-group "+ and - of two locals"
  (lambda ()
    (define (both a b) (list (+ a b) (- a b)))
    (test-equal "fixnums, past the fixnums, flonums, mixed"
                '((8 2) (4611686018427387904 0) (-4611686018427387905 1)
                  (3.5 -0.5))
                (list (both 5 3) (both (expt 2 61) (expt 2 61))
                      (both (- (expt 2 61)) (- -1 (expt 2 61))) (both 1.5 2)))
    (test-equal "a loop's sum" 50005000
                (let loop ((i 10000) (sum 0))
                  (if (< i 0) sum (loop (- i 1) (+ i sum)))))
    (test-equal "not a number: the primitive's error"
                "-: wrong type argument in position 2 (expected number): y"
                (message (lambda () (- 1 (car (list 'y))))))
    (test-equal "redefining + in a module changes its calls" '(plus 3)
                (let ((m (resolve-module '(test redefine-plus-ll))))
                  (eval '(define (sum2 a b) (+ a b)) m)
                  (eval '(define (+ a b) 'plus) m)
                  (list (eval '(sum2 1 2) m) (car (both 1 2)))))))

;; (< a b) & co of two plain locals as a value: LT_LL & co.
(test-group "comparisons of two locals as values"
  (lambda ()
    (define (all a b) (list (= a b) (< a b) (> a b) (<= a b) (>= a b)))
    (define (less? x y) (< x y))
    (test-equal "fixnums: less, equal, greater, negative"
                '((#f #t #f #t #f) (#t #f #f #t #t) (#f #f #t #f #t)
                  (#f #t #f #t #f))
                (list (all 1 2) (all 7 7) (all 3 -3) (all -5 -4)))
    (test-equal "past the fixnums, flonums, mixed exactness"
                '((#f #t #f #t #f) (#t #f #f #t #t) (#f #f #t #f #t)
                  (#f #t #f #t #f))
                (list (all (expt 2 62) (expt 2 63)) (all 1.5 1.5)
                      (all 2 1.5) (all 1/3 0.5)))
    (test-equal "NaN compares false with everything"
                '(#f #f #f #f #f) (all +nan.0 1))
    (test-equal "a sort's predicate" '(1 2 3 5 8)
                (sort '(5 3 8 1 2) less?))
    (test-equal "not a number: the primitive's error"
                "<: wrong type argument in position 2 (expected real number): y"
                (message (lambda () (less? 1 (car (list 'y))))))
    (test-equal "redefining < in a module changes its calls" '(less #t)
                (let ((m (resolve-module '(test redefine-less-ll))))
                  (eval '(define (lt2 a b) (< a b)) m)
                  (eval '(define (< a b) 'less) m)
                  (list (eval '(lt2 1 2) m) (less? 1 2))))))
;; ------------------------------------------------------------------
;; (eqv? local 'datum) and (equal? local 'datum) as tests, of a datum
;; the procedure compares by identity, are a search of a one-element
;; list after a guard on the procedure's variable (compile.c,
;; is_identity_compare_test); other data, and a redefined procedure,
;; take the ordinary call.
(test-group "eqv? and equal? of a local and a constant as tests"
  (lambda ()
    (define (classify x)
      (cond ((eqv? x 'sym) 'symbol)
            ((equal? x 7) 'seven)
            ((eqv? #\a x) 'char-a)
            ((equal? x #\x1F600) 'emoji)
            ((eqv? x 1.5) 'one-and-a-half)
            ((eqv? x 100000000000000000000) 'big)
            ((equal? x "str") 'string)
            ((equal? x '(1 2)) 'list)
            ((eqv? x '()) 'empty)
            (else 'other)))
    (test-equal "identity data"
                '(symbol seven char-a emoji empty)
                (map classify (list 'sym 7 #\a #\x1F600 '())))
    (test-equal "data that eqv? and equal? compare by value"
                '(one-and-a-half big string list)
                (map classify (list (/ 3. 2.) (* 10000000000 10000000000)
                                    (string #\s #\t #\r) (list 1 2))))
    (test-equal "a fixnum is not its flonum nor a bignum nor a character"
                '(other other other other)
                (map classify (list 7. (+ (expt 2 100) 7) #\7 'seven)))
    (test-equal "misses" '(other other other)
                (map classify (list 'sym2 #\b (string->symbol "Sym"))))
    (define m (resolve-module '(test subr-calls identity-compare)))
    (eval '(define (is-a? x) (if (eqv? x 'a) 'yes 'no)) m)
    (eval '(define (is-7? x) (if (equal? 7 x) 'yes 'no)) m)
    (test-equal "before a redefinition" '(yes no yes no)
                (eval '(list (is-a? 'a) (is-a? 'b) (is-7? 7) (is-7? 8)) m))
    (eval '(define (equal? a b) #t) m)
    (test-equal "equal? redefined after the test was compiled" '(yes yes)
                (eval '(list (is-7? 7) (is-7? 8)) m))
    (eval '(set! eqv? (lambda (a b) (not (eq? a b)))) m)
    (test-equal "eqv? assigned after the test was compiled" '(no yes)
                (eval '(list (is-a? 'a) (is-a? 'b)) m))
    (test-equal "eqv? and equal? elsewhere are the primitives" '(#t #f)
                (list (eqv? 'a 'a) (equal? 7 8)))))

(test-group "equal? and number? answer early"
  (lambda ()
    (define (same? a b) (equal? a b))
    (test-equal "symbols, fixnums, characters, the empty list"
                '(#t #f #t #f #t #f #t #f)
                (list (same? 'a 'a) (same? 'a 'b) (same? 3 3) (same? 3 4)
                      (same? #\x1F600 #\x1F600) (same? #\a #\b)
                      (same? '() '()) (same? '() #f)))
    (test-equal "a symbol and its name, a fixnum and its flonum"
                '(#f #f #f #f)
                (list (same? 'a "a") (same? "a" 'a) (same? 1 1.) (same? 1. 1)))
    (test-equal "data compared by content"
                '(#t #t #t #t #f)
                (list (same? (string #\a) "a") (same? (list 1 'a) '(1 a))
                      (same? (expt 10 30) (* (expt 10 15) (expt 10 15)))
                      (same? (/ 1. 3.) (/ 1. 3.)) (same? (vector 1) (vector 2))))
    (define (num? x) (number? x))
    (define (real-num? x) (real? x))
    (test-equal "number? of every kind of number"
                '(#t #t #t #t #t #t)
                (map num? (list 1 (expt 2 100) 1/3 1.5 (sqrt -1) (/ 0. 0.))))
    (test-equal "number? of other data, a pair whose car is a fixnum too"
                '(#f #f #f #f #f #f)
                (map num? (list 'a "1" #\1 (list 3) (cons 1 2) (vector 1))))
    (test-equal "real? of a complex number and of a pair"
                '(#t #f #f #t)
                (map real-num? (list 1/3 (sqrt -1) (list 2) 2.5)))))

;; ------------------------------------------------------------------
;; assq is an inline primitive (ASSQ): the VM searches up to 64 pairs
;; itself (engine.c, assq_short) and leaves anything else to the
;; primitive: longer lists, cycles, improper ends, entries that are
;; not pairs.
(test-group "assq in the VM"
  (lambda ()
    (define (alist n)
      (let lp ((i (- n 1)) (l '()))
        (if (< i 0) l (lp (- i 1) (cons (cons i (* i i)) l)))))
    ;; The message up to its first ")", without the long list.
    (define (head m)
      (let lp ((i 0))
        (if (char=? (string-ref m i) #\)) (substring m 0 (+ i 1)) (lp (+ i 1)))))
    (define (aq x l) (assq x l))
    (test-equal "found at either side of the VM's 64 pairs"
                '((0 . 0) (62 . 3844) (63 . 3969) (64 . 4096) (99 . 9801))
                (map (lambda (i) (aq i (alist 100))) '(0 62 63 64 99)))
    (test-equal "not found in lists of 0, 63, 64, 65 and 200" '(#f #f #f #f #f)
                (map (lambda (n) (aq 'z (alist n))) '(0 63 64 65 200)))
    (test-equal "by identity: a bignum and a string are not found"
                '(#f #f (a . 1))
                (let ((big (* 10000000000 10000000000)) (s (string #\s)))
                  (list (aq (* 10000000000 10000000000) (list (cons big 1)))
                        (aq (string #\s) (list (cons s 1)))
                        (aq 'a '((a . 1))))))
    (test-equal "an improper end, in the VM's pairs and past them"
                '("assq: wrong type argument in position 2 (expected proper list): ((a . 1) . 5)"
                  "assq: wrong type argument in position 2 (expected proper list)")
                (list (message (lambda () (aq 'z '((a . 1) . 5))))
                      (head (message
                             (lambda () (aq 'z (append (alist 70) 'end)))))))
    (test-equal "an entry that is not a pair, past the VM's pairs"
                "assq: wrong type argument in position 2 (expected association list)"
                (head (message (lambda () (aq 'z (append (alist 80) '(5)))))))
    (test-equal "an entry that is not a pair after the one found" '(1 . 1)
                (aq 1 (append (alist 3) '(5))))
    (test-error-contains "a non-list" '("assq" "7") (lambda () (aq 'a 7)))
    (define m (resolve-module '(test subr-calls assq)))
    (eval '(define (look x l) (assq x l)) m)
    (test-equal "before assq is redefined" '(b . 2)
                (eval '(look 'b '((a . 1) (b . 2))) m))
    (eval '(define (assq x l) (list 'mine x)) m)
    (test-equal "assq redefined after the call was compiled" '(mine b)
                (eval '(look 'b '((a . 1) (b . 2))) m))
    (test-equal "assq elsewhere is the primitive" '(b . 2)
                (assq 'b '((a . 1) (b . 2))))))

;; cadr is an inline primitive too (CADR): a list of two or more in the
;; VM, anything else the primitive's call and its error.
(test-group "cadr in the VM"
  (lambda ()
    (define (second x) (cadr x))
    (test-equal "lists of two and more, an improper one, nested" '(2 b (c) 2)
                (list (second '(1 2)) (second '(a b c)) (second '(a (c) . d))
                      (second (cons 1 (cons 2 3)))))
    (test-equal "a list of one, a pair of atoms, the empty list, an atom"
                '("cadr: wrong type argument in position 1 (expected pair with the right structure): (1)"
                  "cadr: wrong type argument in position 1 (expected pair with the right structure): (1 . 2)"
                  "cadr: wrong type argument in position 1 (expected pair with the right structure): ()"
                  "cadr: wrong type argument in position 1 (expected pair with the right structure): 5")
                (map (lambda (x) (message (lambda () (second x))))
                     (list '(1) '(1 . 2) '() 5)))
    (define m (resolve-module '(test subr-calls cadr)))
    (eval '(define (snd x) (cadr x)) m)
    (test-equal "before cadr is assigned" 2 (eval '(snd '(1 2)) m))
    (eval '(set! cadr car) m)
    (test-equal "cadr assigned after the call was compiled" 1
                (eval '(snd '(1 2)) m))
    (test-equal "cadr elsewhere is the primitive" 2 (cadr '(1 2)))))

;; (eq? local x) as a test is BRL_EQ: the local read by the instruction,
;; x in acc; when eq? no longer holds the primitive, its value is
;; called with the local first.
(test-group "eq? of a local and a value as a test"
  (lambda ()
    (define (first-is? x l) (if (eq? x (car l)) 'yes 'no))
    (test-equal "symbols, fixnums, pairs, characters"
                '(yes no yes no yes no)
                (let ((p (list 1)))
                  (list (first-is? 'a '(a)) (first-is? 'a '(b))
                        (first-is? 7 '(7)) (first-is? p (list (list 1)))
                        (first-is? p (list p)) (first-is? #\a '(#\b)))))
    (test-error-contains "the value's error first" '("car")
                         (lambda () (first-is? 'a 5)))
    (define m (resolve-module '(test subr-calls brl-eq)))
    (eval '(define (first-is? x l) (if (eq? x (car l)) 'yes 'no)) m)
    (test-equal "before eq? is assigned" '(yes no)
                (eval '(list (first-is? 'a '(a)) (first-is? 'a '(b))) m))
    (eval '(set! eq? (lambda (a b) (and (symbol? a) (string? b)))) m)
    (test-equal "eq? assigned: called with the local first" '(yes no no)
                (eval '(list (first-is? 'a '("s")) (first-is? 'a '(a))
                             (first-is? "s" '(a)))
                      m))))

;; memq is an inline primitive too (MEMQ): a proper list of up to 64
;; elements before the one found in the VM, anything else the
;; primitive's call and its error.
(test-group "memq in the VM"
  (lambda ()
    (define (mq x l) (memq x l))
    (define long (do ((i 199 (- i 1)) (l '() (cons i l))) ((< i 0) l)))
    (define ring (list 1 2 3))
    (set-cdr! (cddr ring) ring)
    (test-equal "found first, last, not found, in the empty list"
                '((a b c) (c) #f #f)
                (list (mq 'a '(a b c)) (mq 'c '(a b c)) (mq 'd '(a b c))
                      (mq 'a '())))
    (test-equal "an improper list with the element before its end"
                '(2 . 3) (mq 2 '(1 2 . 3)))
    (test-equal "past the VM's bound, found and not" '((150 151) #f)
                (let ((r (mq 150 long)))
                  (list (list (car r) (cadr r)) (mq 'x long))))
    (test-equal "an improper list without it, a circular one, an atom"
                '("memq: wrong type argument in position 2 (expected proper list): (1 2 . 3)"
                  "memq: wrong type argument in position 2 (expected proper list): #0=(1 2 3 . #0#)"
                  "memq: wrong type argument in position 2 (expected proper list): 5")
                (list (message (lambda () (mq 9 '(1 2 . 3))))
                      (message (lambda () (mq 9 ring)))
                      (message (lambda () (mq 9 5)))))
    (test-equal "eq?, not eqv?: a bignum found only as itself"
                '(#f #t)
                (let ((big (expt 10 30)))
                  (list (mq (expt 10 30) (list 1 big))
                        (pair? (mq big (list 1 big))))))
    (define m (resolve-module '(test subr-calls memq)))
    (eval '(define (in? x) (memq x '(p q))) m)
    (test-equal "before memq is assigned" '(q) (eval '(in? 'q) m))
    (eval '(set! memq (lambda (x l) 'replaced)) m)
    (test-equal "memq assigned after the call was compiled" 'replaced
                (eval '(in? 'q) m))
    (test-equal "memq elsewhere is the primitive" '(q) (memq 'q '(p q)))))

;; ASSQ and MEMQ walk four pairs a turn up to 64 (engine.c), then the
;; primitive's search goes on from where the walk stopped
;; (scm_i_assq_from, scm_i_memq_from): every position around the turns
;; and the bound, and the errors of the resumed search, which must name
;; the whole list as the primitive called by apply does.
(test-group "assq and memq at every position, past the VM's pairs"
  (lambda ()
    (define (alist n) (map (lambda (i) (cons i (- i))) (iota* n)))
    (define (aq x l) (assq x l))
    (define (mq x l) (memq x l))
    (define (circular l) (set-cdr! (list-tail l (- (length l) 1)) l) l)
    (test-assert "assq finds each of 0 to 139, misses in lists of 0 to 139"
                 (let loop ((i 0))
                   (or (= i 140)
                       (and (equal? (aq i (alist 140)) (cons i (- i)))
                            (not (aq 'z (alist i)))
                            (loop (+ i 1))))))
    (test-assert "memq finds each of 0 to 139, misses in lists of 0 to 139"
                 (let loop ((i 0))
                   (or (= i 140)
                       (and (= (length (mq i (iota* 140))) (- 140 i))
                            (not (mq 'z (iota* i)))
                            (loop (+ i 1))))))
    (test-equal "found past 256 and 10,000 pairs" '((300 . -300) 1)
                (list (aq 300 (alist 400))
                      (length (mq 9999 (iota* 10000)))))
    (define bad
      (list (append (alist 70) 'end) (append (alist 100) '(5) (alist 3))
            (circular (alist 100)) (circular (alist 3))
            (append (iota* 64) (circular (alist 10)))))
    (test-equal "assq's errors name the list as the primitive's do"
                (map (lambda (l) (message (lambda () (apply assq (list 'z l)))))
                     bad)
                (map (lambda (l) (message (lambda () (aq 'z l)))) bad))
    (define bad-lists
      (list (append (iota* 70) 'end) (circular (iota* 100))
            (append (iota* 65) (circular (iota* 7)))))
    (test-equal "memq's errors name the list as the primitive's do"
                (map (lambda (l) (message (lambda () (apply memq (list 'z l)))))
                     bad-lists)
                (map (lambda (l) (message (lambda () (mq 'z l)))) bad-lists))
    (test-assert "the errors of the resumed search are the primitive's"
                 (let ((m (message (lambda () (mq 'z (circular (iota* 100)))))))
                   (string=? (substring m 0 30) "memq: wrong type argument in p")))
    (define m (resolve-module '(test subr-calls long-searches)))
    (eval '(define (look x al l) (list (assq x al) (memq x l))) m)
    (define nums (iota* 100))
    (define pairs (alist 100))
    (test-equal "before assq and memq are assigned" '((99 . -99) (99))
                ((eval 'look m) 99 pairs nums))
    (eval '(set! assq (lambda (x l) (list 'assq (length l)))) m)
    (eval '(set! memq (lambda (x l) (list 'memq (length l)))) m)
    (test-equal "assigned: long lists go to the new values"
                '((assq 100) (memq 100))
                ((eval 'look m) 99 pairs nums))))

;; odd? and even? are inline primitives (ODDP, EVENP): a fixnum in the
;; VM, anything else the primitive's call, its bignums, flonums and
;; errors.
(test-group "odd? and even? in the VM"
  (lambda ()
    (define (parity x) (list (odd? x) (even? x)))
    (define (branch x) (if (odd? x) 'odd (if (even? x) 'even 'neither)))
    (define big (expt 2 61))
    (test-equal "fixnums: zero, either sign, the ends of the range"
                '((#f #t) (#t #f) (#t #f) (#f #t) (#t #f) (#f #t) (#t #f))
                (map parity (list 0 1 -1 -2 (- big 1) (- big) (+ (- big) 1))))
    (test-equal "bignums and integral flonums, by the primitive"
                '((#f #t) (#t #f) (#t #f) (#t #f) (#f #t))
                (map parity (list big (+ big 1) (- -1 (expt 10 30)) 3e0 -4e0)))
    (test-equal "as tests" '(odd even odd even) (map branch (list 3 4 -5 (expt 2 70))))
    (test-equal "not an integer: the primitive's errors"
                '("odd?: wrong type argument in position 1 (expected integer): 1.5"
                  "even?: wrong type argument in position 1 (expected integer): a")
                (list (message (lambda () (odd? (car (list 1.5)))))
                      (message (lambda () (even? (car (list 'a)))))))
    (define m (resolve-module '(test subr-calls odd-even)))
    (eval '(define (o x) (odd? x)) m)
    (test-equal "before odd? is assigned" #t (eval '(o 3) m))
    (eval '(set! odd? (lambda (x) (list 'seen x))) m)
    (test-equal "odd? assigned after the call was compiled" '(seen 3)
                (eval '(o 3) m))
    (test-equal "odd? elsewhere is the primitive" #t (odd? 3))))

;; caar, caddr and cadar are inline primitives too (CAAR, CADDR,
;; CADAR): each step a pair in the VM, anything else the primitive's
;; call and its error.
(test-group "caar, caddr, cadar in the VM"
  (lambda ()
    (define (paths x) (list (caar x) (cadar x)))
    (define (third x) (caddr x))
    (test-equal "lists long enough, improper tails past the path"
                '((a b) (1 (c)) 3 3)
                (list (paths '((a b c) d)) (paths (list (cons 1 (cons '(c) 2))))
                      (third '(1 2 3 4)) (third '(1 2 3 . 4))))
    (test-equal "too short at each step: the primitive's errors"
                '("caar: wrong type argument in position 1 (expected pair with the right structure): (1)"
                  "cadar: wrong type argument in position 1 (expected pair with the right structure): ((1))"
                  "caddr: wrong type argument in position 1 (expected pair with the right structure): (1 2)"
                  "caddr: wrong type argument in position 1 (expected pair with the right structure): ()")
                (list (message (lambda () (paths '(1))))
                      (message (lambda () (paths '((1)))))
                      (message (lambda () (third '(1 2))))
                      (message (lambda () (third '())))))
    (define m (resolve-module '(test subr-calls cxr)))
    (eval '(define (t3 x) (caddr x)) m)
    (test-equal "before caddr is assigned" 3 (eval '(t3 '(1 2 3)) m))
    (eval '(set! caddr car) m)
    (test-equal "caddr assigned after the call was compiled" 1
                (eval '(t3 '(1 2 3)) m))
    (test-equal "caddr elsewhere is the primitive" 3 (caddr '(1 2 3)))))

;; cons called as a value (a procedure argument) with two arguments:
;; the pair made in the VM, not by scm_cons.
(test-group "cons called as a value"
  (lambda ()
    (define (call2 f a b) (list (f a b)))      ; a non-tail call
    (define (tail2 f a b) (f a b))             ; a tail call
    (define (fold-left* f acc l)
      (if (null? l) acc (fold-left* f (f (car l) acc) (cdr l))))
    (define kons (car (list cons)))
    (test-equal "non-tail and tail" '(((1 . 2)) (a b) ((#f)))
                (list (call2 kons 1 2) (tail2 kons 'a '(b))
                      (call2 kons #f '())))
    (test-assert "a new pair each call"
                 (not (eq? (tail2 kons 1 2) (tail2 kons 1 2))))
    (test-equal "the pair's fields can be set" '(x . y)
                (let ((p (tail2 kons 1 2)))
                  (set-car! p 'x) (set-cdr! p 'y) p))
    ;; enough pairs for the VM's free list to be refilled and the
    ;; collector to run while the list is built
    (let ((l (fold-left* kons '()
                         (let loop ((i 199999) (acc '()))
                           (if (< i 0) acc (loop (- i 1) (cons i acc)))))))
      (test-equal "200,000 pairs, in order" '(200000 199999 0 19999900000)
                  (list (length l) (car l) (list-ref l 199999)
                        (apply + l))))
    (test-equal "the wrong number of arguments: cons's errors"
                '("cons: wrong number of arguments (expected 2, given 1)"
                  "cons: wrong number of arguments (expected 2, given 3)")
                (list (message (lambda () (kons 1)))
                      (message (lambda () (kons 1 2 3)))))
    (define m (resolve-module '(test subr-calls cons-value)))
    (eval '(define (f2 f) (f 1 2)) m)
    (eval '(define old-cons cons) m)
    (eval '(set! cons (lambda (a b) (list 'seen a b))) m)
    (test-equal "cons redefined: the new procedure as a value, the
old subr still a pair" '((seen 1 2) (1 . 2))
                (list (eval '(f2 cons) m) (eval '(f2 old-cons) m)))))

;; ------------------------------------------------------------------
;; append with two arguments and symbol->string take their pairs and
;; strings from the VM's free lists (scm_i_vm_alloc), not from libgc
;; one at a time: what they build must be whole, survive collections,
;; and be what the primitives always returned.
(test-group "results from the VM's free lists"
  (lambda ()
    (define (app a b) (append a b))
    (define (name s) (symbol->string s))
    (define src (list 1 2 3))
    (define tail (list 'x))
    (define copy (app src tail))
    (test-equal "append copies the first list" '(1 2 3 x) copy)
    (test-assert "the last argument is shared" (eq? tail (cdddr copy)))
    (set-car! copy 'changed)
    (test-equal "the copy is fresh, the argument untouched" '(1 2 3) src)
    (test-equal "empty first list, improper tail" '(5 (1 . 7))
                (list (app '() 5) (app '(1) 7)))
    (test-equal "append's errors"
                '("append: wrong type argument in position 1 (expected proper list): (1 . 2)"
                  "append: wrong type argument in position 1 (expected proper list): 5")
                (list (message (lambda () (app '(1 . 2) 3)))
                      (message (lambda () (app 5 3)))))
    (let ((c (list 1 2)))
      (set-cdr! (cdr c) c)
      (test-equal "append of a circular list"
                  "append: wrong type argument in position 1 (expected proper list)"
                  (let ((m (message (lambda () (app c '())))))
                    (substring m 0 (min (string-length m) 64)))))
    (test-equal "symbol->string, beyond the BMP too" '("abc" "\x1F600;x" "")
                (map name (list 'abc (string->symbol "\x1F600;x")
                                (string->symbol ""))))
    (test-equal "symbol->string's errors"
                '("string-set!: cannot modify an immutable string: \"abc\""
                  "symbol->string: wrong type argument in position 1 (expected symbol): \"abc\"")
                (list (message (lambda () (string-set! (name 'abc) 0 #\x)))
                      (message (lambda () (name "abc")))))
    ;; Enough to refill the lists many times and collect: every result
    ;; kept must still hold what was put in it.
    (define (build n acc)
      (if (= n 0)
          acc
          (build (- n 1)
                 (cons (cons (name (string->symbol (number->string n)))
                             (app (list n (+ n 1)) (list 'end)))
                       acc))))
    (define kept (build 100000 '()))
    (gc)
    (test-assert "100,000 results intact after collections"
                 (let loop ((l kept) (i 1))
                   (or (null? l)
                       (and (equal? (car l)
                                    (cons (number->string i)
                                          (list i (+ i 1) 'end)))
                            (loop (cdr l) (+ i 1))))))))

;; ------------------------------------------------------------------
;; Subrs with optional arguments or a rest list called as values (the
;; VM's generic call, scm_i_subr_call): up to four parameters, the
;; missing optional ones are padded and the rest list is '() or made
;; from the extra arguments, with no array (call_padded); wider subrs
;; take the general path.  Results and errors are the primitives'.
(test-group "subrs with optional or rest arguments called as values"
  (lambda ()
    (define procs (list reverse! string<? number->string append max
                        string-copy! char<?))
    ;; Taken from a list, so that no call below is compiled as a
    ;; SUBR_CALL of the global.
    (define (p i) (list-ref procs i))
    (define (call1 f a) (f a))
    (define (call2 f a b) (f a b))
    (define (call3 f a b c) (f a b c))
    (define (call4 f a b c d) (f a b c d))
    (test-equal "an optional argument left out, then given"
                '((3 2 1) (2 1 9) "255" "ff" "11111111")
                (list (call1 (p 0) (list 1 2 3)) (call2 (p 0) (list 1 2) '(9))
                      (call1 (p 2) 255) (call2 (p 2) 255 16)
                      (call2 (p 2) 255 2)))
    (test-equal "a rest list empty, then of one and of two"
                '(#t #f #t #f #f #t 7 9 #t)
                (list (call2 (p 1) "a" "b") (call2 (p 1) "b" "a")
                      (call3 (p 1) "a" "b" "c") (call3 (p 1) "a" "c" "b")
                      (call4 (p 6) #\a #\b #\d #\c)
                      (call2 (p 1) "\x1F600;" "\x1F601;")
                      (call1 (p 4) 7) (call3 (p 4) 1 9 2)
                      (call3 (p 6) #\a #\b #\x10000)))
    (test-equal "append of four as a value: a rest list of four"
                '((1 2 3 . 4) (1 2 3 4) ())
                (list (call4 (p 3) '(1) '(2) '(3) 4)
                      (call4 (p 3) '() '(1 2) '() '(3 4))
                      (call4 (p 3) '() '() '() '())))
    (test-equal "a subr of five parameters given three" "axy"
                (let ((s (make-string 3 #\a)))
                  (call3 (p 5) s 1 "xy")
                  s))
    (test-equal "the errors of the primitives, with their positions"
                '("string<?: wrong type argument in position 2 (expected string): 1"
                  "string<?: wrong type argument in position 3 (expected string): c"
                  "reverse!: wrong type argument in position 1 (expected proper list): 5"
                  "append: wrong type argument in position 2 (expected proper list): 2"
                  "max: wrong type argument in position 1 (expected real number): x"
                  "number->string: argument out of range in position 2: 7")
                (list (message (lambda () (call2 (p 1) "a" 1)))
                      (message (lambda () (call3 (p 1) "a" "b" 'c)))
                      (message (lambda () (call1 (p 0) 5)))
                      (message (lambda () (call4 (p 3) '(1) 2 '(3) '(4))))
                      (message (lambda () (call1 (p 4) 'x)))
                      (message (lambda () (call2 (p 2) 1 7)))))
    (test-equal "too few and too many arguments"
                '("string<?: wrong number of arguments (expected at least 2, given 1)"
                  "reverse!: wrong number of arguments (expected 1 to 2, given 0)"
                  "reverse!: wrong number of arguments (expected 1 to 2, given 3)"
                  "number->string: wrong number of arguments (expected 1 to 2, given 3)")
                (list (message (lambda () (call1 (p 1) "a")))
                      (message (lambda () ((p 0))))
                      (message (lambda () (call3 (p 0) '(1) '() 3)))
                      (message (lambda () (call3 (p 2) 1 10 3)))))))

;; cddr and length are inline primitives too (CDDR, LENGTH): cddr's
;; steps in the VM, length's count by the primitive's walk without its
;; call; anything else the primitive's call and its error, the same as
;; the primitive called through apply.
(test-group "cddr and length in the VM"
  (lambda ()
    (define (two x) (cddr x))
    (define (len x) (length x))
    (define (circular n)
      (let ((l (make-list n 'x)))
        (set-cdr! (list-tail l (- n 1)) l)
        l))
    (test-equal "cddr of lists and of improper tails"
                '(() (3) 3 (3 . 4))
                (list (two '(1 2)) (two '(1 2 3)) (two '(1 2 . 3))
                      (two '(1 2 3 . 4))))
    (test-equal "cddr too short at each step: the primitive's errors"
                (map (lambda (x) (message (lambda () (apply cddr (list x)))))
                     '((1) () 5 (1 . 2)))
                (map (lambda (x) (message (lambda () (two x))))
                     '((1) () 5 (1 . 2))))
    (test-equal "cddr's error names it and its argument"
                "cddr: wrong type argument in position 1 (expected pair with the right structure): (1)"
                (message (lambda () (two '(1)))))
    (test-equal "length of short lists, and around the 1024 pairs walked without a cycle check"
                '(0 1 3 1023 1024 1025 5000)
                (map (lambda (n) (len (make-list n 0)))
                     '(0 1 3 1023 1024 1025 5000)))
    (test-equal "length of a list of 2^17 + 1 elements (a poll on the way)"
                131073 (len (make-list 131073 #f)))
    (test-equal "improper, circular and no lists: the primitive's errors"
                (map (lambda (x) (message (lambda () (apply length (list x)))))
                     (list '(1 2 . 3) 5 "abc" (circular 1) (circular 3)
                           (circular 3000)))
                (map (lambda (x) (message (lambda () (len x))))
                     (list '(1 2 . 3) 5 "abc" (circular 1) (circular 3)
                           (circular 3000))))
    (test-equal "length's error names it and the whole list"
                "length: wrong type argument in position 1 (expected proper list): (1 2 . 3)"
                (message (lambda () (len '(1 2 . 3)))))
    (test-equal "length of a long improper list (past the unchecked walk)"
                "length: wrong type argument in position 1 (expected proper list)"
                (let ((m (message (lambda ()
                                    (len (append (make-list 2000 0) 'end))))))
                  (substring m 0 (min (string-length m) 64))))
    (test-assert "a circular list's error is raised, not a hang"
                 (string? (message (lambda () (len (circular 5000))))))
    (define m (resolve-module '(test subr-calls cddr-length)))
    (eval '(define (t2 x) (cddr x)) m)
    (eval '(define (tl x) (length x)) m)
    (test-equal "before cddr and length are assigned" '((3) 3)
                (list (eval '(t2 '(1 2 3)) m) (eval '(tl '(1 2 3)) m)))
    (eval '(set! cddr car) m)
    (eval '(set! length (lambda (x) 'mine)) m)
    (test-equal "cddr and length assigned after the calls were compiled"
                '(1 mine) (list (eval '(t2 '(1 2 3)) m) (eval '(tl '(1 2 3)) m)))
    (test-equal "cddr and length elsewhere are the primitives" '((3) 3)
                (list (cddr '(1 2 3)) (length '(1 2 3))))))

;; equal? is an inline primitive (EQUALP): the same object, or an
;; immediate against anything, is answered in the VM, two heap objects
;; by the primitive's own walk; every answer must be the primitive's,
;; called through apply.
(define-record-type <subr-calls-point> (subr-calls-point x y)
  subr-calls-point? (x subr-calls-point-x) (y subr-calls-point-y))

(test-group "equal? in the VM"
  (lambda ()
    (define (same? a b) (equal? a b))
    (define (same-if a b) (if (equal? a b) 'yes 'no))
    (define (circular . elts)
      (let ((l (list-copy elts)))
        (set-cdr! (list-tail l (- (length l) 1)) l)
        l))
    (define p (subr-calls-point 1 2))
    (define big (expt 2 100))
    (define values*
      (list 0 1 -1 (- (expt 2 61) 1) (expt 2 61) big
            (expt 2 100) 2.0 1.0 +nan.0 0.0 -0.0 1/2 (/ 2 4)
            #\a #\A #\x1F600 (integer->char #x1F600) #t #f '() 'sym
            (string->symbol "sym") "" "abc" (string #\a #\b #\c)
            "\x1F600;" (string #\x1F600) (list 1 2) (list 1 2) '(1 . 2)
            (cons 1 2) (vector) (vector 1 "a") (vector 1 "a")
            (bytevector 1 2) (bytevector 1 2) p (subr-calls-point 1 2)
            (circular 1 2) (circular 1 2) (circular 1 2 1 2)
            car (if #f #f) (eof-object)))
    (test-equal "every pair of values: the primitive's answer"
                (map (lambda (a)
                       (map (lambda (b) (apply equal? (list a b))) values*))
                     values*)
                (map (lambda (a) (map (lambda (b) (same? a b)) values*))
                     values*))
    (test-equal "as a test: the primitive's answer"
                (map (lambda (a)
                       (map (lambda (b) (if (apply equal? (list a b)) 'yes 'no))
                            values*))
                     values*)
                (map (lambda (a) (map (lambda (b) (same-if a b)) values*))
                     values*))
    (test-equal "immediates, and a pair, string or vector against one"
                '(#t #f #t #f #t #f #f #f #f #f #f #f)
                (list (same? 5 5) (same? 5 6) (same? #\x1F600 #\x1F600)
                      (same? #\a #\b) (same? '() '()) (same? '() #f)
                      (same? 1 1.0) (same? (list 1) 1) (same? "1" 1)
                      (same? (vector) '()) (same? '() (vector))
                      (same? #t "#t")))
    (test-equal "structures that are equal? and not eq?"
                '(#t #t #t #t #t #f #f)
                (list (same? (list 1 (vector 2 "x")) (list 1 (vector 2 "x")))
                      (same? (string #\x1F600) "\x1F600;")
                      (same? big (expt 2 100))
                      (same? (circular 1 2) (circular 1 2 1 2))
                      (same? p p)
                      (same? p (subr-calls-point 1 2))
                      (same? (circular 1 2) (circular 1 3))))
    (define (upto n)
      (do ((i (- n 1) (- i 1)) (l '() (cons i l))) ((< i 0) l)))
    (test-equal "long circular lists (a poll on the way) end" '(#t #f)
                (list (same? (apply circular (upto 70000))
                             (apply circular (upto 70000)))
                      (same? (apply circular (upto 70000))
                             (apply circular (reverse (upto 70000))))))
    (define m (resolve-module '(test subr-calls equal)))
    (eval '(define (e a b) (equal? a b)) m)
    (test-equal "before equal? is assigned" '(#t #t #f)
                (list (eval '(e 1 1) m) (eval '(e (list 1) (list 1)) m)
                      (eval '(e 1 2) m)))
    (eval '(set! equal? (lambda (a b) (list 'mine a b))) m)
    (test-equal "equal? assigned after the calls were compiled"
                '((mine 1 1) (mine 1 2) (mine (1) (1)))
                (list (eval '(e 1 1) m) (eval '(e 1 2) m)
                      (eval '(e '(1) '(1)) m)))
    (test-equal "equal? elsewhere is the primitive" '(#t #f)
                (list (equal? 1 1) (equal? 1 2)))))

(test-end "subr-calls")
