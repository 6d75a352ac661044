;;; 145.sld -- SRFI 145, Assumptions
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; (assume OBJ MESSAGE ...) is OBJ's value when it is true.  A false
;;; OBJ is always reported (libscm has no non-debug mode that would
;;; skip the check): an error whose message is "assume: invalid
;;; assumption", whose irritants are the expression OBJ as written and
;;; the MESSAGEs, and whose location (condition-location) is the source
;;; position of the assume form, since the error call comes from its
;;; expansion.  (assume) without an expression is a syntax error.

;;; Code:

(define-library (srfi 145)
  (export assume)
  (import (libscm))
  (begin
    (define-syntax assume
      (syntax-rules ()
        ((_ expression message ...)
         (or expression
             (error "assume: invalid assumption" 'expression message ...)))
        ((_ . malformed)
         (syntax-error "assume: an expression is required" malformed))))))
