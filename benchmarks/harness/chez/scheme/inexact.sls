;;; inexact.sls -- (scheme inexact) of R7RS for Chez Scheme 9.5: Chez's own
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme inexact)
  (export
    acos asin atan cos exp finite? infinite? log nan? sin sqrt tan)
  (import (chezscheme)))
