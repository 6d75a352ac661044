;;; posix-time.scm -- Guile's time procedures: clocks, broken-down time,
;;; strftime and strptime, process times, sleeping
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Zones are named explicitly (UTC, America/New_York, Asia/Kolkata from
;;; the system's zoneinfo) so that no result depends on the machine's
;;; TZ.

(test-begin "posix-time")

(define (elapsed-ns thunk)
  (let ((t0 (get-internal-real-time)))
    (thunk)
    (- (get-internal-real-time) t0)))

(test-group "clocks"
  (lambda ()
    (test-assert "current-time is an exact integer near gettimeofday"
                 (let ((t (current-time)) (g (gettimeofday)))
                   (and (exact-integer? t) (<= 0 (- (car g) t) 1))))
    (test-assert "gettimeofday's microseconds"
                 (<= 0 (cdr (gettimeofday)) 999999))
    (test-equal "internal-time-units-per-second" 1000000000
                internal-time-units-per-second)
    (test-assert "get-internal-real-time goes forward"
                 (let ((a (get-internal-real-time)))
                   (<= a (get-internal-real-time))))
    (test-assert "get-internal-run-time counts work"
                 (let ((a (get-internal-run-time)))
                   (let loop ((i 0)) (if (< i 300000) (loop (+ i 1))))
                   (< a (get-internal-run-time))))
    (let ((t (times)))
      (test-assert "times' fields are exact integers"
                   (for-each (lambda (acc)
                               (if (not (exact-integer? (acc t)))
                                   (error "not an integer" acc)))
                             (list tms:clock tms:utime tms:stime tms:cutime
                                   tms:cstime)))
      (test-assert "the children's times grow after one ran"
                   (begin
                     (system "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done")
                     (>= (+ (tms:cutime (times)) (tms:cstime (times)))
                         (+ (tms:cutime t) (tms:cstime t))))))))

(test-group "broken-down time"
  (lambda ()
    (let ((tm (gmtime 1700000000)))
      (test-equal "gmtime" '(20 13 22 14 10 123 2 317 0 0 "GMT")
                  (list (tm:sec tm) (tm:min tm) (tm:hour tm) (tm:mday tm)
                        (tm:mon tm) (tm:year tm) (tm:wday tm) (tm:yday tm)
                        (tm:isdst tm) (tm:gmtoff tm) (tm:zone tm))))
    (let ((tm (localtime 1700000000 "America/New_York")))
      (test-equal "localtime in a zone: offset west of UTC, as Guile"
                  '(17 18000 "EST") (list (tm:hour tm) (tm:gmtoff tm)
                                          (tm:zone tm))))
    (let ((tm (localtime 1690000000 "America/New_York")))
      (test-equal "daylight saving" '(1 14400 "EDT")
                  (list (tm:isdst tm) (tm:gmtoff tm) (tm:zone tm))))
    (test-equal "a zone east of UTC" -19800
                (tm:gmtoff (localtime 0 "Asia/Kolkata")))
    (test-equal "negative times" 1969 (+ 1900 (tm:year (gmtime -1))))
    (test-equal "localtime leaves TZ as it was" (getenv "TZ")
                (begin (localtime 0 "Asia/Kolkata") (getenv "TZ")))
    (let ((tm (gmtime 0)))
      (set-tm:mday tm 32)
      (set-tm:hour tm 25)
      (let ((r (mktime tm "UTC")))
        (test-equal "mktime normalises" (+ (* 32 86400) 3600) (car r))
        (test-equal "the normalised day" 2 (tm:mday (cdr r)))
        (test-equal "the normalised month" 1 (tm:mon (cdr r)))
        (test-equal "the day of the week filled in" 1 (tm:wday (cdr r)))))
    (test-equal "mktime in another zone" (+ 1700000000 0)
                (car (mktime (localtime 1700000000 "America/New_York")
                             "America/New_York")))
    (test-error-contains "gmtime of a non-integer"
                         '("gmtime" "wrong type argument")
                         (lambda () (gmtime 1.5)))
    (test-error-contains "mktime of a short vector"
                         '("mktime" "broken-down time")
                         (lambda () (mktime #(1 2 3))))
    (test-error-contains "tm:sec of a non-tm" '("tm:sec" "broken-down time")
                         (lambda () (tm:sec 5)))))

(test-group "strftime and strptime"
  (lambda ()
    (let ((tm (localtime 1700000000 "America/New_York")))
      (test-equal "strftime" "2023-11-14 17:13:20 -0500 EST Tuesday"
                  (strftime "%Y-%m-%d %H:%M:%S %z %Z %A" tm))
      (test-equal "an empty result" "" (strftime "" tm))
      (test-equal "text beyond the BMP" "\x1F600; 2023"
                  (strftime "\x1F600; %Y" tm))
      (test-equal "a long result" 2000
                  (string-length (strftime (make-string 2000 #\a)
                                           (gmtime 0)))))
    (let ((r (strptime "%Y-%m-%d %H:%M" "2024-02-29 10:11 rest")))
      (test-equal "strptime's fields" '(0 11 10 29 1 124)
                  (let ((tm (car r)))
                    (list (tm:sec tm) (tm:min tm) (tm:hour tm) (tm:mday tm)
                          (tm:mon tm) (tm:year tm))))
      (test-equal "strptime counts the characters used" 16 (cdr r)))
    (test-equal "characters, not bytes" 3
                (cdr (strptime "\x1F600;%H" "\x1F600;10")))
    (test-error-contains "a string that does not match"
                         '("strptime" "does not match")
                         (lambda () (strptime "%Y-%m" "May 2024")))))

(test-group "sleeping"
  (lambda ()
    (test-equal "sleep returns 0" 0 (sleep 0))
    (test-assert "usleep waits"
                 (>= (elapsed-ns (lambda () (usleep 50000))) 50000000))
    (test-assert "nanosleep waits"
                 (>= (elapsed-ns (lambda () (nanosleep 20000000))) 20000000))
    (test-error-contains "a negative duration" '("usleep" "out of range")
                         (lambda () (usleep -1)))
    (let ((ns (elapsed-ns
               (lambda ()
                 (test-eq "a time limit ends a sleep" 'limit-exceeded
                          (guard (e (#t (condition-kind e)))
                            (call-with-limits (lambda () (sleep 30))
                                              0.1 #f)))))))
      (test-assert "soon" (< ns (* 2 internal-time-units-per-second))))))


(test-end "posix-time")
