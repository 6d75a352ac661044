;;; (ice-9 ftw) -- walking a file system tree, Guile's interface
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; Over libscm's stat, lstat, opendir, readdir and closedir
;;; (posix/files.c):
;;;
;;; (file-system-fold ENTER? LEAF DOWN UP SKIP ERROR INIT NAME [STAT])
;;;   the functional walk the others are built on; STAT is lstat by
;;;   default, so symbolic links are leaves, not followed.
;;; (file-system-tree NAME [ENTER? [STAT]])
;;;   the tree as (NAME STAT CHILD ...) for a directory, (NAME STAT) for
;;;   anything else, NAME the base name.
;;; (scandir NAME [SELECT? [ENTRY<?]])
;;;   the sorted entries of a directory (. and .. included), or #f if it
;;;   cannot be read.
;;; (ftw NAME PROC #:hash-size N) and (nftw NAME PROC OPTION ...)
;;;   the walks of the C library: PROC returns #t to go on, anything
;;;   else stops the walk, which returns it.  ftw follows symbolic links
;;;   and visits each file once (a link to a directory already seen is
;;;   not entered again); nftw takes the options 'physical, 'depth,
;;;   'mount and 'chdir.
;;;
;;; A directory stream is closed when its walk leaves it, however it
;;; leaves (dynamic-wind), so an error in a procedure leaks nothing.
;;;
;;; Code:

(define-library (ice-9 ftw)
  (import (libscm))
  (export file-system-fold file-system-tree scandir ftw nftw)
  (begin

    ;; The entries of the open directory stream DIR but . and .., in
    ;; readdir's order.
    (define (directory-entries dir)
      (let loop ((acc '()))
        (let ((e (readdir dir)))
          (cond ((eof-object? e) (reverse acc))
                ((or (string=? e ".") (string=? e "..")) (loop acc))
                (else (loop (cons e acc)))))))

    ;; Call PROC with the entries of directory NAME, or ON-ERROR with
    ;; the errno if it cannot be opened.
    (define (with-entries name proc on-error)
      (let ((dir (guard (e ((system-error? e) e)) (opendir name))))
        (if (directory-stream? dir)
            (proc (dynamic-wind
                    (lambda () #f)
                    (lambda () (directory-entries dir))
                    (lambda () (closedir dir))))
            (on-error (system-error-errno dir)))))

    (define (join dir entry)
      (if (and (> (string-length dir) 0)
               (char=? (string-ref dir (- (string-length dir) 1)) #\/))
          (string-append dir entry)
          (string-append dir "/" entry)))

    ;; STAT of NAME, or the errno if it fails.
    (define (safe-stat stat name)
      (guard (e ((system-error? e) (system-error-errno e)))
        (stat name)))

    (define (file-system-fold enter? leaf down up skip error init
                              file-name . stat-opt)
      "Fold over the tree at FILE-NAME: (LEAF PATH STAT RESULT) for
each non-directory, (DOWN PATH STAT RESULT) and (UP PATH STAT RESULT)
around the contents of each directory for which (ENTER? PATH STAT
RESULT) is true, (SKIP PATH STAT RESULT) for the others, and (ERROR
PATH STAT ERRNO RESULT) when a file cannot be stat'ed (STAT #f) or a
directory cannot be read.  STAT (default lstat) reads each file."
      (let ((stat (if (pair? stat-opt) (car stat-opt) lstat)))
        (let walk ((path file-name) (result init))
          (let ((st (safe-stat stat path)))
            (cond ((integer? st) (error path #f st result))
                  ((not (eq? (stat:type st) 'directory))
                   (leaf path st result))
                  ((not (enter? path st result)) (skip path st result))
                  (else
                   (with-entries
                    path
                    (lambda (entries)
                      (let loop ((es entries)
                                 (r (down path st result)))
                        (if (null? es)
                            (up path st r)
                            (loop (cdr es) (walk (join path (car es)) r)))))
                    (lambda (errno) (error path st errno result)))))))))

    (define (file-system-tree file-name . opts)
      "Return the tree at FILE-NAME: (NAME STAT CHILD ...) for a
directory that (ENTER? PATH STAT) accepts (default: all), (NAME STAT)
for anything else, NAME the base name; #f if FILE-NAME cannot be
stat'ed.  STAT (default lstat) reads each file.  Files that cannot be
read are left out."
      (let ((enter? (if (pair? opts) (car opts) (lambda (path st) #t)))
            (stat (if (and (pair? opts) (pair? (cdr opts))) (cadr opts)
                      lstat)))
        ;; The parent's list of children is under a fresh frame at the
        ;; head of RESULT while a directory is walked.
        (define (add-child child result)
          (cons (cons child (car result)) (cdr result)))
        (let ((r (file-system-fold
                  (lambda (path st result) (enter? path st))
                  (lambda (path st result)
                    (add-child (list (basename path) st) result))
                  (lambda (path st result) (cons '() result))
                  (lambda (path st result)
                    (add-child (cons (basename path) (cons st
                                      (reverse (car result))))
                               (cdr result)))
                  (lambda (path st result)
                    (add-child (list (basename path) st) result))
                  (lambda (path st errno result) result)
                  (list '())
                  file-name stat)))
          (and (pair? (car r)) (caar r)))))

    (define (scandir name . opts)
      "Return the entries of directory NAME (. and .. included) for
which (SELECT? ENTRY) is true (default: all), sorted by ENTRY<?
(default string<?); #f if NAME cannot be read."
      (let ((select? (if (pair? opts) (car opts) (lambda (e) #t)))
            (less? (if (and (pair? opts) (pair? (cdr opts))) (cadr opts)
                       string<?)))
        (let ((dir (guard (e ((system-error? e) #f)) (opendir name))))
          (and dir
               (let ((entries
                      (dynamic-wind
                        (lambda () #f)
                        (lambda ()
                          (let loop ((acc '()))
                            (let ((e (readdir dir)))
                              (if (eof-object? e)
                                  acc
                                  (loop (if (select? e) (cons e acc) acc))))))
                        (lambda () (closedir dir)))))
                 (sort entries less?))))))

    ;; The walk of ftw and nftw.  VISIT is called (VISIT PATH STAT FLAG
    ;; BASE LEVEL) and returns #t to go on; the walk returns #t or the
    ;; first other value.  PHYSICAL: symbolic links are not followed;
    ;; DEPTH: directories after their contents; MOUNT: stay on the
    ;; device of the start; CHDIR: each directory is the current one
    ;; while its entries are visited.  SEEN: a table of (dev . ino) of
    ;; the directories entered, or #f.
    (define (walk-tree start visit physical depth mount chdir? seen)
      (define start-dev #f)
      (define (base-index path)
        (let loop ((i (string-length path)))
          (cond ((= i 0) 0)
                ((char=? (string-ref path (- i 1)) #\/) i)
                (else (loop (- i 1))))))
      (define (seen-before? st)
        (and seen
             (let ((key (cons (stat:dev st) (stat:ino st))))
               (or (member key (car seen))
                   (begin (set-car! seen (cons key (car seen))) #f)))))
      (define (visit-dir path st base level)
        (call/cc
         (lambda (stop)
           (define (go v) (if (eq? v #t) #t (stop v)))
           (if (not depth) (go (visit path st 'directory base level)))
           (with-entries
            path
            (lambda (entries)
              (let ((here (and chdir? (getcwd))))
                (dynamic-wind
                  (lambda () (if chdir? (chdir path)))
                  (lambda ()
                    (for-each
                     (lambda (e)
                       (go (node (if chdir? e (join path e))
                                 (join path e) (+ level 1))))
                     entries))
                  (lambda () (if chdir? (chdir here))))))
            (lambda (errno) #f))
           (if depth (go (visit path st 'directory-processed base level)))
           #t)))
      ;; NAME: how to reach the file now (relative after a chdir);
      ;; PATH: the name reported.
      (define (node name path level)
        (let* ((base (base-index path))
               (lst (safe-stat lstat name))
               (st (if (and (not physical) (vector? lst)
                            (eq? (stat:type lst) 'symlink))
                       (safe-stat stat name)
                       lst)))
          (cond ((integer? lst) (visit path #f 'invalid-stat base level))
                ((integer? st) (visit path lst (if physical 'symlink
                                                   'stale-symlink)
                                      base level))
                ((eq? (stat:type st) 'symlink)
                 (visit path st 'symlink base level))
                ((not (eq? (stat:type st) 'directory))
                 (visit path st 'regular base level))
                ((and mount start-dev (not (= (stat:dev st) start-dev))) #t)
                ((seen-before? st) #t)
                ((not (access? name (+ R_OK X_OK)))
                 (visit path st 'directory-not-readable base level))
                (else (visit-dir path st base level)))))
      (let ((st (safe-stat stat start)))
        (if (vector? st) (set! start-dev (stat:dev st))))
      (node start start 0))

    (define (ftw filename proc . opts)
      "Walk the tree at FILENAME, calling (PROC PATH STAT FLAG) for each
file and directory, FLAG one of regular, directory,
directory-not-readable, invalid-stat (STAT #f) and symlink (a dangling
link: links are followed, and each directory visited once).  PROC
returns #t to go on; the result is #t or the first other value.
Accepts Guile's #:hash-size N (ignored)."
      (walk-tree filename
                 (lambda (path st flag base level)
                   (proc path st (if (eq? flag 'stale-symlink) 'symlink
                                     flag)))
                 #f #f #f #f (list '())))

    (define (nftw filename proc . options)
      "Walk the tree at FILENAME, calling (PROC PATH STAT FLAG BASE
LEVEL): FLAG one of regular, directory, directory-processed (after the
contents, with 'depth), directory-not-readable, invalid-stat, symlink
(with 'physical) and stale-symlink; BASE the index of the base name in
PATH; LEVEL the depth from 0.  OPTIONS: 'physical (do not follow
symbolic links), 'depth (directories after their contents), 'mount
(stay on one file system), 'chdir (enter each directory while its
entries are visited), #:hash-size N (ignored).  PROC returns #t to go
on; the result is #t or the first other value."
      (for-each (lambda (o)
                  (if (not (or (memq o '(physical depth mount chdir
                                                   hash-size))
                               (keyword? o) (integer? o)))
                      (error "nftw: unknown option" o)))
                options)
      (walk-tree filename proc (memq 'physical options)
                 (memq 'depth options) (memq 'mount options)
                 (memq 'chdir options) #f))))
