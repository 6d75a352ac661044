;;; posix-netdb.scm -- the network databases with Guile's names:
;;; gethost, getnet, getproto, getserv, their other names, the walks
;;; and the entry accessors
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; No network: hosts are "localhost" and 127.0.0.1 (from /etc/hosts,
;;; which the lookup reads before any name server), services, protocols
;;; and networks come from /etc/services, /etc/protocols and
;;; /etc/networks with entries every Debian system has (netbase).  A
;;; group whose file is absent is skipped, saying why.

(import (only (srfi 1) every))

(test-begin "posix-netdb")

(define (errno-of thunk)
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

;; The key Guile's catch gives for what THUNK throws.
(define (thrown-key thunk)
  (catch #t thunk (lambda (key . args) key)))

;; Run the group BODY if FILE exists, else skip its COUNT tests.
(define (with-file file count body)
  (if (file-exists? file)
      (body)
      (begin
        (display (string-append "# skipped: no " file "\n"))
        (test-skip count)
        (body))))

(test-group "hosts"
  (lambda ()
    (with-file "/etc/hosts" 9
      (lambda ()
        (let ((h (gethost "localhost")))
          (test-assert "an entry is a vector of five" (= 5 (vector-length h)))
          (test-eq "addrtype" AF_INET (hostent:addrtype h))
          (test-eqv "length: 4 bytes" 4 (hostent:length h))
          (test-assert "127.0.0.1 among the addresses"
                       (member INADDR_LOOPBACK (hostent:addr-list h)))
          (test-assert "the aliases are a list of strings"
                       (and (list? (hostent:aliases h))
                            (every string? (hostent:aliases h)))))
        (test-equal "a dotted address is its own entry" (list INADDR_LOOPBACK)
                    (hostent:addr-list (gethost "127.0.0.1")))
        (test-assert "by address"
                     (string? (hostent:name (gethostbyaddr INADDR_LOOPBACK))))
        (test-equal "gethostbyname is gethost with a name"
                    (gethost "localhost") (gethostbyname "localhost"))
        (test-assert "the walk: an entry, or #f at the end"
                     (begin (sethost #t)
                            (let ((e (gethostent)))
                              (endhostent)
                              (or (not e) (string? (hostent:name e))))))))
    ;; An empty name is refused by the resolver without asking anyone.
    (test-assert "a failed lookup throws as in Guile"
                 (memq (thrown-key (lambda () (gethost "")))
                       '(host-not-found try-again no-recovery no-data)))
    (test-error-contains "a real number is no address"
                         '("gethost" "wrong type") (lambda () (gethost 1.5)))
    (test-error-contains "an address beyond 32 bits"
                         '("gethost" "out of range")
                         (lambda () (gethost (expt 2 32))))))

(test-group "services"
  (lambda ()
    (with-file "/etc/services" 11
      (lambda ()
        (let ((s (getserv "http" "tcp")))
          (test-equal "name" "http" (servent:name s))
          (test-eqv "port" 80 (servent:port s))
          (test-equal "proto" "tcp" (servent:proto s))
          (test-assert "aliases" (list? (servent:aliases s))))
        (test-equal "by port" "http" (servent:name (getserv 80 "tcp")))
        (test-equal "getservbyname" 22
                    (servent:port (getservbyname "ssh" "tcp")))
        (test-equal "getservbyport" "ssh"
                    (servent:name (getservbyport 22 "tcp")))
        (test-equal "an unknown service: system-error with errno 0" 0
                    (errno-of (lambda () (getserv "no-such-service" "tcp"))))
        (test-error-contains "its message" '("getserv" "no such service")
                             (lambda () (getserv "no-such-service" "tcp")))
        (let ((n (begin (setserv #t)
                        (let loop ((n 0))
                          (if (and (getservent) (< n 100000))
                              (loop (+ n 1))
                              (begin (endservent) n))))))
          (test-assert "the walk reaches the end" (> n 10)))
        (test-assert "setserv starts the walk over"
                     (begin (setserv #f)
                            (let ((a (getserv)))
                              (setserv #f)
                              (let ((b (getserv)))
                                (setserv)
                                (equal? a b)))))))
    (test-error-contains "the protocol is needed" '("getserv" "wrong type")
                         (lambda () (getserv "http")))
    (test-error-contains "a protocol is a string" '("getserv" "wrong type")
                         (lambda () (getserv "http" 6)))
    (test-error-contains "a port beyond 65535" '("getserv" "out of range")
                         (lambda () (getserv 65536 "tcp")))))

(test-group "protocols and networks"
  (lambda ()
    (with-file "/etc/protocols" 5
      (lambda ()
        (test-eqv "tcp is 6" 6 (protoent:proto (getproto "tcp")))
        (test-equal "17 is udp" "udp" (protoent:name (getproto 17)))
        (test-equal "getprotobyname" (getproto "udp") (getprotobyname "udp"))
        (test-equal "getprotobynumber" (getproto 6) (getprotobynumber 6))
        (test-error-contains "an unknown protocol"
                             '("getproto" "no such protocol")
                             (lambda () (getproto "no-such-protocol")))))
    (with-file "/etc/networks" 3
      (lambda ()
        (let ((n (getnet "loopback")))
          (test-equal "loopback's number" #x7f000000 (netent:net n))
          (test-eq "its family" AF_INET (netent:addrtype n))
          (test-equal "by number" "loopback"
                      (netent:name (getnetbyaddr #x7f000000))))))
    (test-equal "an unknown network: system-error with errno 0" 0
                (errno-of (lambda () (getnet "no-such-network"))))
    (test-error-contains "an accessor checks its entry"
                         '("servent:port" "wrong type")
                         (lambda () (servent:port #(1 2 3))))
    (test-error-contains "a host accessor too"
                         '("hostent:name" "wrong type")
                         (lambda () (hostent:name "localhost")))))

(test-end "posix-netdb")
