;;; test.scm -- a small SRFI-64-style test library that prints TAP
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Each test case prints one TAP line, "ok N - NAME" or "not ok N -
;;; NAME" followed by "#" lines that `write' what was expected and what
;;; came instead.  The outermost `test-end' prints the plan "1..N" and,
;;; if a case failed, exits with status 1.
;;;
;;; There are no macros yet, so these are procedures: a value to check
;;; is evaluated before the call (test-equal's ACTUAL), while code that
;;; must raise, or that may raise, is passed as a thunk (test-error,
;;; test-group).  An error that escapes a group becomes a failing case
;;; that shows its location and message, and the rest of the file still
;;; runs; an error outside any group ends the file, and then the plan is
;;; missing and the exit status non-zero, so the test counts as failed.
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
;;; test-suite/run loads this file before the test file; see
;;; doc/internals.md, "Scheme tests".

;;; Code:

(define %test-count 0)                  ; cases run so far
(define %test-failures 0)               ; of which failed
(define %test-groups '())               ; open test-begin names, innermost first
(define %test-expected-failures 0)      ; cases still to mark, and why:
(define %test-expected-reason "")

;; An object no test code can raise or return: what raised-object
;; gives when the thunk returned normally.
(define test-nothing-raised (list 'nothing-raised))

;; ------------------------------------------------------------------
;; Printing.

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

(define (%test-report name pass? diagnostics)
  ;; Print the TAP line of a case and, if it failed, DIAGNOSTICS: a
  ;; list of (LABEL . VALUE).  A case marked by test-expect-fail gets
  ;; TAP's TODO directive: its failure is expected (XFAIL), its pass is
  ;; news (XPASS, which fails the run until the mark is removed).
  (let ((expected-failure? (> %test-expected-failures 0)))
    (set! %test-count (+ %test-count 1))
    (if expected-failure?
        (set! %test-expected-failures (- %test-expected-failures 1))
        (if (not pass?)
            (set! %test-failures (+ %test-failures 1))))
    (display (if pass? "ok " "not ok "))
    (display %test-count)
    (display " - ")
    (display (%test-one-line name #t))
    (if expected-failure?
        (begin
          (display " # TODO ")
          (display (%test-one-line %test-expected-reason #t))))
    (newline))
  (if (not pass?)
      (let loop ((d diagnostics))
        (if (pair? d)
            (begin
              (%test-diag (car (car d)) (cdr (car d)))
              (loop (cdr d))))))
  (flush-output-port)
  pass?)

;; ------------------------------------------------------------------
;; Groups.

(define (test-expect-fail count . reason)
  "Expect the next COUNT cases to fail (SRFI 64), for REASON (a string):
a feature that is not there yet."
  (set! %test-expected-failures count)
  (set! %test-expected-reason (if (pair? reason) (car reason) "expected to fail")))

(define (test-begin name)
  "Start the group of tests NAME (a string); groups nest."
  (set! %test-groups (cons name %test-groups))
  (display "# ")
  (display (%test-one-line name #f))
  (newline))

(define (test-end . name)
  "End the innermost group; after the outermost, print the plan and
exit with status 1 if a case failed."
  (if (null? %test-groups)
      (error "test-end: no group is open" name))
  (if (and (pair? name) (not (equal? (car name) (car %test-groups))))
      (error "test-end: the open group has another name"
             (car %test-groups) (car name)))
  (set! %test-groups (cdr %test-groups))
  (if (null? %test-groups)
      (begin
        (display "1..")
        (display %test-count)
        (newline)
        (flush-output-port)
        (if (> %test-failures 0)
            (exit 1)))))

(define (%test-raised-diagnostics obj)
  ;; What to show of an unexpected raised object OBJ.
  (list (cons "raised" (condition-message obj))
        (cons "at" (condition-location obj))))

(define (test-group name thunk)
  "Call THUNK inside the group NAME; an error escaping it is one failing
case, and the tests after the group still run."
  (test-begin name)
  (guard (e (#t (%test-report (string-append name ": an error escaped")
                              #f (%test-raised-diagnostics e))))
    (thunk))
  (set! %test-groups (cdr %test-groups)))

;; ------------------------------------------------------------------
;; Checking values.

(define (%test-compare name same? expected actual)
  (%test-report name (same? expected actual)
                (list (cons "expected" expected) (cons "actual" actual))))

(define (test-equal name expected actual)
  "Pass if ACTUAL is equal? to EXPECTED."
  (%test-compare name equal? expected actual))

(define (test-eqv name expected actual)
  "Pass if ACTUAL is eqv? to EXPECTED."
  (%test-compare name eqv? expected actual))

(define (test-eq name expected actual)
  "Pass if ACTUAL is eq? to EXPECTED."
  (%test-compare name eq? expected actual))

(define (test-assert name value)
  "Pass if VALUE is true (anything but #f)."
  (%test-report name value (list (cons "actual" value))))

(define (test-approximate name expected actual tolerance)
  "Pass if the real ACTUAL is within TOLERANCE of EXPECTED."
  (%test-report name (and (real? actual)
                          (<= (abs (- actual expected)) tolerance))
                (list (cons "expected" expected)
                      (cons "tolerance" tolerance)
                      (cons "actual" actual))))

;; ------------------------------------------------------------------
;; Checking errors.

(define (raised-object thunk)
  "Call THUNK; return what it raised, or test-nothing-raised if it
returned."
  (guard (e (#t e))
    (thunk)
    test-nothing-raised))

(define (%test-raise-case name thunk ok? expected-label expected)
  ;; Pass if THUNK raises an object satisfying OK?.
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised)
        (%test-report name #f (list (cons expected-label expected)
                                    (cons "actual" "nothing was raised")))
        (%test-report name (ok? e)
                      (list (cons expected-label expected)
                            (cons "raised" (condition-message e))
                            (cons "at" (condition-location e)))))))

(define (test-error name thunk)
  "Pass if calling THUNK raises (anything)."
  (%test-raise-case name thunk (lambda (e) #t) "expected" "an error"))

(define (test-error-message name text thunk)
  "Pass if calling THUNK raises an object whose condition-message is
the string TEXT."
  (%test-raise-case name thunk
                    (lambda (e) (equal? (condition-message e) text))
                    "expected" text))

(define (test-error-contains name texts thunk)
  "Pass if calling THUNK raises an object whose condition-message
contains every string of the list TEXTS."
  (%test-raise-case name thunk
                    (lambda (e)
                      (let loop ((ts texts))
                        (or (null? ts)
                            (and (string-contains? (condition-message e)
                                                   (car ts))
                                 (loop (cdr ts))))))
                    "expected to contain" texts))

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
