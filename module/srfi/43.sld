;;; 43.sld -- SRFI 43, vector library (Guile's (srfi srfi-43))
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; SRFI 43 is SRFI 133's predecessor: most names mean the same and are
;;; SRFI 133's (module/srfi/133.sld) re-exported.  What differs is that
;;; the procedures which call a procedure for each position pass it the
;;; index first: vector-map, vector-map!, vector-for-each, vector-fold,
;;; vector-fold-right and vector-count call (F I X ...), and
;;; vector-fold's KONS is (KONS I STATE X ...).  vector-copy takes a
;;; FILL for an END past the length.  Over several vectors, each stops
;;; at the end of the shortest.
;;;
;;; vector-map, vector-for-each and vector-copy are therefore not
;;; (scheme base)'s: a library that imports both (srfi 43) and (scheme
;;; base) gets an error naming them and must choose, for example with
;;; (import (except (scheme base) vector-map vector-for-each
;;; vector-copy) (srfi 43)), or a prefix.  Guile-style modules
;;; (use-modules (srfi srfi-43)) take SRFI 43's, as in Guile.

;;; Code:

(define-library (srfi 43)
  (export make-vector vector vector-unfold vector-unfold-right vector-copy
          vector-reverse-copy vector-append vector-concatenate
          vector? vector-empty? vector=
          vector-ref vector-length
          vector-fold vector-fold-right vector-map vector-map!
          vector-for-each vector-count
          vector-index vector-index-right vector-skip vector-skip-right
          vector-binary-search vector-any vector-every
          vector-set! vector-swap! vector-fill! vector-reverse!
          vector-copy! vector-reverse-copy!
          vector->list reverse-vector->list list->vector
          reverse-list->vector)
  (import (rename (libscm) (vector-copy r7rs-vector-copy)
                  (vector-map r7rs-vector-map)
                  (vector-for-each r7rs-vector-for-each))
          (only (srfi 133) vector-unfold vector-unfold-right
                vector-reverse-copy vector-concatenate vector-empty? vector=
                vector-index vector-index-right vector-skip
                vector-skip-right vector-binary-search vector-any
                vector-every vector-swap! vector-reverse!
                vector-reverse-copy! reverse-vector->list
                reverse-list->vector))
  (begin

    (define (wrong-type who pos expected obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (check-procedure who f)
      (if (not (procedure? f)) (wrong-type who 1 "procedure" f)))

    ;; The length of the shortest of the vectors VS (arguments from
    ;; position POS of WHO), each checked.
    (define (shortest who vs pos)
      (let loop ((l vs) (pos pos) (n #f))
        (if (null? l)
            n
            (begin
              (if (not (vector? (car l))) (wrong-type who pos "vector" (car l)))
              (loop (cdr l) (+ pos 1)
                    (if n (min n (vector-length (car l))) (vector-length (car l))))))))

    ;; The elements at I of the vectors VS, as a list.
    (define (elements-at vs i)
      (map (lambda (v) (vector-ref v i)) vs))

    (define (vector-map f v . vs)
      "A new vector of (F I X ...) for each index I of the shortest
vector, X ... the elements there."
      (check-procedure "vector-map" f)
      (let* ((all (cons v vs))
             (n (shortest "vector-map" all 2))
             (r (make-vector n)))
        (do ((i 0 (+ i 1))) ((= i n) r)
          (vector-set! r i (apply f i (elements-at all i))))))

    (define (vector-map! f v . vs)
      "Store (F I X ...) at each index I of V, up to the shortest
vector's length."
      (check-procedure "vector-map!" f)
      (let* ((all (cons v vs))
             (n (shortest "vector-map!" all 2)))
        (do ((i 0 (+ i 1))) ((= i n))
          (vector-set! v i (apply f i (elements-at all i))))))

    (define (vector-for-each f v . vs)
      "Call (F I X ...) for each index I from 0, up to the shortest
vector's length."
      (check-procedure "vector-for-each" f)
      (let* ((all (cons v vs))
             (n (shortest "vector-for-each" all 2)))
        (do ((i 0 (+ i 1))) ((= i n))
          (apply f i (elements-at all i)))))

    (define (vector-fold kons knil v . vs)
      "(KONS I STATE X ...) over the indexes from 0, STATE from KNIL."
      (check-procedure "vector-fold" kons)
      (let* ((all (cons v vs))
             (n (shortest "vector-fold" all 3)))
        (let loop ((i 0) (state knil))
          (if (= i n)
              state
              (loop (+ i 1) (apply kons i state (elements-at all i)))))))

    (define (vector-fold-right kons knil v . vs)
      "(KONS I STATE X ...) over the indexes from the last, STATE from
KNIL."
      (check-procedure "vector-fold-right" kons)
      (let* ((all (cons v vs))
             (n (shortest "vector-fold-right" all 3)))
        (let loop ((i (- n 1)) (state knil))
          (if (< i 0)
              state
              (loop (- i 1) (apply kons i state (elements-at all i)))))))

    (define (vector-count pred v . vs)
      "The number of indexes I for which (PRED I X ...) is true."
      (check-procedure "vector-count" pred)
      (let* ((all (cons v vs))
             (n (shortest "vector-count" all 2)))
        (let loop ((i 0) (count 0))
          (if (= i n)
              count
              (loop (+ i 1) (if (apply pred i (elements-at all i)) (+ count 1) count))))))

    (define (vector-copy v . opt)
      "(vector-copy V [START [END [FILL]]]): a new vector of V's elements
from START to END; an END past V's length fills the rest with FILL."
      (if (not (vector? v)) (wrong-type "vector-copy" 1 "vector" v))
      (let* ((n (vector-length v))
             (start (if (pair? opt) (car opt) 0))
             (end (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) n)))
        (if (not (and (exact-integer? start) (<= 0 start n)))
            (error "vector-copy: argument out of range in position 2" start))
        (if (not (and (exact-integer? end) (<= start end)))
            (error "vector-copy: argument out of range in position 3" end))
        (if (<= end n)
            (r7rs-vector-copy v start end)
            (let ((r (make-vector (- end start)
                                  (if (and (pair? opt) (pair? (cdr opt)) (pair? (cddr opt)))
                                      (caddr opt)
                                      #f))))
              (vector-copy! r 0 v start n)
              r))))))
