;;; posix-files.scm -- files and directories with Guile's names, on the
;;; real file system, and system-error conditions
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Everything happens in the test's temporary directory, which
;;; test-suite/run removes however the file ends.

(import (ice-9 ftw) (only (srfi 1) filter))

(test-begin "posix-files")

(define tmp test-temp-directory)
(define (in name) (string-append tmp name))

(define (errno-of thunk)
  ;; The errno of the system-error THUNK raises, or what it returned.
  (guard (e ((system-error? e) (system-error-errno e)))
    (thunk)))

(test-group "system-error"
  (lambda ()
    (test-error-message "the message names the procedure, the reason and the file"
                        "stat: No such file or directory: \"/nonexistent\""
                        (lambda () (stat "/nonexistent")))
    (test-equal "system-error-errno of the condition" ENOENT
                (errno-of (lambda () (stat "/nonexistent"))))
    (test-eq "its kind" 'system-error
             (guard (e (#t (condition-kind e))) (stat "/nonexistent")))
    (test-equal "Guile's catch key and arguments"
                (list 'system-error 'stat ENOENT)
                (catch 'system-error
                  (lambda () (stat "/nonexistent"))
                  (lambda (key who message args rest)
                    (list key who (car rest)))))
    (test-equal "system-error-errno of catch's argument list" ENOENT
                (catch 'system-error
                  (lambda () (stat "/nonexistent"))
                  (lambda args (system-error-errno args))))
    (test-eq "system-error-errno of something else" #f
             (system-error-errno (guard (e (#t e)) (car 1))))
    (test-equal "delete-file's file error carries the errno too" ENOENT
                (errno-of (lambda () (delete-file (in "none")))))
    (test-equal "strerror" "No such file or directory" (strerror ENOENT))
    (test-eq "stat with exception-on-error? #f" #f
             (stat "/nonexistent" #f))
    (test-error-contains "a file name with a NUL"
                         '("stat" "wrong type argument in position 1")
                         (lambda () (stat "a\x0;b")))
    (test-error-contains "not a string"
                         '("mkdir" "wrong type argument in position 1")
                         (lambda () (mkdir 'dir)))
    (test-error-message "stat of a symbol"
                        "stat: wrong type argument in position 1 (expected file name, port or file descriptor): x"
                        (lambda () (stat 'x)))
    (test-error-contains "stat of a string port"
                         '("stat" "port with a file descriptor")
                         (lambda () (stat (open-input-string ""))))))

(test-group "stat"
  (lambda ()
    (let* ((f (test-write-file "five" "12345"))
           (st (stat f)))
      (test-equal "size" 5 (stat:size st))
      (test-eq "type" 'regular (stat:type st))
      (test-eq "a directory" 'directory (stat:type (stat tmp)))
      (test-equal "perms follow chmod" #o640
                  (begin (chmod f #o640) (stat:perms (stat f))))
      (test-equal "mode has the type bits too" #o100640
                  (stat:mode (stat f)))
      (test-equal "uid is ours" (getuid) (stat:uid st))
      (test-equal "nlink" 1 (stat:nlink st))
      (test-assert "mtime is recent"
                   (< (abs (- (stat:mtime st) (current-time))) 100))
      (test-assert "nanoseconds in range"
                   (<= 0 (stat:mtimensec st) 999999999))
      (test-assert "every accessor answers"
                   (for-each (lambda (acc) (acc st))
                             (list stat:dev stat:ino stat:gid stat:rdev
                                   stat:atime stat:ctime stat:blksize
                                   stat:blocks stat:atimensec
                                   stat:ctimensec)))
      (let ((port (open-input-file f)))
        (test-equal "stat of a port" 5 (stat:size (stat port)))
        (test-equal "fstat of a port" 5 (stat:size (fstat port)))
        (close-port port))
      (test-error-contains "an accessor of a non-stat"
                           '("stat:size" "stat vector")
                           (lambda () (stat:size #(1 2)))))))

(test-group "links"
  (lambda ()
    (let ((f (test-write-file "target" "data")))
      (symlink "target" (in "link"))
      (test-equal "readlink" "target" (readlink (in "link")))
      (test-eq "lstat sees the link" 'symlink (stat:type (lstat (in "link"))))
      (test-eq "stat follows it" 'regular (stat:type (stat (in "link"))))
      (link f (in "hard"))
      (test-equal "a hard link counts" 2 (stat:nlink (stat f)))
      (test-equal "symlink over an existing name" EEXIST
                  (errno-of (lambda () (symlink "x" (in "link")))))
      (symlink "nowhere" (in "dangling"))
      (test-eq "file-exists? of a dangling link" #f
               (file-exists? (in "dangling")))
      (test-equal "readlink of a file" EINVAL
                  (errno-of (lambda () (readlink f)))))))

(test-group "names and copies"
  (lambda ()
    (let ((f (test-write-file "old" "abc")))
      (rename-file f (in "new"))
      (test-assert "renamed" (and (not (file-exists? f))
                                  (file-exists? (in "new"))))
      (copy-file (in "new") (in "copy"))
      (test-equal "copied" "abc"
                  (call-with-input-file (in "copy") read-line))
      (test-equal "copy-file of a missing file" ENOENT
                  (errno-of (lambda () (copy-file (in "none") (in "x")))))
      (test-error-contains "rename-file names both files"
                           '("rename-file" "none" "x")
                           (lambda () (rename-file (in "none") (in "x"))))
      (truncate-file (in "copy") 1)
      (test-equal "truncate-file" 1 (stat:size (stat (in "copy"))))
      (utime (in "copy") 1000000000 1000000001)
      (test-equal "utime's modification time" 1000000001
                  (stat:mtime (stat (in "copy"))))
      (test-equal "utime's access time" 1000000000
                  (stat:atime (stat (in "copy"))))
      (test-assert "access? F_OK" (access? (in "copy") F_OK))
      (test-assert "access? R_OK and W_OK"
                   (access? (in "copy") (+ R_OK W_OK)))
      (test-assert "not executable" (not (access? (in "copy") X_OK)))
      (test-assert "a missing file" (not (access? (in "none") F_OK))))))

(test-group "directories"
  (lambda ()
    (mkdir (in "d") #o700)
    (test-equal "mkdir with a mode" #o700 (stat:perms (stat (in "d"))))
    (test-assert "file-is-directory?" (file-is-directory? (in "d")))
    (test-assert "not a directory"
                 (not (file-is-directory? (test-write-file "plain" ""))))
    (test-equal "mkdir of an existing one" EEXIST
                (errno-of (lambda () (mkdir (in "d")))))
    (test-write-file "d/x" "1")
    (test-write-file "d/\x1F600;.txt" "2")
    (let ((dir (opendir (in "d"))))
      (test-assert "directory-stream?" (directory-stream? dir))
      (let loop ((acc '()))
        (let ((e (readdir dir)))
          (if (eof-object? e)
              (test-equal "readdir, beyond the BMP too"
                          '("." ".." "x" "\x1F600;.txt")
                          (sort acc string<?))
              (loop (cons e acc)))))
      (rewinddir dir)
      (test-assert "rewinddir" (string? (readdir dir)))
      (closedir dir)
      (closedir dir)
      (test-error-contains "readdir after closedir" '("readdir" "closed")
                           (lambda () (readdir dir))))
    (test-error-contains "readdir of a non-stream"
                         '("readdir" "wrong type argument")
                         (lambda () (readdir "d")))
    (test-equal "rmdir of a non-empty directory" ENOTEMPTY
                (errno-of (lambda () (rmdir (in "d")))))
    (test-equal "scandir sorts" '("." ".." "x" "\x1F600;.txt")
                (scandir (in "d")))
    (test-equal "scandir with a selection" '("x")
                (scandir (in "d") (lambda (e) (string=? e "x"))))
    (test-eq "scandir of a missing directory" #f (scandir (in "none")))
    (delete-file (in "d/x"))
    (delete-file (in "d/\x1F600;.txt"))
    (rmdir (in "d"))
    (test-assert "rmdir" (not (file-exists? (in "d"))))
    (test-equal "opendir of a missing directory" ENOENT
                (errno-of (lambda () (opendir (in "none")))))
    (test-assert "streams left open are collected"
                 (begin
                   (do ((i 0 (+ i 1))) ((= i 3000))
                     (opendir tmp))
                   (gc)
                   ;; 3000 open streams would exceed a 1024 limit.
                   (do ((i 0 (+ i 1))) ((= i 3000) #t)
                     (opendir tmp)
                     (if (= 0 (modulo i 500)) (gc)))))))

(test-group "the working directory"
  (lambda ()
    (let ((here (getcwd)))
      (mkdir (in "wd"))
      (dynamic-wind
        (lambda () (chdir (in "wd")))
        (lambda ()
          (test-equal "chdir and getcwd" (canonicalize-path (in "wd"))
                      (getcwd))
          (test-equal "canonicalize-path of .." (canonicalize-path tmp)
                      (canonicalize-path "..")))
        (lambda () (chdir here)))
      (test-equal "chdir to a missing directory" ENOENT
                  (errno-of (lambda () (chdir (in "none"))))))))

(test-group "names"
  (lambda ()
    (test-equal "dirname" "/a/b" (dirname "/a/b/c"))
    (test-equal "dirname with trailing slashes" "/a" (dirname "/a/b//"))
    (test-equal "dirname of a bare name" "." (dirname "c"))
    (test-equal "dirname of /" "/" (dirname "/"))
    (test-equal "dirname of /x" "/" (dirname "/x"))
    (test-equal "basename" "c" (basename "/a/b/c"))
    (test-equal "basename with a suffix" "prog" (basename "/x/prog.scm" ".scm"))
    (test-equal "a suffix that is the whole name stays" ".scm"
                (basename ".scm" ".scm"))
    (test-equal "basename of /" "/" (basename "/"))
    (test-equal "basename beyond the BMP" "\x1F600;" (basename "/d/\x1F600;/"))))

(test-group "temporary files"
  (lambda ()
    (let* ((port (mkstemp (in "tmpXXXXXX")))
           (name (port-filename port)))
      (test-assert "mkstemp made a file" (file-exists? name))
      (test-assert "with a new name" (not (string=? name (in "tmpXXXXXX"))))
      (test-equal "mode 600" #o600 (stat:perms (stat name)))
      (write-string "hi" port)
      (close-port port)
      (test-equal "written through the port" "hi"
                  (call-with-input-file name read-line)))
    (test-error-contains "a template without XXXXXX" '("mkstemp" "XXXXXX")
                         (lambda () (mkstemp (in "tmp"))))
    (test-assert "tmpnam names no existing file"
                 (not (file-exists? (tmpnam))))
    (let ((p (tmpfile)))
      (test-assert "tmpfile is an output port" (output-port? p))
      (close-port p))
    (let ((old (umask #o077)))
      (test-equal "umask returns the previous mask and sets it" #o077
                  (umask old))
      (test-equal "umask with no argument" old (umask)))))

(test-group "ftw"
  (lambda ()
    (mkdir (in "t"))
    (mkdir (in "t/sub"))
    (test-write-file "t/a" "")
    (test-write-file "t/sub/b" "")
    (symlink "sub" (in "t/lnk"))
    (let ((seen '()))
      (test-eq "ftw runs to completion" #t
               (ftw (in "t") (lambda (p st flag)
                               (set! seen (cons (cons (basename p) flag) seen))
                               #t)))
      ;; sub is reached as sub or through lnk, whichever readdir gives
      ;; first, and only once.
      (test-equal "ftw follows links and visits a directory once"
                  '(("a" . regular) ("b" . regular) ("t" . directory))
                  (sort (filter (lambda (e)
                                  (not (member (car e) '("lnk" "sub"))))
                                seen)
                        (lambda (x y) (string<? (car x) (car y)))))
      (test-equal "the linked directory once"
                  1 (length (filter (lambda (e) (eq? (cdr e) 'directory))
                                    (filter (lambda (e)
                                              (member (car e) '("lnk" "sub")))
                                            seen)))))
    (test-equal "ftw stops with PROC's value" 'stop
                (ftw (in "t") (lambda (p st flag)
                                (if (eq? flag 'regular) 'stop #t))))
    (let ((order '()))
      (nftw (in "t") (lambda (p st flag base level)
                       (set! order (cons (list (substring p base
                                                          (string-length p))
                                               flag level)
                                         order))
                       #t)
            'depth 'physical)
      (test-equal "nftw 'depth visits the top last"
                  '("t" directory-processed 0) (car order))
      (test-assert "nftw 'physical reports the link"
                   (member '("lnk" symlink 1) order)))
    (test-equal "file-system-fold counts the leaves" 3
                (file-system-fold (lambda (p st r) #t)
                                  (lambda (p st r) (+ r 1))
                                  (lambda (p st r) r)
                                  (lambda (p st r) r)
                                  (lambda (p st r) r)
                                  (lambda (p st errno r) r)
                                  0 (in "t")))
    (test-equal "file-system-fold reports errors" (list ENOENT)
                (file-system-fold (lambda (p st r) #t)
                                  (lambda (p st r) r)
                                  (lambda (p st r) r)
                                  (lambda (p st r) r)
                                  (lambda (p st r) r)
                                  (lambda (p st errno r) (cons errno r))
                                  '() (in "none")))
    (let ((tree (file-system-tree (in "t"))))
      (test-equal "file-system-tree's names"
                  '("t" ("a") ("lnk") ("sub" ("b")))
                  (let strip ((node tree))
                    (cons (car node)
                          (sort (map strip (cddr node))
                                (lambda (x y) (string<? (car x) (car y))))))))))

(test-end "posix-files")
