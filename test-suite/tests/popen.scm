;;; popen.scm -- (ice-9 popen) on real pipes and child processes: data
;;; both ways, statuses, broken pipes, interrupts, no zombie and no
;;; descriptor left behind
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (ice-9 popen) (ice-9 rdelim))

(test-begin "popen")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))

;; The first line of /proc/ENTRY/stat, or #f if the process has gone:
;; then the open or the read fails, and the port is closed all the same
;; (a port left to the collector would count in open-fd-count).
(define (read-stat entry)
  (let ((port (guard (e (#t #f))
                (open-input-file (string-append "/proc/" entry "/stat")))))
    (and port
         (let ((line (guard (e (#t #f)) (read-line port))))
           (close-port port)
           line))))

;; The children of this process, from /proc: each one's pid and state
;; (R running, S sleeping, Z a zombie, ...), read after the command's
;; closing parenthesis, where the parent id follows.
(define (children)
  (let ((me (getpid)))
    (filter-map
     (lambda (entry)
       (and (string->number entry)
            (let ((text (read-stat entry)))
              (and (string? text)
                   (let* ((close (let loop ((i (- (string-length text) 1)))
                                   (if (char=? (string-ref text i) #\))
                                       i (loop (- i 1)))))
                          (fields (read (open-input-string
                                         (string-append
                                          "("
                                          (substring text (+ close 1)
                                                     (string-length text))
                                          ")")))))
                     (and (= (cadr fields) me)
                          (cons (string->number entry) (car fields))))))))
     (scandir "/proc"))))

(define (zombie-count)
  (length (filter-map (lambda (c) (eq? (cdr c) 'Z)) (children))))

;; The state of the child PID, or #f once it has been reaped.
(define (child-state pid)
  (cond ((assv pid (children)) => cdr)
        (else #f)))

;; Wait until (DONE?) is true, looking every 10 ms, for at most 30 s:
;; the tests wait for an event (a child ended, a child reaped), so on a
;; loaded machine they take longer but do not fail; the bound is only
;; there so that a child that is never reaped fails the case instead of
;; hanging the suite.  Return what DONE? returned last.
(define (wait-until done?)
  (let ((end (+ (get-internal-real-time)
                (* 30 internal-time-units-per-second))))
    (let loop ()
      (or (done?)
          (if (< (get-internal-real-time) end)
              (begin (usleep 10000) (loop))
              (done?))))))

;; Wait until the child of pipe port P has ended (it is a zombie: its
;; ends of the pipe are closed, and nobody has reaped it yet).
(define (wait-for-exit p)
  (let ((pid (%pipe-port-pid p)))
    (wait-until (lambda () (eq? (child-state pid) 'Z)))))

(define (filter-map f l)
  (let loop ((l l) (acc '()))
    (cond ((null? l) (reverse acc))
          ((f (car l)) => (lambda (v) (loop (cdr l) (cons v acc))))
          (else (loop (cdr l) acc)))))

(define (scandir dir)
  (let ((d (opendir dir)))
    (let loop ((acc '()))
      (let ((e (readdir d)))
        (if (eof-object? e)
            (begin (closedir d) acc)
            (loop (cons e acc)))))))

(define (open-fd-count) (- (length (scandir "/proc/self/fd")) 3))

(define (errno-of thunk)
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

(test-group "reading"
  (lambda ()
    (let ((p (open-input-pipe "echo hello; echo \"\x1F600;\"")))
      (test-equal "a line" "hello" (read-line p))
      (test-equal "beyond the BMP" "\x1F600;" (read-line p))
      (test-assert "then the end" (eof-object? (read-line p)))
      (test-equal "close-pipe returns the status" 0
                  (status:exit-val (close-pipe p))))
    (test-equal "the exit code" 3
                (status:exit-val (close-pipe (open-input-pipe "exit 3"))))
    (let ((p (open-pipe* OPEN_READ "printf" "%s|" "a b" "c")))
      (test-equal "open-pipe* passes arguments as they are" "a b|c|"
                  (read-line p))
      (close-pipe p))
    (let ((p (open-pipe "seq 1 20000" OPEN_READ)))
      (test-equal "a long output" 20000
                  (let loop ((n 0) (last #f))
                    (let ((l (read-line p)))
                      (if (eof-object? l)
                          (string->number last)
                          (loop (+ n 1) l)))))
      (close-pipe p))
    (test-assert "an input pipe is an input port"
                 (let ((p (open-input-pipe "true")))
                   (and (input-port? p) (not (output-port? p))
                        (begin (close-pipe p) #t))))))

(test-group "writing"
  (lambda ()
    (let ((p (open-output-pipe (string-append "cat > " (in "out")))))
      (test-assert "an output port" (output-port? p))
      (write-string "to the child \x1F600;\n" p)
      (test-equal "close-pipe waits for the child" 0
                  (status:exit-val (close-pipe p)))
      (test-equal "the child wrote it" "to the child \x1F600;"
                  (call-with-input-file (in "out") read-line)))
    (let ((p (open-input-output-pipe "cat")))
      (write-string "echo\n" p)
      (flush-output-port p)
      (test-equal "both ways through cat" "echo" (read-line p))
      (test-equal "its status" 0 (status:exit-val (close-pipe p))))
    (let ((p (open-input-output-pipe "cat")))
      (write-string "\x1F600;\n" p)
      (flush-output-port p)
      (test-equal "both ways, beyond the BMP" "\x1F600;" (read-line p))
      (close-port p))))

(test-group "broken pipes"
  (lambda ()
    (let ((p (open-output-pipe "exit 0")))
      (wait-for-exit p)
      (test-equal "a write to a pipe with no reader raises EPIPE" EPIPE
                  (errno-of (lambda ()
                              (let loop ((i 0))
                                (write-string (make-string 4096 #\x) p)
                                (flush-output-port p)
                                (if (< i 100) (loop (+ i 1)))))))
      (test-equal "close-pipe still reaps the child" 0
                  (status:exit-val
                   (guard (e ((system-error? e) 0)) (close-pipe p)))))
    (let ((p (open-output-pipe "exit 0")))
      ;; Written before the child ended, the byte would wait in the
      ;; pipe and the flush would succeed.
      (wait-for-exit p)
      (write-string "x" p)
      (test-error-contains "the error names the port"
                           '("write" "Broken pipe" "/bin/sh")
                           (lambda () (flush-output-port p)))
      (guard (e (#t #f)) (close-pipe p)))))

(test-group "errors"
  (lambda ()
    (test-error-contains "a bad mode" '("open-pipe*" "mode")
                         (lambda () (open-pipe "true" "rw")))
    (test-equal "a missing program" ENOENT
                (errno-of (lambda () (open-pipe* OPEN_READ "no-such-program-xyz"))))
    (test-error-contains "close-pipe of another port"
                         '("close-pipe" "pipe port")
                         (lambda () (close-pipe (open-input-string "x"))))
    (test-error-contains "open-pipe of a non-string"
                         '("open-pipe" "expected string")
                         (lambda () (open-pipe 'ls OPEN_READ)))))

(test-group "interrupts"
  (lambda ()
    (let* ((p (open-input-pipe "exec sleep 10"))
           (t0 (get-internal-real-time)))
      (test-eq "a time limit ends a blocked read" 'limit-exceeded
               (guard (e (#t (condition-kind e)))
                 (call-with-limits (lambda () (read-line p)) 0.2 #f)))
      (test-assert "soon"
                   (< (- (get-internal-real-time) t0)
                      (* 3 internal-time-units-per-second)))
      (kill (%pipe-port-pid p) SIGKILL)
      (test-equal "the child killed" SIGKILL
                  (status:term-sig (close-pipe p))))))

(test-group "no zombie, no descriptor left"
  (lambda ()
    (let ((fds (open-fd-count)))
      (do ((i 0 (+ i 1))) ((= i 1000))
        (close-pipe (open-input-pipe "true")))
      (test-equal "1000 open-input-pipe/close-pipe: no zombie" 0
                  (zombie-count))
      (test-equal "and no descriptor" fds (open-fd-count)))
    (let ((fds (open-fd-count)))
      (do ((i 0 (+ i 1))) ((= i 50))
        (close-port (open-input-pipe "true")))
      (do ((i 0 (+ i 1))) ((= i 50))
        (open-input-pipe "true"))
      (gc)
      (gc)
      ;; A child ends when the system runs it, and the reaper then
      ;; takes it within its next poll (every 20 ms): wait until no
      ;; child is left, running or a zombie.
      (test-equal "pipes closed by close-port or collected: reaped" '()
                  (begin (wait-until (lambda () (null? (children))))
                         (children)))
      (test-equal "and their descriptors closed" fds (open-fd-count)))
    ;; The children below wait for a file that is made after their
    ;; waits were interrupted: they cannot end before the limit, however
    ;; late the system runs this process.
    (let ((flag (in "go"))
          (wait-for-flag (lambda (flag)
                           (string-append "until [ -e '" flag
                                          "' ]; do sleep 0.01; done"))))
      (test-eq "a limit ends close-pipe's wait" 'limit-exceeded
               (guard (e (#t (condition-kind e)))
                 (let ((p (open-input-pipe (wait-for-flag flag))))
                   (call-with-limits (lambda () (close-pipe p)) 0.05 #f))))
      (test-eq "and system's" 'limit-exceeded
               (guard (e (#t (condition-kind e)))
                 (call-with-limits (lambda () (system (wait-for-flag flag)))
                                   0.05 #f)))
      (test-equal "their children are left running" '(#f #f)
                  (map (lambda (c) (eq? (cdr c) 'Z)) (children)))
      (close-port (open-output-file flag))
      (test-equal "their children are reaped when they end" '()
                  (begin (wait-until (lambda () (null? (children))))
                         (children))))))

(test-end "popen")
