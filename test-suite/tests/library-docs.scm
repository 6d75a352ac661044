;;; library-docs.scm -- every procedure that a built-in library
;;; (module/**/*.sld) exports has a docstring, which
;;; procedure-documentation, describe and help find
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (libscm repl) (libscm disassemble) (srfi 1) (srfi 111) (ice-9 ftw)
        (ice-9 rdelim))

(test-begin "library-docs")

(define module-dir
  (string-append (or (getenv "top_srcdir") "..") "/module"))

;; The libraries whose procedures need not have docstrings (yet): none.
;; A procedure DEFINED in one of them (even when another library
;; re-exports it, as (srfi 43) does (srfi 133)'s) would be skipped.
(define pending-libraries '())

;; The name of the library that FILE defines: the first define-library
;; form in it.
(define (library-name-of file)
  (call-with-input-file file
    (lambda (port)
      (let loop ()
        (let ((x (read port)))
          (cond ((eof-object? x) #f)
                ((and (pair? x) (eq? (car x) 'define-library)) (cadr x))
                (else (loop))))))))

;; Every .sld file under DIR, at any depth.
(define (library-files dir)
  (file-system-fold
   (lambda (path stat result) #t)               ; enter every directory
   (lambda (path stat result)                   ; a file
     (if (string-suffix? ".sld" path) (cons path result) result))
   (lambda (path stat result) result)           ; down
   (lambda (path stat result) result)           ; up
   (lambda (path stat result) result)           ; skip
   (lambda (path stat errno result) result)     ; error
   '() dir))

(define library-names
  (filter-map library-name-of (library-files module-dir)))

;; (NAME . MODULE) of each library that can be loaded here; a library
;; that needs a capability this build or this process lacks is left
;; out (and listed as skipped).
(define skipped '())
(define libraries
  (filter-map (lambda (name)
                (guard (e (#t (set! skipped (cons name skipped)) #f))
                  (cons name (resolve-module name))))
              library-names))

(test-assert "the library files were found" (> (length library-names) 80))
(test-assert "almost all of them load" (> (length libraries) 80))
(test-assert "(srfi 1) and (ice-9 regex) among them"
  (and (assoc '(srfi 1) libraries) (assoc '(ice-9 regex) libraries) #t))

(define (hidden? name)
  (char=? (string-ref (symbol->string name) 0) #\%))

;; The name of the library where procedure PROC was compiled, or #f for
;; a primitive or a prelude procedure (libscm.doc documents those).
(define (home-library proc)
  (let ((info (procedure-source-info proc)))
    (and info
         (let ((m (assq 'module info)))
           (and m (module? (cdr m)) (module-name (cdr m)))))))

;; The exported procedures of the library (NAME . MODULE), as
;; ((EXPORTED-NAME . PROCEDURE) ...), leaving out the % names.
(define (exported-procedures lib)
  (filter-map (lambda (sym)
                (let ((var (module-variable (cdr lib) sym)))
                  (and var (variable-bound? var)
                       (procedure? (variable-ref var))
                       (not (hidden? sym))
                       (cons sym (variable-ref var)))))
              (module-exports (cdr lib))))

;; Whether PROC, exported by the library LIB-NAME, comes from one of
;; PENDING: where it was defined, or for a procedure that does not say
;; (a parameter object), the library that exports it.
(define (pending? proc lib-name pending)
  (and (member (or (home-library proc) lib-name) pending) #t))

;; ((LIBRARY NAME ...) ...): the exported procedures of LIBS without a
;; docstring, but those of the libraries PENDING.
(define (undocumented libs pending)
  (filter-map
   (lambda (lib)
     (let ((names (filter-map
                   (lambda (e)
                     (and (not (procedure-documentation (cdr e)))
                          (not (pending? (cdr e) (car lib) pending))
                          (car e)))
                   (exported-procedures lib))))
       (and (pair? names) (cons (car lib) names))))
   libs))

(test-assert "thousands of exported procedures are checked"
  (> (apply + (map (lambda (lib) (length (exported-procedures lib)))
                   libraries))
     1500))

(test-equal "every exported procedure has a docstring" '()
  (undocumented libraries pending-libraries))

(test-group "what the check sees"
  ;; The same check over a library of the test's own making: a
  ;; procedure whose docstring is missing is reported.
  (eval '(define-library (test undocumented)
           (import (scheme base))
           (export bare documented)
           (begin
             (define (bare x) x)
             (define (documented x) "Return X." x)))
        (interaction-environment))
  (let ((lib (cons '(test undocumented)
                   (resolve-module '(test undocumented)))))
    (test-equal "a procedure without a docstring is reported"
      '(((test undocumented) bare))
      (undocumented (list lib) pending-libraries))
    (test-equal "but not if its library is pending" '()
      (undocumented (list lib) '((test undocumented))))
    (test-equal "a re-exported one is its defining library's"
      '()
      (undocumented (list (cons '(srfi 43) (resolve-module '(srfi 43))))
                    (cons '(srfi 133) pending-libraries)))))

(define (output-of thunk)
  (call-with-output-string
    (lambda (port) (parameterize ((current-output-port port)) (thunk)))))

(define (contains? s part) (and (string-contains s part) #t))

(test-group "docstrings of the kinds of definition"
  (test-assert "a define"
    (string-contains (procedure-documentation lset-adjoin)
                     "that is not yet in it"))
  (test-equal "an alias shares its procedure's, which names it"
    (procedure-documentation filter) (procedure-documentation filter!))
  (test-assert "... and says so"
    (string-contains (procedure-documentation filter!) "filter! is the same"))
  (test-assert "a case-lambda: its documented clause's"
    (string-contains (procedure-documentation read-line) "carriage return"))
  (test-equal "a case-lambda without a docstring has none" #f
    (procedure-documentation (case-lambda ((x) x) ((x y) y))))
  (test-equal "a case-lambda's docstring in a later clause is found" "Two."
    (procedure-documentation (case-lambda ((x) x) ((x y) "Two." y))))
  ;; (srfi 111)'s procedures are written as define-record-type makes
  ;; them, with a docstring: a call of one is still the record
  ;; instruction, no call.
  (test-assert "record procedures with docstrings: box"
    (string-contains (procedure-documentation box) "new box"))
  (test-assert "... and still compiled inline"
    (let ((code (output-of
                 (lambda ()
                   (disassemble (lambda (b)
                                  (if (box? b)
                                      (set-box! b (unbox b))
                                      (box b))))))))
      (and (contains? code "KREC_MAKE") (contains? code "KREC_REF")
           (contains? code "KREC_SET") (contains? code "#<procedure box?>")
           (not (contains? code "CALL"))))))


(test-group "describe and help"
  (test-assert "describe: call form, docstring and library"
    (let ((text (output-of (lambda () (describe 'lset-adjoin)))))
      (and (contains? text "(lset-adjoin = list . elts)")
           (contains? text "Return LIST with each of the ELTS")
           (contains? text "Exported by (srfi 1)"))))
  (test-assert "describe: a case-lambda shows its documented clause"
    (let ((text (output-of (lambda () (describe 'read-line)))))
      (and (contains? text "(read-line port handle)")
           (contains? text "HANDLE says")
           (contains? text "(ice-9 rdelim)"))))
  (test-assert "help of a procedure value"
    (contains? (output-of (lambda () (help delete-duplicates)))
               "Return a fresh list of the elements of LIST"))
  (test-assert "describe of a name not imported: its library's docstring"
    (let ((text (output-of (lambda () (describe 'list-queue-add-front!)))))
      (and (not (module-bound? (current-module) 'list-queue-add-front!))
           (contains? text "is not bound here")
           (contains? text "(list-queue-add-front! q x)")
           (contains? text "Add X at the front of Q.")
           (contains? text "Exported by (srfi 117)"))))
  (test-assert "... and of an unknown name, close spellings"
    (let ((text (output-of (lambda () (describe 'lset-adjoinn)))))
      (and (contains? text "is not bound here")
           (contains? text "Did you mean lset-adjoin?")))))

(test-end "library-docs")
