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
  (import (libscm) (libscm hash-tables)
          (except (srfi 128) string-hash string-ci-hash))
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
      (make-table 'make-hash-table spec args))

    (define (hash-table comparator . kvs)
      (let ((t (make-table 'hash-table comparator '())))
        (let loop ((kvs kvs))
          (cond ((null? kvs) (%hash-table-copy t #f))
                ((null? (cdr kvs))
                 (error "hash-table: a key without a value" (car kvs)))
                (else (%table-set! t (car kvs) (cadr kvs) 'hash-table)
                      (loop (cddr kvs)))))))

    (define (hash-table-unfold stop? mapper successor seed comparator . args)
      (let ((t (make-table 'hash-table-unfold comparator args)))
        (let loop ((seed seed))
          (if (stop? seed)
              t
              (call-with-values (lambda () (mapper seed))
                (lambda (k v)
                  (%table-set! t k v 'hash-table-unfold)
                  (loop (successor seed))))))))

    (define (alist->hash-table alist spec . args)
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

    (define (hash-table-contains? table key)
      (not (eq? (%table-ref table key %absent 'hash-table-contains?) %absent)))

    (define hash-table-exists? hash-table-contains?)

    (define (hash-table-empty? table)
      (%hash-table-check! table 'hash-table-empty? #f)
      (= 0 (%hash-table-size table)))

    (define (hash-table-mutable? table)
      (%hash-table-check! table 'hash-table-mutable? #f)
      (%hash-table-info table 2))

    (define (hash-table=? value-cmp t1 t2)
      (%hash-table-check! t1 '(hash-table=? . 2) #f)
      (%hash-table-check! t2 '(hash-table=? . 3) #f)
      (and (= (%hash-table-size t1) (%hash-table-size t2))
           (let loop ((es (%hash-table-entries t1 'hash-table=?)))
             (or (null? es)
                 (let ((v (%table-ref t2 (car (car es)) %absent 'hash-table=?)))
                   (and (not (eq? v %absent))
                        (=? value-cmp (cdr (car es)) v)
                        (loop (cdr es))))))))

    (define (hash-table-ref table key . opt)
      (let ((v (%table-ref table key %absent 'hash-table-ref)))
        (cond ((not (eq? v %absent))
               (if (and (pair? opt) (pair? (cdr opt))) ((cadr opt) v) v))
              ((and (pair? opt) (car opt)) ((car opt)))
              (else (error "hash-table-ref: no value for key" key)))))

    (define (hash-table-ref/default table key default)
      (%table-ref table key default 'hash-table-ref/default))

    ;; ---------------------------------------------------------------
    ;; Mutators.

    (define (hash-table-set! table . kvs)
      (%hash-table-check! table 'hash-table-set! #t)
      (let loop ((kvs kvs))
        (cond ((null? kvs) (if #f #f))
              ((null? (cdr kvs))
               (error "hash-table-set!: a key without a value" (car kvs)))
              (else (%table-set! table (car kvs) (cadr kvs) 'hash-table-set!)
                    (loop (cddr kvs))))))

    (define (hash-table-delete! table . keys)
      (%hash-table-check! table 'hash-table-delete! #t)
      (let loop ((keys keys) (n 0))
        (if (null? keys)
            n
            (loop (cdr keys)
                  (if (%table-delete! table (car keys) 'hash-table-delete!)
                      (+ n 1)
                      n)))))

    (define (hash-table-intern! table key failure)
      (%hash-table-check! table 'hash-table-intern! #t)
      (let ((v (%table-ref table key %absent 'hash-table-intern!)))
        (if (eq? v %absent)
            (let ((new (failure)))
              (%table-set! table key new 'hash-table-intern!)
              new)
            v)))

    ;; Atomic (%table-update!): threads that update one table at once
    ;; lose no update; UPDATER may be called again if another thread
    ;; changed the value meanwhile.
    (define (hash-table-update! table key updater . opt)
      (let ((failure (and (pair? opt) (car opt)))
            (success (if (and (pair? opt) (pair? (cdr opt)))
                         (cadr opt)
                         (lambda (v) v))))
        (%table-update! table key
                        (lambda (v) (updater (success v)))
                        (lambda ()
                          (updater
                           (if failure
                               (failure)
                               (error "hash-table-update!: no value for key"
                                      key))))
                        'hash-table-update!)))

    (define (hash-table-update!/default table key updater default)
      (%table-update! table key updater (lambda () (updater default))
                      'hash-table-update!/default))

    (define (hash-table-pop! table)
      (%hash-table-check! table 'hash-table-pop! #t)
      (let ((es (%hash-table-entries table 'hash-table-pop!)))
        (if (null? es) (error "hash-table-pop!: empty hash table" table))
        (%table-delete! table (car (car es)) 'hash-table-pop!)
        (values (car (car es)) (cdr (car es)))))

    (define (hash-table-clear! table)
      (%hash-table-check! table 'hash-table-clear! #t)
      (hash-clear! table))

    ;; ---------------------------------------------------------------
    ;; The whole table.

    (define (hash-table-size table)
      (%hash-table-check! table 'hash-table-size #f)
      (%hash-table-size table))

    (define (hash-table-keys table)
      (map car (%hash-table-entries table 'hash-table-keys)))

    (define (hash-table-values table)
      (map cdr (%hash-table-entries table 'hash-table-values)))

    (define (hash-table-entries table)
      (let ((es (%hash-table-entries table 'hash-table-entries)))
        (values (map car es) (map cdr es))))

    ;; (PROC TABLE) or the older (TABLE PROC): the table and the
    ;; procedure, in that order.
    (define (table-and-proc who a b)
      (if (hash-table? a) (values a b) (values b a)))

    (define (hash-table-find a b failure)
      (call-with-values (lambda () (table-and-proc 'hash-table-find a b))
        (lambda (table proc)
          (let loop ((es (%hash-table-entries table 'hash-table-find)))
            (if (null? es)
                (failure)
                (or (proc (car (car es)) (cdr (car es)))
                    (loop (cdr es))))))))

    (define (hash-table-count a b)
      (call-with-values (lambda () (table-and-proc 'hash-table-count a b))
        (lambda (table pred)
          (%table-fold table (lambda (k v n) (if (pred k v) (+ n 1) n)) 0
                       'hash-table-count))))

    ;; ---------------------------------------------------------------
    ;; Mapping and folding.

    (define (hash-table-map proc comparator table)
      (let ((new (make-table 'hash-table-map comparator '())))
        (%table-for-each table
                         (lambda (k v) (%table-set! new k (proc v) 'hash-table-map))
                         '(hash-table-map . 3))
        new))

    (define (hash-table-for-each proc table)
      (if (hash-table? proc)          ; the deprecated order
          (%table-for-each proc table 'hash-table-for-each)
          (%table-for-each table proc '(hash-table-for-each . 2)))
      (if #f #f))

    (define (hash-table-walk table proc)
      (%table-for-each table proc 'hash-table-walk)
      (if #f #f))

    (define (hash-table-map! proc table)
      (%hash-table-check! table '(hash-table-map! . 2) #t)
      (%table-for-each table
                       (lambda (k v) (%table-set! table k (proc k v) 'hash-table-map!))
                       '(hash-table-map! . 2))
      (if #f #f))

    (define (hash-table-map->list proc table)
      (%hash-table-check! table '(hash-table-map->list . 2) #f)
      (map (lambda (e) (proc (car e) (cdr e)))
           (%hash-table-entries table 'hash-table-map->list)))

    ;; (hash-table-fold proc seed table), or SRFI 69's (table proc seed).
    (define (hash-table-fold a b c)
      (if (hash-table? a)
          (%table-fold a b c 'hash-table-fold)
          (begin
            (%hash-table-check! c '(hash-table-fold . 3) #f)
            (%table-fold c a b 'hash-table-fold))))

    (define (hash-table-prune! proc table)
      (%hash-table-check! table '(hash-table-prune! . 2) #t)
      (%table-for-each table
                       (lambda (k v)
                         (if (proc k v) (%table-delete! table k 'hash-table-prune!)))
                       '(hash-table-prune! . 2))
      (if #f #f))

    ;; ---------------------------------------------------------------
    ;; Copying and conversion.

    (define (hash-table-copy table . mutable)
      (%hash-table-copy table (and (pair? mutable) (car mutable))))

    (define (hash-table-empty-copy table)
      (%hash-table-check! table 'hash-table-empty-copy #f)
      (%make-hash-table (%hash-table-info table 0) (%hash-table-info table 1) 0
                        (%table-equivalence table) (%table-hash-function table)))

    (define (hash-table->alist table)
      (%table->alist table 'hash-table->alist))

    ;; ---------------------------------------------------------------
    ;; Tables as sets.  TABLE1's values win.

    (define (hash-table-union! t1 t2)
      (%hash-table-check! t1 'hash-table-union! #t)
      (%table-for-each t2
                       (lambda (k v)
                         (if (eq? (%table-ref t1 k %absent 'hash-table-union!) %absent)
                             (%table-set! t1 k v 'hash-table-union!)))
                       '(hash-table-union! . 2))
      t1)

    (define hash-table-merge! hash-table-union!)

    (define (hash-table-intersection! t1 t2)
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
      (%hash-table-check! t1 'hash-table-xor! #t)
      (%table-for-each t2
                       (lambda (k v)
                         (if (eq? (%table-ref t1 k %absent 'hash-table-xor!) %absent)
                             (%table-set! t1 k v 'hash-table-xor!)
                             (%table-delete! t1 k 'hash-table-xor!)))
                       '(hash-table-xor! . 2))
      t1)

    ;; ---------------------------------------------------------------
    ;; Deprecated hash functions and reflection (SRFI 69's).  The
    ;; optional second argument is ignored.

    (define (hash obj . _) (default-hash obj))
    (define (string-hash s . _) (%string-hash s))
    (define (string-ci-hash s . _) (%string-ci-hash s))
    (define (hash-by-identity obj . _) (hashq obj))
    (define %string-hash (comparator-hash-function string-comparator))
    (define %string-ci-hash (comparator-hash-function string-ci-comparator))

    (define (hash-table-equivalence-function table)
      (%hash-table-check! table 'hash-table-equivalence-function #f)
      (%table-equivalence table))

    (define (hash-table-hash-function table)
      (%hash-table-check! table 'hash-table-hash-function #f)
      (%table-hash-function table))))
