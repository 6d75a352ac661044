;;; (ice-9 sandbox) -- evaluating untrusted code, Guile's interface
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; (eval-in-sandbox EXP #:time-limit SECONDS #:allocation-limit BYTES
;;;                  #:step-limit STEPS #:bindings BINDINGS #:module MODULE)
;;; evaluates EXP in a fresh module that holds only BINDINGS (by
;;; default all-pure-bindings), under call-with-limits: past the time or
;;; allocation limit, the evaluation stops with a condition of kind
;;; limit-exceeded, which the sandboxed code cannot catch and the
;;; caller can (it is Guile's 'limit-exceeded throw key too).  The
;;; defaults are Guile's: 0.1 s and 10^7 bytes; #f means no limit.
;;; #:step-limit, libscm's own, bounds the evaluation steps (procedure
;;; entries and loop iterations), the same in every run whatever the
;;; machine's speed; its default is #f.
;;;
;;; A binding set is a list of (LIBRARY-NAME IDENTIFIER ...), as in
;;; Guile (whose module names are ours: the R7RS libraries).  The pure
;;; sets neither mutate shared data nor reach files, ports, the process
;;; or eval; the impure sets add mutation of pairs, strings, vectors and
;;; bytevectors, and output to the current output port, which a host
;;; captures.  The sandbox module may define and assign its own
;;; variables; its imported bindings are immutable, so the code cannot
;;; redefine what the host or another sandbox sees.  #:sever-module? is
;;; accepted and has nothing to do: the module is never registered.
;;;
;;; Code:

