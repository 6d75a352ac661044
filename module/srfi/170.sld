;;; (srfi 170) -- the portable POSIX API, over libscm's Guile-named
;;; primitives
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; Every procedure is a thin layer on the POSIX chapter's primitives
;;; (stat, mkdir, open-fdes, opendir...), so errors are their
;;; system-error conditions: posix-error? is system-error?,
;;; posix-error-name the errno's name as a symbol (ENOENT),
;;; posix-error-message the system's text.  Times are SRFI 19 time
;;; objects (time-utc; monotonic-time gives time-monotonic), as the
;;; final SRFI says.  A file-info is a record over stat's vector.
;;; Ports are libscm's, both textual and binary, so the five port types
;;; choose only the direction; the buffer modes are accepted and
;;; ignored (libscm's file ports buffer by blocks).
;;;
;;; Code:

(define-library (srfi 170)
  (import (libscm)
          (rename (only (srfi 19) make-time time-utc time-monotonic
                        time? time-type time-second time-nanosecond
                        current-time)
                  (current-time srfi-19-current-time)))
  (export posix-error? posix-error-name posix-error-message
          open-file fd->port
          binary-input textual-input binary-output textual-output
          binary-input/output buffer-none buffer-block buffer-line
          open/append open/create open/exclusive open/nofollow open/truncate
          create-directory create-fifo create-hard-link create-symlink
          read-symlink rename-file delete-directory set-file-owner
          owner/unchanged group/unchanged
          set-file-times time/now time/unchanged truncate-file
          file-info file-info? file-info:device file-info:inode
          file-info:mode file-info:nlinks file-info:uid file-info:gid
          file-info:rdev file-info:size file-info:blksize file-info:blocks
          file-info:atime file-info:mtime file-info:ctime
          file-info-directory? file-info-fifo? file-info-symlink?
          file-info-regular? file-info-socket? file-info-device?
          set-file-mode directory-files make-directory-files-generator
          open-directory read-directory close-directory real-path
          file-space temp-file-prefix create-temp-file
          call-with-temporary-filename
          umask set-umask! current-directory set-current-directory!
          pid (rename %nice nice) user-uid user-gid user-effective-uid
          user-effective-gid user-supplementary-gids
          user-info user-info? user-info:name user-info:uid user-info:gid
          user-info:home-dir user-info:shell user-info:full-name
          user-info:parsed-full-name
          group-info group-info? group-info:name group-info:gid
          posix-time monotonic-time
          set-environment-variable! delete-environment-variable!
          terminal?)
  (begin

    ;; ---- Errors.

    (define (posix-error? obj)
      "Is OBJ a condition that a failing POSIX call raised?"
      (system-error? obj))

    (define (posix-error-name e)
      "The name of E's errno, a symbol such as ENOENT."
      (let ((n (system-error-errno e)))
        (unless n
          (error "posix-error-name: not a POSIX error" e))
        (or (%errno-name n) (string->symbol
                             (string-append "errno-" (number->string n))))))

    (define (posix-error-message e)
      "The text of E's error: the system's message for its errno."
      (let ((n (system-error-errno e)))
        (unless n
          (error "posix-error-message: not a POSIX error" e))
        (strerror n)))

    ;; ---- Ports.

    (define binary-input 'binary-input)
    (define textual-input 'textual-input)
    (define binary-output 'binary-output)
    (define textual-output 'textual-output)
    (define binary-input/output 'binary-input/output)
    (define buffer-none 'buffer-none)
    (define buffer-block 'buffer-block)
    (define buffer-line 'buffer-line)
    (define open/append O_APPEND)
    (define open/create O_CREAT)
    (define open/exclusive O_EXCL)
    (define open/nofollow O_NOFOLLOW)
    (define open/truncate O_TRUNC)

    (define (access-mode who port-type)
      (case port-type
        ((binary-input textual-input) O_RDONLY)
        ((binary-output textual-output) O_WRONLY)
        ((binary-input/output) O_RDWR)
        (else (error (string-append who ": not a port type") port-type))))

    (define (fdopen-mode port-type)
      (case port-type
        ((binary-input textual-input) "r")
        ((binary-output textual-output) "w")
        (else "r+")))

    (define (check-buffer-mode who mode)
      (unless (memq mode '(buffer-none buffer-block buffer-line))
        (error (string-append who ": not a buffer mode") mode)))

    (define (open-file fname port-type flags . opt)
      "Open FNAME for PORT-TYPE (binary-input, textual-output...) with
FLAGS, a sum of open/append, open/create, open/exclusive, open/nofollow
and open/truncate; a created file gets the permission bits (default
#o666) less the umask."
      (let ((perms (if (pair? opt) (car opt) #o666)))
        (when (and (pair? opt) (pair? (cdr opt)))
          (check-buffer-mode "open-file" (cadr opt)))
        (let ((fd (open-fdes fname
                             (logior flags (access-mode "open-file"
                                                        port-type))
                             perms)))
          (fdopen fd (fdopen-mode port-type)))))

    (define (fd->port fd port-type . opt)
      "A port of PORT-TYPE on the descriptor FD, which the port owns."
      (access-mode "fd->port" port-type)
      (when (pair? opt) (check-buffer-mode "fd->port" (car opt)))
      (fdopen fd (fdopen-mode port-type)))

    ;; ---- The file system.

    (define (create-directory fname . perms)
      "Make the directory FNAME (permissions #o775 less the umask)."
      (mkdir fname (if (pair? perms) (car perms) #o775)))

    (define (create-fifo fname . perms)
      "Make the named pipe FNAME (permissions #o664 less the umask)."
      (mknod fname 'fifo (if (pair? perms) (car perms) #o664) 0))

    (define (create-hard-link old new)
      "Make NEW a hard link to OLD."
      (link old new))

    (define (create-symlink old new)
      "Make NEW a symbolic link to OLD."
      (symlink old new))

    (define (read-symlink fname)
      "The file name the symbolic link FNAME holds."
      (readlink fname))

    (define (delete-directory fname)
      "Remove the empty directory FNAME."
      (rmdir fname))

    (define owner/unchanged -1)
    (define group/unchanged -1)

    (define (set-file-owner fname uid gid)
      "Give FNAME the owner UID and the group GID (owner/unchanged,
group/unchanged: keep them)."
      (chown fname uid gid))

    (define time/now 'time/now)
    (define time/unchanged 'time/unchanged)

    ;; The seconds and nanoseconds for utime of T: time/now as #f,
    ;; time/unchanged as the file's own (SECS NSECS).
    (define (utime-parts t secs nsecs)
      (cond ((eq? t time/now) (list #f #f))
            ((eq? t time/unchanged) (list secs nsecs))
            ((and (time? t) (eq? (time-type t) time-utc))
             (list (time-second t) (time-nanosecond t)))
            (else (error "set-file-times: not a time-utc, time/now or \
time/unchanged" t))))

    (define (set-file-times fname . times)
      "Set FNAME's access and modification times to the two time-utc
objects TIMES (or time/now, time/unchanged); none: both now."
      (cond ((null? times) (utime fname))
            ((and (pair? (cdr times)) (null? (cddr times)))
             (let* ((st (stat fname))
                    (a (utime-parts (car times) (stat:atime st)
                                    (stat:atimensec st)))
                    (m (utime-parts (cadr times) (stat:mtime st)
                                    (stat:mtimensec st))))
               (utime fname (car a) (car m) (cadr a) (cadr m))))
            (else (error "set-file-times: give both times or none" times))))

    ;; (define-record-predicate NAME TYPE DOC): the predicate of record
    ;; type TYPE as define-record-type makes it (derived.c) but with
    ;; docstring DOC: the same code, so that a caller's compiler still
    ;; runs its calls in place (compile/inline.c).
    (define-syntax define-record-predicate
      (lambda (x)
        (syntax-case x ()
          ((_ name type doc)
           #`(define name
               (let ((rtd type))
                 (lambda (obj) doc #,(cons %record? #'(obj rtd)))))))))

    (define-record-type file-info
      (make-file-info stat)
      %file-info?
      (stat file-info-stat))

    (define-record-predicate file-info? file-info
      "Return #t if OBJ is a file-info record, else #f.")

    (define (file-info fname/port follow?)
      "The file-info record of FNAME/PORT, through symbolic links if
FOLLOW? (ignored for a port)."
      (make-file-info (if (or follow? (not (string? fname/port)))
                          (stat fname/port)
                          (lstat fname/port))))

    ;; The stat vector of file-info record FI.
    (define (stat-of fi)
      (unless (%file-info? fi)
        (error "not a file-info record" fi))
      (file-info-stat fi))

    ;; (define-field NAME (ST) DOC EXPR): NAME of a file-info record is
    ;; EXPR of its stat vector ST; an error for another object.
    (define-syntax define-field
      (syntax-rules ()
        ((_ name (st) doc expr)
         (define (name file-info) doc (let ((st (stat-of file-info))) expr)))))

    (define-syntax define-time-field
      (syntax-rules ()
        ((_ name seconds nanoseconds doc)
         (define-field name (st) doc
           (make-time time-utc (nanoseconds st) (seconds st))))))

    (define-field file-info:device (st)
      "Return the device number of the file of FILE-INFO (st_dev)."
      (stat:dev st))
    (define-field file-info:inode (st)
      "Return the inode number of the file of FILE-INFO."
      (stat:ino st))
    (define-field file-info:mode (st)
      "Return the mode of the file of FILE-INFO, its type and permission
bits (st_mode)."
      (stat:mode st))
    (define-field file-info:nlinks (st)
      "Return the number of hard links to the file of FILE-INFO."
      (stat:nlink st))
    (define-field file-info:uid (st)
      "Return the user id of the owner of the file of FILE-INFO."
      (stat:uid st))
    (define-field file-info:gid (st)
      "Return the group id of the file of FILE-INFO."
      (stat:gid st))
    (define-field file-info:rdev (st)
      "Return the device number that the file of FILE-INFO stands for,
if it is a device special file (st_rdev)."
      (stat:rdev st))
    (define-field file-info:size (st)
      "Return the size in bytes of the file of FILE-INFO."
      (stat:size st))
    (define-field file-info:blksize (st)
      "Return the preferred block size for I/O on the file of FILE-INFO
(st_blksize)."
      (stat:blksize st))
    (define-field file-info:blocks (st)
      "Return the number of blocks allocated to the file of FILE-INFO
(st_blocks)."
      (stat:blocks st))
    (define-time-field file-info:atime stat:atime stat:atimensec
      "Return the time of the last access to the file of FILE-INFO, a
SRFI 19 time-utc.")
    (define-time-field file-info:mtime stat:mtime stat:mtimensec
      "Return the time of the last change of the contents of the file of
FILE-INFO, a SRFI 19 time-utc.")
    (define-time-field file-info:ctime stat:ctime stat:ctimensec
      "Return the time of the last change of the status of the file of
FILE-INFO, a SRFI 19 time-utc.")

    (define-syntax define-type-test
      (syntax-rules ()
        ((_ name (type ...) doc)
         (define-field name (st) doc
           (and (memq (stat:type st) '(type ...)) #t)))))

    (define-type-test file-info-directory? (directory)
      "Return #t if FILE-INFO is that of a directory, else #f.")
    (define-type-test file-info-fifo? (fifo)
      "Return #t if FILE-INFO is that of a FIFO (named pipe), else #f.")
    (define-type-test file-info-symlink? (symlink)
      "Return #t if FILE-INFO is that of a symbolic link (read with
file-info without following links), else #f.")
    (define-type-test file-info-regular? (regular)
      "Return #t if FILE-INFO is that of a regular file, else #f.")
    (define-type-test file-info-socket? (socket)
      "Return #t if FILE-INFO is that of a socket, else #f.")
    (define-type-test file-info-device? (block-special char-special)
      "Return #t if FILE-INFO is that of a block or character device,
else #f.")

    (define (set-file-mode fname mode)
      "Set the permission bits of FNAME to MODE."
      (chmod fname mode))

    ;; A directory object: the stream and whether dot files are seen.
    (define-record-type directory-object
      (make-directory-object stream dotfiles?)
      directory-object?
      (stream directory-object-stream)
      (dotfiles? directory-object-dotfiles?))

    (define (open-directory dir . dotfiles?)
      "Open DIR for read-directory; with DOTFILES? true, names that
begin with a dot are returned too (never . and ..)."
      (make-directory-object (opendir dir)
                             (and (pair? dotfiles?) (car dotfiles?))))

    (define (read-directory d)
      "The next name of directory object D, or an end-of-file object."
      (let loop ()
        (let ((name (readdir (directory-object-stream d))))
          (cond ((eof-object? name) name)
                ((or (string=? name ".") (string=? name "..")) (loop))
                ((and (not (directory-object-dotfiles? d))
                      (char=? (string-ref name 0) #\.))
                 (loop))
                (else name)))))

    (define (close-directory d)
      "Close directory object D."
      (closedir (directory-object-stream d)))

    (define (directory-files . args)
      "The names in directory DIR (default \".\"), without DIR before
them; with DOTFILES? true those that begin with a dot too."
      (let* ((dir (if (pair? args) (car args) "."))
             (d (apply open-directory dir (if (pair? args) (cdr args) '()))))
        (dynamic-wind
          (lambda () #f)
          (lambda ()
            (let loop ((acc '()))
              (let ((name (read-directory d)))
                (if (eof-object? name)
                    (reverse acc)
                    (loop (cons name acc))))))
          (lambda () (close-directory d)))))

    (define (make-directory-files-generator dir . dotfiles?)
      "A generator of the names in DIR, as directory-files lists them;
the directory is closed when it is exhausted."
      (let ((d (apply open-directory dir dotfiles?))
            (done #f))
        (lambda ()
          (if done
              (eof-object)
              (let ((name (read-directory d)))
                (when (eof-object? name)
                  (set! done #t)
                  (close-directory d))
                name)))))

    (define (real-path path)
      "The absolute name of PATH without ., .. or symbolic links."
      (canonicalize-path path))

    (define (file-space path-or-port)
      "The bytes free on the file system of PATH-OR-PORT."
      (%file-space path-or-port))

    ;; The default is this process's: computed when read, not when the
    ;; library is loaded, which for the built-in image is at build time
    ;; (it held the generator's TMPDIR and process id).  The parameter
    ;; holds #f until parameterized or set.
    (define %temp-file-prefix (make-parameter #f))

    ;; A documented procedure over the parameter: parameterize binds it
    ;; (it passes the parameter's protocol on), and the library reads
    ;; the parameter itself.
    (define (temp-file-prefix . value)
      "Return the prefix of the names of temporary files in the current
dynamic environment, a parameter that parameterize binds: by default
$TMPDIR (or /tmp), a slash and the process id.  Called with a string,
set it in the current dynamic extent."
      (if (null? value)
          (or (%temp-file-prefix)
              (string-append (or (getenv "TMPDIR") "/tmp") "/"
                             (number->string (getpid))))
          (apply %temp-file-prefix value)))

    (define (call-with-temporary-filename maker . prefix)
      "Call MAKER on new file names made from PREFIX (default
(temp-file-prefix)) until its first value is true and return its
values; a name that exists (EEXIST) is tried again."
      (let ((prefix (if (pair? prefix) (car prefix) (temp-file-prefix))))
        (let loop ((i 0))
          (when (= i 1000)
            (error "call-with-temporary-filename: no free name" prefix))
          (let* ((name (string-append prefix "."
                                      (number->string
                                       (+ (* 1000 i)
                                          (modulo (cdr (gettimeofday)) 1000))
                                       16)))
                 (results
                  (guard (e ((and (system-error? e)
                                  (eqv? (system-error-errno e) EEXIST))
                             (list #f)))
                    (call-with-values (lambda () (maker name)) list))))
            (if (and (pair? results) (car results))
                (apply values results)
                (loop (+ i 1)))))))

    (define (create-temp-file . prefix)
      "Make a new empty file (mode #o600) whose name starts with PREFIX
(default (temp-file-prefix)) and return its name."
      (apply call-with-temporary-filename
             (lambda (name)
               (close-fdes (open-fdes name (logior O_WRONLY O_CREAT O_EXCL)
                                      #o600))
               name)
             prefix))

    ;; ---- The process.

    (define (set-umask! mask)
      "Make MASK the file creation mask."
      (umask mask)
      (if #f #f))

    (define (current-directory)
      "The working directory, an absolute name."
      (getcwd))

    (define (set-current-directory! dir)
      "Make DIR the working directory."
      (chdir dir))

    (define (pid) "This process's id." (getpid))
    (define (user-uid) "The real user id." (getuid))
    (define (user-gid) "The real group id." (getgid))
    (define (user-effective-uid) "The effective user id." (geteuid))
    (define (user-effective-gid) "The effective group id." (getegid))
    (define (user-supplementary-gids)
      "The supplementary group ids, a list."
      (vector->list (getgroups)))

    (define (%nice . delta)
      (nice (if (pair? delta) (car delta) 1)))

    ;; ---- Users and groups.

    (define-record-type user-info
      (make-user-info pw)
      %user-info?
      (pw user-info-pw))

    (define-record-predicate user-info? user-info
      "Return #t if OBJ is a user-info record, else #f.")

    (define (user-info uid/name)
      "The user-info of the user id or name UID/NAME, or #f."
      (let ((pw (guard (e (#t #f)) (getpw uid/name))))
        (and pw (make-user-info pw))))

    ;; (define-pw-field NAME ACCESSOR DOC): NAME of a user-info record
    ;; is ACCESSOR of its passwd vector; an error for another object.
    (define-syntax define-pw-field
      (syntax-rules ()
        ((_ name accessor doc)
         (define (name user-info)
           doc
           (unless (%user-info? user-info)
             (error "not a user-info record" user-info))
           (accessor (user-info-pw user-info))))))

    (define-pw-field user-info:name passwd:name
      "Return the login name of the user of USER-INFO.")
    (define-pw-field user-info:uid passwd:uid
      "Return the user id of the user of USER-INFO.")
    (define-pw-field user-info:gid passwd:gid
      "Return the primary group id of the user of USER-INFO.")
    (define-pw-field user-info:home-dir passwd:dir
      "Return the home directory of the user of USER-INFO.")
    (define-pw-field user-info:shell passwd:shell
      "Return the login shell of the user of USER-INFO.")
    (define-pw-field user-info:full-name passwd:gecos
      "Return the full name field (GECOS) of the user of USER-INFO, as
the password database has it.")

    (define (split-commas s)
      (let loop ((i 0) (start 0) (out '()))
        (cond ((= i (string-length s))
               (reverse (cons (substring s start i) out)))
              ((char=? (string-ref s i) #\,)
               (loop (+ i 1) (+ i 1) (cons (substring s start i) out)))
              (else (loop (+ i 1) start out)))))

    (define (user-info:parsed-full-name u)
      "The full name split at commas, each & in the first part replaced
by the user name, capitalized."
      (let* ((parts (split-commas (user-info:full-name u)))
             (name (user-info:name u))
             (cap (if (and (> (string-length name) 0)
                           (char<=? #\a (string-ref name 0) #\z))
                      (string-append (string (char-upcase (string-ref name 0)))
                                     (substring name 1 (string-length name)))
                      name))
             (first (apply string-append
                           (map (lambda (c) (if (char=? c #\&) cap (string c)))
                                (string->list (car parts))))))
        (cons first (cdr parts))))

    (define-record-type group-info
      (make-group-info gr)
      %group-info?
      (gr group-info-gr))

    (define-record-predicate group-info? group-info
      "Return #t if OBJ is a group-info record, else #f.")

    (define (group-info gid/name)
      "The group-info of the group id or name GID/NAME, or #f."
      (let ((gr (guard (e (#t #f)) (getgr gid/name))))
        (and gr (make-group-info gr))))

    (define (group-info:name g)
      "The group's name."
      (unless (%group-info? g) (error "not a group-info record" g))
      (group:name (group-info-gr g)))

    (define (group-info:gid g)
      "The group's id."
      (unless (%group-info? g) (error "not a group-info record" g))
      (group:gid (group-info-gr g)))

    ;; ---- Time, environment, terminals.

    (define (posix-time)
      "The time of CLOCK_REALTIME as a time-utc."
      (srfi-19-current-time time-utc))

    (define (monotonic-time)
      "The time of CLOCK_MONOTONIC as a time-monotonic."
      (srfi-19-current-time time-monotonic))

    (define (set-environment-variable! name value)
      "Set the environment variable NAME to VALUE."
      (setenv name value))

    (define (delete-environment-variable! name)
      "Remove the environment variable NAME (nothing if it is unset)."
      (unsetenv name))

    (define (terminal? port)
      "Is PORT open on a terminal?"
      (and (port? port)
           (guard (e ((and (error-object? e)
                           (eq? (condition-kind e) 'wrong-type-arg))
                      #f))
             (isatty? port))))))
