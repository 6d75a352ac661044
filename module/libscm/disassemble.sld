;;; (libscm disassemble) -- the VM instructions of a compiled procedure
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Commentary:
;;;
;;; (disassemble PROC [PORT]) writes the instructions of PROC, a
;;; procedure made by lambda or case-lambda, one a line: the offset of
;;; the instruction (in words from the first), its name, its operands
;;; as the instruction table types them (vm/isa-internal.h), and where
;;; the source map places it (file:line:column).  Jump targets become
;;; labels, L1, L2..., written before the instruction they name;
;;; constants are written with write; a local is fp[N], a free value
;;; free[N], a variable #<variable NAME>.  The procedures made inside
;;; PROC (the code of its CLOSURE instructions, closures among its
;;; constants, the clauses of a case-lambda) follow, each after its own
;;; header.  The REPL's ,disassemble EXPR (,x) calls it.  The reading
;;; of the code is C's (%code-info, disassemble.c); the layout is
;;; this library's.
;;;
;;; Code:

(define-library (libscm disassemble)
  (import (libscm))
  (export disassemble)
  (begin

    (define (written obj)
      (let ((out (open-output-string)))
        (write obj out)
        (get-output-string out)))

    ;; S, cut to at most N characters (a long constant ends in ...).
    (define (clipped s n)
      (if (<= (string-length s) n)
          s
          (string-append (substring s 0 (- n 3)) "...")))

    (define (pad-left s n)
      (if (< (string-length s) n)
          (string-append (make-string (- n (string-length s)) #\space) s)
          s))

    (define (pad-right s n)
      (if (< (string-length s) n)
          (string-append s (make-string (- n (string-length s)) #\space))
          s))

    (define (join strings)
      (if (null? strings)
          ""
          (let loop ((acc (car strings)) (rest (cdr strings)))
            (if (null? rest)
                acc
                (loop (string-append acc " " (car rest)) (cdr rest))))))

    ;; The parts of a %code-info vector.
    (define (info-name info) (vector-ref info 0))
    (define (info-file info) (vector-ref info 1))
    (define (info-required info) (vector-ref info 2))
    (define (info-rest? info) (vector-ref info 3))
    (define (info-dispatch? info) (vector-ref info 4))
    (define (info-instructions info) (vector-ref info 5))
    (define (info-srcmap info) (vector-ref info 6))

    (define (insn-offset insn) (vector-ref insn 0))
    (define (insn-name insn) (vector-ref insn 1))
    (define (insn-operands insn) (vector-ref insn 2))

    ;; The name of code INFO for headers: its symbol, or "anonymous".
    (define (code-name info)
      (let ((name (info-name info)))
        (if (symbol? name) (symbol->string name) "anonymous")))

    ;; The offsets that jump operands name, each with its label, in the
    ;; order of the code: ((OFFSET . "L1") ...).
    (define (code-labels insns)
      (let loop ((insns insns) (targets '()))
        (if (null? insns)
            (let number ((offsets (sort targets <)) (i 1) (acc '()))
              (if (null? offsets)
                  (reverse acc)
                  (number (cdr offsets) (+ i 1)
                          (cons (cons (car offsets)
                                      (string-append "L" (number->string i)))
                                acc))))
            (loop (cdr insns)
                  (let add ((ops (insn-operands (car insns))) (ts targets))
                    (cond ((null? ops) ts)
                          ((and (eq? (car (car ops)) 'label)
                                (not (memv (cdr (car ops)) ts)))
                           (add (cdr ops) (cons (cdr (car ops)) ts)))
                          ((eq? (car (car ops)) 'cases)
                           ;; CASE_EQ's table: each clause's body.
                           (add (cdr ops)
                                (let each ((cs (cdr (car ops))) (ts ts))
                                  (cond ((null? cs) ts)
                                        ((memv (cdr (car cs)) ts)
                                         (each (cdr cs) ts))
                                        (else (each (cdr cs)
                                                    (cons (cdr (car cs))
                                                          ts)))))))
                          (else (add (cdr ops) ts))))))))

    ;; CASE_EQ's table ((DATUM . OFFSET) ...) as "(a b) L2 (c) L3": the
    ;; data of each body together, in the table's order.
    (define (cases-text cases labels)
      (let loop ((cs cases) (acc '()))
        (if (null? cs)
            (join (reverse acc))
            (let* ((to (cdr (car cs)))
                   (same (let take ((c cs) (l '()))
                           (if (and (pair? c) (= (cdr (car c)) to))
                               (take (cdr c) (cons (car (car c)) l))
                               (reverse l)))))
              (loop (list-tail cs (length same))
                    (cons (string-append
                           (clipped (written same) 40) " "
                           (cdr (assv to labels)))
                          acc))))))

    ;; The name of variable VAR, whose instruction's operands after it
    ;; are AFTER: the symbol right after it (GREF and the global calls
    ;; carry one; VREF_GL's guard of vector-ref follows the symbol of
    ;; its global), else the name of the procedure it holds, else ?.
    (define (variable-name var after)
      (let ((sym (and (pair? after) (eq? (caar after) 'sym) (car after))))
        (cond (sym (symbol->string (cdr sym)))
              ((and (variable-bound? var)
                    (procedure? (variable-ref var))
                    (%procedure-name (variable-ref var)))
               => symbol->string)
              (else "?"))))

    (define (kind-name k)
      (case k ((0) "pred") ((1) "ref") ((2) "set") (else (number->string k))))

    ;; Operand (KIND . VALUE) of an instruction whose operands are OPS.
    (define (operand-text op ops labels)
      (let ((kind (car op)) (value (cdr op)))
        (case kind
          ((label) (cdr (assv value labels)))
          ((cases) (cases-text value labels))
          ((slot) (string-append "fp[" (number->string value) "]"))
          ((free) (string-append "free[" (number->string value) "]"))
          ((count size) (number->string value))
          ((tc8) (string-append "#x" (number->string value 16)))
          ((kind) (kind-name value))
          ((var) (string-append "#<variable "
                                (variable-name value (cdr (memq op ops)))
                                ">"))
          ((code) (string-append "#<code " (code-name (%code-info value))
                                 ">"))
          (else (clipped (written value) 40)))))

    ;; Where the source map places the instruction at OFFSET, or #f.
    (define (position info offset)
      (let ((entry (let find ((m (info-srcmap info)))
                     (cond ((null? m) #f)
                           ((= (vector-ref (car m) 0) offset) (car m))
                           (else (find (cdr m)))))))
        (and entry
             (let ((file (info-file info))
                   (line-col (string-append
                              (number->string (vector-ref entry 1)) ":"
                              (number->string (vector-ref entry 2)))))
               (if (string? file)
                   (string-append file ":" line-col)
                   line-col)))))

    (define (write-instruction insn info labels port)
      (let* ((offset (insn-offset insn))
             (ops (insn-operands insn))
             (label (assv offset labels))
             (name (symbol->string (insn-name insn)))
             (text (string-append
                    (pad-left (number->string offset) 6) "  "
                    (if (null? ops)
                        name
                        (string-append
                         (pad-right (string-append name " ") 16)
                         (join (map (lambda (op)
                                      (operand-text op ops labels))
                                    ops))))))
             (where (position info offset)))
        (if label
            (begin (write-string (cdr label) port)
                   (write-string ":" port)
                   (newline port)))
        (write-string (if where
                          (string-append (pad-right text 56) " ; " where)
                          text)
                      port)
        (newline port)))

    (define (arity-text info)
      (let ((n (info-required info)))
        (string-append (number->string n)
                       (if (= n 1) " argument" " arguments")
                       (if (info-rest? info) " and a rest list" ""))))

    ;; The procedures and codes made inside code INFO, in the order of
    ;; its instructions: CLOSURE's codes, the closures among constants.
    (define (nested-items info)
      (let loop ((insns (info-instructions info)) (acc '()))
        (if (null? insns)
            (reverse acc)
            (loop (cdr insns)
                  (let add ((ops (insn-operands (car insns))) (acc acc))
                    (cond ((null? ops) acc)
                          ((eq? (car (car ops)) 'code)
                           (add (cdr ops) (cons (cdr (car ops)) acc)))
                          ((and (eq? (car (car ops)) 'const)
                                (procedure? (cdr (car ops)))
                                (%closure-code (cdr (car ops))))
                           (add (cdr ops) (cons (cdr (car ops)) acc)))
                          (else (add (cdr ops) acc))))))))

    ;; Write ITEM (a closure or a code object) made inside OUTER (a
    ;; string, or #f for the procedure asked for); the items made
    ;; inside it that are still to be written.
    (define (write-item item outer port)
      (let* ((code (if (procedure? item) (%closure-code item) item))
             (info (%code-info code)))
        (write-string "Disassembly of " port)
        (write-string (if (procedure? item)
                          (written item)
                          (string-append "code " (code-name info)))
                      port)
        (if outer
            (begin (write-string ", in " port) (write-string outer port)))
        (write-string ":" port)
        (newline port)
        (cond ((info-dispatch? info)
               (let ((clauses (%closure-free-values item)))
                 (write-string "  a case-lambda of " port)
                 (write-string (number->string (length clauses)) port)
                 (write-string " clauses, below" port)
                 (newline port)
                 clauses))
              (else
               (let ((insns (info-instructions info)))
                 (write-string "  " port)
                 (write-string (arity-text info) port)
                 (if (procedure? item)
                     (let ((n (length (%closure-free-values item))))
                       (if (> n 0)
                           (begin
                             (write-string ", " port)
                             (write-string (number->string n) port)
                             (write-string (if (= n 1) " free value"
                                               " free values")
                                           port)))))
                 (newline port)
                 (newline port)
                 (let ((labels (code-labels insns)))
                   (for-each (lambda (insn)
                               (write-instruction insn info labels port))
                             insns))
                 (nested-items info))))))

    (define (disassemble proc . port)
      "Write the VM instructions of PROC, a procedure made by lambda or
case-lambda, to PORT (the current output port by default), then those
of the procedures made inside it."
      (if (not (and (procedure? proc) (%closure-code proc)))
          (error "disassemble: wrong type argument in position 1 (expected \
a procedure made by lambda or case-lambda)" proc))
      (let ((port (if (pair? port) (car port) (current-output-port))))
        ;; Breadth first: the items made inside each one, after it.
        (let loop ((queue (list (cons proc #f))) (seen '()))
          (if (pair? queue)
              (let* ((item (car (car queue)))
                     (code (if (procedure? item) (%closure-code item) item)))
                (if (memq code seen)
                    (loop (cdr queue) seen)
                    (let* ((name (if (procedure? item)
                                     (written item)
                                     (string-append
                                      "code " (code-name (%code-info code)))))
                           (inner (begin
                                    (if (pair? seen) (newline port))
                                    (write-item item (cdr (car queue))
                                                port))))
                      (loop (append (cdr queue)
                                    (map (lambda (x) (cons x name)) inner))
                            (cons code seen)))))))))))
