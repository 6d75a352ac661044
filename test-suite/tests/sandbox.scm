;;; sandbox.scm -- call-with-limits and (ice-9 sandbox)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; No timing is asserted: only which limit stops the code, and that
;;; the sandboxed code cannot catch it.

(import (ice-9 sandbox) (only (fixture probes) limit-of) (only (srfi 1) every filter iota))

(test-begin "sandbox")

(define (sandbox-endless n) (+ 1 (sandbox-endless (+ n 1))))
(define (sandbox-loop1 n) (sandbox-loop1 (+ n 1)))
(define (sandbox-loop3 a b c) (sandbox-loop3 b c (+ a 1)))
(eval '(define-library (test sandbox-cdr2)
         (export sandbox-cdr2)
         (import (scheme base))
         (begin
           (define (sandbox-cdr2 x y) (sandbox-cdr2 (cdr x) (cdr y)))))
      (interaction-environment))
(define sandbox-cdr2
  (eval 'sandbox-cdr2 (environment '(test sandbox-cdr2))))
(define (sandbox-circle)
  (let ((l (list 1 2 3))) (set-cdr! (cddr l) l) l))
(define (sandbox-fib n)
  (if (< n 2) n (+ (sandbox-fib (- n 1)) (sandbox-fib (- n 2)))))

