;;; server.sld -- (system repl server): the REPL server for editors
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's REPL server, with Guile's names and meanings: a server
;;; socket (make-tcp-server-socket, loopback port 37146 by default, or
;;; make-unix-domain-server-socket), run-server to accept connections on
;;; it in the calling thread, spawn-server to do so in a new thread, and
;;; stop-server-and-clients! to close them all.  Each connection gets an
;;; interactive REPL (%start-repl: prompts, value history, debug levels)
;;; in a thread of its own, with the connection as its current input,
;;; output and error ports, starting in the module that was current
;;; when the server started.  The clients share that module's bindings,
;;; as Guile's do; what one defines the others see.
;;;
;;; The server and client sockets are kept in one list under a mutex so
;;; that stop-server-and-clients! can shut them down: a shut-down client
;;; reads the end of its input, so its REPL ends and its thread closes
;;; the port; a shut-down server socket makes the accept loop end.

;;; Code:

(define-library (system repl server)
  (import (libscm) (ice-9 threads))
  (export make-tcp-server-socket make-unix-domain-server-socket
          run-server* run-server spawn-server stop-server-and-clients!)
  (begin

    ;; The port Guile's server listens on by default.
    (define default-port 37146)

    ;; The procedures are written with a rest argument, not define*,
    ;; so that they keep their docstrings for ,describe.

    (define (keyword-values who args keys)
      ;; The values that ARGS, keyword/value pairs, give the keywords
      ;; KEYS, in order; #f for those it does not give.
      (let ((vals (map (lambda (k) #f) keys)))
        (let loop ((a args))
          (cond ((null? a) vals)
                ((not (and (keyword? (car a)) (memq (car a) keys)))
                 (error (string-append (symbol->string who)
                                       ": not one of its keywords")
                        (car a) keys))
                ((null? (cdr a))
                 (error (string-append (symbol->string who)
                                       ": no value after the keyword")
                        (car a)))
                (else
                 (set-car! (list-tail vals (- (length keys)
                                              (length (memq (car a) keys))))
                           (cadr a))
                 (loop (cddr a)))))))

    (define (optional-server who args)
      ;; The server socket of (WHO [SERVER]).
      (cond ((null? args) (make-tcp-server-socket))
            ((null? (cdr args)) (car args))
            (else (error (string-append (symbol->string who)
                                        ": too many arguments")
                         args))))

    (define (make-tcp-server-socket . args)
      "Return a TCP socket bound to address ADDR (the loopback
interface unless HOST, a dotted IPv4 address, or ADDR, an
integer, says otherwise) and PORT (37146), ready for
run-server: (make-tcp-server-socket #:port 0).  Anyone
who can connect to it can run any code as this process: bind it to
another interface only on a trusted network."
      (let* ((kv (keyword-values 'make-tcp-server-socket args
                                 '(#:host #:addr #:port)))
             (host (car kv))
             (addr (cond ((cadr kv))
                         (host (inet-pton AF_INET host))
                         (else INADDR_LOOPBACK)))
             (port (or (caddr kv) default-port))
             (sock (socket PF_INET SOCK_STREAM 0)))
        (setsockopt sock SOL_SOCKET SO_REUSEADDR 1)
        (bind sock AF_INET addr port)
        sock))

    (define (make-unix-domain-server-socket . args)
      "Return a Unix-domain stream socket bound to the file PATH
(/tmp/scm-socket), ready for run-server:
(make-unix-domain-server-socket #:path \"/tmp/s\").  The file
must not exist yet.  Who may connect is decided by the permissions of
the file and of its directory."
      (let ((path (or (car (keyword-values 'make-unix-domain-server-socket
                                           args '(#:path)))
                      "/tmp/scm-socket"))
            (sock (socket PF_UNIX SOCK_STREAM 0)))
        (bind sock AF_UNIX path)
        sock))

    ;; ---- The open sockets, for stop-server-and-clients! ----

    (define lock (make-mutex))
    (define open-sockets '())         ; server and client ports
    (define stopped '())              ; server sockets being stopped

    (define (remember-socket! sock)
      (with-mutex lock (set! open-sockets (cons sock open-sockets))))

    (define (forget-socket! sock)
      (with-mutex lock
        (set! open-sockets (remove-eq sock open-sockets))
        (set! stopped (remove-eq sock stopped))))

    (define (remove-eq x lst)
      (cond ((null? lst) '())
            ((eq? x (car lst)) (cdr lst))
            (else (cons (car lst) (remove-eq x (cdr lst))))))

    (define (stopped? sock)
      (with-mutex lock (and (memq sock stopped) #t)))

    (define (stop-server-and-clients!)
      "Shut down every server socket that run-server is accepting
on and every connection it has made: the servers stop accepting, and
each client's REPL sees the end of its input and ends."
      (let ((socks (with-mutex lock
                     (set! stopped (append open-sockets stopped))
                     open-sockets)))
        (for-each (lambda (sock)
                    (guard (e (#t #f)) (shutdown sock SHUT_RDWR)))
                  socks)))

    ;; ---- Serving ----

    (define (serve-repl module)
      ;; The procedure that gives a connection a REPL on its socket,
      ;; starting in MODULE.
      (lambda (client addr)
        (set-current-module module)
        (parameterize ((current-input-port client)
                       (current-output-port client)
                       (current-error-port client))
          (%start-repl))))

    (define (serve client addr serve-client)
      ;; Run (SERVE-CLIENT CLIENT ADDR) in a new thread that closes
      ;; CLIENT however it ends.
      (remember-socket! client)
      (call-with-new-thread
       (lambda ()
         (dynamic-wind
           (lambda () #f)
           (lambda () (serve-client client addr))
           (lambda ()
             (forget-socket! client)
             (hang-up client))))
       (lambda (e) #f)))

    (define (hang-up client)
      ;; Close CLIENT after telling the peer that nothing more comes and
      ;; reading what it has sent and the REPL has not (lines after an
      ;; (exit)): closing a socket with unread input resets the
      ;; connection, and the peer could lose the end of the output.
      (guard (e (#t #f))
        (shutdown client 1)
        (let drain ()
          (when (and (char-ready? client)
                     (not (eof-object? (read-char client))))
            (drain))))
      (close-port client))

    (define (accept-next server)
      ;; The next connection to SERVER, or #f once it is stopped.
      (guard (e ((stopped? server) #f))
        (accept server)))

    (define (run-server* server serve-client)
      "Listen on the socket SERVER and, for each connection,
call (SERVE-CLIENT PORT ADDRESS) in a new
thread, which closes the port after; return when the server is stopped
(stop-server-and-clients!), having closed SERVER."
      (listen server 5)
      (remember-socket! server)
      (dynamic-wind
        (lambda () #f)
        (lambda ()
          (let loop ()
            (let ((conn (accept-next server)))
              (when conn
                (serve (car conn) (cdr conn) serve-client)
                (loop)))))
        (lambda ()
          (forget-socket! server)
          (close-port server))))

    (define (run-server . server)
      "Serve a REPL to each connection to the socket SERVER
((make-tcp-server-socket): the loopback interface, port 37146),
each in its own thread with the connection as its ports, starting in
the current module; return when the server is stopped."
      (run-server* (optional-server 'run-server server)
                   (serve-repl (current-module))))

    (define (spawn-server . args)
      "Run (run-server SERVER) in a new thread and return
the thread."
      (define server (optional-server 'spawn-server args))
      ;; Listening before the thread starts: a client may connect as
      ;; soon as this returns.
      (listen server 5)
      (let ((module (current-module)))
        (call-with-new-thread
         (lambda () (run-server* server (serve-repl module))))))))
