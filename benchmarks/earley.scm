;;; earley.scm -- Earley's chart parser, counting the parses of an ambiguous grammar
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;; category: search

(include "common.scm")

;; A grammar is a list of rules (lhs rhs-symbol ...) over symbols; a
;; symbol with no rule is a terminal.  There are no empty rules.  The
;; chart has a set per position 0..n; an item is a rule, a dot
;; position and an origin, kept in its set as a list, with a vector
;; per set indexed by (rule, dot) holding the origins already there so
;; that an item is added once.  The parser predicts, scans and
;; completes in the usual way; the parse count is then read off the
;; chart, memoised per (nonterminal, start, end).

(define (make-grammar rules start)
  (let* ((rv (list->vector rules))
         (n (vector-length rv))
         (offsets (make-vector (+ n 1) 0)))
    ;; Each (rule, dot) pair gets a number: the rule's offset plus the dot.
    (let loop ((r 0) (off 0))
      (vector-set! offsets r off)
      (if (< r n)
          (loop (+ r 1) (+ off (length (vector-ref rv r))))))
    (vector rv offsets start
            (let collect ((rs rules) (acc '()))
              (cond ((null? rs) acc)
                    ((memq (car (car rs)) acc) (collect (cdr rs) acc))
                    (else (collect (cdr rs) (cons (car (car rs)) acc))))))))

(define (grammar-rules g) (vector-ref g 0))
(define (grammar-offsets g) (vector-ref g 1))
(define (grammar-start g) (vector-ref g 2))
(define (grammar-nonterminals g) (vector-ref g 3))
(define (grammar-states g)
  (vector-ref (grammar-offsets g) (vector-length (grammar-rules g))))

(define (rule-lhs g r) (car (vector-ref (grammar-rules g) r)))
(define (rule-rhs g r) (cdr (vector-ref (grammar-rules g) r)))

(define (nonterminal? g sym) (memq sym (grammar-nonterminals g)))

;; An item is (rule dot origin . remaining-rhs).
(define (make-item r dot origin rest) (cons r (cons dot (cons origin rest))))
(define (item-rule it) (car it))
(define (item-dot it) (cadr it))
(define (item-origin it) (caddr it))
(define (item-rest it) (cdddr it))

;; A chart set: (items . seen) where seen is a vector of origin lists.
(define (make-set g) (cons '() (make-vector (grammar-states g) '())))

(define (set-add! g set it)
  (let* ((state (+ (vector-ref (grammar-offsets g) (item-rule it))
                   (item-dot it)))
         (seen (cdr set))
         (origins (vector-ref seen state)))
    (if (memv (item-origin it) origins)
        #f
        (begin
          (vector-set! seen state (cons (item-origin it) origins))
          (set-car! set (cons it (car set)))
          #t))))

(define (set-has? g set r dot origin)
  (memv origin (vector-ref (cdr set)
                           (+ (vector-ref (grammar-offsets g) r) dot))))

(define (earley-parse g tokens)
  (let* ((input (list->vector tokens))
         (n (vector-length input))
         (chart (make-vector (+ n 1) #f))
         (nrules (vector-length (grammar-rules g)))
         (agenda '()))
    ;; Set J is worked through to the end before set J + 1 starts: its
    ;; new items go on the agenda, scans add to set J + 1.  Without
    ;; empty rules a completed item's origin is an earlier set, which
    ;; is finished, so completion sees every item waiting there.
    (define (add! j current it)
      (if (and (set-add! g (vector-ref chart j) it) (= j current))
          (set! agenda (cons it agenda))))
    (define (process! j it)
      (let ((rest (item-rest it)))
        (cond ((null? rest)                    ; complete
               (let ((lhs (rule-lhs g (item-rule it))))
                 (for-each
                  (lambda (waiting)
                    (let ((wr (item-rest waiting)))
                      (if (and (pair? wr) (eq? (car wr) lhs))
                          (add! j j (make-item (item-rule waiting)
                                               (+ (item-dot waiting) 1)
                                               (item-origin waiting)
                                               (cdr wr))))))
                  (car (vector-ref chart (item-origin it))))))
              ((nonterminal? g (car rest))     ; predict
               (do ((r 0 (+ r 1))) ((= r nrules))
                 (if (eq? (rule-lhs g r) (car rest))
                     (add! j j (make-item r 0 j (rule-rhs g r))))))
              ((and (< j n) (eq? (vector-ref input j) (car rest))) ; scan
               (add! (+ j 1) j (make-item (item-rule it)
                                          (+ (item-dot it) 1)
                                          (item-origin it)
                                          (cdr rest)))))))
    (do ((i 0 (+ i 1))) ((> i n)) (vector-set! chart i (make-set g)))
    (do ((r 0 (+ r 1))) ((= r nrules))
      (if (eq? (rule-lhs g r) (grammar-start g))
          (add! 0 0 (make-item r 0 0 (rule-rhs g r)))))
    (do ((j 0 (+ j 1))) ((> j n))
      (if (> j 0) (set! agenda (car (vector-ref chart j))))
      (let work ()
        (if (pair? agenda)
            (let ((it (car agenda)))
              (set! agenda (cdr agenda))
              (process! j it)
              (work)))))
    (vector g input chart)))

;; The number of parse trees of SYM over tokens I..J, from the chart:
;; a rule of SYM counts when its completed item spans I..J, and then
;; as many ways as its right side can be split over I..J, each split
;; point being where the item with the dot before the last symbol ends.
(define (count-parses parse)
  (let* ((g (vector-ref parse 0))
         (input (vector-ref parse 1))
         (chart (vector-ref parse 2))
         (n (vector-length input))
         (nts (grammar-nonterminals g))
         (memo (make-vector (* (length nts) (+ n 1) (+ n 1)) #f)))
    (define (nt-index sym)
      (let loop ((l nts) (k 0))
        (if (eq? (car l) sym) k (loop (cdr l) (+ k 1)))))
    (define (derivations sym i j)
      (let* ((key (+ (* (nt-index sym) (+ n 1) (+ n 1)) (* i (+ n 1)) j))
             (known (vector-ref memo key)))
        (or known
            (let ((total
                   (let loop ((r 0) (acc 0))
                     (if (= r (vector-length (grammar-rules g)))
                         acc
                         (loop (+ r 1)
                               (if (and (eq? (rule-lhs g r) sym)
                                        (set-has? g (vector-ref chart j) r
                                                  (length (rule-rhs g r)) i))
                                   (+ acc (splits r (length (rule-rhs g r))
                                                  i j))
                                   acc))))))
              (vector-set! memo key total)
              total))))
    ;; Ways the first DOT symbols of rule R's right side span I..J.
    (define (splits r dot i j)
      (if (= dot 0)
          (if (= i j) 1 0)
          (let ((sym (list-ref (rule-rhs g r) (- dot 1))))
            (if (nonterminal? g sym)
                (let loop ((k i) (acc 0))
                  (if (> k j)
                      acc
                      (loop (+ k 1)
                            (if (and (< k j)
                                     (or (= dot 1) (set-has? g (vector-ref chart k)
                                                             r (- dot 1) i)))
                                (let ((left (splits r (- dot 1) i k)))
                                  (if (= left 0)
                                      acc
                                      (+ acc (* left (derivations sym k j)))))
                                acc))))
                (if (and (> j i) (eq? (vector-ref input (- j 1)) sym))
                    (splits r (- dot 1) i (- j 1))
                    0)))))
    (derivations (grammar-start g) 0 n)))

(define (accepts? parse)
  (let* ((g (vector-ref parse 0))
         (n (vector-length (vector-ref parse 1)))
         (final (vector-ref (vector-ref parse 2) n)))
    (let loop ((items (car final)))
      (and (pair? items)
           (or (let ((it (car items)))
                 (and (null? (item-rest it))
                      (= (item-origin it) 0)
                      (eq? (rule-lhs g (item-rule it)) (grammar-start g))))
               (loop (cdr items)))))))

;; The ambiguous grammar s -> s s | a: n tokens have Catalan(n - 1)
;; parses, the binomial C(2m, m) / (m + 1) with m = n - 1.
(define pairs-grammar (make-grammar '((s s s) (s a)) 's))

(define (catalan m)
  (let loop ((k 1) (c 1))               ; c = Catalan(k - 1)
    (if (> k m) c (loop (+ k 1) (quotient (* c 2 (- (* 2 k) 1)) (+ k 1))))))

(define (make-list-of n x)
  (if (= n 0) '() (cons x (make-list-of (- n 1) x))))

;; An unambiguous expression grammar; a token string is accepted when
;; the recursive-descent recognizer below accepts it, and then has one
;; parse.
(define expr-grammar
  (make-grammar '((e e + t) (e t) (t t * f) (t f) (f lp e rp) (f n)) 'e))

(define (rd-accepts? tokens)
  ;; Each procedure returns the tokens after what it read, or #f.
  (define (expr ts)
    (let ((ts (term ts)))
      (let loop ((ts ts))
        (if (and ts (pair? ts) (eq? (car ts) '+))
            (loop (term (cdr ts)))
            ts))))
  (define (term ts)
    (let ((ts (and ts (factor ts))))
      (let loop ((ts ts))
        (if (and ts (pair? ts) (eq? (car ts) '*))
            (loop (factor (cdr ts)))
            ts))))
  (define (factor ts)
    (cond ((not ts) #f)
          ((null? ts) #f)
          ((eq? (car ts) 'n) (cdr ts))
          ((eq? (car ts) 'lp)
           (let ((ts (expr (cdr ts))))
             (and ts (pair? ts) (eq? (car ts) 'rp) (cdr ts))))
          (else #f)))
  (let ((rest (expr tokens)))
    (and rest (null? rest))))

;; Pseudo-random token strings, most of them well formed: an expression
;; generator that sometimes drops or swaps a token.
(define (random-tokens random depth)
  (define (gen d)
    (let ((k (modulo (random) 6)))
      (cond ((or (= d 0) (< k 2)) (list 'n))
            ((= k 2) (append (gen (- d 1)) (list '+) (gen (- d 1))))
            ((= k 3) (append (gen (- d 1)) (list '*) (gen (- d 1))))
            (else (append (list 'lp) (gen (- d 1)) (list 'rp))))))
  (let ((ts (gen depth)))
    (case (modulo (random) 4)
      ((0) (if (null? (cdr ts)) ts (cdr ts)))          ; drop the first
      ((1) (reverse ts))
      (else ts))))

(define earley-length (if bench-quick? 14 30))
(define expr-count (if bench-quick? 30 600))

(define (earley-run)
  (let* ((counts
          (let loop ((k 1) (acc '()))
            (if (> k earley-length)
                (reverse acc)
                (loop (+ k 1)
                      (cons (count-parses
                             (earley-parse pairs-grammar (make-list-of k 'a)))
                            acc)))))
         (random (make-lcg 99))
         (exprs
          (let loop ((i 0) (acc '()))
            (if (= i expr-count)
                acc
                (let* ((ts (random-tokens random 5))
                       (p (earley-parse expr-grammar ts)))
                  (loop (+ i 1)
                        (cons (list ts (accepts? p) (count-parses p)) acc)))))))
    (list counts exprs)))

(run-benchmark "earley" (if bench-quick? 1 4) earley-run
               (lambda (r)
                 (and (let check ((cs (car r)) (k 1))
                        (or (null? cs)
                            (and (= (car cs) (catalan (- k 1)))
                                 (check (cdr cs) (+ k 1)))))
                      ;; Both kinds of string occur, and each is judged
                      ;; as recursive descent judges it.
                      (let check ((es (cadr r)) (yes 0) (no 0))
                        (if (null? es)
                            (and (> yes 0) (> no 0))
                            (let* ((e (car es))
                                   (ok (rd-accepts? (car e))))
                              (and (eq? ok (cadr e))
                                   (= (caddr e) (if ok 1 0))
                                   (check (cdr es)
                                          (if ok (+ yes 1) yes)
                                          (if ok no (+ no 1))))))))))
