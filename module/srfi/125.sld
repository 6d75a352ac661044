;;; 125.sld -- SRFI 125, intermediate hash tables, on libscm's tables
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The tables are libscm's (hashtables.c), the same objects as Guile's
;;; and SRFI 69's.  A table is made from a SRFI 128 comparator or, as
;;; the deprecated SRFI 69 form, an equality and an optional hash
;;; function.  eq?, eqv? and equal? tables run in C and use libscm's hash
;;; functions whatever the comparator's (SRFI 125 allows that); other
;;; equalities call the hash function from Scheme with one argument.
;;; Extra arguments: an exact nonnegative integer is the initial size,
;;; weak-keys or ephemeral-keys make a weak-key table (eq?, eqv? and
;;; equal? only; weak values are not supported).  hash-table and
;;; hash-table-copy without a true second argument return immutable
;;; tables.  The procedures whose argument order changed between drafts
;;; and SRFI 69 (hash-table-fold, hash-table-find, hash-table-count)
;;; accept either order.

;;; Code:

(define-library (srfi 125)
  (export make-hash-table hash-table hash-table-unfold alist->hash-table
          hash-table? hash-table-contains? hash-table-exists?
          hash-table-empty? hash-table=? hash-table-mutable?
          hash-table-ref hash-table-ref/default
          hash-table-set! hash-table-delete! hash-table-intern!
          hash-table-update! hash-table-update!/default hash-table-pop!
          hash-table-clear!
          hash-table-size hash-table-keys hash-table-values
          hash-table-entries hash-table-find hash-table-count
          hash-table-map hash-table-for-each hash-table-walk
          hash-table-map! hash-table-map->list hash-table-fold
          hash-table-prune!
          hash-table-copy hash-table-empty-copy hash-table->alist
          hash-table-union! hash-table-merge! hash-table-intersection!
          hash-table-difference! hash-table-xor!
          hash string-hash string-ci-hash hash-by-identity
          hash-table-equivalence-function hash-table-hash-function)
  (import (libscm) (libscm hash-tables) (libscm comparators))
  (begin
    ;; A new table from a comparator, or an equality and hash function,
    ;; and the further ARGS.
    (define (make-table who spec args)
      (if (comparator? spec)
          (%make-table-for (comparator-equality-predicate spec)
                           (and (comparator-hashable? spec)
                                (comparator-hash-function spec))
                           args #f who)
          (let ((hash-fn (and (pair? args) (procedure? (car args)) (car args))))
            (%make-table-for spec hash-fn (if hash-fn (cdr args) args) #f who))))

    (define (make-hash-table spec . args)
      "Return a new mutable hash table whose keys are compared and
hashed by SPEC: a comparator, or (deprecated, SRFI 69) an equality
predicate optionally followed by a hash function in ARGS.  Further
ARGS: an exact non-negative integer is the initial size; weak-keys or
ephemeral-keys make the keys weak (eq?, eqv? and equal? only).  An
error if no hash function is known for the equality."
      (make-table 'make-hash-table spec args))

    (define (hash-table comparator . kvs)
      "Return a new immutable hash table by COMPARATOR holding the
keys and values of KVS, a list KEY1 VALUE1 KEY2 VALUE2 ....  An error
if a key has no value after it or is given twice."
      (let ((t (make-table 'hash-table comparator '())))
        (let loop ((kvs kvs))
          (cond ((null? kvs) (%hash-table-copy t #f))
                ((null? (cdr kvs))
                 (error "hash-table: a key without a value" (car kvs)))
                ;; SRFI 125: two keys the same by the equality are an
                ;; error, which a silent choice of one would hide.
                ((not (eq? (%table-ref t (car kvs) %absent 'hash-table)
                           %absent))
                 (error "hash-table: a key given twice" (car kvs)))
                (else (%table-set! t (car kvs) (cadr kvs) 'hash-table)
                      (loop (cddr kvs)))))))

    (define (hash-table-unfold stop? mapper successor seed comparator . args)
      "Return a new mutable hash table by COMPARATOR (and the ARGS of
make-hash-table) holding the two values of (MAPPER SEED) as a key and
its value, for SEED and each successive (SUCCESSOR SEED), until (STOP?
SEED) is true."
      (let ((t (make-table 'hash-table-unfold comparator args)))
        (let loop ((seed seed))
          (if (stop? seed)
              t
              (call-with-values (lambda () (mapper seed))
                (lambda (k v)
                  (%table-set! t k v 'hash-table-unfold)
                  (loop (successor seed))))))))

    (define (alist->hash-table alist spec . args)
      "Return a new mutable hash table by SPEC (and the ARGS, as
make-hash-table takes them) holding the entries of the association
list ALIST; of entries with the same key, the first wins.  An error if
ALIST is not an association list."
      (let ((t (make-table 'alist->hash-table spec args)))
        (let loop ((l alist))
          (cond ((null? l) t)
                ((and (pair? l) (pair? (car l)))
                 (if (eq? (%table-ref t (car (car l)) %absent
                                      'alist->hash-table)
                          %absent)
                     (%table-set! t (car (car l)) (cdr (car l))
                                  'alist->hash-table))
                 (loop (cdr l)))
                (else (%hash-error 'alist->hash-table 1 alist
                                   "association list"))))))

    ;; ---------------------------------------------------------------
    ;; Predicates and accessors.

    (define (hash-table-empty? table)
      "Return #t if hash table TABLE has no entries, else #f."
      (%hash-table-check! table 'hash-table-empty? #f)
      (= 0 (%hash-table-size table)))

    (define (hash-table-mutable? table)
      "Return #t if hash table TABLE is mutable, else #f."
      (%hash-table-check! table 'hash-table-mutable? #f)
      (%hash-table-info table 2))

    (define (hash-table=? value-cmp t1 t2)
      "Return #t if hash tables T1 and T2 have the same keys, by their
equality, and the values of each key are equal by comparator
VALUE-CMP; else #f."
      (%hash-table-check! t1 '(hash-table=? . 2) #f)
      (%hash-table-check! t2 '(hash-table=? . 3) #f)
      (and (= (%hash-table-size t1) (%hash-table-size t2))
           (let loop ((es (%hash-table-entries t1 'hash-table=?)))
             (or (null? es)
                 (let ((v (%table-ref t2 (car (car es)) %absent 'hash-table=?)))
                   (and (not (eq? v %absent))
                        (=? value-cmp (cdr (car es)) v)
                        (loop (cdr es))))))))

    ;; ---------------------------------------------------------------
    ;; Mutators.

    (define (hash-table-intern! table key failure)
      "Return the value of KEY in hash table TABLE; if it has none,
call (FAILURE), set KEY's value to its result and return that."
      (%hash-table-check! table 'hash-table-intern! #t)
      (let ((v (%table-ref table key %absent 'hash-table-intern!)))
        (if (eq? v %absent)
            (let ((new (failure)))
              (%table-set! table key new 'hash-table-intern!)
              new)
            v)))

    (define (hash-table-pop! table)
      "Remove an entry, any one, from hash table TABLE and return its
key and value as two values.  An error if TABLE is empty or immutable."
      (%hash-table-check! table 'hash-table-pop! #t)
      (let ((es (%hash-table-entries table 'hash-table-pop!)))
        (if (null? es) (error "hash-table-pop!: empty hash table" table))
        (%table-delete! table (car (car es)) 'hash-table-pop!)
        (values (car (car es)) (cdr (car es)))))

    (define (hash-table-clear! table)
      "Remove every entry of hash table TABLE.  An error if TABLE is
immutable."
      (%hash-table-check! table 'hash-table-clear! #t)
      (hash-clear! table))

    ;; ---------------------------------------------------------------
    ;; The whole table.

    (define (hash-table-entries table)
      "Return two values: a list of the keys of hash table TABLE and a
list of their values, in the same order."
      (let ((es (%hash-table-entries table 'hash-table-entries)))
        (values (map car es) (map cdr es))))

    ;; (PROC TABLE) or the older (TABLE PROC): the table and the
    ;; procedure, in that order.
    (define (table-and-proc who a b)
      (if (hash-table? a) (values a b) (values b a)))

    (define (hash-table-find a b failure)
      "Return the first true result of (PROC KEY VALUE) on the entries
of the hash table, in no particular order, or (FAILURE) if there is
none.  Takes (hash-table-find PROC TABLE FAILURE) or the older order
TABLE PROC, told apart by which is a hash table."
      (call-with-values (lambda () (table-and-proc 'hash-table-find a b))
        (lambda (table proc)
          (let loop ((es (%hash-table-entries table 'hash-table-find)))
            (if (null? es)
                (failure)
                (or (proc (car (car es)) (cdr (car es)))
                    (loop (cdr es))))))))

    (define (hash-table-count a b)
      "Return the number of entries of the hash table for which (PRED
KEY VALUE) is true.  Takes (hash-table-count PRED TABLE) or the older
order TABLE PRED, told apart by which is a hash table."
      (call-with-values (lambda () (table-and-proc 'hash-table-count a b))
        (lambda (table pred)
          (%table-fold table (lambda (k v n) (if (pred k v) (+ n 1) n)) 0
                       'hash-table-count))))

    ;; ---------------------------------------------------------------
    ;; Mapping and folding.

    (define (hash-table-map proc comparator table)
      "Return a new hash table by COMPARATOR with the keys of hash
table TABLE, each with (PROC V), V its value in TABLE."
      (let ((new (make-table 'hash-table-map comparator '())))
        (%table-for-each table
                         (lambda (k v) (%table-set! new k (proc v) 'hash-table-map))
                         '(hash-table-map . 3))
        new))

    (define (hash-table-for-each proc table)
      "Call (PROC KEY VALUE) on each entry of hash table TABLE; the
deprecated order (hash-table-for-each TABLE PROC) is taken too.
Return an unspecified value."
      (if (hash-table? proc)          ; the deprecated order
          (%table-for-each proc table 'hash-table-for-each)
          (%table-for-each table proc '(hash-table-for-each . 2)))
      (if #f #f))

    (define (hash-table-map! proc table)
      "Set the value of each key of hash table TABLE to (PROC KEY
VALUE).  An error if TABLE is immutable."
      (%hash-table-check! table '(hash-table-map! . 2) #t)
      (%table-for-each table
                       (lambda (k v) (%table-set! table k (proc k v) 'hash-table-map!))
                       '(hash-table-map! . 2))
      (if #f #f))

    (define (hash-table-map->list proc table)
      "Return a list of the results of (PROC KEY VALUE) on the entries
of hash table TABLE, in no particular order."
      (%hash-table-check! table '(hash-table-map->list . 2) #f)
      (map (lambda (e) (proc (car e) (cdr e)))
           (%hash-table-entries table 'hash-table-map->list)))

    (define (hash-table-prune! proc table)
      "Remove from hash table TABLE each entry for which (PROC KEY
VALUE) is true.  An error if TABLE is immutable."
      (%hash-table-check! table '(hash-table-prune! . 2) #t)
      (%table-for-each table
                       (lambda (k v)
                         (if (proc k v) (%table-delete! table k 'hash-table-prune!)))
                       '(hash-table-prune! . 2))
      (if #f #f))

    ;; ---------------------------------------------------------------
    ;; Copying and conversion.

    (define (hash-table-copy table . mutable)
      "Return a new hash table with the entries of hash table TABLE
and its equality and hash function, mutable if the optional MUTABLE is
true, else immutable."
      (%hash-table-copy table (and (pair? mutable) (car mutable))))

    (define (hash-table-empty-copy table)
      "Return a new, empty, mutable hash table with the equality, hash
function and weakness of hash table TABLE."
      (%hash-table-check! table 'hash-table-empty-copy #f)
      (%make-hash-table (%hash-table-info table 0) (%hash-table-info table 1) 0
                        (%table-equivalence table) (%table-hash-function table)))

    ;; ---------------------------------------------------------------
    ;; Tables as sets.  TABLE1's values win.

    (define (hash-table-union! t1 t2)
      "Add to hash table T1 the entries of hash table T2 whose keys it
lacks (the values of T1 win) and return T1; hash-table-merge! is the
same procedure.  An error if T1 is immutable."
      (%hash-table-check! t1 'hash-table-union! #t)
      (%table-for-each t2
                       (lambda (k v)
                         (if (eq? (%table-ref t1 k %absent 'hash-table-union!) %absent)
                             (%table-set! t1 k v 'hash-table-union!)))
                       '(hash-table-union! . 2))
      t1)

    (define hash-table-merge! hash-table-union!)

    (define (hash-table-intersection! t1 t2)
      "Remove from hash table T1 the entries whose keys hash table T2
lacks and return T1.  An error if T1 is immutable."
      (%hash-table-check! t1 'hash-table-intersection! #t)
      (%hash-table-check! t2 '(hash-table-intersection! . 2) #f)
      (%table-for-each t1
                       (lambda (k v)
                         (if (eq? (%table-ref t2 k %absent 'hash-table-intersection!)
                                  %absent)
                             (%table-delete! t1 k 'hash-table-intersection!)))
                       'hash-table-intersection!)
      t1)

    (define (hash-table-difference! t1 t2)
      "Remove from hash table T1 the entries whose keys hash table T2
has and return T1.  An error if T1 is immutable."
      (%hash-table-check! t1 'hash-table-difference! #t)
      (%hash-table-check! t2 '(hash-table-difference! . 2) #f)
      (%table-for-each t1
                       (lambda (k v)
                         (if (not (eq? (%table-ref t2 k %absent 'hash-table-difference!)
                                       %absent))
                             (%table-delete! t1 k 'hash-table-difference!)))
                       'hash-table-difference!)
      t1)

    (define (hash-table-xor! t1 t2)
      "Make hash table T1 hold the entries of either T1 or hash table
T2 whose keys the other lacks, and return T1.  An error if T1 is
immutable."
      (%hash-table-check! t1 'hash-table-xor! #t)
      (%table-for-each t2
                       (lambda (k v)
                         (if (eq? (%table-ref t1 k %absent 'hash-table-xor!) %absent)
                             (%table-set! t1 k v 'hash-table-xor!)
                             (%table-delete! t1 k 'hash-table-xor!)))
                       '(hash-table-xor! . 2))
      t1)

    ;; ---------------------------------------------------------------
    ;; The deprecated hash, SRFI 128's default-hash (so = numbers hash
    ;; alike, as the default comparator needs); its optional second
    ;; argument is ignored.  string-hash, string-ci-hash and
    ;; hash-by-identity are the ones SRFI 69 and (libscm) export.

    (define (hash obj . _)
      "Return the hash value of OBJ by SRFI 128's default-hash
(numbers that are = hash alike); a second argument is ignored.
Deprecated."
      (default-hash obj))))
