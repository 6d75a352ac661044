;;; test.scm -- the project's test harness: SRFI 64 with a TAP runner
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; test-suite/run loads this file, then the test file.  This file
;;; imports (srfi 64), makes the TAP runner the factory's runner and adds
;;; libscm's extras for checking errors and writing files.  A test file
;;; that imports (srfi 64) itself gets the same library, loaded once.
;;;
;;; Each test case prints one TAP line, "ok N - NAME" or "not ok N -
;;; NAME" followed by "#" lines that `write' what was expected and what
;;; came instead.  The outermost `test-end' prints the plan "1..N" and,
;;; if a case failed, exits with status 1.
;;;
;;;   (test-begin "lists")
;;;   (test-group "append"
;;;     (lambda ()
;;;       (test-equal "two lists" '(1 2 3) (append '(1) '(2 3)))
;;;       (test-error-message "improper"
;;;         "append: wrong type argument in position 1 (expected list): 1"
;;;         (lambda () (append 1 '(2))))))
;;;   (test-end "lists")
;;;
;;; test-group also takes SRFI 64's own shape, (test-group NAME BODY ...).
;;; An error that escapes a group becomes a failing case that shows its
;;; location and message, and the rest of the file still runs; an error
;;; outside any group ends the file, and then the plan is missing and
;;; the exit status non-zero, so the test counts as failed.  See
;;; doc/internals.md, "Scheme tests".

;;; Code:

(import (srfi 64))

;; An object no test code can raise or return: what raised-object
;; gives when the thunk returned normally.
(define test-nothing-raised (list 'nothing-raised))

;; ------------------------------------------------------------------
;; The TAP runner.

(define (%test-one-line text escape?)
  ;; TEXT with line breaks made spaces; if ESCAPE?, with `#' (TAP's
  ;; directive mark) and `\' escaped by a backslash, as TAP wants in a
  ;; test's description.
  (let ((out (open-output-string)))
    (let loop ((i 0))
      (if (< i (string-length text))
          (let ((c (string-ref text i)))
            (cond ((memv c '(#\newline #\return)) (write-char #\space out))
                  ((and escape? (memv c '(#\# #\\)))
                   (write-char #\\ out)
                   (write-char c out))
                  (else (write-char c out)))
            (loop (+ i 1)))))
    (get-output-string out)))

(define (%test-diag label value)
  ;; One diagnostic line: "#   LABEL: VALUE" (VALUE written).
  (let ((out (open-output-string)))
    (write value out)
    (display "#   ")
    (display label)
    (display ": ")
    (display (%test-one-line (get-output-string out) #f))
    (newline)))

(define (%test-diagnostics runner)
  ;; The "#" lines of a case that did not pass, from its result.
  (let ((ref (lambda (name) (assq name (test-result-alist runner)))))
    (cond ((ref 'expected-message)
           => (lambda (p) (%test-diag "expected" (cdr p))))
          ((ref 'expected-substrings)
           => (lambda (p) (%test-diag "expected to contain" (cdr p))))
          ((ref 'expected-value)
           => (lambda (p) (%test-diag "expected" (cdr p))))
          ((ref 'expected-error)
           => (lambda (p)
                (%test-diag "expected"
                            (if (eq? (cdr p) #t) "an error" (cdr p))))))
    (cond ((ref 'actual-error)
           => (lambda (p)
                (%test-diag "raised" (condition-message (cdr p)))
                (%test-diag "at" (condition-location (cdr p)))))
          ((ref 'expected-error)
           (%test-diag "actual" "nothing was raised"))
          ((ref 'actual-value)
           => (lambda (p) (%test-diag "actual" (cdr p)))))
    (if (ref 'source-line)
        (%test-diag "case at"
                    (string-append (test-result-ref runner 'source-file "")
                                   ":"
                                   (number->string
                                    (test-result-ref runner 'source-line)))))))

;; Result properties for the next case, set by the extras below: the
;; TAP runner's on-test-begin puts them into the result, in place of
;; the source properties (which would name this file).
(define %test-pending '())

(define (test-runner-tap)
  "Return a new test runner that prints TAP: a line per case, \"# NAME\"
for each group, and after the outermost group the plan; it exits with
status 1 then if a case failed."
  (let ((runner (test-runner-null))
        (n 0)                           ; TAP lines so far
        (bad-count? #f))
    (test-runner-on-test-begin!
     runner
     (lambda (r)
       (if (pair? %test-pending)
           (begin
             (for-each (lambda (name) (test-result-remove r name))
                       '(source-file source-line source-form))
             (for-each (lambda (p) (test-result-set! r (car p) (cdr p)))
                       %test-pending)
             (set! %test-pending '())))))
    (test-runner-on-group-begin!
     runner
     (lambda (r name count)
       (display "# ")
       (display (%test-one-line name #f))
       (newline)))
    (test-runner-on-test-end!
     runner
     (lambda (r)
       (let ((kind (test-result-kind r))
             (name (test-runner-test-name r)))
         (set! n (+ n 1))
         (display (if (memq kind '(pass xpass skip)) "ok " "not ok "))
         (display n)
         (if (not (equal? name ""))
             (begin
               (display " - ")
               (display (%test-one-line name #t))))
         (case kind
           ((xpass xfail)
            (display " # TODO ")
            (display (%test-one-line
                      (test-result-ref r 'expected-fail-reason
                                       "expected to fail")
                      #t)))
           ((skip) (display " # SKIP")))
         (newline)
         (if (memq kind '(fail xpass))
             (%test-diagnostics r))
         (flush-output-port))))
    (test-runner-on-bad-count!
     runner
     (lambda (r count expected)
       (set! n (+ n 1))
       (set! bad-count? #t)
       (display "not ok ")
       (display n)
       (display " - ")
       (display (%test-one-line (car (test-runner-group-stack r)) #t))
       (display ": ")
       (display count)
       (display " cases ran, not ")
       (display expected)
       (newline)))
    (test-runner-on-bad-end-name!
     runner
     (lambda (r begin-name end-name)
       (error "test-end: the open group has another name"
              begin-name end-name)))
    (test-runner-on-final!
     runner
     (lambda (r)
       (display "1..")
       (display n)
       (newline)
       (flush-output-port)
       (if (or bad-count? (> (test-runner-fail-count r) 0))
           (exit 1))))
    runner))

(test-runner-factory test-runner-tap)

;; ------------------------------------------------------------------
;; Checking errors.

(define (raised-object thunk)
  "Call THUNK; return what it raised, or test-nothing-raised if it
returned."
  (guard (e (#t e))
    (thunk)
    test-nothing-raised))

(define (%test-raise-case name property expected ok? thunk)
  ;; A case that passes if THUNK raises an object satisfying OK?; the
  ;; result's PROPERTY is EXPECTED (for the TAP runner to show).
  (dynamic-wind
    (lambda () (set! %test-pending (list (cons property expected))))
    (lambda () (test-error name ok? (thunk)))
    (lambda () (set! %test-pending '()))))

(define (test-error-message name text thunk)
  "Pass if calling THUNK raises an object whose condition-message is
the string TEXT."
  (%test-raise-case name 'expected-message text
                    (lambda (e) (equal? (condition-message e) text))
                    thunk))

(define (test-error-contains name texts thunk)
  "Pass if calling THUNK raises an object whose condition-message
contains every string of the list TEXTS."
  (%test-raise-case name 'expected-substrings texts
                    (lambda (e)
                      (let loop ((ts texts))
                        (or (null? ts)
                            (and (string-contains? (condition-message e)
                                                   (car ts))
                                 (loop (cdr ts))))))
                    thunk))

(define (string-contains? s part)
  "Return #t if the string PART occurs in the string S."
  (let ((n (string-length s)) (m (string-length part)))
    (let loop ((i 0))
      (cond ((> (+ i m) n) #f)
            ((string=? (substring s i (+ i m)) part) #t)
            (else (loop (+ i 1)))))))

;; ------------------------------------------------------------------
;; Files.

(define (test-write-file name text)
  "Write the string TEXT to the file NAME in the test's temporary
directory (test-temp-directory, set by test-suite/run); return its
path."
  (let* ((path (string-append test-temp-directory name))
         (port (open-output-file path)))
    (write-string text port)
    (close-port port)
    path))

;;; test.scm ends here
