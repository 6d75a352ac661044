;;; 113.sld -- SRFI 113, sets and bags
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Sets and bags on SRFI 125 hash tables keyed by the elements with
;;; the SRFI 128 comparator given (which must therefore have a hash
;;; function, or an equality that libscm's hash tables know: eq?,
;;; eqv?, equal?, string=?, string-ci=?).  Each table entry holds a
;;; cell (element . count): the element as stored (set-member returns
;;; it) and, for a bag, how many times it occurs; a set's counts are 1.
;;; Sets and bags are one record type with a kind, so every operation
;;; is written once; the set- and bag- names differ in their checks and
;;; in what adding an element already present does.
;;;
;;; The procedures without ! return new sets and bags; the ! ones
;;; update their first argument and return it.  Sets or bags of
;;; different comparators, a set where a bag is expected and the
;;; reverse, and an element that fails the comparator's type test are
;;; errors naming the procedure.  bag-delete removes one occurrence.

;;; Code:

(define-library (srfi 113)
  (export set set-unfold set? set-contains? set-empty? set-disjoint?
          set-member set-element-comparator
          set-adjoin set-adjoin! set-replace set-replace!
          set-delete set-delete! set-delete-all set-delete-all! set-search!
          set-size set-find set-count set-any? set-every?
          set-map set-for-each set-fold set-filter set-filter!
          set-remove set-remove! set-partition set-partition!
          set-copy set->list list->set list->set!
          set=? set<? set>? set<=? set>=?
          set-union set-intersection set-difference set-xor
          set-union! set-intersection! set-difference! set-xor!
          bag bag-unfold bag? bag-contains? bag-empty? bag-disjoint?
          bag-member bag-element-comparator
          bag-adjoin bag-adjoin! bag-replace bag-replace!
          bag-delete bag-delete! bag-delete-all bag-delete-all! bag-search!
          bag-size bag-find bag-count bag-any? bag-every?
          bag-map bag-for-each bag-fold bag-filter bag-filter!
          bag-remove bag-remove! bag-partition bag-partition!
          bag-copy bag->list list->bag list->bag!
          bag=? bag<? bag>? bag<=? bag>=?
          bag-union bag-intersection bag-difference bag-xor
          bag-union! bag-intersection! bag-difference! bag-xor!
          bag-sum bag-sum! bag-product bag-product! bag-unique-size
          bag-element-count bag-for-each-unique bag-fold-unique
          bag-increment! bag-decrement! bag->set set->bag set->bag!
          bag->alist alist->bag
          set-comparator bag-comparator)
  (import (libscm)
          (only (srfi 125) make-hash-table hash-table-ref/default
                hash-table-set! hash-table-delete! hash-table-size
                hash-table-fold)
          (srfi 128) (srfi 162))
  (begin

    (define-record-type <sob>
      (make-sob kind comparator table)
      sob?
      (kind sob-kind)                   ; set or bag
      (comparator sob-comparator)
      (table sob-table))

    (define (set? obj)
      "Return #t if OBJ is a set, else #f."
      (and (sob? obj) (eq? (sob-kind obj) 'set)))

    (define (bag? obj)
      "Return #t if OBJ is a bag, else #f."
      (and (sob? obj) (eq? (sob-kind obj) 'bag)))

    (define (fail who message . irritants)
      (apply error (string-append who ": " message) irritants))

    (define (check who kind pos s)
      (if (not (and (sob? s) (eq? (sob-kind s) kind)))
          (fail who (string-append "wrong type argument in position "
                                   (number->string pos) " (expected "
                                   (symbol->string kind) ")")
                s)))

    ;; S1 ... (from position POS) must be of KIND with S's comparator.
    (define (check-same who kind s others pos)
      (let loop ((l others) (pos pos))
        (if (pair? l)
            (begin
              (check who kind pos (car l))
              (if (not (eq? (sob-comparator (car l)) (sob-comparator s)))
                  (fail who "sets or bags with different comparators" s (car l)))
              (loop (cdr l) (+ pos 1))))))

    (define (check-procedure who pos f)
      (if (not (procedure? f))
          (fail who (string-append "wrong type argument in position "
                                   (number->string pos) " (expected procedure)")
                f)))

    (define (new-sob who kind comparator)
      (if (not (comparator? comparator))
          (fail who "wrong type argument in position 1 (expected comparator)" comparator))
      (make-sob kind comparator (make-hash-table comparator)))

    ;; A copy of S, of KIND (S's by default), with cells of its own.
    (define (copy-sob s . kind)
      (let ((r (make-sob (if (pair? kind) (car kind) (sob-kind s)) (sob-comparator s)
                         (make-hash-table (sob-comparator s)))))
        (hash-table-fold (lambda (k cell acc)
                           (hash-table-set! (sob-table r) k (cons (car cell) (cdr cell))))
                         #f (sob-table s))
        r))

    (define (empty-like s)
      (make-sob (sob-kind s) (sob-comparator s) (make-hash-table (sob-comparator s))))

    (define (cell-of s x) (hash-table-ref/default (sob-table s) x #f))

    (define (check-element who s x)
      (if (not ((comparator-type-test-predicate (sob-comparator s)) x))
          (fail who "the element does not satisfy the comparator's type test" x)))

    ;; Add N occurrences of X (a set keeps one, and its element).
    (define (add! who s x n)
      (check-element who s x)
      (let ((cell (cell-of s x)))
        (cond ((not cell)
               (if (> n 0)
                   (hash-table-set! (sob-table s) x
                                    (cons x (if (eq? (sob-kind s) 'set) 1 n)))))
              ((eq? (sob-kind s) 'bag) (set-cdr! cell (+ (cdr cell) n))))))

    ;; Remove N occurrences of X (all of a set's).
    (define (remove! s x n)
      (let ((cell (cell-of s x)))
        (if cell
            (if (or (eq? (sob-kind s) 'set) (<= (cdr cell) n))
                (hash-table-delete! (sob-table s) x)
                (set-cdr! cell (- (cdr cell) n))))))

    (define (count-of s x)
      (let ((cell (cell-of s x))) (if cell (cdr cell) 0)))

    ;; Set X's count in S to N (deleting it at 0), keeping the stored
    ;; element if there is one.
    (define (set-count! s x n)
      (let ((cell (cell-of s x)))
        (cond ((<= n 0) (if cell (hash-table-delete! (sob-table s) x)))
              (cell (set-cdr! cell n))
              (else (hash-table-set! (sob-table s) x (cons x n))))))

    ;; The cells of S, a list.
    (define (cells s)
      (hash-table-fold (lambda (k cell acc) (cons cell acc)) '() (sob-table s)))

    ;; (PROC element count acc) over the cells.
    (define (fold-cells proc nil s)
      (hash-table-fold (lambda (k cell acc) (proc (car cell) (cdr cell) acc))
                       nil (sob-table s)))

    (define (size s) (fold-cells (lambda (x n acc) (+ n acc)) 0 s))

    ;; ----------------------------------------------------------------
    ;; Generic operations: KIND is set or bag, WHO the name called.

    (define (make-from who kind comparator elements)
      (let ((s (new-sob who kind comparator)))
        (for-each (lambda (x) (add! who s x 1)) elements)
        s))

    (define (unfold who kind comparator stop? mapper successor seed)
      (let ((s (new-sob who kind comparator)))
        (let loop ((seed seed))
          (if (stop? seed)
              s
              (begin (add! who s (mapper seed) 1) (loop (successor seed)))))))

    (define (contains? who kind s x)
      (check who kind 1 s)
      (and (cell-of s x) #t))

    (define (empty? who kind s)
      (check who kind 1 s)
      (= (hash-table-size (sob-table s)) 0))

    (define (disjoint? who kind a b)
      (check who kind 1 a)
      (check-same who kind a (list b) 2)
      (not (hash-table-fold (lambda (k cell found) (or found (and (cell-of b k) #t)))
                            #f (sob-table a))))

    (define (member-of who kind s x default)
      (check who kind 1 s)
      (let ((cell (cell-of s x))) (if cell (car cell) default)))

    (define (adjoin! who kind s xs)
      (for-each (lambda (x) (add! who s x 1)) xs)
      s)

    (define (replace! who kind s x)
      (let ((cell (cell-of s x)))
        (if cell
            (begin (hash-table-delete! (sob-table s) x)
                   (hash-table-set! (sob-table s) x (cons x (cdr cell)))))
        s))

    (define (delete! who kind s xs)
      (for-each (lambda (x) (remove! s x 1)) xs)
      s)

    (define (search! who kind s x failure success)
      (check who kind 1 s)
      (let ((cell (cell-of s x)))
        (if cell
            (success (car cell)
                     (lambda (new obj)
                       (let ((n (cdr cell)))
                         (hash-table-delete! (sob-table s) x)
                         (add! who s new n)
                         (values s obj)))
                     (lambda (obj) (remove! s x 1) (values s obj)))
            (failure (lambda (obj) (add! who s x 1) (values s obj))
                     (lambda (obj) (values s obj))))))

    (define (find-in who kind pred s failure)
      (check-procedure who 1 pred)
      (check who kind 2 s)
      (let ((found (hash-table-fold (lambda (k cell acc)
                                      (or acc (and (pred (car cell)) cell)))
                                    #f (sob-table s))))
        (if found (car found) (failure))))

    (define (count-in who kind pred s)
      (check-procedure who 1 pred)
      (check who kind 2 s)
      (fold-cells (lambda (x n acc) (if (pred x) (+ acc n) acc)) 0 s))

    (define (any-in? who kind pred s)
      (check-procedure who 1 pred)
      (check who kind 2 s)
      (call/ec (lambda (k)
                 (fold-cells (lambda (x n acc) (if (pred x) (k #t) acc)) #f s))))

    (define (every-in? who kind pred s)
      (check-procedure who 1 pred)
      (check who kind 2 s)
      (call/ec (lambda (k)
                 (fold-cells (lambda (x n acc) (if (pred x) acc (k #f))) #t s))))

    (define (map-to who kind comparator proc s)
      (check-procedure who 2 proc)
      (check who kind 3 s)
      (let ((r (new-sob who kind comparator)))
        (for-each (lambda (cell) (add! who r (proc (car cell)) (cdr cell))) (cells s))
        r))

    (define (for-each-in who kind proc s)
      (check-procedure who 1 proc)
      (check who kind 2 s)
      (for-each (lambda (cell)
                  (do ((i 0 (+ i 1))) ((= i (cdr cell)))
                    (proc (car cell))))
                (cells s)))

    (define (fold-in who kind proc nil s)
      (check-procedure who 1 proc)
      (check who kind 3 s)
      (fold-cells (lambda (x n acc)
                    (let loop ((i 0) (acc acc))
                      (if (= i n) acc (loop (+ i 1) (proc x acc)))))
                  nil s))

    ;; Keep the elements that satisfy PRED (or fail it, unless KEEP?),
    ;; in S itself.
    (define (filter! pred s keep?)
      (for-each (lambda (cell)
                  (if (not (eq? keep? (and (pred (car cell)) #t)))
                      (hash-table-delete! (sob-table s) (car cell))))
                (cells s))
      s)

    (define (to-list who kind s)
      (check who kind 1 s)
      (fold-cells (lambda (x n acc)
                    (let loop ((i 0) (acc acc))
                      (if (= i n) acc (loop (+ i 1) (cons x acc)))))
                  '() s))

    ;; #t if A's count of each element is at most B's.
    (define (sub? a b)
      (and (<= (hash-table-size (sob-table a)) (hash-table-size (sob-table b)))
           (call/ec
            (lambda (k)
              (fold-cells (lambda (x n acc) (if (<= n (count-of b x)) acc (k #f)))
                          #t a)))))

    (define (same? a b) (and (sub? a b) (sub? b a)))

    ;; RELATION between each set and the next.
    (define (chain who kind relation s others)
      (check who kind 1 s)
      (check-same who kind s others 2)
      (let loop ((a s) (l others))
        (or (null? l)
            (and (relation a (car l)) (loop (car l) (cdr l))))))

    ;; The set operations, in place in S.  A bag's counts combine as
    ;; the SRFI says; a set's are all 1, so the same rules give the
    ;; set operations.
    (define (union! s others)
      (for-each (lambda (o)
                  (for-each (lambda (cell)
                              (if (< (count-of s (car cell)) (cdr cell))
                                  (if (cell-of s (car cell))
                                      (set-count! s (car cell) (cdr cell))
                                      (hash-table-set! (sob-table s) (car cell)
                                                       (cons (car cell) (cdr cell))))))
                            (cells o)))
                others)
      s)

    (define (intersection! s others)
      (for-each (lambda (cell)
                  (set-count! s (car cell)
                              (apply min (cdr cell)
                                     (map (lambda (o) (count-of o (car cell))) others))))
                (cells s))
      s)

    (define (difference! s others)
      (for-each (lambda (o)
                  (for-each (lambda (cell)
                              (set-count! s (car cell) (- (count-of s (car cell)) (cdr cell))))
                            (cells o)))
                others)
      s)

    (define (xor! s o)
      (for-each (lambda (cell)
                  (let ((mine (count-of s (car cell))))
                    (if (= mine 0)
                        (hash-table-set! (sob-table s) (car cell) (cons (car cell) (cdr cell)))
                        (set-count! s (car cell) (abs (- mine (cdr cell)))))))
                (cells o))
      s)

    ;; ----------------------------------------------------------------
    ;; The named procedures.  (define-pair (SET-NAME BAG-NAME) KIND WHO
    ;; ARGS SET-DOC BAG-DOC BODY): the two procedures, each with KIND
    ;; and WHO bound to its own and its docstring.

    (define-syntax define-pair
      (syntax-rules ()
        ((_ (set-name bag-name) kind who formals set-doc bag-doc body ...)
         (begin
           (define set-name
             (let ((kind 'set) (who (symbol->string 'set-name)))
               (lambda formals set-doc body ...)))
           (define bag-name
             (let ((kind 'bag) (who (symbol->string 'bag-name)))
               (lambda formals bag-doc body ...)))))))

    (define-pair (set bag) kind who (comparator . elements)
      "Return a new set of the ELEMENTS, whose elements are compared
and hashed by COMPARATOR; of equal elements the first is kept.  An
error if COMPARATOR is not a comparator or an element fails its type
test."
      "Return a new bag of the ELEMENTS, whose elements are compared
and hashed by COMPARATOR, an element given n times occurring n
times.  An error if COMPARATOR is not a comparator or an element
fails its type test."
      (make-from who kind comparator elements))
    ;; The SRFI's order puts the comparator first; its sample
    ;; implementation and tests put it last: both are taken.
    (define-pair (set-unfold bag-unfold) kind who (a b c d e)
      "Called as (set-unfold COMPARATOR STOP? MAPPER SUCCESSOR SEED),
or with COMPARATOR last as in the SRFI's sample implementation:
return a new set with comparator COMPARATOR of (MAPPER SEED),
(MAPPER (SUCCESSOR SEED)), ... until (STOP? SEED) is true.  An error
if COMPARATOR is not a comparator or an element fails its type
test."
      "Called as (bag-unfold COMPARATOR STOP? MAPPER SUCCESSOR SEED),
or with COMPARATOR last as in the SRFI's sample implementation:
return a new bag with comparator COMPARATOR of (MAPPER SEED),
(MAPPER (SUCCESSOR SEED)), ... until (STOP? SEED) is true.  An error
if COMPARATOR is not a comparator or an element fails its type
test."
      (if (comparator? a)
          (unfold who kind a b c d e)
          (unfold who kind e a b c d)))
    (define-pair (set-contains? bag-contains?) kind who (s x)
      "Return #t if X is an element of the set S (by S's comparator),
else #f.  An error if S is not a set."
      "Return #t if X is an element of the bag S (by S's comparator),
else #f.  An error if S is not a bag."
      (contains? who kind s x))
    (define-pair (set-empty? bag-empty?) kind who (s)
      "Return #t if the set S has no elements, else #f.  An error if S
is not a set."
      "Return #t if the bag S has no elements, else #f.  An error if S
is not a bag."
      (empty? who kind s))
    (define-pair (set-disjoint? bag-disjoint?) kind who (a b)
      "Return #t if the sets A and B have no element in common, else
#f.  An error if A or B is not a set or their comparators differ."
      "Return #t if the bags A and B have no element in common, else
#f.  An error if A or B is not a bag or their comparators differ."
      (disjoint? who kind a b))
    (define-pair (set-member bag-member) kind who (s x default)
      "Return the element of the set S that is equal to X, as it is
stored in S, or DEFAULT if there is none.  An error if S is not a
set."
      "Return the element of the bag S that is equal to X, as it is
stored in S, or DEFAULT if there is none.  An error if S is not a
bag."
      (member-of who kind s x default))
    (define-pair (set-element-comparator bag-element-comparator) kind who (s)
      "Return the comparator of the elements of the set S.  An error
if S is not a set."
      "Return the comparator of the elements of the bag S.  An error
if S is not a bag."
      (check who kind 1 s) (sob-comparator s))

    (define-pair (set-adjoin bag-adjoin) kind who (s . xs)
      "Return a new set of the elements of S and XS (an element
already in S is not added again).  An error if S is not a set or an X
fails its comparator's type test."
      "Return a new bag of the elements of S and XS (each X adds one
occurrence).  An error if S is not a bag or an X fails its
comparator's type test."
      (check who kind 1 s) (adjoin! who kind (copy-sob s) xs))
    (define-pair (set-adjoin! bag-adjoin!) kind who (s . xs)
      "Add the XS to the set S (an element already in it is not added
again) and return S.  An error if S is not a set or an X fails its
comparator's type test."
      "Add the XS to the bag S (each X adds one occurrence) and
return S.  An error if S is not a bag or an X fails its comparator's
type test."
      (check who kind 1 s) (adjoin! who kind s xs))
    (define-pair (set-replace bag-replace) kind who (s x)
      "Return a new set like S but with X in place of the element
equal to it; if there is none, a copy of S.  An error if S is not a
set."
      "Return a new bag like S but with X in place of the element
equal to it (keeping its count); if there is none, a copy of S.  An
error if S is not a bag."
      (check who kind 1 s) (replace! who kind (copy-sob s) x))
    (define-pair (set-replace! bag-replace!) kind who (s x)
      "Put X in place of the element of the set S equal to it, if
there is one, and return S.  An error if S is not a set."
      "Put X in place of the element of the bag S equal to it
(keeping its count), if there is one, and return S.  An error if S is
not a bag."
      (check who kind 1 s) (replace! who kind s x))
    (define-pair (set-delete bag-delete) kind who (s . xs)
      "Return a new set of the elements of S but the XS.  An error if
S is not a set."
      "Return a new bag of the elements of S but the XS (each X
removes one occurrence).  An error if S is not a bag."
      (check who kind 1 s) (delete! who kind (copy-sob s) xs))
    (define-pair (set-delete! bag-delete!) kind who (s . xs)
      "Remove the XS from the set S and return S.  An error if S is
not a set."
      "Remove the XS from the bag S (each X one occurrence) and
return S.  An error if S is not a bag."
      (check who kind 1 s) (delete! who kind s xs))
    (define-pair (set-delete-all bag-delete-all) kind who (s xs)
      "Return a new set of the elements of S but those of the list
XS.  An error if S is not a set."
      "Return a new bag of the elements of S but those of the list XS
(each element of XS removes one occurrence).  An error if S is not a
bag."
      (check who kind 1 s) (delete! who kind (copy-sob s) xs))
    (define-pair (set-delete-all! bag-delete-all!) kind who (s xs)
      "Remove the elements of the list XS from the set S and return
S.  An error if S is not a set."
      "Remove the elements of the list XS from the bag S (each one
occurrence) and return S.  An error if S is not a bag."
      (check who kind 1 s) (delete! who kind s xs))
    (define-pair (set-search! bag-search!) kind who (s x failure success)
      "Look X up in the set S and return two values, S and an object
OBJ: if an element equal to X is there, call (SUCCESS ELEMENT UPDATE
REMOVE), where (UPDATE NEW OBJ) replaces the element by NEW and
(REMOVE OBJ) removes it; else call (FAILURE INSERT IGNORE), where
(INSERT OBJ) adds X and (IGNORE OBJ) leaves S as it is.  An error if
S is not a set."
      "Look X up in the bag S and return two values, S and an object
OBJ: if an element equal to X is there, call (SUCCESS ELEMENT UPDATE
REMOVE), where (UPDATE NEW OBJ) replaces the element by NEW and
(REMOVE OBJ) removes it (one occurrence); else call (FAILURE INSERT
IGNORE), where (INSERT OBJ) adds X and (IGNORE OBJ) leaves S as it
is.  An error if S is not a bag."
      (search! who kind s x failure success))

    (define-pair (set-size bag-size) kind who (s)
      "Return the number of elements of the set S.  An error if S is
not a set."
      "Return the number of elements of the bag S (each occurrence
counted).  An error if S is not a bag."
      (check who kind 1 s) (size s))
    (define-pair (set-find bag-find) kind who (pred s failure)
      "Return an element of the set S that satisfies PRED, or the
value of (FAILURE) if there is none.  An error if PRED is not a
procedure or S not a set."
      "Return an element of the bag S that satisfies PRED, or the
value of (FAILURE) if there is none.  An error if PRED is not a
procedure or S not a bag."
      (find-in who kind pred s failure))
    (define-pair (set-count bag-count) kind who (pred s)
      "Return the number of elements of the set S that satisfy PRED.
An error if PRED is not a procedure or S not a set."
      "Return the number of elements of the bag S that satisfy PRED
(each occurrence counted).  An error if PRED is not a procedure or S
not a bag."
      (count-in who kind pred s))
    (define-pair (set-any? bag-any?) kind who (pred s)
      "Return #t if an element of the set S satisfies PRED, else #f.
An error if PRED is not a procedure or S not a set."
      "Return #t if an element of the bag S satisfies PRED, else #f.
An error if PRED is not a procedure or S not a bag."
      (any-in? who kind pred s))
    (define-pair (set-every? bag-every?) kind who (pred s)
      "Return #t if every element of the set S satisfies PRED (#t for
an empty set), else #f.  An error if PRED is not a procedure or S not
a set."
      "Return #t if every element of the bag S satisfies PRED (#t for
an empty bag), else #f.  An error if PRED is not a procedure or S not
a bag."
      (every-in? who kind pred s))

    (define-pair (set-map bag-map) kind who (comparator proc s)
      "Return a new set with comparator COMPARATOR of the results of
PROC on the elements of S.  An error if PROC is not a procedure or S
not a set."
      "Return a new bag with comparator COMPARATOR of the results of
PROC on the elements of S, each occurrence giving one.  An error if
PROC is not a procedure or S not a bag."
      (map-to who kind comparator proc s))
    (define-pair (set-for-each bag-for-each) kind who (proc s)
      "Call PROC on each element of the set S, in no particular
order; returns an unspecified value.  An error if PROC is not a
procedure or S not a set."
      "Call PROC on each element of the bag S, once for each
occurrence, in no particular order; returns an unspecified value.  An
error if PROC is not a procedure or S not a bag."
      (for-each-in who kind proc s))
    (define-pair (set-fold bag-fold) kind who (proc nil s)
      "Return the result of calling (PROC ELEMENT ACC) on each
element of the set S, in no particular order, ACC being NIL at first
and then the previous call's value.  An error if PROC is not a
procedure or S not a set."
      "Return the result of calling (PROC ELEMENT ACC) on each
element of the bag S, once for each occurrence, in no particular
order, ACC being NIL at first and then the previous call's value.  An
error if PROC is not a procedure or S not a bag."
      (fold-in who kind proc nil s))
    (define-pair (set-filter bag-filter) kind who (pred s)
      "Return a new set of the elements of S that satisfy PRED.  An
error if PRED is not a procedure or S not a set."
      "Return a new bag of the elements of S that satisfy PRED.  An
error if PRED is not a procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s) (filter! pred (copy-sob s) #t))
    (define-pair (set-filter! bag-filter!) kind who (pred s)
      "Remove from the set S the elements that do not satisfy PRED
and return S.  An error if PRED is not a procedure or S not a set."
      "Remove from the bag S the elements that do not satisfy PRED
and return S.  An error if PRED is not a procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s) (filter! pred s #t))
    (define-pair (set-remove bag-remove) kind who (pred s)
      "Return a new set of the elements of S that do not satisfy
PRED.  An error if PRED is not a procedure or S not a set."
      "Return a new bag of the elements of S that do not satisfy
PRED.  An error if PRED is not a procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s) (filter! pred (copy-sob s) #f))
    (define-pair (set-remove! bag-remove!) kind who (pred s)
      "Remove from the set S the elements that satisfy PRED and
return S.  An error if PRED is not a procedure or S not a set."
      "Remove from the bag S the elements that satisfy PRED and
return S.  An error if PRED is not a procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s) (filter! pred s #f))
    (define-pair (set-partition bag-partition) kind who (pred s)
      "Return two values: a new set of the elements of S that satisfy
PRED and one of those that do not.  An error if PRED is not a
procedure or S not a set."
      "Return two values: a new bag of the elements of S that satisfy
PRED and one of those that do not.  An error if PRED is not a
procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s)
      (values (filter! pred (copy-sob s) #t) (filter! pred (copy-sob s) #f)))
    (define-pair (set-partition! bag-partition!) kind who (pred s)
      "Return two values: the set S keeping only its elements that
satisfy PRED, and a new set of those removed.  An error if PRED is
not a procedure or S not a set."
      "Return two values: the bag S keeping only its elements that
satisfy PRED, and a new bag of those removed.  An error if PRED is
not a procedure or S not a bag."
      (check-procedure who 1 pred) (check who kind 2 s)
      (let ((out (filter! pred (copy-sob s) #f)))
        (values (filter! pred s #t) out)))

    (define-pair (set-copy bag-copy) kind who (s)
      "Return a new set with the comparator and the elements of S.  An
error if S is not a set."
      "Return a new bag with the comparator and the elements of S.  An
error if S is not a bag."
      (check who kind 1 s) (copy-sob s))
    (define-pair (set->list bag->list) kind who (s)
      "Return a fresh list of the elements of the set S, in no
particular order.  An error if S is not a set."
      "Return a fresh list of the elements of the bag S (an element
as many times as it occurs), in no particular order.  An error if S
is not a bag."
      (to-list who kind s))
    (define-pair (list->set list->bag) kind who (comparator l)
      "Return a new set with comparator COMPARATOR of the elements of
the list L.  An error if COMPARATOR is not a comparator, L is not a
proper list or an element fails the comparator's type test."
      "Return a new bag with comparator COMPARATOR of the elements of
the list L.  An error if COMPARATOR is not a comparator, L is not a
proper list or an element fails the comparator's type test."
      (if (not (list? l)) (fail who "wrong type argument in position 2 (expected proper list)" l))
      (make-from who kind comparator l))
    (define-pair (list->set! list->bag!) kind who (s l)
      "Add the elements of the list L to the set S and return S.  An
error if S is not a set or an element fails its comparator's type
test."
      "Add the elements of the list L to the bag S and return S.  An
error if S is not a bag or an element fails its comparator's type
test."
      (check who kind 1 s) (adjoin! who kind s l))

    (define-pair (set=? bag=?) kind who (s . others)
      "Return #t if S and each of the OTHERS are equal sets, each
element occurring in all of them, else #f.  An error if an argument
is not a set or their comparators differ."
      "Return #t if S and each of the OTHERS are equal bags, each
element occurring as many times in all of them, else #f.  An error if
an argument is not a bag or their comparators differ."
      (chain who kind same? s others))
    (define-pair (set<=? bag<=?) kind who (s . others)
      "Return #t if S and each of the OTHERS is a subset of the next
(every element of one is in the next), else #f.  An error if an
argument is not a set or their comparators differ."
      "Return #t if S and each of the OTHERS is a subset of the next
(no element occurs more often in one than in the next), else #f.  An
error if an argument is not a bag or their comparators differ."
      (chain who kind sub? s others))
    (define-pair (set>=? bag>=?) kind who (s . others)
      "Return #t if S and each of the OTHERS is a superset of the
next, else #f.  An error if an argument is not a set or their
comparators differ."
      "Return #t if S and each of the OTHERS is a superset of the
next, else #f.  An error if an argument is not a bag or their
comparators differ."
      (chain who kind (lambda (a b) (sub? b a)) s others))
    (define-pair (set<? bag<?) kind who (s . others)
      "Return #t if S and each of the OTHERS is a proper subset of
the next, else #f.  An error if an argument is not a set or their
comparators differ."
      "Return #t if S and each of the OTHERS is a proper subset of
the next, else #f.  An error if an argument is not a bag or their
comparators differ."
      (chain who kind (lambda (a b) (and (sub? a b) (not (sub? b a)))) s others))
    (define-pair (set>? bag>?) kind who (s . others)
      "Return #t if S and each of the OTHERS is a proper superset of
the next, else #f.  An error if an argument is not a set or their
comparators differ."
      "Return #t if S and each of the OTHERS is a proper superset of
the next, else #f.  An error if an argument is not a bag or their
comparators differ."
      (chain who kind (lambda (a b) (and (sub? b a) (not (sub? a b)))) s others))

    (define-syntax define-theory
      (syntax-rules ()
        ;; S and OTHERS come from the use, so that the procedures'
        ;; parameters are named as written (describe shows them).
        ((_ (set-name bag-name) (set-name! bag-name!) op (s . others)
            set-doc bag-doc set!-doc bag!-doc)
         (begin
           (define-pair (set-name bag-name) kind who (s . others)
             set-doc bag-doc
             (check who kind 1 s) (check-same who kind s others 2)
             (op (copy-sob s) others))
           (define-pair (set-name! bag-name!) kind who (s . others)
             set!-doc bag!-doc
             (check who kind 1 s) (check-same who kind s others 2)
             (op s others))))))

    (define-theory (set-union bag-union) (set-union! bag-union!) union!
      (s . others)
      "Return a new set of the union of S and the OTHERS.  An error if
an argument is not a set or their comparators differ."
      "Return a new bag of the union of S and the OTHERS (each
element occurring as often as in the bag where it occurs most).  An
error if an argument is not a bag or their comparators differ."
      "Make the set S the union of itself and the OTHERS and return
it.  An error if an argument is not a set or their comparators
differ."
      "Make the bag S the union of itself and the OTHERS (each
element occurring as often as in the bag where it occurs most) and
return it.  An error if an argument is not a bag or their comparators
differ.")
    (define-theory (set-intersection bag-intersection)
      (set-intersection! bag-intersection!) intersection! (s . others)
      "Return a new set of the elements of S that are in all of the
OTHERS.  An error if an argument is not a set or their comparators
differ."
      "Return a new bag of the elements of S that are in all of the
OTHERS (each occurring as often as in the bag where it occurs
least).  An error if an argument is not a bag or their comparators
differ."
      "Keep in the set S only the elements that are in all of the
OTHERS and return S.  An error if an argument is not a set or their
comparators differ."
      "Keep in the bag S only the elements that are in all of the
OTHERS (each occurring as often as in the bag where it occurs least)
and return S.  An error if an argument is not a bag or their
comparators differ.")
    (define-theory (set-difference bag-difference)
      (set-difference! bag-difference!) difference! (s . others)
      "Return a new set of the elements of S that are in none of the
OTHERS.  An error if an argument is not a set or their comparators
differ."
      "Return a new bag of the elements of S that are in none of the
OTHERS (the occurrences in the others being subtracted from S's).  An
error if an argument is not a bag or their comparators differ."
      "Remove from the set S the elements of the OTHERS and return S.
An error if an argument is not a set or their comparators differ."
      "Remove from the bag S the elements of the OTHERS (their
occurrences subtracted from S's) and return S.  An error if an
argument is not a bag or their comparators differ.")
    (define-pair (set-xor bag-xor) kind who (a b)
      "Return a new set of the elements that are in one of A and B
but not both.  An error if A or B is not a set or their comparators
differ."
      "Return a new bag of the elements that are in one of A and B
but not both (each occurring the difference of its counts).  An error
if A or B is not a bag or their comparators differ."
      (check who kind 1 a) (check-same who kind a (list b) 2) (xor! (copy-sob a) b))
    (define-pair (set-xor! bag-xor!) kind who (a b)
      "Make the set A hold the elements that are in one of A and B
but not both and return A.  An error if A or B is not a set or their
comparators differ."
      "Make the bag A hold the elements that are in one of A and B
but not both (each occurring the difference of its counts) and
return A.  An error if A or B is not a bag or their comparators
differ."
      (check who kind 1 a) (check-same who kind a (list b) 2) (xor! a b))

    ;; ----------------------------------------------------------------
    ;; The procedures of bags only.

    (define (sum! who s others)
      (check who 'bag 1 s)
      (check-same who 'bag s others 2)
      (for-each (lambda (o)
                  (for-each (lambda (cell)
                              (set-count! s (car cell) (+ (count-of s (car cell)) (cdr cell))))
                            (cells o)))
                others)
      s)

    (define (bag-sum s . others)
      "A new bag in which each element occurs as often as in all the bags
together."
      (check "bag-sum" 'bag 1 s)
      (sum! "bag-sum" (copy-sob s) others))

    (define (bag-sum! s . others)
      "bag-sum, in S."
      (sum! "bag-sum!" s others))

    (define (product! who n s)
      (if (not (and (exact-integer? n) (>= n 0)))
          (fail who "wrong type argument in position 1 (expected nonnegative exact integer)" n))
      (for-each (lambda (cell) (set-count! s (car cell) (* n (cdr cell)))) (cells s))
      s)

    (define (bag-product n s)
      "A new bag in which each element of S occurs N times as often."
      (check "bag-product" 'bag 2 s)
      (product! "bag-product" n (copy-sob s)))

    (define (bag-product! n s)
      "bag-product, in S."
      (check "bag-product!" 'bag 2 s)
      (product! "bag-product!" n s))

    (define (bag-unique-size s)
      "The number of distinct elements of bag S."
      (check "bag-unique-size" 'bag 1 s)
      (hash-table-size (sob-table s)))

    (define (bag-element-count s x)
      "How many times X occurs in bag S."
      (check "bag-element-count" 'bag 1 s)
      (count-of s x))

    (define (bag-for-each-unique proc s)
      "(PROC element count) for each distinct element of bag S."
      (check-procedure "bag-for-each-unique" 1 proc)
      (check "bag-for-each-unique" 'bag 2 s)
      (for-each (lambda (cell) (proc (car cell) (cdr cell))) (cells s)))

    (define (bag-fold-unique proc nil s)
      "(PROC element count acc) over the distinct elements of bag S."
      (check-procedure "bag-fold-unique" 1 proc)
      (check "bag-fold-unique" 'bag 3 s)
      (fold-cells proc nil s))

    (define (check-count who n)
      (if (not (exact-integer? n))
          (fail who "wrong type argument in position 3 (expected exact integer)" n)))

    (define (bag-increment! s x n)
      "Add N occurrences of X to bag S."
      (check "bag-increment!" 'bag 1 s)
      (check-count "bag-increment!" n)
      (check-element "bag-increment!" s x)
      (set-count! s x (+ (count-of s x) n))
      s)

    (define (bag-decrement! s x n)
      "Remove N occurrences of X from bag S (down to none)."
      (check "bag-decrement!" 'bag 1 s)
      (check-count "bag-decrement!" n)
      (set-count! s x (- (count-of s x) n))
      s)

    (define (bag->set s)
      "A new set of the distinct elements of bag S."
      (check "bag->set" 'bag 1 s)
      (let ((r (make-sob 'set (sob-comparator s) (make-hash-table (sob-comparator s)))))
        (for-each (lambda (cell) (hash-table-set! (sob-table r) (car cell) (cons (car cell) 1)))
                  (cells s))
        r))

    (define (set->bag s)
      "A new bag of the elements of set S."
      (check "set->bag" 'set 1 s)
      (copy-sob s 'bag))

    (define (set->bag! b s)
      "Add the elements of set S to bag B."
      (check "set->bag!" 'bag 1 b)
      (check "set->bag!" 'set 2 s)
      (if (not (eq? (sob-comparator b) (sob-comparator s)))
          (fail "set->bag!" "sets or bags with different comparators" b s))
      (for-each (lambda (cell) (set-count! b (car cell) (+ (count-of b (car cell)) 1)))
                (cells s))
      b)

    (define (bag->alist s)
      "An alist of the distinct elements of bag S and their counts."
      (check "bag->alist" 'bag 1 s)
      (map (lambda (cell) (cons (car cell) (cdr cell))) (cells s)))

    (define (alist->bag comparator alist)
      "A new bag in which each key of ALIST occurs its value's times."
      (let ((s (new-sob "alist->bag" 'bag comparator)))
        (for-each (lambda (entry)
                    (if (not (and (pair? entry) (exact-integer? (cdr entry))))
                        (fail "alist->bag" "an entry is not (element . count)" entry))
                    (check-element "alist->bag" s (car entry))
                    (set-count! s (car entry) (+ (count-of s (car entry)) (cdr entry))))
                  alist)
        s))

    ;; ----------------------------------------------------------------
    ;; Comparators of sets and bags: equality and a hash that does not
    ;; depend on the order of the elements.

    (define (sob-hash s)
      (let ((h (comparator-hash-function (sob-comparator s))))
        (fold-cells (lambda (x n acc) (modulo (+ acc (* n (h x))) 4294967291)) 0 s)))

    (define set-comparator
      (make-comparator set? (lambda (a b) (set=? a b)) #f sob-hash))

    (define bag-comparator
      (make-comparator bag? (lambda (a b) (bag=? a b)) #f sob-hash))))
