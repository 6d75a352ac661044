;;; boot.scm -- the Scheme prelude, compiled into every instance at init
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Procedures that call procedures are written here rather than in C,
;;; so that a call from them is a VM call and no C frame ever sits
;;; between two Scheme frames.  (%apply f list) and (%apply-values f
;;; values) are intrinsics of the expander: tail calls of F with the
;;; elements of LIST, or with VALUES, as arguments.

(define %load-path '())

(define (apply f first . rest)
  (%apply f (%apply-list first rest)))

(define (call-with-values producer consumer)
  (%apply-values consumer (producer)))

(define (eval exp . env)
  ((%compile exp (if (pair? env) (car env) #f))))

(define (load filename . env)
  (let ((port (%open-load-file filename)))
    (let loop ()
      (let ((x (read port)))
        (if (eof-object? x)
            (close-port port)
            (begin
              ((%compile x))
              (loop)))))))

;; The cars of LISTS if each is a pair, else #f.
(define (%cars lists)
  (let loop ((ls lists) (acc '()))
    (cond ((null? ls) (reverse! acc))
          ((pair? (car ls)) (loop (cdr ls) (cons (car (car ls)) acc)))
          (else #f))))

(define (%cdrs lists)
  (let loop ((ls lists) (acc '()))
    (if (null? ls)
        (reverse! acc)
        (loop (cdr ls) (cons (cdr (car ls)) acc)))))

(define (map f list1 . lists)
  (if (null? lists)
      (let loop ((l list1) (acc '()))
        (if (pair? l)
            (loop (cdr l) (cons (f (car l)) acc))
            (reverse! acc)))
      (let loop ((ls (cons list1 lists)) (acc '()))
        (let ((cars (%cars ls)))
          (if cars
              (loop (%cdrs ls) (cons (apply f cars) acc))
              (reverse! acc))))))

(define (for-each f list1 . lists)
  (if (null? lists)
      (let loop ((l list1))
        (if (pair? l)
            (begin (f (car l)) (loop (cdr l)))))
      (let loop ((ls (cons list1 lists)))
        (let ((cars (%cars ls)))
          (if cars
              (begin (apply f cars) (loop (%cdrs ls)))))))
  (if #f #f))

;; The shortest length of the sequences SEQS, measured by LEN.
(define (%min-length len seqs)
  (let loop ((seqs (cdr seqs)) (n (len (car seqs))))
    (if (null? seqs)
        n
        (loop (cdr seqs) (let ((m (len (car seqs)))) (if (< m n) m n))))))

(define (%refs ref seqs i)
  (map (lambda (s) (ref s i)) seqs))

(define (vector-map f v . vs)
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs))
         (result (make-vector n)))
    (do ((i 0 (+ i 1)))
        ((= i n) result)
      (vector-set! result i
                   (if (null? vs)
                       (f (vector-ref v i))
                       (apply f (%refs vector-ref seqs i)))))))

(define (vector-for-each f v . vs)
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? vs)
          (f (vector-ref v i))
          (apply f (%refs vector-ref seqs i))))))

(define (string-map f s . ss)
  (let* ((seqs (cons s ss))
         (n (%min-length string-length seqs)))
    (let loop ((i 0) (acc '()))
      (if (= i n)
          (list->string (reverse! acc))
          (loop (+ i 1)
                (cons (if (null? ss)
                          (f (string-ref s i))
                          (apply f (%refs string-ref seqs i)))
                      acc))))))

(define (string-for-each f s . ss)
  (let* ((seqs (cons s ss))
         (n (%min-length string-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? ss)
          (f (string-ref s i))
          (apply f (%refs string-ref seqs i))))))

(define member
  (let ((member member))
    (lambda (x list . compare)
      (if (null? compare)
          (member x list)
          (let ((same? (car compare)))
            (let loop ((l list))
              (cond ((not (pair? l)) #f)
                    ((same? x (car l)) l)
                    (else (loop (cdr l))))))))))

(define assoc
  (let ((assoc assoc))
    (lambda (x alist . compare)
      (if (null? compare)
          (assoc x alist)
          (let ((same? (car compare)))
            (let loop ((l alist))
              (cond ((not (pair? l)) #f)
                    ((same? x (car (car l))) (car l))
                    (else (loop (cdr l))))))))))

;;; Promises (R7RS `(scheme lazy)'): a promise holds a box, a pair
;;; (DONE? . VALUE-OR-THUNK), that promises forced through delay-force
;;; come to share, so that a chain of delay-force runs in constant space
;;; (force tail-calls itself).  The expander makes (delay-force E) into
;;; (%make-promise #f (lambda () E)) and (delay E) into (delay-force
;;; (%make-promise #t E)).

(define-record-type promise
  (%make-promise-record box)
  promise?
  (box %promise-box %set-promise-box!))

(define (%make-promise done? value)
  (%make-promise-record (cons done? value)))

(define (make-promise obj)
  (if (promise? obj) obj (%make-promise #t obj)))

(define (force obj)
  (if (not (promise? obj))
      obj
      (let ((box (%promise-box obj)))
        (if (car box)
            (cdr box)
            (let* ((next ((cdr box)))
                   (box (%promise-box obj)))
              ;; Forcing the thunk may have forced OBJ already.
              (if (not (car box))
                  (let ((next-box (%promise-box (make-promise next))))
                    (set-car! box (car next-box))
                    (set-cdr! box (cdr next-box))
                    (%set-promise-box! next box)))
              (force obj))))))

;;; Parameters (R7RS 4.2.6).  A parameter is a procedure of no
;;; arguments that returns the value in its cell; called with the
;;; private key %parameter-key, it gives its cell and converter, which
;;; parameterize (expanded into %parameterize) sets and restores, also
;;; when the body raises.  Until continuations and dynamic-wind exist
;;; (the control issue), leaving the body by an error is the only
;;; non-local exit.  The cells are shared by all threads.

(define %parameter-key (list 'parameter-key))

(define (make-parameter value . converter)
  (let* ((convert (if (pair? converter) (car converter) (lambda (x) x)))
         (cell (list (convert value))))
    (case-lambda
      (() (car cell))
      ((key) (if (eq? key %parameter-key)
                 (cons cell convert)
                 (error "a parameter takes no arguments" key))))))

(define (%parameterize params vals thunk)
  (let* ((cells (map (lambda (p)
                       (let ((c (and (procedure? p) (p %parameter-key))))
                         (if (and (pair? c) (pair? (car c)) (procedure? (cdr c)))
                             c
                             (error "parameterize: not a parameter" p))))
                     params))
         (new (map (lambda (c v) ((cdr c) v)) cells vals))
         (old (map (lambda (c) (car (car c))) cells)))
    (define (install! vals)
      (for-each (lambda (c v) (set-car! (car c) v)) cells vals))
    (install! new)
    (let ((results (%call-unwinding (lambda () (call-with-values thunk list))
                                    (lambda (e) (install! old) (raise e)))))
      (install! old)
      (apply values results))))

;;; dynamic-wind (R7RS 6.10), for the one non-local exit there is until
;;; continuations exist (the control issue): a raised object, an error
;;; or an exit request, leaving THUNK runs AFTER, then goes on.
;;; emergency-exit does not run it.

(define (dynamic-wind before thunk after)
  (before)
  (let ((results (%call-unwinding (lambda () (call-with-values thunk list))
                                  (lambda (e) (after) (raise e)))))
    (after)
    (apply values results)))
