;;; 133.sld -- SRFI 133, the vector library
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name of SRFI 133.  R7RS's vector procedures meet the SRFI's
;;; specification and are re-exported: make-vector, vector, vector?,
;;; vector-ref, vector-length, vector-set!, vector-fill!, vector-copy,
;;; vector-copy!, vector-append, vector-map, vector-for-each (both stop
;;; at the shortest vector), vector->list, list->vector, vector->string
;;; and string->vector.
;;;
;;; Procedures over several vectors stop at the end of the shortest,
;;; except vector= (vectors of different lengths are not equal) and
;;; vector-index-right / vector-skip-right, which the SRFI gives only
;;; vectors of one length: other lengths are an error here.
;;; vector-binary-search also takes the optional START and END of SRFI
;;; 43.  Bad arguments (a non-vector, a non-procedure, an index or a
;;; range outside the vector) raise an error naming the procedure and
;;; the argument position.

;;; Code:

(define-library (srfi 133)
  (export
   ;; Constructors
   make-vector vector vector-unfold vector-unfold-right vector-copy
   vector-reverse-copy vector-append vector-concatenate
   vector-append-subvectors
   ;; Predicates
   vector? vector-empty? vector=
   ;; Selectors
   vector-ref vector-length
   ;; Iteration
   vector-fold vector-fold-right vector-map vector-map! vector-for-each
   vector-count vector-cumulate
   ;; Searching
   vector-index vector-index-right vector-skip vector-skip-right
   vector-binary-search vector-any vector-every vector-partition
   ;; Mutators
   vector-set! vector-swap! vector-fill! vector-reverse! vector-copy!
   vector-reverse-copy! vector-unfold! vector-unfold-right!
   ;; Conversion
   vector->list reverse-vector->list list->vector reverse-list->vector
   vector->string string->vector)
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
      (if (not (procedure? f)) (wrong-type who pos "procedure" f)))

    (define (check-vector who pos v)
      (if (not (vector? v)) (wrong-type who pos "vector" v)))

    (define (check-index who pos k)
      (if (not (exact-integer? k)) (wrong-type who pos "exact integer" k)))

    ;; K (argument POS of WHO) must be an exact integer in [LO, HI].
    (define (check-bounded who pos k lo hi)
      (check-index who pos k)
      (if (not (<= lo k hi)) (out-of-range who pos k)))

    ;; The range [START, END) that the optional arguments OPT (from
    ;; position POS) of WHO select in V, as two values.
    (define (vector-range who v opt pos)
      (let* ((n (vector-length v))
             (start (if (pair? opt) (car opt) 0))
             (end (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) n)))
        (if (and (pair? opt) (pair? (cdr opt)) (pair? (cddr opt)))
            (error (string-append who ": too many arguments") opt))
        (check-bounded who pos start 0 n)
        (check-bounded who (+ pos 1) end start n)
        (values start end)))

    ;; The length of the shortest of the vectors VS (arguments POS,
    ;; POS+1, ... of WHO), which are checked to be vectors.
    (define (shortest who pos vs)
      (let loop ((vs vs) (i pos) (n #f))
        (if (null? vs)
            n
            (begin
              (check-vector who i (car vs))
              (loop (cdr vs) (+ i 1)
                    (let ((m (vector-length (car vs))))
                      (if (or (not n) (< m n)) m n)))))))

    ;; The elements at I of the vectors VS, as a list.
    (define (elements-at vs i)
      (let build ((vs vs))
        (if (null? vs)
            '()
            (cons (vector-ref (car vs) i) (build (cdr vs))))))

    ;; ----------------------------------------------------------------
    ;; Constructors

    ;; Call F with I and SEEDS; store its first value at I of V and
    ;; return the others (the next seeds) as a list.
    (define (unfold-step f v i seeds)
      (call-with-values (lambda () (apply f i seeds))
        (lambda (x . next)
          (vector-set! v i x)
          next)))

    (define (vector-unfold f len . seeds)
      "Return a new vector of length LEN whose element I is the first
value of (F I SEED ...), for I from 0 up; the other values of each
call are the SEEDS of the next.  An error if F is not a procedure or
LEN is not a non-negative exact integer."
      (check-procedure "vector-unfold" 1 f)
      (if (not (and (exact-integer? len) (>= len 0)))
          (wrong-type "vector-unfold" 2 "non-negative exact integer" len))
      (let ((v (make-vector len)))
        (let loop ((i 0) (seeds seeds))
          (if (< i len)
              (loop (+ i 1) (unfold-step f v i seeds))
              v))))

    (define (vector-unfold-right f len . seeds)
      "Return a new vector of length LEN whose element I is the first
value of (F I SEED ...), for I from LEN - 1 down to 0; the other
values of each call are the SEEDS of the next.  An error if F is not a
procedure or LEN is not a non-negative exact integer."
      (check-procedure "vector-unfold-right" 1 f)
      (if (not (and (exact-integer? len) (>= len 0)))
          (wrong-type "vector-unfold-right" 2 "non-negative exact integer" len))
      (let ((v (make-vector len)))
        (let loop ((i (- len 1)) (seeds seeds))
          (if (>= i 0)
              (loop (- i 1) (unfold-step f v i seeds))
              v))))

    (define (vector-unfold! f v start end . seeds)
      "Store into V, from index START up to END, the first value of (F
I SEED ...) at each index I; the other values of each call are the
SEEDS of the next.  An error if START and END are not a range of V."
      (check-procedure "vector-unfold!" 1 f)
      (check-vector "vector-unfold!" 2 v)
      (receive (start end) (vector-range "vector-unfold!" v (list start end) 3)
        (let loop ((i start) (seeds seeds))
          (if (< i end)
              (loop (+ i 1) (unfold-step f v i seeds))))))

    (define (vector-unfold-right! f v start end . seeds)
      "Store into V, from index END - 1 down to START, the first value
of (F I SEED ...) at each index I; the other values of each call are
the SEEDS of the next.  An error if START and END are not a range of
V."
      (check-procedure "vector-unfold-right!" 1 f)
      (check-vector "vector-unfold-right!" 2 v)
      (receive (start end) (vector-range "vector-unfold-right!" v (list start end) 3)
        (let loop ((i (- end 1)) (seeds seeds))
          (if (>= i start)
              (loop (- i 1) (unfold-step f v i seeds))))))

    (define (vector-reverse-copy v . range)
      "Return a new vector of the elements of V from index START
(default 0) up to END (default its length), in reverse order.  An
error if START and END are not a range of V."
      (check-vector "vector-reverse-copy" 1 v)
      (receive (start end) (vector-range "vector-reverse-copy" v range 2)
        (let ((new (make-vector (- end start))))
          (do ((i start (+ i 1)) (j (- end start 1) (- j 1)))
              ((= i end) new)
            (vector-set! new j (vector-ref v i))))))

    (define (vector-concatenate vectors)
      "Return a new vector of the elements of the vectors of the list
VECTORS, in order.  An error if VECTORS is not a proper list of
vectors."
      (if (not (list? vectors))
          (wrong-type "vector-concatenate" 1 "proper list" vectors))
      (let loop ((vs vectors))
        (if (pair? vs)
            (begin
              (if (not (vector? (car vs)))
                  (wrong-type "vector-concatenate" 1 "list of vectors" vectors))
              (loop (cdr vs)))))
      (apply vector-append vectors))

    ;; (vector-append-subvectors vec1 start1 end1 vec2 start2 end2 ...)
    (define (vector-append-subvectors . args)
      "Return a new vector of the elements of each range of ARGS,
given as VECTOR START END triples, in order.  An error if the
arguments do not come in threes or a START and END are not a range of
their vector."
      (define who "vector-append-subvectors")
      ;; Check the triples and add up their lengths.
      (let ((total (let loop ((as args) (pos 1) (n 0))
                     (cond ((null? as) n)
                           ((not (and (pair? (cdr as)) (pair? (cddr as))))
                            (error (string-append
                                    who ": arguments must come in threes"
                                    " (vector start end)")
                                   args))
                           (else
                            (check-vector who pos (car as))
                            (receive (start end)
                                (vector-range who (car as)
                                              (list (cadr as) (caddr as))
                                              (+ pos 1))
                              (loop (cdddr as) (+ pos 3)
                                    (+ n (- end start)))))))))
        (let ((new (make-vector total)))
          (let loop ((as args) (at 0))
            (if (null? as)
                new
                (let ((v (car as)) (start (cadr as)) (end (caddr as)))
                  (vector-copy! new at v start end)
                  (loop (cdddr as) (+ at (- end start)))))))))

    ;; ----------------------------------------------------------------
    ;; Predicates

    (define (vector-empty? v)
      "Return #t if vector V has no elements, else #f.  An error if V
is not a vector."
      (check-vector "vector-empty?" 1 v)
      (= (vector-length v) 0))

    (define (vector= elt=? . vectors)
      "Return #t if each of the VECTORS has the same length as the
next and their elements at each index are equal by (ELT=? A B), else
#f; #t for fewer than two vectors."
      (define (same? a b)
        (let ((n (vector-length a)))
          (and (= n (vector-length b))
               (let loop ((i 0))
                 (or (= i n)
                     (and (elt=? (vector-ref a i) (vector-ref b i))
                          (loop (+ i 1))))))))
      (check-procedure "vector=" 1 elt=?)
      (shortest "vector=" 2 vectors)      ; checks that all are vectors
      (let loop ((vs vectors))
        (or (null? vs)
            (null? (cdr vs))
            (and (same? (car vs) (cadr vs))
                 (loop (cdr vs))))))

    ;; ----------------------------------------------------------------
    ;; Iteration

    (define (vector-fold kons knil v . vs)
      "Return the result of calling (KONS STATE E ...) with the
elements E at each index of V and the VS from the left, STATE KNIL at
first and then the result of the call before; it stops at the end of
the shortest vector."
      (check-procedure "vector-fold" 1 kons)
      (let* ((all (cons v vs)) (n (shortest "vector-fold" 3 all)))
        (let loop ((i 0) (state knil))
          (cond ((= i n) state)
                ((null? vs) (loop (+ i 1) (kons state (vector-ref v i))))
                (else (loop (+ i 1) (apply kons state (elements-at all i))))))))

    (define (vector-fold-right kons knil v . vs)
      "Return the result of calling (KONS STATE E ...) with the
elements E at each index of V and the VS from the right, STATE KNIL at
first and then the result of the call before; the indexes are those of
the shortest vector."
      (check-procedure "vector-fold-right" 1 kons)
      (let* ((all (cons v vs)) (n (shortest "vector-fold-right" 3 all)))
        (let loop ((i (- n 1)) (state knil))
          (cond ((< i 0) state)
                ((null? vs) (loop (- i 1) (kons state (vector-ref v i))))
                (else (loop (- i 1) (apply kons state (elements-at all i))))))))

    (define (vector-map! f v . vs)
      "Store into each index of V the result of (F E ...) on the
elements at that index of V and the VS, up to the length of the
shortest vector."
      (check-procedure "vector-map!" 1 f)
      (let* ((all (cons v vs)) (n (shortest "vector-map!" 2 all)))
        (do ((i 0 (+ i 1)))
            ((= i n))
          (vector-set! v i (if (null? vs)
                               (f (vector-ref v i))
                               (apply f (elements-at all i)))))))

    (define (vector-count pred v . vs)
      "Return the number of indexes, up to the length of the shortest
vector, at which (PRED E ...) on the elements of V and the VS is true."
      (check-procedure "vector-count" 1 pred)
      (let* ((all (cons v vs)) (n (shortest "vector-count" 2 all)))
        (let loop ((i 0) (count 0))
          (if (= i n)
              count
              (loop (+ i 1)
                    (if (if (null? vs)
                            (pred (vector-ref v i))
                            (apply pred (elements-at all i)))
                        (+ count 1)
                        count))))))

    (define (vector-cumulate f knil v)
      "Return a new vector of the running results of (F ACC E) over
the elements E of V, ACC KNIL at first and then the result before:
element I is the result for E at I."
      (check-procedure "vector-cumulate" 1 f)
      (check-vector "vector-cumulate" 3 v)
      (let* ((n (vector-length v)) (new (make-vector n)))
        (let loop ((i 0) (acc knil))
          (if (= i n)
              new
              (let ((x (f acc (vector-ref v i))))
                (vector-set! new i x)
                (loop (+ i 1) x))))))

    ;; ----------------------------------------------------------------
    ;; Searching

    ;; The first index from the left (step 1) or the right (step -1)
    ;; where (pred element ...) is WANT, or #f; for WHO.
    (define (search who pred vs step want)
      (check-procedure who 1 pred)
      (let ((n (shortest who 2 vs)))
        (if (and (< step 0)
                 (not (let same ((l vs))
                        (or (null? l)
                            (and (= (vector-length (car l)) n) (same (cdr l)))))))
            (error (string-append who ": the vectors have different lengths")
                   (map vector-length vs)))
        (let loop ((i (if (> step 0) 0 (- n 1))))
          (cond ((or (= i n) (< i 0)) #f)
                ((eq? want (not (not (if (null? (cdr vs))
                                         (pred (vector-ref (car vs) i))
                                         (apply pred (elements-at vs i))))))
                 i)
                (else (loop (+ i step)))))))

    (define (vector-index pred v . vs)
      "Return the first index at which (PRED E ...) on the elements of
V and the VS is true, up to the length of the shortest vector, or #f."
      (search "vector-index" pred (cons v vs) 1 #t))

    (define (vector-index-right pred v . vs)
      "Return the last index at which (PRED E ...) on the elements of
V and the VS is true, or #f.  An error if the vectors differ in
length."
      (search "vector-index-right" pred (cons v vs) -1 #t))

    (define (vector-skip pred v . vs)
      "Return the first index at which (PRED E ...) on the elements of
V and the VS is false, up to the length of the shortest vector, or #f."
      (search "vector-skip" pred (cons v vs) 1 #f))

    (define (vector-skip-right pred v . vs)
      "Return the last index at which (PRED E ...) on the elements of
V and the VS is false, or #f.  An error if the vectors differ in
length."
      (search "vector-skip-right" pred (cons v vs) -1 #f))

    ;; CMP is called as (cmp element value).
    (define (vector-binary-search v value cmp . range)
      "Return the index of an element E of the sorted vector V,
between START (default 0) and END (default its length), for which (CMP
E VALUE) is zero, or #f if there is none; CMP returns a negative
number when E is below VALUE and a positive one when above.  An error
if CMP returns a non-number."
      (check-vector "vector-binary-search" 1 v)
      (check-procedure "vector-binary-search" 3 cmp)
      (receive (start end) (vector-range "vector-binary-search" v range 4)
        (let loop ((lo start) (hi end))
          (if (>= lo hi)
              #f
              (let* ((mid (quotient (+ lo hi) 2))
                     (c (cmp (vector-ref v mid) value)))
                (cond ((not (real? c))
                       (error "vector-binary-search: the comparison returned a non-number" c))
                      ((negative? c) (loop (+ mid 1) hi))
                      ((positive? c) (loop lo mid))
                      (else mid)))))))

    (define (vector-any pred v . vs)
      "Return the first true result of (PRED E ...) on the elements at
each index of V and the VS, up to the length of the shortest vector,
or #f."
      (check-procedure "vector-any" 1 pred)
      (let* ((all (cons v vs)) (n (shortest "vector-any" 2 all)))
        (let loop ((i 0))
          (cond ((= i n) #f)
                ((= i (- n 1))            ; the last call is a tail call
                 (if (null? vs)
                     (pred (vector-ref v i))
                     (apply pred (elements-at all i))))
                ((if (null? vs)
                     (pred (vector-ref v i))
                     (apply pred (elements-at all i)))
                 => (lambda (x) x))
                (else (loop (+ i 1)))))))

    (define (vector-every pred v . vs)
      "Return #f if (PRED E ...) is false at an index of V and the VS,
up to the length of the shortest vector, else the result at the last
index, or #t if the vectors are empty."
      (check-procedure "vector-every" 1 pred)
      (let* ((all (cons v vs)) (n (shortest "vector-every" 2 all)))
        (let loop ((i 0))
          (cond ((= i n) #t)
                ((= i (- n 1))
                 (if (null? vs)
                     (pred (vector-ref v i))
                     (apply pred (elements-at all i))))
                ((if (null? vs)
                     (pred (vector-ref v i))
                     (apply pred (elements-at all i)))
                 (loop (+ i 1)))
                (else #f)))))

    (define (vector-partition pred v)
      "Return two values: a new vector of the elements of V that
satisfy PRED in order, followed by the others in order, and the number
of those that satisfy it."
      (check-procedure "vector-partition" 1 pred)
      (check-vector "vector-partition" 2 v)
      (let* ((n (vector-length v))
             (in? (make-vector n #f))
             (count (let loop ((i 0) (k 0))
                      (if (= i n)
                          k
                          (if (pred (vector-ref v i))
                              (begin (vector-set! in? i #t) (loop (+ i 1) (+ k 1)))
                              (loop (+ i 1) k)))))
             (new (make-vector n)))
        (let loop ((i 0) (yes 0) (no count))
          (cond ((= i n) (values new count))
                ((vector-ref in? i)
                 (vector-set! new yes (vector-ref v i))
                 (loop (+ i 1) (+ yes 1) no))
                (else
                 (vector-set! new no (vector-ref v i))
                 (loop (+ i 1) yes (+ no 1)))))))

    ;; ----------------------------------------------------------------
    ;; Mutators

    (define (vector-swap! v i j)
      "Exchange the elements of vector V at indexes I and J.  An error
if I or J is not an index of V."
      (check-vector "vector-swap!" 1 v)
      (check-bounded "vector-swap!" 2 i 0 (- (vector-length v) 1))
      (check-bounded "vector-swap!" 3 j 0 (- (vector-length v) 1))
      (let ((x (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j x)))

    (define (vector-reverse! v . range)
      "Reverse the order of the elements of vector V from index START
(default 0) up to END (default its length), in place.  An error if
START and END are not a range of V."
      (check-vector "vector-reverse!" 1 v)
      (receive (start end) (vector-range "vector-reverse!" v range 2)
        (let loop ((i start) (j (- end 1)))
          (if (< i j)
              (let ((x (vector-ref v i)))
                (vector-set! v i (vector-ref v j))
                (vector-set! v j x)
                (loop (+ i 1) (- j 1)))))))

    (define (vector-reverse-copy! to at from . range)
      "Copy the elements of vector FROM from index START (default 0)
up to END (default its length) into vector TO from index AT, in
reverse order; the ranges may overlap.  An error if they do not fit."
      (check-vector "vector-reverse-copy!" 1 to)
      (check-vector "vector-reverse-copy!" 3 from)
      (receive (start end) (vector-range "vector-reverse-copy!" from range 4)
        (check-bounded "vector-reverse-copy!" 2 at 0
                       (- (vector-length to) (- end start)))
        ;; Through a copy, so that overlapping ranges come out right.
        (vector-copy! to at (vector-reverse-copy from start end))))

    ;; ----------------------------------------------------------------
    ;; Conversion

    (define (reverse-vector->list v . range)
      "Return a list of the elements of vector V from index START
(default 0) up to END (default its length), in reverse order."
      (check-vector "reverse-vector->list" 1 v)
      (receive (start end) (vector-range "reverse-vector->list" v range 2)
        (let loop ((i start) (acc '()))
          (if (= i end)
              acc
              (loop (+ i 1) (cons (vector-ref v i) acc))))))

    (define (reverse-list->vector l)
      "Return a new vector of the elements of the list L in reverse
order.  An error if L is not a proper list."
      (if (not (list? l))
          (wrong-type "reverse-list->vector" 1 "proper list" l))
      (let* ((n (length l)) (v (make-vector n)))
        (let loop ((l l) (i (- n 1)))
          (if (pair? l)
              (begin (vector-set! v i (car l)) (loop (cdr l) (- i 1)))
              v))))))

;;; 133.sld ends here
