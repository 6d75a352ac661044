;;; read.sls -- (scheme read) of R7RS for Chez Scheme 9.5: Chez's own
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme read)
  (export
    read)
  (import (chezscheme)))
