;;; 42.sld -- SRFI 42, eager comprehensions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The comprehensions and generators of SRFI 42, written from the
;;; SRFI's specification.  Every typed generator is a macro called as
;;; (g CC VAR ARG ...) that expands into (:do CC ...), the SRFI's
;;; extension protocol: CC is the continuation, a list (MACRO ARG ...)
;;; to which :do appends the parts of its loop.  Internally those parts
;;; carry one more slot than :do's, a test evaluated in the scope of
;;; the inner bindings before the payload, which is what :while needs:
;;;
;;;   (let (OB ...) OC ...) (LB ...) NE1 (let (IB ...) IC ...) MID NE2 (LS ...)
;;;
;;; do-ec turns those parts into the SRFI's loop skeleton; :parallel
;;; merges two sets of parts; the other comprehensions are do-ec with
;;; an accumulator.  first-ec, any?-ec and every?-ec stop the loops
;;; with an escape continuation.
;;;
;;; The dispatching generator : (and :dispatched) call a dispatcher at
;;; run time; the initial one gives closures over lists, strings,
;;; vectors, ranges of integers, reals and characters and ports
;;; directly; :generator-proc makes a generator procedure from any
;;; typed generator by running it as a coroutine (call/cc).  The
;;; dispatcher is per instance (a library variable).

;;; Code:

