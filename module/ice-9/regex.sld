;;; (ice-9 regex) -- Guile's regular expressions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; make-regexp, regexp?, regexp-exec and the regexp/ flags are core
;;; procedures (values/regexp.c), as in Guile; this library adds the
;;; rest of Guile's (ice-9 regex) on top of them.  A match structure
;;; is Guile's: a vector of the target string and one (start . end)
;;; pair per submatch, (-1 . -1) for a submatch that did not take part.
;;; The engine matches in linear time (a Pike VM), POSIX's
;;; leftmost-longest rule choosing the match.

;;; Code:

(define-library (ice-9 regex)
  (export make-regexp regexp? regexp-exec
          regexp/basic regexp/extended regexp/icase regexp/newline
          regexp/notbol regexp/noteol
          string-match regexp-match? match:substring match:start
          match:end match:count match:prefix match:suffix match:string
          list-matches fold-matches regexp-substitute
          regexp-substitute/global regexp-quote)
  (import (libscm))
  (begin
    (define (string-match pattern str . start)
      "Compile PATTERN, a POSIX extended regular expression string, and
return the match structure of its leftmost-longest match in STR (from
index START, default 0), or #f if there is none.  An error if PATTERN
is not a valid regular expression."
      (apply regexp-exec (make-regexp pattern) str start))

    (define (regexp-match? obj)
      "Return #t if OBJ is a match structure (as regexp-exec and string-match
return: a vector of the string and one (start . end) pair per
submatch), else #f."
      (and (vector? obj)
           (>= (vector-length obj) 2)
           (string? (vector-ref obj 0))
           (let loop ((k 1))
             (or (= k (vector-length obj))
                 (let ((p (vector-ref obj k)))
                   (and (pair? p) (exact-integer? (car p))
                        (exact-integer? (cdr p)) (loop (+ k 1))))))))

    (define (check-match who m)
      (unless (regexp-match? m)
        (error (string-append (symbol->string who)
                              ": not a match structure") m)))

    (define (submatch who m n)
      (check-match who m)
      (unless (and (exact-integer? n) (<= 0 n) (< n (- (vector-length m) 1)))
        (error (string-append (symbol->string who)
                              ": no such submatch") n))
      (vector-ref m (+ n 1)))

    (define (match:string m)
      "Return the string that the match structure M was matched against.  An
error if M is not a match structure."
      (check-match 'match:string m)
      (vector-ref m 0))

    (define (match:count m)
      "Return the number of submatches of the match structure M, the whole
match (submatch 0) included.  An error if M is not a match structure."
      (check-match 'match:count m)
      (- (vector-length m) 1))

    (define (match:start m . n)
      "Return the index where submatch N (default 0, the whole match) of the
match structure M starts, or #f if it took no part in the match.  An
error if M is not a match structure or has no submatch N."
      (let ((s (car (submatch 'match:start m (if (pair? n) (car n) 0)))))
        (and (>= s 0) s)))

    (define (match:end m . n)
      "Return the index where submatch N (default 0, the whole match) of the
match structure M ends, or #f if it took no part in the match.  An
error if M is not a match structure or has no submatch N."
      (let ((e (cdr (submatch 'match:end m (if (pair? n) (car n) 0)))))
        (and (>= e 0) e)))

    (define (match:substring m . n)
      "Return the text of submatch N (default 0, the whole match) of the
match structure M, or #f if it took no part in the match.  An error if
M is not a match structure or has no submatch N."
      (let ((p (submatch 'match:substring m (if (pair? n) (car n) 0))))
        (and (>= (car p) 0) (substring (vector-ref m 0) (car p) (cdr p)))))

    (define (match:prefix m)
      "Return the part of M's string before the whole match.  An error if M
is not a match structure."
      (substring (match:string m) 0 (match:start m)))

    (define (match:suffix m)
      "Return the part of M's string after the whole match.  An error if M is
not a match structure."
      (string-copy (match:string m) (match:end m)))

    (define (->regexp who re)
      (cond ((regexp? re) re)
            ((string? re) (make-regexp re))
            (else (error (string-append (symbol->string who)
                                        ": not a regexp or a string") re))))

    ;; Each match from the left, not overlapping; an empty match right
    ;; after the previous match is skipped, as in Guile.  Past the
    ;; start of the string, ^ does not match (regexp/notbol).
    (define (fold-matches re str init proc . flags)
      "Return the result of calling (PROC MATCH ACC) on each non-overlapping
match of RE (a regexp or a pattern string) in STR from left to right,
ACC being INIT at first, as Guile does: an empty match right after the
previous match is skipped, and ^ matches only at the start of STR.
FLAGS (default 0) are regexp-exec's.  An error if RE is neither a
regexp nor a string."
      (let ((rx (->regexp 'fold-matches re))
            (flags (if (pair? flags) (car flags) 0))
            (len (string-length str)))
        (let loop ((start 0) (acc init) (abuts #f))
          (let ((m (and (<= start len)
                        (regexp-exec rx str start
                                     (if (zero? start)
                                         flags
                                         (bitwise-ior flags regexp/notbol))))))
            (cond ((not m) acc)
                  ((and abuts (= (match:start m) (match:end m)))
                   (if (< (match:start m) len)
                       (loop (+ (match:start m) 1) acc #f)
                       acc))
                  ((= (match:start m) (match:end m))
                   (loop (+ (match:end m) 1) (proc m acc) #f))
                  (else (loop (match:end m) (proc m acc) #t)))))))

    (define (list-matches re str . flags)
      "Return the list of the match structures of the non-overlapping matches
of RE (a regexp or a pattern string) in STR, from left to right, as
fold-matches finds them; FLAGS (default 0) are regexp-exec's."
      (reverse (apply fold-matches re str '() cons flags)))

    (define (emit-item who port m item)
      (cond ((string? item) (display item port))
            ((exact-integer? item)
             (let ((s (match:substring m item)))
               (when s (display s port))))
            ((eq? item 'pre) (display (match:prefix m) port))
            ((eq? item 'post) (display (match:suffix m) port))
            (else (error (string-append (symbol->string who)
                                        ": bad item") item))))

    (define (regexp-substitute port m . items)
      "Write to PORT the ITEMS for the match structure M: a string as it is,
an integer as the text of that submatch (nothing if it took no part),
pre and post as the text before and after the match.  If PORT is #f,
return the text as a string instead.  An error if M is not a match
structure or an item is none of those."
      (check-match 'regexp-substitute m)
      (if port
          (for-each (lambda (item) (emit-item 'regexp-substitute port m item))
                    items)
          (call-with-output-string
            (lambda (p) (apply regexp-substitute p m items)))))

    ;; Each match's ITEMS in turn: pre is the text since the previous
    ;; match, post goes on to the next match (without it, the
    ;; substitution stops after the first), a procedure is called with
    ;; the match and its result displayed.
    (define (regexp-substitute/global port re str . items)
      "Write to PORT (a string if PORT is #f) STR with the ITEMS for each match
of RE (a regexp or a pattern string): as for regexp-substitute, but pre
is the text since the previous match, a procedure is called with the
match and its result displayed, and post goes on to the next match,
so that without post only the first match is substituted and the rest
of STR is dropped."
      (define (run port)
        (let next ((ms (list-matches re str)) (from 0))
          (if (null? ms)
              (display (string-copy str from) port)
              (let ((m (car ms)))
                (let each ((items items))
                  (when (pair? items)
                    (let ((item (car items)))
                      (cond ((eq? item 'pre)
                             (display (substring str from (match:start m))
                                      port))
                            ((eq? item 'post)
                             (next (cdr ms) (match:end m)))
                            ((procedure? item) (display (item m) port))
                            (else (emit-item 'regexp-substitute/global
                                             port m item))))
                    (each (cdr items))))))))
      (if port
          (run port)
          (call-with-output-string run)))

    (define (regexp-quote str)
      "Return STR with a backslash before each character that is special in a
POSIX regular expression, so that make-regexp of the result matches STR
itself."
      (let ((out (open-output-string)))
        (string-for-each
         (lambda (c)
           (when (memv c '(#\\ #\^ #\$ #\. #\[ #\] #\| #\( #\) #\* #\+ #\?
                           #\{ #\}))
             (write-char #\\ out))
           (write-char c out))
         str)
        (get-output-string out)))))

;;; regex.sld ends here
