;;; (scheme time) -- time (R7RS 6.14)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme time)
  (import (libscm))
  (export
    current-jiffy current-second jiffies-per-second))
