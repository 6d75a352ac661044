;;; 132.sld -- SRFI 132, sort libraries
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The sorts and merges of lists are the core's (sort.c: a stable
;;; merge sort, interruptible, that works on a copy), called with the
;;; SRFI's argument order (the ordering first); every sort is stable,
;;; so the stable and plain names are the same procedures.  The vector
;;; forms take the SRFI's optional START and END and sort that range.
;;; vector-select! and vector-separate! partition in place around
;;; random pivots (three-way, so runs of equal elements cost nothing):
;;; expected linear time.  vector-find-median sorts a copy.
;;;
;;; Arguments are checked, and errors name the procedure and the
;;; argument position.

;;; Code:

(define-library (srfi 132)
  (export list-sorted? vector-sorted?
          list-sort list-stable-sort list-sort! list-stable-sort!
          vector-sort vector-stable-sort vector-sort! vector-stable-sort!
          list-merge list-merge! vector-merge vector-merge!
          list-delete-neighbor-dups list-delete-neighbor-dups!
          vector-delete-neighbor-dups vector-delete-neighbor-dups!
          vector-find-median vector-find-median!
          vector-select! vector-separate!)
  (import (libscm))
  (begin

    (define (wrong-type who pos expected obj)
      (error (string-append who ": wrong type argument in position "
                            (number->string pos) " (expected " expected ")")
             obj))

    (define (out-of-range who pos obj)
      (error (string-append who ": argument out of range in position "
                            (number->string pos))
             obj))

    (define (check-procedure who pos f)
      (if (not (procedure? f)) (wrong-type who pos "procedure" f)))

    (define (check-list who pos l)
      (if (not (list? l)) (wrong-type who pos "proper list" l)))

    (define (check-vector who pos v)
      (if (not (vector? v)) (wrong-type who pos "vector" v)))

    ;; The range [START, END) of V that the optional arguments OPT (from
    ;; position POS) select, as two values.
    (define (range who v opt pos)
      (let* ((n (vector-length v))
             (start (if (pair? opt) (car opt) 0))
             (end (if (and (pair? opt) (pair? (cdr opt))) (cadr opt) n)))
        (if (not (exact-integer? start)) (wrong-type who pos "exact integer" start))
        (if (not (exact-integer? end)) (wrong-type who (+ pos 1) "exact integer" end))
        (if (not (<= 0 start n)) (out-of-range who pos start))
        (if (not (<= start end n)) (out-of-range who (+ pos 1) end))
        (values start end)))

    ;; ----------------------------------------------------------------
    ;; Predicates.

    (define (list-sorted? < lis)
      "#t if no element of LIS is less than (by <) the one before it."
      (check-procedure "list-sorted?" 1 <)
      (check-list "list-sorted?" 2 lis)
      (or (null? lis)
          (let loop ((prev (car lis)) (l (cdr lis)))
            (or (null? l)
                (and (not (< (car l) prev))
                     (loop (car l) (cdr l)))))))

    (define (vector-sorted? less v . opt)
      "(vector-sorted? < V [START [END]]): #t if the range is sorted."
      (check-procedure "vector-sorted?" 1 less)
      (check-vector "vector-sorted?" 2 v)
      (let-values (((start end) (range "vector-sorted?" v opt 3)))
        (let loop ((i (+ start 1)))
          (or (>= i end)
              (and (not (less (vector-ref v i) (vector-ref v (- i 1))))
                   (loop (+ i 1)))))))

    ;; ----------------------------------------------------------------
    ;; Sorting.

    (define (list-sort < lis)
      "A new list of the elements of LIS, sorted stably by <."
      (check-procedure "list-sort" 1 <)
      (check-list "list-sort" 2 lis)
      (sort lis <))

    (define list-stable-sort list-sort)

    (define (list-sort! < lis)
      "LIS sorted stably by <, reusing its pairs."
      (check-procedure "list-sort!" 1 <)
      (check-list "list-sort!" 2 lis)
      (sort! lis <))

    (define list-stable-sort! list-sort!)

    (define (vector-sort < v . opt)
      "(vector-sort < V [START [END]]): a new vector of the range's
elements, sorted stably."
      (check-procedure "vector-sort" 1 <)
      (check-vector "vector-sort" 2 v)
      (let-values (((start end) (range "vector-sort" v opt 3)))
        (sort! (vector-copy v start end) <)))

    (define vector-stable-sort vector-sort)

    (define (vector-sort! < v . opt)
      "(vector-sort! < V [START [END]]): sort the range of V in place,
stably."
      (check-procedure "vector-sort!" 1 <)
      (check-vector "vector-sort!" 2 v)
      (let-values (((start end) (range "vector-sort!" v opt 3)))
        (if (and (= start 0) (= end (vector-length v)))
            (sort! v <)
            (vector-copy! v start (sort! (vector-copy v start end) <)))
        (if #f #f)))

    (define vector-stable-sort! vector-sort!)

    ;; ----------------------------------------------------------------
    ;; Merging.

    (define (list-merge < lis1 lis2)
      "A new sorted list of the elements of the sorted LIS1 and LIS2; on
ties LIS1's come first."
      (check-procedure "list-merge" 1 <)
      (check-list "list-merge" 2 lis1)
      (check-list "list-merge" 3 lis2)
      (merge lis1 lis2 <))

    (define (list-merge! < lis1 lis2)
      "As list-merge, reusing the pairs of LIS1 and LIS2."
      (check-procedure "list-merge!" 1 <)
      (check-list "list-merge!" 2 lis1)
      (check-list "list-merge!" 3 lis2)
      (merge! lis1 lis2 <))

    ;; Merge V1[s1, e1) and V2[s2, e2) into TO from index AT.
    (define (merge-into! less to at v1 s1 e1 v2 s2 e2)
      (let loop ((k at) (i s1) (j s2))
        (cond ((and (< i e1) (< j e2))
               (let ((a (vector-ref v1 i)) (b (vector-ref v2 j)))
                 (if (less b a)
                     (begin (vector-set! to k b) (loop (+ k 1) i (+ j 1)))
                     (begin (vector-set! to k a) (loop (+ k 1) (+ i 1) j)))))
              ((< i e1) (vector-copy! to k v1 i e1))
              ((< j e2) (vector-copy! to k v2 j e2)))))

    ;; The optional start1 end1 start2 end2 of a vector merge.
    (define (merge-ranges who v1 v2 opt pos)
      (let-values (((s1 e1) (range who v1 opt pos)))
        (let-values (((s2 e2) (range who v2 (if (and (pair? opt) (pair? (cdr opt)))
                                                (cddr opt)
                                                '())
                                     (+ pos 2))))
          (values s1 e1 s2 e2))))

    (define (vector-merge less v1 v2 . opt)
      "(vector-merge < V1 V2 [START1 [END1 [START2 [END2]]]]): a new
sorted vector of the elements of the two sorted ranges; ties take V1's
first."
      (check-procedure "vector-merge" 1 less)
      (check-vector "vector-merge" 2 v1)
      (check-vector "vector-merge" 3 v2)
      (let-values (((s1 e1 s2 e2) (merge-ranges "vector-merge" v1 v2 opt 4)))
        (let ((to (make-vector (+ (- e1 s1) (- e2 s2)))))
          (merge-into! less to 0 v1 s1 e1 v2 s2 e2)
          to)))

    (define (vector-merge! less to v1 v2 . opt)
      "(vector-merge! < TO V1 V2 [START [START1 [END1 [START2 [END2]]]]]):
merge the two sorted ranges into TO from START (0 by default)."
      (check-procedure "vector-merge!" 1 less)
      (check-vector "vector-merge!" 2 to)
      (check-vector "vector-merge!" 3 v1)
      (check-vector "vector-merge!" 4 v2)
      (let ((start (if (pair? opt) (car opt) 0)))
        (if (not (exact-integer? start)) (wrong-type "vector-merge!" 5 "exact integer" start))
        (let-values (((s1 e1 s2 e2) (merge-ranges "vector-merge!" v1 v2
                                                  (if (pair? opt) (cdr opt) '()) 6)))
          (if (not (<= 0 start (- (vector-length to) (+ (- e1 s1) (- e2 s2)))))
              (out-of-range "vector-merge!" 5 start))
          (merge-into! less to start v1 s1 e1 v2 s2 e2)
          (if #f #f))))

    ;; ----------------------------------------------------------------
    ;; Deleting neighbouring duplicates: the first of each run stays.

    (define (list-delete-neighbor-dups = lis)
      "LIS without the elements equal (by =) to the one before them."
      (check-procedure "list-delete-neighbor-dups" 1 =)
      (check-list "list-delete-neighbor-dups" 2 lis)
      (if (null? lis)
          '()
          (let loop ((prev (car lis)) (l (cdr lis)) (acc (list (car lis))))
            (cond ((null? l) (reverse! acc))
                  ((= prev (car l)) (loop prev (cdr l) acc))
                  (else (loop (car l) (cdr l) (cons (car l) acc)))))))

    (define (list-delete-neighbor-dups! = lis)
      "As list-delete-neighbor-dups, reusing the pairs of LIS."
      (check-procedure "list-delete-neighbor-dups!" 1 =)
      (check-list "list-delete-neighbor-dups!" 2 lis)
      (if (pair? lis)
          (let loop ((last lis) (l (cdr lis)))
            (cond ((null? l) (set-cdr! last '()))
                  ((= (car last) (car l)) (loop last (cdr l)))
                  (else (set-cdr! last l) (loop l (cdr l))))))
      lis)

    (define (vector-delete-neighbor-dups same? v . opt)
      "(vector-delete-neighbor-dups = V [START [END]]): a new vector of the
range without the elements equal to the one before them."
      (check-procedure "vector-delete-neighbor-dups" 1 same?)
      (check-vector "vector-delete-neighbor-dups" 2 v)
      (let-values (((start end) (range "vector-delete-neighbor-dups" v opt 3)))
        (let* ((w (vector-copy v start end))
               (n (compact! same? w 0 (- end start))))
          (vector-copy w 0 n))))

    ;; Move the first of each run of V[start, end) to the front of the
    ;; range; return the index after them.
    (define (compact! same? v start end)
      (if (= start end)
          end
          (let loop ((k (+ start 1)) (i (+ start 1)))
            (if (>= i end)
                k
                (let ((x (vector-ref v i)))
                  (if (same? (vector-ref v (- k 1)) x)
                      (loop k (+ i 1))
                      (begin (vector-set! v k x) (loop (+ k 1) (+ i 1)))))))))

    (define (vector-delete-neighbor-dups! same? v . opt)
      "(vector-delete-neighbor-dups! = V [START [END]]): move the first of
each run of equal elements of the range to its front, in order; return
the index after them."
      (check-procedure "vector-delete-neighbor-dups!" 1 same?)
      (check-vector "vector-delete-neighbor-dups!" 2 v)
      (let-values (((start end) (range "vector-delete-neighbor-dups!" v opt 3)))
        (if (= start end) end (compact! same? v start end))))

    ;; ----------------------------------------------------------------
    ;; Selection and medians.

    (define (swap! v i j)
      (let ((t (vector-ref v i)))
        (vector-set! v i (vector-ref v j))
        (vector-set! v j t)))

    ;; Reorder V[lo, hi) so that the element of rank K (an index in the
    ;; range) is at K, those before it are not greater and those after
    ;; not less; return it.  Three-way partitions around random pivots.
    (define (select! less v lo hi k)
      (let loop ((lo lo) (hi hi))
        (let ((p (vector-ref v (+ lo (random (- hi lo))))))
          (let part ((lt lo) (i lo) (gt hi))
            (if (< i gt)
                (let ((x (vector-ref v i)))
                  (cond ((less x p) (swap! v lt i) (part (+ lt 1) (+ i 1) gt))
                        ((less p x) (swap! v i (- gt 1)) (part lt i (- gt 1)))
                        (else (part lt (+ i 1) gt))))
                (cond ((< k lt) (loop lo lt))
                      ((>= k gt) (loop gt hi))
                      (else p)))))))

    (define (check-rank who k start end)
      (if (not (exact-integer? k)) (wrong-type who 3 "exact integer" k))
      (if (not (and (<= 0 k) (< (+ start k) end))) (out-of-range who 3 k)))

    (define (vector-select! less v k . opt)
      "(vector-select! < V K [START [END]]): the element of rank K (from
0) of the range, which is reordered in the process."
      (check-procedure "vector-select!" 1 less)
      (check-vector "vector-select!" 2 v)
      (let-values (((start end) (range "vector-select!" v opt 4)))
        (check-rank "vector-select!" k start end)
        (select! less v start end (+ start k))))

    (define (vector-separate! less v k . opt)
      "(vector-separate! < V K [START [END]]): reorder the range so that
its K smallest elements come first, in no particular order."
      (check-procedure "vector-separate!" 1 less)
      (check-vector "vector-separate!" 2 v)
      (let-values (((start end) (range "vector-separate!" v opt 4)))
        (if (not (and (exact-integer? k) (<= 0 k (- end start))))
            (out-of-range "vector-separate!" 3 k))
        (if (< (+ start k) end)
            (select! less v start end (+ start k)))
        (if #f #f)))

    (define (default-mean a b) (/ (+ a b) 2))

    ;; The median of the sorted vector S.
    (define (median-of s knil mean)
      (let ((n (vector-length s)))
        (cond ((= n 0) knil)
              ((odd? n) (vector-ref s (quotient n 2)))
              (else (mean (vector-ref s (- (quotient n 2) 1))
                          (vector-ref s (quotient n 2)))))))

    (define (vector-find-median < v knil . mean)
      "(vector-find-median < V KNIL [MEAN]): the median of V: KNIL if V is
empty, the middle element if its length is odd, else MEAN (by default
the arithmetic mean) of the two middle ones.  V is not changed; linear
time (selection in a copy)."
      (check-procedure "vector-find-median" 1 <)
      (check-vector "vector-find-median" 2 v)
      (let* ((n (vector-length v))
             (w (vector-copy v))
             (mean (if (pair? mean) (car mean) default-mean)))
        (cond ((= n 0) knil)
              ((odd? n) (select! < w 0 n (quotient n 2)))
              (else
               ;; The lower middle one; all after it are not less, and
               ;; the upper middle one is the least of them.
               (let ((a (select! < w 0 n (- (quotient n 2) 1))))
                 (let loop ((i (+ (quotient n 2) 1)) (b (vector-ref w (quotient n 2))))
                   (if (= i n)
                       (mean a b)
                       (loop (+ i 1) (let ((x (vector-ref w i))) (if (< x b) x b))))))))))

    (define (vector-find-median! < v knil . mean)
      "As vector-find-median, sorting V in place."
      (check-procedure "vector-find-median!" 1 <)
      (check-vector "vector-find-median!" 2 v)
      (sort! v <)
      (median-of v knil (if (pair? mean) (car mean) default-mean)))))
