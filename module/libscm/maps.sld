;;; maps.sld -- persistent maps for SRFI 146: weight-balanced trees
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The machinery of (srfi 146) and (srfi 146 hash), which give it
;;; their names.  A map is a record of its kind (mapping or hashmap),
;;; its SRFI 128 comparator, its number of associations and a
;;; weight-balanced binary tree (Adams, "Efficient sets: a balancing
;;; act", 1993, with the parameters delta 3 and gamma 2 that Hirai and
;;; Yamamoto proved correct).  Trees are never changed: every update
;;; returns a new map sharing most of the old one, so the procedures
;;; ending in ! are the functional ones and cost O(log n) all the same.
;;;
;;; A mapping's tree is ordered by its comparator's ordering predicate.
;;; A hashmap's tree is ordered by the integer hash of the key, each
;;; node holding the alist of the keys with that hash (compared with
;;; the comparator's equality).
;;;
;;; The generic operations take WHO, the name of the procedure called,
;;; for their errors.

;;; Code:

(define-library (libscm maps)
  (export map? map-kind map-comparator map-size make-empty-map
          map-lookup map-insert map-remove map-fold map-fold-right
          map-min map-max map-split map-join-ordered map-from-ordered
          map-filter map-union map-intersection map-difference map-xor
          map-check map-check-same map-fail
          g-make g-unfold g-contains? g-empty? g-disjoint? g-ref g-ref/default
          g-adjoin g-replace g-delete g-intern g-update g-update/default g-pop
          g-search g-size g-find g-count g-any? g-every? g-keys g-values
          g-entries g-map g-map->list g-for-each g-fold g-filter g-partition
          g->alist g-alist-> g-alist->! g-compare rel= rel< rel> rel<= rel>=
          g-theory g-make-comparator)
  (import (libscm) (srfi 128) (srfi 162))
  (begin

    ;; ----------------------------------------------------------------
    ;; Weight-balanced trees: #f, or a vector #(key value size left
    ;; right).  LESS? orders the keys.

    (define (wb-size t) (if t (vector-ref t 2) 0))
    (define (wb-node-key t) (vector-ref t 0))
    (define (wb-node-value t) (vector-ref t 1))
    (define (wb-left t) (vector-ref t 3))
    (define (wb-right t) (vector-ref t 4))

    (define (node k v l r) (vector k v (+ 1 (wb-size l) (wb-size r)) l r))

    (define delta 3)
    (define ratio 2)

    (define (rotate-left k v l r)
      (let ((rl (wb-left r)) (rr (wb-right r)))
        (if (< (wb-size rl) (* ratio (wb-size rr)))
            (node (wb-node-key r) (wb-node-value r) (node k v l rl) rr)
            (node (wb-node-key rl) (wb-node-value rl)
                  (node k v l (wb-left rl))
                  (node (wb-node-key r) (wb-node-value r) (wb-right rl) rr)))))

    (define (rotate-right k v l r)
      (let ((ll (wb-left l)) (lr (wb-right l)))
        (if (< (wb-size lr) (* ratio (wb-size ll)))
            (node (wb-node-key l) (wb-node-value l) ll (node k v lr r))
            (node (wb-node-key lr) (wb-node-value lr)
                  (node (wb-node-key l) (wb-node-value l) ll (wb-left lr))
                  (node k v (wb-right lr) r)))))

    ;; A node of K V L R, rebalanced after one insertion or deletion.
    (define (balance k v l r)
      (let ((sl (wb-size l)) (sr (wb-size r)))
        (cond ((<= (+ sl sr) 1) (node k v l r))
              ((> sr (* delta sl)) (rotate-left k v l r))
              ((> sl (* delta sr)) (rotate-right k v l r))
              (else (node k v l r)))))

    (define (wb-lookup less? t k)
      (let loop ((t t))
        (cond ((not t) #f)
              ((less? k (wb-node-key t)) (loop (wb-left t)))
              ((less? (wb-node-key t) k) (loop (wb-right t)))
              (else t))))

    ;; T with K bound to (UPDATE old-node-or-#f), a (key . value) pair or
    ;; #f for no binding.
    (define (wb-alter less? t k update)
      (let loop ((t t))
        (cond ((not t)
               (let ((kv (update #f)))
                 (and kv (node (car kv) (cdr kv) #f #f))))
              ((less? k (wb-node-key t))
               (balance (wb-node-key t) (wb-node-value t) (loop (wb-left t)) (wb-right t)))
              ((less? (wb-node-key t) k)
               (balance (wb-node-key t) (wb-node-value t) (wb-left t) (loop (wb-right t))))
              (else
               (let ((kv (update t)))
                 (if kv
                     (node (car kv) (cdr kv) (wb-left t) (wb-right t))
                     (wb-concat (wb-left t) (wb-right t))))))))

    (define (wb-min t) (if (wb-left t) (wb-min (wb-left t)) t))
    (define (wb-max t) (if (wb-right t) (wb-max (wb-right t)) t))

    (define (wb-delete-min t)
      (if (wb-left t)
          (balance (wb-node-key t) (wb-node-value t) (wb-delete-min (wb-left t)) (wb-right t))
          (wb-right t)))

    (define (wb-insert-min k v t)
      (if t
          (balance (wb-node-key t) (wb-node-value t) (wb-insert-min k v (wb-left t)) (wb-right t))
          (node k v #f #f)))

    (define (wb-insert-max k v t)
      (if t
          (balance (wb-node-key t) (wb-node-value t) (wb-left t) (wb-insert-max k v (wb-right t)))
          (node k v #f #f)))

    ;; The tree of L, the entry K V, and R, all of L's keys below K and
    ;; R's above.
    (define (wb-join k v l r)
      (cond ((not l) (wb-insert-min k v r))
            ((not r) (wb-insert-max k v l))
            ((< (* delta (wb-size l)) (wb-size r))
             (balance (wb-node-key r) (wb-node-value r) (wb-join k v l (wb-left r)) (wb-right r)))
            ((< (* delta (wb-size r)) (wb-size l))
             (balance (wb-node-key l) (wb-node-value l) (wb-left l) (wb-join k v (wb-right l) r)))
            (else (node k v l r))))

    ;; L and R, all of L's keys below R's.
    (define (wb-concat l r)
      (cond ((not l) r)
            ((not r) l)
            (else (let ((m (wb-min r)))
                    (wb-join (wb-node-key m) (wb-node-value m) l (wb-delete-min r))))))

    ;; Three values: the tree of the keys below K, the node of K or #f,
    ;; the tree of those above.
    (define (wb-split less? t k)
      (cond ((not t) (values #f #f #f))
            ((less? k (wb-node-key t))
             (let-values (((lt found gt) (wb-split less? (wb-left t) k)))
               (values lt found (wb-join (wb-node-key t) (wb-node-value t) gt (wb-right t)))))
            ((less? (wb-node-key t) k)
             (let-values (((lt found gt) (wb-split less? (wb-right t) k)))
               (values (wb-join (wb-node-key t) (wb-node-value t) (wb-left t) lt) found gt)))
            (else (values (wb-left t) t (wb-right t)))))

    (define (wb-fold proc acc t)
      (if t
          (wb-fold proc (proc (wb-node-key t) (wb-node-value t)
                              (wb-fold proc acc (wb-left t)))
                   (wb-right t))
          acc))

    (define (wb-fold-right proc acc t)
      (if t
          (wb-fold-right proc (proc (wb-node-key t) (wb-node-value t)
                                    (wb-fold-right proc acc (wb-right t)))
                         (wb-left t))
          acc))

    ;; A balanced tree of the N entries of the vector V from I, whose
    ;; keys increase.
    (define (wb-from-vector v i n)
      (if (= n 0)
          #f
          (let ((m (+ i (quotient n 2))))
            (node (car (vector-ref v m)) (cdr (vector-ref v m))
                  (wb-from-vector v i (quotient n 2))
                  (wb-from-vector v (+ m 1) (- n (quotient n 2) 1))))))

    ;; ----------------------------------------------------------------
    ;; Maps.

    (define-record-type <map>
      (make-map kind comparator size tree)
      %map?
      (kind %map-kind)
      (comparator %map-comparator)
      (size %map-size)
      (tree map-tree))

    ;; (define-record-procedure NAME TYPE DOC [K]): the predicate of
    ;; record type TYPE, or with K the accessor of its field K, as
    ;; define-record-type makes them (derived.c) but with docstring DOC:
    ;; the same code, so that a caller's compiler still runs its calls
    ;; in place (compile/inline.c), and an error names NAME.  Inside the
    ;; library the %-names of the record's own procedures are used.
    (define-syntax define-record-procedure
      (lambda (x)
        (syntax-case x ()
          ((_ name type doc k)
           #`(define name
               (let ((rtd type))
                 (lambda (obj)
                   doc
                   #,(cons %record-ref #'(obj rtd k 'name))))))
          ((_ name type doc)
           #`(define name
               (let ((rtd type))
                 (lambda (obj) doc #,(cons %record? #'(obj rtd)))))))))

    (define-record-procedure map? <map>
      "Return #t if OBJ is a map of SRFI 146, a mapping or a hashmap,
else #f.")
    (define-record-procedure map-kind <map>
      "Return the kind of map OBJ, the symbol mapping or hashmap.  An
error if OBJ is not a map." 0)
    (define-record-procedure map-comparator <map>
      "Return the key comparator of map OBJ.  An error if OBJ is not a
map." 1)
    (define-record-procedure map-size <map>
      "Return the number of associations of map OBJ.  An error if OBJ is
not a map." 2)

    (define (map-fail who message . irritants)
      "Raise an error whose message is WHO, a string, then \\\": \\\"
and MESSAGE, with the IRRITANTS."
      (apply error (string-append who ": " message) irritants))

    (define (map-check who kind pos m)
      "Raise an error naming WHO unless M is a map of kind KIND
(mapping or hashmap), argument POS of WHO; return an unspecified
value."
      (if (not (and (%map? m) (eq? (%map-kind m) kind)))
          (map-fail who (string-append "wrong type argument in position "
                                       (number->string pos) " (expected "
                                       (symbol->string kind) ")")
                    m)))

    (define (map-check-same who kind m others pos)
      "Raise an error naming WHO unless each of the maps OTHERS, the
first argument POS of WHO, is a map of kind KIND with the same
comparator as map M."
      (let loop ((l others) (pos pos))
        (if (pair? l)
            (begin
              (map-check who kind pos (car l))
              (if (not (eq? (%map-comparator (car l)) (%map-comparator m)))
                  (map-fail who "maps with different comparators" m (car l)))
              (loop (cdr l) (+ pos 1))))))

    (define (make-empty-map who kind comparator)
      "Return an empty map of kind KIND (mapping or hashmap) with key
comparator COMPARATOR.  An error naming WHO if COMPARATOR is not a
comparator, or has no ordering for a mapping or no hash function for a
hashmap."
      (if (not (comparator? comparator))
          (map-fail who "wrong type argument (expected comparator)" comparator))
      (if (and (eq? kind 'mapping) (not (comparator-ordered? comparator)))
          (map-fail who "a mapping needs a comparator with an ordering" comparator))
      (if (and (eq? kind 'hashmap) (not (comparator-hashable? comparator)))
          (map-fail who "a hashmap needs a comparator with a hash function" comparator))
      (make-map kind comparator 0 #f))

    (define (ordering m) (comparator-ordering-predicate (%map-comparator m)))

    (define (hash-of m k) (comparator-hash (%map-comparator m) k))

    (define (bucket-find m bucket k)
      (let ((same? (comparator-equality-predicate (%map-comparator m))))
        (let loop ((b bucket))
          (cond ((null? b) #f)
                ((same? (caar b) k) (car b))
                (else (loop (cdr b)))))))

    (define (check-key who m k)
      (if (not (comparator-test-type (%map-comparator m) k))
          (map-fail who "the key does not satisfy the comparator's type test" k)))

    ;; The association (key . value) of K in M, or #f.
    (define (map-lookup m k)
      "Return the association (KEY . VALUE) of the key K in map M, or
#f if it has none."
      (if (eq? (%map-kind m) 'mapping)
          (let ((n (wb-lookup (ordering m) (map-tree m) k)))
            (and n (cons (wb-node-key n) (wb-node-value n))))
          (let ((n (wb-lookup < (map-tree m) (hash-of m k))))
            (and n (bucket-find m (wb-node-value n) k)))))

    ;; M with K bound to V; if K is bound already, only if REPLACE? (the
    ;; key stored becomes K too).
    (define (map-insert who m k v replace?)
      "Return map M with the key K bound to V; if M has K, it keeps
its key and value unless REPLACE? is true.  An error naming WHO if K
fails the comparator's type test."
      (check-key who m k)
      (let ((grew #f))
        (let ((tree
               (if (eq? (%map-kind m) 'mapping)
                   (wb-alter (ordering m) (map-tree m) k
                             (lambda (old)
                               (cond ((not old) (set! grew #t) (cons k v))
                                     (replace? (cons k v))
                                     (else (cons (wb-node-key old) (wb-node-value old))))))
                   (let ((h (hash-of m k)))
                     (wb-alter < (map-tree m) h
                               (lambda (old)
                                 (let* ((bucket (if old (wb-node-value old) '()))
                                        (entry (bucket-find m bucket k)))
                                   (cond ((not entry) (set! grew #t)
                                          (cons h (cons (cons k v) bucket)))
                                         (replace?
                                          (cons h (cons (cons k v)
                                                        (remove-entry entry bucket))))
                                         (else (cons h bucket))))))))))
          (make-map (%map-kind m) (%map-comparator m)
                    (if grew (+ 1 (%map-size m)) (%map-size m)) tree))))

    (define (remove-entry entry bucket)
      (let loop ((b bucket))
        (cond ((null? b) '())
              ((eq? (car b) entry) (cdr b))
              (else (cons (car b) (loop (cdr b)))))))

    ;; M without K.
    (define (map-remove m k)
      "Return map M without the association of the key K (M itself if
it has none)."
      (if (not (map-lookup m k))
          m
          (make-map (%map-kind m) (%map-comparator m) (- (%map-size m) 1)
                    (if (eq? (%map-kind m) 'mapping)
                        (wb-alter (ordering m) (map-tree m) k (lambda (old) #f))
                        (let ((h (hash-of m k)))
                          (wb-alter < (map-tree m) h
                                    (lambda (old)
                                      (let ((rest (remove-entry
                                                   (bucket-find m (wb-node-value old) k)
                                                   (wb-node-value old))))
                                        (and (pair? rest) (cons h rest))))))))))

    ;; (PROC key value acc) over M's associations, in key order for a
    ;; mapping.
    (define (map-fold proc acc m)
      "Return the result of calling (PROC KEY VALUE ACC) on each
association of map M, in key order for a mapping, ACC first ACC and
then the result of the call before."
      (if (eq? (%map-kind m) 'mapping)
          (wb-fold proc acc (map-tree m))
          (wb-fold (lambda (h bucket acc)
                     (let loop ((b bucket) (acc acc))
                       (if (null? b) acc (loop (cdr b) (proc (caar b) (cdar b) acc)))))
                   acc (map-tree m))))

    (define (map-fold-right proc acc m)
      "Return the result of calling (PROC KEY VALUE ACC) on each
association of mapping M from the largest key down, ACC first ACC and
then the result of the call before."
      (wb-fold-right proc acc (map-tree m)))

    ;; The first and last associations of a non-empty mapping.
    (define (map-min m)
      "Return the association (KEY . VALUE) of the least key of the
non-empty mapping M."
      (let ((n (wb-min (map-tree m)))) (cons (wb-node-key n) (wb-node-value n))))
    (define (map-max m)
      "Return the association (KEY . VALUE) of the greatest key of the
non-empty mapping M."
      (let ((n (wb-max (map-tree m)))) (cons (wb-node-key n) (wb-node-value n))))

    (define (tree->map m tree)
      (make-map (%map-kind m) (%map-comparator m) (wb-size tree) tree))

    ;; Three values for mapping M and K: the mappings below and above K,
    ;; and K's association or #f.
    (define (map-split m k)
      "Return three values for mapping M and key K: the mapping of M's
associations whose keys are below K, that of those above K, and the
association of K in M or #f."
      (let-values (((lt found gt) (wb-split (ordering m) (map-tree m) k)))
        (values (tree->map m lt) (tree->map m gt)
                (and found (cons (wb-node-key found) (wb-node-value found))))))

    ;; The mapping of the associations of A, then K V (unless K is #f
    ;; and NO-KEY? is true), then B: A's keys below K, B's above.
    (define (map-join-ordered a k v b no-key?)
      "Return the mapping of the associations of mapping A, then of K
and V (left out if NO-KEY? is true), then of mapping B; A's keys must
all be below K and B's all above."
      (tree->map a (if no-key?
                       (wb-concat (map-tree a) (map-tree b))
                       (wb-join k v (map-tree a) (map-tree b)))))

    ;; A mapping of comparator C from ALIST, whose keys increase.
    (define (map-from-ordered who c alist)
      "Return a mapping with comparator C of the associations of
ALIST, whose keys must increase.  An error naming WHO if they do not."
      (let* ((m (make-empty-map who 'mapping c))
             (v (list->vector alist))
             (less? (ordering m)))
        (do ((i 1 (+ i 1))) ((>= i (vector-length v)))
          (if (not (less? (car (vector-ref v (- i 1))) (car (vector-ref v i))))
              (map-fail who "the keys are not in increasing order"
                        (car (vector-ref v (- i 1))) (car (vector-ref v i)))))
        (tree->map m (wb-from-vector v 0 (vector-length v)))))

    ;; The map of M's associations for which (KEEP? key value) is true.
    (define (map-filter keep? m)
      "Return the map of the associations of map M for which (KEEP?
KEY VALUE) is true."
      (map-fold (lambda (k v acc) (if (keep? k v) acc (map-remove acc k))) m m))

    ;; Set theory: the first map in which a key appears gives its value.
    (define (map-union m others)
      "Return map M with the associations of the maps OTHERS whose
keys it lacks; of maps with the same key, the first gives its value."
      (fold-left (lambda (acc o)
                   (map-fold (lambda (k v acc) (if (map-lookup acc k) acc
                                                   (map-insert "union" acc k v #f)))
                             acc o))
                 m others))

    (define (map-intersection m others)
      "Return the map of the associations of map M whose keys each map
of OTHERS has."
      (map-filter (lambda (k v) (every-map? (lambda (o) (map-lookup o k)) others)) m))

    (define (map-difference m others)
      "Return the map of the associations of map M whose keys no map
of OTHERS has."
      (map-filter (lambda (k v) (not (any-map? (lambda (o) (map-lookup o k)) others))) m))

    (define (map-xor a b)
      "Return the map of the associations of maps A and B whose keys
the other lacks."
      (map-union (map-difference a (list b)) (list (map-difference b (list a)))))


    ;; ----------------------------------------------------------------
    ;; The SRFI's operations, for both kinds: WHO names the procedure
    ;; called, KIND is mapping or hashmap.

    (define (check-procedure who pos f)
      (if (not (procedure? f))
          (map-fail who (string-append "wrong type argument in position "
                                       (number->string pos) " (expected procedure)")
                    f)))

    ;; M with the KEY VALUE ... of ARGS adjoined (REPLACE?: set).
    (define (insert-args who m args replace?)
      (let loop ((m m) (l args))
        (cond ((null? l) m)
              ((null? (cdr l)) (map-fail who "a key without a value" (car l)))
              (else (loop (map-insert who m (car l) (cadr l) replace?) (cddr l))))))

    (define (g-make who kind comparator args)
      "Return a new map of kind KIND (mapping or hashmap) with
comparator COMPARATOR holding the keys and values of ARGS, a list KEY1
VALUE1 ...; of a key given twice, the first value is kept.  WHO names
the SRFI 146 procedure in errors, as in every g- procedure."
      (insert-args who (make-empty-map who kind comparator) args #f))

    (define (g-unfold who kind stop? mapper successor seed comparator)
      "Return a new map of kind KIND with comparator COMPARATOR
holding the two values of (MAPPER SEED), a key and its value, for SEED
and each successive (SUCCESSOR SEED) until (STOP? SEED) is true.  Of a
key given twice, the first value is kept."
      (let loop ((m (make-empty-map who kind comparator)) (seed seed))
        (if (stop? seed)
            m
            (call-with-values (lambda () (mapper seed))
              (lambda (k v)
                (loop (map-insert who m k v #f) (successor seed)))))))

    (define (g-contains? who kind m k)
      "Return #t if map M of kind KIND has an association for the key
K, else #f."
      (map-check who kind 1 m)
      (and (map-lookup m k) #t))

    (define (g-empty? who kind m)
      "Return #t if map M of kind KIND has no associations, else #f."
      (map-check who kind 1 m)
      (= (%map-size m) 0))

    (define (g-disjoint? who kind a b)
      "Return #t if maps A and B of kind KIND, with the same
comparator, have no key in common, else #f."
      (map-check who kind 1 a)
      (map-check-same who kind a (list b) 2)
      (map-fold (lambda (k v acc) (and acc (not (map-lookup b k)))) #t a))

    (define (g-ref who kind m k opt)
      "Return the value of the key K in map M of kind KIND, passed to
SUCCESS if OPT, (FAILURE [SUCCESS]), gives it; if K has no value,
return (FAILURE), or raise an error if there is no FAILURE."
      (map-check who kind 1 m)
      (let ((entry (map-lookup m k)))
        (cond ((not entry)
               (if (pair? opt)
                   ((car opt))
                   (map-fail who "no value for the key" k)))
              ((and (pair? opt) (pair? (cdr opt))) ((cadr opt) (cdr entry)))
              (else (cdr entry)))))

    (define (g-ref/default who kind m k default)
      "Return the value of the key K in map M of kind KIND, or DEFAULT
if it has none."
      (map-check who kind 1 m)
      (let ((entry (map-lookup m k))) (if entry (cdr entry) default)))

    (define (g-adjoin who kind m args replace?)
      "Return map M of kind KIND with the keys and values of ARGS, a
list KEY1 VALUE1 ...; a key M has keeps its value unless REPLACE? is
true."
      (map-check who kind 1 m)
      (insert-args who m args replace?))

    (define (g-replace who kind m k v)
      "Return map M of kind KIND with the key K bound to V if M has K,
else M itself."
      (map-check who kind 1 m)
      (if (map-lookup m k) (map-insert who m k v #t) m))

    (define (g-delete who kind m keys)
      "Return map M of kind KIND without the associations of the KEYS,
a list."
      (map-check who kind 1 m)
      (let loop ((m m) (l keys))
        (if (pair? l) (loop (map-remove m (car l)) (cdr l)) m)))

    (define (g-intern who kind m k failure)
      "Return two values: map M of kind KIND and the value of the key
K in it if it has one, else M with K bound to the result of (FAILURE)
and that result."
      (map-check who kind 1 m)
      (let ((entry (map-lookup m k)))
        (if entry
            (values m (cdr entry))
            (let ((v (failure)))
              (values (map-insert who m k v #f) v)))))

    (define (g-update who kind m k updater opt)
      "Return map M of kind KIND with the key K bound to (UPDATER V),
V the value g-ref gives for K and OPT, (FAILURE [SUCCESS])."
      (map-check who kind 1 m)
      (let ((v (g-ref who kind m k opt)))
        (map-insert who m k (updater v) #t)))

    (define (g-update/default who kind m k updater default)
      "Return map M of kind KIND with the key K bound to (UPDATER V),
V its value in M or DEFAULT if it has none."
      (map-check who kind 1 m)
      (map-insert who m k (updater (g-ref/default who kind m k default)) #t))

    (define (g-pop who kind m opt)
      "Return three values: map M of kind KIND without one association
(the least key's for a mapping), and that association's key and value.
If M is empty, return (FAILURE) if OPT, (FAILURE), gives one, else
raise an error."
      (map-check who kind 1 m)
      (if (= (%map-size m) 0)
          (if (pair? opt) ((car opt)) (map-fail who "the map is empty" m))
          (let ((entry (if (eq? kind 'mapping)
                           (map-min m)
                           (call/ec (lambda (k)
                                      (map-fold (lambda (key v acc) (k (cons key v)))
                                                #f m))))))
            (values (map-remove m (car entry)) (car entry) (cdr entry)))))

    (define (g-search who kind m k failure success)
      "Return what (SUCCESS KEY VALUE UPDATE REMOVE) returns if map M
of kind KIND has the key K, else what (FAILURE INSERT IGNORE) returns,
as SRFI 146's mapping-search: (UPDATE NEW-KEY NEW-VALUE OBJ), (REMOVE
OBJ), (INSERT VALUE OBJ) and (IGNORE OBJ) return the new map and OBJ
as two values."
      (map-check who kind 1 m)
      (let ((entry (map-lookup m k)))
        (if entry
            (success (car entry) (cdr entry)
                     (lambda (new-key new-value obj)
                       (values (map-insert who (map-remove m k) new-key new-value #t) obj))
                     (lambda (obj) (values (map-remove m k) obj)))
            (failure (lambda (value obj) (values (map-insert who m k value #f) obj))
                     (lambda (obj) (values m obj))))))

    (define (g-size who kind m)
      "Return the number of associations of map M of kind KIND."
      (map-check who kind 1 m) (%map-size m))

    (define (g-find who kind pred m failure)
      "Return the key and value, as two values, of the first
association of map M of kind KIND (in key order for a mapping) for
which (PRED KEY VALUE) is true, or the values of (FAILURE) if none is."
      (check-procedure who 1 pred)
      (map-check who kind 2 m)
      (let ((found (call/ec (lambda (k)
                              (map-fold (lambda (key v acc) (if (pred key v) (k (cons key v)) acc))
                                        #f m)))))
        (if found (values (car found) (cdr found)) (failure))))

    (define (g-count who kind pred m)
      "Return the number of associations of map M of kind KIND for
which (PRED KEY VALUE) is true."
      (check-procedure who 1 pred)
      (map-check who kind 2 m)
      (map-fold (lambda (k v n) (if (pred k v) (+ n 1) n)) 0 m))

    (define (g-any? who kind pred m)
      "Return #t if (PRED KEY VALUE) is true for an association of map
M of kind KIND, else #f."
      (check-procedure who 1 pred)
      (map-check who kind 2 m)
      (call/ec (lambda (k) (map-fold (lambda (key v acc) (if (pred key v) (k #t) acc)) #f m))))

    (define (g-every? who kind pred m)
      "Return #t if (PRED KEY VALUE) is true for every association of
map M of kind KIND, else #f."
      (check-procedure who 1 pred)
      (map-check who kind 2 m)
      (call/ec (lambda (k) (map-fold (lambda (key v acc) (if (pred key v) acc (k #f))) #t m))))

    (define (g-keys who kind m)
      "Return a list of the keys of map M of kind KIND, in increasing
order for a mapping."
      (map-check who kind 1 m)
      (reverse (map-fold (lambda (k v acc) (cons k acc)) '() m)))

    (define (g-values who kind m)
      "Return a list of the values of map M of kind KIND, in the order
of its keys for a mapping."
      (map-check who kind 1 m)
      (reverse (map-fold (lambda (k v acc) (cons v acc)) '() m)))

    (define (g-entries who kind m)
      "Return two values, the lists g-keys and g-values give for map M
of kind KIND."
      (values (g-keys who kind m) (g-values who kind m)))

    (define (g-map who kind proc comparator m)
      "Return a map of kind KIND with comparator COMPARATOR of the two
values of (PROC KEY VALUE), a key and its value, for each association
of map M."
      (check-procedure who 1 proc)
      (map-check who kind 3 m)
      (map-fold (lambda (k v acc)
                  (call-with-values (lambda () (proc k v))
                    (lambda (k2 v2) (map-insert who acc k2 v2 #t))))
                (make-empty-map who kind comparator) m))

    (define (g-map->list who kind proc m)
      "Return a list of the results of (PROC KEY VALUE) on the
associations of map M of kind KIND, in key order for a mapping."
      (check-procedure who 1 proc)
      (map-check who kind 2 m)
      (reverse (map-fold (lambda (k v acc) (cons (proc k v) acc)) '() m)))

    (define (g-for-each who kind proc m)
      "Call (PROC KEY VALUE) on each association of map M of kind
KIND, in key order for a mapping; return an unspecified value."
      (check-procedure who 1 proc)
      (map-check who kind 2 m)
      (map-fold (lambda (k v acc) (proc k v) acc) #f m)
      (if #f #f))

    (define (g-fold who kind kons knil m)
      "Return the result of calling (KONS KEY VALUE ACC) on each
association of map M of kind KIND, in key order for a mapping, ACC
first KNIL and then the result of the call before."
      (check-procedure who 1 kons)
      (map-check who kind 3 m)
      (map-fold kons knil m))

    (define (g-filter who kind pred m keep?)
      "Return the map of the associations of map M of kind KIND for
which (PRED KEY VALUE) is true if KEEP? is #t, false if KEEP? is #f."
      (check-procedure who 1 pred)
      (map-check who kind 2 m)
      (map-filter (lambda (k v) (eq? keep? (and (pred k v) #t))) m))

    (define (g-partition who kind pred m)
      "Return two values: the maps of the associations of map M of
kind KIND for which (PRED KEY VALUE) is true, and of those for which
it is false."
      (values (g-filter who kind pred m #t) (g-filter who kind pred m #f)))

    (define (g->alist who kind m)
      "Return a list of the associations (KEY . VALUE) of map M of
kind KIND, in key order for a mapping."
      (map-check who kind 1 m)
      (reverse (map-fold (lambda (k v acc) (cons (cons k v) acc)) '() m)))

    (define (alist-into who m alist)
      (let loop ((m m) (l alist))
        (cond ((null? l) m)
              ((not (pair? (car l))) (map-fail who "an entry of the alist is not a pair" (car l)))
              (else (loop (map-insert who m (caar l) (cdar l) #f) (cdr l))))))

    (define (g-alist-> who kind comparator alist)
      "Return a new map of kind KIND with comparator COMPARATOR of the
associations of ALIST; of a key given twice, the first value is kept.
An error if an element of ALIST is not a pair."
      (alist-into who (make-empty-map who kind comparator) alist))

    (define (g-alist->! who kind m alist)
      "Return map M of kind KIND with the associations of ALIST whose
keys it lacks; of a key given twice, the first value is kept.  An
error if an element of ALIST is not a pair."
      (map-check who kind 1 m)
      (alist-into who m alist))

    ;; A submap of B: every key of A in B, with an equal value.
    (define (submap? vc a b)
      (and (<= (%map-size a) (%map-size b))
           (map-fold (lambda (k v acc)
                       (and acc (let ((e (map-lookup b k))) (and e (=? vc v (cdr e))))))
                     #t a)))

    (define (g-compare who kind relation vc m others)
      "Return #t if RELATION, one of rel= rel< rel> rel<= rel>=,
holds, by value comparator VC, between map M and the first of the maps
OTHERS and between each of those and the next, else #f; maps of
different key comparators are not related.  An error if VC is not a
comparator or a map is not of kind KIND."
      (if (not (comparator? vc))
          (map-fail who "wrong type argument in position 1 (expected comparator)" vc))
      (map-check who kind 2 m)
      (let check ((l others) (pos 3))
        (if (pair? l) (begin (map-check who kind pos (car l)) (check (cdr l) (+ pos 1)))))
      ;; Maps of different key comparators are not related.
      (let loop ((a m) (l others))
        (or (null? l)
            (and (eq? (%map-comparator a) (%map-comparator (car l)))
                 (relation vc a (car l))
                 (loop (car l) (cdr l))))))

    (define (rel= vc a b)
      "Return #t if maps A and B have the same keys, with values equal
by comparator VC, else #f."
      (and (= (%map-size a) (%map-size b)) (submap? vc a b)))
    (define (rel<= vc a b)
      "Return #t if map A is a submap of map B (each key of A in B
with a value equal by comparator VC), else #f."
      (submap? vc a b))
    (define (rel>= vc a b)
      "Return #t if map B is a submap of map A (each key of B in A
with a value equal by comparator VC), else #f."
      (submap? vc b a))
    (define (rel< vc a b)
      "Return #t if map A is a proper submap of map B (each key of A
in B with a value equal by comparator VC, and B larger), else #f."
      (and (< (%map-size a) (%map-size b)) (submap? vc a b)))
    (define (rel> vc a b)
      "Return #t if map B is a proper submap of map A (each key of B
in A with a value equal by comparator VC, and A larger), else #f."
      (and (> (%map-size a) (%map-size b)) (submap? vc b a)))

    (define (g-theory who kind op m others)
      "Return (OP M OTHERS), OP a procedure of a map and a list of
maps such as map-union, after checking that map M and the maps OTHERS
are of kind KIND with the same comparator."
      (map-check who kind 1 m)
      (map-check-same who kind m others 2)
      (op m others))

    ;; A comparator of maps whose values VC compares: equality, a hash,
    ;; and for mappings an ordering (lexicographic over the ordered
    ;; associations, keys first).
    (define (g-make-comparator who kind vc)
      "Return a comparator of the maps of kind KIND whose values
comparator VC compares: equal by rel=, hashed from keys and values,
and for mappings, if VC is ordered, ordered lexicographically by their
associations, keys first.  An error if VC is not a comparator."
      (if (not (comparator? vc))
          (map-fail who "wrong type argument in position 1 (expected comparator)" vc))
      (let ((same (lambda (a b) (rel= vc a b)))
            (less (lambda (a b)
                    (let loop ((x (g->alist who kind a)) (y (g->alist who kind b)))
                      (cond ((null? y) #f)
                            ((null? x) #t)
                            ((<? (%map-comparator a) (caar x) (caar y)) #t)
                            ((<? (%map-comparator a) (caar y) (caar x)) #f)
                            ((<? vc (cdar x) (cdar y)) #t)
                            ((<? vc (cdar y) (cdar x)) #f)
                            (else (loop (cdr x) (cdr y)))))))
            (hash (lambda (m)
                    (map-fold (lambda (k v acc)
                                (modulo (+ acc (* 31 (comparator-hash (%map-comparator m) k))
                                           (if (comparator-hashable? vc) (comparator-hash vc v) 0))
                                        4294967291))
                              0 m))))
        (make-comparator (lambda (x) (and (%map? x) (eq? (%map-kind x) kind)))
                         same
                         (and (eq? kind 'mapping) (comparator-ordered? vc) less)
                         hash)))

    (define (every-map? ok? l) (or (null? l) (and (ok? (car l)) (every-map? ok? (cdr l)))))
    (define (any-map? ok? l) (and (pair? l) (or (ok? (car l)) (any-map? ok? (cdr l)))))

    (define (fold-left f acc l)
      (if (null? l) acc (fold-left f (f acc (car l)) (cdr l))))))
