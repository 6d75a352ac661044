;;; 111.sld -- SRFI 111, Boxes
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A box is a record with one mutable field, so it is disjoint from
;;; every other type, eq? and eqv? only to itself, and equal? only to
;;; itself (records compare by identity).  The record type is named
;;; box, so a box prints as records do, #<box 0x...>; libscm's printer
;;; has no hook that would show its contents.  Errors name unbox and
;;; set-box!: "unbox: wrong type argument in position 1 (expected
;;; box): 5".  No #& syntax (the SRFI leaves it out) and no autoboxing.
;;;
;;; The record is defined in an inner body so that its type can be
;;; called box (the name the printer and the errors show) while the
;;; constructor is exported as box too.

;;; Code:

(define-library (srfi 111)
  (export box box? unbox set-box!)
  (import (libscm))
  (begin
    (define-values (box box? unbox set-box!)
      (let ()
        (define-record-type box
          (make-box value)
          box?
          (value unbox set-box!))
        (values make-box box? unbox set-box!)))))
