;;; base.sls -- (scheme base) of R7RS for Chez Scheme 9.5, for the
;;; harness's runs of the r7rs-benchmarks suite (benchmarks/harness/suite.py)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Chez 9.5 ships R6RS libraries only.  This library re-exports what
;;; Chez has under R7RS's names with R7RS's meaning, and defines the
;;; rest: R7RS's forms of error, define-record-type, assoc and member,
;;; the optional ranges of the copying procedures, binary ports.  It
;;; leaves out cond-expand, include-ci and syntax-error, which no
;;; program of the suite uses, rather than give them a wrong meaning.
;;; It also exports Chez's import, as a definition in a body: the
;;; suite's Chez postlude imports (chezscheme)'s machine-type that way
;;; in the middle of the program.

(library (scheme base)
  (export
    import
    * + - ... / < <= = => > >= _ abs and append apply assoc assq assv
    begin binary-port? boolean=? boolean? bytevector
    bytevector-append bytevector-copy bytevector-copy!
    bytevector-length bytevector-u8-ref bytevector-u8-set!
    bytevector? caar cadr call-with-current-continuation
    call-with-port call-with-values call/cc car case cdar cddr cdr
    ceiling char->integer char-ready? char<=? char<? char=? char>=?
    char>? char? close-input-port close-output-port close-port
    complex? cond cons current-error-port current-input-port
    current-output-port define define-record-type define-syntax
    define-values denominator do dynamic-wind else eof-object
    eof-object? eq? equal? eqv? error error-object-irritants
    error-object-message error-object? even? exact exact-integer-sqrt
    exact-integer? exact? expt features file-error? floor
    floor-quotient floor-remainder floor/ flush-output-port for-each
    gcd get-output-bytevector get-output-string guard if include
    inexact inexact? input-port-open? input-port? integer->char
    integer? lambda lcm length let let* let*-values let-syntax
    let-values letrec letrec* letrec-syntax list list->string
    list->vector list-copy list-ref list-set! list-tail list?
    make-bytevector make-list make-parameter make-string make-vector
    map max member memq memv min modulo negative? newline not null?
    number->string number? numerator odd? open-input-bytevector
    open-input-string open-output-bytevector open-output-string or
    output-port-open? output-port? pair? parameterize peek-char
    peek-u8 positive? procedure? quasiquote quote quotient raise
    raise-continuable rational? rationalize read-bytevector
    read-bytevector! read-char read-error? read-line read-string
    read-u8 real? remainder reverse round set! set-car! set-cdr!
    square string string->list string->number string->symbol
    string->utf8 string->vector string-append string-copy
    string-copy! string-fill! string-for-each string-length
    string-map string-ref string-set! string<=? string<? string=?
    string>=? string>? string? substring symbol->string symbol=?
    symbol? syntax-rules textual-port? truncate truncate-quotient
    truncate-remainder truncate/ u8-ready? unless unquote
    unquote-splicing utf8->string values vector vector->list
    vector->string vector-append vector-copy vector-copy!
    vector-fill! vector-for-each vector-length vector-map vector-ref
    vector-set! vector? when with-exception-handler write-bytevector
    write-char write-string write-u8 zero?)
  (import
    (rename (except (chezscheme) assoc member string-copy! vector-copy
                    vector-fill! string-fill! string->list vector->list
                    bytevector-copy)
            (error chez:error)
            (define-record-type chez:define-record-type)
            (string-copy chez:string-copy)
            (bytevector-copy! chez:bytevector-copy!)
            (utf8->string chez:utf8->string)
            (string->utf8 chez:string->utf8)))

  ;; Optional START and END arguments: END defaults to LENGTH.
  (define (range-end rest length)
    (if (and (pair? rest) (pair? (cdr rest))) (cadr rest) length))
  (define (range-start rest)
    (if (pair? rest) (car rest) 0))

  ;; R7RS: (error message irritant ...), no "who".
  (define (error message . irritants)
    (apply chez:error #f message irritants))

  (define (error-object? x) (condition? x))
  (define (error-object-message c)
    (if (message-condition? c) (condition-message c) ""))
  (define (error-object-irritants c)
    (if (irritants-condition? c) (condition-irritants c) '()))
  (define (file-error? x)
    (and (condition? x) (i/o-filename-error? x)))
  (define (read-error? x)
    (and (condition? x) (or (lexical-violation? x) (i/o-read-error? x))))

  ;; R7RS records: the constructor takes some of the fields, in its
  ;; own order; the others start as #f.  Chez's record, sealed (an
  ;; R7RS record type has no subtypes).
  (define-syntax define-record-type
    (lambda (x)
      (define (field-spec spec)
        (syntax-case spec ()
          ((f get) #'(immutable f get))
          ((f get set) #'(mutable f get set))))
      (syntax-case x ()
        ((_ type (make arg ...) pred (field accessor ...) ...)
         (with-syntax
             (((init ...)
               (map (lambda (f)
                      (if (memp (lambda (a) (bound-identifier=? a f))
                                #'(arg ...))
                          f
                          #'#f))
                    #'(field ...)))
              ((spec ...) (map field-spec #'((field accessor ...) ...))))
           #'(chez:define-record-type (type make pred)
               (sealed #t)
               (fields spec ...)
               (protocol (lambda (new)
                           (lambda (arg ...) (new init ...))))))))))

  (define assoc
    (case-lambda
      ((x alist) (assoc x alist equal?))
      ((x alist same?)
       (let loop ((l alist))
         (cond ((null? l) #f)
               ((same? x (caar l)) (car l))
               (else (loop (cdr l))))))))
  (define member
    (case-lambda
      ((x list) (member x list equal?))
      ((x list same?)
       (let loop ((l list))
         (cond ((null? l) #f)
               ((same? x (car l)) l)
               (else (loop (cdr l))))))))

  (define (exact-integer? x) (and (integer? x) (exact? x)))
  (define (square x) (* x x))
  (define (floor-quotient n d)
    (let ((q (quotient n d)) (r (remainder n d)))
      (if (and (not (zero? r)) (not (eq? (negative? r) (negative? d))))
          (- q 1)
          q)))
  (define (floor-remainder n d) (modulo n d))
  (define (floor/ n d) (values (floor-quotient n d) (floor-remainder n d)))
  (define (truncate-quotient n d) (quotient n d))
  (define (truncate-remainder n d) (remainder n d))
  (define (truncate/ n d) (values (quotient n d) (remainder n d)))

  (define (list-set! list k obj) (set-car! (list-tail list k) obj))

  (define (string-copy s . rest)
    (substring s (range-start rest) (range-end rest (string-length s))))
  (define (string->list s . rest)
    (let loop ((i (- (range-end rest (string-length s)) 1)) (acc '()))
      (if (< i (range-start rest))
          acc
          (loop (- i 1) (cons (string-ref s i) acc)))))
  (define (string-fill! s c . rest)
    (do ((i (range-start rest) (+ i 1)))
        ((= i (range-end rest (string-length s))))
      (string-set! s i c)))
  (define (string-copy! to at from . rest)
    (let ((start (range-start rest))
          (end (range-end rest (string-length from))))
      (if (<= at start)
          (do ((i start (+ i 1)) (j at (+ j 1))) ((= i end))
            (string-set! to j (string-ref from i)))
          (do ((i (- end 1) (- i 1)) (j (+ at (- end start 1)) (- j 1)))
              ((< i start))
            (string-set! to j (string-ref from i))))))
  (define (string-map proc s . more)
    (let* ((all (cons s more))
           (n (apply min (map string-length all)))
           (out (make-string n)))
      (do ((i 0 (+ i 1))) ((= i n) out)
        (string-set! out i
                     (apply proc (map (lambda (x) (string-ref x i)) all))))))
  (define (string->vector s . rest)
    (list->vector (apply string->list s rest)))

  (define (vector->list v . rest)
    (let loop ((i (- (range-end rest (vector-length v)) 1)) (acc '()))
      (if (< i (range-start rest))
          acc
          (loop (- i 1) (cons (vector-ref v i) acc)))))
  (define (vector->string v . rest)
    (list->string (apply vector->list v rest)))
  (define (vector-copy v . rest)
    (let* ((start (range-start rest))
           (end (range-end rest (vector-length v)))
           (out (make-vector (- end start))))
      (do ((i start (+ i 1))) ((= i end) out)
        (vector-set! out (- i start) (vector-ref v i)))))
  (define (vector-copy! to at from . rest)
    (let ((start (range-start rest))
          (end (range-end rest (vector-length from))))
      (if (<= at start)
          (do ((i start (+ i 1)) (j at (+ j 1))) ((= i end))
            (vector-set! to j (vector-ref from i)))
          (do ((i (- end 1) (- i 1)) (j (+ at (- end start 1)) (- j 1)))
              ((< i start))
            (vector-set! to j (vector-ref from i))))))
  (define (vector-fill! v x . rest)
    (do ((i (range-start rest) (+ i 1)))
        ((= i (range-end rest (vector-length v))))
      (vector-set! v i x)))
  (define (vector-append . vs)
    (list->vector (apply append (map vector->list vs))))

  (define (bytevector-copy bv . rest)
    (let* ((start (range-start rest))
           (end (range-end rest (bytevector-length bv)))
           (out (make-bytevector (- end start))))
      (chez:bytevector-copy! bv start out 0 (- end start))
      out))
  (define (bytevector-copy! to at from . rest)
    (let ((start (range-start rest)))
      (chez:bytevector-copy! from start to at
                             (- (range-end rest (bytevector-length from))
                                start))))
  (define (bytevector-append . bvs)
    (let ((out (make-bytevector (apply + (map bytevector-length bvs)))))
      (let loop ((bvs bvs) (at 0))
        (if (null? bvs)
            out
            (let ((n (bytevector-length (car bvs))))
              (chez:bytevector-copy! (car bvs) 0 out at n)
              (loop (cdr bvs) (+ at n)))))))
  (define (utf8->string bv . rest)
    (chez:utf8->string (if (null? rest) bv (apply bytevector-copy bv rest))))
  (define (string->utf8 s . rest)
    (chez:string->utf8 (if (null? rest) s (apply string-copy s rest))))

  ;; Ports.
  (define (input-port-open? p) (not (port-closed? p)))
  (define (output-port-open? p) (not (port-closed? p)))
  (define (port-or-default rest default)
    (if (pair? rest) (car rest) (default)))
  (define (read-line . rest)
    (get-line (port-or-default rest current-input-port)))
  (define (read-string k . rest)
    (get-string-n (port-or-default rest current-input-port) k))
  (define (write-string s . rest)
    (let ((port (port-or-default rest current-output-port))
          (start (range-start (if (pair? rest) (cdr rest) '())))
          (end (range-end (if (pair? rest) (cdr rest) '())
                          (string-length s))))
      (put-string port s start (- end start))))
  (define (read-u8 . rest)
    (get-u8 (port-or-default rest current-input-port)))
  (define (peek-u8 . rest)
    (lookahead-u8 (port-or-default rest current-input-port)))
  (define (u8-ready? . rest)
    (input-port-ready? (port-or-default rest current-input-port)))
  (define (write-u8 b . rest)
    (put-u8 (port-or-default rest current-output-port) b))
  (define (read-bytevector k . rest)
    (get-bytevector-n (port-or-default rest current-input-port) k))
  (define (read-bytevector! bv . rest)
    (let* ((port (port-or-default rest current-input-port))
           (more (if (pair? rest) (cdr rest) '()))
           (start (range-start more)))
      (get-bytevector-n! port bv start
                         (- (range-end more (bytevector-length bv)) start))))
  (define (write-bytevector bv . rest)
    (let ((port (port-or-default rest current-output-port))
          (start (range-start (if (pair? rest) (cdr rest) '()))))
      (put-bytevector port bv start
                      (- (range-end (if (pair? rest) (cdr rest) '())
                                    (bytevector-length bv))
                         start))))
  (define (open-input-bytevector bv) (open-bytevector-input-port bv))
  ;; Chez's bytevector output port comes with its extractor; remember
  ;; it by port.
  (define extractors (make-weak-eq-hashtable))
  (define (open-output-bytevector)
    (let-values (((port extract) (open-bytevector-output-port)))
      (hashtable-set! extractors port extract)
      port))
  (define (get-output-bytevector port)
    ((hashtable-ref extractors port
                    (lambda () (error "not a bytevector output port" port)))))

  (define (features)
    '(r7rs exact-closed exact-complex ieee-float full-unicode ratios
      chez-scheme)))
