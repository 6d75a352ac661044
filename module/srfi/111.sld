;;; 111.sld -- SRFI 111, Boxes
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A box is a record with one mutable field, so it is disjoint from
;;; every other type, eq? and eqv? only to itself, and equal? only to
;;; itself (records compare by identity).  The record type is named
;;; box, so a box prints as records do, #<box value: 1>.  Errors name
;;; unbox and set-box!: "unbox: wrong type argument in position 1
;;; (expected box): 5".  No #& syntax (the SRFI leaves it out) and no
;;; autoboxing.
;;;
;;; The record type is defined in an inner body so that it can be
;;; called box (the name the printer and the errors show) while the
;;; constructor is exported as box too.  The four procedures are
;;; written out as define-record-type makes them, each a lambda over
;;; the type that calls the record primitive, with a docstring first:
;;; the primitive is put in the code as a constant (with-primitive), as
;;; the expander puts it, so that the compiler still recognises the
;;; procedures and compiles a call of one into the record instruction
;;; itself, as for any record procedure (compile/inline.c).

;;; Code:

(define-library (srfi 111)
  (export box box? unbox set-box!)
  (import (libscm))
  (begin
    (define box-type
      (let ()
        (define-record-type box (make-box value) box? (value unbox))
        box))

    ;; (with-primitive PRIM ARG ...): the call of the primitive that
    ;; the variable PRIM holds, the primitive itself in the operator's
    ;; place, which no later binding of PRIM can change.
    (define-syntax with-primitive
      (lambda (x)
        (syntax-case x ()
          ((_ prim arg ...)
           (identifier? #'prim)
           #`(#,(eval (syntax->datum #'prim) (environment '(libscm)))
              arg ...)))))

    (define box
      (let ((rtd box-type))
        (lambda (value)
          "Return a new box holding VALUE."
          (with-primitive %make-record rtd value))))

    (define box?
      (let ((rtd box-type))
        (lambda (obj)
          "Return #t if OBJ is a box, else #f."
          (with-primitive %record? obj rtd))))

    (define unbox
      (let ((rtd box-type))
        (lambda (box)
          "Return the value that BOX holds.  An error if BOX is not a box."
          (with-primitive %record-ref box rtd 0 'unbox))))

    (define set-box!
      (let ((rtd box-type))
        (lambda (box value)
          "Make BOX hold VALUE.  An error if BOX is not a box."
          (with-primitive %record-set! box rtd 0 value 'set-box!))))))
