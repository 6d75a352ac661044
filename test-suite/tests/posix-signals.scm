;;; posix-signals.scm -- Scheme signal handlers and file descriptors:
;;; sigaction, alarm, pause, kill to the process itself; pipe, fdopen,
;;; dup, select, fcntl, flock, setvbuf, fdes->ports
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Each test that installs a handler puts the old one back, also when
;;; it fails (with-handler).

(test-begin "posix-signals")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))

(define (errno-of thunk)
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

;; Call THUNK with HANDLER installed for SIG, the old one back after.
(define (with-handler sig handler thunk)
  (let ((old #f))
    (dynamic-wind
      (lambda () (set! old (sigaction sig handler)))
      thunk
      (lambda () (sigaction sig (car old) (cdr old))))))

;; Run a little Scheme, which passes safe points.
(define (spin n) (let loop ((i 0)) (if (< i n) (loop (+ i 1)) i)))

(test-group "sigaction"
  (lambda ()
    (let ((got '()))
      (with-handler SIGUSR1 (lambda (sig) (set! got (cons sig got)))
        (lambda ()
          (kill (getpid) SIGUSR1)
          (spin 1000)
          (test-equal "the handler ran, with the signal number"
                      (list SIGUSR1) got)
          (kill (getpid) SIGUSR1)
          (kill (getpid) SIGUSR1)
          (spin 1000)
          (test-assert "signals that come together run it at least once"
                       (<= 2 (length got) 3)))))
    (test-equal "the default disposition by default" SIG_DFL
                (car (sigaction SIGUSR2)))
    (with-handler SIGUSR2 SIG_IGN
      (lambda ()
        (test-equal "SIG_IGN reads back" SIG_IGN (car (sigaction SIGUSR2)))
        (kill (getpid) SIGUSR2)
        (test-equal "an ignored signal does nothing" 1000 (spin 1000))))
    (let ((h (lambda (sig) #t)))
      (with-handler SIGUSR2 h
        (lambda ()
          (test-eq "the procedure reads back" h (car (sigaction SIGUSR2)))
          (test-eq "and is returned when replaced" h
                   (car (sigaction SIGUSR2 SIG_IGN))))))
    (test-equal "#f restores the disposition from before" SIG_DFL
                (begin (sigaction SIGUSR2 (lambda (s) #t))
                       (sigaction SIGUSR2 #f)
                       (car (sigaction SIGUSR2))))
    (test-equal "flags read back" SA_RESTART
                (with-handler SIGUSR1 (lambda (s) #t)
                  (lambda ()
                    (sigaction SIGUSR1 (lambda (s) #t) SA_RESTART)
                    (cdr (sigaction SIGUSR1)))))
    (test-error-contains "an error in a handler propagates"
                         '("from the handler")
                         (lambda ()
                           (with-handler SIGUSR1
                             (lambda (s) (error "from the handler" s))
                             (lambda ()
                               (kill (getpid) SIGUSR1)
                               (spin 1000)))))
    (test-equal "SIGKILL cannot be caught" EINVAL
                (errno-of (lambda () (sigaction SIGKILL (lambda (s) #t)))))
    (test-error-contains "a bad handler" '("sigaction" "wrong type argument")
                         (lambda () (sigaction SIGUSR1 "handler")))
    (test-error-contains "a bad signal number" '("sigaction" "out of range")
                         (lambda () (sigaction 1000 SIG_IGN)))))

(test-group "blocking calls run handlers"
  (lambda ()
    (let ((got #f))
      (with-handler SIGALRM (lambda (sig) (set! got sig))
        (lambda ()
          (alarm 1)
          (let ((t0 (get-internal-real-time)))
            (pause)
            (test-equal "pause returns after the handler" SIGALRM got)
            (test-assert "about a second"
                         (< (- (get-internal-real-time) t0)
                            (* 3 internal-time-units-per-second)))))))
    (test-equal "alarm returns what was left" 10
                (begin (alarm 10) (alarm 0)))
    (let ((got #f))
      (with-handler SIGUSR1 (lambda (sig) (set! got 'during-sleep))
        (lambda ()
          (let ((t (call-with-new-thread
                    (lambda () (usleep 100000) (kill (getpid) SIGUSR1)))))
            (usleep 400000)
            (join-thread t)
            (test-eq "a handler runs during a sleep" 'during-sleep got)))))
    (let ((got #f))
      (with-handler SIGUSR1 (lambda (sig) (raise 'stop-waiting))
        (lambda ()
          (let ((t (call-with-new-thread
                    (lambda () (usleep 100000) (kill (getpid) SIGUSR1)))))
            (test-eq "a handler that raises ends a sleep" 'stop-waiting
                     (guard (e ((symbol? e) e)) (sleep 30)))
            (join-thread t)))))))

(test-group "descriptors"
  (lambda ()
    (let* ((p (pipe)) (in (car p)) (out (cdr p)))
      (test-assert "pipe gives an input and an output port"
                   (and (input-port? in) (output-port? out)))
      (test-assert "close-on-exec"
                   (= FD_CLOEXEC (logand FD_CLOEXEC (fcntl in F_GETFD))))
      (write-string "line \x1F600;\n" out)
      (flush-output-port out)
      (test-equal "through the pipe" "line \x1F600;" (read-line in))
      (test-equal "select with a timeout: nothing to read" '(() () ())
                  (select (list in) '() '() 0 50000))
      (test-equal "select: the output is writable" (list out)
                  (cadr (select '() (list out) '() 0)))
      (write-char #\x out)
      (flush-output-port out)
      (test-equal "select: now readable" (list in)
                  (car (select (list in) '() '() 1)))
      (test-equal "select on descriptors" (list (port->fdes in))
                  (car (select (list (port->fdes in)) '() '() 1)))
      (test-equal "fileno is port->fdes" (port->fdes out) (fileno out))
      (read-char in)
      (let ((t0 (get-internal-real-time)))
        (test-eq "a time limit ends select" 'limit-exceeded
                 (guard (e (#t (condition-kind e)))
                   (call-with-limits (lambda () (select (list in) '() '()))
                                     0.1 #f)))
        (test-assert "soon" (< (- (get-internal-real-time) t0)
                               (* 2 internal-time-units-per-second))))
      (fcntl out F_SETFL (logior O_NONBLOCK (fcntl out F_GETFL)))
      (test-assert "O_NONBLOCK set"
                   (not (zero? (logand O_NONBLOCK (fcntl out F_GETFL)))))
      (let ((fd (dup->fdes out)))
        (test-assert "dup->fdes gives another descriptor"
                     (not (= fd (port->fdes out))))
        (test-assert "close-on-exec too"
                     (= FD_CLOEXEC (logand FD_CLOEXEC (fcntl fd F_GETFD))))
        (let ((out2 (fdopen fd "w")))
          (write-string "via fdopen\n" out2)
          (close-port out2)
          (test-equal "fdopen writes to the same pipe" "via fdopen"
                      (read-line in))))
      (setvbuf out _IONBF)
      (write-char #\u out)
      (test-equal "setvbuf _IONBF: written at once" (list in)
                  (car (select (list in) '() '() 1)))
      (read-char in)
      (setvbuf out _IOLBF)
      (write-string "ab" out)
      (test-equal "_IOLBF: not before the newline" '()
                  (car (select (list in) '() '() 0)))
      (newline out)
      (test-equal "_IOLBF: at the newline" "ab" (read-line in))
      (setvbuf out _IOFBF 4096)
      (write-string "cd\n" out)
      (test-equal "_IOFBF: not before a flush" '()
                  (car (select (list in) '() '() 0)))
      (flush-output-port out)
      (test-equal "and after it" "cd" (read-line in))
      (test-error-contains "setvbuf of a string port"
                           '("setvbuf" "file, pipe, socket")
                           (lambda () (setvbuf (open-output-string) _IONBF)))
      (close-port out)
      (test-assert "then the end of file" (eof-object? (read-char in)))
      (close-port in))
    (let* ((p (pipe)))
      (close-port (car p))
      (write-string "x" (cdr p))
      (test-equal "a write to a pipe with no reader: EPIPE, not SIGPIPE" EPIPE
                  (errno-of (lambda () (flush-output-port (cdr p)))))
      (guard (e (#t #f)) (close-port (cdr p))))
    (let ((fd (dup->fdes 1)))
      (test-equal "close-fdes" EBADF
                  (begin (close-fdes fd)
                         (errno-of (lambda () (fcntl fd F_GETFD))))))
    (test-error-contains "port->fdes of a string port"
                         '("port->fdes" "port with a file descriptor")
                         (lambda () (port->fdes (open-input-string "x"))))
    (test-error-contains "fdopen with a bad mode" '("fdopen" "out of range")
                         (lambda () (fdopen 0 "x")))))

(test-group "sigaction's thread"
  (lambda ()
    ;; WHERE tells the threads apart: each has its own binding.
    (let* ((where (make-parameter 'main))
           (ran-in #f)
           (stop #f)
           (ready #f)
           (worker (call-with-new-thread
                    (lambda ()
                      (parameterize ((where 'worker))
                        (set! ready #t)
                        (let loop ()
                          (unless stop
                            (usleep 1000)
                            (loop))))
                      'done))))
      (with-handler SIGUSR1 SIG_DFL
        (lambda ()
          (sigaction SIGUSR1 (lambda (sig) (set! ran-in (where)) (set! stop #t))
                     0 worker)
          (let wait () (unless ready (usleep 1000) (wait)))
          (kill (getpid) SIGUSR1)
          (spin 100000)
          (test-eq "the handler runs in the given thread, not here"
                   'done (join-thread worker))
          (test-eq "and it ran" 'worker ran-in))))
    (let ((ran #f))
      (let ((gone (call-with-new-thread (lambda () 'gone))))
        (join-thread gone)
        (with-handler SIGUSR2 SIG_DFL
          (lambda ()
            (sigaction SIGUSR2 (lambda (sig) (set! ran #t)) 0 gone)
            (kill (getpid) SIGUSR2)
            (spin 100000)
            (test-assert "a thread that has exited: the handler runs here"
                         ran)))))
    (test-error-contains "the thread must be a thread"
                         '("sigaction" "wrong type argument")
                         (lambda () (sigaction SIGUSR1 SIG_DFL 0 'main)))))

(test-group "setvbuf: modes, sizes and input"
  (lambda ()
    (let* ((p (pipe)) (in (car p)) (out (cdr p)))
      (setvbuf out 'none)
      (write-char #\u out)
      (test-equal "'none: written at once" (list in)
                  (car (select (list in) '() '() 1)))
      (read-char in)
      (setvbuf out 'block 16)
      (write-string "abcdefghij" out)
      (test-equal "'block 16: ten bytes stay" '()
                  (car (select (list in) '() '() 0)))
      (write-string "klmnopqrst\n" out)
      (test-assert "past 16 they go"
                   (pair? (car (select (list in) '() '() 1))))
      (flush-output-port out)
      (test-equal "all of it, in order" "abcdefghijklmnopqrst"
                  (read-line in))
      (write-string "one\ntwo\nthree\n" out)
      (flush-output-port out)
      (setvbuf in 'none)
      (test-equal "'none on input: a line" "one" (read-line in))
      (let ((other (fdopen (dup->fdes in) "r")))
        (setvbuf other 'none)
        (test-equal "the rest is still in the pipe for another reader"
                    "two" (read-line other))
        (close-port other))
      (test-equal "and the next read takes what follows" "three"
                  (read-line in))
      (write-string "\x1F600;xyz" out)
      (flush-output-port out)
      (test-equal "a character beyond the BMP, byte by byte" #\x1F600
                  (read-char in))
      (setvbuf in 'block 16)
      (test-equal "buffered again" "xyz"
                  (begin (close-port out) (read-string 10 in)))
      (close-port in))
    (let ((p (pipe)))
      (write-string "kept" (cdr p))
      (flush-output-port (cdr p))
      (test-equal "input already buffered is kept" "ept"
                  (begin (read-char (car p))
                         (setvbuf (car p) 'none)
                         (close-port (cdr p))
                         (read-string 10 (car p))))
      (close-port (car p)))
    (test-error-contains "a bad mode" '("setvbuf" "wrong type")
                         (lambda () (setvbuf (current-output-port) 'big)))
    (test-error-contains "a bad size" '("setvbuf" "out of range")
                         (lambda () (setvbuf (current-output-port) 'block 0)))
    (test-error-contains "a closed port" '("setvbuf")
                         (lambda ()
                           (let ((p (open-input-file "/dev/null")))
                             (close-port p)
                             (setvbuf p 'none))))))

(test-group "fdes->ports"
  (lambda ()
    (test-assert "the standard input is among those of 0"
                 (memq (current-input-port) (fdes->ports 0)))
    (test-eq "fdes->inport finds it" (current-input-port) (fdes->inport 0))
    (test-eq "fdes->outport finds the standard output"
             (current-output-port) (fdes->outport 1))
    (let* ((p (pipe)) (in (car p)) (out (cdr p)))
      (test-equal "a pipe's input port" (list in)
                  (fdes->ports (port->fdes in)))
      (test-equal "its output port" (list out)
                  (fdes->ports (port->fdes out)))
      (let ((new (fdes->inport (port->fdes out))))
        (test-assert "fdes->inport of an output port's descriptor is new"
                     (and (input-port? new) (not (eq? new out))))
        (close-port new))
      (let ((fd (port->fdes in)))
        (close-port in)
        (test-equal "a closed port is no longer listed" '()
                    (fdes->ports fd)))
      (close-port out))
    (let* ((fd (dup->fdes 1))
           (q (fdes->outport fd)))
      (test-assert "a new port on a descriptor without one"
                   (and (output-port? q) (= fd (port->fdes q))))
      (test-eq "found the next time" q (fdes->outport fd))
      (close-port q)
      (test-assert "it left the descriptor open"
                   (>= (fcntl fd F_GETFD) 0))
      (close-fdes fd))
    (test-equal "a descriptor with no port" '() (fdes->ports 1000))
    (test-equal "fdes->inport of a closed descriptor: EBADF" EBADF
                (errno-of (lambda () (fdes->inport 1000))))
    (test-error-contains "a descriptor is an integer"
                         '("fdes->ports" "wrong type")
                         (lambda () (fdes->ports "0")))))

(test-group "revealed counts and moving descriptors"
  (lambda ()
    (let* ((p (pipe)) (in (car p)) (out (cdr p)))
      (test-eqv "a new port reveals nothing" 0 (port-revealed in))
      (set-port-revealed! in 2)
      (adjust-port-revealed! in 1)
      (test-eqv "set and adjusted" 3 (port-revealed in))
      (release-port-handle in)
      (test-eqv "release-port-handle takes one" 2 (port-revealed in))
      (adjust-port-revealed! in -10)
      (test-eqv "never below 0" 0 (port-revealed in))
      (let ((fd (port->fdes in)))
        (set-port-revealed! in 1)
        (close-port in)
        (test-assert "a revealed port's descriptor stays open"
                     (>= (fcntl fd F_GETFD) 0))
        (let ((again (fdes->inport fd)))
          (test-eqv "fdes->inport gives a count of 1" 1 (port-revealed again))
          (release-port-handle again)
          (close-port again)
          (test-equal "released, closing it closes the descriptor" EBADF
                      (errno-of (lambda () (fcntl fd F_GETFD))))))
      (close-port out))
    (let* ((p (pipe)) (in (car p)) (out (cdr p))
           (target (dup->fdes 2)))
      (close-fdes target)
      (test-eq "primitive-move->fdes: #t when moved" #t
               (primitive-move->fdes out target))
      (test-eqv "the port is on the new descriptor" target (port->fdes out))
      (write-string "moved\n" out)
      (flush-output-port out)
      (test-equal "and writes through it" "moved" (read-line in))
      (test-eq "#f when it is there already" #f
               (primitive-move->fdes out target))
      (let ((other (fdes->outport (port->fdes in))))
        (release-port-handle other)
        (primitive-move->fdes out (port->fdes in))
        (test-assert "a port on the target is moved off it first"
                     (not (= (port->fdes other) (port->fdes out))))
        (close-port other))
      (test-eqv "move->fdes sets the revealed count" 1
                (port-revealed (move->fdes out target)))
      (set-port-revealed! out 0)
      (close-port out)
      (close-port in))
    (let ((fd (dup->fdes 1)) (target (dup->fdes 1)))
      (close-fdes target)
      (test-eqv "move->fdes of a descriptor returns the new one" target
                (move->fdes fd target))
      (test-equal "the old one is closed" EBADF
                  (errno-of (lambda () (fcntl fd F_GETFD))))
      (close-fdes target))
    (test-error-contains "primitive-move->fdes takes a port"
                         '("primitive-move->fdes" "wrong type")
                         (lambda () (primitive-move->fdes 1 5)))
    (test-error-contains "port-revealed of a non-port"
                         '("port-revealed" "wrong type")
                         (lambda () (port-revealed 0)))))

(test-group "flock"
  (lambda ()
    (let* ((name (test-write-file "lock" ""))
           (a (open-input-file name))
           (b (open-input-file name)))
      (flock a LOCK_EX)
      (test-equal "a second exclusive lock would wait" EWOULDBLOCK
                  (errno-of (lambda () (flock b (logior LOCK_EX LOCK_NB)))))
      (test-eq "a time limit ends a waiting flock" 'limit-exceeded
               (guard (e (#t (condition-kind e)))
                 (call-with-limits (lambda () (flock b LOCK_EX)) 0.1 #f)))
      (flock a LOCK_UN)
      (test-assert "after LOCK_UN it is free"
                   (begin (flock b (logior LOCK_EX LOCK_NB)) #t))
      (close-port a)
      (close-port b))))

(test-end "posix-signals")
