;;; (scheme inexact) -- inexact functions (R7RS 6.2.6)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme inexact)
  (import (libscm))
  (export
    acos asin atan cos exp finite? infinite? log nan? sin sqrt tan))
