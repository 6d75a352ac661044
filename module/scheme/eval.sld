;;; (scheme eval) -- eval and environment (R7RS 6.12)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme eval)
  (import (libscm))
  (export
    environment eval))
