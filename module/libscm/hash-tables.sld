;;; (libscm hash-tables) -- what SRFI 69 and SRFI 125 share: tables
;;; with an equality of their own, on the C hash tables
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm, imported by (srfi 69) and (srfi 125) so that a
;;; table one makes works with the other's procedures, and loaded only
;;; by a program that imports one of them.

(define-library (libscm hash-tables)
  (import (libscm))
  (export %absent %custom-table? %custom-handle %table-ref %table-set! %table-delete! %table-update! %make-table-for %hash-for-equivalence %table-equivalence %table-hash-function %table->alist %table-fold %table-for-each
          ;; The procedures SRFI 69 and SRFI 125 share: one binding each,
          ;; so that a program may import both SRFIs.
          hash-table-contains? hash-table-exists?
          hash-table-ref hash-table-ref/default hash-table-set!
          hash-table-delete! hash-table-update! hash-table-update!/default
          hash-table-size hash-table-keys hash-table-values
          hash-table-walk hash-table-fold hash-table->alist
          hash-table-equivalence-function hash-table-hash-function
          hash-by-identity)
  (begin
    ;;; The tables of SRFI 69 and 125 with an equality of their own (kind
    ;;; custom): the hash function is called here, with one argument, and
    ;;; the handles of that hash are compared here with the equality.  A
    ;;; table of kind eq, eqv or equal goes straight to the C primitives.
    ;;; WHO names the SRFI procedure in errors.

    (define %absent (list 'absent))

    (define (%custom-table? table)
      "Return #t if TABLE is a table of kind custom, one with an
equality other than eq?, eqv? and equal?, whose hashing and comparing
are done in Scheme; else #f.  Internal to SRFI 69 and SRFI 125."
      (eq? (%hash-table-info table 0) 'custom))

    ;; The hash of KEY in TABLE and the handle of KEY, or #f.
    (define (%custom-handle table key who)
      "Return two values: the hash of KEY in custom TABLE and KEY's
entry (a pair), or #f if it has none.  WHO names the caller in errors.
Internal to SRFI 69 and SRFI 125."
      (let ((h ((%hash-table-info table 4) key))
            (same? (%hash-table-info table 3)))
        (let loop ((es (%hash-table-bucket table h who)))
          (cond ((null? es) (values h #f))
                ((same? (car (car es)) key) (values h (car es)))
                (else (loop (cdr es)))))))

    ;; The value of KEY in TABLE, or DFLT.
    (define (%table-ref table key dflt who)
      "Return the value of KEY in TABLE, of any kind, or DFLT if it
has none.  WHO names the caller in errors.  Internal to SRFI 69 and
SRFI 125."
      (%hash-table-check! table who #f)
      (if (%custom-table? table)
          (call-with-values (lambda () (%custom-handle table key who))
            (lambda (h handle) (if handle (cdr handle) dflt)))
          (%hash-table-ref table key dflt who)))

    (define (%table-set! table key value who)
      "Set the value of KEY in mutable TABLE, of any kind, to VALUE.
WHO names the caller in errors.  Internal to SRFI 69 and SRFI 125."
      (%hash-table-check! table who #t)
      (if (%custom-table? table)
          (call-with-values (lambda () (%custom-handle table key who))
            (lambda (h handle)
              (if handle
                  (set-cdr! handle value)
                  (%hash-table-insert! table h key value who))
              (if #f #f)))
          (%hash-table-set! table key value who)))

    ;; Set KEY in TABLE to (PRESENT value) if it has a value, else to
    ;; (ABSENT), atomically: the result is stored only if the value (or
    ;; its absence) is still the one PRESENT or ABSENT was given, or the
    ;; whole is done again, so that updates made by several threads at
    ;; once are never lost (PRESENT or ABSENT may then run more than
    ;; once).  No lock is held while they run.
    (define (%table-update! table key present absent who)
      "Set KEY in mutable TABLE to (PRESENT OLD) if it has a value
OLD, else to (ABSENT), atomically: if another thread changed the entry
meanwhile, it is done again, so PRESENT or ABSENT may be called more
than once.  WHO names the caller in errors.  Internal to SRFI 69 and
SRFI 125."
      (%hash-table-check! table who #t)
      (if (%custom-table? table)
          (let retry ()
            (let ((version (%hash-table-version table)))
              (call-with-values (lambda () (%custom-handle table key who))
                (lambda (h handle)
                  (if (not (if handle
                               (let ((old (cdr handle)))
                                 (%hash-table-handle-cas! table handle old
                                                          (present old)))
                               (%hash-table-insert-if! table h key (absent)
                                                       version who)))
                      (retry))))))
          (let retry ()
            (let* ((old (%hash-table-ref table key %absent who))
                   (new (if (eq? old %absent) (absent) (present old))))
              (if (not (%hash-table-cas! table key old new %absent who))
                  (retry)))))
      (if #f #f))

    ;; Remove KEY from TABLE; #t if it was there.
    (define (%table-delete! table key who)
      "Remove KEY from mutable TABLE; return true if it was there,
else #f.  WHO names the caller in errors.  Internal to SRFI 69 and
SRFI 125."
      (%hash-table-check! table who #t)
      (if (%custom-table? table)
          (call-with-values (lambda () (%custom-handle table key who))
            (lambda (h handle)
              (and handle (%hash-table-remove-handle! table handle who))))
          (%hash-table-delete! table key who)))

    ;; A table for SRFI 69 or 125 with equality EQUIV and hash function HASH
    ;; (#f: the one that goes with EQUIV, else FALLBACK, else an error).
    ;; eq?, eqv? and equal? make tables the C primitives drive, whatever
    ;; HASH is (theirs agrees with the equality).  ARGS: a size (an exact
    ;; nonnegative integer) and weak-keys or ephemeral-keys.
    (define (%make-table-for equiv hash args fallback who)
      "Return a new table with equality EQUIV and hash function HASH
(if #f: the one that goes with EQUIV, else FALLBACK, else an error).
ARGS may hold an initial size and weak-keys or ephemeral-keys (eq?,
eqv? and equal? only).  WHO names the caller in errors.  Internal to
SRFI 69 and SRFI 125."
      (%check-procedure who 1 equiv)
      (if hash (%check-procedure who 2 hash))
      (let loop ((as args) (size 0) (weak #f))
        (cond ((pair? as)
               (let ((a (car as)))
                 (cond ((and (exact-integer? a) (>= a 0)) (loop (cdr as) a weak))
                       ((memq a '(weak-keys ephemeral-keys)) (loop (cdr as) size #t))
                       (else (loop (cdr as) size weak)))))
              ((eq? equiv eq?) (%make-hash-table 'eq weak size eq? (or hash hashq)))
              ;; Symbols are the same when eq?: a table of kind eq, which
              ;; reports symbol=? as its equality.
              ((eq? equiv symbol=?)
               (%make-hash-table 'eq weak size symbol=? (or hash hashq)))
              ((eq? equiv eqv?) (%make-hash-table 'eqv weak size eqv? (or hash hashv)))
              ((eq? equiv equal?)
               (%make-hash-table 'equal weak size equal? (or hash hash)))
              (else
               (let ((h (or hash (%hash-for-equivalence equiv) fallback)))
                 (if (not h)
                     (error (string-append (symbol->string who)
                                           ": no hash function for this equality")
                            equiv))
                 (if weak
                     (error (string-append (symbol->string who)
                                           ": weak keys need eq?, eqv? or equal?")
                            equiv))
                 (%make-hash-table 'custom #f size equiv h))))))

    (define (%hash-for-equivalence equiv)
      "Return the hash function that goes with equality EQUIV
(string=?, string-ci=?, =, char=? or char-ci=?), or #f for another.
Internal to SRFI 69 and SRFI 125."
      (cond ((eq? equiv string=?) string-hash)
            ((eq? equiv string-ci=?) string-ci-hash)
            ((or (eq? equiv =) (eq? equiv char=?)) hash)
            ((eq? equiv char-ci=?) (lambda (c) (hash (char-foldcase c))))
            (else #f)))

    (define (%table-equivalence table)
      "Return the equality predicate of TABLE.  Internal to SRFI 69
and SRFI 125."
      (or (%hash-table-info table 3)
          (case (%hash-table-info table 0)
            ((eq) eq?) ((eqv) eqv?) (else equal?))))

    (define (%table-hash-function table)
      "Return the hash function of TABLE.  Internal to SRFI 69 and
SRFI 125."
      (or (%hash-table-info table 4)
          (case (%hash-table-info table 0)
            ((eq) hashq) ((eqv) hashv) (else hash))))

    ;; The entries of TABLE as fresh (key . value) pairs.
    (define (%table->alist table who)
      "Return the entries of TABLE as a list of fresh (KEY . VALUE)
pairs.  WHO names the caller in errors.  Internal to SRFI 69 and SRFI
125."
      (let loop ((es (%hash-table-entries table who)))
        (if (pair? es)
            (cons (cons (car (car es)) (cdr (car es))) (loop (cdr es)))
            '())))

    (define (%table-fold table proc seed who)
      "Return the result of calling (PROC KEY VALUE ACC) on each entry
of TABLE, ACC SEED at first and then the result of the call before.
WHO names the caller in errors.  Internal to SRFI 69 and SRFI 125."
      (%check-procedure who 2 proc)
      (let loop ((es (%hash-table-entries table who)) (acc seed))
        (if (null? es)
            acc
            (loop (cdr es) (proc (car (car es)) (cdr (car es)) acc)))))

    (define (%table-for-each table proc who)
      "Call (PROC KEY VALUE) on each entry of TABLE.  WHO names the
caller in errors.  Internal to SRFI 69 and SRFI 125."
      (%check-procedure who 2 proc)
      (let loop ((es (%hash-table-entries table who)))
        (if (pair? es)
            (begin (proc (car (car es)) (cdr (car es))) (loop (cdr es))))))

    ;;; The procedures of SRFI 125 that SRFI 69 has too, with the same
    ;;; meaning for every SRFI 69 call: each takes SRFI 69's arguments
    ;;; and SRFI 125's more (hash-table-ref's success procedure,
    ;;; hash-table-set! and -delete! of several keys, hash-table-fold
    ;;; in either order).

    (define (hash-table-contains? table key)
      "Return #t if hash table TABLE has a value for KEY, else #f
(hash-table-exists? is the same procedure).  An error if TABLE is not
a hash table."
      (not (eq? (%table-ref table key %absent 'hash-table-contains?) %absent)))

    (define hash-table-exists? hash-table-contains?)

    ;; KEY's value in TABLE through OPT, (FAILURE [SUCCESS]): the
    ;; success procedure's result, FAILURE's if KEY is absent, or an
    ;; error naming WHO.
    (define (lookup who table key opt)
      (let ((v (%table-ref table key %absent who)))
        (cond ((not (eq? v %absent))
               (if (and (pair? opt) (pair? (cdr opt))) ((cadr opt) v) v))
              ((and (pair? opt) (car opt)) ((car opt)))
              (else (error (string-append (symbol->string who)
                                          ": no value for key")
                           key)))))

    (define (hash-table-ref table key . opt)
      "Return the value of KEY in hash table TABLE, passed to SUCCESS
if it is given: (hash-table-ref TABLE KEY [FAILURE [SUCCESS]]).  If
KEY has no value, return (FAILURE), or raise an error if FAILURE is
absent or #f."
      (lookup 'hash-table-ref table key opt))

    (define (hash-table-ref/default table key default)
      "Return the value of KEY in hash table TABLE, or DEFAULT if it
has none."
      (%table-ref table key default 'hash-table-ref/default))

    (define (hash-table-set! table . kvs)
      "Set the value of each key of KVS, a list KEY1 VALUE1 KEY2
VALUE2 ..., in hash table TABLE to the value after it, in order.  An
error if TABLE is immutable or a key has no value after it."
      (%hash-table-check! table 'hash-table-set! #t)
      (let loop ((kvs kvs))
        (cond ((null? kvs) (if #f #f))
              ((null? (cdr kvs))
               (error "hash-table-set!: a key without a value" (car kvs)))
              (else (%table-set! table (car kvs) (cadr kvs) 'hash-table-set!)
                    (loop (cddr kvs))))))

    (define (hash-table-delete! table . keys)
      "Remove each of the KEYS from hash table TABLE and return how
many were there.  An error if TABLE is immutable."
      (%hash-table-check! table 'hash-table-delete! #t)
      (let loop ((keys keys) (n 0))
        (if (null? keys)
            n
            (loop (cdr keys)
                  (if (%table-delete! table (car keys) 'hash-table-delete!)
                      (+ n 1)
                      n)))))

    ;; Atomic (%table-update!): threads that update one table at once
    ;; lose no update; UPDATER may be called again if another thread
    ;; changed the value meanwhile.  The optional FAILURE and SUCCESS
    ;; are SRFI 125's (SRFI 69's THUNK is FAILURE).
    (define (hash-table-update! table key updater . opt)
      "Set the value of KEY in hash table TABLE to (UPDATER (SUCCESS
V)), V its value, or to (UPDATER (FAILURE)) if it has none:
(hash-table-update! TABLE KEY UPDATER [FAILURE [SUCCESS]]), SUCCESS
the identity by default.  An error if KEY has no value and FAILURE is
absent or #f.  Atomic: updates made by several threads at once are all
kept, and UPDATER may be called again if another thread changed the
value meanwhile."
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
      "Set the value of KEY in hash table TABLE to (UPDATER V), V its
value, or DEFAULT if it has none.  Atomic as hash-table-update! is."
      (%table-update! table key updater (lambda () (updater default))
                      'hash-table-update!/default))

    (define (hash-table-size table)
      "Return the number of entries of hash table TABLE."
      (%hash-table-check! table 'hash-table-size #f)
      (%hash-table-size table))

    (define (hash-table-keys table)
      "Return a list of the keys of hash table TABLE, in no particular
order."
      (map car (%hash-table-entries table 'hash-table-keys)))

    (define (hash-table-values table)
      "Return a list of the values of hash table TABLE, in no particular
order."
      (map cdr (%hash-table-entries table 'hash-table-values)))

    (define (hash-table-walk table proc)
      "Call (PROC KEY VALUE) on each entry of hash table TABLE (SRFI
69); return an unspecified value."
      (%table-for-each table proc 'hash-table-walk)
      (if #f #f))

    ;; (hash-table-fold proc seed table), or SRFI 69's (table proc seed).
    (define (hash-table-fold a b c)
      "Return the result of calling (PROC KEY VALUE ACC) on each entry
of the hash table, ACC the seed at first and then the result of the
call before.  Takes SRFI 125's (hash-table-fold PROC SEED TABLE) or
SRFI 69's (hash-table-fold TABLE PROC SEED), told apart by the first
argument."
      (if (hash-table? a)
          (%table-fold a b c 'hash-table-fold)
          (begin
            (%hash-table-check! c '(hash-table-fold . 3) #f)
            (%table-fold c a b 'hash-table-fold))))

    (define (hash-table->alist table)
      "Return the entries of hash table TABLE as a list of fresh (KEY
. VALUE) pairs."
      (%table->alist table 'hash-table->alist))

    (define (hash-table-equivalence-function table)
      "Return the equality predicate of hash table TABLE."
      (%hash-table-check! table 'hash-table-equivalence-function #f)
      (%table-equivalence table))

    (define (hash-table-hash-function table)
      "Return the hash function of hash table TABLE: the one it was
made with, else hashq, hashv or hash for a table on eq?, eqv? or
equal?."
      (%hash-table-check! table 'hash-table-hash-function #f)
      (%table-hash-function table))

    ;; (hash-by-identity OBJ [BOUND]): hashq, within BOUND if given.
    (define (hash-by-identity obj . bound)
      "Return hashq's hash of OBJ, below BOUND if it is given."
      (if (pair? bound) (hashq obj (car bound)) (hashq obj)))))