(define-library (srfi 42)
  (export do-ec list-ec append-ec string-ec string-append-ec vector-ec
          vector-of-length-ec sum-ec product-ec min-ec max-ec any?-ec
          every?-ec first-ec last-ec fold-ec fold3-ec
          : :list :string :vector :integers :range :real-range
          :char-range :port :dispatched :do :let :parallel :while :until
          :-dispatch-ref :-dispatch-set! make-initial-:-dispatch
          dispatch-union :generator-proc)
  (import (libscm))
  (begin

    ;; ----------------------------------------------------------------
    ;; do-ec and the loop skeleton.

    (define-syntax do-ec
      (syntax-rules ()
        ((_ cmd) (begin cmd (if #f #f)))
        ((_ q1 q ... cmd) (do-ec-qualifier q1 (do-ec q ... cmd)))))

    ;; BODY (a do-ec form) under one qualifier.
    (define-syntax do-ec-qualifier
      (syntax-rules (nested if not and or begin)
        ((_ (nested q ...) body) (do-ec q ... body))
        ((_ (if test) body) (if test body))
        ((_ (not test) body) (if (not test) body))
        ((_ (and test ...) body) (if (and test ...) body))
        ((_ (or test ...) body) (if (or test ...) body))
        ((_ (begin etc ...) body) (begin etc ... body))
        ((_ (g arg ...) body) (do-ec-generator (g arg ...) body))))

    ;; A generator, or (not TEST) when the literal above did not match:
    ;; the program's `not' can be a copy of the core's binding (the
    ;; REPL's and a program's module copy core variables), which
    ;; syntax-rules does not take as the same binding, so the name is
    ;; compared here.
    (define-syntax do-ec-generator
      (lambda (x)
        (syntax-case x ()
          ((_ (g test) body)
           (and (identifier? #'g) (eq? (syntax->datum #'g) 'not))
           #'(if (not test) body))
          ((_ (g arg ...) body)
           #'(g (do-ec-loop body) arg ...)))))

    ;; The continuation of a generator in do-ec: the SRFI's skeleton.
    (define-syntax do-ec-loop
      (syntax-rules (let)
        ((_ body (let (ob ...) oc ...) (lb ...) ne1 (let (ib ...) ic ...)
            mid ne2 (ls ...))
         (let (ob ...)
           oc ...
           (let loop (lb ...)
             (if ne1
                 (let (ib ...)
                   ic ...
                   (if mid
                       (begin body
                              (if ne2 (loop ls ...)))))))))))

    (define-syntax :do
      (syntax-rules (let)
        ((_ (cc ...) (let obs oc ...) lbs ne1 (let ibs ic ...) ne2 lss)
         (cc ... (let obs oc ...) lbs ne1 (let ibs ic ...) #t ne2 lss))
        ((_ (cc ...) lbs ne1 lss)
         (cc ... (let ()) lbs ne1 (let ()) #t #t lss))))

    ;; ----------------------------------------------------------------
    ;; Combined and modified generators.

    (define-syntax :parallel
      (syntax-rules ()
        ((_ cc) (:do cc () #t ()))
        ((_ cc (g arg ...)) (g cc arg ...))
        ((_ cc (g arg ...) gen ...)
         (g (:parallel-first cc (gen ...)) arg ...))))

    (define-syntax :parallel-first
      (syntax-rules ()
        ((_ cc (gen ...) ob lbs ne1 ib mid ne2 lss)
         (:parallel (:parallel-merge cc ob lbs ne1 ib mid ne2 lss) gen ...))))

    (define-syntax :parallel-merge
      (syntax-rules (let)
        ((_ (cc ...)
            (let (ob1 ...) oc1 ...) (lb1 ...) ne1a (let (ib1 ...) ic1 ...)
            mid1 ne2a (ls1 ...)
            (let (ob2 ...) oc2 ...) (lb2 ...) ne1b (let (ib2 ...) ic2 ...)
            mid2 ne2b (ls2 ...))
         (cc ... (let (ob1 ... ob2 ...) oc1 ... oc2 ...)
             (lb1 ... lb2 ...) (and ne1a ne1b)
             (let (ib1 ... ib2 ...) ic1 ... ic2 ...)
             (and mid1 mid2) (and ne2a ne2b) (ls1 ... ls2 ...)))))

    (define-syntax :while
      (syntax-rules ()
        ((_ cc (g arg ...) test) (g (:while-parts cc test) arg ...))))

    (define-syntax :while-parts
      (syntax-rules ()
        ((_ (cc ...) test ob lbs ne1 ib mid ne2 lss)
         (cc ... ob lbs ne1 ib (and mid test) ne2 lss))))

    (define-syntax :until
      (syntax-rules ()
        ((_ cc (g arg ...) test) (g (:until-parts cc test) arg ...))))

    (define-syntax :until-parts
      (syntax-rules ()
        ((_ (cc ...) test ob lbs ne1 ib mid ne2 lss)
         (cc ... ob lbs ne1 ib mid (and ne2 (not test)) lss))))

    ;; ----------------------------------------------------------------
    ;; Typed generators.  Each form with (index i) is the same generator
    ;; in parallel with (:integers i).

    (define-syntax :integers
      (syntax-rules (index)
        ((_ cc var (index i)) (:parallel cc (:integers var) (:integers i)))
        ((_ cc var) (:do cc ((var 0)) #t ((+ var 1))))))

    (define-syntax :let
      (syntax-rules (index)
        ((_ cc var (index i) expr)
         (:do cc (let ((var expr) (i 0))) () #t (let ()) #f ()))
        ((_ cc var expr)
         (:do cc (let ((var expr))) () #t (let ()) #f ()))))

    (define-syntax :list
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:list var arg ...) (:integers i)))
        ((_ cc var arg)
         (:do cc (let ()) ((t (check-list ':list arg))) (pair? t)
              (let ((var (car t)))) #t ((cdr t))))
        ((_ cc var arg1 arg2 arg ...)
         (:list cc var (append (check-list ':list arg1) arg2 arg ...)))))

    (define-syntax :string
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:string var arg ...) (:integers i)))
        ((_ cc var arg)
         (:do cc (let ((s (check-type ':string string? "string" arg))
                       (n 0))
                   (set! n (string-length s)))
              ((k 0)) (< k n) (let ((var (string-ref s k)))) #t ((+ k 1))))
        ((_ cc var arg1 arg ...)
         (:string cc var (string-append arg1 arg ...)))))

    (define-syntax :vector
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:vector var arg ...) (:integers i)))
        ((_ cc var arg)
         (:do cc (let ((v (check-type ':vector vector? "vector" arg))
                       (n 0))
                   (set! n (vector-length v)))
              ((k 0)) (< k n) (let ((var (vector-ref v k)))) #t ((+ k 1))))
        ((_ cc var arg1 arg ...)
         (:vector cc var (vector-append arg1 arg ...)))))

    (define-syntax :range
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:range var arg ...) (:integers i)))
        ((_ cc var stop) (:range cc var 0 stop 1))
        ((_ cc var start stop) (:range cc var start stop 1))
        ((_ cc var start stop step)
         (:do cc (let ((a start) (b stop) (s step))
                   (check-range a b s))
              ((var a)) (if (> s 0) (< var b) (> var b))
              (let ()) #t ((+ var s))))))

    (define-syntax :real-range
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:real-range var arg ...) (:integers i)))
        ((_ cc var stop) (:real-range cc var 0 stop 1))
        ((_ cc var start stop) (:real-range cc var start stop 1))
        ((_ cc var start stop step)
         (:do cc (let ((a start) (b stop) (s step) (n 0))
                   (check-real-range a b s)
                   (set! n (/ (- b a) s))
                   (if (or (inexact? a) (inexact? b) (inexact? s))
                       (begin (set! a (inexact a)) (set! s (inexact s)))))
              ((k 0)) (< k n) (let ((var (+ a (* k s))))) #t ((+ k 1))))))

    (define-syntax :char-range
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:char-range var arg ...) (:integers i)))
        ((_ cc var min max)
         (:do cc (let ((a (check-type ':char-range char? "character" min))
                       (b (check-type ':char-range char? "character" max))
                       (last 0))
                   (set! last (char->integer b)))
              ((k (char->integer a))) (<= k last)
              (let ((var (integer->char k)))) #t ((next-scalar k))))))

    (define-syntax :port
      (syntax-rules (index)
        ((_ cc var (index i) arg ...)
         (:parallel cc (:port var arg ...) (:integers i)))
        ((_ cc var port) (:port cc var port read))
        ((_ cc var port read-proc)
         (:do cc (let ((p (check-type ':port input-port? "input port" port))
                       (r (check-type ':port procedure? "procedure" read-proc))))
              ((var (r p))) (not (eof-object? var)) (let ()) #t ((r p))))))

    (define-syntax :dispatched
      (syntax-rules (index)
        ((_ cc var (index i) d arg ...)
         (:parallel cc (:dispatched var d arg ...) (:integers i)))
        ((_ cc var d arg1 arg ...)
         (:do cc (let ((g (dispatch-generator d (list arg1 arg ...)))
                       (empty (list 'empty))))
              ((var (g empty))) (not (eq? var empty)) (let ()) #t ((g empty))))))

    (define-syntax :
      (syntax-rules (index)
        ((_ cc var (index i) arg1 arg ...)
         (:dispatched cc var (index i) :-dispatch arg1 arg ...))
        ((_ cc var arg1 arg ...)
         (:dispatched cc var :-dispatch arg1 arg ...))))

    (define-syntax :generator-proc
      (syntax-rules ()
        ((_ (g arg ...))
         (coroutine-generator (lambda (yield) (do-ec (g var arg ...) (yield var)))))))

    ;; ----------------------------------------------------------------
    ;; Run-time helpers of the generators.

    (define (type-error who expected obj)
      (error (string-append (symbol->string who) ": wrong type argument (expected "
                            expected ")")
             obj))

    (define (check-type who ok? expected obj)
      (if (ok? obj) obj (type-error who expected obj)))

    (define (check-list who obj)
      (check-type who list? "proper list" obj))

    (define (check-range a b s)
      (if (not (and (exact-integer? a) (exact-integer? b) (exact-integer? s)))
          (error ":range: the bounds and the step must be exact integers" a b s))
      (if (zero? s) (error ":range: a step of zero" s)))

    (define (check-real-range a b s)
      (if (not (and (real? a) (real? b) (real? s)))
          (error ":real-range: the bounds and the step must be real numbers" a b s))
      (if (zero? s) (error ":real-range: a step of zero" s)))

    ;; The scalar value after K: past the surrogates, which are no
    ;; characters.
    (define (next-scalar k)
      (if (= k #xD7FF) #xE000 (+ k 1)))

    (define (dispatch-generator d args)
      (if (not (procedure? d))
          (error ":dispatched: the dispatcher is not a procedure" d))
      (let ((g (d args)))
        (if (not (procedure? g))
            (error (string-append ":dispatched: no generator for these arguments ("
                                  (let ((o (open-output-string)))
                                    (write (d '()) o)
                                    (get-output-string o))
                                  ")")
                   args))
        g))

    ;; A generator procedure that runs PROC (a procedure of YIELD) as a
    ;; coroutine: each call resumes it until it yields a value; its end
    ;; gives EMPTY from then on.
    (define (coroutine-generator proc)
      (let ((return #f) (resume #f) (done #f))
        (lambda (empty)
          (if done
              empty
              (call/cc
               (lambda (k)
                 (set! return k)
                 (if resume
                     (resume #f)
                     (begin
                       (proc (lambda (v)
                               (call/cc (lambda (r)
                                          (set! resume r)
                                          (return v)))))
                       (set! done #t)
                       (return empty)))))))))

    ;; Generator procedures of the initial dispatcher: closures, no
    ;; coroutine.
    (define (list-gen l)
      (lambda (empty)
        (if (pair? l) (let ((x (car l))) (set! l (cdr l)) x) empty)))

    (define (indexed-gen ref n)
      (let ((k 0))
        (lambda (empty)
          (if (< k n) (let ((x (ref k))) (set! k (+ k 1)) x) empty))))

    (define (string-gen s)
      (indexed-gen (lambda (k) (string-ref s k)) (string-length s)))

    (define (vector-gen v)
      (indexed-gen (lambda (k) (vector-ref v k)) (vector-length v)))

    (define (range-gen a b s)
      (check-range a b s)
      (let ((x a))
        (lambda (empty)
          (if (if (> s 0) (< x b) (> x b))
              (let ((v x)) (set! x (+ x s)) v)
              empty))))

    (define (real-range-gen a b s)
      (check-real-range a b s)
      (let ((inexact? (or (inexact? a) (inexact? b) (inexact? s))))
        (let ((a (if inexact? (inexact a) a)) (s (if inexact? (inexact s) s)))
          (indexed-gen (lambda (k) (+ a (* k s))) (/ (- b a) s)))))

    (define (char-range-gen a b)
      (let ((k (char->integer a)) (last (char->integer b)))
        (lambda (empty)
          (if (<= k last)
              (let ((c (integer->char k))) (set! k (next-scalar k)) c)
              empty))))

    (define (port-gen p r)
      (lambda (empty)
        (let ((x (r p))) (if (eof-object? x) empty x))))

    (define (all? ok? l)
      (or (null? l) (and (ok? (car l)) (all? ok? (cdr l)))))

    (define (make-initial-:-dispatch)
      "A new dispatcher with the initial cases of : (lists, strings,
vectors, exact and real ranges, character ranges, ports)."
      (lambda (args)
        (let ((n (length args)))
          (cond
           ((= n 0) 'srfi-42)
           ((all? list? args) (list-gen (apply append args)))
           ((all? string? args) (string-gen (apply string-append args)))
           ((all? vector? args) (vector-gen (apply vector-append args)))
           ((and (<= n 3) (all? exact-integer? args))
            (case n
              ((1) (range-gen 0 (car args) 1))
              ((2) (range-gen (car args) (cadr args) 1))
              (else (range-gen (car args) (cadr args) (caddr args)))))
           ((and (<= n 3) (all? real? args))
            (case n
              ((1) (real-range-gen 0 (car args) 1))
              ((2) (real-range-gen (car args) (cadr args) 1))
              (else (real-range-gen (car args) (cadr args) (caddr args)))))
           ((and (= n 2) (all? char? args)) (char-range-gen (car args) (cadr args)))
           ((and (= n 1) (input-port? (car args))) (port-gen (car args) read))
           ((and (= n 2) (input-port? (car args)) (procedure? (cadr args)))
            (port-gen (car args) (cadr args)))
           (else #f)))))

    (define current-dispatch (make-initial-:-dispatch))

    (define (:-dispatch args) (current-dispatch args))

    (define (:-dispatch-ref)
      "The dispatcher that : uses."
      current-dispatch)

    (define (:-dispatch-set! d)
      "Make D (a procedure of one list) the dispatcher that : uses."
      (if (not (procedure? d))
          (error ":-dispatch-set!: wrong type argument in position 1 (expected procedure)" d))
      (set! current-dispatch d))

    (define (dispatch-union d1 d2)
      "A dispatcher for the cases of D1 and D2; a case both recognize is
an error."
      (lambda (args)
        (if (null? args)
            (list (d1 '()) (d2 '()))
            (let ((g1 (d1 args)) (g2 (d2 args)))
              (if (and g1 g2)
                  (error "dispatch-union: two dispatchers recognize the arguments" args))
              (or g1 g2)))))

    ;; ----------------------------------------------------------------
    ;; The comprehensions.

    (define-syntax list-ec
      (syntax-rules ()
        ((_ q ... expr)
         (let ((acc '()))
           (do-ec q ... (set! acc (cons expr acc)))
           (reverse! acc)))))

    (define-syntax append-ec
      (syntax-rules ()
        ((_ q ... expr) (apply append (list-ec q ... expr)))))

    (define-syntax string-ec
      (syntax-rules ()
        ((_ q ... expr) (list->string (list-ec q ... expr)))))

    (define-syntax string-append-ec
      (syntax-rules ()
        ((_ q ... expr) (apply string-append (list-ec q ... expr)))))

    (define-syntax vector-ec
      (syntax-rules ()
        ((_ q ... expr) (list->vector (list-ec q ... expr)))))

    (define-syntax vector-of-length-ec
      (syntax-rules ()
        ((_ k q ... expr)
         (let* ((n k) (v (make-vector-of-length n)) (i 0))
           (do-ec q ...
                  (begin
                    (if (= i n) (error "vector-of-length-ec: more values than the length" n))
                    (vector-set! v i expr)
                    (set! i (+ i 1))))
           (if (< i n) (error "vector-of-length-ec: fewer values than the length" n i))
           v))))

    (define (make-vector-of-length n)
      (if (not (and (exact-integer? n) (>= n 0)))
          (error "vector-of-length-ec: wrong type argument (expected nonnegative exact integer)" n))
      (make-vector n))

    (define-syntax fold-ec
      (syntax-rules ()
        ((_ x0 q ... expr f2)
         (let ((x x0))
           (do-ec q ... (set! x (f2 expr x)))
           x))))

    (define-syntax fold3-ec
      (syntax-rules ()
        ((_ x0 q ... expr f1 f2)
         (let ((x #f) (empty #t))
           (do-ec q ...
                  (let ((value expr))
                    (if empty
                        (begin (set! x (f1 value)) (set! empty #f))
                        (set! x (f2 value x)))))
           (if empty x0 x)))))

    (define-syntax sum-ec
      (syntax-rules ()
        ((_ q ... expr) (fold-ec 0 q ... expr +))))

    (define-syntax product-ec
      (syntax-rules ()
        ((_ q ... expr) (fold-ec 1 q ... expr *))))

    (define-syntax min-ec
      (syntax-rules ()
        ((_ q ... expr)
         (fold3-ec (error "min-ec: no values") q ... expr min min))))

    (define-syntax max-ec
      (syntax-rules ()
        ((_ q ... expr)
         (fold3-ec (error "max-ec: no values") q ... expr max max))))

    (define-syntax last-ec
      (syntax-rules ()
        ((_ default q ... expr)
         (let ((x default))
           (do-ec q ... (set! x expr))
           x))))

    (define-syntax first-ec
      (syntax-rules ()
        ((_ default q ... expr)
         (call/ec (lambda (return)
                    (do-ec q ... (return expr))
                    default)))))

    (define-syntax any?-ec
      (syntax-rules ()
        ((_ q ... test)
         (first-ec #f q ... (if test) #t))))

    (define-syntax every?-ec
      (syntax-rules ()
        ((_ q ... test)
         (first-ec #t q ... (not test) #f))))))
