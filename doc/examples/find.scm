;;; find.scm -- a small find and grep over a directory tree, on
;;; (ice-9 ftw), stat and the ports
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Usage: scm find.scm DIRECTORY [-name GLOB] [-type f|d|l]
;;;                              [-newer FILE] [-grep TEXT]
;;;
;;; Prints the files under DIRECTORY that match every test, one per
;;; line, in sorted order; with -grep, the lines of the regular files
;;; that contain TEXT instead, as FILE:LINE:TEXT.  GLOB has * and ?.
;;; Symbolic links are not followed.  Exit status 0 if something
;;; matched, 1 if nothing did, 2 on a usage error.  test-suite/
;;; find-example.sh runs it on a tree and compares it with find(1) and
;;; grep(1).

;;; Code:

(import (scheme base) (scheme write) (scheme process-context)
        (ice-9 ftw))

(define (usage)
  (display "usage: scm find.scm DIRECTORY [-name GLOB] [-type f|d|l] \
[-newer FILE] [-grep TEXT]\n" (current-error-port))
  (exit 2))

;; Does the glob pattern P (with * and ?) match the whole string S?
(define (glob-match? p s)
  (let loop ((i 0) (j 0))
    (cond ((= i (string-length p)) (= j (string-length s)))
          ((char=? (string-ref p i) #\*)
           (or (loop (+ i 1) j)
               (and (< j (string-length s)) (loop i (+ j 1)))))
          ((= j (string-length s)) #f)
          ((or (char=? (string-ref p i) #\?)
               (char=? (string-ref p i) (string-ref s j)))
           (loop (+ i 1) (+ j 1)))
          (else #f))))

(define (string-search text part)
  ;; The index of PART in TEXT, or #f.
  (let ((n (string-length text)) (m (string-length part)))
    (let loop ((i 0))
      (cond ((> (+ i m) n) #f)
            ((string=? (substring text i (+ i m)) part) i)
            (else (loop (+ i 1)))))))

;; The options as an association list, from the arguments after the
;; directory.
(define (parse-options args)
  (cond ((null? args) '())
        ((and (member (car args) '("-name" "-type" "-newer" "-grep"))
              (pair? (cdr args)))
         (cons (cons (string->symbol (substring (car args) 1
                                                (string-length (car args))))
                     (cadr args))
               (parse-options (cddr args))))
        (else (usage))))

(define (option opts name) (let ((o (assq name opts))) (and o (cdr o))))

(define (type-letter st)
  (case (stat:type st)
    ((regular) "f") ((directory) "d") ((symlink) "l") (else "?")))

(define (grep-file path text)
  ;; Print PATH:N:LINE for each line of PATH holding TEXT; the count.
  (call-with-input-file path
    (lambda (port)
      (let loop ((n 1) (found 0))
        (let ((line (read-line port)))
          (cond ((eof-object? line) found)
                ((string-search line text)
                 (display path) (display ":") (display n) (display ":")
                 (display line) (newline)
                 (loop (+ n 1) (+ found 1)))
                (else (loop (+ n 1) found))))))))

(define (main args)
  (if (null? args) (usage))
  (let* ((root (car args))
         (opts (parse-options (cdr args)))
         (glob (option opts 'name))
         (type (option opts 'type))
         (newer (let ((f (option opts 'newer)))
                  (and f (stat:mtime (stat f)))))
         (text (option opts 'grep))
         (hits '()))
    (if (not (file-is-directory? root))
        (begin (display (string-append "find.scm: not a directory: " root
                                       "\n")
                        (current-error-port))
               (exit 2)))
    (nftw root
          (lambda (path st flag base level)
            (if (and st
                     (or (not glob)
                         (glob-match? glob (substring path base
                                                      (string-length path))))
                     (or (not type) (string=? type (type-letter st)))
                     (or (not newer) (> (stat:mtime st) newer)))
                (set! hits (cons path hits)))
            #t)
          'physical)
    (let ((sorted (sort hits string<?)))
      (if text
          (let ((found (apply + (map (lambda (p)
                                       (if (eq? (stat:type (lstat p)) 'regular)
                                           (grep-file p text)
                                           0))
                                     sorted))))
            (exit (if (> found 0) 0 1)))
          (begin
            (for-each (lambda (p) (display p) (newline)) sorted)
            (exit (if (null? sorted) 1 0)))))))

(main (cdr (command-line)))
