;;; (scheme cxr) -- the three- and four-level car/cdr compositions (R7RS 6.4)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme cxr)
  (import (libscm))
  (export
    caaar caadr cadar caddr cdaar cdadr cddar cdddr caaaar caaadr caadar
    caaddr cadaar cadadr caddar cadddr cdaaar cdaadr cdadar cdaddr cddaar
    cddadr cdddar cddddr))
