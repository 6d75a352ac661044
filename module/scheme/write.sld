;;; (scheme write) -- write and display (R7RS 6.13.3)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme write)
  (import (libscm))
  (export
    display write write-shared write-simple))
