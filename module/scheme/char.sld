;;; (scheme char) -- characters and strings, case and Unicode (R7RS 6.6, 6.7)
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Built into libscm.  The bindings are libscm's own (the module
;;; (libscm)), which are immutable: code that imports them calls the
;;; primitives directly.

(define-library (scheme char)
  (import (libscm))
  (export
    char-alphabetic? char-ci<=? char-ci<? char-ci=? char-ci>=? char-ci>?
    char-downcase char-foldcase char-lower-case? char-numeric? char-upcase
    char-upper-case? char-whitespace? digit-value string-ci<=? string-ci<?
    string-ci=? string-ci>=? string-ci>? string-downcase string-foldcase
    string-upcase))
