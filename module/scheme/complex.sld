;;; (scheme complex) -- complex numbers (R7RS 6.2.6), with flonum parts (libscm/complex.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme complex)
  (import (libscm))
  (export
    angle imag-part magnitude make-polar make-rectangular real-part))
