;;; 162.sld -- SRFI 162, comparators sublibrary
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; comparator-max and comparator-min (and their -in-list forms) and the
;;; standard comparators that SRFI 162 adds to SRFI 128, from (libscm
;;; comparators), and three more of libscm's: symbol-comparator (eq?,
;;; ordered by name), number-comparator (the same as real-comparator)
;;; and bytevector-comparator (shorter first, then bytewise).

;;; Code:

(define-library (srfi 162)
  (export comparator-max comparator-min
          comparator-max-in-list comparator-min-in-list
          default-comparator boolean-comparator real-comparator
          char-comparator char-ci-comparator
          string-comparator string-ci-comparator
          pair-comparator list-comparator vector-comparator
          eq-comparator eqv-comparator equal-comparator
          symbol-comparator number-comparator bytevector-comparator)
  (import (libscm comparators)))

;;; 162.sld ends here
