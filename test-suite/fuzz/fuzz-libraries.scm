;;; fuzz-libraries.scm -- fuzz target: random trees of define-library files
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Run by fuzz-scheme.c.  An input describes up to seven libraries,
;;; (fz-I-0) to (fz-I-6) with I a number of the input's own (a library
;;; is loaded once per name), written as files to a folder on the load
;;; path; then the program imports (fz-I-0) and reads its value.  Each
;;; library K defines xK as K + 1 plus the values of the names it sees
;;; from the libraries it imports, imported whole, with only, except,
;;; prefix or rename, and exports xK or renames it on export.  Some
;;; libraries are spoiled: an import of a library that does not exist,
;;; an include of their own file, an include-library-declarations of
;;; it, a declaration that is no declaration, an export of a name never
;;; defined, a name imported from two libraries.
;;;
;;; The oracle: when no library reachable from (fz-I-0) is spoiled
;;; and the imports form no cycle, the import succeeds and gives the
;;; value the model computes; a cycle, a missing library or an include
;;; cycle must raise; the others may do either.  Nothing may crash or
;;; hang.

;;; Code:

(load (string-append %fuzz-dir "/fuzz-bytes.scm"))

(define env (interaction-environment))
(set! %load-path (cons %fuzz-tmpdir %load-path))

(define input-number 0)

(define (lib-symbol i k)
  (string->symbol (string-append "fz-" (number->string i) "-" (number->string k))))

(define (file-of i k)
  (string-append %fuzz-tmpdir "/" (symbol->string (lib-symbol i k)) ".sld"))

(define (x-name k) (string->symbol (string-append "x" (number->string k))))
(define (y-name k) (string->symbol (string-append "y" (number->string k))))

;; A library's description.
(define-record-type <lib>
  (make-lib imports exported-name spoil)
  lib?
  (imports lib-imports)              ; list of (k . import-kind)
  (exported-name lib-exported-name)  ; xK or yK
  (spoil lib-spoil))                 ; #f or a symbol

