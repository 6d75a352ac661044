;;; 87.sld -- SRFI 87, => in case clauses
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; A case clause ((DATUM ...) => RECEIVER) or (else => RECEIVER)
;;; calls RECEIVER, a procedure of one argument, on the key.  libscm's
;;; case (R7RS 4.2.1) has it; this library re-exports case.

;;; Code:

(define-library (srfi 87)
  (export case)
  (import (libscm)))

;;; 87.sld ends here
