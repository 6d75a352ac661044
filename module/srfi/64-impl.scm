;;; 64-impl.scm -- SRFI 64, a Scheme API for test suites: the implementation
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The one implementation of SRFI 64 in libscm.  The library (srfi 64)
;;; (module/srfi/64.sld) includes this file, and test-suite/run loads it
;;; before module/scm/test.scm, the project's test harness, which adds a
;;; TAP runner and a few extras on top of it.
;;;
;;; A test runner is a record: the five counts, the open groups (each a
;;; frame that remembers the count it was promised, the cases run in it
;;; and the skip and expected-failure specifiers to restore when it
;;; ends), the specifiers, the current test's name and result alist, an
;;; aux value and the seven callbacks.  The counts are kept here, not by
;;; the callbacks, so that every runner -- test-runner-null's too --
;;; counts.
;;;
;;; The test-case forms are syntax-case macros: they evaluate the test
;;; expression under a guard (an error in it fails the case), the name
;;; is optional, and the source file, line and form of the case go into
;;; its result alist.
;;;
;;; Beyond the SRFI, for the project's tests written before macros:
;;;   (test-group NAME (lambda () BODY ...)) runs BODY as the group's body
;;;     (and such a thunk followed by more forms is an error when the
;;;     form is expanded: it would never be called);
;;;   (test-error "NAME" EXPR) takes a string literal as the name (the
;;;     error type is then #t), and if EXPR returns a procedure calls it;
;;;     so does (test-error TYPE EXPR) when TYPE's value is a string;
;;;   (test-expect-fail COUNT "REASON") marks the next COUNT cases, with
;;;     REASON as their result's expected-fail-reason.
;;; An error that escapes the body of a test-group is reported as one
;;; failing case, named "NAME: an error escaped", and the group ends.

;;; Code:

;; ------------------------------------------------------------------
;; Test runners.

(define-record-type test-runner
  (make-test-runner pass fail xpass xfail skip groups frames
                    skip-list fail-list run-list name alist aux installed?
                    on-test-begin on-test-end on-group-begin on-group-end
                    on-final on-bad-count on-bad-end-name)
  runner?
  (pass runner-pass set-test-runner-pass-count!)
  (fail runner-fail set-test-runner-fail-count!)
  (xpass runner-xpass set-test-runner-xpass-count!)
  (xfail runner-xfail set-test-runner-xfail-count!)
  (skip runner-skip set-test-runner-skip-count!)
  (groups runner-groups set-test-runner-groups!)
  (frames runner-frames set-runner-frames!)
  (skip-list runner-skip-list set-runner-skip-list!)
  (fail-list runner-fail-list set-runner-fail-list!)
  (run-list runner-run-list set-runner-run-list!)
  (name runner-name set-runner-name!)
  (alist runner-alist set-runner-alist!)
  (aux runner-aux set-runner-aux!)
  (installed? runner-installed? set-runner-installed!)
  (on-test-begin runner-on-test-begin set-runner-on-test-begin!)
  (on-test-end runner-on-test-end set-runner-on-test-end!)
  (on-group-begin runner-on-group-begin set-runner-on-group-begin!)
  (on-group-end runner-on-group-end set-runner-on-group-end!)
  (on-final runner-on-final set-runner-on-final!)
  (on-bad-count runner-on-bad-count set-runner-on-bad-count!)
  (on-bad-end-name runner-on-bad-end-name set-runner-on-bad-end-name!))

(define (check-runner who obj)
  (if (not (test-runner? obj))
      (error (string-append (symbol->string who)
                            ": wrong type argument (expected test runner)")
             obj)))

;; The exported accessors are procedures of their own, for their
;; docstrings.
(define (test-runner? obj)
  "Return #t if OBJ is a test runner, else #f."
  (runner? obj))

;; A count's accessor, checking its argument (RUNNER from the use, so
;; that describe shows the parameter's name).
(define-syntax define-count
  (syntax-rules ()
    ((_ (name runner) ref doc)
     (define (name runner)
       doc
       (check-runner 'name runner)
       (ref runner)))))

(define-count (test-runner-pass-count runner) runner-pass
  "Return the number of test cases of RUNNER that passed as
expected.  An error if RUNNER is not a test runner.")

(define-count (test-runner-fail-count runner) runner-fail
  "Return the number of test cases of RUNNER that failed and were
not expected to.  An error if RUNNER is not a test runner.")

(define-count (test-runner-xpass-count runner) runner-xpass
  "Return the number of test cases of RUNNER that passed though
expected to fail.  An error if RUNNER is not a test runner.")

(define-count (test-runner-xfail-count runner) runner-xfail
  "Return the number of test cases of RUNNER that failed as
expected.  An error if RUNNER is not a test runner.")

(define-count (test-runner-skip-count runner) runner-skip
  "Return the number of test cases of RUNNER that were skipped.  An
error if RUNNER is not a test runner.")

(define (test-runner-group-stack runner)
  "Return the names of the open groups of RUNNER, innermost first.  An
error if RUNNER is not a test runner."
  (check-runner 'test-runner-group-stack runner)
  (runner-groups runner))

(define (check-procedure who obj)
  (if (not (procedure? obj))
      (error (string-append (symbol->string who)
                            ": wrong type argument (expected procedure)")
             obj)))

(define (check-name who obj)
  (if (not (string? obj))
      (error (string-append (symbol->string who)
                            ": wrong type argument (expected a string name)")
             obj)))

;; A group's frame: the count test-begin was given (or #f), the cases
;; run in it so far (a nested group counts as one), and the skip and
;; expected-failure specifiers in force when it began.
(define (make-frame count skips fails) (vector count 0 skips fails))
(define (frame-count f) (vector-ref f 0))
(define (frame-executed f) (vector-ref f 1))
(define (frame-skips f) (vector-ref f 2))
(define (frame-fails f) (vector-ref f 3))
(define (frame-bump! f) (vector-set! f 1 (+ (vector-ref f 1) 1)))

(define (ignore . args) (if #f #f))

(define (test-runner-null)
  "Return a new test runner whose callbacks do nothing; it still keeps
the counts, the group stack and the results."
  (let ((r (make-test-runner 0 0 0 0 0 '() '() '() '() #f "" '() #f #f
                             ignore ignore ignore ignore ignore ignore
                             ignore)))
    r))

(define (test-runner-reset runner)
  "Bring RUNNER back to the state of a new runner: counts zero, no group
open, no specifiers, no result.  Its callbacks and aux value stay."
  (check-runner 'test-runner-reset runner)
  (set-test-runner-pass-count! runner 0)
  (set-test-runner-fail-count! runner 0)
  (set-test-runner-xpass-count! runner 0)
  (set-test-runner-xfail-count! runner 0)
  (set-test-runner-skip-count! runner 0)
  (set-test-runner-groups! runner '())
  (set-runner-frames! runner '())
  (set-runner-skip-list! runner '())
  (set-runner-fail-list! runner '())
  (set-runner-run-list! runner #f)
  (set-runner-name! runner "")
  (set-runner-alist! runner '())
  (set-runner-installed! runner #f))

(define (test-runner-group-path runner)
  "The names of the open groups of RUNNER, outermost first."
  (check-runner 'test-runner-group-path runner)
  (reverse (test-runner-group-stack runner)))

(define (test-runner-test-name runner)
  "The name of the current test case or group of RUNNER (\"\" if it has
none)."
  (check-runner 'test-runner-test-name runner)
  (runner-name runner))

(define (test-runner-aux-value runner)
  "The aux value of RUNNER, free for a custom runner's own state."
  (check-runner 'test-runner-aux-value runner)
  (runner-aux runner))

(define (test-runner-aux-value! runner value)
  "Set the aux value of RUNNER to VALUE."
  (check-runner 'test-runner-aux-value! runner)
  (set-runner-aux! runner value))

;; The callbacks' getters and setters, defined alike.
(define-syntax define-callback
  (syntax-rules ()
    ;; RUNNER and PROC come from the use, so that the procedures'
    ;; parameters are named as written (describe shows them).
    ((_ (getter runner) (setter proc) ref set getter-doc setter-doc)
     (begin
       (define (getter runner)
         getter-doc
         (check-runner 'getter runner)
         (ref runner))
       (define (setter runner proc)
         setter-doc
         (check-runner 'setter runner)
         (check-procedure 'setter proc)
         (set runner proc))))))

(define-callback (test-runner-on-test-begin runner)
  (test-runner-on-test-begin! proc)
  runner-on-test-begin set-runner-on-test-begin!
  "Return the procedure that RUNNER calls as (PROC RUNNER) at the
start of each test case, once its name and result alist are set
(result-kind skip or xfail if a specifier says so).  An error if
RUNNER is not a test runner."
  "Make RUNNER call PROC as (PROC RUNNER) at the start of each test
case, once its name and result alist are set (result-kind skip or
xfail if a specifier says so).  An error if RUNNER is not a test
runner or PROC not a procedure.")
(define-callback (test-runner-on-test-end runner)
  (test-runner-on-test-end! proc)
  runner-on-test-end set-runner-on-test-end!
  "Return the procedure that RUNNER calls as (PROC RUNNER) at the
end of each test case, when its result kind is known.  An error if
RUNNER is not a test runner."
  "Make RUNNER call PROC as (PROC RUNNER) at the end of each test
case, when its result kind is known.  An error if RUNNER is not a
test runner or PROC not a procedure.")
(define-callback (test-runner-on-group-begin runner)
  (test-runner-on-group-begin! proc)
  runner-on-group-begin set-runner-on-group-begin!
  "Return the procedure that RUNNER calls as (PROC RUNNER SUITE-NAME
COUNT) when a group begins, COUNT the number of cases test-begin
announced or #f.  An error if RUNNER is not a test runner."
  "Make RUNNER call PROC as (PROC RUNNER SUITE-NAME COUNT) when a
group begins, COUNT the number of cases test-begin announced or #f.
An error if RUNNER is not a test runner or PROC not a procedure.")
(define-callback (test-runner-on-group-end runner)
  (test-runner-on-group-end! proc)
  runner-on-group-end set-runner-on-group-end!
  "Return the procedure that RUNNER calls as (PROC RUNNER) when a
group ends, before it is left.  An error if RUNNER is not a test
runner."
  "Make RUNNER call PROC as (PROC RUNNER) when a group ends, before
it is left.  An error if RUNNER is not a test runner or PROC not a
procedure.")
(define-callback (test-runner-on-final runner)
  (test-runner-on-final! proc)
  runner-on-final set-runner-on-final!
  "Return the procedure that RUNNER calls as (PROC RUNNER) when the
outermost group ends.  An error if RUNNER is not a test runner."
  "Make RUNNER call PROC as (PROC RUNNER) when the outermost group
ends.  An error if RUNNER is not a test runner or PROC not a
procedure.")
(define-callback (test-runner-on-bad-count runner)
  (test-runner-on-bad-count! proc)
  runner-on-bad-count set-runner-on-bad-count!
  "Return the procedure that RUNNER calls as (PROC RUNNER ACTUAL-
COUNT EXPECTED-COUNT) when a group ends having run another number of
cases than test-begin announced.  An error if RUNNER is not a test
runner."
  "Make RUNNER call PROC as (PROC RUNNER ACTUAL-COUNT EXPECTED-
COUNT) when a group ends having run another number of cases than
test-begin announced.  An error if RUNNER is not a test runner or
PROC not a procedure.")
(define-callback (test-runner-on-bad-end-name runner)
  (test-runner-on-bad-end-name! proc)
  runner-on-bad-end-name set-runner-on-bad-end-name!
  "Return the procedure that RUNNER calls as (PROC RUNNER BEGIN-NAME
END-NAME) when test-end names another group than the innermost open
one.  An error if RUNNER is not a test runner."
  "Make RUNNER call PROC as (PROC RUNNER BEGIN-NAME END-NAME) when
test-end names another group than the innermost open one.  An error
if RUNNER is not a test runner or PROC not a procedure.")

;; ------------------------------------------------------------------
;; The current runner and the factory.

(define current-runner #f)

(define (test-runner-current . runner)
  "With no argument, return the current test runner (#f if there is
none); with one, a runner or #f, make it the current one."
  (cond ((null? runner) current-runner)
        ((not (null? (cdr runner)))
         (error "test-runner-current: too many arguments" runner))
        (else
         (if (car runner) (check-runner 'test-runner-current (car runner)))
         (set! current-runner (car runner)))))

(define (test-runner-get)
  "Return the current test runner; raise an error if there is none."
  (or current-runner
      (error "test-runner-get: no test runner is active (no test-begin)")))

(define (runner-for who)
  ;; The current runner, for WHO, which needs one.
  (or current-runner
      (error (string-append (symbol->string who)
                            ": no test runner is active (no test-begin)"))))

(define (test-with-runner* runner thunk)
  (check-runner 'test-with-runner runner)
  (let ((saved #f))
    (dynamic-wind
      (lambda ()
        (set! saved current-runner)
        (set! current-runner runner))
      thunk
      (lambda ()
        (set! current-runner saved)))))

(define-syntax test-with-runner
  (syntax-rules ()
    ((_ runner body ...)
     (test-with-runner* runner (lambda () body ...)))))

;; test-runner-simple is defined below; the factory starts as it.
(define runner-factory #f)

(define (test-runner-factory . factory)
  "With no argument, return the procedure that test-runner-create calls
to make a runner (initially test-runner-simple); with one, set it."
  (cond ((null? factory) (or runner-factory test-runner-simple))
        ((not (null? (cdr factory)))
         (error "test-runner-factory: too many arguments" factory))
        (else
         (check-procedure 'test-runner-factory (car factory))
         (set! runner-factory (car factory)))))

(define (test-runner-create)
  "Return a new runner made by the current factory."
  (let ((r ((test-runner-factory))))
    (if (not (test-runner? r))
        (error "test-runner-create: the factory did not return a test runner"
               r))
    r))

;; ------------------------------------------------------------------
;; Results.

(define (test-result-alist runner)
  "The result properties of RUNNER's current or last test, an alist.
Later changes to the result do not change a list returned earlier."
  (check-runner 'test-result-alist runner)
  (runner-alist runner))

(define (test-result-ref runner name . default)
  "The value of the result property NAME (a symbol) of RUNNER, or
DEFAULT (#f if not given) if there is none."
  (check-runner 'test-result-ref runner)
  (let ((p (assq name (runner-alist runner))))
    (cond (p (cdr p))
          ((pair? default) (car default))
          (else #f))))

(define (alist-without alist name)
  (let loop ((a alist) (acc '()))
    (cond ((null? a) (reverse acc))
          ((eq? (car (car a)) name) (loop (cdr a) acc))
          (else (loop (cdr a) (cons (car a) acc))))))

(define (test-result-set! runner name value)
  "Set the result property NAME of RUNNER to VALUE."
  (check-runner 'test-result-set! runner)
  (if (not (symbol? name))
      (error "test-result-set!: wrong type argument (expected symbol)" name))
  (set-runner-alist! runner
                     (if (assq name (runner-alist runner))
                         (map (lambda (p)
                                (if (eq? (car p) name) (cons name value) p))
                              (runner-alist runner))
                         (append (runner-alist runner)
                                 (list (cons name value))))))

(define (test-result-remove runner name)
  "Remove the result property NAME of RUNNER, if it has one."
  (check-runner 'test-result-remove runner)
  (set-runner-alist! runner (alist-without (runner-alist runner) name)))

(define (test-result-clear runner)
  "Remove every result property of RUNNER."
  (check-runner 'test-result-clear runner)
  (set-runner-alist! runner '()))

(define (test-result-kind . runner)
  "The result kind of the current or last test of RUNNER (by default the
current runner): pass, fail, xpass, xfail or skip, or #f."
  (let ((r (if (pair? runner) (car runner) (test-runner-get))))
    (check-runner 'test-result-kind r)
    (test-result-ref r 'result-kind)))

(define (test-passed? . runner)
  "#t if the current or last test of RUNNER (by default the current
runner) passed, expectedly or not."
  (let ((r (if (pair? runner) (car runner) (test-runner-get))))
    (check-runner 'test-passed? r)
    (and (memq (test-result-ref r 'result-kind) '(pass xpass)) #t)))

;; ------------------------------------------------------------------
;; Specifiers.

(define (check-count who n)
  (if (not (and (integer? n) (exact? n) (>= n 0)))
      (error (string-append (symbol->string who)
                            ": wrong type argument (expected a count)")
             n)))

(define (test-match-name name)
  "A specifier matching a test (or group) named NAME."
  (lambda (runner) (equal? name (test-runner-test-name runner))))

(define (test-match-nth n . count)
  "A specifier matching the Nth time it is asked (1 is the first) and the
COUNT - 1 times after that (COUNT defaults to 1)."
  (let ((count (if (pair? count) (car count) 1))
        (i 0))
    (check-count 'test-match-nth n)
    (check-count 'test-match-nth count)
    (lambda (runner)
      (set! i (+ i 1))
      (and (>= i n) (< i (+ n count))))))

(define (as-specifier who spec)
  ;; A predicate on runners for the specifier SPEC.
  (cond ((procedure? spec) spec)
        ((string? spec) (test-match-name spec))
        ((and (integer? spec) (exact? spec) (>= spec 0))
         (test-match-nth 1 spec))
        (else
         (error (string-append
                 (symbol->string who)
                 ": wrong type argument (expected a specifier: a string, a count or a procedure)")
                spec))))

;; Every specifier is asked, even after one has answered, so that the
;; counters of test-match-nth stay in step.
(define (ask-all preds runner)
  (map (lambda (p) (if (p runner) #t #f)) preds))

(define (test-match-any . specs)
  "A specifier matching when one of SPECS matches."
  (let ((preds (map (lambda (s) (as-specifier 'test-match-any s)) specs)))
    (lambda (runner) (and (memq #t (ask-all preds runner)) #t))))

(define (test-match-all . specs)
  "A specifier matching when every one of SPECS matches."
  (let ((preds (map (lambda (s) (as-specifier 'test-match-all s)) specs)))
    (lambda (runner) (not (memq #f (ask-all preds runner))))))

(define (combine who specs)
  (if (and (pair? specs) (null? (cdr specs)))
      (as-specifier who (car specs))
      (apply test-match-all specs)))

(define (test-skip . specs)
  "Skip, until the end of the current group, the tests and groups that
match every one of SPECS."
  (let ((r (runner-for 'test-skip)))
    (set-runner-skip-list! r (cons (combine 'test-skip specs)
                                   (runner-skip-list r)))))

(define (test-expect-fail . specs)
  "Expect, until the end of the current group, the tests that match every
one of SPECS to fail.  (test-expect-fail COUNT \"REASON\") marks the next
COUNT tests and gives REASON as their expected-fail-reason."
  (let ((r (runner-for 'test-expect-fail)))
    (set-runner-fail-list!
     r (cons (if (and (= (length specs) 2) (integer? (car specs))
                      (string? (cadr specs)))
                 (cons (as-specifier 'test-expect-fail (car specs))
                       (cadr specs))
                 (cons (combine 'test-expect-fail specs) #f))
             (runner-fail-list r)))))

;; ------------------------------------------------------------------
;; Running one test case.

(define (props pos form)
  ;; The source properties of a case: POS is #(FILE LINE COLUMN) or #f.
  (append (if (and (vector? pos) (vector-ref pos 0))
              (list (cons 'source-file (vector-ref pos 0)))
              '())
          (if (vector? pos)
              (list (cons 'source-line (vector-ref pos 1)))
              '())
          (list (cons 'source-form form))))

(define (start-case r name alist)
  ;; Begin the case NAME (or #f) in R: its result is ALIST and its kind
  ;; what the specifiers say; call on-test-begin.  Return 'skip if it is
  ;; not to run, else #t.
  (set-runner-name! r (or name ""))
  (set-runner-alist! r (if name (cons (cons 'test-name name) alist) alist))
  (let* ((run (runner-run-list r))
         (selected (or (not run) (memq #t (ask-all run r))))
         (skipped (memq #t (ask-all (runner-skip-list r) r))))
    (cond ((or (not selected) skipped)
           (test-result-set! r 'result-kind 'skip))
          (else
           (let loop ((fails (runner-fail-list r)) (mark #f))
             (if (pair? fails)
                 (loop (cdr fails)
                       (if ((car (car fails)) r)
                           (or mark (car fails))
                           mark))
                 (if mark
                     (begin
                       (test-result-set! r 'result-kind 'xfail)
                       (if (cdr mark)
                           (test-result-set! r 'expected-fail-reason
                                             (cdr mark)))))))))
    ((runner-on-test-begin r) r)
    (if (eq? (test-result-ref r 'result-kind) 'skip) 'skip #t)))

(define (bump-group! r)
  (if (pair? (runner-frames r))
      (frame-bump! (car (runner-frames r)))))

(define (finish-case r pass?)
  ;; End the current case of R, which passed if PASS?: set its kind,
  ;; count it and call on-test-end.  Return whether it passed.
  (let ((kind (case (test-result-ref r 'result-kind)
                ((skip) 'skip)
                ((xfail) (if pass? 'xpass 'xfail))
                (else (if pass? 'pass 'fail)))))
    (test-result-set! r 'result-kind kind)
    (case kind
      ((pass) (set-test-runner-pass-count! r (+ 1 (test-runner-pass-count r))))
      ((fail) (set-test-runner-fail-count! r (+ 1 (test-runner-fail-count r))))
      ((xpass)
       (set-test-runner-xpass-count! r (+ 1 (test-runner-xpass-count r))))
      ((xfail)
       (set-test-runner-xfail-count! r (+ 1 (test-runner-xfail-count r))))
      ((skip) (set-test-runner-skip-count! r (+ 1 (test-runner-skip-count r)))))
    (bump-group! r)
    ((runner-on-test-end r) r)
    (and (memq kind '(pass xpass)) #t)))

(define (run-case who name alist body)
  ;; Run a test case of the form WHO named NAME (#f if none), with source
  ;; properties ALIST; BODY, given the runner, returns whether the case
  ;; passed.  An error in BODY fails the case; its result's actual-error
  ;; is the raised object.
  (let ((r (runner-for who)))
    (if name (check-name who name))
    (if (eq? (start-case r name alist) 'skip)
        (finish-case r #f)
        (finish-case r (guard (e (#t (test-result-set! r 'actual-error e)
                                     #f))
                         (body r))))))

(define (compare-case who name pos form same? expected-thunk thunk)
  (run-case who name (props pos form)
            (lambda (r)
              (let ((expected (expected-thunk)))
                (test-result-set! r 'expected-value expected)
                (let ((actual (thunk)))
                  (test-result-set! r 'actual-value actual)
                  (if (same? expected actual) #t #f))))))

(define (assert-case name pos form thunk)
  (run-case 'test-assert name (props pos form)
            (lambda (r)
              (let ((v (thunk)))
                (test-result-set! r 'actual-value v)
                (if v #t #f)))))

(define (approximate-case name pos form expected-thunk thunk error-thunk)
  (run-case 'test-approximate name (props pos form)
            (lambda (r)
              (let* ((expected (expected-thunk))
                     (err (begin (test-result-set! r 'expected-value expected)
                                 (error-thunk))))
                (let ((actual (thunk)))
                  (test-result-set! r 'actual-value actual)
                  (and (>= actual (- expected err))
                       (<= actual (+ expected err))))))))

(define (error-matches? type e)
  (cond ((eq? type #t) #t)
        ((procedure? type) (if (type e) #t #f))
        ((symbol? type)
         (and (error-object? e) (eq? (condition-kind e) type)))
        (else
         (error "test-error: wrong type argument (expected #t, a predicate or a symbol)"
                type))))

(define (raise-check r type thunk call-result?)
  ;; Whether THUNK raises an object that ERROR-TYPE accepts; if
  ;; CALL-RESULT? and THUNK returns a procedure, that procedure is
  ;; called in turn.
  (test-result-set! r 'expected-error type)
  (let* ((nothing (list 'nothing))
         (e (guard (e (#t e))
              (let* ((v (thunk))
                     (v (if (and call-result? (procedure? v)) (v) v)))
                (test-result-set! r 'actual-value v)
                nothing))))
    (and (not (eq? e nothing))
         (begin
           (test-result-set! r 'actual-error e)
           (error-matches? type e)))))

(define (error-case name pos form type-thunk thunk call-result?)
  (if (and (not name) (not call-result?))
      ;; (test-error TYPE EXPR) where TYPE is a string: the old shape
      ;; (test-error NAME THUNK), with a name that is not a literal.
      (let ((type (type-thunk)))
        (if (string? type)
            (error-case-run type pos form (lambda () #t) thunk #t)
            (error-case-run #f pos form (lambda () type) thunk #f)))
      (error-case-run name pos form type-thunk thunk call-result?)))

(define (error-case-run name pos form type-thunk thunk call-result?)
  (run-case 'test-error name (props pos form)
            (lambda (r) (raise-check r (type-thunk) thunk call-result?))))

;; The test-case syntax.  Each form K quotes the source position of
;; the whole form and the test expression.
(define-syntax test-assert
  (lambda (x)
    (syntax-case x ()
      ((k name expr)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(assert-case name 'pos 'expr (lambda () expr))))
      ((k expr)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(assert-case #f 'pos 'expr (lambda () expr)))))))

(define-syntax define-comparison
  (syntax-rules ()
    ((_ form same?)
     (define-syntax form
       (lambda (x)
         (syntax-case x ()
           ((k name expected expr)
            (with-syntax ((pos (datum->syntax #'k (source-position x))))
              #'(compare-case 'form name 'pos 'expr same?
                              (lambda () expected) (lambda () expr))))
           ((k expected expr)
            (with-syntax ((pos (datum->syntax #'k (source-position x))))
              #'(compare-case 'form #f 'pos 'expr same?
                              (lambda () expected) (lambda () expr))))))))))

(define-comparison test-equal equal?)
(define-comparison test-eqv eqv?)
(define-comparison test-eq eq?)

(define-syntax test-approximate
  (lambda (x)
    (syntax-case x ()
      ((k name expected expr err)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(approximate-case name 'pos 'expr (lambda () expected)
                             (lambda () expr) (lambda () err))))
      ((k expected expr err)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(approximate-case #f 'pos 'expr (lambda () expected)
                             (lambda () expr) (lambda () err)))))))

(define-syntax test-error
  (lambda (x)
    (syntax-case x ()
      ((k name type expr)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(error-case name 'pos 'expr (lambda () type) (lambda () expr) #f)))
      ((k name expr)
       (string? (syntax->datum #'name))
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(error-case name 'pos 'expr (lambda () #t) (lambda () expr) #t)))
      ((k type expr)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(error-case #f 'pos 'expr (lambda () type) (lambda () expr) #f)))
      ((k expr)
       (with-syntax ((pos (datum->syntax #'k (source-position x))))
         #'(error-case #f 'pos 'expr (lambda () #t) (lambda () expr) #f))))))

(define (test-read-eval-string string)
  "Read one datum from STRING, evaluate it and return its value; an
error if STRING holds no datum or more than one."
  (if (not (string? string))
      (error "test-read-eval-string: wrong type argument (expected string)"
             string))
  (let* ((port (open-input-string string))
         (form (read port)))
    (if (eof-object? form)
        (error "test-read-eval-string: no datum in the string" string))
    (if (not (eof-object? (read port)))
        (error "test-read-eval-string: more than one datum in the string"
               string))
    (eval form (interaction-environment))))

;; ------------------------------------------------------------------
;; Groups.

;; A runner that test-begin installs (a test file run as a script, with
;; no runner of its own) makes the program exit with status 1 after its
;; on-final if a case failed, so that a build sees the failure; not
;; while a REPL runs in the thread (a file loaded at the prompt).
(define (exit-on-failure! r)
  (let ((on-final (runner-on-final r)))
    (set-runner-on-final!
     r
     (lambda (r)
       (on-final r)
       (if (and (> (test-runner-fail-count r) 0) (not (%repl-running?)))
           (begin
             (flush-output-port)
             (exit 1)))))))

(define (test-begin name . count)
  "Begin the test group NAME (a string); COUNT, if given, is the number
of cases it must run (a nested group counts as one).  Without a current
runner, install one from the factory: the outermost test-end removes it."
  (check-name 'test-begin name)
  (if (pair? count)
      (begin
        (if (pair? (cdr count))
            (error "test-begin: too many arguments" count))
        (check-count 'test-begin (car count))))
  (let ((r current-runner)
        (count (if (pair? count) (car count) #f)))
    (if (not r)
        (begin
          (set! r (test-runner-create))
          (set-runner-installed! r #t)
          (exit-on-failure! r)
          (set! current-runner r)))
    (set-runner-frames! r (cons (make-frame count (runner-skip-list r)
                                            (runner-fail-list r))
                                (runner-frames r)))
    (set-test-runner-groups! r (cons name (test-runner-group-stack r)))
    (set-runner-name! r name)
    ((runner-on-group-begin r) r name count)))

(define (end-group r)
  ;; Leave the innermost group of R.
  (let* ((frame (car (runner-frames r)))
         (count (frame-count frame)))
    (if (and count (not (= count (frame-executed frame))))
        ((runner-on-bad-count r) r (frame-executed frame) count))
    ((runner-on-group-end r) r)
    (set-runner-frames! r (cdr (runner-frames r)))
    (set-test-runner-groups! r (cdr (test-runner-group-stack r)))
    (set-runner-skip-list! r (frame-skips frame))
    (set-runner-fail-list! r (frame-fails frame))
    (bump-group! r)
    (if (null? (runner-frames r))
        (begin
          ((runner-on-final r) r)
          (if (runner-installed? r)
              (begin
                (set-runner-installed! r #f)
                (if (eq? current-runner r) (set! current-runner #f))))))))

(define (test-end . name)
  "End the innermost group.  NAME, if given, must be its name: else the
runner's on-bad-end-name callback is called, and if NAME is that of an
outer group the groups inside it are left too."
  (let ((r current-runner))
    (if (or (not r) (null? (test-runner-group-stack r)))
        (apply error "test-end: no group is open" name))
    (if (pair? name)
        (let ((name (car name))
              (open (car (test-runner-group-stack r))))
          (if (not (equal? name open))
              (begin
                ((runner-on-bad-end-name r) r open name)
                (if (member name (test-runner-group-stack r))
                    (let loop ()
                      (if (not (equal? name (car (test-runner-group-stack r))))
                          (begin (end-group r) (loop)))))))))
    (end-group r)))

(define (report-escape r name e)
  ;; An error E escaped the body of the group NAME: one failing case.
  (set-runner-name! r (string-append name ": an error escaped"))
  (set-runner-alist! r (list (cons 'test-name (runner-name r))
                             (cons 'actual-error e)))
  ((runner-on-test-begin r) r)
  (finish-case r #f))

(define (run-group name thunk)
  ;; test-group's work: THUNK is the body.
  (check-name 'test-group name)
  (let ((r current-runner))
    (if (and r
             (begin
               (set-runner-name! r name)
               (set-runner-alist! r (list (cons 'test-name name)))
               (memq #t (ask-all (runner-skip-list r) r))))
        (begin
          (test-result-set! r 'result-kind 'skip)
          ((runner-on-test-begin r) r)
          (finish-case r #f))
        (let ((depth #f))
          (dynamic-wind
            (lambda ()
              (test-begin name)
              (set! depth (length (test-runner-group-stack current-runner))))
            (lambda ()
              (guard (e (#t (report-escape current-runner name e)))
                (thunk)))
            (lambda ()
              (let ((r current-runner))
                (let loop ()
                  (if (> (length (test-runner-group-stack r)) depth)
                      (begin (end-group r) (loop))))
                (test-end name))))))))

(define-syntax test-group
  (lambda (x)
    (syntax-case x (lambda)
      ((_ name (lambda () body ...))
       #'(run-group name (lambda () body ...)))
      ((_ name (lambda () body ...) more more* ...)
       ;; The thunk of the project's shape followed by more forms (a
       ;; parenthesis misplaced): as SRFI 64's body it would be made
       ;; and dropped, never called, and its cases would vanish.
       (error "test-group: a (lambda () ...) followed by more body forms \
is never called; make the thunk the group's only form"
              (syntax->datum #'name)))
      ((_ name)
       #'(run-group name (lambda () (if #f #f))))
      ((_ name body ...)
       #'(run-group name (lambda () body ...))))))

(define-syntax test-group-with-cleanup
  (syntax-rules ()
    ((_ name cleanup)
     (test-group name (dynamic-wind (lambda () #f)
                                    (lambda () (if #f #f))
                                    (lambda () cleanup))))
    ((_ name body ... cleanup)
     (test-group name (dynamic-wind (lambda () #f)
                                    (lambda () body ...)
                                    (lambda () cleanup))))))

(define (test-apply first . rest)
  "(test-apply [RUNNER] SPECIFIER ... PROCEDURE): call PROCEDURE with RUNNER
(by default the current runner, or a new one) as the current runner,
running only the tests that match one of the SPECIFIERs (if any)."
  (let* ((runner (and (test-runner? first) first))
         (args (if runner rest (cons first rest))))
    (if (null? args)
        (error "test-apply: no procedure to call"))
    (let* ((rev (reverse args))
           (proc (car rev))
           (specs (reverse (cdr rev)))
           (r (or runner current-runner (test-runner-create)))
           (run (if (null? specs)
                    #f
                    (list (apply test-match-any specs))))
           (saved-run #f)
           (saved-current #f))
      (check-procedure 'test-apply proc)
      (dynamic-wind
        (lambda ()
          (set! saved-current current-runner)
          (set! saved-run (runner-run-list r))
          (set! current-runner r)
          (if run (set-runner-run-list! r run)))
        proc
        (lambda ()
          (set-runner-run-list! r saved-run)
          (set! current-runner saved-current))))))

;; ------------------------------------------------------------------
;; The simple runner: failures and a summary on the current output port.

(define (show . things)
  (for-each display things))

(define (test-on-test-begin-simple runner)
  "The simple runner's on-test-begin: nothing."
  (if #f #f))

(define (case-where runner)
  (let ((file (test-result-ref runner 'source-file))
        (line (test-result-ref runner 'source-line)))
    (cond ((and file line) (string-append file ":" (number->string line) ": "))
          (line (string-append "line " (number->string line) ": "))
          (else ""))))

(define (test-on-test-end-simple runner)
  "The simple runner's on-test-end: a line for each failure or
unexpected pass, with what was expected and what came."
  (let ((kind (test-result-kind runner)))
    (if (memq kind '(fail xpass))
        (begin
          (show (case-where runner)
                (if (eq? kind 'fail) "FAIL" "XPASS")
                " " (test-runner-test-name runner) "\n")
          (for-each
           (lambda (p)
             (let ((v (assq (car p) (test-result-alist runner))))
               (if v
                   (begin
                     (show "  " (cdr p) ": ")
                     (if (eq? (car p) 'actual-error)
                         (display (condition-message (cdr v)))
                         (write (cdr v)))
                     (newline)))))
           '((source-form . "form") (expected-value . "expected")
             (expected-error . "expected error") (actual-value . "actual")
             (actual-error . "raised")))))))

(define (test-on-group-begin-simple runner name count)
  "The simple runner's on-group-begin: announce the group."
  (show "Test group " name "\n"))

(define (test-on-group-end-simple runner)
  "The simple runner's on-group-end: nothing."
  (if #f #f))

(define (test-on-bad-count-simple runner count expected)
  "The simple runner's on-bad-count: say how many cases ran."
  (show "*** group " (car (test-runner-group-stack runner)) ": "
        count " test cases ran, " expected " were expected\n"))

(define (test-on-bad-end-name-simple runner begin-name end-name)
  "The simple runner's on-bad-end-name: raise an error."
  (error "test-end: the name does not match the open group's"
         end-name begin-name))

(define (test-on-final-simple runner)
  "The simple runner's on-final: the counts that are not zero."
  (for-each
   (lambda (p)
     (let ((n ((car p) runner)))
       (if (> n 0) (show "# of " (cdr p) ": " n "\n"))))
   (list (cons test-runner-pass-count "expected passes")
         (cons test-runner-xfail-count "expected failures")
         (cons test-runner-xpass-count "unexpected passes")
         (cons test-runner-fail-count "unexpected failures")
         (cons test-runner-skip-count "skipped tests"))))

(define (test-runner-simple)
  "Return a new runner that prints failures and a summary on the current
output port."
  (let ((r (test-runner-null)))
    (set-runner-on-test-begin! r test-on-test-begin-simple)
    (set-runner-on-test-end! r test-on-test-end-simple)
    (set-runner-on-group-begin! r test-on-group-begin-simple)
    (set-runner-on-group-end! r test-on-group-end-simple)
    (set-runner-on-final! r test-on-final-simple)
    (set-runner-on-bad-count! r test-on-bad-count-simple)
    (set-runner-on-bad-end-name! r test-on-bad-end-name-simple)
    r))

;;; 64-impl.scm ends here