;; The import set of library L, of which the importer sees the name
;; EXPORTED under the name it returns second (#f if it sees none).
(define (import-set i l kind exported)
  (let ((name (list (lib-symbol i l))))
    (case kind
      ((plain) (values name exported))
      ((only) (values `(only ,name ,exported) exported))
      ((except) (values `(except ,name ,exported) #f))
      ((prefix) (values `(prefix ,name p:)
                        (string->symbol (string-append "p:" (symbol->string exported)))))
      (else (let ((new (string->symbol (string-append "r" (symbol->string exported)))))
              (values `(rename ,name (,exported ,new)) new))))))

(define (library-form i k lib libs)
  (let loop ((imports (lib-imports lib)) (sets '()) (seen '()))
    (if (pair? imports)
        (let* ((l (car (car imports)))
               (kind (cdr (car imports))))
          (call-with-values
              (lambda () (import-set i l kind (lib-exported-name (vector-ref libs l))))
            (lambda (set visible)
              (loop (cdr imports) (cons set sets) (if visible (cons visible seen) seen)))))
        (let* ((x (x-name k))
               (spoil (lib-spoil lib))
               (export (if (eq? (lib-exported-name lib) x)
                           `(export ,x)
                           `(export (rename ,x ,(lib-exported-name lib)))))
               (decls
                (case spoil
                  ((missing) `((import (,(lib-symbol i 99)))))
                  ((include-self) `((include ,(file-of i k))))
                  ((include-decls) `((include-library-declarations ,(file-of i k))))
                  ((garbage) '((no-such-declaration 1 2)))
                  ((undefined-export) '((export never-defined)))
                  ((twice) `((import (only (scheme base) car)
                                     (rename (only (scheme base) cdr) (cdr car)))))
                  (else '()))))
          `(define-library (,(lib-symbol i k))
             ,export
             (import (scheme base) ,@(reverse sets))
             ,@decls
             (begin (define ,x (+ ,(+ k 1) ,@seen))))))))

;; The value of library K per the model, or 'error if importing it
;; must raise, or 'unknown if it may raise or not.  STATE: a vector of
;; #f (not yet), 'visiting, or the result.
(define (model i k libs state)
  (let ((s (vector-ref state k)))
    (cond ((eq? s 'visiting) 'error)    ; a cycle
          (s s)
          (else
           (vector-set! state k 'visiting)
           (let* ((lib (vector-ref libs k))
                  (result
                   (let loop ((imports (lib-imports lib)) (sum (+ k 1)) (worst #f))
                     (if (null? imports)
                         (or worst
                             (case (lib-spoil lib)
                               ((missing include-self) 'error)
                               ((#f) sum)
                               (else 'unknown)))
                         (let* ((l (car (car imports)))
                                (v (model i l libs state))
                                (kind (cdr (car imports))))
                           (cond ((eq? v 'error) (loop (cdr imports) sum 'error))
                                 ((eq? v 'unknown)
                                  (loop (cdr imports) sum (or worst 'unknown)))
                                 ((eq? kind 'except) (loop (cdr imports) sum worst))
                                 (else (loop (cdr imports) (+ sum v) worst))))))))
             ;; A library whose import raised stays half-loaded: a cycle
             ;; through it is still an error, not a value.
             (vector-set! state k result)
             result)))))

(define (choose-libs in)
  (let* ((n (+ 1 (choose in 7)))
         (libs (make-vector n #f)))
    (do ((k 0 (+ k 1))) ((= k n) libs)
      (vector-set!
       libs k
       (make-lib
        (let loop ((m (choose in 4)) (acc '()) (used '()))
          (if (zero? m)
              (reverse acc)
              (let ((l (choose in n)))
                ;; An import of itself or backwards makes a cycle only
                ;; when the input asks for one (one choice in eight).
                (if (or (memv l used)
                        (and (<= l k) (positive? (choose in 8))))
                    (loop (- m 1) acc used)
                    (loop (- m 1)
                          (cons (cons l (choose-from in '(plain plain only except prefix rename)))
                                acc)
                          (cons l used))))))
        (if (zero? (choose in 3)) (y-name k) (x-name k))
        (and (zero? (choose in 5))
             (choose-from in '(missing include-self include-decls garbage
                                       undefined-export twice))))))))

(define (write-libs i libs)
  (do ((k 0 (+ k 1))) ((= k (vector-length libs)))
    (let ((p (open-output-file (file-of i k))))
      (write (library-form i k (vector-ref libs k) libs) p)
      (close-port p))))

(define (remove-libs i libs)
  (do ((k 0 (+ k 1))) ((= k (vector-length libs)))
    (fuzz-try (lambda () (delete-file (file-of i k))))))

(define (fuzz-one bv)
  (let* ((in (fuzz-input bv))
         (libs (choose-libs in))
         (i input-number)
         (name (lib-exported-name (vector-ref libs 0)))
         (expected (model i 0 libs (make-vector (vector-length libs) #f))))
    (set! input-number (+ i 1))
    (write-libs i libs)
    (let ((got (fuzz-try
                (lambda ()
                  (eval `(import (prefix (,(lib-symbol i 0)) ,(string->symbol
                                                                (string-append "i" (number->string i) ":"))))
                        env)
                  (eval (string->symbol (string-append "i" (number->string i) ":"
                                                       (symbol->string name)))
                        env)))))
      (remove-libs i libs)
      (case expected
        ((unknown) #t)
        ((error) (fuzz-check "importing must raise (a cycle, a missing library or an include cycle)"
                             (raised? got) (vector->list libs) got))
        (else (fuzz-check "the value imported" (equal? got expected)
                          (let loop ((k (- (vector-length libs) 1)) (acc '()))
                            (if (< k 0)
                                acc
                                (loop (- k 1)
                                      (cons (library-form i k (vector-ref libs k) libs) acc))))
                          expected))))))

;;; fuzz-libraries.scm ends here
