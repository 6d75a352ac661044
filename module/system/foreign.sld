;;; foreign.sld -- (system foreign): pointers, a capability to import
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Guile's (system foreign) names for libscm's pointer objects: C
;;; addresses that Scheme passes around and never dereferences.  They
;;; reach native code (a pointer's finalizer is a C function that the
;;; collector calls with its address), so they are not in the core's
;;; bindings: a program has them only by importing this library, which
;;; an embedder can withhold from an instance (doc/libscm.texi, "Threat
;;; model").  The library defines its own variables for the core's
;;; private ones, so that importing it gives ordinary bindings.

;;; Code:

(define-library (system foreign)
  (import (rename (libscm)
                  (make-pointer core-make-pointer)
                  (pointer-address core-pointer-address)
                  (pointer? core-pointer?)
                  (null-pointer? core-null-pointer?)
                  (%null-pointer core-null-pointer)))
  (export make-pointer pointer-address pointer? null-pointer? %null-pointer)
  (begin
    (define make-pointer core-make-pointer)
    (define pointer-address core-pointer-address)
    (define pointer? core-pointer?)
    (define null-pointer? core-null-pointer?)
    (define %null-pointer core-null-pointer)))

;;; foreign.sld ends here
