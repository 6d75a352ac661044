;;; repl.sld -- (libscm repl): describe, apropos, hints for unbound
;;; variables, tracing
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; What the REPL's ,describe ,apropos and ,trace run, and what an
;;; unbound-variable error adds to its message.  Loaded the first time
;;; one of them is used.
;;;
;;; The built-in libraries are searched without loading them: their
;;; export lists are read from the first datum of each .sld text
;;; (%builtin-library-texts), once.  A procedure compiled outside the
;;; prelude carries its formals, docstring, module and position
;;; (procedure-source-info); the docstring of a primitive or of a prelude
;;; procedure is in libscm.doc (%describe-primitive prints it).
;;;
;;; trace wraps the procedure held by a variable in one that prints
;;; each call and its values, indented by the depth of traced calls,
;;; as Guile's ,trace does; untrace puts the procedure back.  Calls the
;;; compiler inlined before the trace began are not seen.

;;; Code:

(define-library (libscm repl)
  (export describe apropos apropos-list libraries-exporting
          unbound-variable-hint similar-names
          trace-procedure! untrace-procedure! traced-procedures
          trace untrace trace-calls
          break-procedure! unbreak-procedure! breakpoints
          profile-call print-profile)
  (import (libscm))
  (begin

    ;; ---- The built-in libraries' exports ----

    (define (export-names decls)
      ;; The external names of the (export ...) declarations in DECLS.
      (let loop ((decls decls) (acc '()))
        (cond ((null? decls) (reverse acc))
              ((and (pair? (car decls)) (eq? (caar decls) 'export))
               (loop (cdr decls)
                     (let specs ((s (cdar decls)) (acc acc))
                       (cond ((null? s) acc)
                             ((symbol? (car s)) (specs (cdr s) (cons (car s) acc)))
                             ((and (pair? (car s)) (eq? (caar s) 'rename)
                                   (= (length (car s)) 3))
                              (specs (cdr s) (cons (caddr (car s)) acc)))
                             (else (specs (cdr s) acc))))))
              (else (loop (cdr decls) acc)))))

    (define (library-of text)
      ;; (NAME . EXPORTS) of the define-library TEXT begins with, or #f.
      (guard (e (#t #f))
        (let ((form (read (open-input-string text))))
          (and (pair? form) (eq? (car form) 'define-library)
               (pair? (cdr form))
               (cons (cadr form) (export-names (cddr form)))))))

    (define exports-cache #f)

    (define (builtin-exports)
      ;; ((NAME . EXPORTS) ...) of the built-in libraries, in the order
      ;; of their files.
      (or exports-cache
          (let ((l (let loop ((files (%builtin-library-texts)) (acc '()))
                     (cond ((null? files) (reverse acc))
                           ((library-of (cdar files))
                            => (lambda (lib) (loop (cdr files) (cons lib acc))))
                           (else (loop (cdr files) acc))))))
            (set! exports-cache l)
            l)))

    (define (libraries-exporting name)
      "Return the names of the built-in libraries that export NAME (a
symbol), in the order of their files."
      (let loop ((libs (builtin-exports)) (acc '()))
        (cond ((null? libs) (reverse acc))
              ((memq name (cdar libs)) (loop (cdr libs) (cons (caar libs) acc)))
              (else (loop (cdr libs) acc)))))

    ;; ---- Close spellings ----

    (define (edit-distance a b)
      ;; Levenshtein distance of strings A and B, with the transposition
      ;; of two neighbours counted as one edit.
      (let* ((n (string-length a)) (m (string-length b))
             (d (make-vector (* (+ n 1) (+ m 1)) 0)))
        (define (at i j) (vector-ref d (+ (* i (+ m 1)) j)))
        (define (set i j v) (vector-set! d (+ (* i (+ m 1)) j) v))
        (do ((i 0 (+ i 1))) ((> i n)) (set i 0 i))
        (do ((j 0 (+ j 1))) ((> j m)) (set 0 j j))
        (do ((i 1 (+ i 1))) ((> i n) (at n m))
          (do ((j 1 (+ j 1))) ((> j m))
            (let* ((cost (if (char=? (string-ref a (- i 1))
                                     (string-ref b (- j 1)))
                             0 1))
                   (best (min (+ (at (- i 1) j) 1) (+ (at i (- j 1)) 1)
                              (+ (at (- i 1) (- j 1)) cost))))
              (set i j
                   (if (and (> i 1) (> j 1)
                            (char=? (string-ref a (- i 1)) (string-ref b (- j 2)))
                            (char=? (string-ref a (- i 2)) (string-ref b (- j 1))))
                       (min best (+ (at (- i 2) (- j 2)) 1))
                       best)))))))

    (define (assq-cdr x pairs)
      ;; Whether X is the cdr of one of PAIRS.
      (let loop ((p pairs))
        (and (pair? p) (or (eq? (cdar p) x) (loop (cdr p))))))

    (define (similar-names name candidates)
      "Return the symbols among CANDIDATES spelt close to symbol NAME (one
edit for a name of up to four characters, two for a longer one),
closest first, at most three."
      (let* ((s (symbol->string name))
             (limit (if (<= (string-length s) 4) 1 2))
             (scored
              (let loop ((c candidates) (acc '()))
                (if (null? c)
                    acc
                    (let ((t (symbol->string (car c))))
                      (if (or (eq? (car c) name)
                              (assq-cdr (car c) acc)
                              (> (abs (- (string-length t) (string-length s)))
                                 limit))
                          (loop (cdr c) acc)
                          (let ((k (edit-distance s t)))
                            (loop (cdr c)
                                  (if (<= k limit)
                                      (cons (cons k (car c)) acc)
                                      acc)))))))))
        (let loop ((l (sort scored (lambda (a b)
                                     (or (< (car a) (car b))
                                         (and (= (car a) (car b))
                                              (string<? (symbol->string (cdr a))
                                                        (symbol->string (cdr b))))))))
                   (k 0) (acc '()))
          (if (or (null? l) (= k 3))
              (reverse acc)
              (loop (cdr l) (+ k 1) (cons (cdar l) acc))))))

    (define (words names . conj)
      ;; "a", "a or b", "a, b or c" (CONJ, if given, instead of "or")
      (let ((strs (map (lambda (x) (call-with-output-string
                                    (lambda (p) (write x p))))
                       names)))
        (cond ((null? strs) "")
              ((null? (cdr strs)) (car strs))
              (else
               (let loop ((l (cdr strs)) (acc (car strs)))
                 (if (null? (cdr l))
                     (string-append acc " " (if (pair? conj) (car conj) "or")
                                    " " (car l))
                     (loop (cdr l) (string-append acc ", " (car l)))))))))

    (define (unbound-variable-hint condition)
      "Return a line that helps with CONDITION if it is an unbound-variable
error: the built-in libraries that export the name, or the bound names
spelt close to it; else #f.  A variable used before its definition (a
body's, of the same kind) is bound: no hint."
      (and (error-object? condition)
           (eq? (condition-kind condition) 'unbound-variable)
           (not (equal? (error-object-message condition)
                        "variable used before its definition"))
           (pair? (error-object-irritants condition))
           (symbol? (car (error-object-irritants condition)))
           (let* ((name (car (error-object-irritants condition)))
                  (libs (libraries-exporting name)))
             (if (pair? libs)
                 (string-append "Hint: " (symbol->string name)
                                " is exported by " (words libs "and")
                                "; (import " (call-with-output-string
                                              (lambda (p) (write (car libs) p)))
                                ") to use it.")
                 (let ((close (similar-names
                               name (%module-bound-names (current-module)))))
                   (and (pair? close)
                        (string-append "Hint: did you mean " (words close)
                                       "?")))))))

    ;; ---- describe ----

    (define (put . things)
      (for-each display things))

    ;; FORMALS are syntax objects where a macro wrote the lambda.
    (define (formals->string name formals)
      (call-with-output-string
       (lambda (p) (write (cons name (syntax->datum formals)) p))))

    (define (arity->string name arity)
      ;; (NAME ARG1 ARG2 [ARG3] . REST) from (REQ OPT REST?).
      (let loop ((i 1) (req (car arity)) (opt (cadr arity)) (acc (list name)))
        (cond ((> req 0)
               (loop (+ i 1) (- req 1) opt
                     (cons (string->symbol (string-append "arg" (number->string i)))
                           acc)))
              ((> opt 0)
               (loop (+ i 1) req (- opt 1)
                     (cons (string->symbol (string-append "[arg" (number->string i) "]"))
                           acc)))
              (else
               (call-with-output-string
                (lambda (p)
                  (write (if (caddr arity)
                             (append (reverse acc) 'rest)
                             (reverse acc))
                         p)))))))

    ;; TEXT with its second and later lines indented as its first is,
    ;; under the call form.
    (define (indent-lines text)
      (call-with-output-string
       (lambda (p)
         (string-for-each (lambda (c)
                            (write-char c p)
                            (if (char=? c #\newline) (display "     " p)))
                          text))))

    (define (assq-ref alist key)
      (let ((e (assq key alist))) (and e (cdr e))))

    (define (put-exporters name)
      (let ((libs (libraries-exporting name)))
        (when (pair? libs)
          (put "     Exported by " (words libs "and") ".\n"))))

    ;; What library LIB exports as NAME, or #f: describe shows the
    ;; docstring of a name the program has not imported (the library
    ;; is loaded for it, as importing it would).
    (define (exported-value lib name)
      (guard (e (#t #f))
        (module-ref (resolve-module lib) name)))

    (define (describe-procedure name proc)
      (let ((info (procedure-source-info proc))
            (arity (procedure-minimum-arity proc)))
        (cond
         (info
          (let ((doc (assq-ref info 'documentation))
                (file (assq-ref info 'file))
                (line (assq-ref info 'line)))
            (put " -- Procedure: "
                 (formals->string (or name (assq-ref info 'name) 'anonymous)
                                  (assq-ref info 'formals))
                 "\n")
            (put "     " (if doc (indent-lines doc) "No docstring.") "\n")
            (put "     Defined")
            (when line
              (put " at " (or file "<unknown>") ":" line ":"
                   (assq-ref info 'column)))
            (let ((m (assq-ref info 'module)))
              (when (and (module? m) (module-name m))
                (put " in module " (module-name m))))
            (put ".\n")))
         ((and name (%describe-primitive name)) #t)
         ;; Another name for a primitive or prelude procedure.
         ((let ((own (procedure-name proc)))
            (and (symbol? own) (not (eq? own name))
                 (%describe-primitive own)))
          #t)
         (else
          (put " -- Procedure: "
               (if arity (arity->string (or name 'anonymous) arity)
                   (or name "a procedure of several arities"))
               "\n     A procedure of the prelude or a primitive; "
               "no docstring.\n")))
        (when name (put-exporters name))))

    (define (binding-kind name)
      ;; 'variable, 'syntax or 'unbound, for NAME in the current module.
      (cond ((module-variable (current-module) name) 'variable)
            ((guard (e ((and (error-object? e)
                             (eq? (condition-kind e) 'unbound-variable))
                        #f)
                       (#t #t))
               (eval name (current-module))
               #t)
             'syntax)
            (else 'unbound)))

    (define (describe x)
      "Print what is known of X, a symbol naming a binding of the current
module or a procedure: a procedure's call form with its parameters'
names, its docstring, where it was defined and which built-in libraries
export it; the kind of binding otherwise."
      (cond
       ((procedure? x) (describe-procedure (procedure-name x) x))
       ((not (symbol? x))
        (error "describe: expected a symbol or a procedure" x))
       (else
        (case (binding-kind x)
          ((variable)
           (let ((v (variable-ref (module-variable (current-module) x))))
             (if (procedure? v)
                 (describe-procedure x v)
                 (begin
                   (put " -- Variable: " x "\n     Value: ")
                   (write v)
                   (newline)
                   (put-exporters x)))))
          ((syntax)
           (let ((doc (%macro-documentation x)))
             ;; A prelude macro's docstring is libscm.doc's, in Texinfo:
             ;; shown as a primitive's is.
             (unless (and doc (equal? doc (procedure-documentation x))
                          (%describe-primitive x))
               (put " -- Syntax: " x "\n")
               (when doc (put "     " doc "\n"))))
           (put-exporters x))
          (else
           (put "describe: " x " is not bound here\n")
           (let* ((libs (libraries-exporting x))
                  (v (and (pair? libs) (exported-value (car libs) x)))
                  (close (similar-names x (%module-bound-names (current-module)))))
             (cond ((procedure? v) (describe-procedure x v))
                   ((pair? libs) (put "     Exported by " (words libs "and") ".\n"))
                   ((pair? close) (put "     Did you mean " (words close)
                                       "?\n")))))))))

    ;; ---- apropos ----

    (define (unique-sorted symbols)
      (let loop ((l (sort symbols (lambda (a b)
                                    (string<? (symbol->string a)
                                              (symbol->string b)))))
                 (acc '()))
        (cond ((null? l) (reverse acc))
              ((and (pair? acc) (eq? (car acc) (car l))) (loop (cdr l) acc))
              (else (loop (cdr l) (cons (car l) acc))))))

    (define (apropos-list pattern)
      "Return ((LIBRARY NAME ...) ...): the names that POSIX extended
regular expression PATTERN matches among the exports of each built-in
library, then among the names bound in the current module, under the
key #f."
      (define (matching names)
        (map string->symbol
             (%regexp-filter pattern (map symbol->string names))))
      (let loop ((libs (builtin-exports)) (acc '()))
        (if (null? libs)
            (reverse
             (let ((here (matching (%module-bound-names (current-module)))))
               (if (null? here)
                   acc
                   (cons (cons #f (unique-sorted here)) acc))))
            (let ((m (matching (cdar libs))))
              (loop (cdr libs)
                    (if (null? m) acc (cons (cons (caar libs) m) acc)))))))

    (define (apropos pattern)
      "Print the names that POSIX extended regular expression PATTERN
matches, each with the built-in library that exports it (or `bound
here' for the current module's), as Guile's ,apropos does."
      (for-each
       (lambda (entry)
         (for-each (lambda (name)
                     (if (car entry)
                         (put (car entry) ": " name "\n")
                         (put "(bound here): " name "\n")))
                   (cdr entry)))
       (apropos-list pattern)))

    ;; ---- trace ----

    (define trace-depth 0)
    (define traced '())                 ; ((VARIABLE ORIGINAL . WRAPPER) ...)

    (define (trace-line depth thing result?)
      (let ((out (current-output-port)))
        (display "trace: " out)
        (do ((i 0 (+ i 1))) ((= i depth)) (display "|  " out))
        (write thing out)
        (newline out)))

    (define (tracing name proc)
      ;; PROC wrapped to print its calls as (NAME ARG ...) and its values.
      (lambda args
        (let ((depth trace-depth))
          (trace-line depth (cons name args) #f)
          (call-with-values
              (lambda ()
                (dynamic-wind
                  (lambda () (set! trace-depth (+ depth 1)))
                  (lambda () (apply proc args))
                  (lambda () (set! trace-depth depth))))
            (lambda results
              (for-each (lambda (r) (trace-line depth r #t)) results)
              (apply values results))))))

    ;; Wrapping the procedure of a variable (trace, break): TABLE is a
    ;; list ((VARIABLE ORIGINAL . WRAPPER) ...), SET-TABLE! replaces it.

    (define (without entry table)
      ;; TABLE without ENTRY (eq?).
      (let loop ((l table))
        (cond ((null? l) '())
              ((eq? (car l) entry) (cdr l))
              (else (cons (car l) (loop (cdr l)))))))

    (define (wrap-procedure! who table set-table! module name wrap)
      (let ((var (module-variable module name)))
        (unless (and var (procedure? (variable-ref var)))
          (error (string-append who ": not bound to a procedure") name))
        (let ((entry (assq var table)))
          (cond ((and entry (eq? (variable-ref var) (cddr entry))) #f)
                (else
                 ;; A NAME defined anew (a file loaded again) lost its
                 ;; wrapper: its entry goes, the new procedure is wrapped.
                 (let ((w (wrap (variable-ref var)))
                       (rest (without entry table)))
                   (set-table! (cons (cons var (cons (variable-ref var) w))
                                     rest))
                   (variable-set! var w)
                   #t))))))

    (define (unwrap-procedure! table set-table! module name)
      (let* ((var (module-variable module name))
             (entry (and var (assq var table))))
        (and entry
             (begin
               (when (eq? (variable-ref var) (cddr entry))
                 (variable-set! var (cadr entry)))
               (set-table! (without entry table))
               #t))))

    (define (set-traced! t) (set! traced t))

    (define (trace-procedure! module name)
      "Make the procedure bound to NAME in MODULE print each of its calls
and results on the current output port, indented by the depth of traced
calls; return #t, or #f if it was traced already."
      (wrap-procedure! "trace" traced set-traced! module name
                       (lambda (proc) (tracing name proc))))

    (define (untrace-procedure! module name)
      "Put back the procedure that trace-procedure! wrapped for NAME in
MODULE (unless NAME was bound anew since); #f if it is not traced."
      (unwrap-procedure! traced set-traced! module name))

    ;; ---- break ----

    (define broken '())                 ; as traced

    (define (set-broken! t) (set! broken t))

    (define (breaking name proc)
      ;; PROC wrapped to enter a debug level of the REPL before each
      ;; call, showing the call; the call goes on when the level is left.
      (lambda args
        (%repl-break
         (string-append "break at entry of "
                        (let ((out (open-output-string)))
                          (write (cons name args) out)
                          (get-output-string out))))
        (apply proc args)))

    (define (break-procedure! module name)
      "Make each call of the procedure bound to NAME in MODULE enter a
debug level of the REPL (its arguments in the frame's local args) before
it runs, as Guile's ,break does; leaving the level with ,q lets the call
go on.  Outside an interactive REPL the call goes on at once.  Return
#t, or #f if NAME had a breakpoint already."
      (wrap-procedure! "break" broken set-broken! module name
                       (lambda (proc) (breaking name proc))))

    (define (unbreak-procedure! module name)
      "Remove the breakpoint of break-procedure! from NAME in MODULE; #f
if it has none."
      (unwrap-procedure! broken set-broken! module name))

    (define (breakpoints)
      "Return the names of the variables whose procedures have a
breakpoint."
      (map (lambda (e) (procedure-source-info-name (cadr e))) broken))

    (define (traced-procedures)
      "Return the names of the variables whose procedures are traced."
      (map (lambda (e) (procedure-source-info-name (cadr e))) traced))

    (define (procedure-source-info-name proc)
      (let ((info (procedure-source-info proc)))
        (and info (cdr (assq 'name info)))))

    (define-syntax trace
      (syntax-rules ()
        ((_ name ...)
         (begin (trace-procedure! (current-module) 'name) ...
                (if #f #f)))))

    (define-syntax untrace
      (syntax-rules ()
        ((_ name ...)
         (begin (untrace-procedure! (current-module) 'name) ...
                (if #f #f)))))

    (define (module-procedures module)
      ;; The names bound in MODULE to procedures compiled in MODULE.
      (let loop ((names (%module-bound-names module)) (acc '()))
        (if (null? names)
            acc
            (let* ((var (module-variable module (car names)))
                   (v (and var (variable-ref var)))
                   (info (and (procedure? v) (procedure-source-info v))))
              (loop (cdr names)
                    (if (and info (eq? (cdr (assq 'module info)) module))
                        (cons (car names) acc)
                        acc))))))

    (define (trace-calls thunk)
      "Call THUNK with every procedure defined in the current module
traced, as the REPL's ,trace does; return its values."
      (let* ((m (current-module))
             (names (let loop ((l (module-procedures m)) (acc '()))
                      (cond ((null? l) acc)
                            ((trace-procedure! m (car l))
                             (loop (cdr l) (cons (car l) acc)))
                            (else (loop (cdr l) acc))))))
        (dynamic-wind
          (lambda () #f)
          thunk
          (lambda ()
            (for-each (lambda (n) (untrace-procedure! m n)) names)))))

    ;; ---- profile ----

    (define (percent part whole)
      ;; PART/WHOLE as a percentage with one decimal, right-aligned in 6.
      (let* ((tenths (if (= whole 0) 0 (round (/ (* 1000 part) whole))))
             (s (string-append (number->string (quotient tenths 10)) "."
                               (number->string (remainder tenths 10)))))
        (string-append (make-string (max 0 (- 6 (string-length s))) #\space) s)))

    (define (pad-left n width)
      (let ((s (number->string n)))
        (string-append (make-string (max 0 (- width (string-length s))) #\space) s)))

    (define (print-profile profile)
      "Print PROFILE, as profile-stop returns it: each procedure's share
of the samples in which it was running (self) and on the stack
(cumulative), most self time first, with where it is defined."
      (let* ((total (car profile))
             (rows (sort (cdr profile)
                         (lambda (a b)
                           (or (> (vector-ref a 4) (vector-ref b 4))
                               (and (= (vector-ref a 4) (vector-ref b 4))
                                    (> (vector-ref a 5) (vector-ref b 5))))))))
        (put ";; " total " samples of 10 ms processor time\n")
        (put "    %self   %cumul   self  cumul  procedure\n")
        (for-each
         (lambda (r)
           (put "  " (percent (vector-ref r 4) total) "%  "
                (percent (vector-ref r 5) total) "% "
                (pad-left (vector-ref r 4) 6) " " (pad-left (vector-ref r 5) 6)
                "  " (or (vector-ref r 0) "<anonymous>"))
           (when (vector-ref r 2)
             (put " at " (or (vector-ref r 1) "<unknown>") ":" (vector-ref r 2)
                  ":" (vector-ref r 3)))
           (newline))
         rows)))

    (define (profile-call thunk)
      "Call THUNK under a statistical profile, print the profile (see
print-profile), and return THUNK's values: the REPL's ,profile."
      (profile-start)
      (call-with-values
          (lambda ()
            (dynamic-wind
              (lambda () #f)
              thunk
              (lambda () (print-profile (profile-stop)))))
        values))))
