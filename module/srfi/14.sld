;;; 14.sld -- SRFI 14, character sets
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Every name of SRFI 14.  Char-sets are libscm's core ones, which
;;; Guile also has in its core (charsets.c, and the prelude for the
;;; procedures that call procedures), so this library re-exports the
;;; bindings of the default environment.  A char-set holds Unicode
;;; scalar values as ranges; the standard sets follow SRFI 14's Unicode
;;; definitions (general categories; lower-case and upper-case by
;;; Java's rule), with the same members as Guile 3's, and cannot be
;;; modified by the linear-update procedures, which modify their other
;;; arguments in place.  Guile's char-set:designated is exported too.

;;; Code:

(define-library (srfi 14)
  (export
   ;; Predicates and comparison
   char-set? char-set= char-set<= char-set-hash
   ;; Iterating over character sets
   char-set-cursor char-set-ref char-set-cursor-next end-of-char-set?
   char-set-fold char-set-unfold char-set-unfold! char-set-for-each
   char-set-map
   ;; Creating character sets
   char-set-copy char-set list->char-set string->char-set
   list->char-set! string->char-set! char-set-filter char-set-filter!
   ucs-range->char-set ucs-range->char-set! ->char-set
   ;; Querying character sets
   char-set->list char-set->string char-set-size char-set-count
   char-set-contains? char-set-every char-set-any
   ;; Character-set algebra
   char-set-adjoin char-set-delete char-set-adjoin! char-set-delete!
   char-set-complement char-set-union char-set-intersection
   char-set-difference char-set-xor char-set-diff+intersection
   char-set-complement! char-set-union! char-set-intersection!
   char-set-difference! char-set-xor! char-set-diff+intersection!
   ;; Standard character sets
   char-set:lower-case char-set:upper-case char-set:title-case
   char-set:letter char-set:digit char-set:letter+digit char-set:graphic
   char-set:printing char-set:whitespace char-set:iso-control
   char-set:punctuation char-set:symbol char-set:hex-digit char-set:blank
   char-set:ascii char-set:empty char-set:full char-set:designated)
  (import (libscm)))
