;;; hashtables.scm -- hash tables: Guile's API and the hash functions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The hashq-, hashv- and hash- families, handles, hashx- with a user
;;; hash and assoc, the iteration procedures, growing and shrinking,
;;; weak-key tables losing their entries after (gc), and the hash
;;; functions: agreement with equal?, bounds, circular and deep data.

;;; Code:

(test-begin "hashtables")

(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised) 'nothing-raised (condition-message e))))

(define (sum-values t) (hash-fold (lambda (k v acc) (+ v acc)) 0 t))

(test-group "the three families"
  (lambda ()
    (define t (make-hash-table))
    (test-assert "hash-table?" (hash-table? t))
    (test-assert "not a table" (not (hash-table? (vector))))
    (test-assert "make-hash-table with a size" (hash-table? (make-hash-table 100)))
    (hash-set! t "key" 1)
    (hash-set! t '(1 #(2)) 2)
    (test-eqv "hash-ref: equal string" 1 (hash-ref t (string #\k #\e #\y)))
    (test-eqv "hash-ref: equal structure" 2 (hash-ref t (list 1 (vector 2))))
    (test-eq "hash-ref: missing is #f" #f (hash-ref t "nope"))
    (test-eq "hash-ref: default" 'd (hash-ref t "nope" 'd))
    (define q (make-hash-table))
    (define s (string #\a))
    (hashq-set! q s 'x)
    (hashq-set! q 'sym 'y)
    (test-eq "hashq: the same string" 'x (hashq-ref q s))
    (test-eq "hashq: an equal string is another key" #f (hashq-ref q (string #\a)))
    (test-eq "hashq: symbol" 'y (hashq-ref q 'sym))
    (define v (make-hash-table))
    (hashv-set! v 1.5 'f)
    (hashv-set! v 10 'ten)
    (test-eq "hashv: flonum by value" 'f (hashv-ref v (/ 3. 2)))
    (test-eq "hashv: 10 is not 10.0" #f (hashv-ref v 10.))
    (hashv-set! v 10 'TEN)
    (test-eq "set! replaces" 'TEN (hashv-ref v 10))
    (test-equal "remove! returns the entry" '(10 . TEN) (hashv-remove! v 10))
    (test-eq "removed" #f (hashv-ref v 10))
    (test-eq "remove! of a missing key" #f (hashv-remove! v 10))
    (test-eq "hash-remove!" #f (begin (hash-remove! t "key") (hash-ref t "key")))
    (test-error-contains "hash-ref of a non-table"
                         '("hash-ref: wrong type argument in position 1" "hash table")
                         (lambda () (hash-ref '() 1)))
    (test-error-contains "hashq-set! of a non-table" '("hashq-set!" "hash table")
                         (lambda () (hashq-set! 5 1 1)))))

(test-group "handles"
  (lambda ()
    (define t (make-hash-table))
    (test-eq "get-handle of a missing key" #f (hashq-get-handle t 'a))
    (define h (hashq-create-handle! t 'a 1))
    (test-equal "create-handle! makes (key . init)" '(a . 1) h)
    (test-eq "create-handle! again gives the same handle" h (hashq-create-handle! t 'a 99))
    (set-cdr! h 5)
    (test-eqv "set-cdr! of the handle sets the value" 5 (hashq-ref t 'a))
    (hashq-set! t 'a 6)
    (test-eqv "and the handle sees set!" 6 (cdr (hashq-get-handle t 'a)))
    (test-equal "hash-create-handle!" '("k" . 0) (hash-create-handle! t "k" 0))
    (test-equal "hash-get-handle" '("k" . 0) (hash-get-handle t (string #\k)))
    (test-equal "hashv-create-handle!" '(2.5 . x) (hashv-create-handle! t 2.5 'x))
    (test-error-contains "handles of a weak table" '("hashq-get-handle" "weak")
                         (lambda () (hashq-get-handle (make-weak-key-hash-table) 'a)))))

(test-group "iteration"
  (lambda ()
    (define t (make-hash-table))
    (for-each (lambda (k) (hashq-set! t k (* k k))) '(1 2 3 4))
    (test-eqv "hash-fold" 30 (sum-values t))
    (test-eqv "hash-count" 2 (hash-count (lambda (k v) (even? k)) t))
    (test-eqv "hash-count of all" 4 (hash-count (lambda (k v) #t) t))
    (test-equal "hash-map->list" '(1 4 9 16)
                (let ((l (hash-map->list (lambda (k v) v) t)))
                  (map (lambda (k) (hashq-ref t k)) '(1 2 3 4))))
    (test-eqv "hash-map->list length" 4 (length (hash-map->list cons t)))
    (test-eqv "hash-for-each" 10
              (let ((n 0)) (hash-for-each (lambda (k v) (set! n (+ n k))) t) n))
    (test-eqv "hash-for-each-handle" 4
              (let ((n 0)) (hash-for-each-handle (lambda (h) (set! n (+ n 1))) t) n))
    (test-eqv "removing while folding" 0
              (begin (hash-for-each (lambda (k v) (hashq-remove! t k)) t)
                     (hash-count (lambda (k v) #t) t)))
    (test-eqv "fold of an empty table" 'init (hash-fold (lambda (k v a) 'no) 'init t))
    (hashq-set! t 'x 1)
    (hash-clear! t)
    (test-eqv "hash-clear!" 0 (hash-count (lambda (k v) #t) t))
    (test-error-contains "hash-fold with a non-procedure"
                         '("hash-fold: wrong type argument in position 1" "procedure")
                         (lambda () (hash-fold 1 0 t)))
    (test-error-contains "hash-for-each of a non-table" '("hash-for-each" "hash table")
                         (lambda () (hash-for-each (lambda (k v) k) 'x)))))

(test-group "hashx"
  (lambda ()
    (define t (make-hash-table))
    (define (ci-hash s size) (string-ci-hash s size))
    (define (ci-assoc key alist)
      (let loop ((l alist))
        (cond ((null? l) #f)
              ((string-ci=? key (car (car l))) (car l))
              (else (loop (cdr l))))))
    (hashx-set! ci-hash ci-assoc t "Hello" 1)
    (test-eqv "hashx-ref with a user hash and assoc" 1 (hashx-ref ci-hash ci-assoc t "HELLO"))
    (hashx-set! ci-hash ci-assoc t "hello" 2)
    (test-eqv "hashx-set! replaces" 2 (hashx-ref ci-hash ci-assoc t "Hello"))
    (test-eqv "one entry" 1 (hash-count (lambda (k v) #t) t))
    (test-eq "hashx-ref default" 'no (hashx-ref ci-hash ci-assoc t "bye" 'no))
    (test-equal "hashx-get-handle" '("Hello" . 2) (hashx-get-handle ci-hash ci-assoc t "HeLLo"))
    (test-equal "hashx-create-handle!" '("bye" . 0)
                (hashx-create-handle! ci-hash ci-assoc t "bye" 0))
    (test-equal "hashx-remove!" '("bye" . 0) (hashx-remove! ci-hash ci-assoc t "BYE"))
    (test-eq "removed" #f (hashx-ref ci-hash ci-assoc t "bye"))
    (test-eqv "hashx with assoc and hash" 3
              (begin (hashx-set! hash assoc t '(1 2) 3) (hashx-ref hash assoc t (list 1 2))))
    (test-error-contains "a hash returning a negative number" '("hashx-ref" "hash function")
                         (lambda () (hashx-ref (lambda (k n) -1) assoc t 1)))
    (test-error-contains "hashx-ref with a non-procedure" '("hashx-ref" "procedure")
                         (lambda () (hashx-ref 1 assoc t 1)))))

(test-group "growing and shrinking"
  (lambda ()
    (define t (make-hash-table))
    (do ((i 0 (+ i 1))) ((= i 20000)) (hashv-set! t i (- i)))
    (test-eqv "20000 entries" 20000 (hash-count (lambda (k v) #t) t))
    (test-assert "all found"
                 (let loop ((i 0))
                   (or (= i 20000) (and (eqv? (hashv-ref t i) (- i)) (loop (+ i 1))))))
    (do ((i 0 (+ i 1))) ((= i 19990)) (hashv-remove! t i))
    (test-eqv "after removing most" 10 (hash-count (lambda (k v) #t) t))
    (test-equal "the rest still found" '(-19990 -19999)
                (list (hashv-ref t 19990) (hashv-ref t 19999)))
    (define s (make-hash-table))
    (do ((i 0 (+ i 1))) ((= i 3000)) (hash-set! s (list i (number->string i)) i))
    (test-eqv "structured keys" 2999 (hash-ref s (list 2999 "2999")))))

(test-group "weak keys"
  (lambda ()
    (define w (make-weak-key-hash-table))
    (define kept (list 'kept))
    ;; N fresh keys, bound to VALUE, held only by the vector returned:
    ;; a collection during the filling must not lose them.  A vector,
    ;; not a list: a stale word that the conservative collector finds
    ;; then keeps one key alive, never a chain of them.
    (define (fill! n value)
      (let ((keys (make-vector n #f)))
        (do ((i 0 (+ i 1))) ((= i n) keys)
          (let ((k (list i)))
            (hashq-set! w k value)
            (vector-set! keys i k)))))
    (define (count-of value)
      (hash-count (lambda (k v) (eq? v value)) w))
    (test-assert "make-weak-key-hash-table" (hash-table? w))
    (hashq-set! w kept 'yes)
    (hashq-set! w 42 'fixnum)
    (define held (fill! 1000 'held))
    (gc)
    (test-eqv "1002 entries while their keys are referenced, even after (gc)"
              1002 (hash-count (lambda (k v) #t) w))
    ;; Other keys, never enumerated while alive: enumerating a weak
    ;; table makes fresh (key . value) pairs, and one stale word left
    ;; pointing at that list would keep every key of it.
    (define dropped (fill! 1000 'dropped))
    (vector-fill! dropped #f)
    (gc) (gc)
    (let ((n (count-of 'dropped)))
      ;; A conservative collector may keep a few keys alive.
      (test-assert "most dropped keys are gone after (gc)" (< n 100)))
    (test-eqv "the keys still held stay" 1000
              ;; HELD is used after the count, so it is live during it.
              (let ((n (count-of 'held))) (if (vector? held) n -1)))
    (test-eq "a key still referenced stays" 'yes (hashq-ref w kept))
    (test-eq "a fixnum key stays" 'fixnum (hashq-ref w 42))
    (test-assert "no dead entry in the fold"
                 (hash-fold (lambda (k v ok) (and ok (or (pair? k) (eqv? k 42)))) #t w))
    (test-assert "counts agree with the fold"
                 (= (hash-count (lambda (k v) #t) w)
                    (length (hash-map->list cons w))))
    (define e (make-weak-key-hash-table))
    (hash-set! e (string #\s) 1)
    (define str "literal")
    (hash-set! e str 2)
    (test-eqv "equal? lookup in a weak table" 2 (hash-ref e (string-copy "literal")))))

(test-group "hash functions"
  (lambda ()
    (test-assert "hash is in range" (let ((h (hash '(a "b" #(c)) 13))) (and (>= h 0) (< h 13))))
    (test-eqv "equal strings" (hash "abc" 1000) (hash (string #\a #\b #\c) 1000))
    (test-eqv "equal lists" (hash '(1 (2 "x") #(3)) 1000)
              (hash (list 1 (list 2 (string #\x)) (vector 3)) 1000))
    (test-eqv "equal bytevectors" (hash #u8(1 2 3) 1000) (hash (bytevector 1 2 3) 1000))
    (test-eqv "= numbers hash alike" (hash 2 1000) (hash 2.0 1000))
    (test-eqv "0.0 and -0.0" (hash 0.0 1000) (hash -0.0 1000))
    (test-eqv "a wide string and a narrow one"
              (hash "ab" 1000)
              (let ((s (string #\a #\x3bb))) (string-set! s 1 #\b) (hash s 1000)))
    (define c1 (let ((l (list 1 2))) (set-cdr! (cdr l) l) l))
    (define c2 (let ((l (list 1 2 1 2))) (set-cdr! (cdddr l) l) l))
    (test-assert "circular lists are equal?" (equal? c1 c2))
    (test-eqv "and hash alike" (hash c1 1000) (hash c2 1000))
    (define cv (let ((v (vector 1 2))) (vector-set! v 1 v) v))
    (test-assert "a circular vector hashes" (exact-integer? (hash cv)))
    (define deep (let loop ((i 0) (acc '())) (if (= i 100000) acc (loop (+ i 1) (list acc)))))
    (test-assert "a deep structure hashes" (exact-integer? (hash deep 100)))
    (define long (let loop ((i 0) (acc '())) (if (= i 100000) acc (loop (+ i 1) (cons i acc)))))
    (test-assert "a long list hashes" (exact-integer? (hash long)))
    (test-assert "without a size: below 2^32" (< (hash "x") 4294967296))
    (test-eqv "hashq of the same object" (hashq 'a 100) (hashq 'a 100))
    (test-eqv "hashv of equal flonums" (hashv 1.25 100) (hashv (/ 5. 4) 100))
    (test-eqv "string-hash is hash of the string" (hash "abc") (string-hash "abc"))
    (test-eqv "string-hash of a range" (string-hash "bc") (string-hash "abcd" 4294967296 1 3))
    (test-eqv "string-ci-hash" (string-ci-hash "Straße") (string-ci-hash "STRASSE"))
    (test-eqv "symbol-hash is hash of the symbol" (hash 'abc) (symbol-hash 'abc))
    (test-eqv "equal-hash is hash" (hash '(1 2)) (equal-hash (list 1 2)))
    (test-assert "different strings usually differ" (not (= (hash "abc") (hash "abd"))))
    (test-error-contains "hash with size 0" '("hash" "out of range")
                         (lambda () (hash 'a 0)))
    (test-error-contains "hash with a non-integer size" '("hash" "exact positive integer")
                         (lambda () (hash 'a 'b)))
    (test-error-contains "string-hash of a symbol" '("string-hash" "string")
                         (lambda () (string-hash 'a)))
    (test-error-contains "string-hash end past the end" '("string-hash")
                         (lambda () (string-hash "abc" 10 0 5)))
    (test-error-contains "symbol-hash of a string" '("symbol-hash" "symbol")
                         (lambda () (symbol-hash "a")))))

(test-group "records and tables as keys"
  (lambda ()
    (define-record-type box (make-box v) box? (v box-v))
    (define b (make-box 1))
    (define t (make-hash-table))
    (hash-set! t b 'box)
    (hash-set! t t 'itself)
    (test-eq "a record is its own key under equal?" 'box (hash-ref t b))
    (test-eq "another record with the same fields is not" #f (hash-ref t (make-box 1)))
    (test-eq "a table as a key" 'itself (hash-ref t t))
    (test-eqv "hash of a record is stable" (hash b 1000) (hash b 1000))))

(test-end "hashtables")
