;;; posix-process.scm -- processes, the environment and the host, with
;;; Guile's names, on real child processes
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Every child a test starts is waited for (or killed and waited for)
;;; in the same test, also when the test fails: see with-child.

(test-begin "posix-process")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))
(define scm-program (readlink "/proc/self/exe"))

(define (errno-of thunk)
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

;; Call PROC with the pid of a child running ARGS; kill and reap it
;; afterwards however PROC ends (it may have been reaped by PROC).
(define (with-child args proc)
  (let ((pid (spawn (car args) args)))
    (dynamic-wind
      (lambda () #f)
      (lambda () (proc pid))
      (lambda ()
        (guard (e (#t #f))
          (kill pid SIGKILL)
          (waitpid pid))))))

(define (file-text name)
  (call-with-input-file name
    (lambda (p)
      (let loop ((acc '()))
        (let ((c (read-char p)))
          (if (eof-object? c)
              (list->string (reverse acc))
              (loop (cons c acc))))))))

(test-group "system and system*"
  (lambda ()
    (test-equal "exit status" 3 (status:exit-val (system "exit 3")))
    (test-equal "success" 0 (status:exit-val (system "true")))
    (test-eq "a shell is available" #t (system))
    (test-equal "killed by a signal" SIGKILL
                (status:term-sig (system "kill -9 $$")))
    (test-eq "no exit value when killed" #f
             (status:exit-val (system "kill -9 $$")))
    (test-eq "no term-sig after an exit" #f (status:term-sig (system "exit 1")))
    (test-equal "system* without a shell: one argument with spaces" 0
                (status:exit-val (system* "test" "a b" "=" "a b")))
    (test-equal "system* of false" 1 (status:exit-val (system* "false")))
    (test-equal "system* of a missing program" ENOENT
                (errno-of (lambda () (system* "no-such-program-xyz"))))
    (test-error-contains "an argument with a NUL"
                         '("system*" "string without NUL")
                         (lambda () (system* "echo" "a\x0;b")))
    (test-error-contains "system of a non-string"
                         '("system" "wrong type argument in position 1")
                         (lambda () (system 'ls)))))

(test-group "spawn"
  (lambda ()
    (let ((out (open-output-file (in "spawned"))))
      (let ((pid (spawn "echo" '("echo" "hi" "\x1F600;") #:output out)))
        (test-equal "the child's status" 0
                    (status:exit-val (cdr (waitpid pid)))))
      (close-port out)
      (test-equal "#:output to a file port" "hi \x1F600;\n"
                  (file-text (in "spawned"))))
    (let ((out (open-output-file (in "env"))))
      (waitpid (spawn "sh" '("sh" "-c" "echo \"$FOO:$HOME\"")
                      #:environment '("FOO=bar") #:output out))
      (close-port out)
      (test-equal "#:environment replaces the environment" "bar:\n"
                  (file-text (in "env"))))
    (test-equal "#:search-path? #f needs a path" ENOENT
                (errno-of (lambda ()
                            (spawn "echo" '("echo") #:search-path? #f))))
    (test-equal "a full path without search" 0
                (status:exit-val
                 (cdr (waitpid (spawn "/bin/sh" '("sh" "-c" "exit 0")
                                      #:search-path? #f)))))
    (test-error-contains "an unknown keyword" '("spawn" "unknown keyword")
                         (lambda () (spawn "true" '("true") #:colour 1)))
    (test-error-contains "a string port has no descriptor"
                         '("spawn" "port with a file descriptor")
                         (lambda () (spawn "true" '("true")
                                           #:output (open-output-string))))
    (test-error-contains "an empty argument list" '("spawn")
                         (lambda () (spawn "true" '())))))

(test-group "waitpid and kill"
  (lambda ()
    (with-child '("sleep" "10")
      (lambda (pid)
        (test-equal "WNOHANG while it runs" '(0 . 0) (waitpid pid WNOHANG))
        (kill pid SIGSTOP)
        (let ((r (waitpid pid WUNTRACED)))
          (test-equal "WUNTRACED sees it stopped" SIGSTOP
                      (status:stop-sig (cdr r))))
        (kill pid SIGTERM)
        (kill pid SIGCONT)
        (let ((r (waitpid pid)))
          (test-equal "waitpid returns the pid" pid (car r))
          (test-equal "killed by SIGTERM" SIGTERM (status:term-sig (cdr r))))))
    (test-equal "waitpid with no such child" ECHILD
                (errno-of (lambda () (waitpid 999999999))))
    (test-equal "kill of no such process" ESRCH
                (errno-of (lambda () (kill 999999999 0))))
    (with-child '("sleep" "10")
      (lambda (pid)
        (let ((t0 (get-internal-real-time)))
          (test-eq "a time limit ends a waitpid" 'limit-exceeded
                   (guard (e (#t (condition-kind e)))
                     (call-with-limits (lambda () (waitpid pid)) 0.2 #f)))
          (test-assert "soon"
                       (< (- (get-internal-real-time) t0)
                          (* 3 internal-time-units-per-second))))))))

(test-group "fork, exec and exit"
  (lambda ()
    (let ((pid (primitive-fork)))
      (if (= pid 0)
          (primitive-_exit 7)
          (test-equal "primitive-fork and primitive-_exit" 7
                      (status:exit-val (cdr (waitpid pid))))))
    (let ((pid (primitive-fork)))
      (if (= pid 0)
          (begin
            (guard (e (#t (primitive-_exit 99)))
              (execl "/bin/sh" "sh" "-c" "exit 5"))
            (primitive-_exit 98))
          (test-equal "execl in the child" 5
                      (status:exit-val (cdr (waitpid pid))))))
    (let ((pid (primitive-fork)))
      (if (= pid 0)
          (begin
            (guard (e (#t (primitive-_exit 99)))
              (execle "/bin/sh" '("X=6") "sh" "-c" "exit $X"))
            (primitive-_exit 98))
          (test-equal "execle's environment" 6
                      (status:exit-val (cdr (waitpid pid))))))
    (test-equal "execlp of a missing program raises, the process goes on"
                ENOENT (errno-of (lambda () (execlp "no-such-program-xyz"
                                                    "x"))))
    (test-equal "primitive-exit skips dynamic-wind afters" 3
                (status:exit-val
                 (system* scm-program "-c"
                          "(dynamic-wind (lambda () #f) (lambda () (primitive-exit 3)) (lambda () (primitive-exit 4)))")))))

(test-group "ids and databases"
  (lambda ()
    (test-assert "getpid" (and (exact-integer? (getpid)) (> (getpid) 1)))
    (test-assert "getppid differs" (not (= (getpid) (getppid))))
    (test-equal "getuid owns new files" (getuid)
                (stat:uid (stat (test-write-file "mine" ""))))
    (test-assert "effective ids" (and (exact-integer? (geteuid))
                                      (exact-integer? (getegid))
                                      (exact-integer? (getgid))))
    (test-equal "getpwuid 0 is root" "root" (passwd:name (getpwuid 0)))
    (test-equal "getpwnam root" 0 (passwd:uid (getpwnam "root")))
    (test-equal "getpw by either" (getpw 0) (getpw "root"))
    (test-assert "home and shell are strings"
                 (and (string? (passwd:dir (getpw 0)))
                      (string? (passwd:shell (getpw 0)))
                      (string? (passwd:gecos (getpw 0)))
                      (string? (passwd:passwd (getpw 0)))
                      (exact-integer? (passwd:gid (getpw 0)))))
    (test-error-contains "no such user" '("getpw" "entry not found")
                         (lambda () (getpwnam "no-such-user-xyz")))
    (test-error-contains "getpw of a real" '("getpw" "user id or name")
                         (lambda () (getpw 1.5)))
    (test-equal "getgr 0" 0 (group:gid (getgr 0)))
    (test-assert "group:mem is a list" (list? (group:mem (getgr 0))))
    (test-equal "getgrnam" (group:gid (getgrgid 0))
                (group:gid (getgrnam (group:name (getgr 0)))))
    (test-assert "cuserid names the effective user"
                 (equal? (cuserid) (passwd:name (getpwuid (geteuid)))))
    (test-assert "getlogin is a string or #f"
                 (let ((l (getlogin))) (or (not l) (string? l))))))

(test-group "the environment"
  (lambda ()
    (setenv "LIBSCM_TEST_VAR" "v\x1F600;")
    (test-equal "setenv and getenv" "v\x1F600;" (getenv "LIBSCM_TEST_VAR"))
    (test-assert "in environ"
                 (member "LIBSCM_TEST_VAR=v\x1F600;" (environ)))
    (system (string-append "printf %s \"$LIBSCM_TEST_VAR\" > "
                           (in "child-env")))
    (test-equal "a child sees it" "v\x1F600;" (file-text (in "child-env")))
    (unsetenv "LIBSCM_TEST_VAR")
    (test-eq "unsetenv" #f (getenv "LIBSCM_TEST_VAR"))
    (setenv "LIBSCM_TEST_VAR" "x")
    (setenv "LIBSCM_TEST_VAR" #f)
    (test-eq "setenv #f unsets" #f (getenv "LIBSCM_TEST_VAR"))
    (let ((saved (environ)))
      (environ '("A=1" "B=two"))
      (test-equal "environ sets the whole environment" '("A=1" "B=two")
                  (environ))
      (environ saved)
      (test-equal "and back" saved (environ)))
    (test-error-contains "a name with =" '("setenv" "wrong type argument")
                         (lambda () (setenv "A=B" "x")))
    (test-error-contains "environ of a malformed entry"
                         '("environ" "NAME=VALUE")
                         (lambda () (environ '("novalue"))))))

(test-group "the host"
  (lambda ()
    (let ((u (uname)))
      (test-equal "uname's system" "Linux" (utsname:sysname u))
      (test-equal "gethostname is the node name" (gethostname)
                  (utsname:nodename u))
      (test-assert "release, version, machine"
                   (and (string? (utsname:release u))
                        (string? (utsname:version u))
                        (string? (utsname:machine u)))))))

(test-end "posix-process")
