;;; fuzz-primitives.scm -- fuzz target: every pure procedure with random arguments
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  The procedures are those of the core that
;;; an instance of the "pure" profile has (%fuzz-pure-procedures: no
;;; files, processes, clocks, threads or operating system), but exit,
;;; quit and emergency-exit, which end the process by design, and
;;; set-current-module, which would move this file's own top level.
;;; test-suite/fuzz-primitives.sh calls each with every value and pair
;;; of values of a fixed list; this target draws the calls from its
;;; input: a procedure, zero to four arguments from a pool of values
;;; -- numbers at the edges, strings beyond the BMP, cyclic and
;;; improper lists, vectors, bytevectors, procedures that raise or
;;; escape, open and closed ports, hash tables, parameters, promises,
;;; conditions -- and what earlier calls returned joins the pool.  A
;;; call may raise; it must not crash or hang past the budget, and the
;;; interpreter must work after it.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))

(define skipped '(exit quit emergency-exit set-current-module))

(define procedures
  (let loop ((l %fuzz-pure-procedures) (acc '()))
    (cond ((null? l)
           (list->vector
            (sort acc (lambda (a b) (string<? (symbol->string (car a))
                                              (symbol->string (car b)))))))
          ((memq (car l) skipped) (loop (cdr l) acc))
          (else (loop (cdr l)
                      (cons (cons (car l) (eval (car l) (interaction-environment)))
                            acc))))))

(define (cyclic)
  (let ((l (list 1 2 3)))
    (set-cdr! (cddr l) l)
    l))

(define (closed-port)
  (let ((p (open-input-string "x")))
    (close-port p)
    p))

(define (make-value in)
  (case (choose in 40)
    ((0) (- (choose in 7) 3))
    ((1) (- (* 256 (next-byte! in)) (next-byte! in)))
    ((2) (expt 2 (choose in 130)))
    ((3) (- (expt 2 (choose in 70))))
    ((4) (choose-from in '(0.0 -0.0 1.5 -1e308 1e-320 +inf.0 -inf.0 +nan.0)))
    ((5) (/ (- (choose in 9) 4) (+ 1 (choose in 5))))
    ((6) (make-rectangular (choose in 3) (- (choose in 3) 1)))
    ((7) (choose-char in))
    ((8 9) (choose-string in (choose in 8)))
    ((10) (string->symbol (choose-string in (choose in 4))))
    ((11) (choose-from in (list #t #f '() (eof-object))))
    ((12) (list (choose in 5) (choose in 5)))
    ((13) (cons 1 2))
    ((14) (cyclic))
    ((15) (make-list (choose in 20) (choose in 3)))
    ((16) (vector 1 "a" #\b))
    ((17) (make-vector (choose in 5) 0))
    ((18) (choose-bytes in (choose in 9)))
    ((19) (lambda args (if (null? args) 0 (car args))))
    ((20) (lambda args (raise 'fuzz)))
    ((21) car)
    ((22) (lambda (x) x))
    ((23) (open-input-string (choose-string in (choose in 6))))
    ((24) (open-output-string))
    ((25) (closed-port))
    ((26) (open-input-bytevector (choose-bytes in 4)))
    ((27) (make-parameter (choose in 3)))
    ((28) (delay (choose in 3)))
    ((29) (make-string (choose in 4) #\x3bb))
    ((30) (list 'a (vector 'b) "c"))
    ((31) (symbol->keyword 'k))
    ((32) (make-hash-table))
    ((33) (guard (e (#t e)) (error "fuzz" 1 2)))
    ((34) (guard (e (#t e)) (car 1)))
    ((35) (interaction-environment))
    ((36) (if #f #f))
    ((37) (list (list 'a 1) (list 'b 2)))
    ((38) (string #\a #\x0 #\x10ffff))
    (else (choose-char in))))

;; Mostly as many arguments as PROC takes, else zero to four.
(define (choose-args in proc pool)
  (let loop ((k (let ((arity (guard (e (#t #f)) (procedure-minimum-arity proc))))
                  (if (and arity (positive? (choose in 4)))
                      (+ (car arity) (choose in (+ 1 (min 2 (cadr arity)))))
                      (choose in 5))))
             (acc '()))
    (if (zero? k)
        acc
        (loop (- k 1)
              (cons (if (zero? (choose in 3))
                        (make-value in)
                        (vector-ref pool (choose in (vector-length pool))))
                    acc)))))

;; The interpreter still works: a port, a wind, an escape, equal?.
(define (still-works)
  (let ((p (open-output-string)))
    (write (list 1 "a" #\b) p)
    (and (equal? (call/cc
                  (lambda (k)
                    (dynamic-wind (lambda () #f)
                                  (lambda () (k (get-output-string p)))
                                  (lambda () #f))))
                 "(1 \"a\" #\\b)")
         (= (+ 1 2) 3))))

(define (fuzz-one bv)
  (let* ((in (fuzz-input bv))
         (pool (let ((v (make-vector 16 #f)))
                 (do ((i 0 (+ i 1))) ((= i 16) v)
                   (vector-set! v i (make-value in))))))
    (let loop ((n 0))
      (unless (or (input-done? in) (> n 60) (%fuzz-over?))
        (let* ((entry (vector-ref procedures (choose in (vector-length procedures))))
               (args (choose-args in (cdr entry) pool))
               (result (fuzz-try
                        (lambda ()
                          (parameterize ((current-input-port (open-input-string "")))
                            (apply (cdr entry) args))))))
          (when %fuzz-verbose
            (write (cons (car entry) args) (current-error-port))
            (newline (current-error-port)))
          (unless (raised? result)
            (vector-set! pool (choose in 16) result))
          (fuzz-check "the interpreter works after a call"
                      (eq? (fuzz-try still-works) #t) (car entry) args)
          (loop (+ n 1)))))))

;;; fuzz-primitives.scm ends here
