;;; complex.sls -- (scheme complex) of R7RS for Chez Scheme 9.5: Chez's own
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme complex)
  (export
    angle imag-part magnitude make-polar make-rectangular real-part)
  (import (chezscheme)))
