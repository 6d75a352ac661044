;;; format.sld -- (ice-9 format), Guile's Common Lisp style format
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (format DESTINATION CONTROL ARG ...) with the directives of Guile's
;;; manual (section "Formatted Output"): ~a ~s ~c ~d ~x ~o ~b ~r ~f ~e
;;; ~g ~$ ~i ~p ~y ~? ~k ~* ~t ~~ ~% ~& ~_ ~/ ~| ~! ~newline, ~( ~),
;;; ~{ ~}, ~[ ~; ~] and ~^, with parameters (numbers, 'c, v and #) and
;;; the : and @ modifiers.
;;;
;;; A call parses its control string once into a list of items -- a
;;; pair (START . END) for literal text, a directive record otherwise,
;;; with the bodies of ~{ ~[ ~( inside it -- and then runs the items;
;;; literal text is written as a slice of the control string, never
;;; character by character.  Output goes to a string port, and only a
;;; finished text reaches the destination: an error writes nothing.
;;; The column that ~& and ~t need is the string port's, counted on from
;;; the destination's own port-column.
;;;
;;; Numbers for ~f ~e ~g ~$ are rounded from their exact value (a
;;; flonum's binary value, an exact rational, a bignum), halfway cases
;;; away from zero, so (format #f "~,2f" 2.675) is "2.67": 2.675 is
;;; 2.67499999... in binary.  Where the number of digits is left open,
;;; a flonum prints its shortest digits, as number->string does.
;;;
;;; Where Guile's implementation differs from its manual or from Common
;;; Lisp, this one follows the manual and Common Lisp: ~^ inside ~[ or
;;; ~( ends the enclosing iteration or format, ~:( and ~@( capitalize
;;; words, ~g chooses its form by Common Lisp's rule.  A missing
;;; argument, a bad directive or parameter, an unbalanced bracket is an
;;; error naming the directive and its position; arguments left over
;;; are ignored, as in Guile.  (srfi 28) keeps its own, simpler format.

;;; Code:

(define-library (ice-9 format)
  (export format)
  (import (libscm) (ice-9 pretty-print))
  (begin

    ;; ---------------------------------------------------------------
    ;; The parsed form.

    ;; A directive: its letter (lower case), modifiers, parameters (a
    ;; list of integers, characters, v, # or #f for left empty), where
    ;; it starts (the ~) and ends in the control string, and for the
    ;; bracketing ones a BODY (a list of items; for ~[ a list of
    ;; clauses) and EXTRA (~}'s colon; ~['s default-clause flag).
    (define-record-type directive
      (make-directive char colon at params start end body extra)
      directive?
      (char directive-char)
      (colon directive-colon)
      (at directive-at)
      (params directive-params)
      (start directive-start)
      (end directive-end)
      (body directive-body set-directive-body!)
      (extra directive-extra set-directive-extra!))

    ;; Raise an error naming format, MESSAGE, and POSITION in FMT.
    (define (format-error fmt position message . irritants)
      (apply error
             (string-append "format: " message " at position "
                            (number->string position) " of")
             fmt irritants))

    ;; The text of directive D as written, e.g. "~8,'0d".
    (define (directive-text fmt d)
      (substring fmt (directive-start d) (directive-end d)))

    (define (directive-error fmt d message . irritants)
      (apply format-error fmt (directive-start d)
             (string-append (directive-text fmt d) ": " message)
             irritants))

    ;; The directives that close or separate the parts of a bracket.
    (define (closer? c) (memv c '(#\] #\; #\} #\))))

    ;; Parse FMT from I up to the end or a closing directive.  Return
    ;; three values: the items in order, the index after them, and the
    ;; closing directive or #f at the end of the string.
    (define (parse-items fmt i n)
      (let loop ((i i) (start i) (items '()))
        (define (with-text)
          (if (< start i) (cons (cons start i) items) items))
        (cond
         ((= i n) (values (reverse (with-text)) n #f))
         ((not (char=? (string-ref fmt i) #\~)) (loop (+ i 1) start items))
         (else
          (let-values (((d next) (parse-directive fmt i n)))
            (let ((c (directive-char d)))
              (cond
               ((closer? c) (values (reverse (with-text)) next d))
               ((char=? c #\newline)
                (let skip ((j next))
                  (if (and (not (directive-colon d)) (< j n)
                           (char-whitespace? (string-ref fmt j))
                           (not (char=? (string-ref fmt j) #\newline)))
                      (skip (+ j 1))
                      (let ((items (with-text)))
                        (loop j j (if (directive-at d)
                                      (cons (cons (- next 1) next) items)
                                      items))))))
               ((memv c '(#\{ #\( #\[))
                ;; The bracket's body, then on after its closer.
                (let ((after (cdr (directive-extra (parse-body fmt d next n)))))
                  (loop after after (cons d (with-text)))))
               (else (loop next next (cons d (with-text)))))))))))

    ;; Parse what ~{ ~[ ~( enclose into D's body; D's extra becomes a
    ;; pair: the closer's colon (~:}) or the default-clause flag (~[),
    ;; and the index after the closer.
    (define (parse-body fmt d next n)
      (case (directive-char d)
        ((#\{) (parse-bracket fmt d next n #\} "~{ without a matching ~}"))
        ((#\() (parse-bracket fmt d next n #\) "~( without a matching ~)"))
        ((#\[) (parse-clauses fmt d next n))
        (else d)))

    (define (parse-bracket fmt d next n close message)
      (let-values (((items after closer) (parse-items fmt next n)))
        (cond
         ((not closer) (directive-error fmt d message))
         ((not (char=? (directive-char closer) close))
          (directive-error fmt closer
                           (string-append "unexpected in "
                                          (directive-text fmt d))))
         (else
          (set-directive-body! d items)
          (set-directive-extra! d (cons (directive-colon closer) after))
          d))))

    ;; ~[ clause ~; clause ... ~]; a clause after ~:; is the default.
    (define (parse-clauses fmt d next n)
      (let loop ((i next) (clauses '()) (default #f))
        (let-values (((items after closer) (parse-items fmt i n)))
          (cond
           ((not closer) (directive-error fmt d "~[ without a matching ~]"))
           ((char=? (directive-char closer) #\;)
            (if default
                (directive-error fmt closer "a clause after the ~:; default"))
            (loop after (cons items clauses) (directive-colon closer)))
           ((char=? (directive-char closer) #\])
            (set-directive-body! d (reverse (cons items clauses)))
            (set-directive-extra! d (cons default after))
            d)
           (else
            (directive-error fmt closer
                             (string-append "unexpected in "
                                            (directive-text fmt d))))))))

    ;; Parse the directive whose ~ is at I: return it and the index
    ;; after it.
    (define (parse-directive fmt i n)
      (define (ref j) (if (< j n) (string-ref fmt j) #f))
      (define (param-end j params)
        ;; After a parameter: a comma goes on to the next one; a quote
        ;; starts the next one directly (Guile takes ~3,5'*@t).
        (let ((c (ref j)))
          (cond ((eqv? c #\,) (params-from (+ j 1) params))
                ((eqv? c #\') (params-from j params))
                (else (modifiers j (reverse params) #f #f)))))
      (define (params-from j params)
        (let ((c (ref j)))
          (cond
           ((not c) (format-error fmt i "the string ends inside a directive"))
           ((or (char-numeric? c)
                (and (memv c '(#\+ #\-)) (ref (+ j 1))
                     (char-numeric? (ref (+ j 1)))))
            (let digits ((k (+ j 1)))
              (if (and (ref k) (char-numeric? (ref k)))
                  (digits (+ k 1))
                  (param-end k (cons (string->number (substring fmt j k) 10)
                                     params)))))
           ((char=? c #\')
            (if (not (ref (+ j 1)))
                (format-error fmt i "the string ends inside a directive"))
            (param-end (+ j 2) (cons (ref (+ j 1)) params)))
           ((memv c '(#\v #\V)) (param-end (+ j 1) (cons 'v params)))
           ((char=? c #\#) (param-end (+ j 1) (cons '|#| params)))
           ((char=? c #\,) (params-from (+ j 1) (cons #f params)))
           (else (modifiers j (reverse params) #f #f)))))
      (define (modifiers j params colon at)
        (let ((c (ref j)))
          (cond
           ((not c) (format-error fmt i "the string ends inside a directive"))
           ((char=? c #\:) (modifiers (+ j 1) params #t at))
           ((char=? c #\@) (modifiers (+ j 1) params colon #t))
           (else
            (let ((d (make-directive (char-downcase c) colon at params i
                                     (+ j 1) '() #f)))
              (check-directive fmt d)
              (values d (+ j 1)))))))
      (params-from (+ i 1) '()))

    ;; How many parameters each directive takes.
    (define max-params
      '((#\a . 4) (#\s . 4) (#\c . 1) (#\d . 4) (#\x . 4) (#\o . 4)
        (#\b . 4) (#\r . 5) (#\f . 5) (#\e . 7) (#\g . 7) (#\$ . 4)
        (#\i . 5) (#\p . 0) (#\y . 1) (#\? . 0) (#\k . 0) (#\* . 1)
        (#\t . 3) (#\~ . 1) (#\% . 1) (#\& . 1) (#\_ . 1) (#\/ . 1)
        (#\| . 1) (#\! . 0) (#\newline . 0) (#\( . 0) (#\) . 0)
        (#\{ . 1) (#\} . 0) (#\[ . 1) (#\; . 0) (#\] . 0) (#\^ . 3)))

    (define (check-directive fmt d)
      (let ((entry (assv (directive-char d) max-params)))
        (cond
         ((not entry)
          (if (memv (directive-char d) '(#\< #\>))
              (directive-error fmt d "justification is not supported")
              (directive-error fmt d "unknown directive")))
         ((> (length (directive-params d)) (cdr entry))
          (directive-error fmt d
                           (string-append "too many parameters (at most "
                                          (number->string (cdr entry)) ")"))))))

    ;; The whole control string: its items.
    (define (parse fmt)
      (let-values (((items after closer) (parse-items fmt 0 (string-length fmt))))
        (if closer
            (directive-error fmt closer
                             (string-append "no opening directive for "
                                            (directive-text fmt closer))))
        items))

    ;; ---------------------------------------------------------------
    ;; Arguments: a cursor over a list, able to move back (~:*) and to
    ;; jump (~@*).

    ;; OUTER is the cursor over the sublists of an enclosing ~:{ (for
    ;; ~:^), or #f.
    (define-record-type cursor
      (make-cursor all rest index outer)
      cursor?
      (outer cursor-outer)
      (all cursor-all)
      (rest cursor-rest set-cursor-rest!)
      (index cursor-index set-cursor-index!))

    (define (new-cursor args) (make-cursor args args 0 #f))

    (define (next-arg! cur fmt d)
      (let ((rest (cursor-rest cur)))
        (if (not (pair? rest))
            (directive-error fmt d "too few arguments: none left"))
        (set-cursor-rest! cur (cdr rest))
        (set-cursor-index! cur (+ (cursor-index cur) 1))
        (car rest)))

    (define (remaining cur) (length (cursor-rest cur)))

    (define (goto-arg! cur k fmt d)
      (let ((all (cursor-all cur)))
        (if (or (< k 0) (> k (length all)))
            (directive-error fmt d
                             (if (< k 0)
                                 "moves before the first argument"
                                 "moves past the last argument")
                             k))
        (set-cursor-rest! cur (list-tail all k))
        (set-cursor-index! cur k)))

    ;; ---------------------------------------------------------------
    ;; Output: a string port, and the column its text starts at.

    (define-record-type context
      (make-context port base flush)
      context?
      (port context-port)
      (base context-base)
      (flush context-flush set-context-flush!))

    (define (column ctx)
      (let ((port (context-port ctx)))
        (if (zero? (port-line port))
            (+ (context-base ctx) (port-column port))
            (port-column port))))

    ;; K copies of character C.
    (define (put-chars ctx c k)
      (let ((port (context-port ctx)))
        (if (> k 8)
            (write-string (make-string k c) port)
            (let loop ((k k))
              (if (> k 0) (begin (write-char c port) (loop (- k 1))))))))

    ;; ---------------------------------------------------------------
    ;; Parameters.

    ;; The parameters of D with v and # replaced by their values.
    (define (resolve-params d cur fmt)
      (let ((ps (directive-params d)))
        (if (null? ps)
            ps
            (map (lambda (p)
                   (cond ((eq? p 'v)
                          (let ((v (next-arg! cur fmt d)))
                            (if (or (not v) (exact-integer? v) (char? v))
                                v
                                (directive-error fmt d
                                                 "a v parameter must be an integer or a character"
                                                 v))))
                         ((eq? p '|#|) (remaining cur))
                         (else p)))
                 ps))))

    (define (param ps k)
      (cond ((null? ps) #f)
            ((= k 0) (car ps))
            (else (param (cdr ps) (- k 1)))))

    (define (int-param ps k default fmt d)
      (let ((p (param ps k)))
        (cond ((not p) default)
              ((exact-integer? p) p)
              (else (directive-error fmt d
                                     (string-append "parameter "
                                                    (number->string (+ k 1))
                                                    " must be an integer")
                                     p)))))

    (define (count-param ps k default fmt d)
      (let ((p (int-param ps k default fmt d)))
        (if (and p (< p 0))
            (directive-error fmt d
                             (string-append "parameter "
                                            (number->string (+ k 1))
                                            " must not be negative")
                             p))
        p))

    (define (char-param ps k default fmt d)
      (let ((p (param ps k)))
        (cond ((not p) default)
              ((char? p) p)
              (else (directive-error fmt d
                                     (string-append "parameter "
                                                    (number->string (+ k 1))
                                                    " must be a character")
                                     p)))))

    ;; ---------------------------------------------------------------
    ;; Padding.

    ;; TEXT padded to MINCOL with PADCHAR, MINPAD at least, in steps of
    ;; COLINC; on the left if LEFT.  The steps are counted by division:
    ;; a loop of one step at a time took minutes to find that a MINCOL
    ;; of 10^10 (from a v parameter) is too wide to be made.
    (define (put-padded ctx text mincol colinc minpad padchar left)
      (let* ((len (string-length text))
             (short (- mincol len minpad))
             (pad (if (and (> short 0) (> colinc 0))
                      (+ minpad (* colinc (quotient (+ short colinc -1) colinc)))
                      minpad))
             (port (context-port ctx)))
        (if left (put-chars ctx padchar pad))
        (write-string text port)
        (if (not left) (put-chars ctx padchar pad))))

    ;; TEXT right-aligned in WIDTH with PADCHAR.
    (define (put-right ctx text width padchar)
      (if (and width (< (string-length text) width))
          (put-chars ctx padchar (- width (string-length text))))
      (write-string text (context-port ctx)))

    ;; ---------------------------------------------------------------
    ;; ~a ~s

    (define (object-text obj write? colon)
      (let ((text (if write?
                      (let ((p (open-output-string))) (write obj p) (get-output-string p))
                      (if (string? obj)
                          obj
                          (let ((p (open-output-string))) (display obj p) (get-output-string p))))))
        (if (and colon (not (or (string? obj) (symbol? obj) (char? obj)))
                 (>= (string-length text) 2)
                 (char=? (string-ref text 0) #\#)
                 (char=? (string-ref text 1) #\<))
            (let ((p (open-output-string))) (write text p) (get-output-string p))
            text)))

    (define (do-object ctx d ps arg write? fmt)
      (if (and (null? ps) (not (directive-colon d)))
          (if write? (write arg (context-port ctx)) (display arg (context-port ctx)))
          (put-padded ctx (object-text arg write? (directive-colon d))
                      (int-param ps 0 0 fmt d) (count-param ps 1 1 fmt d)
                      (count-param ps 2 0 fmt d) (char-param ps 3 #\space fmt d)
                      (directive-at d))))

    ;; ---------------------------------------------------------------
    ;; Integers: ~d ~x ~o ~b and ~r with a radix.

    (define digit-chars "0123456789abcdefghijklmnopqrstuvwxyz")

    (define (integer->string n radix)
      (if (memv radix '(2 8 10 16))
          (number->string n radix)
          (let loop ((n (abs n)) (acc '()))
            (let ((acc (cons (string-ref digit-chars (remainder n radix)) acc)))
              (if (< n radix)
                  (list->string acc)
                  (loop (quotient n radix) acc))))))

    ;; DIGITS with SEP between groups of WIDTH, counted from the right.
    (define (group-digits digits sep width)
      (let ((n (string-length digits)))
        (if (or (<= width 0) (<= n width))
            digits
            (let ((out (open-output-string)))
              (let loop ((i 0))
                (if (< i n)
                    (begin
                      (if (and (> i 0) (zero? (remainder (- n i) width)))
                          (write-char sep out))
                      (write-char (string-ref digits i) out)
                      (loop (+ i 1)))))
              (get-output-string out)))))

    ;; PS from index K on: mincol, padchar, commachar, commawidth.
    (define (do-integer ctx d ps k arg radix fmt)
      (cond
       ((and (exact-integer? arg) (null? ps) (not (directive-colon d))
             (not (directive-at d)) (memv radix '(2 8 10 16)))
        (write-string (number->string arg radix) (context-port ctx)))
       ((exact-integer? arg)
        (let* ((digits (integer->string (abs arg) radix))
               (digits (if (directive-colon d)
                           (group-digits digits (char-param ps (+ k 2) #\, fmt d)
                                         (count-param ps (+ k 3) 3 fmt d))
                           digits))
               (sign (cond ((negative? arg) "-")
                           ((directive-at d) "+")
                           (else ""))))
          (put-right ctx (string-append sign digits)
                     (int-param ps k #f fmt d)
                     (char-param ps (+ k 1) #\space fmt d))))
       (else
        (directive-error fmt d "the argument is not an exact integer" arg))))

    ;; ---------------------------------------------------------------
    ;; ~r in English and in Roman numerals.

    (define small-words
      '#("zero" "one" "two" "three" "four" "five" "six" "seven" "eight"
         "nine" "ten" "eleven" "twelve" "thirteen" "fourteen" "fifteen"
         "sixteen" "seventeen" "eighteen" "nineteen"))

    (define tens-words
      '#("" "" "twenty" "thirty" "forty" "fifty" "sixty" "seventy"
         "eighty" "ninety"))

    (define scale-words
      '#("" " thousand" " million" " billion" " trillion" " quadrillion"
         " quintillion" " sextillion" " septillion" " octillion"
         " nonillion" " decillion" " undecillion" " duodecillion"
         " tredecillion" " quattuordecillion" " quindecillion"
         " sexdecillion" " septendecillion" " octodecillion"
         " novemdecillion" " vigintillion"))

    (define (below-thousand n)
      (let* ((h (quotient n 100)) (r (remainder n 100))
             (rest (cond ((zero? r) "")
                         ((< r 20) (vector-ref small-words r))
                         ((zero? (remainder r 10))
                          (vector-ref tens-words (quotient r 10)))
                         (else (string-append
                                (vector-ref tens-words (quotient r 10)) "-"
                                (vector-ref small-words (remainder r 10)))))))
        (cond ((zero? h) rest)
              ((zero? r) (string-append (vector-ref small-words h) " hundred"))
              (else (string-append (vector-ref small-words h) " hundred "
                                   rest)))))

    ;; N (exact, >= 0) as English words, groups separated by ", " as
    ;; Guile does: "one thousand, two hundred thirty-four".
    (define (cardinal n fmt d)
      (if (zero? n)
          "zero"
          (let loop ((n n) (scale 0) (parts '()))
            (cond
             ((zero? n)
              (let join ((ps (cdr parts)) (acc (car parts)))
                (if (null? ps) acc (join (cdr ps) (string-append acc ", " (car ps))))))
             ((>= scale (vector-length scale-words))
              (directive-error fmt d "the number is too large to say in words"))
             (else
              (let ((g (remainder n 1000)))
                (loop (quotient n 1000) (+ scale 1)
                      (if (zero? g)
                          parts
                          (cons (string-append (below-thousand g)
                                               (vector-ref scale-words scale))
                                parts)))))))))

    (define irregular-ordinals
      '(("one" . "first") ("two" . "second") ("three" . "third")
        ("five" . "fifth") ("eight" . "eighth") ("nine" . "ninth")
        ("twelve" . "twelfth")))

    ;; The ordinal of a cardinal text: its last word made ordinal.
    (define (ordinal text)
      (let loop ((i (string-length text)))
        (if (and (> i 0) (not (memv (string-ref text (- i 1)) '(#\space #\-))))
            (loop (- i 1))
            (let* ((word (substring text i (string-length text)))
                   (entry (assoc word irregular-ordinals))
                   (last (- (string-length word) 1)))
              (string-append
               (substring text 0 i)
               (cond (entry (cdr entry))
                     ((char=? (string-ref word last) #\y)
                      (string-append (substring word 0 last) "ieth"))
                     (else (string-append word "th"))))))))

    (define roman-values
      '((1000 . "M") (900 . "CM") (500 . "D") (400 . "CD") (100 . "C")
        (90 . "XC") (50 . "L") (40 . "XL") (10 . "X") (9 . "IX") (5 . "V")
        (4 . "IV") (1 . "I")))

    (define old-roman-values
      '((1000 . "M") (500 . "D") (100 . "C") (50 . "L") (10 . "X")
        (5 . "V") (1 . "I")))

    (define (roman n table)
      (let ((out (open-output-string)))
        (let loop ((n n) (table table))
          (cond ((zero? n) (get-output-string out))
                ((>= n (caar table))
                 (write-string (cdar table) out)
                 (loop (- n (caar table)) table))
                (else (loop n (cdr table)))))))

    (define (do-radix ctx d ps arg cur fmt)
      (cond
       ((param ps 0)
        (let ((radix (int-param ps 0 10 fmt d)))
          (if (not (<= 2 radix 36))
              (directive-error fmt d "the radix must be between 2 and 36" radix))
          (do-integer ctx d ps 1 arg radix fmt)))
       ((not (exact-integer? arg))
        (directive-error fmt d "the argument is not an exact integer" arg))
       ((directive-at d)
        (if (not (<= 1 arg 100000))
            (directive-error fmt d
                             "Roman numerals need an integer from 1 to 100000"
                             arg))
        (write-string (roman arg (if (directive-colon d)
                                     old-roman-values
                                     roman-values))
                      (context-port ctx)))
       (else
        (let* ((words (cardinal (abs arg) fmt d))
               (words (if (directive-colon d) (ordinal words) words)))
          (if (negative? arg) (write-string "minus " (context-port ctx)))
          (write-string words (context-port ctx))))))

    ;; ---------------------------------------------------------------
    ;; Decimal digits of reals.
    ;;
    ;; A positive real is described by a string of digits D (no leading
    ;; zero) and an exponent E: its value is 0.D times 10^E.

    ;; The real argument X of D: a number, or a string holding one.
    (define (real-arg x fmt d)
      (let ((v (if (string? x) (string->number x) x)))
        (if (and (real? v) (not (and (exact? v) (not (rational? v)))))
            v
            (directive-error fmt d "the argument is not a real number" x))))

    (define (negative-real? x)
      (or (negative? x) (eqv? x -0.0)))

    (define (finite-real? x)
      (or (exact? x) (not (or (nan? x) (infinite? x)))))

    (define (expt10 k) (expt 10 k))

    ;; The shortest digits of positive X: (D . E).
    (define (shortest-digits x)
      (if (exact-integer? x)
          (let* ((s (number->string x))
                 (e (string-length s)))
            (let strip ((k e))
              (if (and (> k 1) (char=? (string-ref s (- k 1)) #\0))
                  (strip (- k 1))
                  (cons (substring s 0 k) e))))
          (flonum-digits (if (exact? x) (inexact x) x))))

    ;; Parse number->string's text of a positive flonum: "123.45",
    ;; "1e21", "1.5e-7".
    (define (flonum-digits x)
      (let* ((s (number->string x))
             (n (string-length s))
             (epos (let loop ((i 0))
                     (cond ((= i n) #f)
                           ((char=? (string-ref s i) #\e) i)
                           (else (loop (+ i 1))))))
             (mant (if epos (substring s 0 epos) s))
             (exp10 (if epos (string->number (substring s (+ epos 1) n)) 0))
             (m (string-length mant))
             (dot (let loop ((i 0))
                    (cond ((= i m) m)
                          ((char=? (string-ref mant i) #\.) i)
                          (else (loop (+ i 1))))))
             (digits (string-append (substring mant 0 dot)
                                    (if (< dot m) (substring mant (+ dot 1) m) "")))
             (k (string-length digits))
             (lead (let loop ((i 0))
                     (if (and (< i k) (char=? (string-ref digits i) #\0))
                         (loop (+ i 1))
                         i)))
             (trail (let loop ((j k))
                      (if (and (> j (+ lead 1)) (char=? (string-ref digits (- j 1)) #\0))
                          (loop (- j 1))
                          j))))
        (if (= lead k)
            (cons "0" 1)
            (cons (substring digits lead trail) (+ (- dot lead) exp10)))))

    (define (zeros k) (if (> k 0) (make-string k #\0) ""))

    ;; Fixed notation of 0.D x 10^E: "III.FFF", FFF at least one digit.
    (define (fixed-text de)
      (let* ((digits (car de)) (e (cdr de)) (k (string-length digits)))
        (cond
         ((<= e 0) (string-append "0." (zeros (- e)) digits))
         ((>= e k) (string-append digits (zeros (- e k)) ".0"))
         (else (string-append (substring digits 0 e) "." (substring digits e k))))))

    ;; R (exact, >= 0) rounded to DEC decimals, halves away from zero:
    ;; "III.FFF" (with DEC digits after the point; "III." if DEC is 0).
    (define (rounded-fixed r dec)
      (let* ((n (floor (+ (* r (expt10 dec)) 1/2)))
             (s (number->string n))
             (s (if (<= (string-length s) dec)
                    (string-append (zeros (- (+ dec 1) (string-length s))) s)
                    s))
             (k (string-length s)))
        (string-append (substring s 0 (- k dec)) "." (substring s (- k dec) k))))

    ;; The integer k with 10^k <= R < 10^(k+1), for exact R > 0.
    (define (decimal-exponent r)
      (let* ((guess (- (string-length (number->string (floor r))) 1))
             (guess (if (< r 1)
                        (- (- (string-length (number->string (floor (/ 1 r)))) 1))
                        guess)))
        (let adjust ((k guess))
          (cond ((< r (if (>= k 0) (expt10 k) (/ 1 (expt10 (- k))))) (adjust (- k 1)))
                ((>= r (if (>= k -1) (expt10 (+ k 1)) (/ 1 (expt10 (- (+ k 1))))))
                 (adjust (+ k 1)))
                (else k)))))

    (define (scale10 r k) (if (>= k 0) (* r (expt10 k)) (/ r (expt10 (- k)))))

    ;; R (exact, > 0) rounded to SIG significant digits: (D . E) with D
    ;; exactly SIG digits long.
    (define (rounded-digits r sig)
      (let* ((k (decimal-exponent r))
             (n (floor (+ (scale10 r (- sig 1 k)) 1/2))))
        (if (>= n (expt10 sig))
            (cons (number->string (quotient n 10)) (+ k 2))
            (cons (number->string n) (+ k 1)))))

    ;; ---------------------------------------------------------------
    ;; ~f

    ;; The digits of |X| scaled by 10^SCALE, in fixed notation, DEC
    ;; decimals (or as many as X needs if DEC is #f, then fewer to fit
    ;; WIDTH - SIGN-WIDTH if WIDTH is given).
    (define (fixed-body x dec scale width)
      (let ((r (if (exact? x) (abs x) (abs (exact x)))))
        (if dec
            (rounded-fixed (scale10 r scale) dec)
            (let* ((text (cond
                          ((zero? r) "0.0")
                          ((and (exact? x) (not (integer? r)))
                           (exact-fraction-text (scale10 r scale)))
                          (else
                           (let ((de (shortest-digits (if (exact? x) r (abs x)))))
                             (fixed-text (cons (car de) (+ (cdr de) scale))))))))
              (if (or (not width) (<= (string-length text) width))
                  text
                  ;; Fewer decimals to fit, rounding the exact value.
                  (let ((r (scale10 r scale))
                        (decimals (- (string-length text) 1
                                     (string-index-of text #\.))))
                    (let loop ((k (- decimals 1)))
                      (if (< k 0)
                          text
                          (let ((t (rounded-fixed r k)))
                            (if (<= (string-length t) width)
                                t
                                (loop (- k 1))))))))))))

    ;; An exact non-integer R > 0 in fixed notation: all its digits if
    ;; its decimal expansion ends (a denominator of 2s and 5s), else 17
    ;; significant digits (at least one decimal), trailing zeros off.
    (define (exact-fraction-text r)
      (let ((den (denominator r)))
        (let loop ((d den) (twos 0) (fives 0))
          (cond
           ((zero? (remainder d 2)) (loop (quotient d 2) (+ twos 1) fives))
           ((zero? (remainder d 5)) (loop (quotient d 5) twos (+ fives 1)))
           ((= d 1) (rounded-fixed r (max twos fives)))
           (else
            (let* ((text (rounded-fixed r (max 1 (- 16 (decimal-exponent r)))))
                   (end (let trim ((k (string-length text)))
                          (if (and (char=? (string-ref text (- k 1)) #\0)
                                   (not (char=? (string-ref text (- k 2)) #\.)))
                              (trim (- k 1))
                              k))))
              (substring text 0 end)))))))

    (define (string-index-of s c)
      (let loop ((i 0))
        (cond ((= i (string-length s)) #f)
              ((char=? (string-ref s i) c) i)
              (else (loop (+ i 1))))))

    ;; Emit SIGN and BODY in WIDTH: overflow characters if it does not
    ;; fit and OVERFLOW is given, else padded on the left.
    (define (put-number ctx sign body width overflow padchar)
      (let* ((body (if (and width
                            (> (+ (string-length sign) (string-length body)) width)
                            (>= (string-length body) 2)
                            (char=? (string-ref body 0) #\0)
                            (char=? (string-ref body 1) #\.))
                       ;; A leading 0 goes first when space is short.
                       (substring body 1 (string-length body))
                       body))
             (len (+ (string-length sign) (string-length body))))
        (if (and width overflow (> len width))
            (put-chars ctx overflow width)
            (begin
              (if (and width (< len width)) (put-chars ctx padchar (- width len)))
              (write-string sign (context-port ctx))
              (write-string body (context-port ctx))))))

    (define (sign-text x at)
      (cond ((negative-real? x) "-") (at "+") (else "")))

    (define (do-fixed ctx d ps arg fmt at)
      (let* ((x (real-arg arg fmt d))
             (width (count-param ps 0 #f fmt d))
             (dec (count-param ps 1 #f fmt d))
             (scale (int-param ps 2 0 fmt d))
             (overflow (char-param ps 3 #f fmt d))
             (padchar (char-param ps 4 #\space fmt d))
             (sign (sign-text x at)))
        (if (finite-real? x)
            (put-number ctx sign
                        (fixed-body x dec scale
                                    (and width (- width (string-length sign))))
                        width overflow padchar)
            (put-right ctx (number->string x) width padchar))))

    ;; ---------------------------------------------------------------
    ;; ~e

    ;; Mantissa and exponent texts of |X|: DEC digits after the point
    ;; (or as X needs), INTDIGITS (k) digits before it.
    (define (exponent-parts x dec expdigits k expchar)
      (let* ((r (if (exact? x) (abs x) (abs (exact x))))
             (de (cond ((zero? r) (cons "0" 1))
                       ((not dec) (shortest-digits (if (exact? x) r (abs x))))
                       (else (rounded-digits r (max 1 (if (> k 0) (+ dec 1) (+ dec k)))))))
             (digits (car de))
             (e (if (zero? r) 0 (- (cdr de) k)))
             (n (string-length digits))
             (mantissa
              (if (> k 0)
                  (let* ((digits (if (< n k) (string-append digits (zeros (- k n))) digits))
                         (frac (substring digits k (string-length digits)))
                         (frac (cond ((and dec (< (string-length frac) (- (+ dec 1) k)))
                                      (string-append frac (zeros (- (+ dec 1) k (string-length frac)))))
                                     ((and (not dec) (string=? frac "")) "0")
                                     (else frac))))
                    (string-append (substring digits 0 k) "." frac))
                  (let ((frac (string-append (zeros (- k)) digits)))
                    (string-append
                     "0."
                     (if (and dec (< (string-length frac) dec))
                         (string-append frac (zeros (- dec (string-length frac))))
                         frac)))))
             (etext (number->string (abs e)))
             (etext (if (and expdigits (< (string-length etext) expdigits))
                        (string-append (zeros (- expdigits (string-length etext))) etext)
                        etext)))
        (string-append mantissa (string expchar) (if (negative? e) "-" "+") etext)))

    (define (do-exponential ctx d ps arg fmt at)
      (let* ((x (real-arg arg fmt d))
             (width (count-param ps 0 #f fmt d))
             (dec (count-param ps 1 #f fmt d))
             (expdigits (count-param ps 2 #f fmt d))
             (k (int-param ps 3 1 fmt d))
             (overflow (char-param ps 4 #f fmt d))
             (padchar (char-param ps 5 #\space fmt d))
             (expchar (char-param ps 6 #\E fmt d))
             (sign (sign-text x at)))
        (if (finite-real? x)
            (let* ((body (exponent-parts x dec expdigits k expchar))
                   (body (if (or dec (not width)
                                 (<= (+ (string-length sign) (string-length body)) width)
                                 (zero? x))
                             body
                             ;; Fewer digits to fit the width.
                             (let loop ((digits (- (string-length (car (shortest-digits (abs x)))) 1)))
                               (let ((t (exponent-parts x (max 0 digits) expdigits k expchar)))
                                 (if (or (<= digits 0)
                                         (<= (+ (string-length sign) (string-length t)) width))
                                     t
                                     (loop (- digits 1))))))))
              (put-number ctx sign body width overflow padchar))
            (put-right ctx (number->string x) width padchar))))

    ;; ---------------------------------------------------------------
    ;; ~g: Common Lisp's choice between ~f and ~e.

    (define (do-general ctx d ps arg fmt at)
      (let ((x (real-arg arg fmt d)))
        (if (not (finite-real? x))
            (do-exponential ctx d ps x fmt at)
            (let* ((width (count-param ps 0 #f fmt d))
                   (dec (count-param ps 1 #f fmt d))
                   (expdigits (count-param ps 2 #f fmt d))
                   (overflow (char-param ps 4 #f fmt d))
                   (padchar (char-param ps 5 #\space fmt d))
                   (r (if (exact? x) (abs x) (abs (exact x))))
                   (n (if (zero? r) 0 (+ (decimal-exponent r) 1)))
                   (q (string-length (car (shortest-digits (if (exact? x) r (abs x))))))
                   (dd (if dec dec (max q (min n 7))))
                   (fdec (- dd n))
                   (ee (if expdigits (+ expdigits 2) 4)))
              (if (<= 0 fdec dd)
                  (let ((ww (and width (- width ee)))
                        (sign (sign-text x at)))
                    (put-number ctx sign
                                (rounded-fixed (if (exact? x) (abs x) (abs (exact x)))
                                               (if dec fdec (max fdec 1)))
                                ww overflow padchar)
                    (put-chars ctx #\space ee))
                  (do-exponential ctx d ps x fmt at))))))

    ;; ---------------------------------------------------------------
    ;; ~$

    (define (do-dollar ctx d ps arg fmt)
      (let* ((x (real-arg arg fmt d))
             (dec (count-param ps 0 2 fmt d))
             (intdigits (count-param ps 1 1 fmt d))
             (width (count-param ps 2 0 fmt d))
             (padchar (char-param ps 3 #\space fmt d))
             (sign (sign-text x (directive-at d))))
        (if (not (finite-real? x))
            (put-right ctx (number->string x) width padchar)
            (let* ((body (rounded-fixed (if (exact? x) (abs x) (abs (exact x))) dec))
                   (dot (string-index-of body #\.))
                   (int (substring body 0 dot))
                   (int (cond ((and (= intdigits 0) (string=? int "0")) "")
                              ((< (string-length int) intdigits)
                               (string-append (zeros (- intdigits (string-length int))) int))
                              (else int)))
                   (text (string-append int (substring body dot (string-length body))))
                   (pad (max 0 (- width (string-length sign) (string-length text)))))
              (if (directive-colon d)
                  (begin (write-string sign (context-port ctx))
                         (put-chars ctx padchar pad))
                  (begin (put-chars ctx padchar pad)
                         (write-string sign (context-port ctx))))
              (write-string text (context-port ctx))))))

    ;; ---------------------------------------------------------------
    ;; ~c

    (define (do-char ctx d ps cur fmt)
      (let* ((code (int-param ps 0 #f fmt d))
             (c (if code
                    (if (and (>= code 0) (or (< code #xD800) (< #xDFFF code #x110000)))
                        (integer->char code)
                        (directive-error fmt d "no character has this code" code))
                    (next-arg! cur fmt d)))
             (port (context-port ctx)))
        (if (not (char? c))
            (directive-error fmt d "the argument is not a character" c))
        (cond ((directive-at d) (write c port))
              ((and (directive-colon d) (< (char->integer c) 32))
               (write-char #\^ port)
               (write-char (integer->char (+ 64 (char->integer c))) port))
              ((and (directive-colon d) (= (char->integer c) 127))
               (write-string "^?" port))
              (else (write-char c port)))))

    ;; ---------------------------------------------------------------
    ;; ~( ~) case conversion.

    (define (convert-case text colon at)
      (cond
       ((and colon at) (string-upcase text))
       ((or colon at)
        ;; Capitalize words (all with :, the first with @ alone).
        (let ((out (open-output-string)) (n (string-length text)))
          (let loop ((i 0) (in-word #f) (first-done #f))
            (if (= i n)
                (get-output-string out)
                (let* ((c (string-ref text i))
                       (word-char (or (char-alphabetic? c) (char-numeric? c))))
                  (cond
                   ((not word-char)
                    (write-char c out)
                    (loop (+ i 1) #f first-done))
                   (in-word
                    (write-char (char-downcase c) out)
                    (loop (+ i 1) #t first-done))
                   (else
                    (write-char (if (or colon (not first-done))
                                    (char-upcase c)
                                    (char-downcase c))
                                out)
                    (loop (+ i 1) #t #t))))))))
       (else (string-downcase text))))

    ;; ---------------------------------------------------------------
    ;; Running the items.  run returns #f, or up when ~^ ended the
    ;; current step, or up-all for ~:^ (the whole ~:{ iteration).

    (define (run items fmt ctx cur)
      (if (null? items)
          #f
          (let ((item (car items)))
            (if (pair? item)
                (begin
                  (write-string fmt (context-port ctx) (car item) (cdr item))
                  (run (cdr items) fmt ctx cur))
                (let ((r (run-directive item fmt ctx cur)))
                  (if r r (run (cdr items) fmt ctx cur)))))))

    (define (run-directive d fmt ctx cur)
      (let ((c (directive-char d))
            (ps (resolve-params d cur fmt)))
        (case c
          ((#\a) (do-object ctx d ps (next-arg! cur fmt d) #f fmt) #f)
          ((#\s) (do-object ctx d ps (next-arg! cur fmt d) #t fmt) #f)
          ((#\d) (do-integer ctx d ps 0 (next-arg! cur fmt d) 10 fmt) #f)
          ((#\x) (do-integer ctx d ps 0 (next-arg! cur fmt d) 16 fmt) #f)
          ((#\o) (do-integer ctx d ps 0 (next-arg! cur fmt d) 8 fmt) #f)
          ((#\b) (do-integer ctx d ps 0 (next-arg! cur fmt d) 2 fmt) #f)
          ((#\f) (do-fixed ctx d ps (next-arg! cur fmt d) fmt (directive-at d)) #f)
          ((#\%) (put-chars ctx #\newline (count-param ps 0 1 fmt d)) #f)
          ((#\~) (put-chars ctx #\~ (count-param ps 0 1 fmt d)) #f)
          ((#\e) (do-exponential ctx d ps (next-arg! cur fmt d) fmt (directive-at d)) #f)
          ((#\g) (do-general ctx d ps (next-arg! cur fmt d) fmt (directive-at d)) #f)
          ((#\$) (do-dollar ctx d ps (next-arg! cur fmt d) fmt) #f)
          ((#\r) (do-radix ctx d ps (next-arg! cur fmt d) cur fmt) #f)
          ((#\c) (do-char ctx d ps cur fmt) #f)
          ((#\&)
           (let ((k (count-param ps 0 1 fmt d)))
             (if (> k 0)
                 (put-chars ctx #\newline (if (zero? (column ctx)) (- k 1) k))))
           #f)
          ((#\_) (put-chars ctx #\space (count-param ps 0 1 fmt d)) #f)
          ((#\/) (put-chars ctx #\tab (count-param ps 0 1 fmt d)) #f)
          ((#\|) (put-chars ctx #\page (count-param ps 0 1 fmt d)) #f)
          ((#\!) (set-context-flush! ctx #t) #f)
          ((#\t) (do-tab ctx d ps fmt) #f)
          ((#\*) (do-skip d ps cur fmt) #f)
          ((#\i) (do-complex ctx d ps (next-arg! cur fmt d) fmt) #f)
          ((#\p) (do-plural ctx d cur fmt) #f)
          ((#\y) (do-pretty ctx d ps (next-arg! cur fmt d) fmt) #f)
          ((#\? #\k) (do-indirect ctx d cur fmt))
          ((#\() (do-case ctx d fmt cur))
          ((#\[) (do-conditional ctx d fmt cur))
          ((#\{) (do-iteration ctx d ps fmt cur))
          ((#\^) (do-escape d ps cur fmt))
          (else (directive-error fmt d "unknown directive")))))

    (define (do-tab ctx d ps fmt)
      (let ((colnum (count-param ps 0 1 fmt d))
            (colinc (count-param ps 1 1 fmt d))
            (padchar (char-param ps 2 #\space fmt d))
            (col (column ctx)))
        (if (directive-at d)
            (let* ((after (+ col colnum))
                   (after (if (and (> colinc 0) (not (zero? (remainder after colinc))))
                              (+ after (- colinc (remainder after colinc)))
                              after)))
              (put-chars ctx padchar (- after col)))
            (cond ((< col colnum) (put-chars ctx padchar (- colnum col)))
                  ((> colinc 0)
                   (let ((k (quotient (+ (- col colnum) colinc -1) colinc)))
                     (put-chars ctx padchar (- (+ colnum (* k colinc)) col))))))))

    (define (do-skip d ps cur fmt)
      (let ((at (directive-at d)) (back (directive-colon d)))
        (let ((k (count-param ps 0 (if at 0 1) fmt d)))
          (goto-arg! cur (cond (at k)
                               (back (- (cursor-index cur) k))
                               (else (+ (cursor-index cur) k)))
                     fmt d))))

    (define (do-complex ctx d ps arg fmt)
      (if (not (number? arg))
          (directive-error fmt d "the argument is not a number" arg))
      (do-fixed ctx d ps (real-part arg) fmt (directive-at d))
      (do-fixed ctx d ps (imag-part arg) fmt #t)
      (write-char #\i (context-port ctx)))

    (define (do-plural ctx d cur fmt)
      (let ((arg (if (directive-colon d)
                     (begin
                       (if (zero? (cursor-index cur))
                           (directive-error fmt d "no previous argument"))
                       (goto-arg! cur (- (cursor-index cur) 1) fmt d)
                       (next-arg! cur fmt d))
                     (next-arg! cur fmt d))))
        (write-string (if (eqv? arg 1)
                          (if (directive-at d) "y" "")
                          (if (directive-at d) "ies" "s"))
                      (context-port ctx))))

    (define (do-pretty ctx d ps arg fmt)
      (let ((width (count-param ps 0 79 fmt d)))
        (if (directive-at d)
            (truncated-print arg (context-port ctx)
                             #:width (if (directive-colon d)
                                         (max 1 (- width (column ctx)))
                                         width))
            (pretty-print arg (context-port ctx) #:width width))))

    (define (do-indirect ctx d cur fmt)
      (let ((sub (next-arg! cur fmt d)))
        (if (not (string? sub))
            (directive-error fmt d "the argument is not a format string" sub))
        (if (directive-at d)
            (begin (run (parse sub) sub ctx cur) #f)
            (let ((args (next-arg! cur fmt d)))
              (if (not (list? args))
                  (directive-error fmt d "the argument is not a list" args))
              (run (parse sub) sub ctx (new-cursor args))
              #f))))

    (define (do-case ctx d fmt cur)
      (let* ((port (open-output-string))
             (inner (make-context port (column ctx) #f))
             (r (run (directive-body d) fmt inner cur)))
        (write-string (convert-case (get-output-string port)
                                    (directive-colon d) (directive-at d))
                      (context-port ctx))
        (if (context-flush inner) (set-context-flush! ctx #t))
        r))

    (define (do-conditional ctx d fmt cur)
      (let* ((clauses (directive-body d))
             (default? (car (directive-extra d)))
             (count (length clauses)))
        (cond
         ((directive-colon d)
          (if (not (= count 2))
              (directive-error fmt d "~:[ needs two clauses" count))
          (run (if (next-arg! cur fmt d) (cadr clauses) (car clauses))
               fmt ctx cur))
         ((directive-at d)
          (if (not (= count 1))
              (directive-error fmt d "~@[ needs one clause" count))
          (if (pair? (cursor-rest cur))
              (if (car (cursor-rest cur))
                  (run (car clauses) fmt ctx cur)
                  (begin (next-arg! cur fmt d) #f))
              (directive-error fmt d "too few arguments: none left")))
         (else
          (let* ((ps (resolve-params d cur fmt))
                 (k (or (int-param ps 0 #f fmt d) (next-arg! cur fmt d))))
            (if (not (exact-integer? k))
                (directive-error fmt d "the argument is not an exact integer" k))
            (cond ((and (>= k 0) (< k (if default? (- count 1) count)))
                   (run (list-ref clauses k) fmt ctx cur))
                  (default? (run (list-ref clauses (- count 1)) fmt ctx cur))
                  (else #f)))))))

    (define (do-iteration ctx d ps fmt cur)
      (let* ((maxreps (count-param ps 0 #f fmt d))
             (once (car (directive-extra d)))
             (body (directive-body d))
             (sub (if (null? body) (next-arg! cur fmt d) fmt))
             (items (if (null? body)
                        (if (string? sub)
                            (parse sub)
                            (directive-error fmt d
                                             "the argument is not a format string"
                                             sub))
                        body))
             (sublists (directive-colon d))
             (args (if (directive-at d)
                       cur
                       (let ((l (next-arg! cur fmt d)))
                         (if (not (list? l))
                             (directive-error fmt d "the argument is not a list" l))
                         (new-cursor l)))))
        (let loop ((reps 0))
          (cond
           ((and maxreps (>= reps maxreps)) #f)
           ((and (null? (cursor-rest args)) (not (and once (zero? reps)))) #f)
           (sublists
            (let ((l (if (null? (cursor-rest args)) '() (next-arg! args fmt d))))
              (if (not (list? l))
                  (directive-error fmt d "an element is not a list" l))
              (if (eq? (run items sub ctx (make-cursor l l 0 args)) 'up-all)
                  #f
                  (loop (+ reps 1)))))
           (else
            (let ((before (cursor-rest args)))
              (cond ((run items sub ctx args) #f)
                    ;; A step that took no argument would repeat for
                    ;; ever: one such step is all, unless maxreps counts.
                    ((and (not maxreps) (eq? before (cursor-rest args))) #f)
                    (else (loop (+ reps 1))))))))))

    (define (do-escape d ps cur fmt)
      (let ((a (param ps 0)) (b (param ps 1)) (c (param ps 2)))
        (if (cond (c (<= a b c))
                  (b (equal? a b))
                  (a (eqv? a 0))
                  ((and (directive-colon d) (cursor-outer cur))
                   ;; ~:^ alone: the last step of a ~:{ iteration.
                   (null? (cursor-rest (cursor-outer cur))))
                  (else (null? (cursor-rest cur))))
            (if (directive-colon d) 'up-all 'up)
            #f)))

    ;; ---------------------------------------------------------------
    ;; The entry point.

    ;; Parsed control strings, by string object: a program's format
    ;; strings are mostly literals, parsed once this way.  Each entry
    ;; keeps a copy of the text it was parsed from, compared before
    ;; use, so a string changed since is parsed again.
    (define parsed (make-weak-key-hash-table))

    (define (parse/cached fmt)
      (let ((entry (hashq-ref parsed fmt #f)))
        (if (and entry (string=? (car entry) fmt))
            (cdr entry)
            (let ((items (parse fmt)))
              (hashq-set! parsed fmt (cons (string-copy fmt) items))
              items))))

    (define (format-text fmt args base)
      (let ((items (parse/cached fmt)))
        (if (and (pair? items) (null? (cdr items)) (pair? (car items)))
            (values (substring fmt (caar items) (cdar items)) #f)
            (let* ((port (open-output-string))
                   (ctx (make-context port base #f)))
              (run items fmt ctx (new-cursor args))
              (values (get-output-string port) (context-flush ctx))))))

    (define (format destination . rest)
      "(format DESTINATION FORMAT-STRING ARG ...) formats ARGs under the
control of FORMAT-STRING's ~ directives (Guile's (ice-9 format), after
Common Lisp).  DESTINATION #f returns the text as a string; #t writes
it to the current output port, an output port writes it there (both
return #t).  A string in place of DESTINATION is the format string,
the text is returned, as SRFI 28's format does."
      (define (check-string fmt)
        (if (not (string? fmt))
            (error "format: wrong type argument in position 2 (expected format string)"
                   fmt)))
      (define (to-port port)
        (check-string (car rest))
        (let-values (((text flush) (format-text (car rest) (cdr rest)
                                                (port-column port))))
          (write-string text port)
          (if flush (flush-output-port port))
          #t))
      (cond
       ((string? destination)
        (let-values (((text flush) (format-text destination rest 0))) text))
       ((not (or (boolean? destination)
                 (and (port? destination) (output-port? destination))))
        (error "format: wrong type argument in position 1 (expected string, boolean or output port)"
               destination))
       ((null? rest)
        (error "format: no format string after the destination" destination))
       ((not destination)
        (check-string (car rest))
        (let-values (((text flush) (format-text (car rest) (cdr rest) 0))) text))
       ((eq? destination #t) (to-port (current-output-port)))
       (else (to-port destination))))))
