;;; myapp/rules.sld -- the library of doc/examples/image-host.c: a
;;; program's own Scheme code, which scm-image compiles into an image
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;; A few procedures and one macro; the host imports it with no file on
;;; disk, from the image it links.

;;; Code:
(define-library (myapp rules)
  (export classify advice with-reading readings->classes)
  (import (scheme base) (srfi 1))
  (begin
    ;; The upper bound of each class, in degrees Celsius.
    (define bounds '((freezing . 0) (cold . 10) (mild . 20) (warm . 28)))

    (define (classify t)
      "Return the class of temperature @var{t}: a symbol."
      (let ((b (find (lambda (b) (< t (cdr b))) bounds)))
        (if b (car b) 'hot)))

    (define (advice class)
      (case class
        ((freezing cold) "wear a coat")
        ((mild) "a jumper will do")
        (else "stay in the shade")))

    ;; (with-reading (name t) body ...): bind name to the class of t,
    ;; and t must be a real number.
    (define-syntax with-reading
      (syntax-rules ()
        ((_ (name t) body ...)
         (let ((v t))
           (if (real? v)
               (let ((name (classify v))) body ...)
               (error "with-reading: not a temperature" v))))))

    (define (readings->classes ts)
      (map (lambda (t) (with-reading (c t) c)) ts))))
