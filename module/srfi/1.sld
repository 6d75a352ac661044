;;; 1.sld -- SRFI 1, the list library
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name of SRFI 1.  The procedures that R7RS and libscm's core
;;; already define to the SRFI's specification are re-exported: car,
;;; cdr and the c[ad]{2,4}r compositions, cons, list, pair?, null?,
;;; length, append, reverse, reverse!, list-ref, list-copy, make-list,
;;; memq, memv, assq, assv, and map, for-each, member and assoc (the
;;; core map and for-each stop at the shortest list and accept circular
;;; lists beside a finite one; the core member and assoc take the
;;; optional equality procedure and call it as (= x element)).
;;;
;;; The linear-update procedures (the `!' names) are allowed, not
;;; required, to reuse their arguments' pairs: append!, concatenate!,
;;; append-reverse!, take!, drop-right!, split-at! and the core
;;; reverse! do; the others are the pure procedures.
;;;
;;; Procedures that take several lists stop at the end of the shortest,
;;; so a circular list may be given beside a finite one wherever the
;;; SRFI says a clist.  A dotted list where a proper one is required
;;; raises an error naming the procedure and the argument position; an
;;; error is also raised for a wrong index or a non-procedure.  A
;;; circular list passed where only a finite one is allowed is not
;;; detected (the SRFI makes that an error, not a required signal).

;;; Code:

(define-library (srfi 1)
  (export
   ;; Constructors
   cons list xcons cons* make-list list-tabulate list-copy circular-list
   iota
   ;; Predicates
   pair? null? proper-list? circular-list? dotted-list? not-pair?
   null-list? list=
   ;; Selectors
   car cdr caar cadr cdar cddr caaar caadr cadar caddr cdaar cdadr
   cddar cdddr caaaar caaadr caadar caaddr cadaar cadadr caddar cadddr
   cdaaar cdaadr cdadar cdaddr cddaar cddadr cdddar cddddr list-ref
   first second third fourth fifth sixth seventh eighth ninth tenth
   car+cdr take drop take-right drop-right take! drop-right! split-at
   split-at! last last-pair
   ;; Miscellaneous
   length length+ append concatenate reverse append! concatenate!
   reverse! append-reverse append-reverse! zip unzip1 unzip2 unzip3
   unzip4 unzip5 count
   ;; Fold, unfold and map
   map for-each fold unfold pair-fold reduce fold-right unfold-right
   pair-fold-right reduce-right append-map append-map! map!
   pair-for-each filter-map map-in-order
   ;; Filtering and partitioning
   filter partition remove filter! partition! remove!
   ;; Searching
   member memq memv find find-tail any every list-index take-while
   drop-while take-while! span break span! break!
   ;; Deleting
   delete delete-duplicates delete! delete-duplicates!
   ;; Association lists
   assoc assq assv alist-cons alist-copy alist-delete alist-delete!
   ;; Sets as lists
   lset<= lset= lset-adjoin lset-union lset-union! lset-intersection
   lset-intersection! lset-difference lset-difference! lset-xor
   lset-xor! lset-diff+intersection lset-diff+intersection!)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; Errors, in the words of the C core's own messages.

    (define (wrong-type who pos expected obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (out-of-range who pos obj)
      (error (string-append who ": argument out of range in position "
                            (number->string pos))
             obj))

    (define (check-procedure who pos f)
      (if (not (procedure? f))
          (wrong-type who pos "procedure" f)))

    (define (check-count who pos k)
      (if (not (and (exact-integer? k) (>= k 0)))
          (wrong-type who pos "non-negative exact integer" k)))

    ;; END is where a walk down the list WHOLE (argument POS of WHO)
    ;; stopped: return VALUE if it is '(), else WHOLE was dotted.
    (define (finish who pos end whole value)
      (if (null? end)
          value
          (wrong-type who pos "proper list" whole)))

    ;; The cars and the cdrs of the lists LISTS (arguments POS, POS+1,
    ;; ... of WHO; WHOLES are the lists as they were given), as two
    ;; values, or #f and #f when one of them has ended.
    (define (cars+cdrs who pos lists wholes)
      (let loop ((ls lists) (ws wholes) (i pos) (cars '()) (cdrs '())
                 (ended #f))
        (cond ((null? ls)
               (if ended
                   (values #f #f)
                   (values (reverse! cars) (reverse! cdrs))))
              ((pair? (car ls))
               (loop (cdr ls) (cdr ws) (+ i 1) (cons (car (car ls)) cars)
                     (cons (cdr (car ls)) cdrs) ended))
              ((null? (car ls))
               (loop (cdr ls) (cdr ws) (+ i 1) cars cdrs #t))
              (else (wrong-type who i "proper list" (car ws))))))

    ;; ----------------------------------------------------------------
    ;; Constructors

    (define (xcons d a)
      "Return (cons A D): a pair of car A and cdr D, the arguments in the
opposite order to cons."
      (cons a d))

    (define (cons* first . rest)
      "Return a list of FIRST and the elements of REST, the last argument
being the tail: (cons* 1 2 '(3)) is (1 2 3), (cons* 1 2) is (1 . 2),
and (cons* X) is X itself."
      (let build ((x first) (rest rest))
        (if (null? rest)
            x
            (cons x (build (car rest) (cdr rest))))))

    (define (list-tabulate n init-proc)
      "Return a list of N elements, element I being (INIT-PROC I), for I from
0 to N-1; INIT-PROC is called from the last index to the first.  An
error if N is not a non-negative exact integer or INIT-PROC not a
procedure."
      (check-count "list-tabulate" 1 n)
      (check-procedure "list-tabulate" 2 init-proc)
      (let loop ((i (- n 1)) (acc '()))
        (if (< i 0)
            acc
            (loop (- i 1) (cons (init-proc i) acc)))))

    (define (circular-list elt . elts)
      "Return a circular list of ELT and the elements ELTS: its last pair's
cdr is its first pair."
      (let ((l (cons elt elts)))
        (set-cdr! (last-pair l) l)
        l))

    (define (iota count . start+step)
      "Return a list of COUNT numbers: START, START+STEP, ... (START default
0, STEP default 1), each computed as START+I*STEP so that no rounding
error accumulates.  An error if COUNT is not a non-negative exact
integer or START or STEP not a number."
      (check-count "iota" 1 count)
      (let ((start (if (pair? start+step) (car start+step) 0))
            (step (if (and (pair? start+step) (pair? (cdr start+step)))
                      (cadr start+step)
                      1)))
        (if (not (number? start)) (wrong-type "iota" 2 "number" start))
        (if (not (number? step)) (wrong-type "iota" 3 "number" step))
        ;; Each element is computed from START, so that no rounding
        ;; error accumulates along an inexact sequence.
        (let loop ((i (- count 1)) (acc '()))
          (cond ((< i 0) acc)
                ((= i 0) (cons start acc))
                (else (loop (- i 1) (cons (+ start (* i step)) acc)))))))

    ;; ----------------------------------------------------------------
    ;; Predicates

    ;; How the chain of pairs X ends, and how many pairs it has: as two
    ;; values, N and 'proper or 'dotted, or #f and 'circular.
    (define (list-shape x)
      (let loop ((fast x) (slow x) (n 0))
        (cond ((null? fast) (values n 'proper))
              ((not (pair? fast)) (values n 'dotted))
              ((null? (cdr fast)) (values (+ n 1) 'proper))
              ((not (pair? (cdr fast))) (values (+ n 1) 'dotted))
              (else
               (let ((fast (cddr fast)) (slow (cdr slow)))
                 (if (eq? fast slow)
                     (values #f 'circular)
                     (loop fast slow (+ n 2))))))))

    (define (proper-list? x)
      "Return #t if X is a proper list: a finite chain of pairs ending in the
empty list (which is itself one), else #f."
      (receive (n shape) (list-shape x) (eq? shape 'proper)))

    (define (circular-list? x)
      "Return #t if X is a circular list: a chain of pairs that never ends,
else #f."
      (receive (n shape) (list-shape x) (eq? shape 'circular)))

    (define (dotted-list? x)
      "Return #t if X is a dotted list: a finite chain of pairs ending in
something other than the empty list (a non-pair, non-() object is a
dotted list of length 0), else #f."
      (receive (n shape) (list-shape x) (eq? shape 'dotted)))

    (define (not-pair? x)
      "Return #t if X is not a pair, else #f."
      (not (pair? x)))

    (define (null-list? l)
      "Return #t if L is the empty list, #f if it is a pair (the test that
ends a walk down a proper or circular list).  An error if L is neither."
      (cond ((pair? l) #f)
            ((null? l) #t)
            (else (wrong-type "null-list?" 1 "list" l))))

    (define (list= elt= . lists)
      "Return #t if the LISTS are all of the same length and their elements
in each position are equal by ELT= (called as (ELT= A B), A from the
list before B), else #f.  With fewer than two lists, #t.  An error if
ELT= is not a procedure or a list is dotted."
      (define (same? a b pos)
        (let loop ((x a) (y b))
          (cond ((and (pair? x) (pair? y))
                 (and (elt= (car x) (car y)) (loop (cdr x) (cdr y))))
                ((not (or (pair? x) (null? x)))
                 (wrong-type "list=" pos "proper list" a))
                ((not (or (pair? y) (null? y)))
                 (wrong-type "list=" (+ pos 1) "proper list" b))
                (else (and (null? x) (null? y))))))
      (check-procedure "list=" 1 elt=)
      (let loop ((lists lists) (pos 2))
        (or (null? lists)
            (null? (cdr lists))
            (and (or (eq? (car lists) (cadr lists))
                     (same? (car lists) (cadr lists) pos))
                 (loop (cdr lists) (+ pos 1))))))

    ;; ----------------------------------------------------------------
    ;; Selectors

    ;; Element N (counting from 0) of X, for WHO, the procedure that
    ;; names element N+1.
    (define (nth who x n)
      (let loop ((l x) (i n))
        (cond ((not (pair? l))
               (wrong-type who 1
                           (string-append "list of at least "
                                          (number->string (+ n 1))
                                          " elements")
                           x))
              ((= i 0) (car l))
              (else (loop (cdr l) (- i 1))))))

    (define (first x)
      "Return the first element of X, a list: its car.  An error if X has no
elements."
      (nth "first" x 0))
    (define (second x)
      "Return the second element of X, a list.  An error if X is shorter."
      (nth "second" x 1))
    (define (third x)
      "Return the third element of X, a list.  An error if X is shorter."
      (nth "third" x 2))
    (define (fourth x)
      "Return the fourth element of X, a list.  An error if X is shorter."
      (nth "fourth" x 3))
    (define (fifth x)
      "Return the fifth element of X, a list.  An error if X is shorter."
      (nth "fifth" x 4))
    (define (sixth x)
      "Return the sixth element of X, a list.  An error if X is shorter."
      (nth "sixth" x 5))
    (define (seventh x)
      "Return the seventh element of X, a list.  An error if X is shorter."
      (nth "seventh" x 6))
    (define (eighth x)
      "Return the eighth element of X, a list.  An error if X is shorter."
      (nth "eighth" x 7))
    (define (ninth x)
      "Return the ninth element of X, a list.  An error if X is shorter."
      (nth "ninth" x 8))
    (define (tenth x)
      "Return the tenth element of X, a list.  An error if X is shorter."
      (nth "tenth" x 9))

    (define (car+cdr pair)
      "Return the car and the cdr of PAIR as two values.  An error if PAIR is
not a pair."
      (if (not (pair? pair)) (wrong-type "car+cdr" 1 "pair" pair))
      (values (car pair) (cdr pair)))

    ;; The first I elements of X, reversed, and the rest of X, as two
    ;; values; for WHO.
    (define (split-reversed who x i)
      (check-count who 2 i)
      (let loop ((l x) (k i) (acc '()))
        (cond ((= k 0) (values acc l))
              ((pair? l) (loop (cdr l) (- k 1) (cons (car l) acc)))
              (else (out-of-range who 2 i)))))

    (define (take x i)
      "Return a fresh list of the first I elements of X.  An error if I is not
a non-negative exact integer or X has fewer than I pairs."
      (receive (head tail) (split-reversed "take" x i)
        (reverse! head)))

    (define (drop x i)
      "Return X without its first I elements: the tail of X after I cdrs,
sharing its pairs.  An error if I is not a non-negative exact integer
or X has fewer than I pairs."
      (check-count "drop" 2 i)
      (let loop ((l x) (k i))
        (cond ((= k 0) l)
              ((pair? l) (loop (cdr l) (- k 1)))
              (else (out-of-range "drop" 2 i)))))

    (define (split-at x i)
      "Return two values: a fresh list of the first I elements of X, and the
rest of X (shared).  An error if I is not a non-negative exact integer
or X has fewer than I pairs."
      (receive (head tail) (split-reversed "split-at" x i)
        (values (reverse! head) tail)))

    ;; The pair of X after which its last I pairs start, or #f if X has
    ;; exactly I pairs; for WHO.
    (define (pair-before-last who x i)
      (check-count who 2 i)
      (let ((lead (let loop ((l x) (k i))
                    (cond ((= k 0) l)
                          ((pair? l) (loop (cdr l) (- k 1)))
                          (else (out-of-range who 2 i))))))
        (if (pair? lead)
            (let loop ((lag x) (lead (cdr lead)))
              (if (pair? lead)
                  (loop (cdr lag) (cdr lead))
                  lag))
            #f)))

    (define (take-right x i)
      "Return the last I pairs of X: the tail of X (shared) that holds its
last I elements; the final cdr of a dotted X is kept.  An error if I is
not a non-negative exact integer or X has fewer than I pairs."
      (let ((p (pair-before-last "take-right" x i)))
        (if p (cdr p) x)))

    (define (drop-right x i)
      "Return a fresh list of the elements of X but its last I.  An error if I
is not a non-negative exact integer or X has fewer than I pairs."
      (let ((p (pair-before-last "drop-right" x i)))
        (if p
            (let copy ((l x) (acc '()))
              (if (eq? l p)
                  (reverse (cons (car l) acc))
                  (copy (cdr l) (cons (car l) acc))))
            '())))

    (define (take! x i)
      "Return the first I elements of X, cutting X after its I-th pair (the
linear-update take: X is changed).  An error if I is not a
non-negative exact integer or X has fewer than I pairs."
      (check-count "take!" 2 i)
      (if (= i 0)
          '()
          (let loop ((l x) (k i))
            (cond ((not (pair? l)) (out-of-range "take!" 2 i))
                  ((= k 1) (set-cdr! l '()) x)
                  (else (loop (cdr l) (- k 1)))))))

    (define (drop-right! x i)
      "Return X without its last I elements, cutting X in place (the
linear-update drop-right).  An error if I is not a non-negative exact
integer or X has fewer than I pairs."
      (let ((p (pair-before-last "drop-right!" x i)))
        (if p
            (begin (set-cdr! p '()) x)
            '())))

    (define (split-at! x i)
      "Return two values: the first I elements of X and the rest, cutting X in
place after its I-th pair (the linear-update split-at).  An error if I
is not a non-negative exact integer or X has fewer than I pairs."
      (check-count "split-at!" 2 i)
      (if (= i 0)
          (values '() x)
          (let loop ((l x) (k i))
            (cond ((not (pair? l)) (out-of-range "split-at!" 2 i))
                  ((= k 1)
                   (let ((tail (cdr l)))
                     (set-cdr! l '())
                     (values x tail)))
                  (else (loop (cdr l) (- k 1)))))))

    (define (last-pair pair)
      "Return the last pair of PAIR, a non-empty list (proper or dotted).  An
error if PAIR is not a pair."
      (if (not (pair? pair)) (wrong-type "last-pair" 1 "pair" pair))
      (let loop ((p pair))
        (if (pair? (cdr p)) (loop (cdr p)) p)))

    (define (last pair)
      "Return the last element of PAIR, a non-empty list.  An error if PAIR is
not a pair."
      (if (not (pair? pair)) (wrong-type "last" 1 "pair" pair))
      (car (last-pair pair)))

    ;; ----------------------------------------------------------------
    ;; Miscellaneous: length, append, concatenate, reverse, zip, count

    (define (length+ x)
      "Return the number of pairs of X, a proper list, or #f if X is
circular.  An error if X is a dotted list."
      (receive (n shape) (list-shape x)
        (if (eq? shape 'dotted)
            (wrong-type "length+" 1 "proper or circular list" x)
            n)))

    (define (concatenate lists)
      "Return the elements of the lists of LISTS appended into one list, as
(apply append LISTS) does: the last list is shared, not copied, and
() gives ().  An error if LISTS is not a proper list."
      (let join ((ls lists))
        (cond ((null? ls) '())
              ((not (pair? ls)) (wrong-type "concatenate" 1 "proper list" lists))
              ((null? (cdr ls)) (car ls))
              (else (append (car ls) (join (cdr ls)))))))

    (define (append! . lists)
      "Return the LISTS appended into one list, changing the cdr of each
non-empty list's last pair to point to the next (the linear-update
append).  Empty lists are skipped; the last argument may be any object
and becomes the tail; no arguments give ().  An error if an argument
but the last is not a list."
      (let skip ((ls lists) (pos 1))
        (cond ((null? ls) '())
              ((null? (cdr ls)) (car ls))
              ((null? (car ls)) (skip (cdr ls) (+ pos 1)))
              ((not (pair? (car ls))) (wrong-type "append!" pos "list" (car ls)))
              (else
               (let join ((end (last-pair (car ls))) (rest (cdr ls))
                          (pos (+ pos 1)))
                 (cond ((null? (cdr rest)) (set-cdr! end (car rest)))
                       ((null? (car rest)) (join end (cdr rest) (+ pos 1)))
                       ((pair? (car rest))
                        (set-cdr! end (car rest))
                        (join (last-pair (car rest)) (cdr rest) (+ pos 1)))
                       (else (wrong-type "append!" pos "list" (car rest)))))
               (car ls)))))

    (define (concatenate! lists)
      "Return the lists of LISTS appended into one as append! does, changing
their last pairs.  An error if LISTS is not a proper list."
      (if (not (list? lists))
          (wrong-type "concatenate!" 1 "proper list" lists))
      (apply append! lists))

    (define (append-reverse rev-head tail)
      "Return the elements of REV-HEAD in reverse order followed by TAIL:
(append (reverse REV-HEAD) TAIL), copying only REV-HEAD.  An error if
REV-HEAD is not a proper list."
      (let loop ((l rev-head) (acc tail))
        (if (pair? l)
            (loop (cdr l) (cons (car l) acc))
            (finish "append-reverse" 1 l rev-head acc))))

    (define (append-reverse! rev-head tail)
      "Return the elements of REV-HEAD in reverse order followed by TAIL,
reusing the pairs of REV-HEAD (the linear-update append-reverse).  An
error if REV-HEAD is not a proper list."
      (let loop ((l rev-head) (acc tail))
        (if (pair? l)
            (let ((next (cdr l)))
              (set-cdr! l acc)
              (loop next l))
            (finish "append-reverse!" 1 l rev-head acc))))

    (define (zip clist1 . clists)
      "Return a list of lists: the first elements of CLIST1 and the CLISTS,
then the second elements, ..., stopping at the end of the shortest
list (a circular list may be given beside a finite one)."
      (apply map list clist1 clists))

    (define (unzip1 lists)
      "Return the list of the first elements of the lists in LISTS.  An error
if LISTS is not a proper list."
      (map-checked "unzip1" 1 car lists))

    (define (unzip2 lists)
      "Return two values: the list of the first elements and the list of the
second elements of the lists in LISTS.  An error if LISTS is not a
proper list."
      (values (map-checked "unzip2" 1 car lists)
              (map-checked "unzip2" 1 cadr lists)))

    (define (unzip3 lists)
      "Return three values: the lists of the first, second and third elements
of the lists in LISTS.  An error if LISTS is not a proper list."
      (values (map-checked "unzip3" 1 car lists)
              (map-checked "unzip3" 1 cadr lists)
              (map-checked "unzip3" 1 caddr lists)))

    (define (unzip4 lists)
      "Return four values: the lists of the first to fourth elements of the
lists in LISTS.  An error if LISTS is not a proper list."
      (values (map-checked "unzip4" 1 car lists)
              (map-checked "unzip4" 1 cadr lists)
              (map-checked "unzip4" 1 caddr lists)
              (map-checked "unzip4" 1 cadddr lists)))

    (define (unzip5 lists)
      "Return five values: the lists of the first to fifth elements of the
lists in LISTS.  An error if LISTS is not a proper list."
      (values (map-checked "unzip5" 1 car lists)
              (map-checked "unzip5" 1 cadr lists)
              (map-checked "unzip5" 1 caddr lists)
              (map-checked "unzip5" 1 cadddr lists)
              (map-checked "unzip5" 1 fifth lists)))

    ;; (map F L), L being argument POS of WHO, which must be proper.
    ;; The procedures here that build a list of the results of calls
    ;; build it in reverse and return a fresh reversal, never a deep
    ;; recursion (a list of ten million would exhaust the stack) and
    ;; never a reversal in place (a continuation captured in F and
    ;; re-entered later must not change a list returned before).
    (define (map-checked who pos f l)
      (let loop ((x l) (acc '()))
        (if (pair? x)
            (loop (cdr x) (cons (f (car x)) acc))
            (finish who pos x l (reverse acc)))))

    ;; The elements of L, argument POS of WHO, which must be proper, in
    ;; reverse order (fresh pairs).
    (define (reverse-checked who pos l)
      (let loop ((x l) (acc '()))
        (if (pair? x)
            (loop (cdr x) (cons (car x) acc))
            (finish who pos x l acc))))

    ;; The successive lists of cars of LISTS, last first, as cars+cdrs
    ;; gives them.
    (define (reverse-cars who pos lists)
      (let loop ((ls lists) (acc '()))
        (receive (cars cdrs) (cars+cdrs who pos ls lists)
          (if cars (loop cdrs (cons cars acc)) acc))))

    (define (count pred clist1 . clists)
      "Return the number of elements of CLIST1 (or of positions of CLIST1 and
the CLISTS, stopping at the shortest) for which PRED returns true,
PRED being called with one element of each list.  An error if PRED is
not a procedure or a single list is dotted."
      (check-procedure "count" 1 pred)
      (if (null? clists)
          (let loop ((l clist1) (n 0))
            (if (pair? l)
                (loop (cdr l) (if (pred (car l)) (+ n 1) n))
                (finish "count" 2 l clist1 n)))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (n 0))
              (receive (cars cdrs) (cars+cdrs "count" 2 ls all)
                (if cars
                    (loop cdrs (if (apply pred cars) (+ n 1) n))
                    n))))))

    ;; ----------------------------------------------------------------
    ;; Fold, unfold and map

    (define (fold kons knil clist1 . clists)
      "Return the result of calling (KONS ELEM ACC) on each element of CLIST1
from left to right, ACC being KNIL at first and then the previous
call's result: (fold cons '() L) reverses L.  With more lists, KONS
takes one element of each and then ACC, and the fold stops at the
shortest list.  An error if KONS is not a procedure or a list is
dotted."
      (check-procedure "fold" 1 kons)
      (if (null? clists)
          (let loop ((l clist1) (acc knil))
            (if (pair? l)
                (loop (cdr l) (kons (car l) acc))
                (finish "fold" 3 l clist1 acc)))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (acc knil))
              (receive (cars cdrs) (cars+cdrs "fold" 3 ls all)
                (if cars
                    (loop cdrs (apply kons (append! cars (list acc))))
                    acc))))))

    (define (fold-right kons knil clist1 . clists)
      "Return the result of calling (KONS ELEM ACC) on each element of CLIST1
from right to left, ACC being KNIL at first: (fold-right cons '() L)
copies L.  With more lists, KONS takes one element of each and then
ACC, up to the length of the shortest list.  An error if KONS is not a
procedure or a list is dotted."
      (check-procedure "fold-right" 1 kons)
      (if (null? clists)
          (let loop ((r (reverse-checked "fold-right" 3 clist1)) (acc knil))
            (if (pair? r)
                (loop (cdr r) (kons (car r) acc))
                acc))
          (let loop ((r (reverse-cars "fold-right" 3 (cons clist1 clists)))
                     (acc knil))
            (if (pair? r)
                (loop (cdr r) (apply kons (append (car r) (list acc))))
                acc))))

    (define (pair-fold kons knil clist1 . clists)
      "Like fold, but KONS is called with each pair of CLIST1 (and of the
CLISTS) rather than its car, from left to right; KONS may change the
cdr of the pair it is given.  An error if KONS is not a procedure or a
list is dotted."
      (check-procedure "pair-fold" 1 kons)
      (if (null? clists)
          (let loop ((l clist1) (acc knil))
            (if (pair? l)
                (let ((next (cdr l)))
                  (loop next (kons l acc)))
                (finish "pair-fold" 3 l clist1 acc)))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (acc knil))
              (receive (cars cdrs) (cars+cdrs "pair-fold" 3 ls all)
                (if cars
                    (loop cdrs (apply kons (append ls (list acc))))
                    acc))))))

    (define (pair-fold-right kons knil clist1 . clists)
      "Like fold-right, but KONS is called with each pair of CLIST1 (and of
the CLISTS) rather than its car, from the last pair to the first.  An
error if KONS is not a procedure or a list is dotted."
      (check-procedure "pair-fold-right" 1 kons)
      (if (null? clists)
          ;; The pairs of CLIST1, last first.
          (let loop ((r (let collect ((l clist1) (acc '()))
                          (if (pair? l)
                              (collect (cdr l) (cons l acc))
                              (finish "pair-fold-right" 3 l clist1 acc))))
                     (acc knil))
            (if (pair? r)
                (loop (cdr r) (kons (car r) acc))
                acc))
          (let ((all (cons clist1 clists)))
            (let loop ((r (let collect ((ls all) (acc '()))
                            (receive (cars cdrs)
                                (cars+cdrs "pair-fold-right" 3 ls all)
                              (if cars (collect cdrs (cons ls acc)) acc))))
                       (acc knil))
              (if (pair? r)
                  (loop (cdr r) (apply kons (append (car r) (list acc))))
                  acc)))))

    (define (reduce f ridentity list)
      "Return RIDENTITY if LIST is empty; otherwise the fold of F over the
rest of LIST with its first element as the initial value, (F ELEM ACC)
being called from left to right: (reduce + 0 L) sums L.
An error if F is not a procedure or LIST is not a proper list."
      (check-procedure "reduce" 1 f)
      (cond ((null? list) ridentity)
            ((pair? list)
             (let loop ((l (cdr list)) (acc (car list)))
               (if (pair? l)
                   (loop (cdr l) (f (car l) acc))
                   (finish "reduce" 3 l list acc))))
            (else (wrong-type "reduce" 3 "proper list" list))))

    (define (reduce-right f ridentity list)
      "Return RIDENTITY if LIST is empty; otherwise the right fold of F over
LIST with its last element as the initial value: (F E1 (F E2 ... EN)).
An error if F is not a procedure or LIST is not a proper list."
      (check-procedure "reduce-right" 1 f)
      (cond ((null? list) ridentity)
            ((pair? list)
             (let ((r (reverse-checked "reduce-right" 3 list)))
               (let loop ((r (cdr r)) (acc (car r)))
                 (if (pair? r)
                     (loop (cdr r) (f (car r) acc))
                     acc))))
            (else (wrong-type "reduce-right" 3 "proper list" list))))

    (define (unfold p f g seed . tail-gen)
      "Return the list of (F SEED), (F (G SEED)), ... until (P SEED) is true
for the current seed; the list ends with (TAIL-GEN SEED) of that seed
(default: the empty list).  An error if P, F, G or TAIL-GEN is not a
procedure."
      (check-procedure "unfold" 1 p)
      (check-procedure "unfold" 2 f)
      (check-procedure "unfold" 3 g)
      (let ((tail-gen (if (pair? tail-gen) (car tail-gen) (lambda (x) '()))))
        (check-procedure "unfold" 5 tail-gen)
        (let loop ((seed seed) (acc '()))
          (if (p seed)
              (append-reverse acc (tail-gen seed))
              (loop (g seed) (cons (f seed) acc))))))

    (define (unfold-right p f g seed . tail)
      "Return the list built from the right: (F SEED) is its last element
before TAIL (default ()), (F (G SEED)) the one before, ... until (P
SEED) is true.  An error if P, F or G is not a procedure."
      (check-procedure "unfold-right" 1 p)
      (check-procedure "unfold-right" 2 f)
      (check-procedure "unfold-right" 3 g)
      (let loop ((seed seed) (acc (if (pair? tail) (car tail) '())))
        (if (p seed)
            acc
            (loop (g seed) (cons (f seed) acc)))))

    (define (append-map f clist1 . clists)
      "Return the lists that F returns for the elements of CLIST1 (and the
CLISTS, one argument from each, up to the shortest) appended into one
list.  append-map! is the same procedure.  An error if F is not a
procedure."
      (check-procedure "append-map" 1 f)
      (concatenate (apply map f clist1 clists)))

    (define append-map! append-map)

    (define (map! f list1 . clists)
      "Return the list of the results of F on the elements of LIST1 (and of
the CLISTS), as map; libscm builds a fresh list rather than reusing
LIST1's pairs.  An error if F is not a procedure."
      (check-procedure "map!" 1 f)
      (apply map f list1 clists))

    ;; Like map, but F is applied to the elements from left to right.
    (define (map-in-order f clist1 . clists)
      "Return the list of the results of F applied to the elements of CLIST1
(and the CLISTS, one argument from each, up to the shortest), like
map but calling F on the elements from left to right.  An error if F is
not a procedure or a single list is dotted."
      (check-procedure "map-in-order" 1 f)
      (if (null? clists)
          (map-checked "map-in-order" 2 f clist1)
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (acc '()))
              (receive (cars cdrs) (cars+cdrs "map-in-order" 2 ls all)
                (if cars
                    (loop cdrs (cons (apply f cars) acc))
                    (reverse acc)))))))

    (define (pair-for-each f clist1 . clists)
      "Call F on each pair of CLIST1 (with several lists, on one pair of
each, up to the shortest) from left to right, for its effects; F may
change the cdr of the pair.  Returns an unspecified value.  An error if
F is not a procedure or a single list is dotted."
      (check-procedure "pair-for-each" 1 f)
      (if (null? clists)
          (let loop ((l clist1))
            (if (pair? l)
                (let ((next (cdr l)))
                  (f l)
                  (loop next))
                (finish "pair-for-each" 2 l clist1 (if #f #f))))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all))
              (receive (cars cdrs) (cars+cdrs "pair-for-each" 2 ls all)
                (if cars
                    (begin (apply f ls) (loop cdrs))))))))

    (define (filter-map f clist1 . clists)
      "Return the list of the true results of F on the elements of CLIST1
(and the CLISTS, one argument from each, up to the shortest), leaving
out the #f ones; F is called from left to right.  An error if F is not
a procedure or a single list is dotted."
      (check-procedure "filter-map" 1 f)
      (if (null? clists)
          (let loop ((l clist1) (acc '()))
            (if (pair? l)
                (loop (cdr l) (let ((v (f (car l)))) (if v (cons v acc) acc)))
                (finish "filter-map" 2 l clist1 (reverse acc))))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (acc '()))
              (receive (cars cdrs) (cars+cdrs "filter-map" 2 ls all)
                (if cars
                    (loop cdrs (let ((v (apply f cars)))
                                 (if v (cons v acc) acc)))
                    (reverse acc)))))))

    ;; ----------------------------------------------------------------
    ;; Filtering and partitioning

    (define (filter pred list)
      "Return a fresh list of the elements of LIST for which PRED returns
true, in their order.  filter! is the same procedure.  An error if
PRED is not a procedure or LIST is not a proper list."
      (check-procedure "filter" 1 pred)
      (let loop ((l list) (acc '()))
        (if (pair? l)
            (loop (cdr l) (if (pred (car l)) (cons (car l) acc) acc))
            (finish "filter" 2 l list (reverse! acc)))))

    (define (remove pred list)
      "Return a fresh list of the elements of LIST for which PRED returns #f,
in their order.  remove! is the same procedure.  An error if PRED is
not a procedure or LIST is not a proper list."
      (check-procedure "remove" 1 pred)
      (let loop ((l list) (acc '()))
        (if (pair? l)
            (loop (cdr l) (if (pred (car l)) acc (cons (car l) acc)))
            (finish "remove" 2 l list (reverse! acc)))))

    (define (partition pred list)
      "Return two values: the fresh lists of the elements of LIST for which
PRED returns true and of those for which it returns #f, each in order.
partition! is the same procedure.  An error if PRED is not a procedure
or LIST is not a proper list."
      (check-procedure "partition" 1 pred)
      (let loop ((l list) (in '()) (out '()))
        (cond ((pair? l)
               (if (pred (car l))
                   (loop (cdr l) (cons (car l) in) out)
                   (loop (cdr l) in (cons (car l) out))))
              (else
               (finish "partition" 2 l list #t)
               (values (reverse! in) (reverse! out))))))

    (define filter! filter)
    (define remove! remove)
    (define partition! partition)

    ;; ----------------------------------------------------------------
    ;; Searching

    (define (find-tail pred clist)
      "Return the first pair of CLIST whose car satisfies PRED, or #f if
there is none.  An error if PRED is not a procedure or a dotted CLIST
ends before a match."
      (check-procedure "find-tail" 1 pred)
      (let loop ((l clist))
        (cond ((not (pair? l)) (finish "find-tail" 2 l clist #f))
              ((pred (car l)) l)
              (else (loop (cdr l))))))

    (define (find pred clist)
      "Return the first element of CLIST that satisfies PRED, or #f if there
is none (so an #f element cannot be told from no match: use find-tail).
An error if PRED is not a procedure or a dotted CLIST ends before a
match."
      (check-procedure "find" 1 pred)
      (let loop ((l clist))
        (cond ((not (pair? l)) (finish "find" 2 l clist #f))
              ((pred (car l)) (car l))
              (else (loop (cdr l))))))

    (define (take-while pred clist)
      "Return a fresh list of the elements of CLIST up to the first one that
does not satisfy PRED.  take-while! is the same procedure.  An error if
PRED is not a procedure or a dotted CLIST ends before such an element."
      (check-procedure "take-while" 1 pred)
      (let loop ((l clist) (acc '()))
        (if (and (pair? l) (pred (car l)))
            (loop (cdr l) (cons (car l) acc))
            (finish "take-while" 2 (if (pair? l) '() l) clist (reverse! acc)))))

    (define take-while! take-while)

    (define (drop-while pred clist)
      "Return the tail of CLIST (shared) from its first element that does not
satisfy PRED, or () if all do.  An error if PRED is not a procedure or
CLIST is dotted."
      (check-procedure "drop-while" 1 pred)
      (let loop ((l clist))
        (cond ((not (pair? l)) (finish "drop-while" 2 l clist '()))
              ((pred (car l)) (loop (cdr l)))
              (else l))))

    (define (span pred clist)
      "Return two values: a fresh list of the elements of CLIST up to the
first one that does not satisfy PRED, and the rest of CLIST from that
element (shared).  span! is the same procedure.  An error if PRED is
not a procedure or CLIST is dotted."
      (check-procedure "span" 1 pred)
      (let loop ((l clist) (acc '()))
        (cond ((not (pair? l))
               (finish "span" 2 l clist #t)
               (values (reverse! acc) '()))
              ((pred (car l)) (loop (cdr l) (cons (car l) acc)))
              (else (values (reverse! acc) l)))))

    (define (break pred clist)
      "Return two values: a fresh list of the elements of CLIST up to the
first one that satisfies PRED, and the rest of CLIST from that element
(shared).  break! is the same procedure.  An error if PRED is not a
procedure or CLIST is dotted."
      (check-procedure "break" 1 pred)
      (let loop ((l clist) (acc '()))
        (cond ((not (pair? l))
               (finish "break" 2 l clist #t)
               (values (reverse! acc) '()))
              ((pred (car l)) (values (reverse! acc) l))
              (else (loop (cdr l) (cons (car l) acc))))))

    (define span! span)
    (define break! break)

    ;; any and every make their last call of PRED a tail call.
    (define (any pred clist1 . clists)
      "Return the first true value of PRED applied to the elements of CLIST1
(with more lists, to one element of each, up to the shortest), or #f
if there is none; the last call of PRED is a tail call.  An error if
PRED is not a procedure or a list is dotted."
      (check-procedure "any" 1 pred)
      (if (null? clists)
          (let loop ((l clist1))
            (cond ((not (pair? l)) (finish "any" 2 l clist1 #f))
                  ((pair? (cdr l)) (or (pred (car l)) (loop (cdr l))))
                  (else (finish "any" 2 (cdr l) clist1 #t)
                        (pred (car l)))))
          (let ((all (cons clist1 clists)))
            (receive (cars cdrs) (cars+cdrs "any" 2 all all)
              (let loop ((cars cars) (cdrs cdrs))
                (if cars
                    (receive (next-cars next-cdrs) (cars+cdrs "any" 2 cdrs all)
                      (if next-cars
                          (or (apply pred cars) (loop next-cars next-cdrs))
                          (apply pred cars)))
                    #f))))))

    (define (every pred clist1 . clists)
      "Return #f as soon as PRED returns #f for an element of CLIST1 (with
more lists, for one element of each, up to the shortest), else the
value of PRED on the last elements, or #t if there are none; the last
call of PRED is a tail call.  An error if PRED is not a procedure or a
list is dotted."
      (check-procedure "every" 1 pred)
      (if (null? clists)
          (let loop ((l clist1))
            (cond ((not (pair? l)) (finish "every" 2 l clist1 #t))
                  ((pair? (cdr l)) (and (pred (car l)) (loop (cdr l))))
                  (else (finish "every" 2 (cdr l) clist1 #t)
                        (pred (car l)))))
          (let ((all (cons clist1 clists)))
            (receive (cars cdrs) (cars+cdrs "every" 2 all all)
              (let loop ((cars cars) (cdrs cdrs))
                (if cars
                    (receive (next-cars next-cdrs) (cars+cdrs "every" 2 cdrs all)
                      (if next-cars
                          (and (apply pred cars) (loop next-cars next-cdrs))
                          (apply pred cars)))
                    #t))))))

    (define (list-index pred clist1 . clists)
      "Return the index of the first element of CLIST1 (with more lists, the
first position, up to the shortest) for which PRED returns true, or #f
if there is none.  An error if PRED is not a procedure or a single list
is dotted."
      (check-procedure "list-index" 1 pred)
      (if (null? clists)
          (let loop ((l clist1) (i 0))
            (cond ((not (pair? l)) (finish "list-index" 2 l clist1 #f))
                  ((pred (car l)) i)
                  (else (loop (cdr l) (+ i 1)))))
          (let ((all (cons clist1 clists)))
            (let loop ((ls all) (i 0))
              (receive (cars cdrs) (cars+cdrs "list-index" 2 ls all)
                (cond ((not cars) #f)
                      ((apply pred cars) i)
                      (else (loop cdrs (+ i 1)))))))))

    ;; ----------------------------------------------------------------
    ;; Deleting

    (define (delete x list . maybe=)
      "Return a fresh list of the elements of LIST but those E for which (= X
E) is true, the equality = being equal? by default.  delete! is the
same procedure.  An error if = is not a procedure or LIST is not a
proper list."
      (let ((= (if (pair? maybe=) (car maybe=) equal?)))
        (check-procedure "delete" 3 =)
        (let loop ((l list) (acc '()))
          (if (pair? l)
              (loop (cdr l) (if (= x (car l)) acc (cons (car l) acc)))
              (finish "delete" 2 l list (reverse! acc))))))

    (define delete! delete)

    (define (delete-duplicates list . maybe=)
      "Return a fresh list of the elements of LIST without the later
duplicates of an element, by = (equal? by default, called as (= EARLIER
LATER)); the first occurrences keep their order.  The time is
quadratic.  delete-duplicates! is the same procedure.  An error if = is
not a procedure or LIST is not a proper list."
      (let ((= (if (pair? maybe=) (car maybe=) equal?)))
        (check-procedure "delete-duplicates" 2 =)
        ;; ACC holds the elements kept so far, latest first; each is
        ;; compared as the earlier element with the one to place.
        (let loop ((l list) (acc '()))
          (if (pair? l)
              (let ((x (car l)))
                (loop (cdr l)
                      (if (let seen? ((k acc))
                            (and (pair? k) (or (= (car k) x) (seen? (cdr k)))))
                          acc
                          (cons x acc))))
              (finish "delete-duplicates" 1 l list (reverse! acc))))))

    (define delete-duplicates! delete-duplicates)

    ;; ----------------------------------------------------------------
    ;; Association lists

    (define (alist-cons key datum alist)
      "Return ALIST with the entry (KEY . DATUM) added in front:
(cons (cons KEY DATUM) ALIST)."
      (cons (cons key datum) alist))

    (define (alist-copy alist)
      "Return a copy of the association list ALIST, each entry a fresh pair
(keys and data are shared).  An error if ALIST is not a proper list of
pairs."
      (map-checked "alist-copy" 1
                   (lambda (entry)
                     (if (pair? entry)
                         (cons (car entry) (cdr entry))
                         (wrong-type "alist-copy" 1 "association list" alist)))
                   alist))

    (define (alist-delete key alist . maybe=)
      "Return a fresh association list of the entries of ALIST but those
whose key K gives (= KEY K) true, = being equal? by default.
alist-delete! is the same procedure.  An error if = is not a procedure
or ALIST is not a proper list of pairs."
      (let ((= (if (pair? maybe=) (car maybe=) equal?)))
        (check-procedure "alist-delete" 3 =)
        (let loop ((l alist) (acc '()))
          (cond ((not (pair? l)) (finish "alist-delete" 2 l alist (reverse! acc)))
                ((not (pair? (car l)))
                 (wrong-type "alist-delete" 2 "association list" alist))
                ((= key (car (car l))) (loop (cdr l) acc))
                (else (loop (cdr l) (cons (car l) acc)))))))

    (define alist-delete! alist-delete)

    ;; ----------------------------------------------------------------
    ;; Sets as lists.  (element-of? = x l) calls (= x y) for y in L;
    ;; (has-element? = l x) calls (= y x): the SRFI says which side of
    ;; = each argument goes to.

    (define (element-of? = x l)
      (let loop ((l l))
        (and (pair? l) (or (= x (car l)) (loop (cdr l))))))

    (define (has-element? = l x)
      (let loop ((l l))
        (and (pair? l) (or (= (car l) x) (loop (cdr l))))))

    ;; Check that = and the lists LISTS (from argument position POS)
    ;; are what the set procedure WHO needs.
    (define (check-sets who = lists pos)
      (check-procedure who 1 =)
      (let loop ((ls lists) (i pos))
        (if (pair? ls)
            (begin
              (if (not (list? (car ls))) (wrong-type who i "proper list" (car ls)))
              (loop (cdr ls) (+ i 1))))))

    (define (subset? = a b)
      (or (eq? a b)
          (let loop ((l a))
            (or (null? l)
                (and (element-of? = (car l) b) (loop (cdr l)))))))

    (define (lset<= = . lists)
      "Return #t if each list of LISTS is a subset of the next one, as sets
whose elements are compared with =, else #f; with fewer than two lists,
#t.  An error if = is not a procedure or a list is not proper."
      (check-sets "lset<=" = lists 2)
      (let loop ((ls lists))
        (or (null? ls) (null? (cdr ls))
            (and (subset? = (car ls) (cadr ls)) (loop (cdr ls))))))

    (define (lset= = . lists)
      "Return #t if all the LISTS are the same set, the elements being
compared with =, else #f; with fewer than two lists, #t.  An error if =
is not a procedure or a list is not proper."
      (check-sets "lset=" = lists 2)
      (let loop ((ls lists))
        (or (null? ls) (null? (cdr ls))
            (and (subset? = (car ls) (cadr ls))
                 (subset? (lambda (x y) (= y x)) (cadr ls) (car ls))
                 (loop (cdr ls))))))

    (define (lset-adjoin = list . elts)
      "Return LIST with each of the ELTS that is not yet in it (by =) consed
in front, in the order of ELTS.  An error if = is not a procedure or
LIST is not proper."
      (check-sets "lset-adjoin" = (cons list '()) 2)
      (let loop ((es elts) (acc list))
        (cond ((null? es) acc)
              ((has-element? = acc (car es)) (loop (cdr es) acc))
              (else (loop (cdr es) (cons (car es) acc))))))

    (define (union2 = a b)
      (cond ((null? a) b)
            ((eq? a b) a)
            (else
             (let loop ((l b) (acc a))
               (cond ((null? l) acc)
                     ((has-element? = acc (car l)) (loop (cdr l) acc))
                     (else (loop (cdr l) (cons (car l) acc))))))))

    (define (lset-union = . lists)
      "Return the union of the LISTS as sets with elements compared by =: the
first list, with each element of the others that is not yet in the
result added in front.  lset-union! is the same procedure.  An error if
= is not a procedure or a list is not proper."
      (check-sets "lset-union" = lists 2)
      (let loop ((ls lists) (acc '()))
        (if (null? ls)
            acc
            (loop (cdr ls) (union2 = acc (car ls))))))

    (define (lset-intersection = list1 . lists)
      "Return a fresh list of the elements of LIST1 that are (by =) in every
one of the LISTS, in the order of LIST1.  lset-intersection! is the
same procedure.  An error if = is not a procedure or a list is not
proper."
      (check-sets "lset-intersection" = (cons list1 lists) 2)
      (let ((others (let drop-same ((ls lists))
                      ;; A list eq? to LIST1 removes nothing.
                      (cond ((null? ls) '())
                            ((eq? (car ls) list1) (drop-same (cdr ls)))
                            (else (cons (car ls) (drop-same (cdr ls))))))))
        (filter (lambda (x)
                  (every (lambda (l) (element-of? = x l)) others))
                list1)))

    (define (lset-difference = list1 . lists)
      "Return a fresh list of the elements of LIST1 that are (by =) in none
of the LISTS, in the order of LIST1.  lset-difference! is the same
procedure.  An error if = is not a procedure or a list is not proper."
      (check-sets "lset-difference" = (cons list1 lists) 2)
      (filter (lambda (x)
                (not (any (lambda (l) (element-of? = x l)) lists)))
              list1))

    (define (xor2 = a b)
      (append (filter (lambda (x) (not (element-of? = x b))) a)
              (filter (lambda (y) (not (element-of? = y a))) b)))

    (define (lset-xor = . lists)
      "Return the exclusive or of the LISTS as sets by =: the elements in an
odd number of them (folding a two-set xor from the left).
lset-xor! is the same procedure.  An error if = is not a procedure or
a list is not proper."
      (check-sets "lset-xor" = lists 2)
      (let loop ((ls lists) (acc '()))
        (if (null? ls)
            acc
            (loop (cdr ls) (xor2 = acc (car ls))))))

    (define (lset-diff+intersection = list1 . lists)
      "Return two values: the elements of LIST1 that are in none of the LISTS
and those that are in at least one, by =, each in the order of LIST1.
lset-diff+intersection! is the same procedure.  An error if = is not a
procedure or a list is not proper."
      (check-sets "lset-diff+intersection" = (cons list1 lists) 2)
      (partition (lambda (x)
                   (not (any (lambda (l) (element-of? = x l)) lists)))
                 list1))

    (define lset-union! lset-union)
    (define lset-intersection! lset-intersection)
    (define lset-difference! lset-difference)
    (define lset-xor! lset-xor)
    (define lset-diff+intersection! lset-diff+intersection)))

;;; 1.sld ends here
