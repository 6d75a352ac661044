;;; time.sls -- (scheme time) of R7RS for Chez Scheme 9.5: jiffies are
;;; nanoseconds of the monotonic clock
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(library (scheme time)
  (export current-jiffy current-second jiffies-per-second)
  (import (chezscheme))

  (define (current-jiffy)
    (let ((t (current-time 'time-monotonic)))
      (+ (* (time-second t) 1000000000) (time-nanosecond t))))
  (define (jiffies-per-second) 1000000000)
  (define (current-second)
    (let ((t (current-time 'time-utc)))
      (+ (time-second t) (/ (time-nanosecond t) 1e9)))))
