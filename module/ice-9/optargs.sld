;;; (ice-9 optargs) -- optional and keyword arguments
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's lambda*, define*, case-lambda*, let-optional,
;;; let-optional*, let-keywords and let-keywords*.  A lambda* list is
;;;
;;;   (required ... [#:optional opt ...] [#:key key ...]
;;;    [#:allow-other-keys] [#:rest rest])   or with ". rest" last,
;;;
;;; where an optional or key is a variable or (variable default), and a
;;; key may also be (variable default #:keyword) to take another
;;; keyword.  A missing argument without a default is #f.  Defaults are
;;; evaluated left to right, each seeing the arguments before it.
;;;
;;; Written for libscm.  The body becomes one lambda of all the
;;; variables; what is called is a case-lambda with a clause per count
;;; of optional arguments (no keys), or a lambda that takes the
;;; optionals while the arguments are not keywords, then checks the
;;; rest as keyword/value pairs (a key given twice: the last one wins,
;;; as in Guile).  An unknown keyword (without #:allow-other-keys), a
;;; keyword without a value and a non-keyword where a keyword belongs
;;; (without #:rest) are errors naming the keyword and the procedure.
;;; define* with keys (no optionals, no rest) also registers the
;;; procedure's keyword signature, so that the compiler calls the body
;;; directly where the procedure is called with literal keywords
;;; (libscm/compile/keyword-calls.c; doc/internals.md explains why that
;;; stays exact).

;;; Code:

(define-library (ice-9 optargs)
  (import (libscm))
  (export lambda* define* case-lambda* let-optional let-optional*
          let-keywords let-keywords*)
  (begin

    ;; ------------------------------------------------------------
    ;; Run time: checking and reading keyword arguments.

    (define (kw-error who what obj)
      (error (string-append (if who (symbol->string who) "lambda*") ": " what)
             obj))

    ;; What follows the element of L, an argument list, that is not a
    ;; keyword the procedure takes (with its value): the rest of L
    ;; after it, or an error.  A non-keyword is allowed with REST?, an
    ;; unknown keyword with ALLOW-OTHER?; a keyword needs a value.
    (define (keyword-skip l allow-other? rest? who)
      (cond ((not (keyword? (car l)))
             (if rest?
                 (cdr l)
                 (kw-error who "not a keyword where a keyword argument belongs"
                           (car l))))
            ((not (pair? (cdr l)))
             (kw-error who "keyword argument without a value" (car l)))
            (allow-other? (cddr l))
            (else (kw-error who "unknown keyword argument" (car l)))))

    (define none (list 'none))

    ;; The core's private primitive (keyword-calls.c), which the
    ;; expansion of define* reaches through this name.
    (define set-keyword-signature! %set-keyword-signature!)

    ;; ------------------------------------------------------------
    ;; Expansion time: parsing a lambda* list.

    ;; A syntax error found while expanding is raised as a bad-syntax
    ;; record, which the transformer (reporting) turns into the
    ;; expansion (syntax-error message datum): placed at the use.
    (define-record-type bad-syntax
      (make-bad-syntax message datum)
      bad-syntax?
      (message bad-syntax-message)
      (datum bad-syntax-datum))

    (define (bad who what form)
      (raise (make-bad-syntax (string-append who ": " what) (syntax->datum form))))

    (define (lambda*-error what form) (bad "lambda*" what form))

    (define (reporting expand)
      (lambda (form)
        (guard (e ((bad-syntax? e)
                   (with-syntax ((message (bad-syntax-message e))
                                 (datum (bad-syntax-datum e)))
                     #'(syntax-error message datum))))
          (expand form))))

    (define (datum x) (syntax->datum x))

    ;; An optional or key spec: (variable default keyword).
    (define (spec x mode form)
      (cond ((identifier? x)
             (list x #f (symbol->keyword (datum x))))
            ((and (pair? x) (identifier? (car x)) (pair? (cdr x)) (null? (cddr x)))
             (list (car x) (cadr x) (symbol->keyword (datum (car x)))))
            ((and (eq? mode 'key) (pair? x) (identifier? (car x)) (pair? (cdr x))
                  (pair? (cddr x)) (keyword? (datum (caddr x))) (null? (cdddr x)))
             (list (car x) (cadr x) (datum (caddr x))))
            (else (lambda*-error "bad argument spec" x))))

    ;; FORMALS as a vector: #(required optionals keys allow-other? rest).
    (define (parse formals)
      (let loop ((l formals) (mode 'req) (req '()) (opt '()) (key '())
                 (allow #f) (rest #f))
        (define (done r)
          (vector (reverse req) (reverse opt) (reverse key) allow r))
        (cond
         ((null? l) (done rest))
         ((identifier? l)
          (if rest (lambda*-error "two rest arguments" formals) (done l)))
         ((not (pair? l)) (lambda*-error "bad lambda* list" formals))
         (else
          (let ((x (car l)) (d (datum (car l))))
            (cond
             ((eq? d #:optional)
              (if (not (eq? mode 'req)) (lambda*-error "misplaced #:optional" formals))
              (loop (cdr l) 'opt req opt key allow rest))
             ((eq? d #:key)
              (if (memq mode '(key after-key rest))
                  (lambda*-error "misplaced #:key" formals))
              (loop (cdr l) 'key req opt key allow rest))
             ((eq? d #:allow-other-keys)
              (if (not (eq? mode 'key)) (lambda*-error "misplaced #:allow-other-keys" formals))
              (loop (cdr l) 'after-key req opt key #t rest))
             ((eq? d #:rest)
              (if (or rest (not (pair? (cdr l))) (not (identifier? (cadr l))))
                  (lambda*-error "bad #:rest" formals))
              (loop (cddr l) 'rest req opt key allow (cadr l)))
             ((eq? mode 'req)
              (if (not (identifier? x)) (lambda*-error "bad required argument" x))
              (loop (cdr l) mode (cons x req) opt key allow rest))
             ((eq? mode 'opt)
              (loop (cdr l) mode req (cons (spec x 'opt formals) opt) key allow rest))
             ((eq? mode 'key)
              (loop (cdr l) mode req opt (cons (spec x 'key formals) key) allow rest))
             (else (lambda*-error "argument after #:rest or #:allow-other-keys"
                                 formals))))))))

    (define (temp) (car (generate-temporaries '(t))))

    (define (take ls n)
      (if (= n 0) '() (cons (car ls) (take (cdr ls) (- n 1)))))

    ;; CALLER, a (lambda formals body ...) or a (case-lambda (formals
    ;; body ...) ...), with the docstring DOC (a string's syntax, or #f)
    ;; before each body: the procedure called is the one documented.
    (define (with-doc doc caller)
      (define (clause c) (cons* (car c) doc (cdr c)))
      (cond ((not doc) caller)
            ((free-identifier=? (car caller) #'lambda)
             (cons* (car caller) (cadr caller) doc (cddr caller)))
            (else (cons (car caller) (map clause (cdr caller))))))

    ;; The lambda* of FORMALS and BODY, named WHO (a symbol or #f), as
    ;; (BIND proc-name body-procedure calling-procedure): the body is a
    ;; procedure of its own, named after WHO for backtraces; a docstring
    ;; that begins BODY documents the calling procedure.
    (define (expand-lambda* formals body who bind)
      (let* ((p (parse formals))
             (doc (and (pair? body) (string? (datum (car body)))
                       (pair? (cdr body)) (car body)))
             (req (vector-ref p 0)) (opt (vector-ref p 1)) (key (vector-ref p 2))
             (allow (vector-ref p 3)) (rest (vector-ref p 4))
             (slots (map (lambda (s) (temp)) key))
             (vars (append req (map car opt) slots (if rest (list rest) '())))
             (proc (datum->syntax #'here (or who 'lambda*))))
        ;; PROC takes each key as given or none, and sees to the
        ;; defaults, left to right after the optionals.
        (bind proc
              (list #'lambda vars
                    (cons* #'let*
                           (map (lambda (s slot)
                                  (list (car s)
                                        (list #'if (list #'eq? slot #'none)
                                              (cadr s) slot)))
                                key slots)
                           (if doc (cdr body) body)))
              (with-doc doc
               (cond ((and (null? key) (not allow))
                     (positional-clauses req opt rest proc))
                    ((and (null? opt) (not rest))
                     (cons* #'case-lambda
                            (append (fixed-key-clauses req key allow proc who)
                                    (list (let ((args (temp)))
                                            (list (append req args)
                                                  (keyword-lambda-body req '() key allow #f
                                                                       proc who args)))))))
                    (else
                     (let ((args (temp)))
                       (list #'lambda (append req args)
                             (keyword-lambda-body req opt key allow rest
                                                  proc who args)))))))))

    (define (bind-let proc body-proc caller)
      (list #'let (list (list proc body-proc)) caller))

    ;; Keys and nothing else after the required arguments: a
    ;; case-lambda clause for each number of keyword/value pairs up to
    ;; four (one key each at most), which takes the keys straight from
    ;; the arguments: no argument list, no loop.
    (define (fixed-key-clauses req key allow proc who)
      (let clause ((j 0))
        (if (> j (min 4 (length key)))
            '()
            (let* ((pairs (map (lambda (i) (cons (temp) (temp))) (iota-list j)))
                   (slots (map (lambda (s) (temp)) key)))
              (cons
               (list (append req (apply append (map (lambda (p) (list (car p) (cdr p)))
                                                    pairs)))
                     (list #'let (map (lambda (t) (list t #'none)) slots)
                           (let next ((ps pairs))
                             (if (null? ps)
                                 (cons proc (append req slots))
                                 (let ((k (caar ps)) (v (cdar ps)))
                                   (list #'if
                                         (if allow
                                             (list #'keyword? k)
                                             (cons #'or (map (lambda (s)
                                                               (list #'eq? k (list #'quote (caddr s))))
                                                             key)))
                                         (list #'let
                                               (map (lambda (s slot)
                                                      (list slot (list #'if (list #'eq? k (list #'quote (caddr s)))
                                                                       v slot)))
                                                    key slots)
                                               (next (cdr ps)))
                                         (list #'keyword-skip (list #'list k v) allow #f
                                               (list #'quote who))))))))
               (clause (+ j 1)))))))

    (define (cons* x . more)
      (if (null? more) x (cons x (apply cons* more))))

    ;; No keys: a case-lambda clause per count of optionals given.
    (define (positional-clauses req opt rest proc)
      (let ((n (length opt)))
        (cons #'case-lambda
              (let clause ((given 0))
                (let ((formals (append req (map car (take opt given))))
                      (defaults (list-tail opt given)))
                  (if (= given n)
                      (list (list (if rest (append formals rest) formals)
                                  (cons proc (append formals (if rest (list rest) '())))))
                      (cons (list formals
                                  (list #'let* (map (lambda (s) (list (car s) (cadr s)))
                                                    defaults)
                                        (cons proc (append formals (map car defaults)
                                                           (if rest (list ''()) '())))))
                            (clause (+ given 1)))))))))

    ;; Keys: the optionals taken while the arguments are not keywords,
    ;; then the rest checked and read as keyword/value pairs.
    (define (keyword-lambda-body req opt key allow rest proc who args)
              (let optionals ((os opt))
                (if (pair? os)
                    (let ((v (caar os)))
                      (list #'let
                            (list (list v (list #'if (list #'and (list #'pair? args)
                                                           (list #'not (list #'keyword? (list #'car args))))
                                                (list #'car args)
                                                #'none)))
                            (list #'let
                                  (list (list args (list #'if (list #'eq? v #'none)
                                                         args (list #'cdr args))))
                                  (list #'let
                                        (list (list v (list #'if (list #'eq? v #'none)
                                                            (cadar os) v)))
                                        (optionals (cdr os))))))
                    (key-loop key allow rest args
                              (lambda (slots)
                                (cons proc (append req (map car opt) slots
                                                   (if rest (list args) '()))))
                              who))))

    ;; One walk over ARGS, keyword/value pairs: a contified loop whose
    ;; parameters hold each key's last value (or none), an eq? test per
    ;; key; anything else goes through keyword-skip.  Then the defaults
    ;; of the keys not given, left to right, and (FINISH KEY-VARIABLES).
    (define (key-loop key allow rest args finish who)
      (let ((loop (temp)) (l (temp)) (k (temp))
            (slots (map (lambda (s) (temp)) key)))
        (define (again next . replace)
          (cons* loop next
                 (map (lambda (slot i) (if (and (pair? replace) (= i (car replace)))
                                           (list #'car (list #'cdr l))
                                           slot))
                      slots (iota-list (length slots)))))
        (define skip
          (again (list #'keyword-skip l allow (and rest #t) (list #'quote who))))
        (list #'let loop (cons (list l args) (map (lambda (t) (list t #'none)) slots))
              (list #'if (list #'pair? l)
                    (list #'let (list (list k (list #'car l)))
                          (list #'if (list #'pair? (list #'cdr l))
                                (cons #'cond
                                      (append
                                       (map (lambda (s i)
                                              (list (list #'eq? k (list #'quote (caddr s)))
                                                    (again (list #'cdr (list #'cdr l)) i)))
                                            key (iota-list (length key)))
                                       (list (list #'else skip))))
                                skip))
                    (finish slots)))))

    (define (iota-list n)
      (let loop ((i (- n 1)) (acc '()))
        (if (< i 0) acc (loop (- i 1) (cons i acc)))))

    (define (check-form form n what)
      (let loop ((l form) (k 0))
        (cond ((pair? l) (loop (cdr l) (+ k 1)))
              ((or (not (null? l)) (< k n))
               (bad what "bad syntax" form)))))

    ;; ------------------------------------------------------------
    ;; The macros.

    (define-syntax lambda*
      (reporting (lambda (form)
        (check-form form 3 "lambda*")
        (expand-lambda* (cadr form) (cddr form) #f bind-let))))

    ;; (define* (name . formals) body ...): two definitions, the body's
    ;; procedure and the one called, so that both have names.
    (define-syntax define*
      (reporting (lambda (form)
        (check-form form 3 "define*")
        (let ((head (cadr form)))
          (cond ((and (pair? head) (identifier? (car head)))
                 (expand-lambda* (cdr head) (cddr form) (datum (car head))
                                 (lambda (proc body-proc caller)
                                   (list #'begin
                                         (list #'define proc body-proc)
                                         (list #'define (car head) caller)
                                         (register (car head) proc (cdr head))))))
                ((pair? head)   ; curried: (define* ((f a) b) ...)
                 (list #'define* (car head) (cons* #'lambda* (cdr head) (cddr form))))
                (else (cons #'define (cdr form))))))))

    ;; After (define* (name . formals) ...) defined NAME and PROC, its
    ;; body: a definition that tells the compiler NAME's keyword
    ;; signature (keyword-calls.c), so that a call of NAME with literal
    ;; keywords calls PROC directly, guarded by NAME's variable.  Only
    ;; keys after the required arguments (no optionals, no rest): the
    ;; places of the other arguments depend on their values.
    (define (register name proc formals)
      (let* ((p (parse formals)) (key (vector-ref p 2)))
        (if (and (pair? key) (null? (vector-ref p 1)) (not (vector-ref p 4)))
            (list #'define (temp)
                  (list #'set-keyword-signature! name proc #'none
                        (length (vector-ref p 0))
                        (list #'quote (list->vector (map caddr key)))))
            (list #'begin))))

    ;; Each clause a lambda*; the first whose argument count fits is
    ;; called.
    (define-syntax case-lambda*
      (reporting (lambda (form)
        (check-form form 2 "case-lambda*")
        (let* ((clauses (cdr form))
               (procs (map (lambda (c) (temp)) clauses))
               (args (temp)) (n (temp)))
          (list #'let
                (map (lambda (p c)
                       (check-form c 2 "case-lambda*")
                       (list p (expand-lambda* (car c) (cdr c) #f bind-let)))
                     procs clauses)
                (list #'lambda args
                      (list #'let (list (list n (list #'length args)))
                            (cons #'cond
                                  (append
                                   (map (lambda (p c)
                                          (let* ((s (parse (car c)))
                                                 (nreq (length (vector-ref s 0)))
                                                 (nopt (length (vector-ref s 1)))
                                                 (open (or (vector-ref s 4) (vector-ref s 3)
                                                           (pair? (vector-ref s 2)))))
                                            (list (if open
                                                      (list #'>= n nreq)
                                                      (list #'<= nreq n (+ nreq nopt)))
                                                  (list #'apply p args))))
                                        procs clauses)
                                   (list (list #'else
                                               (list #'error "case-lambda*: no clause takes this many arguments"
                                                     n))))))))))))

    ;; (let-optional rest-arg (binding ...) body ...): the bindings
    ;; as a lambda* list's optionals, applied to the list REST-ARG,
    ;; which is then bound to what they left (as in Guile; when
    ;; REST-ARG is not an identifier, what is left is dropped).
    ;; let-optional evaluates the defaults in the outer scope,
    ;; let-optional* each in the scope of those before it.
    (define-syntax let-optional*
      (reporting (lambda (form)
        (check-form form 4 "let-optional*")
        (if (not (list? (caddr form)))
            (bad "let-optional*" "bad syntax" form))
        (let ((rest (if (identifier? (cadr form)) (cadr form) (temp))))
          (list #'apply
                (cons* #'lambda*
                       (append (list #:optional) (caddr form) (list #:rest rest))
                       (cdddr form))
                (cadr form))))))

    (define-syntax let-optional
      (reporting (lambda (form)
        (check-form form 4 "let-optional")
        (if (not (list? (caddr form)))
            (bad "let-optional" "bad syntax" form))
        (let split ((l (caddr form)) (opts '()) (outer '()))
          (if (pair? l)
              (let ((b (car l)))
                (if (pair? b)
                    (let ((t (temp)))
                      (split (cdr l) (cons (list (car b) (list t)) opts)
                             (cons (list t (list #'lambda '() (cadr b))) outer)))
                    (split (cdr l) (cons b opts) outer)))
              (list #'let (reverse outer)
                    (cons* #'let-optional* (cadr form) (reverse opts)
                           (cdddr form))))))))

    ;; (let-keywords rest-list allow-other-keys? (binding ...) body ...)
    (define-syntax let-keywords*
      (reporting (lambda (form)
        (check-form form 5 "let-keywords*")
        (let ((allow (datum (caddr form))))
          (list #'apply
                (cons* #'lambda*
                       (append (list #:key) (cadddr form)
                               (if allow (list #:allow-other-keys) '()))
                       (cddddr form))
                (cadr form))))))

    (define-syntax let-keywords
      (reporting (lambda (form)
        (check-form form 5 "let-keywords")
        (let split ((l (cadddr form)) (keys '()) (outer '()))
          (if (pair? l)
              (let ((b (car l)))
                (if (pair? b)
                    (let ((t (temp)))
                      (split (cdr l) (cons (list (car b) (list t)) keys)
                             (cons (list t (list #'lambda '() (cadr b))) outer)))
                    (split (cdr l) (cons b keys) outer)))
              (list #'let (reverse outer)
                    (cons* #'let-keywords* (cadr form) (caddr form) (reverse keys)
                           (cddddr form))))))))))

;;; optargs.sld ends here
