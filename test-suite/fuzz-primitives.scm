;;; fuzz-primitives.scm -- every procedure of the core, called with hostile arguments
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; scm test-suite/fuzz-primitives.scm FIRST COUNT calls the procedures
;;; bound in the program's environment whose names are, in sorted
;;; order, the FIRST-th to the (FIRST+COUNT-1)-th, each with no
;;; argument, then with every one and every pair of the values below:
;;; the wrong types, the wrong ranges, the shapes of the interpreter's
;;; own structures (a wind entry is a five-element vector, a
;;; parameterization a list).  Each call is under a handler; after each,
;;; a little evaluation checks that the interpreter still works.  It
;;; prints "fuzz-end" and the number of calls at the end: a crash never
;;; gets there (fuzz-primitives.sh runs it).  Procedures that end or
;;; stop the process by design are left out.

;;; Code:

(define skipped
  (append
   '(exit quit emergency-exit call-with-new-thread join-thread gc)
   ;; The names in the file SCM_FUZZ_SKIP, one a line: the operating
   ;; system's procedures (fuzz-primitives.sh).
   (let ((file (get-environment-variable "SCM_FUZZ_SKIP")))
     (if file
         (call-with-input-file file
           (lambda (port)
             (let loop ((acc '()))
               (let ((line (read-line port)))
                 (if (eof-object? line)
                     acc
                     (loop (cons (string->symbol line) acc)))))))
         (error "fuzz-primitives: SCM_FUZZ_SKIP names no file")))))

(define values-to-try
  (list 0 -1 5 (expt 2 100) 1.5 +nan.0 #\x "" "s" 'sym #f #t '() (list 5)
        (cons 1 2) (vector) (vector 1 2 3 4 5) (list (vector 1 2 3 4 5))
        (make-bytevector 3 0) (lambda () 1) car (open-input-string "x")
        (make-parameter 1)))

(define (sorted-procedure-names)
  (let ((env (interaction-environment)))
    (sort (let loop ((l (module-exports (resolve-module '(libscm)))) (acc '()))
            (cond ((null? l) acc)
                  ((and (not (memq (car l) skipped))
                        (module-variable (resolve-module '(libscm)) (car l))
                        (procedure? (eval (car l) env)))
                   (loop (cdr l) (cons (car l) acc)))
                  (else (loop (cdr l) acc))))
          (lambda (a b) (string<? (symbol->string a) (symbol->string b))))))

(define calls 0)

(define (try proc args)
  (set! calls (+ calls 1))
  (call/cc
   (lambda (k)
     (with-exception-handler
      (lambda (e) (k #f))
      (lambda ()
        (apply proc args)
        ;; The interpreter still works: a port, a wind, an escape.
        (let ((p (open-output-string)))
          (write (list 1 "a") p)
          (dynamic-wind (lambda () #f) (lambda () (get-output-string p))
                        (lambda () #f))))))))

(define (fuzz name)
  (let ((proc (eval name (interaction-environment))))
    (try proc '())
    (for-each (lambda (a)
                (try proc (list a))
                (for-each (lambda (b) (try proc (list a b))) values-to-try))
              values-to-try)))

(let* ((args (cdr (command-line)))
       (first (string->number (car args)))
       (count (string->number (cadr args)))
       (names (sorted-procedure-names)))
  (let loop ((l names) (i 0))
    (when (and (pair? l) (< i (+ first count)))
      (when (>= i first)
        (fuzz (car l)))
      (loop (cdr l) (+ i 1))))
  (newline)
  (display "fuzz-end ")
  (display calls)
  (newline))

;;; fuzz-primitives.scm ends here
