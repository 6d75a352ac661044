;;; 115.sld -- SRFI 115, Scheme Regular Expressions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; An SRE is translated here to the tree of libscm's regexp engine
;;; (values/regexp-internal.h describes it), which compiles it to a
;;; program for its Pike VM: matching takes time linear in the text
;;; for every pattern.  The same engine serves (ice-9 regex), and
;;; regexp? is the core predicate that recognises both kinds.
;;;
;;; Matching is leftmost-first: among the matches that start leftmost,
;;; alternatives are tried in order and greedy repetitions prefer more
;;; (non-greedy ones fewer), as in the SRFI's reference implementation.
;;; Character classes are Unicode (SRFI 14's sets) unless w/ascii;
;;; w/nocase compares Unicode simple case folds.  Back-references and
;;; look-around, optional in the SRFI, are refused with an error: they
;;; cannot be matched in linear time.
;;;
;;; A match is a record of the string, the start and end of each
;;; submatch, and the names of the named ones.

;;; Code:

(define-library (srfi 115)
  (export regexp rx regexp->sre char-set->sre valid-sre? regexp?
          regexp-matches regexp-matches? regexp-search
          regexp-replace regexp-replace-all regexp-fold regexp-extract
          regexp-split regexp-partition
          regexp-match? regexp-match-count regexp-match-submatch
          regexp-match-submatch-start regexp-match-submatch-end
          regexp-match->list)
  (import (libscm))
  (begin

    (define (sre-error msg . irritants)
      (apply error (string-append "regexp: " msg) irritants))

    ;; ----------------------------------------------------------------
    ;; Named character classes.

    (define (named-class name)
      (case name
        ((any) char-set:full)
        ((nonl) (char-set-complement (char-set #\newline)))
        ((ascii) char-set:ascii)
        ((lower-case lower) char-set:lower-case)
        ((upper-case upper) char-set:upper-case)
        ((title-case title) char-set:title-case)
        ((alphabetic alpha) char-set:letter)
        ((numeric num digit) char-set:digit)
        ((alphanumeric alphanum alnum) char-set:letter+digit)
        ((punctuation punct) char-set:punctuation)
        ((symbol) char-set:symbol)
        ((graphic graph) char-set:graphic)
        ((whitespace white space) char-set:whitespace)
        ((printing print) char-set:printing)
        ((control cntrl) char-set:iso-control)
        ((hex-digit xdigit) char-set:hex-digit)
        (else #f)))

    (define (every ok? xs)
      (or (null? xs) (and (ok? (car xs)) (every ok? (cdr xs)))))

    ;; ----------------------------------------------------------------
    ;; Character-set SREs to SRFI 14 sets.  ASCII: under w/ascii.

    (define (cset-sre? x)
      (or (char? x) (char-set? x)
          (and (string? x) (= (string-length x) 1))
          (and (symbol? x) (named-class x) #t)
          (and (pair? x)
               (or (and (string? (car x)) (null? (cdr x)))
                   (and (memq (car x) '(char-set / char-range or |\||
                                        and & ~ complement - difference
                                        w/case w/nocase w/ascii w/unicode))
                        (list? (cdr x))
                        (if (memq (car x) '(char-set / char-range))
                            #t
                            (every cset-sre? (cdr x))))))))

    (define (range-pairs items)
      ;; (/ "az" #\0 #\9 ...): characters taken two by two.
      (let ((chars (apply append
                          (map (lambda (x)
                                 (cond ((char? x) (list x))
                                       ((string? x) (string->list x))
                                       (else (sre-error "bad range" x))))
                               items))))
        (let loop ((cs chars) (acc char-set:empty))
          (cond ((null? cs) acc)
                ((null? (cdr cs)) (sre-error "odd number of range ends" items))
                (else
                 (let ((lo (char->integer (car cs)))
                       (hi (char->integer (cadr cs))))
                   (when (> lo hi) (sre-error "range out of order" items))
                   (loop (cddr cs)
                         (char-set-union acc
                                         (ucs-range->char-set lo (+ hi 1))))))))))

    (define (sre->cset x ascii?)
      (define (sub y) (sre->cset y ascii?))
      (define (restrict cs) (if ascii? (char-set-intersection cs char-set:ascii) cs))
      (cond ((char? x) (char-set x))
            ((char-set? x) x)
            ((and (string? x) (= (string-length x) 1)) (string->char-set x))
            ((and (symbol? x) (named-class x)) => restrict)
            ((and (pair? x) (string? (car x)) (null? (cdr x)))
             (string->char-set (car x)))
            ((not (and (pair? x) (list? x)))
             (sre-error "not a character-set SRE" x))
            (else
             (case (car x)
               ((char-set)
                (if (and (= (length x) 2) (string? (cadr x)))
                    (string->char-set (cadr x))
                    (sre-error "bad char-set form" x)))
               ((/ char-range) (range-pairs (cdr x)))
               ((or |\||) (apply char-set-union (map sub (cdr x))))
               ((and &) (if (null? (cdr x))
                            char-set:full
                            (apply char-set-intersection (map sub (cdr x)))))
               ((~ complement)
                (char-set-complement (apply char-set-union (map sub (cdr x)))))
               ((- difference)
                (if (null? (cdr x))
                    (sre-error "difference of nothing" x)
                    (apply char-set-difference (map sub (cdr x)))))
               ((w/ascii) (sre->cset (cons 'or (cdr x)) #t))
               ((w/unicode) (sre->cset (cons 'or (cdr x)) #f))
               ((w/case w/nocase) (sre->cset (cons 'or (cdr x)) ascii?))
               (else (sre-error "not a character-set SRE" x))))))

    ;; ----------------------------------------------------------------
    ;; SREs to the engine's tree.

    ;; The translation's state: the submatch counter, the names, and
    ;; the flags in force.
    (define-record-type <sre-state>
      (make-sre-state count names)
      sre-state?
      (count state-count set-state-count!)
      (names state-names set-state-names!))

    (define (sre->tree sre st ascii? capture?)
      (define (seq xs) (cons 'seq (map (lambda (x) (sre->tree x st ascii? capture?)) xs)))
      (define (rep min max greedy xs) (list 'rep min max greedy (seq xs)))
      (define (count-arg n)
        (unless (and (exact-integer? n) (>= n 0))
          (sre-error "repetition count not a non-negative integer" n))
        n)
      (define (submatch name xs)
        (if capture?
            (let ((k (+ (state-count st) 1)))
              (set-state-count! st k)
              (when name
                (set-state-names! st (cons (cons name k) (state-names st))))
              (list 'sub k (seq xs)))
            (seq xs)))
      (cond
       ((string? sre) sre)
       ((char? sre) sre)
       ((char-set? sre) sre)
       ((symbol? sre)
        (case sre
          ((any) 'any)
          ((nonl) 'nonl)
          ((bos eos bol eol bow eow nwb bog eog) sre)
          ((word) (sre->tree '(word+ any) st ascii? capture?))
          ((grapheme) '(seq any (rep 0 #f #t (seq nbog any))))
          (else
           (let ((cs (named-class sre)))
             (if cs
                 (sre->cset sre ascii?)
                 (sre-error "unknown SRE" sre))))))
       ((and (pair? sre) (list? sre))
        (let ((args (cdr sre)))
          (case (car sre)
            ((: seq) (seq args))
            ((or |\||)
             (if (and (pair? args) (every cset-sre? args))
                 (sre->cset sre ascii?)
                 (cons 'alt (map (lambda (x) (sre->tree x st ascii? capture?))
                                 args))))
            ((* zero-or-more) (rep 0 #f #t args))
            ((+ one-or-more) (rep 1 #f #t args))
            ((? optional) (rep 0 1 #t args))
            ((*? non-greedy-zero-or-more) (rep 0 #f #f args))
            ((?? non-greedy-optional) (rep 0 1 #f args))
            ((= exactly)
             (if (pair? args) (rep (count-arg (car args)) (car args) #t (cdr args))
                 (sre-error "= needs a count" sre)))
            ((>= at-least)
             (if (pair? args) (rep (count-arg (car args)) #f #t (cdr args))
                 (sre-error ">= needs a count" sre)))
            ((** repeated **? non-greedy-repeated)
             (unless (and (pair? args) (pair? (cdr args)))
               (sre-error "** needs two counts" sre))
             (let ((lo (count-arg (car args)))
                   (hi (and (cadr args) (count-arg (cadr args)))))
               (when (and hi (< hi lo))
                 (sre-error "repetition bounds out of order" sre))
               (rep lo hi (memq (car sre) '(** repeated)) (cddr args))))
            (($ submatch) (submatch #f args))
            ((-> submatch-named)
             (if (and (pair? args) (symbol? (car args)))
                 (submatch (car args) (cdr args))
                 (sre-error "-> needs a name" sre)))
            ((w/case) (list 'case (seq args)))
            ((w/nocase) (list 'nocase (seq args)))
            ((w/ascii) (cons 'seq (map (lambda (x) (sre->tree x st #t capture?)) args)))
            ((w/unicode) (cons 'seq (map (lambda (x) (sre->tree x st #f capture?)) args)))
            ((w/nocapture) (cons 'seq (map (lambda (x) (sre->tree x st ascii? #f)) args)))
            ((word) (append '(seq bow) (cdr (seq args)) '(eow)))
            ((word+)
             (sre->tree `(word (+ (and (or alphanumeric #\_) (or ,@args))))
                        st ascii? capture?))
            ((char-set / char-range and & ~ complement - difference)
             (sre->cset sre ascii?))
            ((backref look-ahead look-behind neg-look-ahead neg-look-behind)
             (sre-error "not supported (it cannot be matched in linear time)"
                        sre))
            (else
             (if (and (string? (car sre)) (null? args))
                 (sre->cset sre ascii?)
                 (sre-error "unknown SRE" sre))))))
       (else (sre-error "not an SRE" sre))))

    ;; Compile SRE (or return a regexp as it is).
    (define (regexp re)
      "Return the compiled regexp of RE, an SRE (or RE itself if it is
already a regexp, of this library or of (ice-9 regex)).  An error
naming the offending part if RE is not a valid SRE, or uses
back-references or look-around, which libscm refuses (they cannot be
matched in linear time)."
      (if (regexp? re)
          re
          (let* ((st (make-sre-state 0 '()))
                 (tree (sre->tree re st #f #t)))
            (%tree->regexp tree (state-count st) re
                           (cons re (reverse (state-names st)))))))

    (define-syntax rx
      (syntax-rules ()
        ((_ sre ...) (regexp `(: sre ...)))))

    (define (regexp->sre re)
      "Return the SRE that the regexp RE (or the SRE RE itself, compiled
first) was made from.  An error if RE is a regexp not made from an SRE
(one of (ice-9 regex)'s)."
      (let ((info (%regexp-info (regexp re))))
        (if (pair? info)
            (car info)
            (error "regexp->sre: not an SRE regexp" re))))

    (define (char-set->sre cs)
      "Return an SRE matching one character of the char-set CS: a list of
the string of its characters."
      (list (char-set->string cs)))

    (define (valid-sre? x)
      "Return #t if X is an SRE that regexp accepts, else #f."
      (guard (e (#t #f))
        (regexp x)
        #t))

    ;; ----------------------------------------------------------------
    ;; Matches.

    (define-record-type <regexp-match>
      (make-regexp-match string positions names)
      %regexp-match?
      (string match-string)
      (positions match-positions)
      (names match-names))

    (define (regexp-match? obj)
      "Return #t if OBJ is a match object of this library (which
regexp-matches and regexp-search return), else #f."
      (%regexp-match? obj))

    (define (run who re str start end mode)
      (let ((rx (regexp re)))
        (unless (string? str)
          (error (string-append who ": not a string") str))
        (let ((v (%regexp-positions rx str start end mode)))
          (and v
               (make-regexp-match str v
                                  (let ((info (%regexp-info rx)))
                                    (if (pair? info) (cdr info) '())))))))

    (define (opt-start str o) (if (pair? o) (car o) 0))
    (define (opt-end str o)
      (if (and (pair? o) (pair? (cdr o)) (cadr o))
          (cadr o)
          (string-length str)))

    (define (regexp-matches re str . o)
      "Return a match object if the regexp or SRE RE matches the whole of STR
(or of its part from START to END), else #f.  An error if STR is not a
string or RE not a valid SRE."
      (run "regexp-matches" re str (opt-start str o) (opt-end str o) 'full))

    (define (regexp-matches? re str . o)
      "Return #t if the regexp or SRE RE matches the whole of STR (or of its
part from START to END), else #f.  An error if STR is not a string or
RE not a valid SRE."
      (and (apply regexp-matches re str o) #t))

    (define (regexp-search re str . o)
      "Return a match object for the leftmost match of the regexp or SRE RE
in STR (or in its part from START to END), else #f.  An error if STR is
not a string or RE not a valid SRE."
      (run "regexp-search" re str (opt-start str o) (opt-end str o) 'search))

    (define (check-md who md)
      (unless (regexp-match? md)
        (error (string-append who ": not a regexp match") md)))

    (define (field-index who md field)
      (check-md who md)
      (let ((k (cond ((exact-integer? field) field)
                     ((symbol? field) (named-index who md field))
                     (else (error (string-append who ": no such submatch")
                                  field)))))
        (unless (< -1 (* 2 k) (vector-length (match-positions md)))
          (error (string-append who ": no such submatch") field))
        k))

    ;; A name may label several submatches (in alternatives): the
    ;; first that took part, else the first.
    (define (named-index who md name)
      (let loop ((ns (match-names md)) (first #f))
        (cond ((null? ns)
               (or first
                   (error (string-append who ": no such submatch") name)))
              ((not (eq? (caar ns) name)) (loop (cdr ns) first))
              ((vector-ref (match-positions md) (* 2 (cdar ns))) (cdar ns))
              (else (loop (cdr ns) (or first (cdar ns)))))))

    (define (regexp-match-count md)
      "Return the number of submatches of the match MD, not counting the
whole match (submatch 0).  An error if MD is not a match."
      (check-md "regexp-match-count" md)
      (- (quotient (vector-length (match-positions md)) 2) 1))

    (define (regexp-match-submatch-start md field)
      "Return the index in the string where submatch FIELD of MD starts (a
number, or a name given by the SRE's => or submatch-named), or #f if
that submatch took no part in the match.  An error if MD is not a
match or has no such submatch."
      (vector-ref (match-positions md)
                  (* 2 (field-index "regexp-match-submatch-start" md field))))

    (define (regexp-match-submatch-end md field)
      "Return the index in the string where submatch FIELD of MD ends (a
number, or a name given by the SRE's => or submatch-named), or #f if
that submatch took no part in the match.  An error if MD is not a
match or has no such submatch."
      (vector-ref (match-positions md)
                  (+ 1 (* 2 (field-index "regexp-match-submatch-end" md field)))))

    (define (regexp-match-submatch md field)
      "Return the text of submatch FIELD of MD (a number, 0 for the whole
match, or a name given by the SRE's => or submatch-named), or #f if
that submatch took no part in the match.  An error if MD is not a
match or has no such submatch."
      (let* ((k (field-index "regexp-match-submatch" md field))
             (v (match-positions md))
             (s (vector-ref v (* 2 k))))
        (and s (substring (match-string md) s (vector-ref v (+ 1 (* 2 k)))))))

    (define (regexp-match->list md)
      "Return the list of the texts of all the submatches of MD, the whole
match first, #f for one that took no part.  An error if MD is not a
match."
      (check-md "regexp-match->list" md)
      (let loop ((k (regexp-match-count md)) (acc '()))
        (if (< k 0)
            acc
            (loop (- k 1) (cons (regexp-match-submatch md k) acc)))))

    ;; ----------------------------------------------------------------
    ;; Iteration.

    ;; KONS gets the end of the previous match (FROM), each match, STR
    ;; and the seed; an empty match moves the search on by a character.
    ;; FINISH gets the end of the last match, #f, STR and the seed.
    (define (regexp-fold re kons knil str . o)
      "Fold over the non-overlapping matches of RE in STR (or its part from
START to END), left to right: (KONS FROM MD STR ACC) for each match MD,
FROM being where the previous match ended, ACC starting as KNIL; the
result is (FINISH FROM #f STR ACC) with the end of the last match
(FINISH returns ACC by default).  After an empty match the search moves
on by one character."
      (let* ((rx (regexp re))
             (finish (if (pair? o) (car o) (lambda (from md str acc) acc)))
             (o (if (pair? o) (cdr o) '()))
             (start (opt-start str o))
             (end (opt-end str o)))
        (let loop ((i start) (from start) (acc knil))
          (let ((md (and (< i end) (run "regexp-fold" rx str i end 'search))))
            (if md
                (let ((j (regexp-match-submatch-end md 0)))
                  (loop (if (and (= i j) (< j end)) (+ j 1) j)
                        j
                        (kons from md str acc)))
                (finish from #f str acc))))))

    (define (regexp-extract re str . o)
      "Return the list of the texts of the non-empty matches of RE in STR (or
its part from START to END), left to right."
      (apply regexp-fold re
             (lambda (from md str acc)
               (let ((s (regexp-match-submatch md 0)))
                 (if (string-null? s) acc (cons s acc))))
             '() str (lambda (from md str acc) (reverse acc)) o))

    ;; Split and partition skip empty matches and keep in their seed
    ;; the end of the last non-empty one.
    (define (regexp-split re str . o)
      "Return the list of the pieces of STR (or of its part from START to END)
between the non-empty matches of RE, empty pieces included: the
separators are left out."
      (let ((start (opt-start str o))
            (end (opt-end str o)))
        (apply regexp-fold re
               (lambda (from md str acc)
                 (let ((i (regexp-match-submatch-start md 0))
                       (j (regexp-match-submatch-end md 0)))
                   (if (= i j)
                       acc
                       (cons j (cons (substring str (car acc) i) (cdr acc))))))
               (list start) str
               (lambda (from md str acc)
                 (reverse (cons (substring str (car acc) end) (cdr acc))))
               o)))

    (define (regexp-partition re str . o)
      "Return the list of the pieces of STR (or of its part from START to END)
between the non-empty matches of RE, alternating with the matches
themselves, starting with the text before the first match."
      (let ((start (opt-start str o))
            (end (opt-end str o)))
        (reverse
         (apply regexp-fold re
                (lambda (from md str acc)
                  (let ((i (regexp-match-submatch-start md 0))
                        (j (regexp-match-submatch-end md 0)))
                    (if (= i j)
                        acc
                        (cons j (cons (regexp-match-submatch md 0)
                                      (cons (substring str (car acc) i)
                                            (cdr acc)))))))
                (list start) str
                (lambda (from md str acc)
                  (if (or (< (car acc) end) (null? (cdr acc)))
                      (cons (substring str (car acc) end) (cdr acc))
                      (cdr acc)))
                o))))

    ;; The pieces SUBST makes of match MD: strings, submatch numbers or
    ;; names, pre (from START to the match) and post (to END).
    (define (substitution md str subst start end)
      (let loop ((s (if (list? subst) subst (list subst))) (acc '()))
        (if (null? s)
            (reverse acc)
            (let ((x (car s)))
              (loop (cdr s)
                    (cons (cond ((string? x) x)
                                ((eq? x 'pre)
                                 (substring str start
                                            (regexp-match-submatch-start md 0)))
                                ((eq? x 'post)
                                 (substring str (regexp-match-submatch-end md 0)
                                            end))
                                ((or (exact-integer? x) (symbol? x))
                                 (or (regexp-match-submatch md x) ""))
                                (else (error "regexp-replace: bad substitution"
                                             x)))
                          acc))))))

    (define (regexp-replace re str subst . o)
      "Return STR with its match of RE replaced by SUBST, or STR itself if
there is none; START and END limit the search and the result to that
part of STR, and COUNT (default 0) matches are skipped first.  SUBST is
a string, a submatch number or name, pre, post, or a list of those,
concatenated.  An error for another kind of SUBST."
      (let* ((rx (regexp re))
             (start (opt-start str o))
             (end (opt-end str o))
             (count (if (and (pair? o) (pair? (cdr o)) (pair? (cddr o)))
                        (caddr o)
                        0)))
        (let loop ((i start) (count count))
          (let ((md (and (<= i end) (run "regexp-replace" rx str i end 'search))))
            (cond
             ((not md) str)
             ((positive? count)
              (let ((j (regexp-match-submatch-end md 0)))
                (loop (if (= j (regexp-match-submatch-start md 0)) (+ j 1) j)
                      (- count 1))))
             (else
              (apply string-append
                     (substring str start (regexp-match-submatch-start md 0))
                     (append (substitution md str subst start end)
                             (list (substring
                                    str (regexp-match-submatch-end md 0)
                                    end))))))))))

    (define (regexp-replace-all re str subst . o)
      "Return STR (or its part from START to END) with every non-overlapping
match of RE replaced by SUBST, as regexp-replace interprets it."
      (let ((start (opt-start str o))
            (end (opt-end str o)))
        (apply regexp-fold re
               (lambda (from md str acc)
                 (let ((i (regexp-match-submatch-start md 0)))
                   (append (reverse (substitution md str subst start end))
                           (if (< from i) (cons (substring str from i) acc) acc))))
               '() str
               (lambda (from md str acc)
                 (apply string-append
                        (reverse (if (< from end)
                                     (cons (substring str from end) acc)
                                     acc))))
               o)))))

;;; 115.sld ends here
