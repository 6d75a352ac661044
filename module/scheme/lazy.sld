;;; (scheme lazy) -- promises (R7RS 4.2.5)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme lazy)
  (import (libscm))
  (export
    delay delay-force force make-promise promise?))
