;;; alist.scm -- tests of Guile's association-list procedures (alist.c)
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(test-begin "alist")

(test-group "acons and the -ref forms"
  (lambda ()
    (test-equal "acons" '((a . 1) (b . 2)) (acons 'a 1 '((b . 2))))
    (test-equal "acons onto the empty list" '((k . v)) (acons 'k 'v '()))
    (let ((al '((a . 1) (b . 2) (a . 3) (2.5 . x) ("s" . y) (#\λ . z))))
      (test-equal "assq-ref: the first entry" 1 (assq-ref al 'a))
      (test-equal "assq-ref: missing is #f" #f (assq-ref al 'c))
      (test-equal "assq-ref of the empty alist" #f (assq-ref '() 'a))
      (test-equal "assv-ref compares numbers with eqv?" 'x (assv-ref al 2.5))
      (test-equal "assv-ref of a character" 'z (assv-ref al #\λ))
      (test-equal "assq-ref does not find a fresh string" #f (assq-ref al (string #\s)))
      (test-equal "assoc-ref finds it with equal?" 'y (assoc-ref al (string #\s)))
      (test-equal "a value of #f reads as #f" #f (assq-ref '((a . #f)) 'a)))
    (test-error-contains "assq-ref of an improper alist" '("assq:" "proper list")
                         (lambda () (assq-ref '((a . 1) . 5) 'b)))
    (test-error-contains "assoc-ref of a list with a non-pair" '("assoc:" "association list")
                         (lambda () (assoc-ref '(1 2) 'b)))
    (test-error-contains "assv-ref of a circular list" '("assv:")
                         (lambda ()
                           (let ((l (list (cons 1 2))))
                             (set-cdr! l l)
                             (assv-ref l 9))))))

(test-group "the -set! forms"
  (lambda ()
    (let* ((al (list (cons 'a 1) (cons 'b 2)))
           (r (assq-set! al 'b 20)))
      (test-assert "an existing key: the same list back" (eq? r al))
      (test-equal "its value replaced in place" '((a . 1) (b . 20)) al))
    (let* ((al (list (cons 'a 1)))
           (r (assq-set! al 'c 3)))
      (test-equal "a new key: an entry in front" '((c . 3) (a . 1)) r)
      (test-assert "sharing the old list" (eq? (cdr r) al)))
    (test-equal "assq-set! on the empty list" '((a . 1)) (assq-set! '() 'a 1))
    (let ((al (list (cons 1.5 'x))))
      (assv-set! al 1.5 'y)
      (test-equal "assv-set!" '((1.5 . y)) al))
    (let ((al (list (cons (list 1 2) 'x))))
      (assoc-set! al (list 1 2) 'y)
      (test-equal "assoc-set!" '(((1 2) . y)) al)
      (test-equal "assq-set! does not find an equal list: adds"
                  2 (length (assq-set! al (list 1 2) 'z))))
    (test-error-contains "assq-set! on a literal constant"
                         '("assq-set!" "literal constant")
                         (lambda () (assq-set! '((a . 1)) 'a 2)))))

(test-group "the -remove! forms"
  (lambda ()
    (let ((al (list (cons 'a 1) (cons 'b 2) (cons 'c 3) (cons 'b 4))))
      (test-equal "remove a middle entry: only the first match"
                  '((a . 1) (c . 3) (b . 4)) (assq-remove! al 'b))
      (test-equal "in place" '((a . 1) (c . 3) (b . 4)) al))
    (let ((al (list (cons 'a 1) (cons 'b 2))))
      (test-equal "remove the first entry: the rest" '((b . 2)) (assq-remove! al 'a)))
    (let ((al (list (cons 'a 1))))
      (test-assert "a missing key: the same list" (eq? al (assq-remove! al 'z))))
    (test-equal "remove from the empty list" '() (assq-remove! '() 'a))
    (test-equal "assv-remove!" '((1 . a)) (assv-remove! (list (cons 1 'a) (cons 2.5 'b)) 2.5))
    (test-equal "assoc-remove!" '() (assoc-remove! (list (cons "k" 1)) "k"))
    (test-error-contains "removing inside a literal constant"
                         '("assq-remove!" "literal constant")
                         (lambda () (assq-remove! '((a . 1) (b . 2)) 'b)))
    (test-error-contains "assq-remove! of a non-list" '("assq:")
                         (lambda () (assq-remove! 5 'a)))))

(test-group "a Guile program's view"
  (lambda ()
    (test-assert "the names are in (guile)"
                 (eval '(procedure? assoc-ref)
                       (environment '(guile))))))

(test-end "alist")
