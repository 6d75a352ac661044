;;; cxr.sls -- (scheme cxr) of R7RS for Chez Scheme 9.5: Chez's own
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme cxr)
  (export
    caaar caadr cadar caddr cdaar cdadr cddar cdddr caaaar caaadr
    caadar caaddr cadaar cadadr caddar cadddr cdaaar cdaadr cdadar
    cdaddr cddaar cddadr cdddar cddddr)
  (import (chezscheme)))
