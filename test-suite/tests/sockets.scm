;;; sockets.scm -- sockets as ports with Guile's names: TCP and UDP on
;;; 127.0.0.1 and ::1, Unix sockets, addresses, options, errors,
;;; interrupted waits, descriptors
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Loopback only: every address is 127.0.0.1, ::1 or a file of the
;;; test's temporary directory (which test-suite/run removes), and
;;; getaddrinfo is asked for numeric hosts and "localhost" only.  Every
;;; socket a test opens is closed by with-sockets, also when it fails.

(import (ice-9 threads) (ice-9 ftw))

(test-begin "sockets")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))

(define (errno-of thunk)
  ;; The errno of the system-error THUNK raises, or what it returned.
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

(define open-sockets '())
(define (track! port) (set! open-sockets (cons port open-sockets)) port)
(define (close-all!)
  (for-each close-port open-sockets)
  (set! open-sockets '()))

;; Call THUNK, then close every socket made with `sock' meanwhile.
(define (with-sockets thunk)
  (dynamic-wind (lambda () #f) thunk close-all!))

(define (sock family style) (track! (socket family style 0)))

;; A listening TCP socket of FAMILY on ADDRESS, an ephemeral port.
(define (listener family address)
  (let ((s (sock family SOCK_STREAM)))
    (setsockopt s SOL_SOCKET SO_REUSEADDR 1)
    (bind s family address 0)
    (listen s 16)
    s))

;; A connected pair (client . server) over LISTENING.
(define (connected-pair listening)
  (let* ((sa (getsockname listening))
         (c (sock (sockaddr:fam sa) SOCK_STREAM)))
    (connect c sa)
    (cons c (track! (car (accept listening))))))

(define (descriptor-count)
  (length (scandir "/proc/self/fd"
                   (lambda (name) (not (member name '("." "..")))))))

(define ipv6?
  (guard (e (#t #f))
    (let ((s (socket AF_INET6 SOCK_STREAM 0)))
      (dynamic-wind (lambda () #f)
                    (lambda () (bind s AF_INET6 1 0) #t)
                    (lambda () (close-port s))))))

(test-group "addresses"
  (lambda ()
    (test-equal "inet-pton AF_INET" 2130706433 (inet-pton AF_INET "127.0.0.1"))
    (test-equal "INADDR_LOOPBACK" (inet-pton AF_INET "127.0.0.1")
                INADDR_LOOPBACK)
    (test-equal "INADDR_ANY" 0 INADDR_ANY)
    (test-equal "inet-ntop AF_INET" "10.1.2.255"
                (inet-ntop AF_INET (inet-pton AF_INET "10.1.2.255")))
    (test-equal "inet-pton AF_INET6 ::1" 1 (inet-pton AF_INET6 "::1"))
    (test-equal "128-bit addresses"
                (- (expt 2 128) 1)
                (inet-pton AF_INET6 "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"))
    (test-equal "inet-ntop AF_INET6" "fe80::1:2"
                (inet-ntop AF_INET6 (inet-pton AF_INET6 "fe80::1:2")))
    (test-error-contains "inet-pton of a bad address" '("inet-pton" "bad address")
                         (lambda () (inet-pton AF_INET "256.0.0.1")))
    (test-error-contains "inet-ntop out of range" '("inet-ntop" "out of range")
                         (lambda () (inet-ntop AF_INET (expt 2 32))))
    (test-error-contains "inet-ntop of a string" '("inet-ntop" "wrong type")
                         (lambda () (inet-ntop AF_INET "127.0.0.1")))
    (let ((a (make-socket-address AF_INET INADDR_LOOPBACK 8080)))
      (test-equal "AF_INET sockaddr:fam" AF_INET (sockaddr:fam a))
      (test-equal "sockaddr:addr" INADDR_LOOPBACK (sockaddr:addr a))
      (test-equal "sockaddr:port" 8080 (sockaddr:port a))
      (test-equal "Guile's vector" (vector AF_INET INADDR_LOOPBACK 8080) a)
      (test-error-contains "sockaddr:path of an AF_INET address"
                           '("sockaddr:path" "AF_UNIX socket address")
                           (lambda () (sockaddr:path a)))
      (test-error-contains "sockaddr:flowinfo of an AF_INET address"
                           '("sockaddr:flowinfo" "AF_INET6")
                           (lambda () (sockaddr:flowinfo a))))
    (let ((a (make-socket-address AF_INET6 1 443 7 0)))
      (test-equal "AF_INET6 address" '(10 1 443 7 0)
                  (list (sockaddr:fam a) (sockaddr:addr a) (sockaddr:port a)
                        (sockaddr:flowinfo a) (sockaddr:scopeid a)))
      (test-equal "AF_INET6 defaults" 0
                  (sockaddr:flowinfo (make-socket-address AF_INET6 1 80))))
    (let ((a (make-socket-address AF_UNIX "/tmp/s\x3bb;")))
      (test-equal "AF_UNIX sockaddr:path" "/tmp/s\x3bb;" (sockaddr:path a))
      (test-equal "AF_UNIX sockaddr:fam" AF_UNIX (sockaddr:fam a)))
    (test-error-contains "a port out of range"
                         '("make-socket-address" "out of range")
                         (lambda ()
                           (make-socket-address AF_INET INADDR_ANY 65536)))
    (test-error-contains "a missing port"
                         '("make-socket-address" "missing port")
                         (lambda () (make-socket-address AF_INET INADDR_ANY)))
    (test-error-contains "an unknown family"
                         '("make-socket-address" "address family")
                         (lambda () (make-socket-address 12345 0 0)))
    (test-equal "a Unix path too long" ENAMETOOLONG
                (errno-of (lambda ()
                            (make-socket-address AF_UNIX
                                                 (make-string 200 #\a)))))
    (test-error-contains "sockaddr:port of something else"
                         '("sockaddr:port" "socket address")
                         (lambda () (sockaddr:port #(1 2))))))

(test-group "getaddrinfo"
  (lambda ()
    (let ((ai (car (getaddrinfo "127.0.0.1" "80" (logior AI_NUMERICHOST
                                                         AI_NUMERICSERV)
                                AF_INET SOCK_STREAM))))
      (test-equal "addrinfo:fam" AF_INET (addrinfo:fam ai))
      (test-equal "addrinfo:socktype" SOCK_STREAM (addrinfo:socktype ai))
      (test-equal "addrinfo:protocol" IPPROTO_TCP (addrinfo:protocol ai))
      (test-equal "addrinfo:addr" (make-socket-address AF_INET
                                                       INADDR_LOOPBACK 80)
                  (addrinfo:addr ai))
      (test-eq "addrinfo:canonname without AI_CANONNAME" #f
               (addrinfo:canonname ai))
      (test-assert "addrinfo:flags" (integer? (addrinfo:flags ai))))
    (test-equal "an IPv6 numeric host" (list AF_INET6 1 22)
                (let ((a (addrinfo:addr
                          (car (getaddrinfo "::1" "22"
                                            (logior AI_NUMERICHOST
                                                    AI_NUMERICSERV))))))
                  (list (sockaddr:fam a) (sockaddr:addr a)
                        (sockaddr:port a))))
    (test-assert "localhost has a loopback address"
                 (let ((addrs (map addrinfo:addr
                                   (getaddrinfo "localhost" #f 0 AF_INET))))
                   (member INADDR_LOOPBACK (map sockaddr:addr addrs))))
    (test-equal "AI_PASSIVE with no host: the any address" INADDR_ANY
                (sockaddr:addr
                 (addrinfo:addr (car (getaddrinfo #f "8080"
                                                  (logior AI_PASSIVE
                                                          AI_NUMERICSERV)
                                                  AF_INET SOCK_STREAM)))))
    (test-equal "a failure throws getaddrinfo-error with the code"
                (list 'getaddrinfo-error EAI_NONAME)
                (catch 'getaddrinfo-error
                  (lambda () (getaddrinfo "not an address" #f AI_NUMERICHOST))
                  (lambda (key code) (list key code))))
    (test-equal "guard sees the same" (list EAI_NONAME)
                (guard (e ((eq? (condition-kind e) 'getaddrinfo-error)
                           (error-object-irritants e)))
                  (getaddrinfo "not an address" #f AI_NUMERICHOST)))
    (test-equal "a bad service" EAI_SERVICE
                (catch 'getaddrinfo-error
                  (lambda () (getaddrinfo "127.0.0.1" "no-such-service-here"
                                          AI_NUMERICHOST AF_INET SOCK_STREAM))
                  (lambda (key code) code)))
    (test-assert "gai-strerror" (string? (gai-strerror EAI_NONAME)))
    (test-assert "gai-strerror differs by code"
                 (not (equal? (gai-strerror EAI_NONAME)
                              (gai-strerror EAI_SERVICE))))
    (test-error-contains "a bad host argument" '("getaddrinfo" "wrong type")
                         (lambda () (getaddrinfo 127)))
    (test-error-contains "addrinfo:fam of something else"
                         '("addrinfo:fam" "addrinfo")
                         (lambda () (addrinfo:fam #(1 2))))))

;; A TCP conversation on FAMILY's loopback ADDRESS: lines, bytes,
;; addresses, shutdown.
(define (tcp-conversation family address)
  (with-sockets
   (lambda ()
     (let* ((l (listener family address))
            (port (sockaddr:port (getsockname l)))
            (c (sock family SOCK_STREAM)))
       (test-assert "an ephemeral port" (< 0 port 65536))
       (test-eq "connect returns #t" #t (connect c family address port))
       (let* ((acc (accept l))
              (s (track! (car acc))))
         (test-equal "accept's address is the peer's" (getsockname c)
                     (cdr acc))
         (test-equal "getpeername" (getsockname l)
                     (let ((p (getpeername c)))
                       ;; The listener's is the any or loopback address.
                       (if (= family AF_INET)
                           (make-socket-address AF_INET address port)
                           p)))
         (test-assert "accept returns a port" (input-port? s))
         (test-assert "an output port too" (output-port? s))
         (write-string "hello, \x3bb; \x1F600;\n" c)
         (test-equal "write-string and read-line, beyond the BMP"
                     "hello, \x3bb; \x1F600;" (read-line s))
         (write-bytevector (bytevector 0 1 2 255) s)
         (test-equal "bytes the other way" (bytevector 0 1 2 255)
                     (read-bytevector 4 c))
         (write-char #\x c)
         (test-equal "char-ready? once data came"
                     #t (let loop ((i 0))
                          (or (char-ready? s) (and (< i 100)
                                                   (begin (usleep 1000)
                                                          (loop (+ i 1)))))))
         (test-equal "read-char" #\x (read-char s))
         (shutdown c 1)
         (test-assert "shutdown 1: the peer reads the end"
                      (eof-object? (read-char s)))
         (write-string "still open this way\n" s)
         (test-equal "the other direction still works" "still open this way"
                     (read-line c))
         (close-port s)
         (test-assert "close: the peer reads the end"
                      (eof-object? (read-line c))))))))

(test-group "TCP on 127.0.0.1"
  (lambda () (tcp-conversation AF_INET INADDR_LOOPBACK)))

(test-group "TCP on ::1"
  (lambda ()
    (if ipv6?
        (tcp-conversation AF_INET6 1)
        (begin (test-skip 14)
               (tcp-conversation AF_INET6 1)))))

(define (udp-exchange family address)
  (with-sockets
   (lambda ()
     (let* ((a (sock family SOCK_DGRAM))
            (b (sock family SOCK_DGRAM)))
       (bind a family address 0)
       (bind b family address 0)
       (let ((a-addr (getsockname a))
             (buf (make-bytevector 100 0)))
         (test-equal "sendto a socket address" 5
                     (sendto b (string->utf8 "hello") a-addr))
         (let ((r (recvfrom! a buf)))
           (test-equal "recvfrom! counts" 5 (car r))
           (test-equal "recvfrom! gives the sender" (getsockname b) (cdr r))
           (test-equal "the datagram" "hello"
                       (utf8->string (bytevector-copy buf 0 5))))
         (test-equal "sendto with family, address and port" 3
                     (sendto b (bytevector 1 2 3) family address
                             (sockaddr:port a-addr)))
         (test-equal "recvfrom! into a range" 3
                     (car (recvfrom! a buf 0 10 20)))
         (test-equal "... lands there" (bytevector 1 2 3)
                     (bytevector-copy buf 10 13))
         (connect b a-addr)
         (test-equal "send on a connected datagram socket" 2
                     (send b (bytevector 7 8)))
         (test-equal "recv! with MSG_PEEK leaves it" 2
                     (recv! a buf MSG_PEEK))
         (test-equal "recv!" 2 (recv! a buf))
         (test-equal "... the bytes" (bytevector 7 8) (bytevector-copy buf 0 2))
         (test-equal "recv! of a non-blocking socket with nothing: EAGAIN"
                     EAGAIN (errno-of (lambda () (recv! a buf MSG_DONTWAIT))))
         (test-error-contains "recvfrom! range out of bounds"
                              '("recvfrom!" "out of range")
                              (lambda () (recvfrom! a buf 0 50 200))))))))

(test-group "UDP on 127.0.0.1"
  (lambda () (udp-exchange AF_INET INADDR_LOOPBACK)))

(test-group "UDP on ::1"
  (lambda ()
    (unless ipv6? (test-skip 13))
    (udp-exchange AF_INET6 1)))

(test-group "Unix sockets"
  (lambda ()
    (with-sockets
     (lambda ()
       (let* ((path (in "sock"))
              (l (sock AF_UNIX SOCK_STREAM)))
         (bind l AF_UNIX path)
         (listen l 4)
         (test-equal "the socket file is there" 'socket (stat:type (stat path)))
         (test-equal "getsockname" (make-socket-address AF_UNIX path)
                     (getsockname l))
         (let ((c (sock AF_UNIX SOCK_STREAM)))
           (connect c (make-socket-address AF_UNIX path))
           (let ((s (track! (car (accept l)))))
             (write-string "over a file\n" c)
             (test-equal "a line through it" "over a file" (read-line s))
             (test-eq "an unnamed client's address has no path" #f
                      (sockaddr:path (getpeername s)))))
         (test-equal "binding the same path again" EADDRINUSE
                     (errno-of (lambda ()
                                 (bind (sock AF_UNIX SOCK_STREAM)
                                       AF_UNIX path))))
         (delete-file path)
         (test-equal "connecting to a missing socket" ENOENT
                     (errno-of (lambda ()
                                 (connect (sock AF_UNIX SOCK_STREAM)
                                          AF_UNIX (in "none"))))))))
    (with-sockets
     (lambda ()
       (let* ((p (socketpair AF_UNIX SOCK_STREAM 0))
              (a (track! (car p)))
              (b (track! (cdr p))))
         (write-string "pair\n" a)
         (test-equal "socketpair" "pair" (read-line b))
         (test-equal "an unnamed socket's address" (vector AF_UNIX #f)
                     (getsockname a)))))))

(test-group "options"
  (lambda ()
    (with-sockets
     (lambda ()
       (let ((s (sock AF_INET SOCK_STREAM)))
         (setsockopt s SOL_SOCKET SO_REUSEADDR 1)
         (test-assert "SO_REUSEADDR" (not (zero? (getsockopt s SOL_SOCKET
                                                             SO_REUSEADDR))))
         (setsockopt s SOL_SOCKET SO_KEEPALIVE 1)
         (test-assert "SO_KEEPALIVE" (not (zero? (getsockopt s SOL_SOCKET
                                                             SO_KEEPALIVE))))
         (setsockopt s IPPROTO_TCP TCP_NODELAY 1)
         (test-assert "TCP_NODELAY" (not (zero? (getsockopt s IPPROTO_TCP
                                                            TCP_NODELAY))))
         (setsockopt s SOL_SOCKET SO_RCVBUF 65536)
         (test-assert "SO_RCVBUF (the kernel doubles it)"
                      (>= (getsockopt s SOL_SOCKET SO_RCVBUF) 65536))
         (test-assert "SO_SNDBUF" (> (getsockopt s SOL_SOCKET SO_SNDBUF) 0))
         (setsockopt s SOL_SOCKET SO_LINGER '(1 . 5))
         (test-equal "SO_LINGER is a pair" '(1 . 5)
                     (getsockopt s SOL_SOCKET SO_LINGER))
         (test-equal "SO_TYPE" SOCK_STREAM (getsockopt s SOL_SOCKET SO_TYPE))
         (test-error-contains "SO_LINGER wants a pair"
                              '("setsockopt" "pair")
                              (lambda ()
                                (setsockopt s SOL_SOCKET SO_LINGER 1)))
         (test-equal "an unknown option" ENOPROTOOPT
                     (errno-of (lambda () (getsockopt s SOL_SOCKET 9999))))
         (test-equal "every socket is close-on-exec" FD_CLOEXEC
                     (logand FD_CLOEXEC (fcntl s F_GETFD)))
         (let ((pair (connected-pair (listener AF_INET INADDR_LOOPBACK))))
           (test-equal "accepted sockets too" FD_CLOEXEC
                       (logand FD_CLOEXEC (fcntl (cdr pair) F_GETFD))))
         (test-equal "socketpair's too" FD_CLOEXEC
                     (logand FD_CLOEXEC
                             (fcntl (track! (car (socketpair AF_UNIX
                                                             SOCK_STREAM 0)))
                                    F_GETFD)))
         (test-equal "SOCK_NONBLOCK" O_NONBLOCK
                     (logand O_NONBLOCK
                             (fcntl (sock AF_INET (logior SOCK_STREAM
                                                          SOCK_NONBLOCK))
                                    F_GETFL))))))))

(test-group "non-blocking sockets"
  (lambda ()
    (with-sockets
     (lambda ()
       (let ((l (sock AF_INET (logior SOCK_STREAM SOCK_NONBLOCK))))
         (bind l AF_INET INADDR_LOOPBACK 0)
         (listen l 4)
         (test-eq "accept with nobody waiting: #f" #f (accept l))
         (let ((c (sock AF_INET (logior SOCK_STREAM SOCK_NONBLOCK))))
           (test-assert "connect: #t or #f (under way)"
                        (boolean? (connect c (getsockname l))))
           (test-equal "select sees it writable once connected"
                       (list c)
                       (cadr (select '() (list c) '() 5)))
           (test-equal "SO_ERROR: none" 0 (getsockopt c SOL_SOCKET SO_ERROR))
           (let ((a (let loop ((i 0))
                      (or (accept l)
                          (and (< i 500) (begin (usleep 1000)
                                                (loop (+ i 1))))))))
             (test-assert "accept once it came" (pair? a))
             (let ((s (track! (car a))))
               (test-equal "accept's SOCK_NONBLOCK flag"
                           0 (logand O_NONBLOCK (fcntl s F_GETFL)))
               (test-equal "recv! with nothing there: EAGAIN" EAGAIN
                           (errno-of (lambda ()
                                       (recv! c (make-bytevector 4)))))
               (write-string "x\n" s)
               (test-equal "a read on a non-blocking socket port waits"
                           "x" (read-line c)))))
         (let ((c (sock AF_INET SOCK_STREAM)))
           (connect c (getsockname l))
           (let ((a (let loop ((i 0))
                      (or (accept l SOCK_NONBLOCK)
                          (and (< i 500) (begin (usleep 1000)
                                                (loop (+ i 1))))))))
             (test-equal "accept with SOCK_NONBLOCK" O_NONBLOCK
                         (logand O_NONBLOCK (fcntl (track! (car a))
                                                   F_GETFL))))))))))

(test-group "errors"
  (lambda ()
    (with-sockets
     (lambda ()
       (let* ((l (listener AF_INET INADDR_LOOPBACK))
              (port (sockaddr:port (getsockname l))))
         (close-port l)
         (test-error-message "a refused connection names the address"
                             (string-append "connect: Connection refused: \"127.0.0.1:"
                                            (number->string port) "\"")
                             (lambda ()
                               (connect (sock AF_INET SOCK_STREAM)
                                        AF_INET INADDR_LOOPBACK port)))
         (test-equal "its errno" ECONNREFUSED
                     (errno-of (lambda ()
                                 (connect (sock AF_INET SOCK_STREAM)
                                          AF_INET INADDR_LOOPBACK port))))
         (test-equal "Guile's catch" (list 'system-error 'connect ECONNREFUSED)
                     (catch 'system-error
                       (lambda ()
                         (connect (sock AF_INET SOCK_STREAM)
                                  AF_INET INADDR_LOOPBACK port))
                       (lambda (key who msg args rest)
                         (list key who (car rest))))))
       (let ((l (listener AF_INET INADDR_LOOPBACK)))
         (test-equal "an address in use" EADDRINUSE
                     (errno-of (lambda ()
                                 (bind (sock AF_INET SOCK_STREAM)
                                       (getsockname l))))))
       (test-equal "an unknown family" EAFNOSUPPORT
                   (errno-of (lambda () (socket 12345 SOCK_STREAM 0))))
       (test-equal "listen on a datagram socket" EOPNOTSUPP
                   (errno-of (lambda () (listen (sock AF_INET SOCK_DGRAM) 1))))
       (test-equal "accept on a socket that does not listen" EINVAL
                   (errno-of (lambda () (accept (sock AF_INET SOCK_STREAM)))))
       (test-equal "getpeername of an unconnected socket" ENOTCONN
                   (errno-of (lambda ()
                               (getpeername (sock AF_INET SOCK_STREAM)))))
       (test-error-contains "a string port is no socket"
                            '("bind" "wrong type argument in position 1")
                            (lambda ()
                              (bind (open-input-string "") AF_INET 0 0)))
       (test-equal "a file port is no socket: ENOTSOCK" ENOTSOCK
                   (let ((port (open-input-file "/dev/null")))
                     (dynamic-wind
                       (lambda () #f)
                       (lambda () (errno-of (lambda () (getsockname port))))
                       (lambda () (close-port port)))))
       (test-equal "fdopen of a socket's descriptor works as the socket"
                   (vector AF_UNIX #f)
                   (let* ((p (socketpair AF_UNIX SOCK_STREAM 0))
                          (f (fdopen (dup->fdes (track! (car p))) "r+")))
                     (track! (cdr p))
                     (dynamic-wind
                       (lambda () #f)
                       (lambda () (getsockname f))
                       (lambda () (close-port f)))))
       (test-error-contains "a closed socket"
                            '("listen" "open socket port")
                            (lambda ()
                              (let ((s (socket AF_INET SOCK_STREAM 0)))
                                (close-port s)
                                (listen s 1))))
       (test-error-contains "send of a string" '("send" "bytevector")
                            (lambda ()
                              (send (sock AF_INET SOCK_DGRAM) "text")))
       (test-error-contains "too many address arguments"
                            '("bind" "too many")
                            (lambda ()
                              (bind (sock AF_INET SOCK_STREAM)
                                    AF_INET INADDR_LOOPBACK 0 1)))
       (let* ((p (socketpair AF_UNIX SOCK_STREAM 0))
              (a (track! (car p))))
         (close-port (cdr p))
         (test-equal "a write to a closed peer raises EPIPE, no SIGPIPE"
                     EPIPE
                     (errno-of (lambda ()
                                 (let loop ((i 0))
                                   (write-string "x" a)
                                   (if (< i 10) (loop (+ i 1)))))))
         (test-error-contains "... naming the port"
                              '("write: Broken pipe" "socket")
                              (lambda () (write-string "x" a))))))))

;; Read exactly N bytes from PORT into a new bytevector (fewer at the
;; end of the stream).
(define (read-exactly port n)
  (let ((bv (make-bytevector n 0)))
    (let loop ((got 0))
      (if (= got n)
          bv
          (let ((k (read-bytevector! bv port got n)))
            (if (eof-object? k)
                (bytevector-copy bv 0 got)
                (loop (+ got k))))))))

;; Chunk K of the 10 MB stream: a pattern whose first 4 bytes are K, so
;; that a chunk out of place is seen too.
(define chunk-size 65536)
(define (chunk k)
  (let ((bv (make-bytevector chunk-size 0)))
    (do ((i 0 (+ i 1))) ((= i chunk-size))
      (bytevector-u8-set! bv i (modulo (+ (* i 7) (quotient i 251) k) 256)))
    (bytevector-u8-set! bv 0 (modulo k 256))
    (bytevector-u8-set! bv 1 (quotient k 256))
    bv))

(test-group "10 MB each way between two threads"
  (lambda ()
    (with-sockets
     (lambda ()
       (let* ((n-chunks 160)            ; 160 * 64 KiB = 10 MiB
              (chunks (let loop ((k 0) (acc '()))
                        (if (= k n-chunks) (list->vector (reverse acc))
                            (loop (+ k 1) (cons (chunk k) acc)))))
              (l (listener AF_INET INADDR_LOOPBACK))
              ;; The server echoes what it reads.
              (server (call-with-new-thread
                       (lambda ()
                         (let ((s (car (accept l))))
                           (let loop ((total 0))
                             (let ((bv (read-bytevector 32768 s)))
                               (if (eof-object? bv)
                                   (begin (close-port s) total)
                                   (begin (write-bytevector bv s)
                                          (loop (+ total
                                                   (bytevector-length bv)))))))))))
              (c (sock AF_INET SOCK_STREAM)))
         (connect c (getsockname l))
         ;; The client writes from a second thread, reads here.
         (let ((writer (call-with-new-thread
                        (lambda ()
                          (do ((k 0 (+ k 1))) ((= k n-chunks))
                            (write-bytevector (vector-ref chunks k) c))
                          (shutdown c 1)
                          'written))))
           (let loop ((k 0) (bad 0))
             (if (< k n-chunks)
                 (loop (+ k 1)
                       (if (equal? (read-exactly c chunk-size)
                                   (vector-ref chunks k))
                           bad (+ bad 1)))
                 (begin
                   (test-equal "every byte came back, in order" 0 bad)
                   (test-assert "then the end" (eof-object? (read-u8 c))))))
           (test-eq "the writer ended" 'written (join-thread writer))
           (test-equal "the server read 10 MiB" (* n-chunks chunk-size)
                       (join-thread server))))))))

(test-group "select"
  (lambda ()
    (with-sockets
     (lambda ()
       (let* ((p (socketpair AF_UNIX SOCK_STREAM 0))
              (a (track! (car p)))
              (b (track! (cdr p)))
              (t0 (get-internal-real-time))
              (r (select (list a) '() '() 0 200000))
              (dt (/ (- (get-internal-real-time) t0)
                     internal-time-units-per-second)))
         (test-equal "nothing ready: three empty lists after the timeout"
                     '(() () ()) r)
         (test-assert "it waited" (>= dt 0.15))
         (test-equal "a writable socket" (list (list) (list b) (list))
                     (select (list a) (list b) '() 0))
         (write-string "x" b)
         (test-equal "readable once written"
                     (list (list a) (list) (list))
                     (select (list a) '() '() 1))
         (test-equal "descriptors too"
                     (list (list (port->fdes a)) '() '())
                     (select (list (port->fdes a)) '() '() 1)))))))

(test-group "interrupted waits"
  (lambda ()
    (with-sockets
     (lambda ()
       (let ((l (listener AF_INET INADDR_LOOPBACK))
             (old (sigaction SIGUSR1)))
         (test-eq "a blocking accept ends on a signal sent from another thread"
                  'woken
                  (dynamic-wind
                    (lambda ()
                      (sigaction SIGUSR1 (lambda (sig) (raise 'woken))))
                    (lambda ()
                      (let ((t (call-with-new-thread
                                (lambda ()
                                  (usleep 100000)
                                  (kill (getpid) SIGUSR1)))))
                        (guard (e ((eq? e 'woken) (join-thread t) e))
                          (accept l))))
                    (lambda () (sigaction SIGUSR1 (car old) (cdr old)))))
         (test-equal "a blocking accept ends on a time limit" '(time)
                     (guard (e ((eq? (condition-kind e) 'limit-exceeded)
                                (error-object-irritants e)))
                       (call-with-limits (lambda () (accept l)) 0.1 #f)))
         (let* ((pair (connected-pair l))
                (c (car pair))
                (s (cdr pair)))
           (test-equal "a read on a socket port ends on a time limit" '(time)
                       (guard (e ((eq? (condition-kind e) 'limit-exceeded)
                                  (error-object-irritants e)))
                         (call-with-limits (lambda () (read-line s)) 0.1 #f)))
           (test-equal "so does recv!" '(time)
                       (guard (e ((eq? (condition-kind e) 'limit-exceeded)
                                  (error-object-irritants e)))
                         (call-with-limits
                          (lambda () (recv! s (make-bytevector 10)))
                          0.1 #f)))
           (test-equal "so does select" '(time)
                       (guard (e ((eq? (condition-kind e) 'limit-exceeded)
                                  (error-object-irritants e)))
                         (call-with-limits (lambda () (select (list s) '() '()))
                                           0.1 #f)))
           (write-string "after\n" c)
           (test-equal "the socket works after" "after" (read-line s)))
         (let ((c (sock AF_INET SOCK_STREAM)))
           (connect c (getsockname l))
           (test-assert "a connection made after an interrupted accept is accepted"
                        (pair? (accept l)))))))))

(test-group "descriptors"
  (lambda ()
    ;; Sockets that earlier tests dropped are closed first, so that the
    ;; collector closes none of them during the count.
    (gc)
    (usleep 20000)
    (gc)
    (let* ((before (descriptor-count))
           (l (socket AF_INET SOCK_STREAM 0))
           (buf (make-bytevector 1)))
      (bind l AF_INET INADDR_LOOPBACK 0)
      (listen l 64)
      (let ((sa (getsockname l)))
        (do ((i 0 (+ i 1))) ((= i 10000))
          (let ((c (socket AF_INET SOCK_STREAM 0)))
            (connect c sa)
            (let ((s (car (accept l))))
              (write-u8 (modulo i 256) c)
              (recv! s buf)
              ;; An abortive close leaves no TIME_WAIT behind: 10,000 of
              ;; those would eat the ephemeral ports.
              (setsockopt c SOL_SOCKET SO_LINGER '(1 . 0))
              (close-port c)
              (close-port s)))))
      (close-port l)
      (test-equal "10,000 connections closed with close-port: none leaked"
                  before (descriptor-count))
      (do ((i 0 (+ i 1))) ((= i 4000))
        (socketpair AF_UNIX SOCK_STREAM 0)
        (if (= 0 (modulo i 500)) (gc)))
      (gc)
      (let loop ((i 0))
        (when (and (< i 50) (> (descriptor-count) (+ before 200)))
          (gc)
          (usleep 10000)
          (loop (+ i 1))))
      (test-assert "4,000 socket pairs left unclosed: the collector closes them"
                   (<= (descriptor-count) (+ before 200)))
      (gc)
      (usleep 20000)
      (let ((before (descriptor-count)))
        (do ((i 0 (+ i 1))) ((= i 1000))
          (getaddrinfo "127.0.0.1" "80" (logior AI_NUMERICHOST AI_NUMERICSERV)))
        ;; Lookups cut short by a time limit: their threads finish alone.
        (do ((i 0 (+ i 1))) ((= i 20))
          (guard (e (#t #f))
            (call-with-limits
             (lambda () (let loop () (getaddrinfo "localhost" #f 0 AF_INET)
                          (loop)))
             0.01 #f)))
        ;; Until they have (30 s at most: a loaded machine runs them
        ;; late, and a descriptor kept for good fails the case).
        (let ((end (+ (get-internal-real-time)
                      (* 30 internal-time-units-per-second))))
          (let loop ()
            (when (and (< (get-internal-real-time) end)
                       (> (descriptor-count) before))
              (usleep 10000)
              (loop))))
        (test-equal "1,000 lookups and 20 interrupted ones leave no descriptor"
                    before (descriptor-count))))))

(test-end "sockets")
