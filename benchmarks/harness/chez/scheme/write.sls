;;; write.sls -- (scheme write) of R7RS for Chez Scheme 9.5: Chez's
;;; display and write; write-shared labels shared structure
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme write)
  (export display write write-shared write-simple)
  (import (chezscheme))

  (define (write-shared x . port)
    (parameterize ((print-graph #t)) (apply write x port)))
  (define (write-simple x . port)
    (parameterize ((print-graph #f)) (apply write x port))))
