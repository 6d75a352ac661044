;;; srfi-170.scm -- (srfi 170), the portable POSIX API, on the real
;;; file system in the test's temporary directory
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (prefix (srfi 170) p:) (srfi 19))

(test-begin "srfi-170")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))

(define (error-name thunk)
  ;; The posix-error-name of what THUNK raises, or what it returned.
  (guard (e ((p:posix-error? e) (p:posix-error-name e)))
    (thunk)))

(test-group "errors"
  (lambda ()
    (test-eq "posix-error-name" 'ENOENT
             (error-name (lambda () (p:file-info (in "none") #t))))
    (test-equal "posix-error-message" "No such file or directory"
                (guard (e ((p:posix-error? e) (p:posix-error-message e)))
                  (p:delete-directory (in "none"))))
    (test-eq "any errno's name" 'ENOTSOCK
             (let ((port (open-input-file "/dev/null")))
               (dynamic-wind
                 (lambda () #f)
                 (lambda () (error-name (lambda () (getsockname port))))
                 (lambda () (close-port port)))))
    (test-assert "posix-error? of another condition"
                 (not (p:posix-error? (guard (e (#t e)) (car 1)))))))

(test-group "files"
  (lambda ()
    (p:create-directory (in "d"))
    (test-assert "create-directory" (p:file-info-directory?
                                     (p:file-info (in "d") #t)))
    (test-eq "creating it again: EEXIST" 'EEXIST
             (error-name (lambda () (p:create-directory (in "d")))))
    (p:create-fifo (in "fifo"))
    (test-assert "create-fifo" (p:file-info-fifo? (p:file-info (in "fifo") #t)))
    (let ((out (p:open-file (in "f") p:textual-output
                            (+ p:open/create p:open/truncate))))
      (write-string "caf\xe9; \x1F600;\n" out)
      (close-port out))
    (test-equal "open-file, textual-output then input"
                "caf\xe9; \x1F600;"
                (let* ((in-port (p:open-file (in "f") p:textual-input 0))
                       (l (read-line in-port)))
                  (close-port in-port)
                  l))
    (test-eq "open/exclusive on an existing file" 'EEXIST
             (error-name (lambda ()
                           (p:open-file (in "f") p:binary-output
                                        (+ p:open/create p:open/exclusive)))))
    (let ((out (p:open-file (in "f") p:binary-output p:open/append)))
      (write-bytevector (bytevector 65 10) out)
      (close-port out))
    (let ((fi (p:file-info (in "f") #t)))
      (test-assert "file-info?" (p:file-info? fi))
      (test-assert "file-info-regular?" (p:file-info-regular? fi))
      (test-equal "open/append appended: the size"
                  (+ (bytevector-length (string->utf8 "caf\xe9; \x1F600;\n")) 2)
                  (p:file-info:size fi))
      (test-equal "file-info:nlinks" 1 (p:file-info:nlinks fi))
      (test-assert "file-info:mtime is a time-utc"
                   (eq? (time-type (p:file-info:mtime fi)) time-utc)))
    (p:create-hard-link (in "f") (in "f2"))
    (test-equal "create-hard-link" 2 (p:file-info:nlinks (p:file-info (in "f") #t)))
    (p:create-symlink "f" (in "link"))
    (test-equal "read-symlink" "f" (p:read-symlink (in "link")))
    (test-assert "file-info without following: a symlink"
                 (p:file-info-symlink? (p:file-info (in "link") #f)))
    (test-assert "with following: the file"
                 (p:file-info-regular? (p:file-info (in "link") #t)))
    (p:set-file-mode (in "f") #o640)
    (test-equal "set-file-mode" #o640
                (logand #o777 (p:file-info:mode (p:file-info (in "f") #t))))
    (let ((t (make-time time-utc 500000000 1000000000)))
      (p:set-file-times (in "f") t p:time/unchanged)
      (let ((fi (p:file-info (in "f") #t)))
        (test-equal "set-file-times: the access time" 1000000000
                    (time-second (p:file-info:atime fi)))
        (test-equal "... its nanoseconds" 500000000
                    (time-nanosecond (p:file-info:atime fi)))
        (test-assert "time/unchanged kept the modification time"
                     (> (time-second (p:file-info:mtime fi)) 1000000000))))
    (p:truncate-file (in "f") 3)
    (test-equal "truncate-file" 3 (p:file-info:size (p:file-info (in "f") #t)))
    (p:rename-file (in "f2") (in "f3"))
    (test-equal "rename-file and directory-files"
                '("d" "f" "f3" "fifo" "link" "run.scm")
                (sort (p:directory-files tmp) string<?))
    (close-port (open-output-file (in "d/.hidden")))
    (close-port (open-output-file (in "d/seen")))
    (test-equal "directory-files leaves dot files out" '("seen")
                (p:directory-files (in "d")))
    (test-equal "... unless asked" '(".hidden" "seen")
                (sort (p:directory-files (in "d") #t) string<?))
    (test-equal "a generator"
                '("seen")
                (let ((g (p:make-directory-files-generator (in "d"))))
                  (let loop ((acc '()))
                    (let ((x (g)))
                      (if (eof-object? x) (reverse acc) (loop (cons x acc)))))))
    (let ((d (p:open-directory (in "d") #t)))
      (test-equal "open-directory and read-directory"
                  '(".hidden" "seen")
                  (sort (let loop ((acc '()))
                          (let ((x (p:read-directory d)))
                            (if (eof-object? x) acc
                                (loop (cons x acc)))))
                        string<?))
      (p:close-directory d))
    (test-eq "delete-directory of a non-empty one" 'ENOTEMPTY
             (error-name (lambda () (p:delete-directory (in "d")))))
    (delete-file (in "d/.hidden"))
    (delete-file (in "d/seen"))
    (p:delete-directory (in "d"))
    (test-assert "delete-directory" (not (file-exists? (in "d"))))
    (test-equal "real-path resolves links and dots"
                (string-append (p:real-path tmp) "/f")
                (p:real-path (string-append tmp "./link")))
    (test-assert "file-space" (> (p:file-space tmp) 0))
    (test-equal "temp-file-prefix: this process's, not the build's"
                (string-append (or (get-environment-variable "TMPDIR") "/tmp")
                               "/" (number->string (p:pid)))
                (p:temp-file-prefix))
    (test-equal "temp-file-prefix: parameterize, then the default again"
                (list (in "tmp") #t)
                (list (parameterize ((p:temp-file-prefix (in "tmp")))
                        (p:temp-file-prefix))
                      (string? (p:temp-file-prefix))))
    (let ((name (parameterize ((p:temp-file-prefix (in "tmp")))
                  (p:create-temp-file))))
      (test-assert "create-temp-file under the prefix"
                   (string=? (in "tmp") (substring name 0 (string-length (in "tmp")))))
      (test-equal "... mode #o600" #o600
                  (logand #o777 (p:file-info:mode (p:file-info name #t)))))
    (test-equal "call-with-temporary-filename retries an existing name"
                'made
                (let ((tries 0))
                  (p:call-with-temporary-filename
                   (lambda (name)
                     (set! tries (+ tries 1))
                     (if (= tries 1)
                         (p:create-directory (in "tmp-dir-taken")))
                     (p:create-directory (if (= tries 1) (in "tmp-dir-taken")
                                             name))
                     'made)
                   (in "cwtf"))))
    (test-error-contains "a bad port type" '("open-file" "port type")
                         (lambda () (p:open-file (in "f") 'sideways 0)))))

(test-group "process, users, time, environment"
  (lambda ()
    (test-equal "pid" (getpid) (p:pid))
    (test-equal "user-uid" (getuid) (p:user-uid))
    (test-assert "user-supplementary-gids is a list"
                 (list? (p:user-supplementary-gids)))
    (let ((old (p:umask)))
      (p:set-umask! #o027)
      (test-equal "set-umask! and umask" #o027 (p:umask))
      (p:set-umask! old))
    (let ((here (p:current-directory)))
      (p:set-current-directory! tmp)
      (test-equal "set-current-directory!" (p:real-path tmp)
                  (p:current-directory))
      (p:set-current-directory! here))
    (let ((u (p:user-info (p:user-uid))))
      (test-assert "user-info of the uid" (p:user-info? u))
      (test-equal "user-info:uid" (p:user-uid) (p:user-info:uid u))
      (test-equal "user-info by name" (p:user-info:uid u)
                  (p:user-info:uid (p:user-info (p:user-info:name u))))
      (test-assert "user-info:parsed-full-name is a list of strings"
                   (and (pair? (p:user-info:parsed-full-name u))
                        (string? (car (p:user-info:parsed-full-name u))))))
    (test-eq "user-info of nobody known" #f (p:user-info "no-such-user-here"))
    (let ((g (p:group-info (p:user-gid))))
      (test-equal "group-info:gid" (p:user-gid) (p:group-info:gid g)))
    (test-eq "group-info of no group" #f (p:group-info "no-such-group-here"))
    (test-eq "posix-time is a time-utc" time-utc (time-type (p:posix-time)))
    (test-assert "monotonic-time does not go back"
                 (let* ((a (p:monotonic-time)) (b (p:monotonic-time)))
                   (and (eq? (time-type a) time-monotonic)
                        (time<=? a b))))
    (p:set-environment-variable! "SRFI_170_TEST" "\x3bb;")
    (test-equal "set-environment-variable!" "\x3bb;"
                (get-environment-variable "SRFI_170_TEST"))
    (p:delete-environment-variable! "SRFI_170_TEST")
    (test-eq "delete-environment-variable!" #f
             (get-environment-variable "SRFI_170_TEST"))
    (p:delete-environment-variable! "SRFI_170_TEST")
    (test-eq "deleting it again is no error" #f
             (get-environment-variable "SRFI_170_TEST"))
    (test-eq "terminal? of a string port" #f
             (p:terminal? (open-input-string "")))
    (test-eq "terminal? of a file port" #f
             (let* ((port (open-input-file (in "f")))
                    (r (p:terminal? port)))
               (close-port port)
               r))))

(test-group "the Guile primitives under it"
  (lambda ()
    (let ((fd (open-fdes (in "prim") (logior O_WRONLY O_CREAT O_EXCL) #o600)))
      (test-assert "open-fdes gives a descriptor" (integer? fd))
      (test-equal "close-on-exec" FD_CLOEXEC (logand FD_CLOEXEC
                                                     (fcntl fd F_GETFD)))
      (close-fdes fd))
    (test-equal "open-fdes with O_EXCL of an existing file" EEXIST
                (guard (e ((system-error? e) (system-error-errno e)))
                  (open-fdes (in "prim") (logior O_WRONLY O_CREAT O_EXCL))))
    (let ((port (open (in "prim") O_RDWR)))
      (test-assert "open O_RDWR: a port both ways"
                   (and (input-port? port) (output-port? port)))
      (close-port port))
    (test-error-contains "mknod of an unknown type" '("mknod" "fifo")
                         (lambda () (mknod (in "n") 'pipe #o600 0)))
    (test-error-contains "isatty? of a string port"
                         '("isatty?" "port with a file descriptor")
                         (lambda () (isatty? (open-input-string ""))))
    (test-assert "getgroups is a vector" (vector? (getgroups)))
    (test-eq "%errno-name" 'ENOENT (%errno-name ENOENT))))

(test-end "srfi-170")
