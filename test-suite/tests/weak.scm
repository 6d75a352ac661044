;;; weak.scm -- weak boxes
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(test-begin "weak")

(define (collect) (gc) (gc) (gc))

;; N weak boxes of fresh vectors that nothing else holds.
(define (boxes-of-garbage n)
  (let loop ((i 0) (acc '()))
    (if (= i n)
        acc
        (loop (+ i 1) (cons (make-weak-box (make-vector 2 i)) acc)))))

(test-group "weak boxes"
  (lambda ()
    (let* ((kept (list 'kept))
           (box (make-weak-box kept)))
      (test-assert "weak-box?" (and (weak-box? box) (not (weak-box? kept))
                                    (not (weak-box? 5))))
      (collect)
      (test-eq "a box of a referenced object still holds it" kept
               (weak-box-value box))
      (test-eq "and is not broken" #f (weak-box-broken? box)))
    (let ((boxes (boxes-of-garbage 1000)))
      (collect)
      (let ((broken (let loop ((l boxes) (n 0))
                      (if (null? l) n
                          (loop (cdr l) (if (weak-box-broken? (car l))
                                            (+ n 1) n))))))
        (test-assert "boxes of unreachable objects break after (gc)"
                     (>= broken 900))
        (test-assert "a broken box holds #f"
                     (let loop ((l boxes))
                       (or (null? l)
                           (and (if (weak-box-broken? (car l))
                                    (eq? #f (weak-box-value (car l)))
                                    (vector? (weak-box-value (car l))))
                                (loop (cdr l))))))))
    (let ((boxes (list (make-weak-box 5) (make-weak-box #\a)
                       (make-weak-box #f) (make-weak-box car))))
      (collect)
      (test-equal "immediates, #f and constants never break"
                  (list 5 #\a #f car #f)
                  (append (map weak-box-value boxes)
                          (list (weak-box-broken? (caddr boxes))))))
    (test-error-message "weak-box-value of a non-box"
                        "weak-box-value: wrong type argument in position 1 (expected weak box): (1)"
                        (lambda () (weak-box-value '(1))))))

(test-end "weak")