(define-library (ice-9 sandbox)
  (import (libscm))
  (export eval-in-sandbox make-sandbox-module
          core-bindings number-bindings char-bindings string-bindings
          symbol-bindings pair-bindings list-bindings vector-bindings
          bytevector-bindings predicate-bindings procedure-bindings
          error-bindings promise-bindings string-port-bindings
          mutating-pair-bindings mutating-string-bindings
          mutating-vector-bindings mutating-bytevector-bindings
          output-bindings
          all-pure-bindings all-pure-and-impure-bindings)
  (begin

    ;; The binding sets, and their unions all-pure-bindings and
    ;; all-pure-and-impure-bindings, are literal constants (the macro
    ;; splices them at expansion): the library holds no state, so every
    ;; instance shares the image's copy of it, and its two unions are
    ;; the same objects everywhere, which %sandbox-environment keys its
    ;; templates by.
    (define-syntax define-binding-sets
      (syntax-rules ()
        ((_ all-pure all-pure-and-impure
            ((pure set ...) ...) ((impure iset ...) ...))
         (begin
           (define pure '(set ...)) ...
           (define impure '(iset ...)) ...
           (define all-pure '(set ... ...))
           (define all-pure-and-impure '(set ... ... iset ... ...))))))

    (define-binding-sets all-pure-bindings all-pure-and-impure-bindings
     ;; Pure: no mutation of shared data, no files, ports, process or
     ;; eval.
     ((core-bindings
       ((scheme base)
         ... => _ and begin case cond cond-expand define define-record-type
         define-syntax define-values do else guard if lambda let let*
         let*-values let-syntax let-values letrec letrec* letrec-syntax
         or parameterize quasiquote quote set! syntax-error syntax-rules
         unless unquote unquote-splicing when
         make-parameter values call-with-values dynamic-wind
         call-with-current-continuation call/cc apply)
       ((scheme case-lambda) case-lambda))
      (number-bindings
       ((scheme base)
         * + - / < <= = > >= abs ceiling denominator exact
         exact-integer-sqrt exact-integer? exact? expt floor floor-quotient
         floor-remainder floor/ gcd inexact inexact? integer? lcm max min
         modulo negative? number->string number? numerator odd? even?
         positive? quotient rational? rationalize real? remainder round
         square string->number truncate truncate-quotient
         truncate-remainder truncate/ zero? complex?)
       ((scheme inexact)
         acos asin atan cos exp finite? infinite? log nan? sin sqrt tan))
      (char-bindings
       ((scheme base)
         char->integer char<=? char<? char=? char>=? char>? char?
         integer->char)
       ((scheme char)
         char-alphabetic? char-ci<=? char-ci<? char-ci=? char-ci>=?
         char-ci>? char-downcase char-foldcase char-lower-case?
         char-numeric? char-upcase char-upper-case? char-whitespace?
         digit-value string-ci<=? string-ci<? string-ci=? string-ci>=?
         string-ci>? string-downcase string-foldcase string-upcase))
      (string-bindings
       ((scheme base)
         list->string make-string string string->list string->symbol
         string->utf8 string->vector string-append string-copy
         string-for-each string-length string-map string-ref string<=?
         string<? string=? string>=? string>? string? substring
         utf8->string))
      (symbol-bindings
       ((scheme base) symbol->string symbol=? symbol?))
      (pair-bindings
       ((scheme base) car cdr cons caar cadr cdar cddr pair? null?)
       ((scheme cxr)
         caaar caadr cadar caddr cdaar cdadr cddar cdddr caaaar caaadr
         caadar caaddr cadaar cadadr caddar cadddr cdaaar cdaadr cdadar
         cdaddr cddaar cddadr cdddar cddddr))
      (list-bindings
       ((scheme base)
         append assoc assq assv for-each length list list->vector
         list-copy list-ref list-tail list? make-list map member memq memv
         reverse))
      (vector-bindings
       ((scheme base)
         make-vector vector vector->list vector->string vector-append
         vector-copy vector-for-each vector-length vector-map vector-ref
         vector?))
      (bytevector-bindings
       ((scheme base)
         bytevector bytevector-append bytevector-copy bytevector-length
         bytevector-u8-ref bytevector? make-bytevector))
      (predicate-bindings
       ((scheme base)
         boolean=? boolean? eq? equal? eqv? not procedure?))
      (procedure-bindings
       ((scheme base) features))
      (error-bindings
       ((scheme base)
         error error-object-irritants error-object-message error-object?
         raise raise-continuable with-exception-handler read-error?
         file-error?))
      (promise-bindings
       ((scheme lazy) delay delay-force force make-promise promise?)))
     ;; Impure: mutation of what the code made, and output.
     (;; String ports: reading and writing strings, no file or console.
      (string-port-bindings
       ((scheme base)
         open-input-string open-output-string get-output-string
         read-char peek-char read-line read-string char-ready? eof-object
         eof-object? write-char write-string newline)
       ((scheme write) display write write-shared write-simple))
      (mutating-pair-bindings
       ((scheme base) set-car! set-cdr! list-set!))
      (mutating-string-bindings
       ((scheme base) string-set! string-fill! string-copy!))
      (mutating-vector-bindings
       ((scheme base) vector-set! vector-fill! vector-copy!))
      (mutating-bytevector-bindings
       ((scheme base) bytevector-u8-set! bytevector-copy!))
      ;; Output to the current output port (the host decides where it
      ;; goes, and may capture it).
      (output-bindings
       ((scheme base) current-output-port flush-output-port))))

    (define (check-bindings bindings)
      (if (not (list? bindings))
          (error "make-sandbox-module: wrong type argument in position 1 \
(expected a list of (LIBRARY IDENTIFIER ...))" bindings))
      (for-each
       (lambda (b)
         (if (not (and (pair? b) (list? (car b)) (list? (cdr b))))
             (error "make-sandbox-module: not (LIBRARY IDENTIFIER ...)" b)))
       bindings))

    (define (environment-of bindings)
      (apply %mutable-environment
             (map (lambda (b) (cons 'only (cons (car b) (cdr b))))
                  bindings)))

    ;; A fresh module holding BINDINGS, where the code may define.
    ;; The library's own two sets are made from a template the process
    ;; keeps (%sandbox-environment): no binding is copied.  Other lists
    ;; are resolved each time, as the import sets they stand for.
    (define (make-sandbox-module bindings)
      "Return a fresh module that holds only BINDINGS, a list of binding sets
(LIBRARY-NAME IDENTIFIER ...) such as all-pure-bindings; code evaluated
in it may define and assign its own variables, but the imported
bindings are immutable.  An error if an element of BINDINGS is not of
that form."
      (if (or (eq? bindings all-pure-bindings)
              (eq? bindings all-pure-and-impure-bindings))
          (%sandbox-environment bindings)
          (begin
            (check-bindings bindings)
            (environment-of bindings))))

    ;; The value of keyword KEY in the property list OPTS, or DEFAULT.
    (define (option opts key default)
      (cond ((null? opts) default)
            ((not (and (pair? opts) (keyword? (car opts)) (pair? (cdr opts))))
             (error "eval-in-sandbox: malformed keyword arguments" opts))
            ((eq? (car opts) key) (cadr opts))
            (else (option (cddr opts) key default))))

    (define (check-options opts)
      (let loop ((o opts))
        (if (pair? o)
            (begin
              (if (not (memq (car o) '(#:time-limit #:allocation-limit
                                       #:step-limit #:bindings #:module
                                       #:sever-module?)))
                  (error "eval-in-sandbox: unknown keyword" (car o)))
              (if (pair? (cdr o)) (loop (cddr o)))))))

    (define (eval-in-sandbox exp . opts)
      "Evaluate EXP in a fresh module holding only the #:bindings given
(default all-pure-bindings), or in #:module, and return its value.
The evaluation stops with a limit-exceeded condition, which the
sandboxed code cannot catch, past #:time-limit seconds (default 0.1),
#:allocation-limit bytes (default 10^7) or #:step-limit evaluation
steps (default #f, none); #f means no limit.  #:sever-module? is
accepted and ignored.  An error for an unknown or malformed keyword
argument."
      (check-options opts)
      (let* ((time-limit (option opts #:time-limit 0.1))
             (allocation-limit (option opts #:allocation-limit 10000000))
             (step-limit (option opts #:step-limit #f))
             (bindings (option opts #:bindings all-pure-bindings))
             (module (option opts #:module #f))
             (module (or module (make-sandbox-module bindings))))
        (call-with-limits (lambda () (eval exp module))
                          time-limit allocation-limit #f step-limit)))))
