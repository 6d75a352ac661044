;;; 158.sld -- SRFI 158, Generators and Accumulators
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A generator is a procedure of no arguments that returns the next
;;; value each time it is called and an end-of-file object once it is
;;; exhausted; an accumulator is a procedure of one argument that adds
;;; it to its state, and returns the state when given an end-of-file
;;; object.  Neither is a type of its own: these are ordinary procedures.
;;;
;;; make-coroutine-generator runs its procedure as a coroutine on
;;; call/cc; make-for-each-generator is a coroutine around the for-each
;;; it is given.  A for-each written in C that calls back into Scheme
;;; (none of libscm's: for-each, vector-for-each and string-for-each are
;;; Scheme) cannot be suspended that way: resuming it would re-enter a
;;; C frame that has returned, which libscm refuses with a
;;; continuation-barrier error.
;;;
;;; Every procedure checks the arguments it is given (generators and
;;; procedures, counts and indexes) and names itself in its errors.

;;; Code:

(define-library (srfi 158)
  (export generator circular-generator make-iota-generator
          make-range-generator make-coroutine-generator list->generator
          vector->generator reverse-vector->generator string->generator
          bytevector->generator make-for-each-generator
          make-unfold-generator
          gcons* gappend gflatten ggroup gmerge gmap gcombine gfilter
          gremove gstate-filter gtake gdrop gtake-while gdrop-while
          gdelete gdelete-neighbor-dups gindex gselect
          generator->list generator->reverse-list generator->vector
          generator->vector! generator->string generator-fold
          generator-for-each generator-map->list generator-find
          generator-count generator-any generator-every generator-unfold
          make-accumulator count-accumulator list-accumulator
          reverse-list-accumulator vector-accumulator
          reverse-vector-accumulator vector-accumulator!
          string-accumulator bytevector-accumulator
          bytevector-accumulator! sum-accumulator product-accumulator)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; Argument checks.

    (define (wrong-type who pos expected obj)
      (error (string-append (symbol->string who)
                            ": wrong type argument in position "
                            (number->string pos)
                            " (expected " expected ")")
             obj))

    (define (out-of-range who pos obj)
      (error (string-append (symbol->string who)
                            ": argument out of range in position "
                            (number->string pos))
             obj))

    (define (check-procedure who pos x)
      (if (not (procedure? x)) (wrong-type who pos "procedure" x)))

    ;; Each of the list GENS, the first of which is argument POS.
    (define (check-generators who pos gens)
      (let loop ((gs gens) (pos pos))
        (if (pair? gs)
            (begin (check-procedure who pos (car gs))
                   (loop (cdr gs) (+ pos 1))))))

    (define (check-count who pos k)
      (if (not (and (exact-integer? k) (>= k 0)))
          (wrong-type who pos "non-negative exact integer" k)))

    ;; The optional count K of WHO (argument POS), or #f for none.
    (define (optional-count who pos opt)
      (cond ((null? opt) #f)
            ((null? (cdr opt)) (check-count who pos (car opt)) (car opt))
            (else (error (string-append (symbol->string who)
                                        ": too many arguments")
                         opt))))

    ;; START and END (optional, in OPT) of sequence SEQ of length LEN,
    ;; arguments POS and POS + 1 of WHO, as a pair.
    (define (range who pos len opt)
      (let* ((start (if (pair? opt) (car opt) 0))
             (end (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) len)))
        (if (and (pair? opt) (pair? (cdr opt)) (pair? (cddr opt)))
            (error (string-append (symbol->string who) ": too many arguments")
                   opt))
        (check-count who pos start)
        (check-count who (+ pos 1) end)
        (if (> end len) (out-of-range who (+ pos 1) end))
        (if (> start end) (out-of-range who pos start))
        (cons start end)))

    ;; The next value of each generator of GENS, in order, or #f when
    ;; one of them is exhausted (the later ones are then not called).
    (define (next-values gens)
      (let loop ((gs gens) (acc '()))
        (if (null? gs)
            (reverse acc)
            (let ((v ((car gs))))
              (if (eof-object? v) #f (loop (cdr gs) (cons v acc)))))))

    (define (exhausted) (eof-object))

    ;; ----------------------------------------------------------------
    ;; Generator constructors.

    (define (generator . args)
      "Return a generator of the ARGS in order, then an end-of-file
object."
      (list->generator args))

    (define (circular-generator arg . args)
      "Return an infinite generator that gives ARG and the ARGS in
order, over and over again."
      (let* ((all (cons arg args)) (rest all))
        (lambda ()
          (if (null? rest) (set! rest all))
          (let ((v (car rest)))
            (set! rest (cdr rest))
            v))))

    ;; A generator of START + I * STEP for I from 0 while (MORE? I),
    ;; exact if START and STEP are.
    (define (arithmetic-generator start step more?)
      (let ((i 0) (exact-values (and (exact? start) (exact? step))))
        (lambda ()
          (if (more? i)
              (let ((v (+ start (* i step))))
                (set! i (+ i 1))
                (if exact-values v (inexact v)))
              (exhausted)))))

    (define (check-number who pos x)
      (if (not (real? x)) (wrong-type who pos "real number" x)))

    (define (make-iota-generator count . opt)
      "Return a generator of COUNT numbers: START (default 0), START +
STEP (default 1), and so on.  The values are exact if START and STEP
are, inexact otherwise.  An error if COUNT is not a non-negative
integer or START or STEP is not a real number."
      (if (not (and (integer? count) (>= count 0)))
          (wrong-type 'make-iota-generator 1 "non-negative integer" count))
      (let ((start (if (pair? opt) (car opt) 0))
            (step (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) 1)))
        (check-number 'make-iota-generator 2 start)
        (check-number 'make-iota-generator 3 step)
        (arithmetic-generator start step (lambda (i) (< i count)))))

    (define (make-range-generator start . opt)
      "Return a generator of START, START + STEP (default 1), and so
on while the value is less than END; without END it is infinite.  The
values are exact if START and STEP are, inexact otherwise.  An error
if an argument is not a real number."
      (check-number 'make-range-generator 1 start)
      (let ((end (if (pair? opt) (car opt) #f))
            (step (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) 1)))
        (if end (check-number 'make-range-generator 2 end))
        (check-number 'make-range-generator 3 step)
        (arithmetic-generator
         start step
         (if end (lambda (i) (< (+ start (* i step)) end)) (lambda (i) #t)))))

    ;; PROC runs until it calls yield; the generator's call returns what
    ;; yield was given, and the next call resumes PROC there.  RETURN is
    ;; the continuation of the generator call in progress.
    (define (make-coroutine-generator proc)
      "Return a generator that runs (PROC YIELD) as a coroutine: each
call resumes PROC until it calls (YIELD VALUE), and returns VALUE;
once PROC returns, the generator is exhausted.  Built on call/cc."
      (check-procedure 'make-coroutine-generator 1 proc)
      (let ((return #f) (resume #f) (done #f))
        (define (yield v)
          (call/cc (lambda (k) (set! resume k) (return v))))
        (lambda ()
          (if done
              (exhausted)
              (call/cc
               (lambda (k)
                 (set! return k)
                 (if resume
                     (resume #f)
                     (begin
                       (proc yield)
                       (set! done #t)
                       (return (exhausted))))))))))

    (define (list->generator lis)
      "Return a generator of the elements of the list LIS in order.
An error if LIS is not a proper list."
      (if (not (list? lis)) (wrong-type 'list->generator 1 "list" lis))
      (lambda ()
        (if (null? lis)
            (exhausted)
            (let ((v (car lis)))
              (set! lis (cdr lis))
              v))))

    ;; A generator of (REF SEQ I) for I from START up to END, or down
    ;; from END - 1 to START if BACKWARD.
    (define (index-generator ref seq start end backward)
      (if backward
          (lambda ()
            (if (<= end start)
                (exhausted)
                (begin (set! end (- end 1)) (ref seq end))))
          (lambda ()
            (if (>= start end)
                (exhausted)
                (let ((v (ref seq start)))
                  (set! start (+ start 1))
                  v)))))

    (define-syntax define-sequence-generator
      (syntax-rules ()
        ((_ name type? expected length ref backward doc)
         (define (name seq . opt)
           doc
           (if (not (type? seq)) (wrong-type 'name 1 expected seq))
           (let ((r (range 'name 2 (length seq) opt)))
             (index-generator ref seq (car r) (cdr r) backward))))))

    (define-sequence-generator vector->generator
      vector? "vector" vector-length vector-ref #f
      "Return a generator of the elements of vector SEQ from index START
(default 0) up to END (default its length).  An error if SEQ is not a
vector or START and END are not indexes with START <= END.")
    (define-sequence-generator reverse-vector->generator
      vector? "vector" vector-length vector-ref #t
      "Return a generator of the elements of vector SEQ from index END
- 1 (END defaults to its length) down to START (default 0).  An error if
SEQ is not a vector or START and END are not indexes with START <= END.")
    (define-sequence-generator string->generator
      string? "string" string-length string-ref #f
      "Return a generator of the characters of string SEQ from index
START (default 0) up to END (default its length).  An error if SEQ is
not a string or START and END are not indexes with START <= END.")
    (define-sequence-generator bytevector->generator
      bytevector? "bytevector" bytevector-length bytevector-u8-ref #f
      "Return a generator of the bytes of bytevector SEQ from index
START (default 0) up to END (default its length).  An error if SEQ is
not a bytevector or START and END are not indexes with START <= END.")

    (define (make-for-each-generator for-each obj)
      "Return a generator of the values that (FOR-EACH PROC OBJ)
passes to PROC, in order, running FOR-EACH as a coroutine (see
make-coroutine-generator).  An error if FOR-EACH is not a procedure."
      (check-procedure 'make-for-each-generator 1 for-each)
      (make-coroutine-generator
       (lambda (yield) (for-each yield obj))))

    (define (make-unfold-generator stop? mapper successor seed)
      "Return a generator of (MAPPER SEED), then of MAPPER applied to
each successive (SUCCESSOR SEED), until (STOP? SEED) is true.  An
error if STOP?, MAPPER or SUCCESSOR is not a procedure."
      (check-procedure 'make-unfold-generator 1 stop?)
      (check-procedure 'make-unfold-generator 2 mapper)
      (check-procedure 'make-unfold-generator 3 successor)
      (lambda ()
        (if (stop? seed)
            (exhausted)
            (let ((v (mapper seed)))
              (set! seed (successor seed))
              v))))

    ;; ----------------------------------------------------------------
    ;; Generator operations.

    (define (gcons* . args)
      "Return a generator of the objects given before the last
argument, then of the values of the last argument, a generator.  An
error if no argument is given or the last is not a procedure."
      (if (null? args) (error "gcons*: no generator given"))
      (let loop ((as args) (pos 1))
        (if (null? (cdr as)) (check-procedure 'gcons* pos (car as))
            (loop (cdr as) (+ pos 1))))
      (let ((items args))
        (lambda ()
          (if (null? (cdr items))
              ((car items))
              (let ((v (car items)))
                (set! items (cdr items))
                v)))))

    (define (gappend . gens)
      "Return a generator of the values of each of the generators GENS
in turn, going on to the next when one is exhausted."
      (check-generators 'gappend 1 gens)
      (lambda ()
        (let loop ()
          (if (null? gens)
              (exhausted)
              (let ((v ((car gens))))
                (if (eof-object? v)
                    (begin (set! gens (cdr gens)) (loop))
                    v))))))

    (define (gflatten gen)
      "Return a generator of the elements of the lists that generator
GEN gives, in order.  An error when GEN gives something that is not a
list."
      (check-procedure 'gflatten 1 gen)
      (let ((items '()))
        (lambda ()
          (let loop ()
            (if (pair? items)
                (let ((v (car items)))
                  (set! items (cdr items))
                  v)
                (let ((lis (gen)))
                  (cond ((eof-object? lis) lis)
                        ((list? lis) (set! items lis) (loop))
                        (else (error "gflatten: the generator gave a non-list"
                                     lis)))))))))

    (define (ggroup gen k . padding)
      "Return a generator of lists of K consecutive values of GEN.
The last list is shorter if GEN runs out, unless PADDING is given,
which fills it up to K values.  An error if K is not a positive exact
integer."
      (check-procedure 'ggroup 1 gen)
      (if (not (and (exact-integer? k) (positive? k)))
          (wrong-type 'ggroup 2 "positive exact integer" k))
      (lambda ()
        (let loop ((n 0) (acc '()))
          (if (= n k)
              (reverse acc)
              (let ((v (gen)))
                (cond ((not (eof-object? v)) (loop (+ n 1) (cons v acc)))
                      ((= n 0) v)
                      ((null? padding) (reverse acc))
                      (else (append (reverse acc)
                                    (make-list (- k n) (car padding))))))))))

    (define (gmerge less-than gen . gens)
      "Return a generator of the values of the generators GEN and GENS
merged by LESS-THAN: each call gives the least of the next values of
all, the earliest generator's on ties.  The merge of sorted generators
is sorted; with one generator, return GEN itself."
      (check-procedure 'gmerge 1 less-than)
      (check-generators 'gmerge 2 (cons gen gens))
      (if (null? gens)
          gen
          (let* ((gv (list->vector (cons gen gens)))
                 (n (vector-length gv))
                 ;; The next value of each generator, #f when not read.
                 (heads (make-vector n #f))
                 (ready (make-vector n #f)))
            (lambda ()
              (do ((i 0 (+ i 1))) ((= i n))
                (if (not (vector-ref ready i))
                    (begin (vector-set! heads i ((vector-ref gv i)))
                           (vector-set! ready i #t))))
              (let loop ((i 0) (best #f))
                (cond ((< i n)
                       (let ((v (vector-ref heads i)))
                         (loop (+ i 1)
                               (if (and (not (eof-object? v))
                                        (or (not best)
                                            (less-than v (vector-ref heads best))))
                                   i
                                   best))))
                      ((not best) (exhausted))
                      (else (vector-set! ready best #f)
                            (vector-ref heads best))))))))

    (define (gmap proc gen . gens)
      "Return a generator of (PROC V ...), V the next value of GEN and
of each of the GENS; it is exhausted when any of them is."
      (check-procedure 'gmap 1 proc)
      (check-generators 'gmap 2 (cons gen gens))
      (if (null? gens)
          (lambda ()
            (let ((v (gen)))
              (if (eof-object? v) v (proc v))))
          (let ((all (cons gen gens)))
            (lambda ()
              (let ((vs (next-values all)))
                (if vs (apply proc vs) (exhausted)))))))

    (define (gcombine proc seed gen . gens)
      "Return a generator of the first value of (PROC V ... SEED), V
the next value of GEN and of each of the GENS; the second value of
PROC becomes the next SEED.  It is exhausted when any generator is."
      (check-procedure 'gcombine 1 proc)
      (check-generators 'gcombine 3 (cons gen gens))
      (let ((all (cons gen gens)))
        (lambda ()
          (let ((vs (next-values all)))
            (if vs
                (call-with-values (lambda () (apply proc (append vs (list seed))))
                  (lambda (v next)
                    (set! seed next)
                    v))
                (exhausted))))))

    ;; A generator of the values of GEN for which (KEEP? v) is true.
    (define (filter-generator keep? gen)
      (lambda ()
        (let loop ()
          (let ((v (gen)))
            (if (or (eof-object? v) (keep? v)) v (loop))))))

    (define (gfilter pred gen)
      "Return a generator of the values of GEN for which (PRED V) is
true."
      (check-procedure 'gfilter 1 pred)
      (check-procedure 'gfilter 2 gen)
      (filter-generator pred gen))

    (define (gremove pred gen)
      "Return a generator of the values of GEN for which (PRED V) is
false."
      (check-procedure 'gremove 1 pred)
      (check-procedure 'gremove 2 gen)
      (filter-generator (lambda (v) (not (pred v))) gen))

    (define (gstate-filter proc seed gen)
      "Return a generator of the values V of GEN for which the first
value of (PROC V SEED) is true; its second value becomes the next
SEED, whether V is kept or not."
      (check-procedure 'gstate-filter 1 proc)
      (check-procedure 'gstate-filter 3 gen)
      (filter-generator
       (lambda (v)
         (call-with-values (lambda () (proc v seed))
           (lambda (keep next) (set! seed next) keep)))
       gen))

    (define (gtake gen k . padding)
      "Return a generator of the first K values of GEN.  If GEN runs
out sooner, the generator ends there, or gives PADDING (if given)
until K values have been given.  An error if K is not a non-negative
exact integer."
      (check-procedure 'gtake 1 gen)
      (check-count 'gtake 2 k)
      (let ((n 0) (done #f))
        (lambda ()
          (if (>= n k)
              (exhausted)
              (let ((v (if done (eof-object) (gen))))
                (set! n (+ n 1))
                (cond ((not (eof-object? v)) v)
                      ((null? padding) (set! n k) v)
                      (else (set! done #t) (car padding))))))))

    (define (gdrop gen k)
      "Return a generator of the values of GEN after the first K,
which are read and dropped on the first call.  An error if K is not a
non-negative exact integer."
      (check-procedure 'gdrop 1 gen)
      (check-count 'gdrop 2 k)
      (lambda ()
        (let loop ()
          (if (> k 0)
              (let ((v (gen)))
                (set! k (- k 1))
                (if (eof-object? v) (begin (set! k 0) v) (loop)))
              (gen)))))

    (define (gtake-while pred gen)
      "Return a generator of the values of GEN up to, not including,
the first for which (PRED V) is false."
      (check-procedure 'gtake-while 1 pred)
      (check-procedure 'gtake-while 2 gen)
      (let ((done #f))
        (lambda ()
          (if done
              (exhausted)
              (let ((v (gen)))
                (if (or (eof-object? v) (not (pred v)))
                    (begin (set! done #t) (exhausted))
                    v))))))

    (define (gdrop-while pred gen)
      "Return a generator of the values of GEN from the first for
which (PRED V) is false on."
      (check-procedure 'gdrop-while 1 pred)
      (check-procedure 'gdrop-while 2 gen)
      (let ((dropping #t))
        (lambda ()
          (if dropping
              (let loop ()
                (let ((v (gen)))
                  (if (and (not (eof-object? v)) (pred v))
                      (loop)
                      (begin (set! dropping #f) v))))
              (gen)))))

    (define (gdelete item gen . opt)
      "Return a generator of the values V of GEN for which (SAME? ITEM
V) is false, SAME? equal? by default."
      (check-procedure 'gdelete 2 gen)
      (let ((same? (if (pair? opt) (car opt) equal?)))
        (check-procedure 'gdelete 3 same?)
        (filter-generator (lambda (v) (not (same? item v))) gen)))

    (define (gdelete-neighbor-dups gen . opt)
      "Return a generator of the values of GEN but those equal, by
SAME? (default equal?), to the value before them."
      (check-procedure 'gdelete-neighbor-dups 1 gen)
      (let ((same? (if (pair? opt) (car opt) equal?))
            (first #t)
            (previous #f))
        (check-procedure 'gdelete-neighbor-dups 2 same?)
        (filter-generator
         (lambda (v)
           (if (and (not first) (same? previous v))
               #f
               (begin (set! first #f) (set! previous v) #t)))
         gen)))

    (define (gindex value-gen index-gen)
      "Return a generator of the values of VALUE-GEN at the indexes
(from 0) that INDEX-GEN gives; it is exhausted when either generator
is.  An error when an index is not an exact integer greater than the
one before it."
      (check-procedure 'gindex 1 value-gen)
      (check-procedure 'gindex 2 index-gen)
      ;; POS is the index of the next value VALUE-GEN will give.
      (let ((pos 0))
        (lambda ()
          (let ((k (index-gen)))
            (cond ((eof-object? k) k)
                  ((not (and (exact-integer? k) (>= k pos)))
                   (error "gindex: indices must be exact, non-negative and strictly increasing"
                          k))
                  (else
                   (let loop ()
                     (let ((v (value-gen)))
                       (set! pos (+ pos 1))
                       (cond ((eof-object? v) v)
                             ((= pos (+ k 1)) v)
                             (else (loop)))))))))))

    (define (gselect value-gen truth-gen)
      "Return a generator of the values of VALUE-GEN for which the
value of TRUTH-GEN at the same position is true; it is exhausted when
either generator is."
      (check-procedure 'gselect 1 value-gen)
      (check-procedure 'gselect 2 truth-gen)
      (lambda ()
        (let loop ()
          (let* ((v (value-gen)) (t (if (eof-object? v) v (truth-gen))))
            (cond ((eof-object? v) v)
                  ((eof-object? t) t)
                  (t v)
                  (else (loop)))))))

    ;; ----------------------------------------------------------------
    ;; Consuming generated values.

    ;; The values of GEN, at most K of them (#f: all), last first.
    (define (read-reversed gen k)
      (let loop ((n 0) (acc '()))
        (if (and k (>= n k))
            acc
            (let ((v (gen)))
              (if (eof-object? v) acc (loop (+ n 1) (cons v acc)))))))

    (define (generator->reverse-list gen . k)
      "Return a list of the values of GEN, last first: all of them, or
at most K if K is given.  An error if K is not a non-negative exact
integer."
      (check-procedure 'generator->reverse-list 1 gen)
      (read-reversed gen (optional-count 'generator->reverse-list 2 k)))

    (define (generator->list gen . k)
      "Return a list of the values of GEN in order: all of them, or at
most K if K is given.  An error if K is not a non-negative exact
integer."
      (check-procedure 'generator->list 1 gen)
      (reverse (read-reversed gen (optional-count 'generator->list 2 k))))

    (define (generator->vector gen . k)
      "Return a vector of the values of GEN in order: all of them, or
at most K if K is given.  An error if K is not a non-negative exact
integer."
      (check-procedure 'generator->vector 1 gen)
      (list->vector
       (reverse (read-reversed gen (optional-count 'generator->vector 2 k)))))

    (define (generator->vector! vector at gen)
      "Store the values of GEN into VECTOR from index AT on, until GEN
is exhausted or VECTOR is full, and return how many were stored.  An
error if AT is not an index of VECTOR or its length."
      (if (not (vector? vector))
          (wrong-type 'generator->vector! 1 "vector" vector))
      (check-count 'generator->vector! 2 at)
      (if (> at (vector-length vector))
          (out-of-range 'generator->vector! 2 at))
      (check-procedure 'generator->vector! 3 gen)
      (let loop ((i at))
        (if (= i (vector-length vector))
            (- i at)
            (let ((v (gen)))
              (if (eof-object? v)
                  (- i at)
                  (begin (vector-set! vector i v) (loop (+ i 1))))))))

    (define (generator->string gen . k)
      "Return a string of the values of GEN in order: all of them, or
at most K if K is given.  An error if a value is not a character."
      (check-procedure 'generator->string 1 gen)
      (let ((chars (reverse (read-reversed
                             gen (optional-count 'generator->string 2 k)))))
        (for-each (lambda (c)
                    (if (not (char? c))
                        (error "generator->string: the generator gave a non-character"
                               c)))
                  chars)
        (list->string chars)))

    (define (generator-fold proc seed gen . gens)
      "Return the result of calling (PROC V ... ACC) on the next
values V of GEN and the GENS in turn, ACC SEED at first and then the
result of the call before, until a generator is exhausted."
      (check-procedure 'generator-fold 1 proc)
      (check-generators 'generator-fold 3 (cons gen gens))
      (if (null? gens)
          (let loop ((acc seed))
            (let ((v (gen)))
              (if (eof-object? v) acc (loop (proc v acc)))))
          (let ((all (cons gen gens)))
            (let loop ((acc seed))
              (let ((vs (next-values all)))
                (if vs (loop (apply proc (append vs (list acc)))) acc))))))

    (define (generator-for-each proc gen . gens)
      "Call (PROC V ...) on the next values V of GEN and the GENS in
turn, until a generator is exhausted; return an unspecified value."
      (check-procedure 'generator-for-each 1 proc)
      (check-generators 'generator-for-each 2 (cons gen gens))
      (let ((all (cons gen gens)))
        (let loop ()
          (let ((vs (next-values all)))
            (if vs (begin (apply proc vs) (loop)))))))

    (define (generator-map->list proc gen . gens)
      "Return a list of the results of (PROC V ...) on the next values
V of GEN and the GENS in turn, until a generator is exhausted."
      (check-procedure 'generator-map->list 1 proc)
      (check-generators 'generator-map->list 2 (cons gen gens))
      (let ((all (cons gen gens)))
        (let loop ((acc '()))
          (let ((vs (next-values all)))
            (if vs (loop (cons (apply proc vs) acc)) (reverse acc))))))

    (define (generator-find pred gen)
      "Return the first value of GEN for which (PRED V) is true, or #f
if there is none; the values after it are not read."
      (check-procedure 'generator-find 1 pred)
      (check-procedure 'generator-find 2 gen)
      (let loop ()
        (let ((v (gen)))
          (cond ((eof-object? v) #f)
                ((pred v) v)
                (else (loop))))))

    (define (generator-count pred gen)
      "Return how many values of GEN satisfy PRED, reading all of
them."
      (check-procedure 'generator-count 1 pred)
      (check-procedure 'generator-count 2 gen)
      (let loop ((n 0))
        (let ((v (gen)))
          (cond ((eof-object? v) n)
                ((pred v) (loop (+ n 1)))
                (else (loop n))))))

    (define (generator-any pred gen)
      "Return the first true result of (PRED V) on the values V of
GEN, or #f if there is none; the values after it are not read."
      (check-procedure 'generator-any 1 pred)
      (check-procedure 'generator-any 2 gen)
      (let loop ()
        (let ((v (gen)))
          (if (eof-object? v)
              #f
              (or (pred v) (loop))))))

    (define (generator-every pred gen)
      "Return #f if (PRED V) is false for a value V of GEN (the values
after it are not read), else the result of PRED on the last value, or
#t if GEN gives none."
      (check-procedure 'generator-every 1 pred)
      (check-procedure 'generator-every 2 gen)
      (let loop ((last #t))
        (let ((v (gen)))
          (if (eof-object? v)
              last
              (let ((r (pred v)))
                (if r (loop r) #f))))))

    (define (generator-unfold gen unfold . args)
      "Return (UNFOLD eof-object? identity (lambda (x) (GEN)) (GEN)
ARG ...): the values of GEN passed to an unfold procedure, such as
SRFI 1's unfold, with the extra ARGS."
      (check-procedure 'generator-unfold 1 gen)
      (check-procedure 'generator-unfold 2 unfold)
      (apply unfold eof-object? (lambda (x) x) (lambda (x) (gen)) (gen) args))

    ;; ----------------------------------------------------------------
    ;; Accumulators.

    (define (make-accumulator kons knil finalizer)
      "Return an accumulator: called on an object, it sets its state
to (KONS OBJ STATE), starting from KNIL; called on an end-of-file
object, it returns (FINALIZER STATE)."
      (check-procedure 'make-accumulator 1 kons)
      (check-procedure 'make-accumulator 3 finalizer)
      (let ((state knil))
        (lambda (obj)
          (if (eof-object? obj)
              (finalizer state)
              (set! state (kons obj state))))))

    ;; An accumulator that conses what it is given (after checking it is
    ;; (OK? obj), for WHO) and returns (FINISH list) at the end, the
    ;; list holding the last value first.
    (define (consing-accumulator who ok? expected finish)
      (let ((acc '()))
        (lambda (obj)
          (cond ((eof-object? obj) (finish acc))
                ((ok? obj) (set! acc (cons obj acc)))
                (else (error (string-append (symbol->string who)
                                            ": cannot accumulate a non-"
                                            expected)
                             obj))))))

    (define (any-object? obj) #t)
    (define (byte? obj) (and (exact-integer? obj) (<= 0 obj 255)))

    (define (count-accumulator)
      "Return an accumulator that counts the objects it is given and
returns the count when given an end-of-file object."
      (let ((n 0))
        (lambda (obj)
          (if (eof-object? obj) n (set! n (+ n 1))))))

    (define (list-accumulator)
      "Return an accumulator that returns the list of the objects it
was given, in order, when given an end-of-file object."
      (consing-accumulator 'list-accumulator any-object? "object" reverse))

    (define (reverse-list-accumulator)
      "Return an accumulator that returns the list of the objects it
was given, last first, when given an end-of-file object."
      (consing-accumulator 'reverse-list-accumulator any-object? "object"
                           (lambda (l) l)))

    (define (vector-accumulator)
      "Return an accumulator that returns a vector of the objects it
was given, in order, when given an end-of-file object."
      (consing-accumulator 'vector-accumulator any-object? "object"
                           (lambda (l) (list->vector (reverse l)))))

    (define (reverse-vector-accumulator)
      "Return an accumulator that returns a vector of the objects it
was given, last first, when given an end-of-file object."
      (consing-accumulator 'reverse-vector-accumulator any-object? "object"
                           list->vector))

    (define (string-accumulator)
      "Return an accumulator that returns a string of the characters
it was given, in order, when given an end-of-file object; an error
when it is given anything but a character."
      (consing-accumulator 'string-accumulator char? "character"
                           (lambda (l) (list->string (reverse l)))))

    (define (bytevector-accumulator)
      "Return an accumulator that returns a bytevector of the bytes it
was given, in order, when given an end-of-file object; an error when
it is given anything but an exact integer from 0 to 255."
      (consing-accumulator 'bytevector-accumulator byte? "byte"
                           (lambda (l) (u8-list->bytevector (reverse l)))))

    ;; An accumulator that stores into SEQ (LENGTH long, FULL what
    ;; to call it when it is) from index AT with STORE!, values for which
    ;; (OK? obj) holds (EXPECTED names them), for WHO.
    (define (storing-accumulator who seq at length store! full ok? expected)
      (lambda (obj)
        (cond ((eof-object? obj) seq)
              ((>= at length)
               (error (string-append (symbol->string who) ": " full " is full")
                      obj))
              ((not (ok? obj))
               (error (string-append (symbol->string who)
                                     ": cannot accumulate a non-" expected)
                      obj))
              (else (store! seq at obj) (set! at (+ at 1))))))

    (define (vector-accumulator! vector at)
      "Return an accumulator that stores the objects it is given into
VECTOR from index AT on, and returns VECTOR when given an end-of-file
object.  An error when VECTOR is full, or if AT is not an index of
VECTOR or its length."
      (if (not (vector? vector))
          (wrong-type 'vector-accumulator! 1 "vector" vector))
      (check-count 'vector-accumulator! 2 at)
      (if (> at (vector-length vector))
          (out-of-range 'vector-accumulator! 2 at))
      (storing-accumulator 'vector-accumulator! vector at
                           (vector-length vector) vector-set!
                           "the vector" any-object? "object"))

    (define (bytevector-accumulator! bytevector at)
      "Return an accumulator that stores the bytes it is given into
BYTEVECTOR from index AT on, and returns BYTEVECTOR when given an
end-of-file object.  An error when BYTEVECTOR is full or it is given a
non-byte, or if AT is not an index of BYTEVECTOR or its length."
      (if (not (bytevector? bytevector))
          (wrong-type 'bytevector-accumulator! 1 "bytevector" bytevector))
      (check-count 'bytevector-accumulator! 2 at)
      (if (> at (bytevector-length bytevector))
          (out-of-range 'bytevector-accumulator! 2 at))
      (storing-accumulator 'bytevector-accumulator! bytevector at
                           (bytevector-length bytevector) bytevector-u8-set!
                           "the bytevector" byte? "byte"))

    (define (numeric-accumulator who op init)
      (let ((acc init))
        (lambda (obj)
          (cond ((eof-object? obj) acc)
                ((number? obj) (set! acc (op acc obj)))
                (else (error (string-append (symbol->string who)
                                            ": cannot accumulate a non-number")
                             obj))))))

    (define (sum-accumulator)
      "Return an accumulator that adds up the numbers it is given,
from 0, and returns the sum when given an end-of-file object; an error
when it is given a non-number."
      (numeric-accumulator 'sum-accumulator + 0))

    (define (product-accumulator)
      "Return an accumulator that multiplies the numbers it is given,
from 1, and returns the product when given an end-of-file object; an
error when it is given a non-number."
      (numeric-accumulator 'product-accumulator * 1))))
