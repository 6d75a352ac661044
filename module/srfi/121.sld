;;; 121.sld -- SRFI 121, Generators
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; SRFI 158 extends SRFI 121 without changing what the two share, so
;;; this library is (srfi 158) cut to SRFI 121's exports: the same
;;; bindings, which is why the two import together.

;;; Code:

(define-library (srfi 121)
  (export generator make-iota-generator make-range-generator
          make-coroutine-generator list->generator vector->generator
          reverse-vector->generator string->generator
          bytevector->generator make-for-each-generator
          make-unfold-generator
          gcons* gappend gcombine gfilter gremove gtake gdrop
          gtake-while gdrop-while gdelete gdelete-neighbor-dups gindex
          gselect
          generator->list generator->reverse-list generator->vector
          generator->vector! generator->string generator-fold
          generator-for-each generator-find generator-count
          generator-any generator-every generator-unfold)
  (import (srfi 158)))

;;; 121.sld ends here
