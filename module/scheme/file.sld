;;; (scheme file) -- files (R7RS 6.13)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme file)
  (import (libscm))
  (export
    call-with-input-file call-with-output-file delete-file file-exists?
    open-binary-input-file open-binary-output-file open-input-file
    open-output-file with-input-from-file with-output-to-file))
