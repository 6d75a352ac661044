;;; library-docs-2.scm -- every procedure exported by the built-in
;;; libraries (srfi 117) to (srfi 180) and (libscm comparators),
;;; (libscm hash-tables) and (libscm maps) has a docstring, including
;;; the record procedures, parameters and macro-made procedures those
;;; libraries wrap in documented ones, which keep their behaviour
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (libscm repl) (srfi 1) (only (srfi 158) vector->generator)
        (only (srfi 128) comparator-hash-function))

(test-begin "library-docs-2")

(define libraries
  '((srfi 117) (srfi 121) (srfi 125) (srfi 128) (srfi 130) (srfi 133)
    (srfi 141) (srfi 143) (srfi 151) (srfi 152) (srfi 158) (srfi 162)
    (srfi 170) (srfi 180)
    (libscm comparators) (libscm hash-tables) (libscm maps)))

;; The exported procedures of LIBRARY, as (NAME . PROCEDURE) pairs.
(define (exported-procedures library)
  (let ((m (resolve-module library)))
    (filter-map (lambda (name)
                  (let ((var (module-variable m name)))
                    (and var (variable-bound? var)
                         (procedure? (variable-ref var))
                         (cons name (variable-ref var)))))
                (module-exports m))))

(define (undocumented library)
  (filter-map (lambda (e)
                (and (not (string? (procedure-documentation (cdr e))))
                     (car e)))
              (exported-procedures library)))

(for-each
 (lambda (library)
   (let ((name (call-with-output-string
                (lambda (p) (write library p)))))
     (test-assert (string-append name " exports procedures")
                  (> (length (exported-procedures library)) 0))
     (test-equal (string-append name ": every exported procedure has a docstring")
                 '() (undocumented library))))
 libraries)

(define (output-of thunk)
  (call-with-output-string
    (lambda (port) (parameterize ((current-output-port port)) (thunk)))))

(define (contains? s part) (and (string-contains s part) #t))

;; The message and irritants of the error THUNK raises.
(define (error-of thunk)
  (guard (e ((error-object? e)
             (cons (error-object-message e) (error-object-irritants e))))
    (thunk)
    'no-error))

(test-group "describe"
  (let ((text (output-of (lambda () (describe 'vector->generator)))))
    (test-assert "a macro-made procedure's formals, without syntax objects"
                 (contains? text "-- Procedure: (vector->generator seq . opt)"))
    (test-assert "its docstring's second line is indented"
                 (contains? text "\n     (default 0) up to END")))
  (test-assert "an accessor made by a macro: its formals"
               (contains? (output-of
                           (lambda () (describe 'comparator-hash-function)))
                          "(comparator-hash-function obj)")))

;; The documented record procedures have the code define-record-type
;; gives them, so that a caller's compiler still runs their calls in
;; place (a KREC instruction, not a call).
(test-group "documented record procedures are still compiled in place"
  (for-each
   (lambda (e)
     (let ((text (output-of
                  (lambda ()
                    (eval `(let ()
                             (define (f x) (,(car e) x))
                             (disassemble f))
                          (environment '(scheme base) '(libscm disassemble)
                                       (cadr e)))))))
       (test-assert (symbol->string (car e)) (contains? text "KREC_"))))
   '((comparator? (srfi 128)) (comparator-hash-function (srfi 128))
     (comparator-ordered? (srfi 128)) (map-size (libscm maps))
     (map? (libscm maps)) (list-queue? (srfi 117))
     (file-info? (srfi 170)) (user-info? (srfi 170)))))

(test-group "aliases share their docstring"
  (let ((m (resolve-module '(srfi 125))))
    (define (doc name) (procedure-documentation (module-ref m name)))
    (test-equal "hash-table-exists? is hash-table-contains?"
                (doc 'hash-table-contains?) (doc 'hash-table-exists?))
    (test-equal "hash-table-merge! is hash-table-union!"
                (doc 'hash-table-union!) (doc 'hash-table-merge!))))

(test-group "documented record procedures behave as the record's"
  (let ((env (environment '(scheme base) '(srfi 117) '(srfi 128)
                          '(srfi 170) '(libscm maps))))
    (define (run form) (eval form env))
    (test-equal "comparator? of a comparator and of a number" '(#t #f)
                (run '(list (comparator? (make-default-comparator))
                            (comparator? 5))))
    (test-equal "an accessor's error names it"
                '("wrong type argument in position 1 (expected comparator)" 5)
                (error-of (lambda () (run '(comparator-hash-function 5)))))
    (test-assert "comparator-ordering-predicate of the default comparator"
                 (run '((comparator-ordering-predicate
                         (make-default-comparator)) 1 2)))
    (test-equal "map-size's error names it"
                '("wrong type argument in position 1 (expected <map>)" 5)
                (error-of (lambda () (run '(map-size 5)))))
    (test-equal "list-queue?" '(#t #f)
                (run '(list (list-queue? (list-queue 1 2)) (list-queue? '(1 2)))))
    (test-equal "file-info? and a file-info field"
                '(#t #f #t)
                (run '(let ((fi (file-info "/" #t)))
                        (list (file-info? fi) (file-info? "/")
                              (file-info-directory? fi)))))
    (test-equal "a file-info field of a non-record"
                '("not a file-info record" 5)
                (error-of (lambda () (run '(file-info:size 5)))))))

(test-group "documented parameters still parameterize"
  (let ((env (environment '(scheme base) '(srfi 170) '(srfi 180))))
    (define (run form) (eval form env))
    (test-equal "temp-file-prefix, bound and restored"
                '("/tmp/library-docs-x" #t)
                (run '(let ((outside (temp-file-prefix)))
                        (list (parameterize ((temp-file-prefix
                                              "/tmp/library-docs-x"))
                                (temp-file-prefix))
                              (equal? outside (temp-file-prefix))))))
    (test-equal "json-nesting-depth-limit limits json-read"
                '(+inf.0 limited #(1))
                (run '(list (json-nesting-depth-limit)
                            (parameterize ((json-nesting-depth-limit 1))
                              (guard (e ((json-error? e) 'limited))
                                (json-read (open-input-string "[[1]]"))))
                            (parameterize ((json-nesting-depth-limit 1))
                              (json-read (open-input-string "[1]"))))))
    (test-equal "json-number-of-character-limit limits json-read"
                'limited
                (run '(parameterize ((json-number-of-character-limit 3))
                        (guard (e ((json-error? e) 'limited))
                          (json-read (open-input-string "[1, 2, 3]"))))))))

(test-end "library-docs-2")
