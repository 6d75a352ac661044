;;; threads.scm -- (ice-9 threads): threads, mutexes, condition variables
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; No timing is asserted; waits end on conditions, not on sleeps.

(import (ice-9 threads) (prefix (srfi 125) s125:) (prefix (srfi 69) s69:))

(test-begin "threads")

(test-group "threads"
  (lambda ()
    (let ((t (call-with-new-thread (lambda () (* 6 7)))))
      (test-assert "thread?" (and (thread? t) (not (thread? 5))))
      (test-equal "join-thread returns the thunk's value" 42 (join-thread t))
      (test-assert "thread-exited? after the join" (thread-exited? t))
      (test-equal "joining again gives the value again" 42 (join-thread t)))
    (test-equal "several values"
                '(1 2) (call-with-values
                           (lambda ()
                             (join-thread
                              (call-with-new-thread (lambda () (values 1 2)))))
                         list))
    (test-equal "an error in the thread is raised by join-thread"
                "boom"
                (guard (e ((error-object? e) (error-object-message e)))
                  (join-thread (call-with-new-thread
                                (lambda () (error "boom" 1))))))
    (test-equal "a handler gets what the thunk raised" '(handled oops)
                (join-thread (call-with-new-thread
                              (lambda () (raise 'oops))
                              (lambda (e) (list 'handled e)))))
    (test-equal "make-thread, begin-thread" '(3 4)
                (list (join-thread (make-thread + 1 2))
                      (join-thread (begin-thread (+ 2 2)))))
    (let* ((p (make-parameter 'outer))
           (seen (parameterize ((p 'parent))
                   (let ((t (call-with-new-thread
                             (lambda ()
                               (let ((before (p)))
                                 (parameterize ((p 'child)) (list before (p))))))))
                     (list (join-thread t) (p))))))
      (test-equal "a thread starts with its parent's parameters, and its own
parameterize stays its own" '((parent child) parent) seen))
    (test-error-message "call-with-new-thread checks its thunk"
      "call-with-new-thread: wrong type argument in position 1 (expected procedure): 5"
      (lambda () (call-with-new-thread 5)))
    (test-error-message "join-thread checks its thread"
      "join-thread: wrong type argument in position 1 (expected thread): 5"
      (lambda () (join-thread 5)))))

(test-group "join-thread with a timeout"
  (lambda ()
    ;; A thread held at a gate until the test opens it: no wait below
    ;; depends on how long anything takes.
    (let* ((m (make-mutex)) (cv (make-condition-variable)) (open #f)
           (t (call-with-new-thread
               (lambda ()
                 (with-mutex m
                   (let wait () (if (not open)
                                    (begin (wait-condition-variable cv m)
                                           (wait)))))
                 'finished))))
      (test-equal "a time already past gives timeoutval" 'late
                  (join-thread t (- (current-time) 10) 'late))
      (test-equal "so does the present, as gettimeofday's pair" 'now
                  (join-thread t (gettimeofday) 'now))
      (test-equal "a near time that passes gives #f by default" #f
                  (join-thread t (+ (current-second) 0.02)))
      (test-assert "the thread runs on" (not (thread-exited? t)))
      (test-equal "a limit of the joining evaluation stops the wait"
                  '(limit-exceeded time)
                  (guard (e (#t (list (condition-kind e)
                                      (car (error-object-irritants e)))))
                    (call-with-limits (lambda () (join-thread t)) 0.02 #f)))
      (with-mutex m (set! open #t) (broadcast-condition-variable cv))
      (test-equal "a far time: the thread's value once it ends" 'finished
                  (join-thread t (+ (current-time) 3600) 'no))
      (test-equal "a finished thread gives its value even past the time"
                  'finished (join-thread t 0 'no))
      (test-equal "#f is no timeout" 'finished (join-thread t #f 'no)))
    (test-equal "what the thread raised is raised by a timed join" "boom"
                (guard (e ((error-object? e) (error-object-message e)))
                  (join-thread (call-with-new-thread (lambda () (error "boom")))
                               (+ (current-time) 3600))))
    (let ((t (call-with-new-thread (lambda () 1))))
      (test-error-message "the timeout is a time"
        "join-thread: wrong type argument in position 2 (expected time: real number or pair): soon"
        (lambda () (join-thread t 'soon)))
      (test-error-message "its pair holds exact integers"
        "join-thread: wrong type argument in position 2 (expected time: (seconds . microseconds) of exact integers): (1 . 0.5)"
        (lambda () (join-thread t '(1 . 0.5))))
      (test-error-message "with microseconds below a million"
        "join-thread: argument out of range in position 2: (1 . 1000000)"
        (lambda () (join-thread t '(1 . 1000000))))
      (test-error-message "and a finite time"
        "join-thread: argument out of range in position 2: +inf.0"
        (lambda () (join-thread t +inf.0))))
    (test-assert "current-time and gettimeofday agree"
                 (let* ((a (current-time)) (p (gettimeofday)) (b (current-time)))
                   (and (exact-integer? a) (<= a (car p) b)
                        (exact-integer? (cdr p)) (<= 0 (cdr p) 999999))))))

(test-group "mutexes"
  (lambda ()
    (let ((m (make-mutex)) (counter 0))
      (define (work)
        (let loop ((i 0))
          (if (< i 2000)
              (begin (with-mutex m (set! counter (+ counter 1)))
                     (loop (+ i 1))))))
      (let ((ts (list (call-with-new-thread work) (call-with-new-thread work)
                      (call-with-new-thread work) (call-with-new-thread work))))
        (for-each join-thread ts))
      (test-equal "four threads count under a mutex" 8000 counter)
      (test-assert "mutex?" (and (mutex? m) (not (mutex? 1))))
      (test-assert "try-mutex on a free mutex" (try-mutex m))
      (test-error-contains "locking it twice is an error"
        '("lock-mutex: mutex already locked by this thread: #<mutex")
        (lambda () (lock-mutex m)))
      (test-equal "another thread cannot take it"
                  #f (join-thread (call-with-new-thread (lambda () (try-mutex m)))))
      (unlock-mutex m)
      (test-error-contains "unlocking a free mutex is an error"
        '("unlock-mutex: mutex not locked by this thread: #<mutex")
        (lambda () (unlock-mutex m))))
    (let ((r (make-recursive-mutex)))
      (lock-mutex r)
      (lock-mutex r)
      (unlock-mutex r)
      (test-equal "a recursive mutex is still held after one unlock"
                  #f (join-thread (call-with-new-thread (lambda () (try-mutex r)))))
      (unlock-mutex r)
      (test-equal "and free after the second"
                  #t (join-thread (call-with-new-thread
                                   (lambda () (and (try-mutex r)
                                                   (unlock-mutex r)))))))))

(test-group "condition variables"
  (lambda ()
    (let ((m (make-mutex)) (cv (make-condition-variable))
          (queue '()) (done 0))
      (define (consumer)
        (let loop ((got '()))
          (if (= (length got) 5)
              (reverse got)
              (begin
                (lock-mutex m)
                (let wait ()
                  (if (null? queue)
                      (begin (wait-condition-variable cv m) (wait))))
                (let ((x (car queue)))
                  (set! queue (cdr queue))
                  (unlock-mutex m)
                  (loop (cons x got)))))))
      (let ((t (call-with-new-thread consumer)))
        (for-each (lambda (x)
                    (with-mutex m
                      (set! queue (append queue (list x)))
                      (signal-condition-variable cv)))
                  '(1 2 3 4 5))
        (test-equal "a consumer waits for what a producer signals"
                    '(1 2 3 4 5) (join-thread t)))
      (test-assert "condition-variable?"
                   (and (condition-variable? cv) (not (condition-variable? m))))
      (test-error-contains "waiting without the mutex is an error"
        '("wait-condition-variable: mutex not locked by this thread: #<mutex")
        (lambda () (wait-condition-variable cv m)))
      (let* ((waiting 0)
             (ts (map (lambda (i)
                        (call-with-new-thread
                         (lambda ()
                           (with-mutex m
                             (set! waiting (+ waiting 1))
                             (let wait ()
                               (if (= done 0)
                                   (begin (wait-condition-variable cv m)
                                          (wait))))
                             i))))
                      '(1 2 3))))
        ;; Release them once all three are waiting (or have seen done).
        (let spin ()
          (if (< (with-mutex m waiting) 3) (spin)))
        (with-mutex m (set! done 1) (broadcast-condition-variable cv))
        (test-equal "broadcast wakes every waiter" '(1 2 3)
                    (map join-thread ts))))))

(test-group "a limit ends a blocking wait"
  (lambda ()
    (define (limit-of thunk)
      (guard (e (#t (list (condition-kind e) (car (error-object-irritants e)))))
        (call-with-limits thunk 0.02 #f)))
    (let ((m (make-mutex)))
      (lock-mutex m)
      (test-equal "lock-mutex on a mutex that another thread holds"
                  '(limit-exceeded time)
                  (join-thread (call-with-new-thread
                                (lambda () (limit-of (lambda () (lock-mutex m)))))))
      (unlock-mutex m)
      (test-assert "and the mutex is free once its holder unlocks it"
                   (join-thread (call-with-new-thread
                                 (lambda () (and (try-mutex m) (unlock-mutex m)))))))
    (let ((m (make-mutex)) (cv (make-condition-variable)))
      (lock-mutex m)
      (test-equal "wait-condition-variable that nothing signals"
                  '(limit-exceeded time)
                  (limit-of (lambda () (wait-condition-variable cv m))))
      (test-equal "the mutex is locked again when the limit is raised" #f
                  (join-thread (call-with-new-thread (lambda () (try-mutex m)))))
      (unlock-mutex m)
      (test-assert "and unlocked by its holder" (try-mutex m))
      (unlock-mutex m))))

;; hash-table-update! and hash-table-update!/default are atomic per
;; table: 8 threads incrementing shared counters lose no increment (they
;; lost about 1% before).
(define (in-8-threads thunk)
  (let ((ts (let loop ((i 0) (acc '()))
              (if (= i 8) acc (loop (+ i 1) (cons (call-with-new-thread thunk) acc))))))
    (for-each join-thread ts)))

(define updates-per-thread 20000)

(test-group "hash-table-update! from 8 threads"
  (lambda ()
    (test-equal "SRFI 125 hash-table-update!/default, an equal? table"
                (list (* 8 updates-per-thread) (* 8 updates-per-thread))
                (let ((t (s125:make-hash-table equal?)))
                  (in-8-threads
                   (lambda ()
                     (let loop ((i 0))
                       (if (< i updates-per-thread)
                           (begin
                             (s125:hash-table-update!/default t '(a) (lambda (n) (+ n 1)) 0)
                             (s125:hash-table-update!/default t (modulo i 7) (lambda (n) (+ n 1)) 0)
                             (loop (+ i 1)))))))
                  (list (s125:hash-table-ref/default t '(a) #f)
                        (let loop ((k 0) (sum 0))
                          (if (= k 7) sum
                              (loop (+ k 1) (+ sum (s125:hash-table-ref/default t k 0))))))))
    (test-equal "SRFI 125 hash-table-update! with a failure thunk, a string=? table"
                (* 8 updates-per-thread)
                (let ((t (s125:make-hash-table string=? string-hash)))
                  (in-8-threads
                   (lambda ()
                     (let loop ((i 0))
                       (if (< i updates-per-thread)
                           (begin
                             (s125:hash-table-update! t "count" (lambda (n) (+ n 1))
                                                      (lambda () 0))
                             (loop (+ i 1)))))))
                  (s125:hash-table-ref t "count")))
    (test-equal "SRFI 69 hash-table-update!/default, an eqv? table"
                (* 8 updates-per-thread)
                (let ((t (s69:make-hash-table eqv?)))
                  (in-8-threads
                   (lambda ()
                     (let loop ((i 0))
                       (if (< i updates-per-thread)
                           (begin
                             (s69:hash-table-update!/default t 1 (lambda (n) (+ n 1)) 0)
                             (loop (+ i 1)))))))
                  (s69:hash-table-ref/default t 1 #f)))
    (test-equal "a key that is new to every thread at once is made once"
                '(1 8)
                (let ((t (s125:make-hash-table string=? string-hash)))
                  (in-8-threads
                   (lambda ()
                     (s125:hash-table-update!/default t "k" (lambda (n) (+ n 1)) 0)))
                  (list (s125:hash-table-size t) (s125:hash-table-ref t "k"))))))

;; VECTOR and LIST take their objects from the running thread's VM's
;; free lists (engine.c, vector_of_values and list_of_values, given the
;; VM): vectors and lists made in 8 threads at once, through
;; collections, each holding what its thread put in it.
(test-group "vectors and lists made in 8 threads"
  (lambda ()
    (define results (make-vector 8 #f))
    (define (build k n acc)
      (if (= n 0)
          acc
          (build k (- n 1)
                 (cons (vector k n (list k n) (vector n k 'v)) acc))))
    (define (intact? k l)
      (let loop ((l l) (n 1))
        (or (null? l)
            (and (equal? (car l) (vector k n (list k n) (vector n k 'v)))
                 (loop (cdr l) (+ n 1))))))
    (let ((ts (let loop ((k 0) (acc '()))
                (if (= k 8)
                    acc
                    (loop (+ k 1)
                          (cons (call-with-new-thread
                                 (lambda ()
                                   (vector-set! results k (build k 20000 '()))))
                                acc))))))
      (for-each join-thread ts))
    (gc)
    (test-assert "each thread's 20,000 vectors intact"
                 (let loop ((k 0))
                   (or (= k 8)
                       (and (intact? k (vector-ref results k))
                            (loop (+ k 1))))))))

(test-end "threads")
