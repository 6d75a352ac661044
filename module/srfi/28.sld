;;; 28.sld -- SRFI 28, basic format strings, with Guile's destinations
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; (format FORMAT-STRING OBJ ...) returns a string, as SRFI 28 says.
;;; As in Guile, a destination may come first: #f (return the string),
;;; #t (write to the current output port) or an output port.  The
;;; directives: ~a (display), ~s (write), ~d (a number in decimal), ~x,
;;; ~o, ~b (an exact integer in hexadecimal, octal, binary), ~% (a
;;; newline) and ~~ (a tilde); a letter may be upper case.  The whole
;;; text is made before anything is written, so a bad format string or
;;; argument list writes nothing.

(define-library (srfi 28)
  (export format)
  (import (libscm))
  (begin

    (define (format-error message fmt position . irritants)
      ;; An error naming format, MESSAGE and POSITION in FMT.
      (apply error
             (string-append "format: " message " at position "
                            (number->string position) " of")
             fmt irritants))

    (define (format-integer arg radix directive fmt position)
      (if (not (and (integer? arg) (exact? arg)))
          (format-error (string-append "~" (string directive)
                                       " needs an exact integer")
                        fmt position arg))
      (number->string arg radix))

    (define (format-to-string fmt args)
      ;; The text of FMT with its directives applied to ARGS.
      (let ((out (open-output-string))
            (n (string-length fmt)))
        (let loop ((i 0) (args args))
          (cond
           ((= i n)
            (if (pair? args)
                (apply format-error
                       (string-append "too many arguments ("
                                      (number->string (length args))
                                      " left over)")
                       fmt i args))
            (get-output-string out))
           ((not (char=? (string-ref fmt i) #\~))
            (write-char (string-ref fmt i) out)
            (loop (+ i 1) args))
           ((= (+ i 1) n)
            (format-error "a lone ~ ends the string" fmt i))
           (else
            (let* ((c (string-ref fmt (+ i 1)))
                   (d (char-downcase c))
                   (take
                    (lambda ()
                      (if (null? args)
                          (format-error (string-append
                                         "too few arguments: none left for ~"
                                         (string c))
                                        fmt i))
                      (car args))))
              (case d
                ((#\%) (newline out) (loop (+ i 2) args))
                ((#\~) (write-char #\~ out) (loop (+ i 2) args))
                ((#\a #\s #\d #\x #\o #\b)
                 (let ((arg (take)))
                   (case d
                     ((#\a) (display arg out))
                     ((#\s) (write arg out))
                     ((#\d)
                      (if (not (number? arg))
                          (format-error "~d needs a number" fmt i arg))
                      (write-string (number->string arg) out))
                     ((#\x) (write-string (format-integer arg 16 c fmt i) out))
                     ((#\o) (write-string (format-integer arg 8 c fmt i) out))
                     ((#\b) (write-string (format-integer arg 2 c fmt i) out)))
                   (loop (+ i 2) (cdr args))))
                (else
                 (format-error (string-append "unknown directive ~"
                                              (string c))
                               fmt i)))))))))

    (define (format destination . rest)
      "(format FORMAT-STRING OBJ ...) returns FORMAT-STRING with its
directives (~a ~s ~d ~x ~o ~b ~% ~~) replaced.  (format DESTINATION
FORMAT-STRING OBJ ...), as in Guile: DESTINATION #f returns the
string, #t writes it to the current output port, a port writes it
there."
      (cond
       ((string? destination) (format-to-string destination rest))
       ((not (or (boolean? destination)
                 (and (port? destination) (output-port? destination))))
        (error "format: wrong type argument in position 1 (expected string, boolean or output port)"
               destination))
       ((null? rest)
        (error "format: no format string after the destination" destination))
       ((not (string? (car rest)))
        (error "format: wrong type argument in position 2 (expected format string)"
               (car rest)))
       (else
        (let ((text (format-to-string (car rest) (cdr rest))))
          (cond ((not destination) text)
                ((eq? destination #t)
                 (write-string text (current-output-port)))
                (else (write-string text destination)))))))))
