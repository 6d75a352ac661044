;;; ice-9-pretty-print.scm -- tests of (ice-9 pretty-print)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; pretty-print: the layout of special forms, calls and data at
;;; several widths, max-expr-width, per-line-prefix, display?, the
;;; port argument, cycles with datum labels, deep and wide data (each
;;; printed text reads back as the same datum), and the errors of its
;;; keyword arguments.  truncated-print: the examples of Guile's
;;; manual.

;;; Code:

(import (ice-9 pretty-print))

(test-begin "ice-9-pretty-print")

(define (pp obj . options)
  (call-with-output-string
   (lambda (port) (apply pretty-print obj port options))))

(define (tp obj . options)
  (call-with-output-string
   (lambda (port) (apply truncated-print obj port options))))

(define (lines . ls)
  (let loop ((ls ls) (acc ""))
    (if (null? ls) acc (loop (cdr ls) (string-append acc (car ls) "\n")))))

(define (max-line-length text)
  (let loop ((i 0) (start 0) (best 0))
    (cond ((= i (string-length text)) (max best (- i start)))
          ((char=? (string-ref text i) #\newline)
           (loop (+ i 1) (+ i 1) (max best (- i start))))
          (else (loop (+ i 1) start best)))))

(define (read-back text) (read (open-input-string text)))

(test-group "arguments"
  (lambda ()
    (test-assert "keywords are objects" (keyword? #:width))
    (test-equal "a short datum on one line, then a newline" "(a b c)\n" (pp '(a b c)))
    (test-equal "an atom" "42\n" (pp 42))
    (test-equal "the current output port by default" "(1 2)\n"
                (let ((out (open-output-string)))
                  (parameterize ((current-output-port out))
                    (pretty-print '(1 2)))
                  (get-output-string out)))
    (test-equal "keywords without a port" "(a\n  b)\n"
                (let ((out (open-output-string)))
                  (parameterize ((current-output-port out))
                    (pretty-print '(a b) #:width 4))
                  (get-output-string out)))
    (test-equal "#:display? #t" "(a b c)\n" (pp '("a" #\b c) #:display? #t))
    (test-equal "strings are written with escapes" "(\"a\\tb\\n\" \"q\\\"\" #\\space)\n"
                (pp '("a\tb\n" "q\"" #\space)))
    (test-equal "beyond the BMP" "(\"\x1F600;\" #\\\x1F600;)\n"
                (pp (list "\x1F600;" #\x1F600)))
    (test-equal "beyond the BMP, a width counts characters"
                (list (lines "(\"\x1F600;\x1F600;\x1F600;\" \"\x1F600;\x1F600;\x1F600;\")")
                      (lines "(\"\x1F600;\x1F600;\x1F600;\""
                             " \"\x1F600;\x1F600;\x1F600;\")"))
                (map (lambda (w)
                       (pp (list "\x1F600;\x1F600;\x1F600;" "\x1F600;\x1F600;\x1F600;") #:width w))
                     '(13 12)))
    (test-error-contains "an unknown keyword" '("pretty-print: unknown keyword" "#:colour")
                         (lambda () (pp 1 #:colour 'red)))
    (test-error-contains "a keyword without a value" '("pretty-print: no value after the keyword" "#:width")
                         (lambda () (pp 1 #:width)))
    (test-error-contains "a bad width" '("pretty-print: #:width expects a positive exact integer" "wide")
                         (lambda () (pp 1 #:width 'wide)))
    (test-error-contains "a zero width" '("#:width expects a positive exact integer")
                         (lambda () (pp 1 #:width 0)))
    (test-error-contains "a bad prefix" '("#:per-line-prefix expects a string")
                         (lambda () (pp 1 #:per-line-prefix 5)))
    (test-error-contains "an input port" '("pretty-print: wrong type argument in position 2 (expected output port)")
                         (lambda () (pretty-print 1 (open-input-string ""))))
    (test-error-contains "a stray argument" '("pretty-print: expected a keyword such as #:width" "80")
                         (lambda () (pp 1 80)))))

(test-group "special forms"
  (lambda ()
    (test-equal "Guile's manual example"
                (lines "(define (foo)"
                       "  (lambda (x)"
                       "    (cond ((zero? x) #t)"
                       "          ((negative? x) -x)"
                       "          (else (if (= x 1) 2 (* x x x))))))")
                (pp '(define (foo) (lambda (x) (cond ((zero? x) #t) ((negative? x) -x) (else (if (= x 1) 2 (* x x x))))))))
    (test-equal "let: bindings on the first line, the body by 2"
                (lines "(let ((a 1) (b 2) (c 3))"
                       "  (display (+ a b c))"
                       "  (newline)"
                       "  (list a b c a b c a b c))")
                (pp '(let ((a 1) (b 2) (c 3)) (display (+ a b c)) (newline) (list a b c a b c a b c))
                    #:width 40))
    (test-equal "named let and if"
                (lines "(let loop ((i 0) (acc '()))"
                       "  (if (< i 10)"
                       "    (loop (+ i 1) (cons i acc))"
                       "    (reverse acc)))")
                (pp '(let loop ((i 0) (acc '())) (if (< i 10) (loop (+ i 1) (cons i acc)) (reverse acc)))
                    #:width 40))
    (test-equal "do: its second operand on a line of its own, by 4"
                (lines "(do ((i 0 (+ i 1)) (j 10 (- j 1)))"
                       "    ((= i j) 'done)"
                       "  (display i)"
                       "  (display j))")
                (pp '(do ((i 0 (+ i 1)) (j 10 (- j 1))) ((= i j) 'done) (display i) (display j))
                    #:width 40))
    (test-equal "case"
                (lines "(case x"
                       "  ((1 2 3) 'small)"
                       "  ((4 5 6) 'medium)"
                       "  (else 'large))")
                (pp '(case x ((1 2 3) 'small) ((4 5 6) 'medium) (else 'large)) #:width 30))
    (test-equal "define-syntax and syntax-rules"
                (lines "(define-syntax swap!"
                       "  (syntax-rules ()"
                       "    ((_ a b)"
                       "     (let ((tmp a))"
                       "       (set! a b)"
                       "       (set! b tmp)))))")
                (pp '(define-syntax swap! (syntax-rules () ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))
                    #:width 40))
    (test-equal "when and unless"
                (lines "(when (pair? x)"
                       "  (display \"a pair\")"
                       "  (newline))"
                       "(unless (pair? x)"
                       "  (display \"no pair\"))")
                (string-append
                 (pp '(when (pair? x) (display "a pair") (newline)) #:width 24)
                 (pp '(unless (pair? x) (display "no pair")) #:width 24)))
    (test-equal "a call aligns its arguments"
                (lines "(string-append \"aaaaaaaaaa\""
                       "               \"bbbbbbbbbb\""
                       "               \"cccccccccc\")")
                (pp '(string-append "aaaaaaaaaa" "bbbbbbbbbb" "cccccccccc") #:width 40))
    (test-equal "quote forms"
                "'(a b c)\n`(a ,b ,@c)\n"
                (string-append (pp ''(a b c)) (pp '`(a ,b ,@c))))))

(test-group "data"
  (lambda ()
    (test-equal "a list: one element per line when it does not fit"
                (lines "(1" " 22" " 333" " 4444)")
                (pp '(1 22 333 4444) #:width 10))
    (test-equal "a vector"
                (lines "#(alpha" "  beta" "  gamma)")
                (pp (vector 'alpha 'beta 'gamma) #:width 12))
    (test-equal "a dotted tail" (lines "((aaaa . bbbb)" " (cccc . dddd)" " . eeee)")
                (pp '((aaaa . bbbb) (cccc . dddd) . eeee) #:width 16))
    (test-equal "max-expr-width breaks a list that would fit the line"
                (apply lines "(100" (append (make-list 13 " 100") '(" 100)")))
                (pp (make-list 15 100)))
    (test-equal "a larger max-expr-width keeps it on one line" 62
                (string-length (pp (make-list 15 100) #:max-expr-width 100)))
    (test-equal "per-line-prefix on every line"
                (lines ";; (define (f)" ";;   (g))")
                (pp '(define (f) (g)) #:per-line-prefix ";; " #:width 16))
    (test-equal "the empty list and vector" "(() #())\n" (pp (list '() (vector))))))

(test-group "cycles and shared structure"
  (lambda ()
    (test-equal "a cyclic list" "#0=(1 2 3 . #0#)\n"
                (let ((x (list 1 2 3))) (set-cdr! (cddr x) x) (pp x)))
    (test-equal "a cyclic list, twice, broken over lines"
                (lines "(#0=(1 2 3 . #0#)" " #0#" " aaaaaaaaaaaaaaaaaaaa" " bbbbbbbbbbbbbbbbbbbb)")
                (let ((x (list 1 2 3)))
                  (set-cdr! (cddr x) x)
                  (pp (list x x 'aaaaaaaaaaaaaaaaaaaa 'bbbbbbbbbbbbbbbbbbbb) #:width 30)))
    (test-equal "a vector holding itself" "#0=#(1 #0# 3)\n"
                (let ((v (vector 1 2 3))) (vector-set! v 1 v) (pp v)))
    (test-equal "a cycle through the car" "#0=(a #0#)\n"
                (let ((x (list 'a 'b))) (set-car! (cdr x) x) (pp x)))
    (test-equal "labels as write gives them"
                (let ((x (list 1 2)) (y (vector 'a 'b)))
                  (set-cdr! (cdr x) x)
                  (vector-set! y 1 y)
                  (let ((obj (list x y x)))
                    (string-append (call-with-output-string (lambda (p) (write obj p))) "\n")))
                (let ((x (list 1 2)) (y (vector 'a 'b)))
                  (set-cdr! (cdr x) x)
                  (vector-set! y 1 y)
                  (pp (list x y x))))
    (test-equal "on one line, random cyclic graphs print as write prints them" 0
                (let ((seed 12345))
                  (define (rand n)
                    (set! seed (modulo (+ (* seed 1103515245) 12345) 2147483648))
                    (modulo (quotient seed 65536) n))
                  ;; K pairs and vectors linked at random to each other
                  ;; and to small integers; the first one.
                  (define (graph k)
                    (let ((nodes (let loop ((i 0) (acc '()))
                                   (if (= i k)
                                       acc
                                       (loop (+ i 1)
                                             (cons (if (zero? (rand 3))
                                                       (make-vector (+ 1 (rand 3)) 0)
                                                       (cons 0 0))
                                                   acc))))))
                      (define (pick)
                        (if (zero? (rand 3)) (rand 10) (list-ref nodes (rand k))))
                      (for-each (lambda (n)
                                  (if (pair? n)
                                      (begin (set-car! n (pick))
                                             (set-cdr! n (if (zero? (rand 4)) '() (pick))))
                                      (let loop ((i 0))
                                        (if (< i (vector-length n))
                                            (begin (vector-set! n i (pick))
                                                   (loop (+ i 1)))))))
                                nodes)
                      (car nodes)))
                  (let loop ((i 0) (bad 0))
                    (if (= i 300)
                        bad
                        (let ((g (graph (+ 1 (rand 8)))))
                          (loop (+ i 1)
                                (if (string=? (string-append
                                               (call-with-output-string
                                                (lambda (p) (write g p)))
                                               "\n")
                                              (pp g #:width 100000 #:max-expr-width 100000))
                                    bad
                                    (+ bad 1))))))))
    (test-equal "shared but not cyclic structure has no labels" "((1 2) (1 2))\n"
                (let ((x (list 1 2))) (pp (list x x))))
    (test-equal "a long cyclic list at a narrow width" #t
                (let ((x (make-list 50 'ab)))
                  (set-cdr! (list-tail x 49) x)
                  (let ((text (pp x #:width 20)))
                    (and (string=? (substring text 0 4) "#0=(")
                         (<= (max-line-length text) 20)))))))

(test-group "deep and wide data at several widths"
  (lambda ()
    (define (nest n)
      (let loop ((i 0) (x 'end)) (if (= i n) x (loop (+ i 1) (list 'f i x)))))
    (define (tree d)
      (if (= d 0) "leaf" (vector 'node (tree (- d 1)) (list d (tree (- d 1))))))
    (define data
      (list (nest 300) (tree 6) (make-list 500 'wide)
            '(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
            (list "strings" #\a 1.5 -7/3 (vector 1 2 (list 3 4)) '(a . b))))
    (for-each
     (lambda (width)
       (test-assert (string-append "what prints reads back, width "
                                   (number->string width))
                    (let loop ((ds data))
                      (or (null? ds)
                          (and (equal? (read-back (pp (car ds) #:width width)) (car ds))
                               (loop (cdr ds)))))))
     '(8 20 40 79 200))
    (test-assert "a wide list stays within the width"
                 (<= (max-line-length (pp (make-list 1000 'abc) #:width 20)) 20))
    (test-assert "a tree stays within the width"
                 (<= (max-line-length (pp (tree 5) #:width 60)) 60))
    (test-equal "nesting 10000 deep" 10000
                (let loop ((x (read-back (pp (nest 10000) #:width 79))) (n 0))
                  (if (pair? x) (loop (caddr x) (+ n 1)) n)))))

(test-group "truncated-print"
  (lambda ()
    (define exp '(a b #(c d e) f . g))
    (test-equal "Guile's manual examples"
                '("(a b . #)" "(a b # . #)" "(a b #(\x2026;) . #)" "(a b #(c d e) f . g)")
                (map (lambda (w) (tp exp #:width w)) '(10 12 15 20)))
    (test-equal "a string" "\"The quick brown f\x2026;\"" (tp "The quick brown fox" #:width 20))
    (test-equal "a proper list" "(1 2 3 4 5 6 7 8 \x2026;)" (tp '(1 2 3 4 5 6 7 8 9 10 11 12) #:width 20))
    (test-equal "a vector" "#(1 2 3 4 \x2026;)" (tp (vector 1 2 3 4 5 6 7 8 9 10) #:width 12))
    (test-equal "no room at all" "#" (tp 'abcdefghijklmnopq #:width 10))
    (test-equal "what fits is printed whole, with no newline" "(a b)" (tp '(a b) #:width 5))
    (test-assert "never wider than the width"
                 (let loop ((w 1))
                   (or (> w 30)
                       (and (<= (string-length (tp exp #:width w)) w)
                            (loop (+ w 1))))))
    (test-error-contains "an unknown keyword" '("truncated-print: unknown keyword")
                         (lambda () (tp 1 #:depth 3)))))

(test-end "ice-9-pretty-print")
