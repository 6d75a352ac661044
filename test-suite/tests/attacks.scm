;;; attacks.scm -- hostile scripts: what a program must not reach or change
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Each group is an attack of issue 37 ("Instances that cannot be
;;; escaped") written as a script would try it, and asserts that it
;;; fails with a catchable error and leaves the shared state as it was.
;;; What needs several instances or a host is test-suite/c/test-attacks.c.
;;; Before the fix the first group crashed the process (a segfault or
;;; an abort), and the second and third changed every instance's
;;; (scheme base) and (libscm).

;;; Code:

(define (unbound-here? name)
  ;; NAME cannot be evaluated in the program's environment.
  (guard (e (#t (and (error-object? e)
                     (string-contains? (condition-message e) "unbound"))))
    (eval name (interaction-environment))
    #f))

(define (percent-names names)
  ;; The `%' variables among NAMES (the core's syntax left out).
  (let loop ((l names) (acc '()))
    (cond ((null? l) acc)
          ((and (char=? #\% (string-ref (symbol->string (car l)) 0))
                (module-variable (resolve-module '(libscm)) (car l)))
           (loop (cdr l) (cons (car l) acc)))
          (else (loop (cdr l) acc)))))

(define (symbol<? a b) (string<? (symbol->string a) (symbol->string b)))

(test-begin "attacks")

(test-group "the VM's internals are no bindings (item 4)"
  (lambda ()
    ;; Each of these crashed the process with one line of Scheme.
    (for-each
     (lambda (name)
       (test-assert (string-append (symbol->string name) " is unbound")
                    (unbound-here? name)))
     '(%wind-to %common-winders %set-parameterization! %set-winders!
       %winders %push-winder! %pop-winder! %run-c-winder %run-winder-thunk
       %parameterization %set-exception-handlers! %exception-handlers
       %continue %charge-stack! %fluid-ref %apply-list %check-lists
       %raise-to-top %set-promise-box! %hash-table-set!))
    (test-error-contains "module-ref of the core does not find them"
                         '("unbound variable in module" "%wind-to")
                         (lambda ()
                           (module-ref (resolve-module '(libscm)) '%wind-to)))
    (test-equal "module-variable of the core: #f" #f
                (module-variable (resolve-module '(libscm)) '%set-winders!))
    (test-error-contains "@@ does not find them"
                         '("no such variable" "%winders")
                         (lambda ()
                           (eval '(@@ (libscm) %winders)
                                 (interaction-environment))))
    (test-error-contains "an import of one by name fails"
                         '("does not provide" "%set-winders!")
                         (lambda ()
                           (eval '(import (only (libscm) %set-winders!))
                                 (interaction-environment))))
    (test-assert "an environment of (libscm) has none of them"
                 (guard (e (#t #t))
                   (eval '%wind-to (environment '(libscm)))
                   #f))
    (test-equal "a built-in library's copy is hidden as well" #f
                (module-variable (resolve-module '(libscm hash-tables))
                                 '%hash-table-set!))
    (test-equal "the `%' names left are those that check their arguments"
                '(%errno-name %load-path %macro-documentation %make-record
                  %module-bound-names %mutable-environment %pipe-port-pid
                  %read-line %record-field %record-ref %record-set! %record?
                  %syntax-match %vm-stack-size)
                (sort (percent-names
                       (module-exports (resolve-module '(libscm))))
                      symbol<?))
    (test-equal "a program may define a `%' name of its own" 7
                (begin
                  (eval '(define (%wind-to x) (+ x 2)) (interaction-environment))
                  (eval '(%wind-to 5) (interaction-environment))))
    (test-equal "an escape still unwinds" 'out
                (let ((state 'in))
                  (call/cc (lambda (k)
                             (dynamic-wind (lambda () #f) (lambda () (k 1))
                                           (lambda () (set! state 'out)))))
                  state))
    (test-equal "parameterize still works" 2
                (let ((p (make-parameter 1)))
                  (parameterize ((p 2)) (p))))))

(test-group "built-in libraries still reach the internals they use"
  (lambda ()
    (test-equal "(srfi 69) hash tables" 2
                (eval '(let ((h (make-hash-table)))
                         (hash-table-set! h 'a 2)
                         (hash-table-ref h 'a))
                      (environment '(scheme base) '(srfi 69))))
    (test-equal "(ice-9 rdelim)'s %read-line" '("ab" . #\newline)
                (eval '(%read-line (open-input-string "ab\ncd"))
                      (environment '(scheme base) '(only (ice-9 rdelim) %read-line))))
    (test-equal "(ice-9 match)" 3
                (eval '(match '(1 2) ((a b) (+ a b)))
                      (environment '(scheme base) '(ice-9 match))))))

(test-group "a library from a file is a program"
  (lambda ()
    (load (test-write-file "attacks-evil.sld"
                           "(define-library (attacks evil)
                              (import (libscm))
                              (export grab)
                              (begin (define (grab) %winders)))"))
    (test-error-contains "its reference to an internal is unbound"
                         '("unbound" "%winders")
                         (lambda ()
                           ((module-ref (resolve-module '(attacks evil))
                                        'grab))))))

(test-group "shared libraries are immutable (item 1)"
  (lambda ()
    (let ((base (resolve-module '(scheme base)))
          (original string-append))
      (test-error-contains "module-define! into (scheme base)"
                           '("immutable" "(scheme base)")
                           (lambda ()
                             (module-define! base 'string-append
                                             (lambda args "pwned"))))
      (test-error-contains "module-export! from (scheme base)"
                           '("immutable" "(scheme base)")
                           (lambda () (module-export! base '(pwned))))
      (test-error-contains "variable-set! of a (scheme base) variable"
                           '("cannot assign" "every instance shares")
                           (lambda ()
                             (variable-set! (module-variable base 'string-append)
                                            (lambda args "pwned"))))
      (test-error-contains "define in (scheme base) by eval"
                           '("immutable")
                           (lambda ()
                             (eval '(define string-append 5) base)))
      (test-eq "its string-append is the same" original
               (module-ref base 'string-append))
      (test-equal "and works" "secret-token"
                  (eval '(string-append "secret-" "token")
                        (environment '(scheme base)))))))

(test-group "the core is immutable (item 2)"
  (lambda ()
    (let ((core (resolve-module '(libscm)))
          (original car))
      (test-error-contains "variable-set! of a core variable"
                           '("cannot assign" "every instance shares")
                           (lambda ()
                             (variable-set! (module-variable core 'car) cdr)))
      (test-error-contains "module-define! into the core"
                           '("immutable" "(libscm)")
                           (lambda () (module-define! core 'car cdr)))
      (test-eq "the core's car is the same" original (module-ref core 'car))
      (test-equal "a program's own car is its own" '((2) 1)
                  (let ((m (resolve-module '(attacks own-car))))
                    (eval '(define car cdr) m)
                    (list (eval '(car '(1 2)) m) (car '(1 2)))))
      (test-equal "%load-path stays the instance's to change" '("/nowhere")
                  (let ((saved %load-path))
                    (set! %load-path '("/nowhere"))
                    (let ((now %load-path))
                      (set! %load-path saved)
                      now))))))

(test-group "native access is a library to import (item 3)"
  (lambda ()
    (for-each
     (lambda (name)
       (test-assert (string-append (symbol->string name)
                                   " is not in the core's bindings")
                    (unbound-here? name)))
     '(make-pointer pointer-address pointer? null-pointer? %null-pointer))
    (test-assert "nor in (scheme base)'s"
                 (guard (e (#t #t))
                   (eval 'make-pointer (environment '(scheme base)))
                   #f))
    (test-equal "(system foreign) has them, with Guile's meanings"
                '(#t #t 4096)
                (eval '(list (pointer? %null-pointer)
                             (null-pointer? %null-pointer)
                             (pointer-address (make-pointer 4096)))
                      (environment '(scheme base) '(system foreign))))))

(test-end "attacks")

;;; attacks.scm ends here
