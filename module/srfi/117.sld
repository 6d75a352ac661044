;;; 117.sld -- SRFI 117, queues based on lists
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A list queue is a record of the first and the last pair of a list
;;; (both '() when it is empty), so adding at either end is O(1), as
;;; the SRFI requires.  Operations on an empty queue that need an
;;; element, and arguments of the wrong type, are errors naming the
;;; procedure.

;;; Code:

(define-library (srfi 117)
  (export make-list-queue list-queue list-queue-copy list-queue-unfold
          list-queue-unfold-right list-queue? list-queue-empty?
          list-queue-front list-queue-back list-queue-list
          list-queue-first-last list-queue-add-front! list-queue-add-back!
          list-queue-remove-front! list-queue-remove-back!
          list-queue-remove-all! list-queue-set-list! list-queue-append
          list-queue-append! list-queue-concatenate list-queue-map
          list-queue-map! list-queue-for-each)
  (import (libscm))
  (begin

    ;; (define-record-predicate NAME TYPE DOC): the predicate of record
    ;; type TYPE as define-record-type makes it (derived.c) but with
    ;; docstring DOC: the same code, so that a caller's compiler still
    ;; runs its calls in place (compile/inline.c).
    (define-syntax define-record-predicate
      (lambda (x)
        (syntax-case x ()
          ((_ name type doc)
           #`(define name
               (let ((rtd type))
                 (lambda (obj) doc #,(cons %record? #'(obj rtd)))))))))

    (define-record-type <list-queue>
      (raw-queue first last)
      %list-queue?
      (first queue-first set-queue-first!)
      (last queue-last set-queue-last!))

    (define-record-predicate list-queue? <list-queue>
      "Return #t if OBJ is a list queue, else #f.")

    (define (check-queue who pos q)
      (if (not (%list-queue? q))
          (error (string-append who ": wrong type argument in position "
                                (number->string pos) " (expected list queue)")
                 q)))

    (define (check-nonempty who q)
      (if (null? (queue-first q))
          (error (string-append who ": the list queue is empty") q)))

    ;; The last pair of the proper list L ('() for '()).
    (define (last-pair-of who l)
      (if (not (list? l))
          (error (string-append who ": wrong type argument (expected proper list)") l))
      (if (null? l)
          '()
          (let loop ((p l))
            (if (pair? (cdr p)) (loop (cdr p)) p))))

    ;; FIRST and optional LAST as the SRFI's make-list-queue takes them.
    (define (first-last who first opt)
      (if (pair? opt)
          (let ((last (car opt)))
            ;; That LAST is a pair of FIRST's list is the caller's word
            ;; (checking it would cost what LAST is there to save).
            (if (not (or (and (null? first) (null? last))
                         (and (pair? first) (pair? last))))
                (error (string-append who ": FIRST and LAST must be pairs, or both ()")
                       first last))
            (values first last))
          (values first (last-pair-of who first))))

    (define (make-list-queue first . last)
      "(make-list-queue LIST [LAST]): a queue of the elements of LIST,
sharing its pairs; LAST, if given, is its last pair."
      (call-with-values (lambda () (first-last "make-list-queue" first last))
        raw-queue))

    (define (list-queue . elements)
      "A new queue of ELEMENTS."
      (make-list-queue elements))

    (define (list-queue-copy q)
      "A new queue of the elements of Q."
      (check-queue "list-queue-copy" 1 q)
      (make-list-queue (list-copy (queue-first q))))

    (define (list-queue-empty? q)
      "#t if Q has no elements."
      (check-queue "list-queue-empty?" 1 q)
      (null? (queue-first q)))

    (define (list-queue-front q)
      "The first element of Q."
      (check-queue "list-queue-front" 1 q)
      (check-nonempty "list-queue-front" q)
      (car (queue-first q)))

    (define (list-queue-back q)
      "The last element of Q."
      (check-queue "list-queue-back" 1 q)
      (check-nonempty "list-queue-back" q)
      (car (queue-last q)))

    (define (list-queue-list q)
      "The list of the elements of Q, sharing its pairs."
      (check-queue "list-queue-list" 1 q)
      (queue-first q))

    (define (list-queue-first-last q)
      "Two values: the first and last pairs of Q's list ('() '() if it is
empty)."
      (check-queue "list-queue-first-last" 1 q)
      (values (queue-first q) (queue-last q)))

    (define (list-queue-add-front! q x)
      "Add X at the front of Q."
      (check-queue "list-queue-add-front!" 1 q)
      (let ((p (cons x (queue-first q))))
        (if (null? (queue-first q)) (set-queue-last! q p))
        (set-queue-first! q p)))

    (define (list-queue-add-back! q x)
      "Add X at the back of Q."
      (check-queue "list-queue-add-back!" 1 q)
      (let ((p (list x)))
        (if (null? (queue-first q))
            (set-queue-first! q p)
            (set-cdr! (queue-last q) p))
        (set-queue-last! q p)))

    (define (list-queue-remove-front! q)
      "Remove the first element of Q and return it."
      (check-queue "list-queue-remove-front!" 1 q)
      (check-nonempty "list-queue-remove-front!" q)
      (let* ((p (queue-first q)) (rest (cdr p)))
        (set-queue-first! q rest)
        (if (null? rest) (set-queue-last! q '()))
        (car p)))

    (define (list-queue-remove-back! q)
      "Remove the last element of Q and return it (O(n))."
      (check-queue "list-queue-remove-back!" 1 q)
      (check-nonempty "list-queue-remove-back!" q)
      (let ((first (queue-first q)) (last (queue-last q)))
        (if (eq? first last)
            (begin (set-queue-first! q '()) (set-queue-last! q '()))
            (let loop ((p first))
              (if (eq? (cdr p) last)
                  (begin (set-cdr! p '()) (set-queue-last! q p))
                  (loop (cdr p)))))
        (car last)))

    (define (list-queue-remove-all! q)
      "Empty Q and return the list of its elements."
      (check-queue "list-queue-remove-all!" 1 q)
      (let ((l (queue-first q)))
        (set-queue-first! q '())
        (set-queue-last! q '())
        l))

    (define (list-queue-set-list! q first . last)
      "(list-queue-set-list! Q LIST [LAST]): make LIST Q's elements."
      (check-queue "list-queue-set-list!" 1 q)
      (call-with-values (lambda () (first-last "list-queue-set-list!" first last))
        (lambda (f l) (set-queue-first! q f) (set-queue-last! q l))))

    (define (list-queue-append . qs)
      "A new queue of the elements of the queues QS in turn."
      (let check ((l qs) (pos 1))
        (if (pair? l) (begin (check-queue "list-queue-append" pos (car l))
                             (check (cdr l) (+ pos 1)))))
      (make-list-queue (apply append (map (lambda (q) (list-copy (queue-first q))) qs))))

    (define (list-queue-append! . qs)
      "A queue of the elements of the queues QS in turn, made of their
pairs (the queues given are not to be used afterwards)."
      (let check ((l qs) (pos 1))
        (if (pair? l) (begin (check-queue "list-queue-append!" pos (car l))
                             (check (cdr l) (+ pos 1)))))
      (let loop ((qs qs) (first '()) (last '()))
        (cond ((null? qs) (raw-queue first last))
              ((null? (queue-first (car qs))) (loop (cdr qs) first last))
              ((null? first) (loop (cdr qs) (queue-first (car qs)) (queue-last (car qs))))
              (else (set-cdr! last (queue-first (car qs)))
                    (loop (cdr qs) first (queue-last (car qs)))))))

    (define (list-queue-concatenate qs)
      "list-queue-append of the list of queues QS."
      (if (not (list? qs))
          (error "list-queue-concatenate: wrong type argument in position 1 (expected list of list queues)" qs))
      (apply list-queue-append qs))

    (define (list-queue-map proc q)
      "A new queue of PROC applied to each element of Q."
      (check-queue "list-queue-map" 2 q)
      (make-list-queue (map proc (queue-first q))))

    (define (list-queue-map! proc q)
      "Replace each element of Q by PROC of it, front to back."
      (check-queue "list-queue-map!" 2 q)
      (let loop ((p (queue-first q)))
        (if (pair? p)
            (begin (set-car! p (proc (car p))) (loop (cdr p))))))

    (define (list-queue-for-each proc q)
      "Apply PROC to each element of Q, front to back."
      (check-queue "list-queue-for-each" 2 q)
      (for-each proc (queue-first q)))

    ;; The unfolds are the SRFI's recursive definitions: the value of a
    ;; seed is added to the queue that the unfold of the next seed
    ;; returns.  So the values are computed first, then added last to
    ;; first.
    (define (unfolded-values stop? mapper successor seed)
      (let loop ((seed seed) (acc '()))
        (if (stop? seed)
            acc
            (loop (successor seed) (cons (mapper seed) acc)))))

    (define (list-queue-unfold stop? mapper successor seed . queue)
      "A queue of (MAPPER SEED) for the seeds SEED, (SUCCESSOR SEED), ...
until STOP?, in that order, added at the front of QUEUE (a new one by
default)."
      (let ((q (if (pair? queue) (car queue) (list-queue))))
        (check-queue "list-queue-unfold" 5 q)
        (for-each (lambda (x) (list-queue-add-front! q x))
                  (unfolded-values stop? mapper successor seed))
        q))

    (define (list-queue-unfold-right stop? mapper successor seed . queue)
      "A queue of (MAPPER SEED) for the seeds until STOP?, last seed's
first, added at the back of QUEUE (a new one by default)."
      (let ((q (if (pair? queue) (car queue) (list-queue))))
        (check-queue "list-queue-unfold-right" 5 q)
        (for-each (lambda (x) (list-queue-add-back! q x))
                  (unfolded-values stop? mapper successor seed))
        q))))
