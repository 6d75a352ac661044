;;; geiser.scm -- (system geiser), the Scheme side of Emacs Geiser's
;;; protocol: the answers it writes, as Geiser reads them
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Each procedure writes one alist, ((result "VALUE" ...) (output .
;;; "TEXT")) or ((error (key . KIND) (msg . "MESSAGE")) (output .
;;; "TEXT")), and returns no value.  test-suite/geiser.sh drives the
;;; same procedures from Emacs itself when Emacs and Geiser are there.

;;; Code:

(import (system geiser))

(test-begin "geiser")

(define (answer-of thunk)
  ;; What THUNK writes, read back, and the number of values it returns.
  (let* ((out (open-output-string))
         (n (call-with-values
                (lambda () (parameterize ((current-output-port out)) (thunk)))
              (lambda vals (length vals)))))
    (list (read (open-input-string (get-output-string out))) n)))

(define (result-of form)
  (let ((a (car (answer-of (lambda () (geiser:eval #f form))))))
    (read (open-input-string (cadr (assq 'result a))))))

(define (geiser-test-area w h) "The area." (* w h))

(test-equal "a value, written, and the output, captured; no value returned"
  '(((result "3") (output . "hi")) 0)
  (answer-of (lambda () (geiser:eval #f '(begin (display "hi") (+ 1 2))))))
(test-equal "several values, none"
  '(((result "1" "\"two\"") (output . "")) ((result) (output . "")))
  (list (car (answer-of (lambda () (geiser:eval '() '(values 1 "two")))))
        (car (answer-of (lambda () (geiser:eval #f '(values)))))))
(test-equal "in a module given by name" '((result "6") (output . ""))
  (car (answer-of (lambda () (geiser:eval '(srfi 1) '(fold + 0 '(1 2 3)))))))
(test-equal "an error is answered, not raised"
  '((error (key . wrong-type-arg)
           (msg . "wrong type argument in position 1 (expected pair) 1"))
    (output . "x"))
  (car (answer-of (lambda () (geiser:eval #f '(begin (display "x") (car 1)))))))
(test-equal "a non-error raised" '(non-error "raised: 42")
  (let ((e (cdr (assq 'error (car (answer-of (lambda ()
                                                 (geiser:eval #f '(raise 42)))))))))
    (list (cdr (assq 'key e)) (cdr (assq 'msg e)))))
(test-equal "completions: bound names with the prefix, sorted"
  '("string-append" "string-append/shared")
  (result-of '(geiser:completions "string-ap")))
(test-equal "no completion" '() (result-of '(geiser:completions "no-such-name-x")))
(test-assert "module completions: built-in libraries"
  (let ((l (result-of '(geiser:module-completions "(srfi 1"))))
    (and (member "(srfi 1)" l) (member "(srfi 13)" l)
         (not (member "(scheme base)" l)))))
(test-equal "autodoc: a procedure's parameters, a primitive's arity, a value"
  '((geiser-test-area ("args" (("required" w h) ("optional") ("key"))))
    (car ("args" (("required" arg1) ("optional") ("key"))))
    (map ("args" (("required" arg1 arg2) ("optional" ...) ("key"))))
    (test-value ("value" . "(1 \"a\")")))
  (begin
    (eval '(define test-value '(1 "a")) (interaction-environment))
    (result-of '(geiser:autodoc '(geiser-test-area car map test-value
                                  unbound-name-here 42)))))
(test-equal "load-file: the file's output"
  '(((result) (output . "loaded")) 7)
  (let ((file (string-append test-temp-directory "g.scm")))
    (with-output-to-file file
      (lambda () (write '(define geiser-loaded 7)) (write '(display "loaded"))))
    (list (car (answer-of (lambda () (geiser:load-file file))))
          (eval 'geiser-loaded (interaction-environment)))))
(test-equal "load-file of a missing file: an error answer" 'error
  (caar (car (answer-of (lambda ()
                          (geiser:load-file
                           (string-append test-temp-directory "none.scm")))))))

(test-end "geiser")

;;; geiser.scm ends here
