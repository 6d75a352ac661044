;;; myapp/table.sld -- a library that cannot be in an image (it keeps
;;; a hash table made at load time), for user-image.sh
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; scm-image refuses it, says why, and writes nothing.

;;; Code:
(define-library (myapp table)
  (export lookup)
  (import (scheme base) (srfi 69))
  (begin
    (define t (make-hash-table))
    (define (lookup k) (hash-table-ref/default t k #f))))
