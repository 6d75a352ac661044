;;; 69.sld -- SRFI 69, basic hash tables, on libscm's own tables
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A SRFI 69 table is a libscm hash table (hashtables.c): the one
;;; make-hash-table of Guile's API makes, with an equality of its own.
;;; Tables keyed by eq?, eqv? or equal? run in C whatever hash function
;;; is given (theirs agrees with the equality); any other equality makes
;;; a table whose hash function is called from Scheme, with one argument.
;;; hash, string-hash and string-ci-hash are libscm's (their optional
;;; second argument is the bound); hash-by-identity is hashq.

;;; Code:

(define-library (srfi 69)
  (export make-hash-table hash-table? alist->hash-table
          hash-table-equivalence-function hash-table-hash-function
          hash-table-ref hash-table-ref/default hash-table-set!
          hash-table-delete! hash-table-exists? hash-table-update!
          hash-table-update!/default hash-table-size hash-table-keys
          hash-table-values hash-table-walk hash-table-fold
          hash-table->alist hash-table-copy hash-table-merge!
          hash string-hash string-ci-hash hash-by-identity)
  (import (libscm) (libscm hash-tables))
  (begin
    ;; (make-hash-table [equiv [hash arg ...]]): an equality without a
    ;; known hash function gets `hash', which is right for any equality
    ;; coarser than equal? only.
    (define (make-hash-table . args)
      "Return a new empty hash table whose keys are compared with EQUIV
(default equal?) and hashed with HASH (called with one argument); by
default a hash function that agrees with EQUIV, or hash for an
equivalence libscm does not know, which is right only for one coarser
than equal?.  Further arguments may give an initial size (an exact
integer) or weak-keys; others are ignored.  An error if EQUIV or HASH
is not a procedure, or weak keys are asked with an equivalence other
than eq?, eqv? and equal?."
      (let* ((equiv (if (pair? args) (car args) equal?))
             (more (if (pair? args) (cdr args) '()))
             (hash-fn (if (pair? more) (car more) #f)))
        (%make-table-for equiv hash-fn (if (pair? more) (cdr more) '())
                         hash 'make-hash-table)))

    (define (alist->hash-table alist . args)
      "Return a new hash table, made as make-hash-table makes it from the
other arguments, holding the associations of ALIST; of several
associations of a key, the first wins.  An error if ALIST is not an
association list."
      (let ((table (apply make-hash-table args)))
        (let loop ((l alist))
          (cond ((null? l) table)
                ((and (pair? l) (pair? (car l)))
                 ;; The first association of a key wins.
                 (if (eq? (%table-ref table (car (car l)) %absent
                                      'alist->hash-table)
                          %absent)
                     (%table-set! table (car (car l)) (cdr (car l))
                                  'alist->hash-table))
                 (loop (cdr l)))
                (else (%hash-error 'alist->hash-table 1 alist
                                   "association list"))))))

    (define (hash-table-copy table)
      "Return a new hash table with the equivalence, hash function and
associations of TABLE, mutable.  An error if TABLE is not a hash table."
      (%hash-table-copy table #t))

    ;; Every association of TABLE2 goes into TABLE1, replacing its own.
    (define (hash-table-merge! table1 table2)
      "Add every association of TABLE2 to TABLE1, replacing TABLE1's value
for a key both have, and return TABLE1.  An error if either is not a
hash table or TABLE1 is immutable."
      (%hash-table-check! table1 'hash-table-merge! #t)
      (%table-for-each table2
                       (lambda (k v) (%table-set! table1 k v 'hash-table-merge!))
                       '(hash-table-merge! . 2))
      table1)))
