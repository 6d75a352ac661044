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
      (let* ((equiv (if (pair? args) (car args) equal?))
             (more (if (pair? args) (cdr args) '()))
             (hash-fn (if (pair? more) (car more) #f)))
        (%make-table-for equiv hash-fn (if (pair? more) (cdr more) '())
                         hash 'make-hash-table)))

    (define (alist->hash-table alist . args)
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

    (define (hash-table-equivalence-function table)
      (%hash-table-check! table 'hash-table-equivalence-function #f)
      (%table-equivalence table))

    (define (hash-table-hash-function table)
      (%hash-table-check! table 'hash-table-hash-function #f)
      (%table-hash-function table))

    ;; (hash-table-ref table key [thunk [success]])
    (define (hash-table-ref table key . opt)
      (let ((v (%table-ref table key %absent 'hash-table-ref)))
        (cond ((not (eq? v %absent))
               (if (and (pair? opt) (pair? (cdr opt))) ((cadr opt) v) v))
              ((and (pair? opt) (car opt)) ((car opt)))
              (else (error "hash-table-ref: no value for key" key)))))

    (define (hash-table-ref/default table key default)
      (%table-ref table key default 'hash-table-ref/default))

    (define (hash-table-set! table key value)
      (%table-set! table key value 'hash-table-set!))

    (define (hash-table-delete! table key)
      (%table-delete! table key 'hash-table-delete!)
      (if #f #f))

    (define (hash-table-exists? table key)
      (not (eq? (%table-ref table key %absent 'hash-table-exists?) %absent)))

    ;; Atomic (%table-update!): threads that update one table at once
    ;; lose no update; PROC may be called again if another thread
    ;; changed the value meanwhile.
    (define (hash-table-update! table key proc . thunk)
      (%table-update! table key proc
                      (lambda ()
                        (proc (if (pair? thunk)
                                  ((car thunk))
                                  (error "hash-table-update!: no value for key"
                                         key))))
                      'hash-table-update!))

    (define (hash-table-update!/default table key proc default)
      (%table-update! table key proc (lambda () (proc default))
                      'hash-table-update!/default))

    (define (hash-table-size table)
      (%hash-table-check! table 'hash-table-size #f)
      (%hash-table-size table))

    (define (hash-table-keys table)
      (map car (%hash-table-entries table 'hash-table-keys)))

    (define (hash-table-values table)
      (map cdr (%hash-table-entries table 'hash-table-values)))

    (define (hash-table-walk table proc)
      (%table-for-each table proc 'hash-table-walk)
      (if #f #f))

    (define (hash-table-fold table f init)
      (%table-fold table f init 'hash-table-fold))

    (define (hash-table->alist table)
      (%table->alist table 'hash-table->alist))

    (define (hash-table-copy table)
      (%hash-table-copy table #t))

    ;; Every association of TABLE2 goes into TABLE1, replacing its own.
    (define (hash-table-merge! table1 table2)
      (%hash-table-check! table1 'hash-table-merge! #t)
      (%table-for-each table2
                       (lambda (k v) (%table-set! table1 k v 'hash-table-merge!))
                       '(hash-table-merge! . 2))
      table1)

    (define (hash-by-identity obj . bound)
      (if (pair? bound) (hashq obj (car bound)) (hashq obj)))))
