;;; myapp/report.sld -- a library without state of its own that reads
;;; the state of another, for user-image.sh
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; Its imaged code refers to (myapp counter)'s variable: an instance
;;; that compiled the counter from text compiles this one from text too.

;;; Code:
(define-library (myapp report)
  (export report)
  (import (scheme base) (myapp counter))
  (begin
    (define (report) (list 'count (current)))))
