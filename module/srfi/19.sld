;;; 19.sld -- SRFI 19, Time Data Types and Procedures
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Times are records of a type (time-utc, time-tai, time-monotonic,
;;; time-thread, time-process, time-duration), seconds and nanoseconds;
;;; the nanoseconds are always in [0, 10^9), the seconds carry the sign.
;;; Dates are records of nanosecond, second, minute, hour, day, month,
;;; year and zone offset (seconds east of UTC).
;;;
;;; The clocks are libscm's %clock-time (posix/time.c): time-utc reads
;;; CLOCK_REALTIME, time-tai adds TAI - UTC from the leap second table
;;; below, time-monotonic is TAI, as in the SRFI's reference
;;; implementation and Guile (so that the conversions between the two
;;; are exact), time-process and time-thread read the processor time
;;; clocks.  The local zone offset comes from the C library (localtime);
;;; everything else is exact arithmetic on the proleptic Gregorian
;;; calendar.  date->string and string->date take every directive of
;;; the SRFI, with English names as the SRFI's locale.
;;;
;;; This library's current-time is SRFI 19's (a time object); (libscm)'s
;;; current-time, Guile's core one, returns whole seconds.

;;; Code:

(define-library (srfi 19)
  (import (except (libscm) current-time))
  (export time-duration time-monotonic time-process time-tai time-thread
          time-utc
          current-date current-julian-day current-modified-julian-day
          current-time time-resolution
          make-time time? time-type time-nanosecond time-second
          set-time-type! set-time-nanosecond! set-time-second! copy-time
          time<=? time<? time=? time>=? time>?
          time-difference time-difference! add-duration add-duration!
          subtract-duration subtract-duration!
          make-date date? date-nanosecond date-second date-minute
          date-hour date-day date-month date-year date-zone-offset
          date-year-day date-week-day date-week-number
          date->julian-day date->modified-julian-day date->time-monotonic
          date->time-tai date->time-utc
          julian-day->date julian-day->time-monotonic julian-day->time-tai
          julian-day->time-utc
          modified-julian-day->date modified-julian-day->time-monotonic
          modified-julian-day->time-tai modified-julian-day->time-utc
          time-monotonic->date time-monotonic->julian-day
          time-monotonic->modified-julian-day time-monotonic->time-tai
          time-monotonic->time-tai! time-monotonic->time-utc
          time-monotonic->time-utc!
          time-tai->date time-tai->julian-day time-tai->modified-julian-day
          time-tai->time-monotonic time-tai->time-monotonic!
          time-tai->time-utc time-tai->time-utc!
          time-utc->date time-utc->julian-day time-utc->modified-julian-day
          time-utc->time-monotonic time-utc->time-monotonic!
          time-utc->time-tai time-utc->time-tai!
          date->string string->date)
  (begin

    (define time-duration 'time-duration)
    (define time-monotonic 'time-monotonic)
    (define time-process 'time-process)
    (define time-tai 'time-tai)
    (define time-thread 'time-thread)
    (define time-utc 'time-utc)

    (define nano 1000000000)
    (define seconds-per-day 86400)

    (define (time-error who message . irritants)
      (apply error (string-append (symbol->string who) ": " message)
             irritants))

    ;; ----------------------------------------------------------------
    ;; Times.

    (define-record-type <time>
      (%make-time type nanosecond second)
      %time?
      (type %time-type %set-time-type!)
      (nanosecond %time-nanosecond %set-time-nanosecond!)
      (second %time-second %set-time-second!))

    ;; The accessors are procedures of their own, for their docstrings.
    (define (time? obj)
      "Return #t if OBJ is a time object, else #f."
      (%time? obj))

    (define time-types
      '(time-duration time-monotonic time-process time-tai time-thread
        time-utc))

    (define (check-type who type)
      (if (not (memq type time-types))
          (time-error who "not a time type" type)))

    (define (check-integer who x)
      (if (not (exact-integer? x))
          (time-error who "not an exact integer" x)))

    (define (check-time who t)
      (if (not (time? t)) (time-error who "not a time" t)))

    (define (time-type t)
      "Return the type of the time T, one of the symbols time-utc,
time-tai, time-monotonic, time-thread, time-process and time-duration.
An error if T is not a time."
      (check-time 'time-type t)
      (%time-type t))

    (define (time-nanosecond t)
      "Return the nanoseconds of the time T, an exact integer from 0 to
999999999 (the seconds carry the sign).  An error if T is not a time."
      (check-time 'time-nanosecond t)
      (%time-nanosecond t))

    (define (time-second t)
      "Return the whole seconds of the time T, an exact integer.  An error
if T is not a time."
      (check-time 'time-second t)
      (%time-second t))

    ;; A time of TYPE for S seconds and NS nanoseconds, normalised.
    (define (normal-time type s ns)
      (let ((total (+ (* s nano) ns)))
        (%make-time type (floor-remainder total nano)
                    (floor-quotient total nano))))

    (define (make-time type nanosecond second)
      "A time of TYPE with NANOSECOND and SECOND (exact integers)."
      (check-type 'make-time type)
      (check-integer 'make-time nanosecond)
      (check-integer 'make-time second)
      (normal-time type second nanosecond))

    (define (set-time-type! t type)
      "Set the type of the time T to TYPE (one of the time type symbols),
keeping its seconds and nanoseconds.  An error if T is not a time or
TYPE not a time type."
      (check-time 'set-time-type! t)
      (check-type 'set-time-type! type)
      (%set-time-type! t type))

    (define (set-time-nanosecond! t ns)
      "Set the nanoseconds of the time T to NS, an exact integer; a value
outside 0 to 999999999 is carried into the seconds.  An error if T is
not a time or NS not an exact integer."
      (check-time 'set-time-nanosecond! t)
      (check-integer 'set-time-nanosecond! ns)
      (let ((n (normal-time (time-type t) (time-second t) ns)))
        (%set-time-second! t (time-second n))
        (%set-time-nanosecond! t (time-nanosecond n))))

    (define (set-time-second! t s)
      "Set the whole seconds of the time T to S, an exact integer.  An error
if T is not a time or S not an exact integer."
      (check-time 'set-time-second! t)
      (check-integer 'set-time-second! s)
      (%set-time-second! t s))

    (define (copy-time t)
      "Return a fresh time with the type, seconds and nanoseconds of the time
T.  An error if T is not a time."
      (check-time 'copy-time t)
      (%make-time (time-type t) (time-nanosecond t) (time-second t)))

    (define (time->ns t) (+ (* (time-second t) nano) (time-nanosecond t)))

    ;; ----------------------------------------------------------------
    ;; The leap second table: (UTC-SECONDS . TAI-MINUS-UTC) from the
    ;; newest, for the first days of the months when it changed.

    (define (days-from-civil y m d)
      ;; Days from 1970-01-01 to Y-M-D, proleptic Gregorian.
      (let* ((y (if (<= m 2) (- y 1) y))
             (era (floor-quotient y 400))
             (yoe (- y (* era 400)))
             (mp (modulo (+ m 9) 12))
             (doy (+ (quotient (+ (* 153 mp) 2) 5) (- d 1)))
             (doe (+ (* yoe 365) (quotient yoe 4) (- (quotient yoe 100))
                     doy)))
        (+ (* era 146097) doe -719468)))

    (define (civil-from-days z)
      ;; (YEAR MONTH DAY) of the day Z days from 1970-01-01.
      (let* ((z (+ z 719468))
             (era (floor-quotient z 146097))
             (doe (- z (* era 146097)))
             (yoe (quotient (- doe (quotient doe 1460)
                               (- (quotient doe 36524))
                               (quotient doe 146096))
                            365))
             (y (+ yoe (* era 400)))
             (doy (- doe (- (+ (* 365 yoe) (quotient yoe 4))
                            (quotient yoe 100))))
             (mp (quotient (+ (* 5 doy) 2) 153))
             (d (+ (- doy (quotient (+ (* 153 mp) 2) 5)) 1))
             (m (if (< mp 10) (+ mp 3) (- mp 9))))
        (list (if (<= m 2) (+ y 1) y) m d)))

    (define leap-seconds
      (map (lambda (e)
             (cons (* seconds-per-day
                      (days-from-civil (car e) (cadr e) 1))
                   (caddr e)))
           '((2017 1 37) (2015 7 36) (2012 7 35) (2009 1 34) (2006 1 33)
             (1999 1 32) (1997 7 31) (1996 1 30) (1994 7 29) (1993 7 28)
             (1992 7 27) (1991 1 26) (1990 1 25) (1988 1 24) (1985 7 23)
             (1983 7 22) (1982 7 21) (1981 7 20) (1980 1 19) (1979 1 18)
             (1978 1 17) (1977 1 16) (1976 1 15) (1975 1 14) (1974 1 13)
             (1973 1 12) (1972 7 11) (1972 1 10))))

    (define (leap-offset-utc utc-seconds)
      (let loop ((t leap-seconds))
        (cond ((null? t) 0)
              ((>= utc-seconds (caar t)) (cdar t))
              (else (loop (cdr t))))))

    ;; TAI - UTC at TAI time TAI-SECONDS.
    (define (leap-offset-tai tai-seconds)
      (let loop ((t leap-seconds))
        (cond ((null? t) 0)
              ((>= (- tai-seconds (cdar t)) (caar t)) (cdar t))
              (else (loop (cdr t))))))

    ;; Whether TAI-SECONDS is the second inserted by a leap second.
    (define (leap-second? tai-seconds)
      (let loop ((t leap-seconds))
        (and (pair? t)
             (or (= (- tai-seconds (cdar t)) (- (caar t) 1))
                 (loop (cdr t))))))

    ;; ----------------------------------------------------------------
    ;; Clocks.

    (define (clock-time clock type)
      (let ((c (%clock-time clock)))
        (%make-time type (cdr c) (car c))))

    (define (current-time . type-opt)
      "The current time of the clock TYPE (default time-utc)."
      (let ((type (if (pair? type-opt) (car type-opt) time-utc)))
        (case type
          ((time-utc) (clock-time 'realtime time-utc))
          ((time-tai time-monotonic)
           (let ((t (clock-time 'realtime type)))
             (%set-time-second! t (+ (time-second t)
                                     (leap-offset-utc (time-second t))))
             t))
          ((time-process) (clock-time 'process time-process))
          ((time-thread) (clock-time 'thread time-thread))
          (else (time-error 'current-time "not a clock type" type)))))

    (define (time-resolution . type-opt)
      "The resolution of the clock TYPE in nanoseconds: 1."
      (let ((type (if (pair? type-opt) (car type-opt) time-utc)))
        (check-type 'time-resolution type)
        1))

    ;; ----------------------------------------------------------------
    ;; Comparison and arithmetic.

    (define (check-same who a b)
      (check-time who a)
      (check-time who b)
      (if (not (eq? (time-type a) (time-type b)))
          (time-error who "times of different types" a b)))

    (define (time=? a b)
      "Return #t if the time A is the same as the time B, else #f.
An error if A or B is not a time or their types differ."
      (check-same 'time=? a b)
      (= (time->ns a) (time->ns b)))

    (define (time<? a b)
      "Return #t if the time A is earlier than the time B, else #f.
An error if A or B is not a time or their types differ."
      (check-same 'time<? a b)
      (< (time->ns a) (time->ns b)))

    (define (time<=? a b)
      "Return #t if the time A is earlier than or the same as the time B,
else #f.  An error if A or B is not a time or their types differ."
      (check-same 'time<=? a b)
      (<= (time->ns a) (time->ns b)))

    (define (time>? a b)
      "Return #t if the time A is later than the time B, else #f.
An error if A or B is not a time or their types differ."
      (check-same 'time>? a b)
      (> (time->ns a) (time->ns b)))

    (define (time>=? a b)
      "Return #t if the time A is later than or the same as the time B,
else #f.  An error if A or B is not a time or their types differ."
      (check-same 'time>=? a b)
      (>= (time->ns a) (time->ns b)))

    (define (set-from! t n)
      (%set-time-second! t (time-second n))
      (%set-time-nanosecond! t (time-nanosecond n))
      (%set-time-type! t (time-type n))
      t)

    (define (time-difference a b)
      "A - B as a time-duration."
      (check-same 'time-difference a b)
      (normal-time time-duration 0 (- (time->ns a) (time->ns b))))

    (define (time-difference! a b)
      "Set the time A to A - B, a time-duration, and return it.  An error if A
or B is not a time or their types differ."
      (set-from! a (time-difference a b)))

    (define (check-duration who d)
      (check-time who d)
      (if (not (eq? (time-type d) time-duration))
          (time-error who "not a time-duration" d)))

    (define (add-duration t d)
      "T plus the duration D, a time of T's type."
      (check-time 'add-duration t)
      (check-duration 'add-duration d)
      (normal-time (time-type t) 0 (+ (time->ns t) (time->ns d))))

    (define (add-duration! t d)
      "Set the time T to T plus the time-duration D, and return it.  An error
if T is not a time or D not a time-duration."
      (set-from! t (add-duration t d)))

    (define (subtract-duration t d)
      "T minus the duration D, a time of T's type."
      (check-time 'subtract-duration t)
      (check-duration 'subtract-duration d)
      (normal-time (time-type t) 0 (- (time->ns t) (time->ns d))))

    (define (subtract-duration! t d)
      "Set the time T to T minus the time-duration D, and return it.  An error
if T is not a time or D not a time-duration."
      (set-from! t (subtract-duration t d)))

    ;; ----------------------------------------------------------------
    ;; Conversions between times.

    (define (check-kind who t type)
      (check-time who t)
      (if (not (eq? (time-type t) type))
          (time-error who "wrong time type" t type)))

    (define (utc->tai t type)
      (%make-time type (time-nanosecond t)
                  (+ (time-second t) (leap-offset-utc (time-second t)))))

    (define (tai->utc t)
      (%make-time time-utc (time-nanosecond t)
                  (- (time-second t) (leap-offset-tai (time-second t)))))

    (define (time-utc->time-tai t)
      "Return the time-tai of the time-utc T: T plus TAI - UTC, the leap
seconds counted so far.  An error if T is not a time-utc."
      (check-kind 'time-utc->time-tai t time-utc)
      (utc->tai t time-tai))
    (define (time-utc->time-tai! t)
      "Set the time-utc T to its time-tai and return it.  An error if T is not
a time-utc."
      (set-from! t (time-utc->time-tai t)))
    (define (time-utc->time-monotonic t)
      "Return the time-monotonic of the time-utc T (time-monotonic is TAI in
libscm).  An error if T is not a time-utc."
      (check-kind 'time-utc->time-monotonic t time-utc)
      (utc->tai t time-monotonic))
    (define (time-utc->time-monotonic! t)
      "Set the time-utc T to its time-monotonic and return it.  An error if T
is not a time-utc."
      (set-from! t (time-utc->time-monotonic t)))
    (define (time-tai->time-utc t)
      "Return the time-utc of the time-tai T: T minus TAI - UTC at that time.
An error if T is not a time-tai."
      (check-kind 'time-tai->time-utc t time-tai)
      (tai->utc t))
    (define (time-tai->time-utc! t)
      "Set the time-tai T to its time-utc and return it.  An error if T is not
a time-tai."
      (set-from! t (time-tai->time-utc t)))
    (define (time-tai->time-monotonic t)
      "Return a time-monotonic of the seconds and nanoseconds of the time-tai
T (the two scales are the same in libscm).  An error if T is not a
time-tai."
      (check-kind 'time-tai->time-monotonic t time-tai)
      (%make-time time-monotonic (time-nanosecond t) (time-second t)))
    (define (time-tai->time-monotonic! t)
      "Set the time-tai T to its time-monotonic and return it.  An error if T
is not a time-tai."
      (set-from! t (time-tai->time-monotonic t)))
    (define (time-monotonic->time-tai t)
      "Return a time-tai of the seconds and nanoseconds of the time-monotonic
T (the two scales are the same in libscm).  An error if T is not a
time-monotonic."
      (check-kind 'time-monotonic->time-tai t time-monotonic)
      (%make-time time-tai (time-nanosecond t) (time-second t)))
    (define (time-monotonic->time-tai! t)
      "Set the time-monotonic T to its time-tai and return it.  An error if T
is not a time-monotonic."
      (set-from! t (time-monotonic->time-tai t)))
    (define (time-monotonic->time-utc t)
      "Return the time-utc of the time-monotonic T, as of a time-tai.  An
error if T is not a time-monotonic."
      (check-kind 'time-monotonic->time-utc t time-monotonic)
      (tai->utc t))
    (define (time-monotonic->time-utc! t)
      "Set the time-monotonic T to its time-utc and return it.  An error if T
is not a time-monotonic."
      (set-from! t (time-monotonic->time-utc t)))

    ;; ----------------------------------------------------------------
    ;; Dates.

    (define-record-type <date>
      (%make-date nanosecond second minute hour day month year zone-offset)
      %date?
      (nanosecond %date-nanosecond)
      (second %date-second)
      (minute %date-minute)
      (hour %date-hour)
      (day %date-day)
      (month %date-month)
      (year %date-year)
      (zone-offset %date-zone-offset))

    (define (date? obj)
      "Return #t if OBJ is a date, else #f."
      (%date? obj))

    (define (leap-year? y)
      (and (= 0 (modulo y 4))
           (or (not (= 0 (modulo y 100))) (= 0 (modulo y 400)))))

    (define (days-in-month y m)
      (case m
        ((2) (if (leap-year? y) 29 28))
        ((4 6 9 11) 30)
        (else 31)))

    (define (make-date nanosecond second minute hour day month year
                       zone-offset)
      "A date.  Each field is an exact integer in its range: NANOSECOND
0-999999999, SECOND 0-60 (60 for a leap second), MINUTE 0-59, HOUR
0-23, DAY 1-31 (as the month has), MONTH 1-12, ZONE-OFFSET seconds east
of UTC."
      (define (in-range name x lo hi)
        (if (not (and (exact-integer? x) (<= lo x hi)))
            (time-error 'make-date
                        (string-append (symbol->string name)
                                       " out of range")
                        x)))
      (in-range 'nanosecond nanosecond 0 (- nano 1))
      (in-range 'second second 0 60)
      (in-range 'minute minute 0 59)
      (in-range 'hour hour 0 23)
      (in-range 'month month 1 12)
      (if (not (exact-integer? year))
          (time-error 'make-date "year not an exact integer" year))
      (in-range 'day day 1 (days-in-month year month))
      (in-range 'zone-offset zone-offset -86400 86400)
      (%make-date nanosecond second minute hour day month year
                  zone-offset))

    (define (check-date who d)
      (if (not (date? d)) (time-error who "not a date" d)))

    (define (date-nanosecond d)
      "Return the nanoseconds of the date D, from 0 to 999999999.  An
error if D is not a date."
      (check-date 'date-nanosecond d)
      (%date-nanosecond d))

    (define (date-second d)
      "Return the second of the date D, from 0 to 60 (60 in a leap
second).  An error if D is not a date."
      (check-date 'date-second d)
      (%date-second d))

    (define (date-minute d)
      "Return the minute of the date D, from 0 to 59.  An error if D is not a
date."
      (check-date 'date-minute d)
      (%date-minute d))

    (define (date-hour d)
      "Return the hour of the date D, from 0 to 23.  An error if D is not a
date."
      (check-date 'date-hour d)
      (%date-hour d))

    (define (date-day d)
      "Return the day of the month of the date D, from 1 to 31.  An error
if D is not a date."
      (check-date 'date-day d)
      (%date-day d))

    (define (date-month d)
      "Return the month of the date D, from 1 (January) to 12.  An error
if D is not a date."
      (check-date 'date-month d)
      (%date-month d))

    (define (date-year d)
      "Return the year of the date D, an exact integer (proleptic
Gregorian calendar).  An error if D is not a date."
      (check-date 'date-year d)
      (%date-year d))

    (define (date-zone-offset d)
      "Return the zone offset of the date D, in seconds east of UTC.  An
error if D is not a date."
      (check-date 'date-zone-offset d)
      (%date-zone-offset d))

    (define (local-offset seconds)
      ;; Seconds east of UTC of the local zone at SECONDS (UTC).
      (- (tm:gmtoff (localtime seconds))))

    (define (tz-arg opt seconds)
      (if (pair? opt)
          (let ((tz (car opt)))
            (if (not (exact-integer? tz))
                (time-error 'time-utc->date "zone offset not an exact integer"
                            tz))
            tz)
          (local-offset seconds)))

    ;; The date of UTC seconds S and nanoseconds NS in zone TZ; LEAP:
    ;; the second is the 60th of its minute.
    (define (seconds->date s ns tz leap)
      (let* ((local (+ s tz))
             (days (floor-quotient local seconds-per-day))
             (secs (floor-remainder local seconds-per-day))
             (ymd (civil-from-days days)))
        (%make-date ns (+ (modulo secs 60) (if leap 1 0))
                    (quotient (modulo secs 3600) 60)
                    (quotient secs 3600)
                    (caddr ymd) (cadr ymd) (car ymd) tz)))

    ;; UTC seconds of date D (its leap second counts as the next).
    (define (date->seconds d)
      (+ (* seconds-per-day
            (days-from-civil (date-year d) (date-month d) (date-day d)))
         (* 3600 (date-hour d)) (* 60 (date-minute d)) (date-second d)
         (- (date-zone-offset d))))

    (define (time-utc->date t . tz)
      "The date of time-utc T in the zone TZ (seconds east of UTC,
default the local zone)."
      (check-kind 'time-utc->date t time-utc)
      (seconds->date (time-second t) (time-nanosecond t)
                     (tz-arg tz (time-second t)) #f))

    (define (time-tai->date t . tz)
      "The date of time-tai T (a leap second shows as second 60)."
      (check-kind 'time-tai->date t time-tai)
      (let ((leap (leap-second? (time-second t)))
            (u (time-second (tai->utc t))))
        (seconds->date (if leap (- u 1) u) (time-nanosecond t)
                       (tz-arg tz u) leap)))

    (define (time-monotonic->date t . tz)
      "Return the date of the time-monotonic T in the zone TZ (seconds east
of UTC, default the local zone), as of a time-tai.  An error if T is
not a time-monotonic."
      (check-kind 'time-monotonic->date t time-monotonic)
      (apply time-tai->date (time-monotonic->time-tai t) tz))

    (define (date->time-utc d)
      "The time-utc of date D."
      (check-date 'date->time-utc d)
      (%make-time time-utc (date-nanosecond d) (date->seconds d)))

    (define (date->time-tai d)
      "The time-tai of date D (second 60: the leap second)."
      (check-date 'date->time-tai d)
      (if (= (date-second d) 60)
          (let ((t (utc->tai (%make-time time-utc (date-nanosecond d)
                                         (- (date->seconds d) 1))
                             time-tai)))
            (%set-time-second! t (+ (time-second t) 1))
            t)
          (utc->tai (date->time-utc d) time-tai)))

    (define (date->time-monotonic d)
      "Return the time-monotonic of the date D, as its time-tai.  An error if D
is not a date."
      (time-tai->time-monotonic (date->time-tai d)))

    (define (current-date . tz)
      "The current date in the zone TZ (default the local zone)."
      (apply time-utc->date (current-time time-utc) tz))

    (define (date-year-day d)
      "The day of the year of D, from 1."
      (check-date 'date-year-day d)
      (+ 1 (- (days-from-civil (date-year d) (date-month d) (date-day d))
              (days-from-civil (date-year d) 1 1))))

    (define (date-week-day d)
      "The day of the week of D, 0 for Sunday."
      (check-date 'date-week-day d)
      (modulo (+ 4 (days-from-civil (date-year d) (date-month d)
                                    (date-day d)))
              7))

    (define (date-week-number d day-of-week-starting-week)
      "The number of the week of D (from 0: the days before the first
DAY-OF-WEEK-STARTING-WEEK of the year are week 0)."
      (check-date 'date-week-number d)
      (let* ((jan1 (modulo (+ 4 (days-from-civil (date-year d) 1 1)) 7))
             (before (modulo (- day-of-week-starting-week jan1) 7)))
        (quotient (+ (- (date-year-day d) 1 before) 7) 7)))

    ;; ----------------------------------------------------------------
    ;; Julian days: JD 2440587.5 is 1970-01-01 00:00 UTC.

    (define jd-epoch 4881175/2)
    (define mjd-offset 4800001/2)

    (define (seconds->jd s ns)
      (+ jd-epoch (/ (+ s (/ ns nano)) seconds-per-day)))

    (define (jd->time jd type who)
      (if (not (real? jd)) (time-error who "not a real number" jd))
      (let* ((secs (* (- (exact jd) jd-epoch) seconds-per-day))
             (whole (floor secs)))
        (%make-time time-utc (round (* (- secs whole) nano)) whole)))

    (define (time-utc->julian-day t)
      "Return the Julian Day of the time-utc T, an exact rational (JD
2440587.5 is 1970-01-01 00:00 UTC).  An error if T is not a time-utc."
      (check-kind 'time-utc->julian-day t time-utc)
      (seconds->jd (time-second t) (time-nanosecond t)))
    (define (time-utc->modified-julian-day t)
      "Return the Modified Julian Day of the time-utc T: its Julian Day minus
2400000.5, exact.  An error if T is not a time-utc."
      (- (time-utc->julian-day t) mjd-offset))
    (define (time-tai->julian-day t)
      "Return the Julian Day of the time-tai T, an exact rational, from its
time-utc.  An error if T is not a time-tai."
      (check-kind 'time-tai->julian-day t time-tai)
      (time-utc->julian-day (tai->utc t)))
    (define (time-tai->modified-julian-day t)
      "Return the Modified Julian Day of the time-tai T, exact.  An error if T
is not a time-tai."
      (- (time-tai->julian-day t) mjd-offset))
    (define (time-monotonic->julian-day t)
      "Return the Julian Day of the time-monotonic T, an exact rational, from
its time-utc.  An error if T is not a time-monotonic."
      (check-kind 'time-monotonic->julian-day t time-monotonic)
      (time-utc->julian-day (tai->utc t)))
    (define (time-monotonic->modified-julian-day t)
      "Return the Modified Julian Day of the time-monotonic T, exact.  An
error if T is not a time-monotonic."
      (- (time-monotonic->julian-day t) mjd-offset))
    (define (date->julian-day d)
      "Return the Julian Day of the date D, an exact rational, from its
time-utc.  An error if D is not a date."
      (check-date 'date->julian-day d)
      (time-utc->julian-day (date->time-utc d)))
    (define (date->modified-julian-day d)
      "Return the Modified Julian Day of the date D, exact.  An error if D is
not a date."
      (- (date->julian-day d) mjd-offset))

    (define (julian-day->time-utc jd)
      "Return the time-utc of the Julian Day JD, a real number (made exact;
the nanoseconds rounded).  An error if JD is not a real number."
      (jd->time jd time-utc 'julian-day->time-utc))
    (define (julian-day->time-tai jd)
      "Return the time-tai of the Julian Day JD, a real number, through its
time-utc.  An error if JD is not a real number."
      (utc->tai (julian-day->time-utc jd) time-tai))
    (define (julian-day->time-monotonic jd)
      "Return the time-monotonic of the Julian Day JD, a real number, through
its time-utc.  An error if JD is not a real number."
      (utc->tai (julian-day->time-utc jd) time-monotonic))
    (define (julian-day->date jd . tz)
      "Return the date of the Julian Day JD in the zone TZ (seconds east of
UTC, default the local zone).  An error if JD is not a real number."
      (apply time-utc->date (julian-day->time-utc jd) tz))
    (define (modified-julian-day->time-utc mjd)
      "Return the time-utc of the Modified Julian Day MJD, a real number.  An
error if MJD is not a real number."
      (julian-day->time-utc (+ mjd mjd-offset)))
    (define (modified-julian-day->time-tai mjd)
      "Return the time-tai of the Modified Julian Day MJD, a real number.  An
error if MJD is not a real number."
      (julian-day->time-tai (+ mjd mjd-offset)))
    (define (modified-julian-day->time-monotonic mjd)
      "Return the time-monotonic of the Modified Julian Day MJD, a real
number.  An error if MJD is not a real number."
      (julian-day->time-monotonic (+ mjd mjd-offset)))
    (define (modified-julian-day->date mjd . tz)
      "Return the date of the Modified Julian Day MJD in the zone TZ (seconds
east of UTC, default the local zone).  An error if MJD is not a real
number."
      (apply julian-day->date (+ mjd mjd-offset) tz))

    (define (current-julian-day)
      "Return the current Julian Day, an exact rational, from the time-utc
clock."
      (time-utc->julian-day (current-time time-utc)))
    (define (current-modified-julian-day)
      "Return the current Modified Julian Day, an exact rational, from the
time-utc clock."
      (time-utc->modified-julian-day (current-time time-utc)))

    ;; ----------------------------------------------------------------
    ;; date->string.

    (define day-names
      '#("Sunday" "Monday" "Tuesday" "Wednesday" "Thursday" "Friday"
         "Saturday"))
    (define month-names
      '#("January" "February" "March" "April" "May" "June" "July"
         "August" "September" "October" "November" "December"))
    (define (abbrev s) (substring s 0 3))

    ;; N in WIDTH digits, padded with PAD (#f: none).
    (define (pad n width pad-char)
      (let* ((neg (< n 0))
             (s (number->string (abs n)))
             (s (if (and pad-char (< (string-length s) width))
                    (string-append (make-string (- width (string-length s))
                                                pad-char)
                                   s)
                    s)))
        (if neg (string-append "-" s) s)))

    (define (zone-string offset)
      (let* ((a (abs offset))
             (h (quotient a 3600))
             (m (quotient (modulo a 3600) 60)))
        (if (= offset 0)
            "Z"
            (string-append (if (< offset 0) "-" "+")
                           (pad h 2 #\0) (pad m 2 #\0)))))

    ;; The ISO 8601 week number of D and its year.
    (define (iso-week d)
      (let* ((days (days-from-civil (date-year d) (date-month d)
                                    (date-day d)))
             (wday (modulo (+ 3 days) 7)) ; Monday 0
             (thursday (+ days (- 3 wday)))
             (ty (car (civil-from-days thursday))))
        (+ 1 (quotient (- thursday (days-from-civil ty 1 1)) 7))))

    ;; ".FRACTION" of NS nanoseconds, without trailing zeros but one.
    (define (fraction-string ns)
      (let loop ((s (pad ns 9 #\0)))
        (if (and (> (string-length s) 1)
                 (char=? (string-ref s (- (string-length s) 1)) #\0))
            (loop (substring s 0 (- (string-length s) 1)))
            (string-append "." s))))

    (define (hour12 h) (let ((x (modulo h 12))) (if (= x 0) 12 x)))

    (define (directive d c padc port)
      ;; Write the text of directive C of date D on PORT; PADC: the pad
      ;; character the modifier asks for, 'default for the directive's.
      (define (num n width dflt)
        (write-string (pad n width (if (eq? padc 'default) dflt padc))
                      port))
      (define (sub fmt) (format-date d fmt port))
      (case c
        ((#\~) (write-char #\~ port))
        ((#\a) (write-string (abbrev (vector-ref day-names
                                                 (date-week-day d)))
                             port))
        ((#\A) (write-string (vector-ref day-names (date-week-day d)) port))
        ((#\b #\h) (write-string (abbrev (vector-ref month-names
                                                     (- (date-month d) 1)))
                                 port))
        ((#\B) (write-string (vector-ref month-names (- (date-month d) 1))
                             port))
        ((#\c) (sub "~a ~b ~d ~H:~M:~S~z ~Y"))
        ((#\d) (num (date-day d) 2 #\0))
        ((#\D) (sub "~m/~d/~y"))
        ((#\e) (num (date-day d) 2 #\space))
        ((#\f) (num (date-second d) 1 #f)
         (write-string (fraction-string (date-nanosecond d)) port))
        ((#\H) (num (date-hour d) 2 #\0))
        ((#\I) (num (hour12 (date-hour d)) 2 #\0))
        ((#\j) (num (date-year-day d) 3 #\0))
        ((#\k) (num (date-hour d) 2 #\space))
        ((#\l) (num (hour12 (date-hour d)) 2 #\space))
        ((#\m) (num (date-month d) 2 #\0))
        ((#\M) (num (date-minute d) 2 #\0))
        ((#\n) (newline port))
        ((#\N) (num (date-nanosecond d) 9 #\0))
        ((#\p) (write-string (if (< (date-hour d) 12) "AM" "PM") port))
        ((#\r) (sub "~I:~M:~S ~p"))
        ((#\s) (write-string (number->string
                              (time-second (date->time-utc d)))
                             port))
        ((#\S) (num (date-second d) 2 #\0))
        ((#\t) (write-char #\tab port))
        ((#\T) (sub "~H:~M:~S"))
        ((#\U) (num (date-week-number d 0) 2 #\0))
        ((#\V) (num (iso-week d) 2 #\0))
        ((#\w) (num (date-week-day d) 1 #f))
        ((#\W) (num (date-week-number d 1) 2 #\0))
        ((#\x) (sub "~m/~d/~y"))
        ((#\X) (sub "~H:~M:~S"))
        ((#\y) (num (modulo (date-year d) 100) 2 #\0))
        ((#\Y) (num (date-year d) 4 #f))
        ((#\z) (write-string (zone-string (date-zone-offset d)) port))
        ((#\Z) (write-string (if (= (date-zone-offset d) 0) "UTC"
                                 (zone-string (date-zone-offset d)))
                             port))
        ((#\1) (sub "~Y-~m-~d"))
        ((#\2) (sub "~H:~M:~S~z"))
        ((#\3) (sub "~H:~M:~S"))
        ((#\4) (sub "~Y-~m-~dT~H:~M:~S~z"))
        ((#\5) (sub "~Y-~m-~dT~H:~M:~S"))
        (else (time-error 'date->string "unknown directive"
                          (string #\~ c)))))

    (define (format-date d fmt port)
      (let ((n (string-length fmt)))
        (let loop ((i 0))
          (if (< i n)
              (let ((c (string-ref fmt i)))
                (cond ((not (char=? c #\~))
                       (write-char c port)
                       (loop (+ i 1)))
                      ((= (+ i 1) n)
                       (time-error 'date->string "format ends in ~" fmt))
                      (else
                       (let* ((m (string-ref fmt (+ i 1)))
                              (modifier (memv m '(#\- #\_))))
                         (if (and modifier (= (+ i 2) n))
                             (time-error 'date->string
                                         "format ends in a modifier" fmt))
                         (directive d
                                    (string-ref fmt (if modifier (+ i 2)
                                                        (+ i 1)))
                                    (cond ((not modifier) 'default)
                                          ((char=? m #\-) #f)
                                          (else #\space))
                                    port)
                         (loop (+ i (if modifier 3 2)))))))))))

    (define (date->string d . fmt)
      "D formatted by FMT (default \"~c\") with the SRFI's directives."
      (check-date 'date->string d)
      (let ((f (if (pair? fmt) (car fmt) "~c")))
        (if (not (string? f))
            (time-error 'date->string "format not a string" f))
        (let ((port (open-output-string)))
          (format-date d f port)
          (get-output-string port))))

    ;; ----------------------------------------------------------------
    ;; string->date.

    (define (string->date str template)
      "The date that STR shows by TEMPLATE, whose directives read: ~~ a
tilde, ~a ~A a day name (checked, not used), ~b ~h ~B a month name, ~d
the day, ~e the day padded with a space, ~H ~k the hour, ~m the month,
~M the minute, ~S the second, ~y a year of two digits (of the century
within 50 years of now), ~Y the year, ~z the zone (Z, +hhmm or -hhmm).
Other characters must match.  Fields the template does not give are 0,
the date 1970-01-01, the zone the local one."
      (if (not (string? str)) (time-error 'string->date "not a string" str))
      (if (not (string? template))
          (time-error 'string->date "template not a string" template))
      (let ((n (string-length str)) (tn (string-length template))
            (ns 0) (sec 0) (minute 0) (hour 0) (day 1) (month 1)
            (year 1970) (zone #f))
        (define (fail i what)
          (time-error 'string->date
                      (string-append "cannot read " what " at position "
                                     (number->string i))
                      str template))
        (define (skip-spaces i)
          (if (and (< i n) (char=? (string-ref str i) #\space))
              (skip-spaces (+ i 1))
              i))
        ;; Read at most MAX digits (at least one) from I: (value . next).
        (define (digits i max what)
          (let loop ((j i) (v 0))
            (if (and (< j n) (< (- j i) max)
                     (char-numeric? (string-ref str j)))
                (loop (+ j 1) (+ (* v 10) (digit-value (string-ref str j))))
                (if (= j i) (fail i what) (cons v j)))))
        (define (name i names len what)
          ;; The index of the name of NAMES (cut to LEN chars if LEN)
          ;; that STR has at I, case-insensitively: (index . next).
          (let loop ((k 0))
            (if (= k (vector-length names))
                (fail i what)
                (let* ((nm (vector-ref names k))
                       (nm (if len (abbrev nm) nm))
                       (e (+ i (string-length nm))))
                  (if (and (<= e n)
                           (string-ci=? (substring str i e) nm))
                      (cons k e)
                      (loop (+ k 1)))))))
        (define (read-zone i)
          (cond ((>= i n) (fail i "a zone"))
                ((memv (string-ref str i) '(#\Z #\z)) (set! zone 0) (+ i 1))
                ((memv (string-ref str i) '(#\+ #\-))
                 (let* ((sign (if (char=? (string-ref str i) #\-) -1 1))
                        (hh (digits (+ i 1) 2 "zone hours"))
                        (mm (digits (cdr hh) 2 "zone minutes")))
                   (set! zone (* sign (+ (* 3600 (car hh)) (* 60 (car mm)))))
                   (cdr mm)))
                (else (fail i "a zone"))))
        (let loop ((i 0) (k 0))
          (cond
           ((= k tn)
            (if (< i n) (fail i "the end of the string")))
           ((not (char=? (string-ref template k) #\~))
            (if (and (< i n)
                     (char=? (string-ref str i) (string-ref template k)))
                (loop (+ i 1) (+ k 1))
                (fail i (string #\" (string-ref template k) #\"))))
           ((= (+ k 1) tn) (time-error 'string->date "template ends in ~"
                                       template))
           (else
            (let ((c (string-ref template (+ k 1))))
              (define (field set what max)
                (let ((r (digits i max what)))
                  (set (car r))
                  (loop (cdr r) (+ k 2))))
              (case c
                ((#\~) (if (and (< i n) (char=? (string-ref str i) #\~))
                           (loop (+ i 1) (+ k 2))
                           (fail i "~")))
                ((#\a) (loop (cdr (name i day-names #t "a day name")) (+ k 2)))
                ((#\A) (loop (cdr (name i day-names #f "a day name")) (+ k 2)))
                ((#\b #\h)
                 (let ((r (name i month-names #t "a month name")))
                   (set! month (+ 1 (car r)))
                   (loop (cdr r) (+ k 2))))
                ((#\B)
                 (let ((r (name i month-names #f "a month name")))
                   (set! month (+ 1 (car r)))
                   (loop (cdr r) (+ k 2))))
                ((#\d) (field (lambda (v) (set! day v)) "a day" 2))
                ((#\e) (set! i (skip-spaces i))
                 (field (lambda (v) (set! day v)) "a day" 2))
                ((#\H) (field (lambda (v) (set! hour v)) "an hour" 2))
                ((#\k) (set! i (skip-spaces i))
                 (field (lambda (v) (set! hour v)) "an hour" 2))
                ((#\m) (field (lambda (v) (set! month v)) "a month" 2))
                ((#\M) (field (lambda (v) (set! minute v)) "a minute" 2))
                ((#\S) (field (lambda (v) (set! sec v)) "a second" 2))
                ((#\y)
                 (field (lambda (v)
                          (let* ((now (date-year (current-date 0)))
                                 (y (+ v (* 100 (quotient now 100)))))
                            (set! year (cond ((> (- y now) 50) (- y 100))
                                             ((> (- now y) 50) (+ y 100))
                                             (else y)))))
                        "a year" 2))
                ((#\Y) (field (lambda (v) (set! year v)) "a year" 9))
                ((#\z) (loop (read-zone i) (+ k 2)))
                (else (time-error 'string->date "unknown directive"
                                  (string #\~ c) template)))))))
        (let ((offset (or zone
                          (local-offset
                           (* seconds-per-day
                              (days-from-civil year month
                                               (min day 28)))))))
          (make-date ns sec minute hour day month year offset))))))
