;;; comparators.sld -- (libscm comparators): SRFI 128 and SRFI 162
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The comparators of SRFI 128 and the standard ones and comparator-max
;;; and -min of SRFI 162, in one library that (srfi 128) and (srfi 162)
;;; each re-export a part of, so that a program importing both gets one
;;; binding per name.  A comparator is a record of four procedures.  The
;;; hash functions are libscm's (hashtables.c), which agree with each
;;; other: default-hash of a string is its string-hash, of a number its
;;; number-hash, and so on, and numbers that are = hash alike, as the
;;; default comparator's equality needs.  string-hash, string-ci-hash and
;;; symbol-hash are libscm's own procedures (Guile's), the ones (srfi
;;; 69), (srfi 125) and (libscm) export too.  Hash values are below
;;; (hash-bound), 2^32, so that a user hash function may combine a few
;;; of them with fixnum arithmetic.

;;; Code:

(define-library (libscm comparators)
  (export comparator? comparator-ordered? comparator-hashable?
          make-comparator make-pair-comparator make-list-comparator
          make-vector-comparator make-eq-comparator make-eqv-comparator
          make-equal-comparator
          boolean-hash char-hash char-ci-hash string-hash string-ci-hash
          symbol-hash number-hash
          hash-bound hash-salt
          make-default-comparator default-hash comparator-register-default!
          comparator-type-test-predicate comparator-equality-predicate
          comparator-ordering-predicate comparator-hash-function
          comparator-test-type comparator-check-type comparator-hash
          =? <? >? <=? >=? comparator-if<=>
          comparator-max comparator-min
          comparator-max-in-list comparator-min-in-list
          boolean-comparator char-comparator char-ci-comparator
          string-comparator string-ci-comparator symbol-comparator
          number-comparator real-comparator default-comparator
          eq-comparator eqv-comparator equal-comparator
          pair-comparator list-comparator vector-comparator
          bytevector-comparator)
  (import (libscm))
  (begin
    (define-record-type comparator
      (%make-comparator type-test equality ordering hash ordered? hashable?)
      %comparator?
      (type-test %comparator-type-test-predicate)
      (equality %comparator-equality-predicate)
      (ordering %comparator-ordering-predicate)
      (hash %comparator-hash-function)
      (ordered? %comparator-ordered?)
      (hashable? %comparator-hashable?))

    ;; (define-record-procedure NAME TYPE DOC [K]): the predicate of
    ;; record type TYPE, or with K the accessor of its field K, as
    ;; define-record-type makes them (derived.c) but with docstring DOC:
    ;; the same code, so that a caller's compiler still runs its calls
    ;; in place (compile/inline.c), and an error names NAME.  Inside the
    ;; library the %-names of the record's own procedures are used.
    (define-syntax define-record-procedure
      (lambda (x)
        (syntax-case x ()
          ((_ name type doc k)
           #`(define name
               (let ((rtd type))
                 (lambda (obj)
                   doc
                   #,(cons %record-ref #'(obj rtd k 'name))))))
          ((_ name type doc)
           #`(define name
               (let ((rtd type))
                 (lambda (obj) doc #,(cons %record? #'(obj rtd)))))))))

    (define-record-procedure comparator? comparator
      "Return #t if OBJ is a comparator, else #f.")
    (define-record-procedure comparator-type-test-predicate comparator
      "Return the type test predicate of comparator OBJ.  An error if OBJ
is not a comparator." 0)
    (define-record-procedure comparator-equality-predicate comparator
      "Return the equality predicate of comparator OBJ.  An error if OBJ
is not a comparator." 1)
    (define-record-procedure comparator-ordering-predicate comparator
      "Return the ordering predicate of comparator OBJ, one that raises
an error when called if OBJ was made without one.  An error if OBJ is
not a comparator." 2)
    (define-record-procedure comparator-hash-function comparator
      "Return the hash function of comparator OBJ, one that raises an
error when called if OBJ was made without one.  An error if OBJ is not
a comparator." 3)
    (define-record-procedure comparator-ordered? comparator
      "Return #t if comparator OBJ was made with an ordering predicate,
else #f.  An error if OBJ is not a comparator." 4)
    (define-record-procedure comparator-hashable? comparator
      "Return #t if comparator OBJ was made with a hash function, else
#f.  An error if OBJ is not a comparator." 5)

    (define (check-comparator who c)
      (if (not (%comparator? c)) (%hash-error who 1 c "comparator")))

    (define (check-proc who pos f)
      (if (not (procedure? f)) (%hash-error who pos f "procedure")))

    ;; TYPE-TEST and EQUALITY may be #t (any object; equality from the
    ;; ordering), ORDERING and HASH #f (an error when called).
    (define (make-comparator type-test equality ordering hash)
      "Return a comparator of TYPE-TEST, EQUALITY, ORDERING and HASH.
TYPE-TEST may be #t (any object); EQUALITY may be #t (equal when
neither is less by ORDERING); ORDERING or HASH may be #f (the
comparator is then not ordered or not hashable, and calling the
missing procedure raises an error).  An error if another argument is
not a procedure."
      (let ((type-test (if (eq? type-test #t) (lambda (x) #t) type-test))
            (equality
             (if (eq? equality #t)
                 (lambda (a b) (not (or (ordering a b) (ordering b a))))
                 equality)))
        (check-proc 'make-comparator 1 type-test)
        (check-proc 'make-comparator 2 equality)
        (if ordering (check-proc 'make-comparator 3 ordering))
        (if hash (check-proc 'make-comparator 4 hash))
        (%make-comparator
         type-test equality
         (or ordering
             (lambda (a b) (error "comparator: no ordering predicate" a b)))
         (or hash (lambda (x . _) (error "comparator: no hash function" x)))
         (if ordering #t #f) (if hash #t #f))))

    ;; ---------------------------------------------------------------
    ;; Hash functions.  Each takes an optional second argument, which
    ;; it ignores, as SRFI 69's callers may pass one.

    (define hash-bound-value 4294967296)

    (define-syntax hash-bound
      (syntax-rules () ((_) hash-bound-value)))

    ;; Distinct for distinct runs; libscm's own hash functions do not
    ;; use it.
    (define hash-salt-value (modulo (current-jiffy) hash-bound-value))

    (define-syntax hash-salt
      (syntax-rules () ((_) hash-salt-value)))

    (define (boolean-hash b . _)
      "Return the hash value of boolean B, below (hash-bound); a
second argument is ignored.  An error if B is not a boolean."
      (if (not (boolean? b)) (%hash-error 'boolean-hash 1 b "boolean"))
      (equal-hash b))

    (define (char-hash c . _)
      "Return the hash value of character C, below (hash-bound); a
second argument is ignored.  An error if C is not a character."
      (if (not (char? c)) (%hash-error 'char-hash 1 c "character"))
      (equal-hash c))

    (define (char-ci-hash c . _)
      "Return the hash value of the case-folded character C, so that
characters that are char-ci=? hash alike; a second argument is
ignored.  An error if C is not a character."
      (if (not (char? c)) (%hash-error 'char-ci-hash 1 c "character"))
      (equal-hash (char-foldcase c)))

    ;; string-hash, string-ci-hash and symbol-hash are libscm's: one
    ;; argument gives equal-hash's value (of the case-folded string for
    ;; string-ci-hash); a second is a bound, as in SRFI 69 and Guile.

    (define (number-hash n . _)
      "Return the hash value of number N, below (hash-bound), the same
for numbers that are =; a second argument is ignored.  An error if N
is not a number."
      (if (not (number? n)) (%hash-error 'number-hash 1 n "number"))
      (equal-hash n))

    (define (combine h1 h2)
      (modulo (+ (* h1 31) h2) hash-bound-value))

    ;; ---------------------------------------------------------------
    ;; Constructors.

    (define (make-pair-comparator car-c cdr-c)
      "Return a comparator of the pairs whose car satisfies CAR-C's
type test and cdr CDR-C's: equal when both are, ordered by the cars
and then by the cdrs; ordered and hashable if both comparators are.
An error if an argument is not a comparator."
      (check-comparator 'make-pair-comparator car-c)
      (check-comparator 'make-pair-comparator cdr-c)
      (%make-comparator
       (lambda (x)
         (and (pair? x) (comparator-test-type car-c (car x))
              (comparator-test-type cdr-c (cdr x))))
       (lambda (a b)
         (and (=? car-c (car a) (car b)) (=? cdr-c (cdr a) (cdr b))))
       (lambda (a b)
         (if (=? car-c (car a) (car b))
             (<? cdr-c (cdr a) (cdr b))
             (<? car-c (car a) (car b))))
       (lambda (x . _)
         (combine (comparator-hash car-c (car x))
                  (comparator-hash cdr-c (cdr x))))
       (and (%comparator-ordered? car-c) (%comparator-ordered? cdr-c))
       (and (%comparator-hashable? car-c) (%comparator-hashable? cdr-c))))

    (define (make-list-comparator elt-c type-test empty? head tail)
      "Return a comparator of the objects satisfying TYPE-TEST whose
elements, walked with EMPTY?, HEAD and TAIL, satisfy ELT-C's type
test: equal when their elements are, ordered lexicographically by
ELT-C (a prefix first); ordered and hashable if ELT-C is.  An error if
ELT-C is not a comparator."
      (define (all-elements? x)
        (or (empty? x)
            (and (comparator-test-type elt-c (head x))
                 (all-elements? (tail x)))))
      (define (same? a b)
        (cond ((empty? a) (empty? b))
              ((empty? b) #f)
              (else (and (=? elt-c (head a) (head b))
                         (same? (tail a) (tail b))))))
      (define (less? a b)
        (cond ((empty? b) #f)
              ((empty? a) #t)
              ((=? elt-c (head a) (head b)) (less? (tail a) (tail b)))
              (else (<? elt-c (head a) (head b)))))
      (define (hash-list x . _)
        (let loop ((x x) (h 7))
          (if (empty? x)
              h
              (loop (tail x) (combine h (comparator-hash elt-c (head x)))))))
      (check-comparator 'make-list-comparator elt-c)
      (%make-comparator (lambda (x) (and (type-test x) (all-elements? x)))
                        same? less? hash-list
                        (%comparator-ordered? elt-c)
                        (%comparator-hashable? elt-c)))

    (define (make-vector-comparator elt-c type-test length ref)
      "Return a comparator of the objects satisfying TYPE-TEST whose
elements, read with LENGTH and REF, satisfy ELT-C's type test: equal
when their elements are, ordered by length and then element by element
by ELT-C; ordered and hashable if ELT-C is.  An error if ELT-C is not
a comparator."
      (define (every-index? pred n)
        (let loop ((i 0)) (or (= i n) (and (pred i) (loop (+ i 1))))))
      (define (same? a b)
        (let ((n (length a)))
          (and (= n (length b))
               (every-index? (lambda (i) (=? elt-c (ref a i) (ref b i))) n))))
      (define (less? a b)
        (let ((na (length a)) (nb (length b)))
          (cond ((< na nb) #t)
                ((> na nb) #f)
                (else
                 (let loop ((i 0))
                   (cond ((= i na) #f)
                         ((=? elt-c (ref a i) (ref b i)) (loop (+ i 1)))
                         (else (<? elt-c (ref a i) (ref b i)))))))))
      (define (hash-vector x . _)
        (let ((n (length x)))
          (let loop ((i 0) (h n))
            (if (= i n)
                h
                (loop (+ i 1) (combine h (comparator-hash elt-c (ref x i))))))))
      (check-comparator 'make-vector-comparator elt-c)
      (%make-comparator
       (lambda (x)
         (and (type-test x)
              (every-index? (lambda (i) (comparator-test-type elt-c (ref x i)))
                            (length x))))
       same? less? hash-vector
       (%comparator-ordered? elt-c) (%comparator-hashable? elt-c)))

    (define (any-object x) #t)

    ;; eq?, eqv? and equal? comparators order like the default
    ;; comparator, which may raise an error on objects it cannot order.
    (define (make-eq-comparator)
      "Return a comparator of any objects with eq? as its equality,
ordered and hashed as by the default comparator."
      (%make-comparator any-object eq? default-less? default-hash #t #t))
    (define (make-eqv-comparator)
      "Return a comparator of any objects with eqv? as its equality,
ordered and hashed as by the default comparator."
      (%make-comparator any-object eqv? default-less? default-hash #t #t))
    (define (make-equal-comparator)
      "Return a comparator of any objects with equal? as its equality,
ordered and hashed as by the default comparator."
      (%make-comparator any-object equal? default-less? default-hash #t #t))

    ;; ---------------------------------------------------------------
    ;; The default comparator: the empty list, pairs, booleans,
    ;; characters, strings, symbols, numbers, vectors, bytevectors, the
    ;; registered types in the order of registration, then the rest
    ;; (equal when eqv?, not ordered otherwise).

    (define registered '())             ; comparators, newest first

    (define (comparator-register-default! c)
      "Add comparator C to those the default comparator uses for
objects of types it does not know, after those registered before.  An
error if C is not a comparator."
      (check-comparator 'comparator-register-default! c)
      (set! registered (cons c registered)))

    ;; The rank of X's type, and the registered comparator of X or #f.
    (define (type-rank x)
      (cond ((null? x) 0) ((pair? x) 1) ((boolean? x) 2) ((char? x) 3)
            ((string? x) 4) ((symbol? x) 5) ((number? x) 6) ((vector? x) 7)
            ((bytevector? x) 8)
            (else
             (let loop ((cs (reverse registered)) (i 9))
               (cond ((null? cs) i)
                     ((comparator-test-type (car cs) x) i)
                     (else (loop (cdr cs) (+ i 1))))))))

    (define (registered-for x)
      (let loop ((cs registered))
        (cond ((null? cs) #f)
              ((comparator-test-type (car cs) x) (car cs))
              (else (loop (cdr cs))))))

    (define (default-equal? a b)
      (let ((ra (type-rank a)))
        (and (= ra (type-rank b))
             (case ra
               ((0) #t)
               ((1) (and (default-equal? (car a) (car b))
                         (default-equal? (cdr a) (cdr b))))
               ((2) (eq? a b))
               ((3) (char=? a b))
               ((4) (string=? a b))
               ((5) (eq? a b))
               ((6) (= a b))
               ((7) (let ((n (vector-length a)))
                      (and (= n (vector-length b))
                           (let loop ((i 0))
                             (or (= i n)
                                 (and (default-equal? (vector-ref a i)
                                                      (vector-ref b i))
                                      (loop (+ i 1))))))))
               ((8) (bytevector=? a b))
               (else (let ((c (registered-for a)))
                       (if c (=? c a b) (eqv? a b))))))))

    (define (default-less? a b)
      (let ((ra (type-rank a)) (rb (type-rank b)))
        (cond ((< ra rb) #t)
              ((> ra rb) #f)
              (else
               (case ra
                 ((0) #f)
                 ((1) (if (default-equal? (car a) (car b))
                          (default-less? (cdr a) (cdr b))
                          (default-less? (car a) (car b))))
                 ((2) (and (not a) b))
                 ((3) (char<? a b))
                 ((4) (string<? a b))
                 ((5) (string<? (symbol->string a) (symbol->string b)))
                 ((6) (< a b))
                 ((7) (sequence-less? vector-length vector-ref a b))
                 ((8) (sequence-less? bytevector-length bytevector-u8-ref a b))
                 (else
                  (let ((c (registered-for a)))
                    (cond (c (<? c a b))
                          ((eqv? a b) #f)
                          (else (error "default comparator: cannot order"
                                       a b))))))))))

    (define (sequence-less? length ref a b)
      (let ((na (length a)) (nb (length b)))
        (cond ((< na nb) #t)
              ((> na nb) #f)
              (else
               (let loop ((i 0))
                 (cond ((= i na) #f)
                       ((default-equal? (ref a i) (ref b i)) (loop (+ i 1)))
                       (else (default-less? (ref a i) (ref b i)))))))))

    ;; libscm's equal-hash, unless a registered type is inside X: then
    ;; X is walked here and the registered hash used for those parts.
    (define (default-hash x . _)
      "Return the hash value of X by the default comparator: libscm's
equal-hash, with the registered comparators' hash functions for the
objects of their types inside X; a second argument is ignored."
      (if (null? registered) (equal-hash x) (registered-hash x)))

    (define (registered-hash x)
      (cond ((pair? x)
             (combine (registered-hash (car x)) (registered-hash (cdr x))))
            ((vector? x)
             (let loop ((i 0) (h (vector-length x)))
               (if (= i (vector-length x))
                   h
                   (loop (+ i 1) (combine h (registered-hash (vector-ref x i)))))))
            ((registered-for x) => (lambda (c) (comparator-hash c x)))
            (else (equal-hash x))))

    (define the-default-comparator
      (%make-comparator any-object default-equal? default-less? default-hash
                        #t #t))

    (define (make-default-comparator)
      "Return the default comparator: any objects, ordered by type
(the empty list, pairs, booleans, characters, strings, symbols,
numbers, vectors, bytevectors, then the registered types) and within a
type by its natural order; objects of other types are equal when eqv?,
and an error is raised when two distinct ones are ordered."
      the-default-comparator)

    ;; ---------------------------------------------------------------
    ;; Invokers and comparison predicates.

    (define (comparator-test-type c obj)
      "Return the result of comparator C's type test on OBJ.  An error
if C is not a comparator."
      (check-comparator 'comparator-test-type c)
      ((%comparator-type-test-predicate c) obj))

    (define (comparator-check-type c obj)
      "Return the result of comparator C's type test on OBJ if it is true,
else raise an error.  An error too if C is not a comparator."
      (check-comparator 'comparator-check-type c)
      (or ((%comparator-type-test-predicate c) obj)
          (error "comparator-check-type: object of the wrong type" obj)))

    (define (comparator-hash c obj)
      "Return the hash value of OBJ by comparator C's hash function.
An error if C is not a comparator or is not hashable."
      (check-comparator 'comparator-hash c)
      ((%comparator-hash-function c) obj))

    ;; Each object against its successor with TEST (given the
    ;; comparator's equality and ordering).
    (define (chain who test c objs)
      (check-comparator who c)
      (if (or (null? objs) (null? (cdr objs)))
          (error (string-append (symbol->string who)
                                ": needs at least two objects") objs))
      (let ((eq (%comparator-equality-predicate c))
            (lt (%comparator-ordering-predicate c)))
        (let loop ((a (car objs)) (rest (cdr objs)))
          (or (null? rest)
              (and (test eq lt a (car rest))
                   (loop (car rest) (cdr rest)))))))

    (define (=? c . objs)
      "Return #t if the OBJS are all equal by comparator C's equality,
each to the next, else #f.  An error if C is not a comparator or fewer
than two objects are given."
      (chain '=? (lambda (eq lt a b) (eq a b)) c objs))
    (define (<? c . objs)
      "Return #t if each of the OBJS is less than the next by
comparator C's ordering, else #f.  An error if C is not a comparator
or fewer than two objects are given."
      (chain '<? (lambda (eq lt a b) (lt a b)) c objs))
    (define (>? c . objs)
      "Return #t if each of the OBJS is greater than the next by
comparator C's ordering, else #f.  An error if C is not a comparator
or fewer than two objects are given."
      (chain '>? (lambda (eq lt a b) (lt b a)) c objs))
    (define (<=? c . objs)
      "Return #t if none of the OBJS is greater than the next by
comparator C's ordering, else #f.  An error if C is not a comparator
or fewer than two objects are given."
      (chain '<=? (lambda (eq lt a b) (not (lt b a))) c objs))
    (define (>=? c . objs)
      "Return #t if none of the OBJS is less than the next by
comparator C's ordering, else #f.  An error if C is not a comparator
or fewer than two objects are given."
      (chain '>=? (lambda (eq lt a b) (not (lt a b))) c objs))

    (define-syntax comparator-if<=>
      (syntax-rules ()
        ((_ a b less equal greater)
         (comparator-if<=> (make-default-comparator) a b less equal greater))
        ((_ c a b less equal greater)
         (let ((cmp c) (x a) (y b))
           (cond ((<? cmp x y) less)
                 ((=? cmp x y) equal)
                 (else greater))))))

    ;; ---------------------------------------------------------------
    ;; SRFI 162: the largest and smallest of objects by a comparator's
    ;; ordering; of equal ones, the first.

    (define (extreme who c objs keep-new?)
      (check-comparator who c)
      (if (null? objs)
          (error (string-append (symbol->string who) ": no objects") c))
      (let ((lt (%comparator-ordering-predicate c)))
        (let loop ((best (car objs)) (rest (cdr objs)))
          (cond ((null? rest) best)
                ((keep-new? lt best (car rest)) (loop (car rest) (cdr rest)))
                (else (loop best (cdr rest)))))))

    (define (larger? lt best x) (lt best x))
    (define (smaller? lt best x) (lt x best))

    (define (comparator-max c obj . objs)
      "Return the greatest of OBJ and the OBJS by comparator C's
ordering, the first of those that are greatest.  An error if C is not
a comparator."
      (extreme 'comparator-max c (cons obj objs) larger?))
    (define (comparator-min c obj . objs)
      "Return the least of OBJ and the OBJS by comparator C's
ordering, the first of those that are least.  An error if C is not a
comparator."
      (extreme 'comparator-min c (cons obj objs) smaller?))
    (define (comparator-max-in-list c objs)
      "Return the greatest element of the list OBJS by comparator C's
ordering, the first of those that are greatest.  An error if C is not
a comparator or OBJS is empty."
      (extreme 'comparator-max-in-list c objs larger?))
    (define (comparator-min-in-list c objs)
      "Return the least element of the list OBJS by comparator C's
ordering, the first of those that are least.  An error if C is not a
comparator or OBJS is empty."
      (extreme 'comparator-min-in-list c objs smaller?))

    ;; ---------------------------------------------------------------
    ;; Standard comparators (SRFI 162's names, and three more).

    (define boolean-comparator
      (make-comparator boolean? eq? (lambda (a b) (and (not a) b)) boolean-hash))
    (define char-comparator (make-comparator char? char=? char<? char-hash))
    (define char-ci-comparator
      (make-comparator char? char-ci=? char-ci<? char-ci-hash))
    (define string-comparator
      (make-comparator string? string=? string<? string-hash))
    (define string-ci-comparator
      (make-comparator string? string-ci=? string-ci<? string-ci-hash))
    (define symbol-comparator
      (make-comparator symbol? eq?
                       (lambda (a b)
                         (string<? (symbol->string a) (symbol->string b)))
                       symbol-hash))
    (define number-comparator (make-comparator real? = < number-hash))
    (define real-comparator number-comparator)
    (define default-comparator the-default-comparator)
    (define eq-comparator (make-eq-comparator))
    (define eqv-comparator (make-eqv-comparator))
    (define equal-comparator (make-equal-comparator))
    (define pair-comparator
      (make-pair-comparator default-comparator default-comparator))
    (define list-comparator
      (make-list-comparator default-comparator list? null? car cdr))
    (define vector-comparator
      (make-vector-comparator default-comparator vector? vector-length
                              vector-ref))
    (define bytevector-comparator
      (make-vector-comparator number-comparator bytevector? bytevector-length
                              bytevector-u8-ref))))
