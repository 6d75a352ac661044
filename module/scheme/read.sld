;;; (scheme read) -- read (R7RS 6.13.2)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme read)
  (import (libscm))
  (export
    read))
