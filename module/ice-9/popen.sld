;;; (ice-9 popen) -- ports on pipes to and from child processes, Guile's
;;; interface
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; The primitives are libscm's (posix/pipes.c): %open-pipe* starts the
;;; program with posix_spawn and returns a port on a pipe to it,
;;; %close-pipe closes the port, waits for the child and returns its
;;; status.  A pipe port closed by close-port, or collected unclosed,
;;; has its child reaped all the same, so no zombie is left; only
;;; close-pipe gives the status.
;;;
;;;   (let* ((p (open-input-pipe "ls /"))
;;;          (first (read-line p)))
;;;     (close-pipe p)
;;;     first)
;;;
;;; Code:

(define-library (ice-9 popen)
  (import (libscm))
  (export open-pipe open-pipe* open-input-pipe open-output-pipe
          open-input-output-pipe close-pipe
          OPEN_READ OPEN_WRITE OPEN_BOTH)
  (begin

    (define OPEN_READ "r")
    (define OPEN_WRITE "w")
    (define OPEN_BOTH "r+")

    (define (open-pipe* mode command . args)
      "Start the program COMMAND (looked for in PATH) with the
arguments ARGS, without a shell, and return a port on a pipe to it:
MODE OPEN_READ reads its standard output, OPEN_WRITE writes to its
standard input, OPEN_BOTH does both."
      (apply %open-pipe* mode command args))

    (define (open-pipe command mode)
      "Run the shell command COMMAND with /bin/sh and return a port on
a pipe to it, as open-pipe* does for MODE."
      (if (not (string? command))
          (error "open-pipe: wrong type argument in position 1 \
(expected string)" command))
      (%open-pipe* mode "/bin/sh" "-c" command))

    (define (open-input-pipe command)
      "A port reading the standard output of the shell command COMMAND."
      (open-pipe command OPEN_READ))

    (define (open-output-pipe command)
      "A port writing to the standard input of the shell command
COMMAND."
      (open-pipe command OPEN_WRITE))

    (define (open-input-output-pipe command)
      "A port both reading the standard output and writing to the
standard input of the shell command COMMAND."
      (open-pipe command OPEN_BOTH))

    (define (close-pipe port)
      "Close the pipe port PORT, wait for its process and return its
exit status (read it with status:exit-val)."
      (%close-pipe port))))
