;;; 41.sld -- SRFI 41, streams
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Streams after the SRFI's specification, on R7RS promises: a stream
;;; is a record holding a promise whose value is '() (the null stream)
;;; or a stream pair, itself a promise of the car and a stream, the
;;; cdr.  stream-lambda bodies are wrapped in delay-force, whose forcing
;;; R7RS makes iterative, so a stream defined by a chain of
;;; stream-lambda calls (stream-filter on a long run of rejects, say)
;;; runs in constant space, as the SRFI requires.
;;;
;;; Every procedure checks its arguments and raises an error naming
;;; itself ("stream-ref: beyond the end of the stream").  stream-match
;;; patterns: (), (p ...), (p ... . rest) and an identifier, with _ a
;;; wildcard; stream-of clauses: (var in stream), (var is expr) and
;;; filters.

;;; Code:

(define-library (srfi 41)
  (export stream-null stream-cons stream? stream-null? stream-pair?
          stream-car stream-cdr stream-lambda
          define-stream list->stream port->stream stream stream->list
          stream-append stream-concat stream-constant stream-drop
          stream-drop-while stream-filter stream-fold stream-for-each
          stream-from stream-iterate stream-length stream-let stream-map
          stream-match stream-of stream-range stream-ref stream-reverse
          stream-scan stream-take stream-take-while stream-unfold
          stream-unfolds stream-zip)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; The primitives.

    (define-record-type <stream>
      (make-stream promise)
      %stream?
      (promise stream-promise))

    (define (stream? obj)
      "Return #t if OBJ is a stream, forced or not: stream-null or one
made by stream-cons, a stream-lambda procedure or another procedure of
this library, else #f."
      (%stream? obj))

    (define-record-type <stream-pair>
      (make-cell kar kdr)
      cell?
      (kar cell-kar)                    ; a promise of the element
      (kdr cell-kdr))                   ; a stream

    (define (wrong-type who pos expected obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (check-stream who pos s)
      (if (not (stream? s)) (wrong-type who pos "stream" s)))

    (define (check-procedure who pos f)
      (if (not (procedure? f)) (wrong-type who pos "procedure" f)))

    (define (check-count who pos n)
      (if (not (and (exact-integer? n) (>= n 0)))
          (wrong-type who pos "nonnegative exact integer" n)))

    ;; The stream that EXPR (a stream expression) gives, unevaluated.
    (define-syntax stream-lazy
      (syntax-rules ()
        ((_ expr)
         (make-stream (delay-force (stream-promise* expr))))))

    ;; The promise of stream S; an error if S is none (the result of a
    ;; stream-lambda body or of stream-cons's second argument).
    (define (stream-promise* s)
      (if (not (stream? s))
          (error "stream: a stream-lambda body or stream-cons tail is not a stream" s))
      (stream-promise s))

    (define stream-null (make-stream (delay '())))

    (define-syntax stream-cons
      (syntax-rules ()
        ((_ obj strm)
         (make-stream (delay (make-cell (delay obj) (stream-lazy strm)))))))

    ;; What stream S is: '() or a cell.
    (define (stream-value s) (force (stream-promise s)))

    (define (stream-null? obj)
      "#t if OBJ is a stream that is null (forcing it)."
      (and (stream? obj) (null? (stream-value obj))))

    (define (stream-pair? obj)
      "#t if OBJ is a stream that is a stream pair (forcing it)."
      (and (stream? obj) (cell? (stream-value obj))))

    (define (stream-cell who s)
      (check-stream who 1 s)
      (let ((v (stream-value s)))
        (if (not (cell? v))
            (error (string-append who ": the stream is null") s))
        v))

    (define (stream-car s)
      "The first element of stream pair S."
      (force (cell-kar (stream-cell "stream-car" s))))

    (define (stream-cdr s)
      "The stream after the first element of stream pair S."
      (cell-kdr (stream-cell "stream-cdr" s)))

    (define-syntax stream-lambda
      (syntax-rules ()
        ((_ formals body0 body1 ...)
         (lambda formals (stream-lazy (let () body0 body1 ...))))))

    (define-syntax define-stream
      (syntax-rules ()
        ((_ (name . formals) body0 body1 ...)
         (define name (stream-lambda formals body0 body1 ...)))))

    ;; ----------------------------------------------------------------
    ;; Syntax of the derived library.

    (define-syntax stream
      (syntax-rules ()
        ((_) stream-null)
        ((_ x y ...) (stream-cons x (stream y ...)))))

    (define-syntax stream-let
      (syntax-rules ()
        ((_ tag ((name val) ...) body0 body1 ...)
         ((letrec ((tag (stream-lambda (name ...) body0 body1 ...))) tag)
          val ...))))

    (define-syntax stream-of
      (syntax-rules ()
        ((_ expr clause ...)
         (stream-of-clauses expr stream-null clause ...))))

    ;; The stream of EXPR for each binding the clauses make, followed by
    ;; the stream BASE.
    (define-syntax stream-of-clauses
      (syntax-rules (in is)
        ((_ expr base)
         (stream-cons expr base))
        ((_ expr base (var in s) clause ...)
         (stream-let loop ((strm s))
           (if (stream-null? strm)
               base
               (let ((var (stream-car strm)))
                 (stream-of-clauses expr (loop (stream-cdr strm)) clause ...)))))
        ((_ expr base (var is e) clause ...)
         (let ((var e))
           (stream-of-clauses expr base clause ...)))
        ((_ expr base test clause ...)
         (if test (stream-of-clauses expr base clause ...) base))))

    (define-syntax stream-match
      (syntax-rules ()
        ((_ strm-expr clause ...)
         (let ((strm strm-expr))
           (check-stream "stream-match" 1 strm)
           (stream-match-clauses strm clause ...)))))

    (define-syntax stream-match-clauses
      (syntax-rules ()
        ((_ strm)
         (error "stream-match: no pattern matches the stream" strm))
        ((_ strm (pattern expr) clause ...)
         (let ((fail (lambda () (stream-match-clauses strm clause ...))))
           (stream-match-pattern strm pattern () expr (fail))))
        ((_ strm (pattern fender expr) clause ...)
         (let ((fail (lambda () (stream-match-clauses strm clause ...))))
           (stream-match-pattern strm pattern ()
                                 (if fender expr (fail)) (fail))))))

    ;; Match stream STRM against PATTERN; with the BINDINGS it makes
    ;; (and those made before), evaluate BODY, else FAIL.
    (define-syntax stream-match-pattern
      (syntax-rules (_)
        ((_ strm () (binding ...) body fail)
         (if (stream-null? strm) (let* (binding ...) body) fail))
        ((_ strm (_ . rest) (binding ...) body fail)
         (if (stream-pair? strm)
             (let ((tail (stream-cdr strm)))
               (stream-match-pattern tail rest (binding ...) body fail))
             fail))
        ((_ strm (var . rest) (binding ...) body fail)
         (if (stream-pair? strm)
             (let ((head (stream-car strm)) (tail (stream-cdr strm)))
               (stream-match-pattern tail rest (binding ... (var head)) body fail))
             fail))
        ((_ strm _ (binding ...) body fail)
         (let* (binding ...) body))
        ((_ strm var (binding ...) body fail)
         (let* (binding ... (var strm)) body))))

    ;; ----------------------------------------------------------------
    ;; Procedures of the derived library.

    (define (list->stream objs)
      "A stream of the elements of list OBJS."
      (if (not (list? objs)) (wrong-type "list->stream" 1 "proper list" objs))
      (let loop ((l objs))
        (if (null? l) stream-null (stream-cons (car l) (loop (cdr l))))))

    (define (port->stream . port)
      "The stream of the characters read from PORT (by default the current
input port), read as the stream is walked."
      (let ((p (if (pair? port) (car port) (current-input-port))))
        (if (not (and (input-port? p) (textual-port? p)))
            (wrong-type "port->stream" 1 "textual input port" p))
        (let loop ()
          (stream-lazy
           (let ((c (read-char p)))
             (if (eof-object? c) stream-null (stream-cons c (loop))))))))

    (define (stream->list . args)
      "(stream->list [N] STREAM): the list of the first N elements of
STREAM (all of them without N)."
      (let-values (((n s) (if (and (pair? args) (pair? (cdr args)))
                              (values (car args) (cadr args))
                              (values #f (if (pair? args) (car args) #f)))))
        (if n (check-count "stream->list" 1 n))
        (check-stream "stream->list" (if n 2 1) s)
        (let loop ((s s) (n n) (acc '()))
          (if (or (and n (= n 0)) (stream-null? s))
              (reverse acc)
              (loop (stream-cdr s) (and n (- n 1)) (cons (stream-car s) acc))))))

    (define (stream-append . strms)
      "The elements of each stream of STRMS in turn."
      (let check ((l strms) (pos 1))
        (if (pair? l)
            (begin (check-stream "stream-append" pos (car l))
                   (check (cdr l) (+ pos 1)))))
      (let outer ((strms strms))
        (cond ((null? strms) stream-null)
              ((null? (cdr strms)) (car strms))
              (else
               (let inner ((s (car strms)))
                 (stream-lazy
                  (if (stream-null? s)
                      (outer (cdr strms))
                      (stream-cons (stream-car s) (inner (stream-cdr s))))))))))

    (define (stream-concat strms)
      "The elements of each stream of the stream STRMS in turn."
      (check-stream "stream-concat" 1 strms)
      (let outer ((strms strms))
        (stream-lazy
         (if (stream-null? strms)
             stream-null
             (let ((s (stream-car strms)))
               (check-stream "stream-concat" 1 s)
               (let inner ((s s))
                 (stream-lazy
                  (if (stream-null? s)
                      (outer (stream-cdr strms))
                      (stream-cons (stream-car s) (inner (stream-cdr s)))))))))))

    (define (stream-constant . objs)
      "The infinite stream that repeats OBJS (the null stream if none)."
      (if (null? objs)
          stream-null
          (let loop ((l objs))
            (if (null? l)
                (loop objs)
                (stream-cons (car l) (loop (cdr l)))))))

    (define (stream-drop n s)
      "STREAM S without its first N elements."
      (check-count "stream-drop" 1 n)
      (check-stream "stream-drop" 2 s)
      (let loop ((n n) (s s))
        (stream-lazy
         (if (or (= n 0) (stream-null? s)) s (loop (- n 1) (stream-cdr s))))))

    (define (stream-drop-while pred s)
      "STREAM S from its first element that fails PRED."
      (check-procedure "stream-drop-while" 1 pred)
      (check-stream "stream-drop-while" 2 s)
      (let loop ((s s))
        (stream-lazy
         (if (and (stream-pair? s) (pred (stream-car s)))
             (loop (stream-cdr s))
             s))))

    (define (stream-filter pred s)
      "The elements of stream S that satisfy PRED."
      (check-procedure "stream-filter" 1 pred)
      (check-stream "stream-filter" 2 s)
      (let loop ((s s))
        (stream-lazy
         (cond ((stream-null? s) stream-null)
               ((pred (stream-car s)) (stream-cons (stream-car s) (loop (stream-cdr s))))
               (else (loop (stream-cdr s)))))))

    (define (stream-fold proc base s)
      "(PROC ... (PROC (PROC BASE x0) x1) ... xn) over the elements of the
finite stream S."
      (check-procedure "stream-fold" 1 proc)
      (check-stream "stream-fold" 3 s)
      (let loop ((acc base) (s s))
        (if (stream-null? s) acc (loop (proc acc (stream-car s)) (stream-cdr s)))))

    (define (stream-for-each proc s . strms)
      "Apply PROC to the elements of the streams in turn, until one ends."
      (check-procedure "stream-for-each" 1 proc)
      (let ((all (cons s strms)))
        (for-each (lambda (x) (check-stream "stream-for-each" 2 x)) all)
        (let loop ((all all))
          (if (not (any-null? all))
              (begin (apply proc (map stream-car all))
                     (loop (map stream-cdr all)))))))

    (define (any-null? strms)
      (and (pair? strms) (or (stream-null? (car strms)) (any-null? (cdr strms)))))

    (define (stream-from first . step)
      "The infinite stream FIRST, FIRST + STEP, ... (STEP defaults to 1)."
      (let ((delta (if (pair? step) (car step) 1)))
        (if (not (number? first)) (wrong-type "stream-from" 1 "number" first))
        (if (not (number? delta)) (wrong-type "stream-from" 2 "number" delta))
        (let loop ((x first))
          (stream-cons x (loop (+ x delta))))))

    (define (stream-iterate proc base)
      "The infinite stream BASE, (PROC BASE), (PROC (PROC BASE)), ..."
      (check-procedure "stream-iterate" 1 proc)
      (let loop ((x base))
        (stream-cons x (loop (proc x)))))

    (define (stream-length s)
      "The number of elements of the finite stream S."
      (check-stream "stream-length" 1 s)
      (let loop ((n 0) (s s))
        (if (stream-null? s) n (loop (+ n 1) (stream-cdr s)))))

    (define (stream-map proc s . strms)
      "The stream of PROC applied to the elements of the streams in turn,
as long as the shortest."
      (check-procedure "stream-map" 1 proc)
      (let ((all (cons s strms)))
        (for-each (lambda (x) (check-stream "stream-map" 2 x)) all)
        (let loop ((all all))
          (stream-lazy
           (if (any-null? all)
               stream-null
               (stream-cons (apply proc (map stream-car all))
                            (loop (map stream-cdr all))))))))

    (define (stream-range first past . step)
      "The stream FIRST, FIRST + STEP, ... of the numbers before PAST
(STEP defaults to 1 if FIRST < PAST, else -1)."
      (if (not (real? first)) (wrong-type "stream-range" 1 "real number" first))
      (if (not (real? past)) (wrong-type "stream-range" 2 "real number" past))
      (let* ((delta (cond ((pair? step) (car step)) ((< first past) 1) (else -1)))
             (before? (if (< 0 delta) < >)))
        (if (not (real? delta)) (wrong-type "stream-range" 3 "real number" delta))
        (let loop ((x first))
          (stream-lazy
           (if (before? x past)
               (stream-cons x (loop (+ x delta)))
               stream-null)))))

    (define (stream-ref s n)
      "Element N of stream S, counting from 0."
      (check-stream "stream-ref" 1 s)
      (check-count "stream-ref" 2 n)
      (let loop ((s s) (k n))
        (cond ((stream-null? s) (error "stream-ref: beyond the end of the stream" n))
              ((= k 0) (stream-car s))
              (else (loop (stream-cdr s) (- k 1))))))

    (define (stream-reverse s)
      "The elements of the finite stream S in reverse order."
      (check-stream "stream-reverse" 1 s)
      (stream-lazy
       (let loop ((s s) (acc stream-null))
         (if (stream-null? s)
             acc
             (loop (stream-cdr s) (let ((x (stream-car s))) (stream-cons x acc)))))))

    (define (stream-scan proc base s)
      "The stream BASE, (PROC BASE x0), (PROC (PROC BASE x0) x1), ..."
      (check-procedure "stream-scan" 1 proc)
      (check-stream "stream-scan" 3 s)
      (let loop ((acc base) (s s))
        (stream-cons acc
                     (if (stream-null? s)
                         stream-null
                         (loop (proc acc (stream-car s)) (stream-cdr s))))))

    (define (stream-take n s)
      "The stream of the first N elements of S (fewer if S is shorter)."
      (check-count "stream-take" 1 n)
      (check-stream "stream-take" 2 s)
      (let loop ((n n) (s s))
        (stream-lazy
         (if (or (= n 0) (stream-null? s))
             stream-null
             (stream-cons (stream-car s) (loop (- n 1) (stream-cdr s)))))))

    (define (stream-take-while pred s)
      "The stream of the elements of S before the first that fails PRED."
      (check-procedure "stream-take-while" 1 pred)
      (check-stream "stream-take-while" 2 s)
      (let loop ((s s))
        (stream-lazy
         (if (and (stream-pair? s) (pred (stream-car s)))
             (stream-cons (stream-car s) (loop (stream-cdr s)))
             stream-null))))

    (define (stream-unfold mapper pred generator base)
      "The stream (MAPPER BASE), (MAPPER (GENERATOR BASE)), ... for as long
as PRED holds of the seed."
      (check-procedure "stream-unfold" 1 mapper)
      (check-procedure "stream-unfold" 2 pred)
      (check-procedure "stream-unfold" 3 generator)
      (let loop ((seed base))
        (stream-lazy
         (if (pred seed)
             (stream-cons (mapper seed) (loop (generator seed)))
             stream-null))))

    (define (stream-unfolds gen seed)
      "As many streams as (GEN SEED) returns values after the next seed:
each result (x) adds x to its stream, #f adds nothing this time, ()
ends the stream."
      (check-procedure "stream-unfolds" 1 gen)
      (let* ((n (call-with-values (lambda () (gen seed))
                  (lambda (next . results) (length results))))
             (results
              ;; The stream of the lists of results, one per seed.
              (let loop ((seed seed))
                (stream-lazy
                 (call-with-values (lambda () (gen seed))
                   (lambda (next . rs)
                     (stream-cons rs (loop next)))))))
             (nth (lambda (i)
                    (let loop ((rs results))
                      (stream-lazy
                       (let ((r (list-ref (stream-car rs) i)))
                         (cond ((pair? r) (stream-cons (car r) (loop (stream-cdr rs))))
                               ((not r) (loop (stream-cdr rs)))
                               ((null? r) stream-null)
                               (else (error "stream-unfolds: a result is not (x), #f or ()"
                                            r)))))))))
        (let build ((i (- n 1)) (acc '()))
          (if (< i 0)
              (apply values acc)
              (build (- i 1) (cons (nth i) acc))))))

    (define (stream-zip s . strms)
      "The stream of lists of the elements of the streams in turn, as long
as the shortest."
      (apply stream-map list s strms))))
