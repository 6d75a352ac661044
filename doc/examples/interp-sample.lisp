; factorial, recursively
(define (fact n) (if (= n 0) 1 (* n (fact (- n 1)))))
(fact 20)
(fact 30)
; closures and higher-order procedures
(define (make-counter)
  (let ((n 0))
    (lambda () (set! n (+ n 1)) n)))
(define c (make-counter))
(c)
(c)
(define (map f xs) (if (null? xs) '() (cons (f (car xs)) (map f (cdr xs)))))
(map (lambda (x) (* x x)) '(1 2 3 4))
(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(fib 15)
(let ((greeting "hello") (who "world")) (string-append greeting ", " who))
(and 1 2 (or #f 3))
make-counter
; errors are reported and evaluation goes on
(undefined-thing 1)
(fact 1 2)
(car '())
(if)
"done"
