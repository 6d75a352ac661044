;;; srfi-64-example.scm -- a portable SRFI 64 test file, as a third party writes one
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Only what SRFI 64 and R7RS define: no harness extras, no libscm
;;; names.  It runs unchanged under the harness's TAP runner (make
;;; check) and under (srfi 64)'s default simple runner.

(import (scheme base) (srfi 64))

(test-begin "stack")

(define (make-stack) (list 'stack))
(define (stack-empty? s) (null? (cdr s)))
(define (stack-push! s x) (set-cdr! s (cons x (cdr s))))
(define (stack-pop! s)
  (if (stack-empty? s)
      (error "stack-pop!: empty stack" s)
      (let ((x (cadr s)))
        (set-cdr! s (cddr s))
        x)))

(define s (make-stack))
(test-assert (stack-empty? s))
(stack-push! s 1)
(stack-push! s 2)
(test-assert "not empty after a push" (not (stack-empty? s)))
(test-eqv 2 (stack-pop! s))
(test-eqv "last in, first out" 1 (stack-pop! s))
(test-error (stack-pop! s))
(test-error "popping an empty stack" #t (stack-pop! s))

(test-group "many"
  (define big (make-stack))
  (do ((i 0 (+ i 1))) ((= i 100)) (stack-push! big i))
  (test-equal "the top three" '(99 98 97)
              (list (stack-pop! big) (stack-pop! big) (stack-pop! big)))
  (test-approximate "the mean of what is left" 48.0
                    (let loop ((n 0) (sum 0))
                      (if (stack-empty? big)
                          (/ sum n)
                          (loop (+ n 1) (+ sum (stack-pop! big)))))
                    0.5))

(test-group-with-cleanup "with cleanup"
  (stack-push! s 'temporary)
  (test-eq 'temporary (cadr s))
  (set-cdr! s '()))
(test-assert "the cleanup emptied the stack" (stack-empty? s))

(test-begin "strings" 3)
(test-equal "abc" (string-append "a" "bc"))
(test-skip 1)
(test-equal "this case is skipped" "x" (string-append))
(test-expect-fail 1)
(test-equal "a known failure" "ab" (string-append "b" "a"))
(test-end "strings")

(test-end "stack")