(test-group "call-with-limits"
  (lambda ()
    (test-equal "a value within the limits" 7
                (call-with-limits (lambda () 7) 1 1000000))
    (test-equal "several values"
                '(1 2) (call-with-values
                           (lambda () (call-with-limits (lambda () (values 1 2))
                                                        1 #f))
                         list))
    (test-eq "a time limit" 'time
             (limit-of (lambda ()
                         (call-with-limits (lambda () (let loop () (loop)))
                                           0.01 #f))))
    (test-eq "guard inside cannot catch it" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda ()
                            (let loop () (guard (e (#t (loop))) (loop))))
                          0.01 #f))))
    (test-eq "nor with-exception-handler" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda ()
                            (with-exception-handler
                             (lambda (e) 'ignored)
                             (lambda () (let loop () (loop)))))
                          0.01 #f))))
    (test-eq "an allocation limit" 'allocation
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () (let loop ((l '())) (loop (cons l l))))
                          #f 100000))))
    (test-eq "a stack limit" 'stack
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda () (let f () (+ 1 (f))))
                          #f #f 65536))))
    (let ((log '()))
      (test-eq "after thunks run" 'time
               (limit-of (lambda ()
                           (call-with-limits
                            (lambda ()
                              (dynamic-wind
                                (lambda () (set! log (cons 'in log)))
                                (lambda () (let loop () (loop)))
                                (lambda () (set! log (cons 'out log)))))
                            0.01 #f))))
      (test-equal "... once each" '(out in) log))
    (test-error-message "a bad limit"
      "call-with-limits: argument out of range in position 2: -1"
      (lambda () (call-with-limits (lambda () 1) -1 #f)))
    (test-error-message "a bad thunk"
      "call-with-limits: wrong type argument in position 1 (expected procedure): 5"
      (lambda () (call-with-limits 5 1 #f)))
    (test-equal "Guile's catch sees the key limit-exceeded" 'limit-exceeded
                (catch 'limit-exceeded
                  (lambda () (call-with-limits (lambda () (let l () (l)))
                                               0.01 #f))
                  (lambda (key . args) key)))))

;; An after thunk that raises, or escapes, while a limit unwinds cannot
;; hide the limit: the evaluation ends as exceeded.
(define (unwinding-escapes body-loop after)
  ;; BODY-LOOP runs in a dynamic-wind whose after thunk is AFTER, inside
  ;; a guard and a continuation that the after thunk may use.
  (lambda ()
    (call/cc
     (lambda (k)
       (guard (e (#t (list 'guard-caught e)))
         (dynamic-wind (lambda () #f) body-loop (lambda () (after k))))))))

(define (spin) (let loop () (loop)))

(test-group "a limit cannot be hidden by its unwinding"
  (lambda ()
    (test-eq "time: an after thunk raises to a guard inside" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (unwinding-escapes spin (lambda (k) (raise 'boom)))
                          0.01 #f))))
    (test-eq "... an after thunk calls a continuation inside" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (unwinding-escapes spin (lambda (k) (k 'escaped)))
                          0.01 #f))))
    (test-eq "... an after thunk raises what no handler takes" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda ()
                            (dynamic-wind (lambda () #f) spin
                                          (lambda () (raise 'boom))))
                          0.01 #f))))
    (test-eq "... the code it escaped to loops" 'time
             (limit-of (lambda ()
                         (call-with-limits
                          (lambda ()
                            (guard (e (#t (spin)))
                              (dynamic-wind (lambda () #f) spin
                                            (lambda () (raise 'boom)))))
                          0.01 #f))))
    (test-eq "steps" 'steps
             (limit-of (lambda ()
                         (call-with-limits
                          (unwinding-escapes spin (lambda (k) (raise 'boom)))
                          #f #f #f 100000))))
    (test-eq "allocation" 'allocation
             (limit-of (lambda ()
                         (call-with-limits
                          (unwinding-escapes
                           (lambda () (let loop ((l '())) (loop (cons 1 l))))
                           (lambda (k) (k 'escaped)))
                          #f 100000))))
    (test-eq "stack" 'stack
             (limit-of (lambda ()
                         (call-with-limits
                          (unwinding-escapes (lambda () (let f () (+ 1 (f))))
                                             (lambda (k) (raise 'boom)))
                          #f #f 65536))))
    (test-eq "eval-in-sandbox reports the limit, not a value" 'time
             (limit-of
              (lambda ()
                (eval-in-sandbox
                 '(guard (e (#t 'finished-normally))
                    (dynamic-wind (lambda () #f) (lambda () (let l () (l)))
                                  (lambda () (raise 'boom))))
                 #:time-limit 0.01))))
    (let ((log '()))
      (test-eq "an after thunk may still catch its own errors and loop"
               'time
               (limit-of (lambda ()
                           (call-with-limits
                            (lambda ()
                              (dynamic-wind
                                (lambda () #f) spin
                                (lambda ()
                                  (guard (e (#t (set! log (cons e log))))
                                    (raise 'inner))
                                  (let loop ((i 0))
                                    (if (< i 10000) (loop (+ i 1))))
                                  (set! log (cons 'done log)))))
                            0.01 #f))))
      (test-equal "... and finish" '(done inner) log))))

(test-group "eval-in-sandbox"
  (lambda ()
    (test-equal "a value" 3 (eval-in-sandbox '(+ 1 2)))
    (test-equal "definitions in the sandbox" 120
                (eval-in-sandbox
                 '(begin (define (f n) (if (= n 0) 1 (* n (f (- n 1)))))
                         (f 5))))
    (test-eq "the default time limit stops a loop" 'time
             (limit-of (lambda () (eval-in-sandbox '(let l () (l))))))
    (test-eq "#:time-limit" 'time
             (limit-of (lambda () (eval-in-sandbox '(let l () (l))
                                                   #:time-limit 0.01))))
    (test-eq "#:allocation-limit" 'allocation
             (limit-of (lambda ()
                         (eval-in-sandbox '(let l ((x '())) (l (cons 1 x)))
                                          #:allocation-limit 100000
                                          #:time-limit #f))))
    (test-eq "#:step-limit" 'steps
             (limit-of (lambda () (eval-in-sandbox '(let l () (l))
                                                   #:step-limit 10000
                                                   #:time-limit #f))))
    ;; A loop with parameters jumps by SELF_TAILCALL_ACC (or
    ;; SELF_TAILCALL1), the last argument in acc: its interrupt check
    ;; too.
    (test-eq "#:step-limit, a loop with parameters" 'steps
             (limit-of (lambda () (eval-in-sandbox '(let l ((i 0)) (l (+ i 1)))
                                                   #:step-limit 10000
                                                   #:time-limit #f))))
    ;; A non-tail self call of one argument (GSELFCALL1_U) enters the
    ;; callee past its ENTER unless the limit check is due: a deep
    ;; recursion and a long one stop at their limits.
    (test-eq "a step limit, an endless recursion of one argument" 'steps
             (limit-of (lambda ()
                         (call-with-limits (lambda () (sandbox-endless 0))
                                           #f #f #f 100000))))
    ;; A self tail call jumps past ENTER unless an interrupt is due
    ;; (GSELFTAILCALL1_U to 3_U, GSELFTAILCALL_CDR2_U): endless loops
    ;; through each stop at a time limit.
    (test-equal "a time limit, endless self tail calls of one, three and
two cdrs"
                '(time time time)
                (map (lambda (thunk)
                       (limit-of (lambda () (call-with-limits thunk 0.01 #f))))
                     (list (lambda () (sandbox-loop1 0))
                           (lambda () (sandbox-loop3 0 1 2))
                           (lambda () (sandbox-cdr2 (sandbox-circle)
                                                    (sandbox-circle))))))
    (test-eq "a step limit, endless self tail calls of two cdrs" 'steps
             (limit-of (lambda ()
                         (call-with-limits (lambda ()
                                             (sandbox-cdr2 (sandbox-circle)
                                                           (sandbox-circle)))
                                           #f #f #f 100000))))
    (test-eq "a time limit, a long recursion of one argument" 'time
             (limit-of (lambda ()
                         (call-with-limits (lambda () (sandbox-fib 40))
                                           0.01 #f))))
    (test-eq "#:time-limit, a loop with parameters" 'time
             (limit-of (lambda () (eval-in-sandbox '(let l ((i 0) (j 1)) (l j i))
                                                   #:time-limit 0.01))))
    ;; A jump that passes every parameter unchanged moves nothing
    ;; (SELF_TAILCALL 0), and one of a body's local reads it itself
    ;; (SELF_TAILCALL1_L): their interrupt checks too.
    (test-eq "#:step-limit, a loop whose jump changes nothing" 'steps
             (limit-of (lambda () (eval-in-sandbox '(let l ((i 0) (j 1)) (l i j))
                                                   #:step-limit 10000
                                                   #:time-limit #f))))
    (test-eq "#:step-limit, a loop that jumps with a body's local" 'steps
             (limit-of (lambda () (eval-in-sandbox '(let l ((i 0))
                                                      (let ((j (+ i 1))) (l j)))
                                                   #:step-limit 10000
                                                   #:time-limit #f))))
    (test-eq "#:step-limit, a loop of two cdrs around a circular list" 'steps
             (limit-of (lambda () (eval-in-sandbox '(let ((c (list 1 2)))
                                                      (set-cdr! (cdr c) c)
                                                      (let l ((a c) (b (cdr c)))
                                                        (if (null? a)
                                                            b
                                                            (l (cdr a) (cdr b)))))
                                                   #:step-limit 10000
                                                   #:time-limit #f
                                                   #:bindings all-pure-and-impure-bindings))))
    (test-eq "#:time-limit, a loop that jumps with a body's local" 'time
             (limit-of (lambda () (eval-in-sandbox '(let l ((i 0))
                                                      (let ((j (- i 1))) (l j)))
                                                   #:time-limit 0.01))))
    (test-equal "a step limit that is not reached" 55
                (eval-in-sandbox '(let l ((i 0) (s 0)) (if (> i 10) s (l (+ i 1) (+ s i))))
                                 #:step-limit 100000))
    (test-error-message "files are out of reach"
      "unbound variable: open-input-file"
      (lambda () (eval-in-sandbox '(open-input-file "/etc/passwd"))))
    (test-error-message "so is eval" "unbound variable: eval"
      (lambda () (eval-in-sandbox '(eval 1))))
    (test-error-message "and exit" "unbound variable: exit"
      (lambda () (eval-in-sandbox '(exit 1))))
    (test-error-message "imported bindings cannot be redefined"
      "define: cannot define an imported name: (car (scheme base))"
      (lambda () (eval-in-sandbox '(define car cdr))))
    (test-equal "car is unchanged outside" 1 (car '(1 2)))
    (test-error-message "pure bindings do not mutate"
      "unbound variable: set-car!"
      (lambda () (eval-in-sandbox '(set-car! (list 1) 2))))
    (test-equal "impure bindings do" '(2)
                (eval-in-sandbox '(let ((p (list 1))) (set-car! p 2) p)
                                 #:bindings all-pure-and-impure-bindings))
    (test-equal "#:bindings restricts" "unbound variable"
                (guard (e (#t (error-object-message e)))
                  (eval-in-sandbox '(+ 1 2) #:bindings core-bindings)))
    (let ((m (make-sandbox-module (append core-bindings number-bindings))))
      (eval-in-sandbox '(define x 41) #:module m)
      (test-equal "#:module keeps definitions between calls" 42
                  (eval-in-sandbox '(+ x 1) #:module m)))
    ;; The common sets' modules are copies of one made once: each is
    ;; its own all the same.
    (let* ((m1 (make-sandbox-module all-pure-bindings))
           (m2 (make-sandbox-module all-pure-bindings))
           (m3 (make-sandbox-module all-pure-and-impure-bindings)))
      (eval-in-sandbox '(define x 1) #:module m1)
      (test-equal "a definition in one sandbox module" 1
                  (eval-in-sandbox 'x #:module m1))
      (test-equal "is not in another of the same bindings" "unbound variable"
                  (guard (e (#t (error-object-message e)))
                    (eval-in-sandbox 'x #:module m2)))
      (test-equal "nor in a fresh one" "unbound variable"
                  (guard (e (#t (error-object-message e)))
                    (eval-in-sandbox 'x)))
      (test-equal "the impure set's module has its mutators" '(2)
                  (eval-in-sandbox '(let ((p (list 1))) (set-car! p 2) p)
                                   #:module m3))
      (test-equal "and the pure one's has not" "unbound variable"
                  (guard (e (#t (error-object-message e)))
                    (eval-in-sandbox '(set-car! (list 1) 2) #:module m2))))
    ;; The library's own sets are made from a template the process
    ;; keeps, sharing its tables until the first definition; any other
    ;; list (a copy of the same set, say) is resolved afresh.  Both ways
    ;; must give exactly the same bindings.
    (let ()
      (define (names m)
        (sort (%module-bound-names m)
              (lambda (a b) (string<? (symbol->string a) (symbol->string b)))))
      (define (variables m syms)
        (map (lambda (s) (module-variable m s)) syms))
      (for-each
       (lambda (set name)
         (let* ((fast (make-sandbox-module set))
                (slow (make-sandbox-module (list-copy set)))
                (bound (names fast)))
           (test-equal (string-append name ": the same names both ways")
                       (names slow) bound)
           (test-assert (string-append name ": no name outside the set")
                        (let ((listed (apply append (map cdr set))))
                          (every (lambda (s) (memq s listed)) bound)))
           (test-assert (string-append name ": the same variables")
                        (equal? (variables fast bound) (variables slow bound)))))
       (list all-pure-bindings all-pure-and-impure-bindings)
       '("all-pure-bindings" "all-pure-and-impure-bindings"))
      (test-assert "the pure set binds no mutator"
                   (not (memq 'set-car! (names (make-sandbox-module
                                                all-pure-bindings)))))
      (let* ((m1 (make-sandbox-module all-pure-bindings))
             (before (names m1)))
        ;; Enough definitions to grow the copied table several times.
        (eval '(begin (define (g k) (* k 2)) (define y (g 21))) m1)
        (for-each (lambda (i)
                    (eval `(define ,(string->symbol
                                     (string-append "v" (number->string i)))
                             ,i)
                          m1))
                  (iota 300))
        (test-equal "a module's definitions stay in its copy" 42
                    (eval 'y m1))
        (test-equal "v299 too" 299 (eval 'v299 m1))
        (test-equal "a module made after has only the set's names" before
                    (names (make-sandbox-module all-pure-bindings)))
        (test-equal "and so has one of the other set, less its extras"
                    '() (filter (lambda (s) (memq s '(y g v0 v299)))
                                (names (make-sandbox-module
                                        all-pure-and-impure-bindings))))))
    (test-error-message "an unknown keyword" "eval-in-sandbox: unknown keyword: #:bogus"
      (lambda () (eval-in-sandbox 1 #:bogus 2)))
    (test-error-message "malformed bindings"
      "make-sandbox-module: not (LIBRARY IDENTIFIER ...): 5"
      (lambda () (make-sandbox-module '(5))))))

(test-group "hooks"
  (lambda ()
    (let ((h (make-hook 1)) (log '()))
      (define (a x) (set! log (cons (list 'a x) log)))
      (define (b x) (set! log (cons (list 'b x) log)))
      (test-assert "hook?" (and (hook? h) (not (hook? 1))))
      (test-assert "empty" (hook-empty? h))
      (add-hook! h a)
      (add-hook! h b #t)
      (run-hook h 1)
      (test-equal "run in order" '((a 1) (b 1)) (reverse log))
      (test-equal "hook->list" (list a b) (hook->list h))
      (remove-hook! h a)
      (test-equal "remove-hook!" (list b) (hook->list h))
      (reset-hook! h)
      (test-assert "reset-hook!" (hook-empty? h))
      (test-error-message "arity"
        "run-hook: the hook takes 1 arguments, given 0"
        (lambda () (run-hook h))))))

(test-group "the operating system is out of reach"
  (lambda ()
    ;; Every procedure of the POSIX chapter is unbound inside, with the
    ;; impure bindings too: the sandbox's bindings are an allow-list.
    (for-each
     (lambda (form)
       (test-error-message (string-append "in the sandbox: "
                                          (symbol->string (car form)))
         (string-append "unbound variable: " (symbol->string (car form)))
         (lambda () (eval-in-sandbox form
                                     #:bindings all-pure-and-impure-bindings))))
     '((stat "/") (lstat "/") (opendir "/") (mkdir "/tmp/x") (rmdir "/tmp/x")
       (delete-file "/tmp/x") (rename-file "a" "b") (copy-file "a" "b")
       (chdir "/") (getcwd) (chmod "/tmp" 0) (symlink "a" "b")
       (mkstemp "/tmp/xXXXXXX") (tmpfile) (umask 0)
       (system "true") (system* "true") (spawn "true" '("true"))
       (primitive-fork) (primitive-exit 0) (execl "/bin/true" "true")
       (kill 1 0) (waitpid -1) (getpid) (getpw 0) (getgr 0)
       (%open-pipe* "r" "true") (%close-pipe 1)
       (getenv "HOME") (setenv "A" "b") (environ) (gethostname) (uname)
       (current-time) (localtime 0) (strftime "%Y" 0) (sleep 1)
       (usleep 1) (times) (%clock-time 'realtime)
       (socket 2 1 0) (socketpair 1 1 0) (bind 3 2 0 0) (listen 3 1)
       (accept 3) (connect 3 2 2130706433 80) (shutdown 3 2)
       (getsockname 3) (getpeername 3) (setsockopt 3 1 2 1)
       (getsockopt 3 1 2) (send 3 #u8(1)) (recv! 3 #u8(1))
       (sendto 3 #u8(1) 2 0 0) (recvfrom! 3 #u8(1))
       (getaddrinfo "localhost") (gai-strerror -2) (inet-pton 2 "1.2.3.4")
       (inet-ntop 2 0) (make-socket-address 2 0 0) (sockaddr:port #(2 0 0))
       (select '() '() '() 0)
       (gethost "localhost") (gethostbyname "localhost") (getnet "loopback")
       (getproto "tcp") (getserv "http" "tcp") (getservbyport 80 "tcp")
       (sethost) (setserv #t) (getservent) (hostent:name #(1 2 3 4 5))
       (fdes->ports 0) (fdes->inport 0) (fdes->outport 1)
       (setvbuf (current-output-port) 'line)
       (open-fdes "/etc/passwd" 0) (open "/etc/passwd" 0) (isatty? 0)
       (mknod "/tmp/x" 'fifo 420 0) (nice 1) (getgroups)
       (%file-space "/") (%errno-name 2)))
    ;; import is no form there: the call's arguments are unbound first.
    (test-error-contains "libraries cannot be imported either"
      '("unbound variable")
      (lambda () (eval-in-sandbox '(import (ice-9 popen)))))))

(test-end "sandbox")
