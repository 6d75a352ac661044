;;; 128.sld -- SRFI 128, comparators, exactly its names
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The names SRFI 128 defines, no more, from (libscm comparators),
;;; which holds them with SRFI 162's standard comparators: a program
;;; that imports (srfi 128) may define default-comparator or
;;; symbol-comparator itself, and one that imports (srfi 162) too gets
;;; the same bindings from both.  string-hash, string-ci-hash and
;;; symbol-hash are libscm's own, the same as (srfi 69)'s, (srfi 125)'s
;;; and (libscm)'s.

;;; Code:

(define-library (srfi 128)
  (export comparator? comparator-ordered? comparator-hashable?
          make-comparator make-pair-comparator make-list-comparator
          make-vector-comparator make-eq-comparator make-eqv-comparator
          make-equal-comparator
          boolean-hash char-hash char-ci-hash string-hash string-ci-hash
          symbol-hash number-hash
          make-default-comparator default-hash comparator-register-default!
          comparator-type-test-predicate comparator-equality-predicate
          comparator-ordering-predicate comparator-hash-function
          comparator-test-type comparator-check-type comparator-hash
          hash-bound hash-salt
          =? <? >? <=? >=? comparator-if<=>)
  (import (libscm comparators)))

;;; 128.sld ends here
