;;; geiser.sld -- (system geiser): the Scheme side of Emacs Geiser's
;;; protocol, for doc/emacs/geiser-libscm.el
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Geiser drives a libscm REPL (a local `scm', or a `scm --listen'
;;; server it connects to) by typing calls of these procedures at the
;;; prompt.  Each writes one answer, an alist that Geiser reads, and
;;; returns no value, so that the REPL prints nothing else before its
;;; next prompt:
;;;
;;;   ((result "VALUE" ...) (output . "TEXT"))      the values, written
;;;   ((error (key . KIND) (msg . "MESSAGE")) (output . "TEXT"))
;;;
;;; where TEXT is what the evaluation wrote on its output port.
;;; geiser:start-repl runs the REPL Geiser starts `scm' for.
;;; geiser:eval evaluates a form in a module (its name, or #f or () for
;;; the current one); Geiser asks for everything else through it:
;;; (geiser:eval #f '(geiser:completions "str")) answers with the
;;; completions' list written as the result.  An error is answered, not
;;; raised: the REPL does not enter its debugger under Geiser.

;;; Code:

(define-library (system geiser)
  (import (libscm) (only (srfi 1) filter))
  (export geiser:eval geiser:load-file geiser:completions
          geiser:module-completions geiser:autodoc geiser:no-values
          geiser:newline geiser:start-repl)
  (begin

    (define (written x)
      (call-with-output-string (lambda (port) (write x port))))

    (define (error-alist e)
      ;; What Geiser shows of raised object E.
      (if (error-object? e)
          (list (cons 'key (condition-kind e))
                (cons 'msg
                      (call-with-output-string
                        (lambda (port)
                          (display (error-object-message e) port)
                          (for-each (lambda (x) (display " " port) (write x port))
                                    (error-object-irritants e))))))
          (list (cons 'key 'non-error)
                (cons 'msg (string-append "raised: " (written e))))))

    (define (answer thunk)
      ;; Call THUNK with its output captured, write the answer; no value.
      (let* ((out (open-output-string))
             (reply
              (guard (e (#t (list (cons 'error (error-alist e)))))
                (call-with-values
                    (lambda ()
                      (parameterize ((current-output-port out)) (thunk)))
                  (lambda vals (list (cons 'result (map written vals))))))))
        (write (append reply (list (cons 'output (get-output-string out)))))
        (newline)
        (values)))

    (define (module-named name)
      ;; The module NAME (a list of symbols), or the current one for #f
      ;; or ().
      (if (pair? name) (resolve-module name) (current-module)))

    (define (geiser:eval module form . rest)
      "Evaluate FORM in the module named MODULE (the current module if it
is #f or ()) and write Geiser's answer: its values, written, and its
output; or the error it raised.  Return no value."
      (answer (lambda () (eval form (module-named module)))))

    (define (geiser:load-file file)
      "Load the Scheme file FILE, answering as geiser:eval does."
      (answer (lambda () (load file) (values))))

    (define (string-prefix-of? prefix s)
      (and (<= (string-length prefix) (string-length s))
           (string=? prefix (substring s 0 (string-length prefix)))))

    (define (geiser:completions prefix . rest)
      "Return the names bound in the current module that start with the
string PREFIX, as sorted strings."
      (let loop ((l (sort (filter (lambda (s) (string-prefix-of? prefix s))
                                  (map symbol->string
                                       (%module-bound-names (current-module))))
                          string<?))
                 (acc '()))
        ;; A name bound twice (imported, then defined) once.
        (cond ((null? l) (reverse acc))
              ((and (pair? acc) (string=? (car l) (car acc))) (loop (cdr l) acc))
              (else (loop (cdr l) (cons (car l) acc))))))

    (define (library-name text)
      ;; The name of the define-library that TEXT begins with, or #f.
      (guard (e (#t #f))
        (let ((form (read (open-input-string text))))
          (and (pair? form) (eq? (car form) 'define-library) (pair? (cdr form))
               (cadr form)))))

    (define (geiser:module-completions prefix . rest)
      "Return the names of the built-in libraries, written, that start
with the string PREFIX."
      (filter (lambda (s) (string-prefix-of? prefix s))
              (map written (filter (lambda (x) x)
                                   (map (lambda (f) (library-name (cdr f)))
                                        (%builtin-library-texts))))))

    (define (arity-signature formals req opt rest)
      ;; Geiser's ("args" (("required" ...) ("optional" ...) ("key")))
      ;; from the parameter names FORMALS (a list, improper for a rest
      ;; argument, or #f) or the counts.
      (define (names n from)
        (let loop ((i n) (acc '()))
          (if (= i 0) acc
              (loop (- i 1) (cons (string->symbol
                                   (string-append "arg" (number->string
                                                         (+ from i))))
                                  acc)))))
      (let-values (((required more)
                    (if formals
                        (let loop ((f formals) (acc '()))
                          (if (pair? f) (loop (cdr f) (cons (car f) acc))
                              (values (reverse acc)
                                      (if (null? f) '() (list '...)))))
                        (values (names req 0)
                                (append (names opt req)
                                        (if rest (list '...) '()))))))
        (list "args" (list (cons "required" required)
                           (cons "optional" more)
                           (list "key")))))

    (define (signature name)
      ;; NAME's autodoc entry, or #f if it is not bound to a value.
      (let ((var (and (symbol? name)
                      (module-variable (current-module) name))))
        (and var (variable-bound? var)
             (let ((v (variable-ref var)))
               (if (procedure? v)
                   (let ((info (procedure-source-info v))
                         (arity (procedure-minimum-arity v)))
                     (list name
                           (if (and info (assq 'formals info))
                               (arity-signature (cdr (assq 'formals info))
                                                0 0 #f)
                               (arity-signature #f (car arity) (cadr arity)
                                                (caddr arity)))))
                   (list name (cons "value" (written v))))))))

    (define (geiser:autodoc names . rest)
      "Return Geiser's signatures of the procedures (and values) that
the symbols NAMES are bound to in the current module."
      (let loop ((l (if (list? names) names '())) (acc '()))
        (cond ((null? l) (reverse acc))
              ((signature (car l)) => (lambda (s) (loop (cdr l) (cons s acc))))
              (else (loop (cdr l) acc)))))

    (define (geiser:no-values)
      "Return no value."
      (values))

    (define (geiser:newline)
      "Write a newline on the current output port."
      (newline))

    (define (geiser:start-repl)
      "Run the interactive REPL (prompts, debug levels, no line editing)
on the current input and output ports until its input ends, as the REPL
server gives each client: what Geiser talks to when it starts scm itself
(scm -c \"(import (system geiser)) (geiser:start-repl)\").  Return its
exit status."
      (%start-repl))))
