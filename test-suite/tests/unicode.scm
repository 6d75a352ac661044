;;; unicode.scm -- case mappings and normalization of Unicode strings
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The full case mappings of string-upcase, string-downcase and
;;; string-foldcase (lengths that change, Greek final sigma) and Guile's
;;; string-normalize-nfc, -nfd, -nfkc and -nfkd: each form on composed
;;; and decomposed text, canonical ordering, Hangul, compatibility
;;; characters, ASCII, empty and long strings, errors.

;;; Code:

(test-begin "unicode")

(define (codes s) (map char->integer (string->list s)))

;; ------------------------------------------------------------------
(test-group "case mappings"
  (lambda ()
    (test-equal "upcase: sharp s becomes SS" "STRASSE" (string-upcase "straße"))
    (test-equal "upcase: the ligature ﬁ becomes FI" "FIN" (string-upcase "ﬁn"))
    (test-equal "downcase: a capital sigma ending a word is final"
                "οδυσσευς" (string-downcase "ΟΔΥΣΣΕΥΣ"))
    (test-equal "downcase: final sigma before a space and at the end"
                "σας ας" (string-downcase "ΣΑΣ ΑΣ"))
    (test-equal "downcase: a lone capital sigma is not final" "σ" (string-downcase "Σ"))
    (test-equal "foldcase: every sigma folds to σ" "σασ" (string-foldcase "ΣΑς"))
    (test-equal "foldcase: sharp s folds to ss" "strasse" (string-foldcase "Straße"))
    (test-assert "string-ci=? by full folding" (string-ci=? "STRASSE" "straße"))
    (test-assert "string-ci=? of sigmas" (string-ci=? "ΣΑΣ" "σας"))
    (test-equal "ASCII unchanged but for case" "HELLO, WORLD 1" (string-upcase "Hello, World 1"))
    (test-equal "the empty string" '("" "" "") (list (string-upcase "") (string-downcase "")
                                                     (string-foldcase "")))
    (test-assert "a new string, even of ASCII"
                 (let* ((s "abc") (u (string-downcase s)))
                   (string-set! u 0 #\z)
                   (string=? s "abc")))
    (test-error-contains "string-upcase of a symbol" '("string-upcase" "position 1" "string")
                         (lambda () (string-upcase 'abc)))))

;; ------------------------------------------------------------------
(test-group "normalization"
  (lambda ()
    (define composed "\xE9;")          ; é
    (define decomposed "e\x301;")      ; e + combining acute
    (test-equal "nfc composes" '(#xE9) (codes (string-normalize-nfc decomposed)))
    (test-equal "nfd decomposes" '(#x65 #x301) (codes (string-normalize-nfd composed)))
    (test-equal "nfc of composed text is the same" (list composed) (list (string-normalize-nfc composed)))
    (test-equal "nfd of decomposed text is the same" (list decomposed) (list (string-normalize-nfd decomposed)))
    (test-equal "nfd puts combining marks in canonical order"
                '(#x61 #x323 #x301)     ; dot below (class 220) before acute (230)
                (codes (string-normalize-nfd "a\x301;\x323;")))
    (test-equal "nfc then composes what it can" '(#x1EA1 #x301)
                (codes (string-normalize-nfc "a\x301;\x323;")))
    (test-equal "Hangul syllables decompose into jamo" '(#x1112 #x1161 #x11AB)
                (codes (string-normalize-nfd "\xD55C;")))
    (test-equal "and jamo compose into syllables" '(#xD55C)
                (codes (string-normalize-nfc "\x1112;\x1161;\x11AB;")))
    (test-equal "nfc keeps compatibility characters" '(#xFB01 #x2460)
                (codes (string-normalize-nfc "\xFB01;\x2460;")))
    (test-equal "nfkc replaces them" "fi1" (string-normalize-nfkc "\xFB01;\x2460;"))
    (test-equal "nfkd: compatibility and canonical decomposition" '(#x66 #x69 #x65 #x301)
                (codes (string-normalize-nfkd "\xFB01;\xE9;")))
    (test-equal "nfkc composes after the compatibility mapping" '(#xE9)
                (codes (string-normalize-nfkc "e\x301;")))
    (test-equal "the Angstrom sign is canonically Å" '(#xC5)
                (codes (string-normalize-nfc "\x212B;")))
    (test-equal "Latin-1 text" '(#x41 #x30A #x63 #x327)
                (codes (string-normalize-nfd "\xC5;\xE7;")))
    (test-equal "ASCII is the same in every form"
                '("plain ASCII" "plain ASCII" "plain ASCII" "plain ASCII")
                (map (lambda (f) (f "plain ASCII"))
                     (list string-normalize-nfc string-normalize-nfd
                           string-normalize-nfkc string-normalize-nfkd)))
    (test-equal "the empty string" '("" "" "" "")
                (map (lambda (f) (f ""))
                     (list string-normalize-nfc string-normalize-nfd
                           string-normalize-nfkc string-normalize-nfkd)))
    (test-assert "the result is a new, mutable string"
                 (let* ((s "abc") (n (string-normalize-nfc s)))
                   (string-set! n 0 #\z)
                   (and (string=? s "abc") (string=? n "zbc"))))
    (test-assert "each form is idempotent"
                 (let ((s "A\x30A;\xFB01;\xD55C;e\x301;\x323;Ω"))
                   (let loop ((fs (list string-normalize-nfc string-normalize-nfd
                                        string-normalize-nfkc string-normalize-nfkd)))
                     (or (null? fs)
                         (let ((once ((car fs) s)))
                           (and (string=? once ((car fs) once)) (loop (cdr fs))))))))
    (test-assert "nfc and nfd agree on what they normalize"
                 (string=? (string-normalize-nfc (string-normalize-nfd "\xE9;\xD55C;\x1E69;"))
                           (string-normalize-nfc "\xE9;\xD55C;\x1E69;")))
    (test-equal "a long string that decomposes to more than twice its length" 300000
                ;; U+1E69 (s with dot below and dot above) is three
                ;; code points in NFD.
                (string-length (string-normalize-nfd (make-string 100000 #\x1E69))))
    (test-equal "and composes back" (make-string 100000 #\x1E69)
                (string-normalize-nfc (string-normalize-nfd (make-string 100000 #\x1E69))))
    (test-error-contains "a non-string" '("string-normalize-nfc" "position 1" "string")
                         (lambda () (string-normalize-nfc #\a)))
    (test-error-contains "nfkd of a number" '("string-normalize-nfkd" "position 1")
                         (lambda () (string-normalize-nfkd 5)))))

;; Strings longer than the pieces (2^18 characters) that the primitives
;; work in between their polls for Ctrl-C: what the pieces must not
;; change.
(test-group "long strings, in pieces"
  (lambda ()
    (define n 700001)
    (define (numbered k)                ; characters that differ along it
      (let ((s (make-string k)))
        (do ((i 0 (+ i 1))) ((= i k) s)
          (string-set! s i (integer->char (+ 97 (modulo (* i 7) 26)))))))
    (define a (numbered n))
    (test-assert "string-copy! forwards within one string"
                 (let ((s (string-copy a)))
                   (string-copy! s 0 s 5 n)
                   (string=? (substring s 0 (- n 5)) (substring a 5 n))))
    (test-assert "string-copy! backwards within one string"
                 (let ((s (string-copy a)))
                   (string-copy! s 5 s 0 (- n 5))
                   (and (string=? (substring s 5 n) (substring a 0 (- n 5)))
                        (string=? (substring s 0 5) (substring a 0 5)))))
    (test-assert "string<? decided in the last piece"
                 (let ((b (string-copy a)))
                   (string-set! b (- n 1) #\z)
                   (and (string<? a b) (not (string<? b a)) (not (string=? a b)))))
    (test-assert "string=? of equal long strings" (string=? a (string-copy a)))
    (test-equal "string-upcase of a long ASCII string"
                (string-upcase (substring a 300000 300010))
                (substring (string-upcase a) 300000 300010))
    ;; Two- and three-byte characters, so that piece ends fall inside
    ;; sequences and must move back to a character's start.
    (let* ((mixed (let ((s (make-string n)))
                    (do ((i 0 (+ i 1))) ((= i n) s)
                      (string-set! s i (case (modulo i 3)
                                         ((0) #\x3bb) ((1) #\x4e2d) (else #\a))))))
           (bv (string->utf8 mixed)))
      (test-equal "string->utf8 of a long mixed string: its length"
                  ;; Of the characters at I = 0, 1, 2 modulo 3.
                  (let ((count (lambda (k) (quotient (+ n (- 2 k)) 3))))
                    (+ (* 2 (count 0)) (* 3 (count 1)) (count 2)))
                  (bytevector-length bv))
      (test-assert "utf8->string gives it back" (string=? mixed (utf8->string bv)))
      (test-error-contains "a bad byte past the first piece is placed"
                           '("utf8->string" "invalid UTF-8 at byte 600000")
                           (lambda ()
                             (let ((b (bytevector-copy bv)))
                               (bytevector-u8-set! b 600000 255)
                               (utf8->string b)))))))

;; string=?, string<? & co of two strings take a short path (strings.c,
;; compare_strings): the answers of scalar values compared in Scheme,
;; for strings equal, prefixes of each other, differing first or last,
;; narrow against wide, beyond the BMP, empty, and at the bound of a
;; piece (2^18 characters in common, then one more).
(test-group "comparisons of two strings"
  (lambda ()
    (define preds (list string=? string<? string>? string<=? string>=?))
    (define (answers a b) (map (lambda (p) (p a b)) preds))
    ;; The answers from scalar values compared in Scheme.
    (define (reference a b)
      (let loop ((i 0))
        (cond ((= i (string-length a)) (if (= i (string-length b)) 0 -1))
              ((= i (string-length b)) 1)
              ((char=? (string-ref a i) (string-ref b i)) (loop (+ i 1)))
              ((< (char->integer (string-ref a i)) (char->integer (string-ref b i))) -1)
              (else 1))))
    (define (expected a b)
      (let ((c (reference a b)))
        (list (= c 0) (< c 0) (> c 0) (<= c 0) (>= c 0))))
    (define piece (expt 2 18))
    (define pairs
      (list (cons "" "") (cons "" "a") (cons "abc" "abc") (cons "abc" "abd")
            (cons "abd" "abc") (cons "ab" "abc") (cons "b" "abc")
            (cons "\xe9;" "e") (cons "a\x3bb;" "a\x3bc;") (cons "\x1F600;" "\x1F601;")
            (cons "z" "\x1F600;") (cons "\x3bb;x" "\x3bb;") (cons (string #\a #\x10000) "a")
            (cons (make-string piece #\a) (string-append (make-string piece #\a) "b"))
            (cons (string-append (make-string piece #\a) "c")
                  (string-append (make-string piece #\a) "b"))
            (cons (make-string (+ piece 1) #\a) (make-string (+ piece 1) #\a))))
    (test-equal "the five orders of short pairs"
                '((#t #f #f #t #t) (#f #t #f #t #f) (#t #f #f #t #t)
                  (#f #t #f #t #f) (#f #f #t #f #t) (#f #t #f #t #f)
                  (#f #f #t #f #t))
                (map (lambda (p) (answers (car p) (cdr p)))
                     (let take ((l pairs) (k 7)) (if (= k 0) '() (cons (car l) (take (cdr l) (- k 1)))))))
    (test-assert "every pair both ways, as scalar values order them"
                 (let loop ((l pairs))
                   (or (null? l)
                       (and (equal? (answers (caar l) (cdar l))
                                    (expected (caar l) (cdar l)))
                            (equal? (answers (cdar l) (caar l))
                                    (expected (cdar l) (caar l)))
                            (loop (cdr l))))))
    (test-equal "three strings: the general path agrees" '(#t #f #t #f)
                (list (string<? "a" "b" "c") (string<? "a" "c" "b")
                      (string=? "\x1F600;" "\x1F600;" "\x1F600;")
                      (string>=? "b" "b" "c")))
    (test-equal "scalar values order wide and narrow characters"
                '(#t #t #f #t)
                (list (string<? "\xff;" "\x100;") (string<? "\xffff;" "\x10000;")
                      (string<? "\x10000;" "\xffff;") (string>? "\xe9;" "e")))
    (test-error-contains "a non-string first" '("string<?" "position 1")
                         (lambda () (string<? 'a "b")))
    (test-error-contains "a non-string second" '("string=?" "position 2")
                         (lambda () (string=? "a" #\b)))
    (test-error-contains "a non-string third" '("string>=?" "position 3")
                         (lambda () (string>=? "b" "a" 3)))))

;; The case mappings of strings that are not ASCII work in pieces of
;; 4096 characters (strings.c, CASE_PIECE), each mapped with the casing
;; context of the text on both sides: a sigma is final or not, and the
;; expansions are whole, wherever a piece ends.
(test-group "case mappings of long strings, in pieces"
  (lambda ()
    (define (rep n c) (make-string n c))
    (define A (rep 4095 #\x391))               ; capital alpha
    (define a (rep 4095 #\x3b1))
    (define acutes (rep 9000 #\x301))  ; case-ignorable, past a whole piece
    (test-equal "a word-final sigma ending a piece" (string-append a "\x3c2; x")
                (string-downcase (string-append A "\x3a3; x")))
    (test-equal "a sigma ending a piece, a letter starting the next"
                (string-append a "\x3c3;a") (string-downcase (string-append A "\x3a3;A")))
    (test-equal "a word-final sigma starting a piece"
                (string-append a "\x3b1;\x3c2; x")
                (string-downcase (string-append A "\x391;\x3a3; x")))
    (test-equal "a piece of combining accents between a letter and a final sigma"
                (string-append "\x3b1;" acutes "\x3c2;")
                (string-downcase (string-append "\x391;" acutes "\x3a3;")))
    (test-equal "and between a sigma and the letter after it"
                (string-append "\x3b1;\x3c3;" acutes "\x3b1;")
                (string-downcase (string-append "\x391;\x3a3;" acutes "\x391;")))
    (test-equal "sharp s across every piece's end" (rep 20000 #\S)
                (string-upcase (rep 10000 #\xdf)))
    (test-equal "a ligature at a piece's end"
                (string-append (rep 4095 #\x391) "FFIX")
                (string-upcase (string-append a "\xfb03;x")))
    (test-equal "foldcase: sharp s and sigma at a piece's end"
                (string-append a "\x3c3;ss")
                (string-foldcase (string-append A "\x3a3;\xdf;")))
    ;; Random words of characters whose mappings depend on their
    ;; neighbours or change the length, joined by spaces, which no
    ;; context crosses: the mapping of the long string is the words'
    ;; mappings (each one short, one piece) joined by spaces.
    (let* ((seed 12345)
           (next! (lambda (n)
                    (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
                    (modulo (quotient seed 65536) n)))
           (alphabet (string #\x391 #\x3a3 #\x3c3 #\xdf #\x301 #\x301 #\x61
                             #\x41 #\x130 #\x1c5 #\x149 #\xfb03 #\x3a3))
           (word (lambda ()
                   (let ((s (make-string (+ 1 (next! (if (= 0 (next! 50)) 3000 12))))))
                     (do ((i 0 (+ i 1))) ((= i (string-length s)) s)
                       (string-set! s i (string-ref alphabet
                                                    (next! (string-length alphabet))))))))
           (words (do ((i 0 (+ i 1)) (l '() (cons (word) l))) ((= i 1500) l)))
           (join (lambda (l)
                   (let loop ((l (cdr l)) (acc (list (car l))))
                     (if (null? l)
                         (apply string-append (reverse acc))
                         (loop (cdr l) (cons (car l) (cons " " acc)))))))
           (text (join words)))
      (test-assert "random words: longer than a few pieces"
                   (> (string-length text) (* 4 4096)))
      (for-each
       (lambda (name mapping)
         (test-equal (string-append name " of random words")
                     (join (map mapping words)) (mapping text)))
       '("string-upcase" "string-downcase" "string-foldcase")
       (list string-upcase string-downcase string-foldcase)))))

(test-end "unicode")

;;; unicode.scm ends here
