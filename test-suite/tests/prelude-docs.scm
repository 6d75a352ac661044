;;; prelude-docs.scm -- every procedure the prelude (module/scm/boot.scm)
;;; defines has a docstring, which procedure-documentation, describe and
;;; help find although the precompiled prelude keeps no debug data
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (libscm repl) (srfi 1))

(test-begin "prelude-docs")

(define boot-file
  (string-append (or (getenv "top_srcdir") "..") "/module/scm/boot.scm"))

(define (hidden? name)
  (char=? (string-ref (symbol->string name) 0) #\%))

;; The docstring the expander takes from BODY: a string before more.
(define (body-docstring body)
  (and (pair? body) (string? (car body)) (pair? (cdr body)) (car body)))

;; The lambda of a define's value: (lambda ...) or the last form of a
;; let whose value it is; its body, or #f.
(define (lambda-body x)
  (cond ((not (pair? x)) #f)
        ((eq? (car x) 'lambda) (cddr x))
        ((eq? (car x) 'let) (lambda-body (car (last-pair x))))
        (else #f)))

;; ((NAME . SOURCE-DOCSTRING-OR-#f) ...): the prelude's public defines
;; of procedures, the docstring #f for an alias (define NAME OTHER).
(define prelude-procedures
  (call-with-input-file boot-file
    (lambda (port)
      (let loop ((acc '()))
        (let ((x (read port)))
          (cond
           ((eof-object? x) (reverse acc))
           ((and (pair? x) (eq? (car x) 'define) (pair? (cdr x)))
            (let* ((target (cadr x))
                   (name (if (pair? target) (car target) target)))
              (if (or (hidden? name)
                      (not (procedure? (eval name (current-module)))))
                  (loop acc)
                  (loop (cons (cons name
                                    (cond ((pair? target)
                                           (or (body-docstring (cddr x))
                                               'missing))
                                          ((lambda-body (caddr x))
                                           => (lambda (b)
                                                (or (body-docstring b)
                                                    'missing)))
                                          (else #f)))
                              acc)))))
           (else (loop acc))))))))

(test-assert "the prelude's source was read" (> (length prelude-procedures) 100))

(test-equal "every prelude procedure has a docstring in its source" '()
  (map car (filter (lambda (e) (eq? (cdr e) 'missing)) prelude-procedures)))

(test-equal "procedure-documentation returns each one" '()
  (map car
       (filter (lambda (e)
                 (let ((doc (procedure-documentation
                             (eval (car e) (current-module)))))
                   (not (if (string? (cdr e))
                            (equal? doc (cdr e))
                            (string? doc)))))
               prelude-procedures)))

(define (define-syntax-docstring spec)
  ;; The docstring of (syntax-rules LITERALS DOC RULE ...) or
  ;; (lambda (X) DOC BODY ...), or #f.
  (and (pair? spec)
       (case (car spec)
         ((syntax-rules) (and (pair? (cdr spec)) (body-docstring (cddr spec))))
         ((lambda) (body-docstring (cddr spec)))
         (else #f))))

;; ((NAME . SOURCE-DOCSTRING-OR-MISSING) ...): the prelude's macros.
(define prelude-macros
  (call-with-input-file boot-file
    (lambda (port)
      (let loop ((acc '()))
        (let ((x (read port)))
          (cond ((eof-object? x) (reverse acc))
                ((and (pair? x) (eq? (car x) 'define-syntax)
                      (not (hidden? (cadr x))))
                 (loop (cons (cons (cadr x)
                                   (or (define-syntax-docstring (caddr x))
                                       'missing))
                             acc)))
                (else (loop acc))))))))

(test-group "macros"
  (test-assert "the prelude's macros were read" (>= (length prelude-macros) 3))
  (test-equal "every prelude macro has a docstring in its source" '()
    (map car (filter (lambda (e) (eq? (cdr e) 'missing)) prelude-macros)))
  (test-equal "%macro-documentation returns each one" '()
    (map car (filter (lambda (e)
                       (not (equal? (%macro-documentation (car e)) (cdr e))))
                     prelude-macros)))
  (test-assert "describe shows a prelude macro's docstring as plain text"
    (let ((text (call-with-output-string
                  (lambda (port)
                    (parameterize ((current-output-port port))
                      (describe 'with-syntax))))))
      (and (string-contains text "-- Syntax: with-syntax")
           (string-contains text "(with-syntax ((PATTERN EXPR) ...)"))))
  (test-equal "define-syntax-rule keeps the docstring of the macro it defines"
    '("Twice X." 6)
    (begin
      (eval '(define-syntax-rule (twice-of x) "Twice X." (* 2 x))
            (interaction-environment))
      (list (eval '(%macro-documentation 'twice-of) (interaction-environment))
            (eval '(twice-of 3) (interaction-environment)))))
  (test-equal "a user's macro named as a prelude procedure: no docstring of it"
    #f
    (begin
      (eval '(define-syntax assoc (syntax-rules () ((_ x) x)))
            (interaction-environment))
      (eval '(%macro-documentation 'assoc) (interaction-environment)))))

(define (output-of thunk)
  (call-with-output-string
    (lambda (port) (parameterize ((current-output-port port)) (thunk)))))

(define (contains? s part) (and (string-contains s part) #t))

(test-group "describe and help"
  (test-assert "map: call form and docstring as Info shows it"
    (let ((text (output-of (lambda () (describe 'map)))))
      (and (contains? text "-- Scheme Procedure: map f list1 . lists")
           (contains? text "the results of calling F on the elements")
           (contains? text "Exported by (scheme base)"))))
  (test-assert "a prelude procedure replacing a primitive: member's own"
    (contains? (output-of (lambda () (describe 'member)))
               "-- Scheme Procedure: member x list . compare"))
  (test-assert "an alias: call/cc"
    (contains? (output-of (lambda () (help 'call/cc)))
               "Another name for call-with-current-continuation"))
  (test-assert "an alias of a primitive: string-hash-ci"
    (contains? (output-of (lambda () (describe 'string-hash-ci)))
               "-- Scheme Procedure: string-ci-hash str"))
  (test-assert "a procedure value, not a name"
    (contains? (output-of (lambda () (help string-index)))
               "Return the index of the first character of string S")))

(test-group "procedure-documentation"
  (test-assert "Texinfo, as a primitive's"
    (contains? (procedure-documentation hash-fold) "@var{proc}"))
  (test-equal "by name as by value" (procedure-documentation 'force)
    (procedure-documentation force))
  (test-equal "a user procedure named as a prelude one keeps its own" #f
    (let ()
      (define (map f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l)))))
      (procedure-documentation map)))
  (test-error "not a procedure or symbol" (procedure-documentation 5)))

(test-end "prelude-docs")
