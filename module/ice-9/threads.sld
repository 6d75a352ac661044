;;; (ice-9 threads) -- Guile's threads, mutexes and condition variables
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; The primitives are libscm's (threads.c): call-with-new-thread,
;;; join-thread, thread?, thread-exited?, make-mutex,
;;; make-recursive-mutex, mutex?, lock-mutex, try-mutex, unlock-mutex,
;;; make-condition-variable, condition-variable?,
;;; wait-condition-variable, signal-condition-variable,
;;; broadcast-condition-variable.  This library adds Guile's
;;; with-mutex, begin-thread and make-thread on them.  A thread starts
;;; with its parent's parameters; what one thread parameterizes the
;;; other does not see.
;;;
;;; Code:

(define-library (ice-9 threads)
  (import (libscm))
  (export call-with-new-thread join-thread thread? thread-exited?
          make-mutex make-recursive-mutex mutex? lock-mutex try-mutex
          unlock-mutex make-condition-variable condition-variable?
          wait-condition-variable signal-condition-variable
          broadcast-condition-variable
          with-mutex begin-thread make-thread)
  (begin

    ;; (with-mutex MUTEX BODY ...): BODY with MUTEX held, released
    ;; however BODY is left.
    (define-syntax with-mutex
      (syntax-rules ()
        ((_ m body ...)
         (let ((mutex m))
           (dynamic-wind
             (lambda () (lock-mutex mutex))
             (lambda () body ...)
             (lambda () (unlock-mutex mutex)))))))

    ;; (begin-thread BODY ...): BODY in a new thread; the thread.
    (define-syntax begin-thread
      (syntax-rules ()
        ((_ body ...) (call-with-new-thread (lambda () body ...)))))

    ;; (make-thread PROC ARG ...): (PROC ARG ...) in a new thread.
    (define (make-thread proc . args)
      "Start a new thread that calls (PROC ARG ...) and return it, as
call-with-new-thread does; join-thread returns PROC's value."
      (call-with-new-thread (lambda () (apply proc args))))))
