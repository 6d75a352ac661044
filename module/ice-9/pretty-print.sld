;;; pretty-print.sld -- (ice-9 pretty-print): pretty-print, truncated-print
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's pretty printer: (pretty-print OBJ [PORT] #:width W
;;; #:max-expr-width M #:per-line-prefix P #:display? D) writes OBJ
;;; over as many lines as it needs, then a newline.  The layout:
;;;
;;; - a list or vector whose one-line text fits in the rest of the line
;;;   and is at most max-expr-width wide (Guile's rule) is written on one
;;;   line;
;;; - the special forms (define, lambda, let, do, case, when,
;;;   syntax-rules, ...) keep their first N operands on the first line
;;;   and indent their body by 2, as Emacs's scheme-mode does;
;;; - another call keeps its first argument beside the operator and
;;;   aligns the others under it (if the operator is short: its
;;;   arguments start before the middle of the line), or else indents
;;;   them all by 2;
;;; - data (a list whose head is not a symbol, a vector) puts one
;;;   element per line, aligned after the opening parenthesis.
;;;
;;; Cycles get datum labels as write gives them: a first pass marks
;;; the objects that close a cycle (the back edges of a depth-first
;;; walk, car before cdr), which print as #N= the first time and #N#
;;; after.  (quote x) and its kin print as 'x `x ,x ,@x.
;;;
;;; truncated-print writes OBJ on one line of at most #:width
;;; characters, eliding with an ellipsis and "#" as Guile's does.
;;;
;;; The procedures take their keyword arguments by hand (keywords are
;;; objects here: (keyword? #:width)), so that C code and the REPL can
;;; call them through the module system with no other machinery.

;;; Code:

(define-library (ice-9 pretty-print)
  (export pretty-print truncated-print)
  (import (libscm))
  (begin

    ;; ---------------------------------------------------------------
    ;; Arguments.

    ;; Parse (PORT? KEY VALUE ...) for WHO: return the port (or the
    ;; current output port) and an association list of KEY (a symbol)
    ;; to value.  KNOWN lists the keywords WHO takes.
    (define (parse-options who rest known)
      (let* ((port (if (and (pair? rest) (not (keyword? (car rest))))
                       (car rest)
                       (current-output-port)))
             (rest (if (and (pair? rest) (not (keyword? (car rest))))
                       (cdr rest)
                       rest)))
        (if (not (and (port? port) (output-port? port)))
            (error (string-append (symbol->string who)
                                  ": wrong type argument in position 2 (expected output port)")
                   port))
        (let loop ((rest rest) (options '()))
          (cond
           ((null? rest) (values port options))
           ((not (keyword? (car rest)))
            (error (string-append (symbol->string who)
                                  ": expected a keyword such as #:width")
                   (car rest)))
           ((not (memq (keyword->symbol (car rest)) known))
            (error (string-append (symbol->string who) ": unknown keyword")
                   (car rest)))
           ((null? (cdr rest))
            (error (string-append (symbol->string who)
                                  ": no value after the keyword")
                   (car rest)))
           (else
            (loop (cddr rest)
                  (cons (cons (keyword->symbol (car rest)) (cadr rest))
                        options)))))))

    (define (option who options key default check expected)
      (let ((entry (assq key options)))
        (cond ((not entry) default)
              ((check (cdr entry)) (cdr entry))
              (else (error (string-append (symbol->string who) ": #:"
                                          (symbol->string key)
                                          " expects " expected)
                           (cdr entry))))))

    (define (positive-integer? x) (and (exact-integer? x) (> x 0)))

    ;; ---------------------------------------------------------------
    ;; Datum labels.

    ;; A table of the pairs and vectors of OBJ that close a cycle, each
    ;; mapped to #t (its label is given when it is first printed).
    (define (cycle-targets obj)
      (let ((state (make-hash-table)) (labels (make-hash-table)))
        (define (walk x)
          (cond
           ((pair? x) (walk-chain x))
           ((and (vector? x) (> (vector-length x) 0))
            (case (hashq-ref state x #f)
              ((visiting) (hashq-set! labels x #t))
              ((done) #f)
              (else
               (hashq-set! state x 'visiting)
               (let loop ((i 0))
                 (if (< i (vector-length x))
                     (begin (walk (vector-ref x i)) (loop (+ i 1)))))
               (hashq-set! state x 'done))))
           (else #f)))
        ;; The cdr chain iteratively: its pairs stay on the walk's path
        ;; (visiting) until its end.
        (define (walk-chain x)
          (let loop ((p x) (chain '()))
            (define (finish)
              (for-each (lambda (q) (hashq-set! state q 'done)) chain))
            (cond
             ((not (pair? p)) (walk p) (finish))
             ((eq? (hashq-ref state p #f) 'visiting)
              (hashq-set! labels p #t) (finish))
             ((hashq-ref state p #f) (finish))
             (else
              (hashq-set! state p 'visiting)
              (walk (car p))
              (loop (cdr p) (cons p chain))))))
        (walk obj)
        labels))

    ;; ---------------------------------------------------------------
    ;; The printer's state: the port, the labels, the next label
    ;; number, the line width, the widest one-line expression, the
    ;; prefix of each line, and write or display.

    (define-record-type printer
      (make-printer port labels next width max-width prefix display?)
      printer?
      (port printer-port)
      (labels printer-labels)
      (next printer-next set-printer-next!)
      (width printer-width)
      (max-width printer-max-width)
      (prefix printer-prefix)
      (display? printer-display?))

    (define (atom-text pr x)
      (let ((port (open-output-string)))
        (if (printer-display? pr) (display x port) (write x port))
        (get-output-string port)))

    (define (compound? x) (or (pair? x) (and (vector? x) (> (vector-length x) 0))))

    ;; The label state of X: #f (none), #t (labelled, not yet printed)
    ;; or its number.
    (define (label-of pr x)
      (and (compound? x) (hashq-ref (printer-labels pr) x #f)))

    (define (quote-prefix x)
      (and (pair? x) (pair? (cdr x)) (null? (cddr x))
           (case (car x)
             ((quote) "'") ((quasiquote) "`") ((unquote) ",")
             ((unquote-splicing) ",@")
             (else #f))))

    ;; The elements of list X up to a tail that is not a pair or is
    ;; labelled: (values ELEMENTS TAIL).
    (define (list-parts pr x)
      (let loop ((p (cdr x)) (acc (list (car x))))
        (if (and (pair? p) (not (label-of pr p)))
            (loop (cdr p) (cons (car p) acc))
            (values (reverse acc) p))))

    ;; The one-line width of X, or something more than LIMIT as soon as
    ;; it exceeds it.  SEEN holds the labelled objects met on the way.
    (define (flat-width pr x limit)
      (define (label-width n) (+ 2 (string-length (number->string n))))
      (let measure ((x x) (limit limit) (seen '()))
        (let ((label (label-of pr x)))
          (cond
           ((integer? label) (label-width label))
           ((and label (memq x seen)) (label-width (printer-next pr)))
           (else
            (let* ((seen (if label (cons x seen) seen))
                   (own (if label (label-width (printer-next pr)) 0))
                   (limit (- limit own)))
              (+ own
                 (cond
                  ((quote-prefix x)
                   => (lambda (q)
                        (+ (string-length q) (measure (cadr x) (- limit 1) seen))))
                  ((pair? x)
                   (let-values (((elements tail) (list-parts pr x)))
                     (let loop ((es elements) (total 1))
                       (cond
                        ((> total limit) total)
                        ((null? es)
                         (if (null? tail)
                             (+ total 1)
                             (+ total 4 (measure tail (- limit total 4) seen))))
                        (else
                         (loop (cdr es)
                               (+ total (if (eq? es elements) 0 1)
                                  (measure (car es) (- limit total) seen))))))))
                  ((compound? x)
                   (let loop ((i 0) (total 2))
                     (cond ((> total limit) total)
                           ((= i (vector-length x)) (+ total 1))
                           (else (loop (+ i 1)
                                       (+ total (if (= i 0) 0 1)
                                          (measure (vector-ref x i)
                                                   (- limit total) seen)))))))
                  (else (string-length (atom-text pr x)))))))))))

    ;; ---------------------------------------------------------------
    ;; Output, keeping the column.

    (define (put pr text col)
      (write-string text (printer-port pr))
      (+ col (string-length text)))

    (define (new-line pr col)
      (let ((port (printer-port pr)))
        (newline port)
        (write-string (printer-prefix pr) port)
        (write-string (make-string col #\space) port)
        col))

    ;; X's reference #N# (its label is printed already).
    (define (put-ref pr x col)
      (put pr (string-append "#" (number->string (label-of pr x)) "#") col))

    ;; Before X's first appearance: #N= if X is labelled (it gets the
    ;; next number); return the column.
    (define (put-label pr x col)
      (if (label-of pr x)
          (let ((n (printer-next pr)))
            (hashq-set! (printer-labels pr) x n)
            (set-printer-next! pr (+ n 1))
            (put pr (string-append "#" (number->string n) "=") col))
          col))

    ;; X on one line from COL; return the column after it.
    (define (put-flat pr x col)
      (let ((c (if (integer? (label-of pr x)) #f (put-label pr x col))))
        (cond
         ((not c) (put-ref pr x col))
         ((quote-prefix x)
          => (lambda (q) (put-flat pr (cadr x) (put pr q c))))
         ((pair? x)
          (let-values (((elements tail) (list-parts pr x)))
            (let loop ((es elements) (c (put pr "(" c)))
              (cond
               ((pair? es)
                (loop (cdr es)
                      (put-flat pr (car es)
                                (if (eq? es elements) c (put pr " " c)))))
               ((null? tail) (put pr ")" c))
               (else (put pr ")" (put-flat pr tail (put pr " . " c))))))))
         ((compound? x)
          (let loop ((i 0) (c (put pr "#(" c)))
            (if (= i (vector-length x))
                (put pr ")" c)
                (loop (+ i 1)
                      (put-flat pr (vector-ref x i)
                                (if (= i 0) c (put pr " " c)))))))
         (else (put pr (atom-text pr x) c)))))

    ;; How many operands of each special form stay on the first line;
    ;; the rest is a body indented by 2.
    (define special-forms
      '((define . 1) (define* . 1) (define-public . 1) (lambda . 1)
        (lambda* . 1) (let* . 1) (letrec . 1) (letrec* . 1)
        (let-values . 1) (let*-values . 1) (let-syntax . 1)
        (letrec-syntax . 1) (if . 1) (when . 1) (unless . 1) (do . 2)
        (case . 1)
        (define-syntax . 1) (define-syntax-rule . 1) (syntax-rules . 1)
        (syntax-case . 2) (with-syntax . 1) (parameterize . 1)
        (guard . 1) (define-record-type . 1) (define-library . 1)
        (define-module . 1) (library . 1) (begin . 0) (case-lambda . 0)
        (match . 1) (match-lambda . 0) (receive . 2)
        (call-with-values . 0) (dynamic-wind . 0) (with-exception-handler . 0)
        (define-values . 1) (fluid-let . 1) (let-optional . 2)))

    (define (body-operands x)
      (let ((head (car x)))
        (if (eq? head 'let)
            (if (and (pair? (cdr x)) (symbol? (cadr x))) 2 1)
            (let ((entry (assq head special-forms)))
              (and entry (cdr entry))))))

    ;; X from COL with EXTRA characters (closing parentheses) to follow
    ;; on its last line; return the column after it.
    (define (put-pretty pr x col extra)
      (let ((room (- (printer-width pr) col extra)))
        (cond
         ((not (compound? x)) (put pr (atom-text pr x) col))
         ((integer? (label-of pr x)) (put-ref pr x col))
         ((<= (flat-width pr x (min room (printer-max-width pr)))
              (min room (printer-max-width pr)))
          (put-flat pr x col))
         (else
          (let ((c (put-label pr x col)))
            (cond
             ((quote-prefix x)
              => (lambda (q) (put-pretty pr (cadr x) (put pr q c) extra)))
             ((pair? x) (put-list pr x c extra))
             (else (put-elements pr (vector->list x) '() (put pr "#(" c)
                                 (+ c 2) extra))))))))

    (define (put-list pr x col extra)
      (let-values (((elements tail) (list-parts pr x)))
        (let ((head (car elements)))
          (if (and (symbol? head) (not (label-of pr x)))
              (let* ((head-col (put pr (atom-text pr head) (put pr "(" col)))
                     (n (body-operands x)))
                (cond
                 (n (put-body pr (cdr elements) tail head-col n (+ col 2) extra))
                 ((null? (cdr elements))
                  (put-tail pr tail head-col (+ col 2) extra))
                 ((<= (+ head-col 1) (quotient (printer-width pr) 2))
                  ;; Arguments aligned under the first one.
                  (put-elements pr (cdr elements) tail (put pr " " head-col)
                                (+ head-col 1) extra))
                 (else (put-body pr (cdr elements) tail head-col 0
                                 (+ col 2) extra))))
              (put-elements pr elements tail (put pr "(" col) (+ col 1) extra)))))

    ;; ELEMENTS (and TAIL) one per line at column ALIGN, the first at
    ;; COL; then the closing parenthesis.
    (define (put-elements pr elements tail col align extra)
      (let loop ((es elements) (col col))
        (if (null? (cdr es))
            (if (null? tail)
                (put pr ")" (put-pretty pr (car es) col (+ extra 1)))
                (put-tail pr tail (put-pretty pr (car es) col 0) align extra))
            (begin
              (put-pretty pr (car es) col 0)
              (loop (cdr es) (new-line pr align))))))

    ;; " . TAIL)" on a new line at ALIGN, or ")" if TAIL is ().
    (define (put-tail pr tail col align extra)
      (if (null? tail)
          (put pr ")" col)
          (let ((c (put pr ". " (new-line pr align))))
            (put pr ")" (put-pretty pr tail c (+ extra 1))))))

    ;; A special form: its first N operands after the head (the first
    ;; on the head's line, the others too if they fit there, else on a
    ;; line of their own indented by 4, as Emacs does), the rest (the
    ;; body) on lines of their own at BODY.
    (define (put-body pr operands tail col n body extra)
      (let loop ((es operands) (k 0) (col col))
        (cond
         ((null? es) (put-tail pr tail col body extra))
         ((< k n)
          (let* ((last (and (null? (cdr es)) (null? tail)))
                 (after (if last (+ extra 1) 0))
                 (room (min (- (printer-width pr) col 1 after)
                            (printer-max-width pr)))
                 (start (if (or (= k 0) (<= (flat-width pr (car es) room) room))
                            (put pr " " col)
                            (new-line pr (+ body 2))))
                 (c (put-pretty pr (car es) start after)))
            (if last (put pr ")" c) (loop (cdr es) (+ k 1) c))))
         (else
          (put-elements pr es tail (new-line pr body) body extra)))))

    ;; ---------------------------------------------------------------
    ;; pretty-print

    (define (pretty-print obj . rest)
      "(pretty-print OBJ [PORT] #:width W #:max-expr-width M
#:per-line-prefix PREFIX #:display? D) writes OBJ to PORT (the current
output port by default) over as many lines as it needs within W
columns (79), then a newline.  An expression goes on one line when
it fits there and is at most M (50) characters wide; special forms
indent their bodies by 2, other calls align their arguments.  Each
line starts with PREFIX (none by default).  D true prints strings and
characters as display does.  Cycles print with datum labels, as
write does."
      (let-values (((port options)
                    (parse-options 'pretty-print rest
                                   '(width max-expr-width per-line-prefix display?))))
        (let* ((who 'pretty-print)
               (width (option who options 'width 79 positive-integer?
                              "a positive exact integer"))
               (max-width (option who options 'max-expr-width 50
                                  positive-integer? "a positive exact integer"))
               (prefix (option who options 'per-line-prefix "" string? "a string"))
               (display? (option who options 'display? #f (lambda (x) #t) "anything"))
               (labels (if (compound? obj) (cycle-targets obj) (make-hash-table)))
               (pr (make-printer port labels 0
                                 (max 1 (- width (string-length prefix)))
                                 max-width prefix display?)))
          (write-string prefix port)
          (put-pretty pr obj 0 0)
          (newline port))))

    ;; ---------------------------------------------------------------
    ;; truncated-print

    ;; HORIZONTAL ELLIPSIS: ports here are all UTF-8.
    (define ellipsis "\x2026;")

    ;; The text of X within WIDTH characters: its whole text if that
    ;; fits, else a shortened form, or "#" when nothing else fits.
    (define (truncated-text pr x width)
      (let* ((full (atom-text pr x))
             (text
              (cond
               ((<= (string-length full) width) full)
               ((and (string? x) (not (printer-display? pr)) (>= width 3))
                ;; "The quick brown f..."
                (string-append (substring full 0 (- width 2)) ellipsis "\""))
               ((pair? x)
                (let-values (((elements tail) (improper-parts x)))
                  (string-append "(" (truncated-items pr elements tail (- width 2))
                                 ")")))
               ((and (vector? x) (> (vector-length x) 0))
                (string-append "#(" (truncated-items pr (vector->list x) '()
                                                     (- width 3))
                               ")"))
               (else "#"))))
        (if (<= (string-length text) width) text "#")))

    (define (improper-parts x)
      (let loop ((p x) (acc '()))
        (if (pair? p)
            (loop (cdr p) (cons (car p) acc))
            (values (reverse acc) p))))

    ;; ELEMENTS (then " . TAIL" unless TAIL is ()) within WIDTH: each
    ;; element gets the room left but what the end needs (" ..." before
    ;; more elements of a proper list, " . #" before the rest of an
    ;; improper one), and where none is left that end is written.
    (define (truncated-items pr elements tail width)
      (let loop ((es elements) (acc "") (room width))
        (let ((sep (if (string=? acc "") "" " ")))
          (define (stop end) (string-append acc sep end))
          (cond
           ((null? es)
            (if (null? tail)
                acc
                (let ((left (- room (string-length sep) 2)))
                  (if (< left 1)
                      acc
                      (stop (string-append ". " (truncated-text pr tail left)))))))
           (else
            (let* ((last (and (null? (cdr es)) (null? tail)))
                   (reserve (cond (last 0)
                                  ((null? tail) (+ 1 (string-length ellipsis)))
                                  (else 4)))
                   (left (- room (string-length sep) reserve)))
              (if (< left 1)
                  (stop (if (null? tail) ellipsis ". #"))
                  (let ((t (truncated-text pr (car es) left)))
                    (loop (cdr es) (string-append acc sep t)
                          (- room (string-length sep) (string-length t)))))))))))

    (define (truncated-print obj . rest)
      "(truncated-print OBJ [PORT] #:width W #:display? D) writes OBJ on
one line of at most W characters (79) to PORT (the current output
port by default), shortening what does not fit: a string ends in an
ellipsis, a list or vector drops its last elements for an ellipsis
(or \" . #\" for the rest of an improper list), and what has no room
at all prints as #.  No newline follows."
      (let-values (((port options)
                    (parse-options 'truncated-print rest
                                   '(width display?))))
        (let* ((width (option 'truncated-print options 'width 79
                              positive-integer? "a positive exact integer"))
               (display? (option 'truncated-print options 'display? #f
                                 (lambda (x) #t) "anything"))
               (pr (make-printer port (make-hash-table) 0 width width ""
                                 display?)))
          (write-string (truncated-text pr obj width) port))))))
