;;; srfi-19.scm -- tests of SRFI 19, time data types and procedures
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (srfi 19))

(test-begin "srfi-19")

(define (utc-date . fields)
  ;; (Y M D h m s [ns]) in UTC.
  (let ((ns (if (= (length fields) 7) (list-ref fields 6) 0)))
    (make-date ns (list-ref fields 5) (list-ref fields 4) (list-ref fields 3)
               (list-ref fields 2) (list-ref fields 1) (list-ref fields 0) 0)))

(test-group "times"
  (lambda ()
    (let ((t (make-time time-utc 5 10)))
      (test-assert "time?" (time? t))
      (test-eq "time-type" time-utc (time-type t))
      (test-equal "fields" '(10 5) (list (time-second t) (time-nanosecond t)))
      (let ((c (copy-time t)))
        (set-time-second! c 11)
        (set-time-nanosecond! c 7)
        (set-time-type! c time-tai)
        (test-equal "setters on a copy" '(time-tai 11 7)
                    (list (time-type c) (time-second c) (time-nanosecond c)))
        (test-equal "the original is unchanged" 10 (time-second t))))
    (test-equal "normalised nanoseconds" '(1 500000000)
                (let ((t (make-time time-duration 1500000000 0)))
                  (list (time-second t) (time-nanosecond t))))
    (test-equal "negative durations keep nanoseconds in range" '(-1 500000000)
                (let ((t (make-time time-duration -500000000 0)))
                  (list (time-second t) (time-nanosecond t))))
    (test-error-contains "a bad type" '("make-time" "not a time type")
                         (lambda () (make-time 'time-bogus 0 0)))
    (test-error-contains "a bad second" '("make-time" "exact integer")
                         (lambda () (make-time time-utc 0 1.5)))
    (for-each
     (lambda (type)
       (test-eq (string-append "current-time of " (symbol->string type))
                type (time-type (current-time type))))
     (list time-utc time-tai time-monotonic time-process time-thread))
    (test-eq "current-time defaults to time-utc" time-utc
             (time-type (current-time)))
    (test-error-contains "current-time of a duration"
                         '("current-time" "not a clock type")
                         (lambda () (current-time time-duration)))
    (test-assert "TAI is UTC plus 37 s now"
                 (let ((d (time-second (time-difference
                                        (current-time time-tai)
                                        (time-utc->time-tai
                                         (current-time time-utc))))))
                   (<= -1 d 0)))
    (test-assert "the clock agrees with current-second"
                 (< (abs (- (time-second (current-time)) (current-second))) 2))
    (test-equal "time-resolution" 1 (time-resolution time-utc))))

(test-group "comparison and arithmetic"
  (lambda ()
    (let ((a (make-time time-utc 0 10))
          (b (make-time time-utc 500000000 10))
          (d (make-time time-duration 750000000 1)))
      (test-assert "time<?" (time<? a b))
      (test-assert "time<=?" (and (time<=? a b) (time<=? a a)))
      (test-assert "time>? and time>=?" (and (time>? b a) (time>=? b b)))
      (test-assert "time=?" (time=? a (make-time time-utc 0 10)))
      (test-error-contains "times of different types" '("time<?" "types")
                           (lambda () (time<? a (make-time time-tai 0 10))))
      (let ((diff (time-difference b a)))
        (test-eq "a difference is a duration" time-duration (time-type diff))
        (test-equal "its value" '(0 500000000)
                    (list (time-second diff) (time-nanosecond diff))))
      (let ((sum (add-duration b d)))
        (test-equal "add-duration carries" '(12 250000000)
                    (list (time-second sum) (time-nanosecond sum)))
        (test-eq "keeps the type" time-utc (time-type sum))
        (test-assert "subtract-duration undoes it"
                     (time=? b (subtract-duration sum d))))
      (let ((c (copy-time a)))
        (add-duration! c d)
        (test-equal "add-duration!" 11 (time-second c))
        (subtract-duration! c d)
        (test-assert "subtract-duration!" (time=? c a))
        (time-difference! c a)
        (test-eq "time-difference! makes a duration" time-duration
                 (time-type c)))
      (test-error-contains "adding a non-duration" '("add-duration" "duration")
                           (lambda () (add-duration a b))))))

(test-group "dates"
  (lambda ()
    (let ((d (make-date 123 4 5 6 7 8 2024 3600)))
      (test-assert "date?" (date? d))
      (test-equal "accessors" '(123 4 5 6 7 8 2024 3600)
                  (list (date-nanosecond d) (date-second d) (date-minute d)
                        (date-hour d) (date-day d) (date-month d)
                        (date-year d) (date-zone-offset d))))
    (test-equal "year day" 60 (date-year-day (utc-date 2024 2 29 0 0 0)))
    (test-equal "year day after a leap day" 366
                (date-year-day (utc-date 2024 12 31 0 0 0)))
    (test-equal "week day of 2000-01-01, a Saturday" 6
                (date-week-day (utc-date 2000 1 1 0 0 0)))
    (test-equal "week day before the epoch (1969-07-20, Sunday)" 0
                (date-week-day (utc-date 1969 7 20 0 0 0)))
    (test-equal "week numbers from Sunday and Monday" '(0 1)
                (let ((d (utc-date 2024 1 2 0 0 0)))
                  (list (date-week-number d 0) (date-week-number d 1))))
    (test-error-contains "February 30" '("make-date" "day out of range")
                         (lambda () (make-date 0 0 0 0 30 2 2024 0)))
    (test-error-contains "hour 24" '("make-date" "hour out of range")
                         (lambda () (make-date 0 0 0 24 1 1 2024 0)))
    (test-assert "current-date in UTC"
                 (= 0 (date-zone-offset (current-date 0))))
    (test-equal "current-date with an offset" 19800
                (date-zone-offset (current-date 19800)))))

(test-group "conversions"
  (lambda ()
    (let ((t (date->time-utc (utc-date 2001 9 9 1 46 40))))
      (test-equal "date->time-utc" 1000000000 (time-second t))
      (test-equal "and back, in another zone" '(2001 9 8 21 46 40 -14400)
                  (let ((d (time-utc->date t -14400)))
                    (list (date-year d) (date-month d) (date-day d)
                          (date-hour d) (date-minute d) (date-second d)
                          (date-zone-offset d)))))
    (test-equal "dates before the epoch" -86400
                (time-second (date->time-utc (utc-date 1969 12 31 0 0 0))))
    (test-equal "year 1" -62135596800
                (time-second (date->time-utc (utc-date 1 1 1 0 0 0))))
    (test-equal "a far future date" 253402300799
                (time-second (date->time-utc (utc-date 9999 12 31 23 59 59))))
    (test-equal "TAI - UTC is 10 s in 1972" 10
                (- (time-second (date->time-tai (utc-date 1972 3 1 0 0 0)))
                   (time-second (date->time-utc (utc-date 1972 3 1 0 0 0)))))
    (test-equal "and 37 s since 2017" 37
                (- (time-second (date->time-tai (utc-date 2020 1 1 0 0 0)))
                   (time-second (date->time-utc (utc-date 2020 1 1 0 0 0)))))
    (let ((leap (date->time-tai (make-date 0 60 59 23 31 12 2016 0))))
      (test-equal "the leap second 2016-12-31 23:59:60"
                  "2016-12-31T23:59:60Z"
                  (date->string (time-tai->date leap 0) "~4"))
      (test-equal "the second after it" "2017-01-01T00:00:00Z"
                  (date->string (time-tai->date
                                 (add-duration leap
                                               (make-time time-duration 0 1))
                                 0)
                                "~4")))
    (let ((u (make-time time-utc 5 1500000000)))
      (test-assert "utc -> tai -> utc"
                   (time=? u (time-tai->time-utc (time-utc->time-tai u))))
      (test-assert "utc -> monotonic -> utc"
                   (time=? u (time-monotonic->time-utc
                              (time-utc->time-monotonic u))))
      (test-assert "tai <-> monotonic"
                   (time=? (time-utc->time-tai u)
                           (time-monotonic->time-tai
                            (time-tai->time-monotonic
                             (time-utc->time-tai u)))))
      (let ((c (copy-time u)))
        (time-utc->time-tai! c)
        (test-eq "the ! forms change the time" time-tai (time-type c)))
      (test-error-contains "a conversion of the wrong type"
                           '("time-tai->time-utc" "wrong time type")
                           (lambda () (time-tai->time-utc u))))))

(test-group "julian days"
  (lambda ()
    (test-equal "the epoch" 4881175/2
                (date->julian-day (utc-date 1970 1 1 0 0 0)))
    (test-equal "J2000.0 (2000-01-01 12:00 UTC)" 2451545
                (date->julian-day (utc-date 2000 1 1 12 0 0)))
    (test-equal "modified julian day" 51544
                (date->modified-julian-day (utc-date 2000 1 1 0 0 0)))
    (test-equal "an offset zone" 2451545
                (date->julian-day (make-date 0 0 0 13 1 1 2000 3600)))
    (test-equal "julian-day->date" "2000-01-01T12:00:00Z"
                (date->string (julian-day->date 2451545 0) "~4"))
    (test-equal "modified-julian-day->date" "2000-01-01T00:00:00Z"
                (date->string (modified-julian-day->date 51544 0) "~4"))
    (test-equal "julian-day->time-utc" 946728000
                (time-second (julian-day->time-utc 2451545)))
    (test-equal "modified-julian-day->time-utc" 946684800
                (time-second (modified-julian-day->time-utc 51544)))
    (test-equal "julian-day->time-tai" (+ 946728000 32)
                (time-second (julian-day->time-tai 2451545)))
    (test-eq "julian-day->time-monotonic" time-monotonic
             (time-type (julian-day->time-monotonic 2451545)))
    (test-equal "time-utc->julian-day with nanoseconds"
                (+ 4881175/2 (/ 1/2 86400))
                (time-utc->julian-day (make-time time-utc 500000000 0)))
    (test-equal "time-tai->modified-julian-day" 51544
                (time-tai->modified-julian-day
                 (date->time-tai (utc-date 2000 1 1 0 0 0))))
    (test-assert "current-julian-day is after 2024"
                 (> (current-julian-day) 2460310))
    (test-assert "current-modified-julian-day"
                 (< (abs (- (current-julian-day)
                            (+ (current-modified-julian-day) 4800001/2)))
                    1/1000))))

(test-group "date->string"
  (lambda ()
    (let ((d (make-date 5000 7 8 9 3 1 2021 -18000)))
      (test-equal "names and numbers"
                  "Sun|Sunday|Jan|January|03|01/03/21| 3|7.000005|Jan|09|09|003| 9| 9|01|08|000005000|AM|09:08:07 AM"
                  (date->string d "~a|~A|~b|~B|~d|~D|~e|~f|~h|~H|~I|~j|~k|~l|~m|~M|~N|~p|~r"))
      (test-equal "seconds, weeks, zones"
                  "1609682887|07|09:08:07|01|53|0|00|01/03/21|09:08:07|21|2021|-0500"
                  (date->string d "~s|~S|~T|~U|~V|~w|~W|~x|~X|~y|~Y|~z"))
      (test-equal "ISO 8601 forms"
                  "2021-01-03|09:08:07-0500|09:08:07|2021-01-03T09:08:07-0500|2021-01-03T09:08:07"
                  (date->string d "~1|~2|~3|~4|~5"))
      (test-equal "~c, the default" "Sun Jan 03 09:08:07-0500 2021"
                  (date->string d))
      (test-equal "~~, ~n, ~t" "~\n\t" (date->string d "~~~n~t"))
      (test-equal "padding modifiers" "3| 3|03|9"
                  (date->string d "~-d|~_d|~d|~-H"))
      (test-equal "text around, beyond the BMP" "\x1F600; 2021 \x1F600;"
                  (date->string d "\x1F600; ~Y \x1F600;"))
      (test-equal "~Z" "-0500" (date->string d "~Z"))
      (test-equal "an empty format" "" (date->string d "")))
    (test-equal "~I at midnight is 12" "12 AM"
                (date->string (utc-date 2023 1 1 0 0 0) "~I ~p"))
    (test-equal "~V at a year's end (ISO week 53 of 2020)" "53"
                (date->string (utc-date 2020 12 31 0 0 0) "~V"))
    (test-equal "~V of 2021-01-04" "01"
                (date->string (utc-date 2021 1 4 0 0 0) "~V"))
    (test-equal "~U when the year starts on Sunday, as strftime's %U" "01"
                (date->string (utc-date 2023 1 1 0 0 0) "~U"))
    (test-equal "~f without a fraction" "59.0"
                (date->string (utc-date 2020 12 31 23 59 59) "~f"))
    (test-equal "~z of UTC" "Z" (date->string (utc-date 2020 1 1 0 0 0) "~z"))
    (test-error-contains "an unknown directive" '("date->string" "~q")
                         (lambda () (date->string (current-date) "~q")))
    (test-error-contains "a format ending in ~" '("date->string" "ends in ~")
                         (lambda () (date->string (current-date) "abc~")))))

(test-group "string->date"
  (lambda ()
    (let ((d (string->date "2024-03-05T10:20:30+0100" "~Y-~m-~dT~H:~M:~S~z")))
      (test-equal "ISO 8601" '(2024 3 5 10 20 30 3600)
                  (list (date-year d) (date-month d) (date-day d)
                        (date-hour d) (date-minute d) (date-second d)
                        (date-zone-offset d))))
    (test-equal "round trip through ~4" "2024-03-05T10:20:30-0230"
                (date->string (string->date "2024-03-05T10:20:30-0230"
                                            "~Y-~m-~dT~H:~M:~S~z")
                              "~4"))
    (let ((d (string->date "Tuesday, 5 March 2024, 9h" "~A, ~e ~B ~Y, ~kh")))
      (test-equal "names" '(2024 3 5 9) (list (date-year d) (date-month d)
                                              (date-day d) (date-hour d))))
    (let ((d (string->date "mar 07 z" "~b ~d ~z")))
      (test-equal "case-insensitive names, Z, defaults"
                  '(1970 3 7 0 0 0)
                  (list (date-year d) (date-month d) (date-day d)
                        (date-hour d) (date-minute d) (date-zone-offset d))))
    (test-equal "two-digit years near now" 2024
                (date-year (string->date "24" "~y")))
    (test-equal "~~" 5 (date-day (string->date "~5" "~~~d")))
    (test-error-contains "a mismatch names the position"
                         '("string->date" "position 4")
                         (lambda () (string->date "2024/03/05" "~Y-~m-~d")))
    (test-error-contains "trailing text"
                         '("string->date" "the end of the string")
                         (lambda () (string->date "2024x" "~Y")))
    (test-error-contains "an impossible date" '("make-date" "day out of range")
                         (lambda () (string->date "2023-02-29" "~Y-~m-~d")))
    (test-error-contains "an unknown month" '("string->date" "month name")
                         (lambda () (string->date "Foo" "~b")))))

(test-end "srfi-19")
