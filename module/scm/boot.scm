;;; boot.scm -- the Scheme prelude, compiled into every instance at init
;;; SPDX-License-Identifier: LGPL-3.0-or-later
;;;
;;; Procedures that call procedures are written here rather than in C,
;;; so that a call from them is a VM call and no C frame ever sits
;;; between two Scheme frames.  (%apply f list) and (%apply-values f
;;; values) are intrinsics of the expander: tail calls of F with the
;;; elements of LIST, or with VALUES, as arguments.

(define %load-path '())

(define (apply f first . rest)
  (%apply f (%apply-list first rest)))

(define (call-with-values producer consumer)
  (%apply-values consumer (producer)))

(define (eval exp . env)
  ((%compile exp (if (pair? env) (car env) #f))))

(define (load filename . env)
  (let ((port (%open-load-file filename))
        (module (current-module)))
    ;; A file may switch modules (define-module): the caller's module
    ;; is current again afterwards, as in Guile.
    (dynamic-wind
      (lambda () (if (pair? env) (set-current-module (car env))))
      (lambda ()
        (let loop ()
          (let ((x (read port)))
            (if (eof-object? x)
                (close-port port)
                (begin
                  ((%compile (%locate-toplevel-datum x port)))
                  (loop))))))
      (lambda () (set-current-module module)))))

;; The cars of LISTS if each is a pair, else #f.
(define (%cars lists)
  (let loop ((ls lists) (acc '()))
    (cond ((null? ls) (reverse! acc))
          ((pair? (car ls)) (loop (cdr ls) (cons (car (car ls)) acc)))
          (else #f))))

(define (%cdrs lists)
  (let loop ((ls lists) (acc '()))
    (if (null? ls)
        (reverse! acc)
        (loop (cdr ls) (cons (cdr (car ls)) acc)))))

;; A continuation captured in F and re-entered after map returned must
;; not change the list map returned (R7RS 6.10).  Up to %map-deep
;; elements, map builds its result by non-tail recursion (%map1), the
;; fastest way; past it, that recursion would need a stack as long as
;; the list, so it conses the results in reverse order and returns a
;; fresh reversal (%map1-long): an accumulated pair is never changed,
;; so a re-entered F starts from the pairs it saw, and the list
;; returned before stays as it was.  One list, the common case, checks
;; it with %check-list (which gives its length) and passes F along: no
;; rest list consed for the check and no closure made for the loop.
(define %map-deep 10000)

(define (%map1 f l)
  (if (pair? l)
      (let ((v (f (car l))))
        (cons v (%map1 f (cdr l))))
      '()))

(define (%map1-long f l)
  (let loop ((l l) (acc '()))
    (if (pair? l)
        (loop (cdr l) (cons (f (car l)) acc))
        (reverse acc))))

(define (map f list1 . lists)
  (if (null? lists)
      (if (< (%check-list 'map list1) %map-deep)
          (%map1 f list1)
          (%map1-long f list1))
      (begin
        (%check-lists 'map 2 (cons list1 lists))
        (let mapn ((ls (cons list1 lists)) (acc '()))
          (let ((cars (%cars ls)))
            (if cars
                (mapn (%cdrs ls) (cons (apply f cars) acc))
                (reverse acc)))))))

(define (for-each f list1 . lists)
  (if (null? lists)
      (begin (%check-list 'for-each list1)
             (let loop ((l list1))
               (if (pair? l)
                   (begin (f (car l)) (loop (cdr l))))))
      (begin
        (%check-lists 'for-each 2 (cons list1 lists))
        (let loop ((ls (cons list1 lists)))
          (let ((cars (%cars ls)))
            (if cars
                (begin (apply f cars) (loop (%cdrs ls))))))))
  (if #f #f))

;; The shortest length of the sequences SEQS, measured by LEN.
(define (%min-length len seqs)
  (let loop ((seqs (cdr seqs)) (n (len (car seqs))))
    (if (null? seqs)
        n
        (loop (cdr seqs) (let ((m (len (car seqs)))) (if (< m n) m n))))))

(define (%refs ref seqs i)
  (map (lambda (s) (ref s i)) seqs))

(define (vector-map f v . vs)
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs)))
    ;; The results in reverse order, then copied into a fresh vector
    ;; from its end: no recursion as deep as the vector is long, and
    ;; nothing a re-entered F could see is changed (as map, above).
    (let loop ((i 0) (acc '()))
      (if (= i n)
          (let ((r (make-vector n)))
            (let fill ((i (- n 1)) (acc acc))
              (if (pair? acc)
                  (begin (vector-set! r i (car acc))
                         (fill (- i 1) (cdr acc)))
                  r)))
          (loop (+ i 1)
                (cons (if (null? vs)
                          (f (vector-ref v i))
                          (apply f (%refs vector-ref seqs i)))
                      acc))))))

(define (vector-for-each f v . vs)
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? vs)
          (f (vector-ref v i))
          (apply f (%refs vector-ref seqs i))))))

(define (string-map f s . ss)
  (if (and (pair? ss) (not (string? (car ss))))
      ;; SRFI 13 and Guile: (string-map f s [start end]).
      (string-map f (substring s (%substring-start s ss 'string-map 2 3)
                               (%substring-end s ss)))
      (%string-map f s ss)))

;; F may return strings too (SRFI 152): they are concatenated.
(define (%string-map f s ss)
  (let* ((seqs (cons s ss))
         (n (%min-length string-length seqs)))
    ;; As vector-map: the results in reverse, then a fresh reversal.
    (let loop ((i 0) (acc '()))
      (if (= i n)
          (%chars-or-strings->string (reverse acc))
          (loop (+ i 1)
                (cons (if (null? ss)
                          (f (string-ref s i))
                          (apply f (%refs string-ref seqs i)))
                      acc))))))

;; The characters and strings of the list L, one after the other.
(define (%chars-or-strings->string l)
  (let loop ((x l))
    (cond ((null? x) (list->string l))
          ((char? (car x)) (loop (cdr x)))
          (else (string-concatenate
                 (map (lambda (x) (if (char? x) (string x) x)) l))))))

(define (string-for-each f s . ss)
  (if (and (pair? ss) (not (string? (car ss))))
      ;; SRFI 13 and Guile: (string-for-each f s [start end]).
      (let ((start (%substring-start s ss 'string-for-each 2 3))
            (end (%substring-end s ss)))
        (do ((i start (+ i 1)))
            ((= i end) (if #f #f))
          (f (string-ref s i))))
      (%string-for-each f s ss)))

(define (%string-for-each f s ss)
  (let* ((seqs (cons s ss))
         (n (%min-length string-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? ss)
          (f (string-ref s i))
          (apply f (%refs string-ref seqs i))))))

(define member
  (let ((member member))
    (lambda (x list . compare)
      (if (null? compare)
          (member x list)
          (let ((same? (car compare)))
            (let loop ((l list))
              (cond ((not (pair? l)) #f)
                    ((same? x (car l)) l)
                    (else (loop (cdr l))))))))))

(define assoc
  (let ((assoc assoc))
    (lambda (x alist . compare)
      (if (null? compare)
          (assoc x alist)
          (let ((same? (car compare)))
            (let loop ((l alist))
              (cond ((not (pair? l)) #f)
                    ((same? x (car (car l))) (car l))
                    (else (loop (cdr l))))))))))

;;; Promises (R7RS `(scheme lazy)'): a promise holds a box, a pair
;;; (DONE? . VALUE-OR-THUNK), that promises forced through delay-force
;;; come to share, so that a chain of delay-force runs in constant space
;;; (force tail-calls itself).  The expander makes (delay-force E) into
;;; (%make-promise #f (lambda () E)) and (delay E) into (delay-force
;;; (%make-promise #t E)).

(define-record-type promise
  (%make-promise-record box)
  promise?
  (box %promise-box %set-promise-box!))

(define (%make-promise done? value)
  (%make-promise-record (cons done? value)))

(define (make-promise obj)
  (if (promise? obj) obj (%make-promise #t obj)))

(define (force obj)
  (if (not (promise? obj))
      obj
      (let ((box (%promise-box obj)))
        (if (car box)
            (cdr box)
            (let* ((next ((cdr box)))
                   (box (%promise-box obj)))
              ;; Forcing the thunk may have forced OBJ already.
              (if (not (car box))
                  (let ((next-box (%promise-box (make-promise next))))
                    (set-car! box (car next-box))
                    (set-cdr! box (cdr next-box))
                    (%set-promise-box! next box)))
              (force obj))))))

;;; Continuations (R7RS 6.10).  (%call/cc f) and (%call/ec f) are
;;; intrinsics of the expander: in tail position, they call F with the
;;; continuation of the procedure they are in.  A full continuation can
;;; be resumed any number of times; an escape-only one only while the
;;; call that made it has not returned.  Resuming either first runs the
;;; dynamic-wind thunks between here and there (%continue).

(define (call-with-current-continuation f)
  (%call/cc f))

(define call/cc call-with-current-continuation)

(define (call-with-escape-continuation f)
  (%call/ec f))

(define call/ec call-with-escape-continuation)

;;; The wind list (see control.c): entries #(BEFORE AFTER DEPTH HANDLERS
;;; PARAMS), innermost first.  A thunk of an entry runs with the handlers
;;; and parameterization of its dynamic-wind, and with the wind list
;;; outside the entry.

(define (%run-winder-thunk e thunk)
  (%set-exception-handlers! (vector-ref e 3))
  (%set-parameterization! (vector-ref e 4))
  (cond ((procedure? thunk) (thunk))
        (thunk (%run-c-winder thunk))))

;; Run the after thunks from the current wind list up to where it meets
;; TARGET, then the before thunks down to TARGET, outermost first.
(define (%wind-to target)
  (let ((handlers (%exception-handlers))
        (params (%parameterization))
        (common (%common-winders (%winders) target)))
    ;; %pop-winder! runs a C unwind handler itself, so that an
    ;; interrupt cannot come between taking it off and running it.
    (let unwind ()
      (let ((ws (%winders)))
        (if (not (eq? ws common))
            (let ((after (%pop-winder!)))
              (if after (%run-winder-thunk (car ws) after))
              (unwind)))))
    (let rewind ((ws target))
      (if (not (eq? ws common))
          (begin
            (rewind (cdr ws))
            (%run-winder-thunk (car ws) (vector-ref (car ws) 0))
            (%set-winders! ws))))
    (%set-exception-handlers! handlers)
    (%set-parameterization! params)))

;; What calling continuation K with VALS does when dynamic-wind thunks
;; lie between: the VM calls this, which runs them and calls K again.
(define (%continue k vals)
  (%wind-to (%continuation-winders k))
  (%apply-values k vals))

(define (dynamic-wind before thunk after)
  (before)
  (let ((ws (%winders)))
    (%push-winder! before after)
    (%charge-stack! 96)
    (let ((v (thunk)))
      (%charge-stack! 0)
      (%set-winders! ws)
      (after)
      v)))

;;; Exceptions (R7RS 6.11).  The handlers are a list in the VM, innermost
;;; first; a handler runs with the handlers outside it installed.  A C
;;; catch (the top level, or C code that called Scheme) receives what no
;;; Scheme handler installed inside it takes, and interrupts and exit
;;; requests always (%raise-to-top).

(define (with-exception-handler handler thunk)
  (if (not (procedure? handler))
      (error "with-exception-handler: not a procedure" handler))
  (let ((hs (%exception-handlers)))
    (%set-exception-handlers! (cons handler hs))
    (%charge-stack! 48)
    (let ((v (thunk)))
      (%charge-stack! 0)
      (%set-exception-handlers! hs)
      v)))

(define (raise obj)
  (%annotate! obj)
  (let ((hs (%handlers-for obj)))
    (if hs
        (begin
          (%set-exception-handlers! (cdr hs))
          ((car hs) obj)
          ;; The handler returned: an error in its dynamic environment.
          (raise (%handler-returned obj)))
        (%raise-to-top obj))))

(define (raise-continuable obj)
  (%annotate! obj)
  (let ((hs (%handlers-for obj)))
    (if hs
        (begin
          (%set-exception-handlers! (cdr hs))
          (let ((v ((car hs) obj)))
            (%set-exception-handlers! hs)
            v))
        (%raise-to-top obj))))

;; (guard (var clause...) body...) is (%guard (lambda () body...)
;; HANDLER), where HANDLER evaluates the clauses or returns
;; %guard-no-match.  The clauses run in the dynamic environment of the
;; guard: the handler unwinds to it first, on top of the raise.  When no
;; clause applies, it winds back and re-raises (continuably) in the
;; dynamic environment of the raise, as R7RS says; else it escapes to
;; the guard with the clause's values.
;;
;; Running out of memory or of VM stack is the exception: the frames of
;; the raise hold what filled the heap or the stack, and clauses run on
;; top of them would fail in turn.  For those the handler escapes to the
;; guard first (which frees the frames: their slots are cleared) and the
;; clauses run there; with no clause that applies, the condition is
;; raised again from the guard.  The escape allocates nothing: RAISED is
;; boxed when the guard is entered.
(define %guard-escaped (list 'guard-escaped))

(define (%resources-exhausted? obj)
  (and (error-object? obj)
       (memq (condition-kind obj) '(out-of-memory stack-overflow))))

(define (%guard body handler)
  (let* ((raised #f)
         (v (%call/ec
             (lambda (k)
               (let ((hs (%exception-handlers)))
                 (%set-exception-handlers!
                  (cons (lambda (obj)
                          (if (%resources-exhausted? obj)
                              (begin (set! raised obj) (k %guard-escaped))
                              (%guard-handle k handler obj)))
                        hs))
                 (%charge-stack! 224)
                 (let ((v (body)))
                   (%charge-stack! 0)
                   (%set-exception-handlers! hs)
                   v))))))
    (if (eq? v %guard-escaped)
        (let ((v (handler raised)))
          (if (eq? v %guard-no-match)
              (raise raised)
              v))
        v)))

(define (%guard-handle k handler obj)
  (let ((winders (%winders))
        (params (%parameterization)))
    (%wind-to (%continuation-winders k))
    (%set-parameterization! (%continuation-parameterization k))
    (let ((v (handler obj)))
      (if (eq? v %guard-no-match)
          (begin
            (%wind-to winders)
            (%set-parameterization! params)
            (raise-continuable obj))
          (k v)))))

;;; Guile's catch, throw and with-throw-handler, on the same handlers.
;;; KEY #t matches every key.

(define (throw key . args)
  (raise (%make-throw key args)))

(define (%key-matches? key obj)
  (or (eq? key #t) (eq? key (%throw-key obj))))

(define (catch key thunk handler . pre-unwind-handler)
  (%guard (if (pair? pre-unwind-handler)
              (lambda ()
                (with-throw-handler key thunk (car pre-unwind-handler)))
              thunk)
          (lambda (obj)
            (if (%key-matches? key obj)
                (apply handler (%throw-key obj) (%throw-args obj))
                %guard-no-match))))

(define (with-throw-handler key thunk handler)
  (with-exception-handler
   (lambda (obj)
     (if (%key-matches? key obj)
         (apply handler (%throw-key obj) (%throw-args obj)))
     (raise-continuable obj))
   thunk))

;;; Parameters (R7RS 4.2.6).  A parameter is a procedure of no arguments
;;; that returns the value of its fluid, a pair (parameter . DEFAULT), in
;;; this thread's parameterization (an alist from fluid to value in the
;;; VM, which continuations capture), or the default.  Called with the
;;; private %parameter-key, it gives its fluid and converter, which
;;; parameterize (expanded into %parameterize) binds.  Called with any
;;; other value, it sets its value in the current dynamic extent, after
;;; the converter, as in Guile: the innermost parameterize binding, or
;;; the default outside every one.  The current ports are parameters of
;;; the same kind, made in C.

(define (make-parameter value . converter)
  (let* ((convert (if (pair? converter) (car converter) #f))
         (fluid (cons 'parameter (if convert (convert value) value)))
         (info (cons fluid convert)))
    (case-lambda
      (() (%fluid-ref fluid))
      ((key) (if (eq? key %parameter-key)
                 info
                 (%fluid-set! fluid (if convert (convert key) key)))))))

(define (%parameterize params vals thunk)
  ;; The new bindings go in front of the old parameterization in the
  ;; order written (the first binding of a parameter wins), without map
  ;; or append: they cost 250 bytes a level to a recursion through
  ;; parameterize, whose bindings live until the level returns.
  (let* ((old (%parameterization))
         (new (if (and (pair? params) (null? (cdr params)))
                  (cons (%parameter-binding (car params) (car vals)) old)
                  (let bind ((ps params) (vs vals) (rev '()))
                    (if (pair? ps)
                        (bind (cdr ps) (cdr vs)
                              (cons (%parameter-binding (car ps) (car vs)) rev))
                        (let onto ((rev rev) (new old))
                          (if (pair? rev)
                              (onto (cdr rev) (cons (car rev) new))
                              new)))))))
    (%set-parameterization! new)
    (%charge-stack! (* 64 (length params)))
    (let ((v (thunk)))
      (%charge-stack! 0)
      (%set-parameterization! old)
      v)))

;; (parameterize ((P V)) BODY...): one binding, no argument lists.
(define (%parameterize1 p v thunk)
  (let ((old (%parameterization)))
    (%set-parameterization! (cons (%parameter-binding p v) old))
    (%charge-stack! 64)
    (let ((v (thunk)))
      (%charge-stack! 0)
      (%set-parameterization! old)
      v)))

;; The binding of parameter P to V, converted: (fluid . value).
(define (%parameter-binding p v)
  (let ((c (and (procedure? p) (p %parameter-key))))
    (if (not (and (pair? c) (pair? (car c))))
        (error "parameterize: not a parameter" p))
    (cons (car c) (if (cdr c) ((cdr c) v) v))))

;;; (endianness big) and (endianness little), as in (rnrs bytevectors):
;;; a misspelt endianness is an error at expansion.

(define-syntax endianness
  (syntax-rules (big little)
    ((_ big) 'big)
    ((_ little) 'little)))

;;; Ports with a procedure (R7RS 6.13.1).  The port is closed when
;;; the procedure returns, with its values; not when it escapes, since
;;; a continuation may come back into it.  An escape (a raise, a
;;; continuation) flushes an output port instead, so that what was
;;; written reaches the file even if the port is never closed.

(define (%close-after port thunk)
  (let ((returned #f))
    (%apply values
            (dynamic-wind
              (lambda () (set! returned #f))
              (lambda ()
                (call-with-values thunk
                  (lambda vals
                    (set! returned #t)
                    (close-port port)
                    vals)))
              (lambda ()
                (if (and (not returned) (output-port? port)
                         (output-port-open? port))
                    (flush-output-port port)))))))

(define (call-with-port port proc)
  (%check-port port)
  (%close-after port (lambda () (proc port))))

(define (call-with-input-file filename proc)
  (let ((port (open-input-file filename)))
    (%close-after port (lambda () (proc port)))))

(define (call-with-output-file filename proc)
  (let ((port (open-output-file filename)))
    (%close-after port (lambda () (proc port)))))

(define (with-input-from-file filename thunk)
  (let ((port (open-input-file filename)))
    (%close-after port (lambda ()
                         (%parameterize (list current-input-port) (list port)
                                        thunk)))))

(define (with-output-to-file filename thunk)
  (let ((port (open-output-file filename)))
    (%close-after port (lambda ()
                         (%parameterize (list current-output-port) (list port)
                                        thunk)))))

;;; Guile's string-port shorthands: the text that PROC or THUNK wrote,
;;; or what they return having read STRING.

(define (call-with-output-string proc)
  (let ((port (open-output-string)))
    (proc port)
    (get-output-string port)))

(define (call-with-input-string string proc)
  (proc (open-input-string string)))

(define (with-output-to-string thunk)
  (let ((port (open-output-string)))
    (%parameterize (list current-output-port) (list port) thunk)
    (get-output-string port)))

(define (with-input-from-string string thunk)
  (%parameterize (list current-input-port) (list (open-input-string string))
                 thunk))

;;; Macros built on syntax-case (R6RS 12.8; Guile's define-syntax-rule).
;;; The prelude's macros close over the core forms: the `let' and
;;; `syntax-case' of their templates mean the built-in forms, whatever
;;; a program binds those names to.

(define-syntax with-syntax
  (lambda (x)
    (syntax-case x ()
      ((_ () e1 e2 ...) #'(let () e1 e2 ...))
      ((_ ((p e0)) e1 e2 ...)
       #'(syntax-case e0 () (p (let () e1 e2 ...))))
      ((_ ((p e0) ...) e1 e2 ...)
       #'(syntax-case (list e0 ...) () ((p ...) (let () e1 e2 ...)))))))

(define-syntax define-syntax-rule
  (lambda (x)
    (syntax-case x ()
      ((_ (name . pattern) template)
       #'(define-syntax name (syntax-rules () ((_ . pattern) template))))
      ((_ (name . pattern) docstring template)
       (string? (syntax->datum #'docstring))
       #'(define-syntax name (syntax-rules () ((_ . pattern) template)))))))

;; R5RS's environments (scheme r5rs).
(define (scheme-report-environment version)
  (if (eqv? version 5)
      (environment '(scheme r5rs))
      (error "scheme-report-environment: only version 5 is known" version)))
(define (null-environment version)
  (if (eqv? version 5)
      (environment '(only (scheme r5rs) and begin case cond define
                          define-syntax delay do if lambda let let*
                          let-syntax letrec letrec-syntax or quasiquote
                          quote set!))
      (error "null-environment: only version 5 is known" version)))

;;; Hash tables (hashtables.c): Guile's procedures that call procedures.
;;; They work on a snapshot of the entries (%hash-table-entries), so a
;;; procedure may change the table as they run; what it adds is not
;;; visited.  For a strong table the entries are the table's handles,
;;; so a value set meanwhile is the one passed.

(define (%check-procedure who pos f)
  (if (not (procedure? f)) (%hash-error who pos f "procedure")))

(define (hash-fold proc init table)
  (%check-procedure 'hash-fold 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-fold . 3))) (acc init))
    (if (null? es)
        acc
        (loop (cdr es) (proc (car (car es)) (cdr (car es)) acc)))))

(define (hash-for-each proc table)
  (%check-procedure 'hash-for-each 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-for-each . 2))))
    (if (pair? es)
        (begin (proc (car (car es)) (cdr (car es))) (loop (cdr es))))))

(define (hash-for-each-handle proc table)
  (%check-procedure 'hash-for-each-handle 1 proc)
  (if (%hash-table-info table 1)
      (%hash-error 'hash-for-each-handle 2 table "strong hash table"))
  (let loop ((es (%hash-table-entries table '(hash-for-each-handle . 2))))
    (if (pair? es)
        (begin (proc (car es)) (loop (cdr es))))))

(define (hash-map->list proc table)
  (%check-procedure 'hash-map->list 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-map->list . 2))))
    (if (pair? es)
        (let ((v (proc (car (car es)) (cdr (car es)))))
          (cons v (loop (cdr es))))
        '())))

(define (hash-count pred table)
  (%check-procedure 'hash-count 1 pred)
  (let loop ((es (%hash-table-entries table '(hash-count . 2))) (n 0))
    (if (null? es)
        n
        (loop (cdr es) (if (pred (car (car es)) (cdr (car es))) (+ n 1) n)))))

;; hashx-*: HASH is called (HASH KEY SIZE) with a fixed SIZE, 2^32, and
;; may return any exact nonnegative integer; ASSOC is called (ASSOC KEY
;; ALIST) on the handles of that hash and returns one or #f.
(define (%hashx-handle who hash assoc table key)
  (%check-procedure who 1 hash)
  (%check-procedure who 2 assoc)
  (let ((h (hash key 4294967296)))
    (values h (assoc key (%hash-table-bucket table h (cons who 3))))))

(define (hashx-ref hash assoc table key . dflt)
  (call-with-values
      (lambda () (%hashx-handle 'hashx-ref hash assoc table key))
    (lambda (h handle)
      (cond (handle (cdr handle))
            ((pair? dflt) (car dflt))
            (else #f)))))

(define (hashx-get-handle hash assoc table key)
  (call-with-values
      (lambda () (%hashx-handle 'hashx-get-handle hash assoc table key))
    (lambda (h handle) handle)))

(define (hashx-create-handle! hash assoc table key init)
  (call-with-values
      (lambda () (%hashx-handle 'hashx-create-handle! hash assoc table key))
    (lambda (h handle)
      (or handle
          (%hash-table-insert! table h key init 'hashx-create-handle!)))))

(define (hashx-set! hash assoc table key value)
  (call-with-values
      (lambda () (%hashx-handle 'hashx-set! hash assoc table key))
    (lambda (h handle)
      (if handle
          (set-cdr! handle value)
          (%hash-table-insert! table h key value 'hashx-set!))
      (if #f #f))))

(define (hashx-remove! hash assoc table key)
  (call-with-values
      (lambda () (%hashx-handle 'hashx-remove! hash assoc table key))
    (lambda (h handle)
      (if handle (%hash-table-remove-handle! table handle 'hashx-remove!))
      handle)))

;;; Strings and char-sets: SRFI 13 and SRFI 14 under Guile's core names.
;;; The loops that only compare characters with a character or a
;;; char-set are primitives (string-search.c, charsets.c); a predicate
;;; argument is called from here.  Optional start and end arguments come
;;; in the rest list RANGE, which %substring-start checks (the string,
;;; its position SPOS, the start's position RPOS) and whose end
;;; %substring-end reads.  Errors name the user's procedure;
;;; %hash-error (hashtables.c) is the wrong-type-argument error of
;;; prelude procedures, whatever their subject.

;; The start and end of RANGE in S, checked, as two values.
(define (%string-range s range who spos rpos)
  (values (%substring-start s range who spos rpos) (%substring-end s range)))

;; RANGE of a procedure of two strings (start1 end1 start2 end2): the
;; part for the first string and the part for the second.
(define (%range1 range)
  (if (and (pair? range) (pair? (cdr range)))
      (list (car range) (cadr range))
      range))

(define (%range2 range)
  (if (and (pair? range) (pair? (cdr range))) (cddr range) '()))

(define (%check-char c who pos)
  (if (not (char? c)) (%hash-error who pos c "character")))

(define (%check-count n who pos)
  (if (not (and (exact-integer? n) (>= n 0)))
      (%hash-error who pos n "exact nonnegative integer")))

;; A predicate on characters for X: a character, char-set or predicate.
(define (%char-predicate x who pos)
  (cond ((procedure? x) x)
        ((char? x) (lambda (c) (char=? c x)))
        ((char-set? x) (lambda (c) (char-set-contains? x c)))
        (else (%hash-error who pos x "character, char-set or predicate"))))

;; MODE as in %string-find: 0 the index of the first character that
;; satisfies PRED, 1 the last, 2 the first that does not, 3 the last,
;; 4 the number that do.
(define (%string-find-pred s pred range mode who)
  (call-with-values (lambda () (%string-range s range who 1 3))
    (lambda (start end)
      (case mode
        ((0 2)
         (let ((want (= mode 0)))
           (let loop ((i start))
             (cond ((= i end) #f)
                   ((eq? want (not (not (pred (string-ref s i))))) i)
                   (else (loop (+ i 1)))))))
        ((1 3)
         (let ((want (= mode 1)))
           (let loop ((i end))
             (cond ((= i start) #f)
                   ((eq? want (not (not (pred (string-ref s (- i 1))))))
                    (- i 1))
                   (else (loop (- i 1)))))))
        (else
         (let loop ((i start) (n 0))
           (if (= i end)
               n
               (loop (+ i 1) (if (pred (string-ref s i)) (+ n 1) n)))))))))

(define (%string-search s what range mode who)
  (if (procedure? what)
      (%string-find-pred s what range mode who)
      (%string-find s what range mode who)))

(define (string-index s pred . range) (%string-search s pred range 0 'string-index))
(define (string-index-right s pred . range)
  (%string-search s pred range 1 'string-index-right))
(define (string-rindex s pred . range) (%string-search s pred range 1 'string-rindex))
(define (string-skip s pred . range) (%string-search s pred range 2 'string-skip))
(define (string-skip-right s pred . range)
  (%string-search s pred range 3 'string-skip-right))
(define (string-count s pred . range) (%string-search s pred range 4 'string-count))

(define (string-contains s1 s2 . range)
  (%string-contains s1 s2 range #f 'string-contains))
(define (string-contains-ci s1 s2 . range)
  (%string-contains s1 s2 range #t 'string-contains-ci))

;; ARGS: [char/char-set/pred [start end]]; SIDES 1 left, 2 right, 3 both.
(define (%string-trim-sides s args sides who)
  (let ((what (if (pair? args) (car args) char-set:whitespace))
        (range (if (pair? args) (cdr args) '())))
    (if (not (procedure? what))
        (%string-trim s what range sides who)
        (call-with-values (lambda () (%string-range s range who 1 3))
          (lambda (start end)
            (let* ((from (if (odd? sides)
                             (or (%string-find-pred s what (list start end) 2 who)
                                 end)
                             start))
                   (to (if (> sides 1)
                           (let ((j (%string-find-pred s what (list from end) 3
                                                       who)))
                             (if j (+ j 1) from))
                           end)))
              (substring s from to)))))))

(define (string-trim s . args) (%string-trim-sides s args 1 'string-trim))
(define (string-trim-right s . args) (%string-trim-sides s args 2 'string-trim-right))
(define (string-trim-both s . args) (%string-trim-sides s args 3 'string-trim-both))

;; ARGS: [char [start end]]; RIGHT pads on the right (keeping the left).
(define (%string-pad s n args right who)
  (let ((c (if (pair? args) (car args) #\space))
        (range (if (pair? args) (cdr args) '())))
    (call-with-values (lambda () (%string-range s range who 1 4))
      (lambda (start end)
        (%check-count n who 2)
        (%check-char c who 3)
        (let ((len (- end start)))
          (cond ((<= n len)
                 (if right
                     (substring s start (+ start n))
                     (substring s (- end n) end)))
                (else
                 (let ((r (make-string n c)))
                   (string-copy! r (if right 0 (- n len)) s start end)
                   r))))))))

(define (string-pad s n . args) (%string-pad s n args #f 'string-pad))
(define (string-pad-right s n . args) (%string-pad s n args #t 'string-pad-right))

(define (string-null? s)
  (if (not (string? s)) (%hash-error 'string-null? 1 s "string"))
  (= (string-length s) 0))

(define (%string-take-drop s n who take right)
  (if (not (string? s)) (%hash-error who 1 s "string"))
  (%check-count n who 2)
  (let ((len (string-length s)))
    (if (> n len) (%substring-start s (list n) who 1 2))
    (cond ((and take right) (substring s (- len n) len))
          (take (substring s 0 n))
          (right (substring s 0 (- len n)))
          (else (substring s n len)))))

(define (string-take s n) (%string-take-drop s n 'string-take #t #f))
(define (string-drop s n) (%string-take-drop s n 'string-drop #f #f))
(define (string-take-right s n) (%string-take-drop s n 'string-take-right #t #t))
(define (string-drop-right s n) (%string-take-drop s n 'string-drop-right #f #t))

;; The whole of S is S itself, as in Guile; any other range is a copy.
(define (substring/shared s start . end)
  (call-with-values (lambda () (%string-range s (cons start end)
                                              'substring/shared 1 2))
    (lambda (from to)
      (if (and (= from 0) (= to (string-length s)))
          s
          (substring s from to)))))

;; The length of the common prefix (or, if SUFFIX, suffix) of the two
;; ranges, comparing with SAME?.
(define (%string-common s1 s2 range same? suffix who . rpos)
  (call-with-values (lambda () (%string-range s1 (%range1 range) who 1
                                              (if (pair? rpos) (car rpos) 3)))
    (lambda (start1 end1)
      (call-with-values (lambda () (%string-range s2 (%range2 range) who 2
                                                  (if (pair? rpos) (+ (car rpos) 2) 5)))
        (lambda (start2 end2)
          (let ((n (min (- end1 start1) (- end2 start2))))
            (let loop ((k 0))
              (if (and (< k n)
                       (if suffix
                           (same? (string-ref s1 (- end1 k 1))
                                  (string-ref s2 (- end2 k 1)))
                           (same? (string-ref s1 (+ start1 k))
                                  (string-ref s2 (+ start2 k)))))
                  (loop (+ k 1))
                  k))))))))

(define (string-prefix-length s1 s2 . range)
  (%string-common s1 s2 range char=? #f 'string-prefix-length))
(define (string-prefix-length-ci s1 s2 . range)
  (%string-common s1 s2 range char-ci=? #f 'string-prefix-length-ci))
(define (string-suffix-length s1 s2 . range)
  (%string-common s1 s2 range char=? #t 'string-suffix-length))
(define (string-suffix-length-ci s1 s2 . range)
  (%string-common s1 s2 range char-ci=? #t 'string-suffix-length-ci))

(define (%string-affix? s1 s2 range same? suffix who)
  (= (%string-common s1 s2 range same? suffix who)
     (- (%substring-end s1 (%range1 range))
        (%substring-start s1 (%range1 range) who 1 3))))

(define (string-prefix? s1 s2 . range)
  (%string-affix? s1 s2 range char=? #f 'string-prefix?))
(define (string-prefix-ci? s1 s2 . range)
  (%string-affix? s1 s2 range char-ci=? #f 'string-prefix-ci?))
(define (string-suffix? s1 s2 . range)
  (%string-affix? s1 s2 range char=? #t 'string-suffix?))
(define (string-suffix-ci? s1 s2 . range)
  (%string-affix? s1 s2 range char-ci=? #t 'string-suffix-ci?))

;; Compare the two ranges, characters by SAME? and LESS?: call LT, EQ or
;; GT with the index in S1 where they first differ (or end).
(define (%string-compare s1 s2 range same? less? lt eq gt who rpos)
  (let* ((k (%string-common s1 s2 range same? #f who rpos))
         (start1 (%substring-start s1 (%range1 range) who 1 3))
         (end1 (%substring-end s1 (%range1 range)))
         (start2 (%substring-start s2 (%range2 range) who 2 5))
         (end2 (%substring-end s2 (%range2 range)))
         (i (+ start1 k))
         (j (+ start2 k)))
    (cond ((and (= i end1) (= j end2)) (eq i))
          ((= i end1) (lt i))
          ((= j end2) (gt i))
          ((less? (string-ref s1 i) (string-ref s2 j)) (lt i))
          (else (gt i)))))

(define (string-compare s1 s2 lt eq gt . range)
  (%check-procedure 'string-compare 3 lt)
  (%check-procedure 'string-compare 4 eq)
  (%check-procedure 'string-compare 5 gt)
  (%string-compare s1 s2 range char=? char<? lt eq gt 'string-compare 6))

(define (string-compare-ci s1 s2 lt eq gt . range)
  (%check-procedure 'string-compare-ci 3 lt)
  (%check-procedure 'string-compare-ci 4 eq)
  (%check-procedure 'string-compare-ci 5 gt)
  (%string-compare s1 s2 range char-ci=? char-ci<? lt eq gt
                   'string-compare-ci 6))

;; -1, 0 or 1 as the ranges of S1 and S2 compare.
(define (%string-order s1 s2 range ci who)
  (%string-compare s1 s2 range (if ci char-ci=? char=?) (if ci char-ci<? char<?)
                   (lambda (i) -1) (lambda (i) 0) (lambda (i) 1) who 3))

(define (string= s1 s2 . r) (= 0 (%string-order s1 s2 r #f 'string=)))
(define (string<> s1 s2 . r) (not (= 0 (%string-order s1 s2 r #f 'string<>))))
(define (string< s1 s2 . r) (< (%string-order s1 s2 r #f 'string<) 0))
(define (string> s1 s2 . r) (> (%string-order s1 s2 r #f 'string>) 0))
(define (string<= s1 s2 . r) (<= (%string-order s1 s2 r #f 'string<=) 0))
(define (string>= s1 s2 . r) (>= (%string-order s1 s2 r #f 'string>=) 0))
(define (string-ci= s1 s2 . r) (= 0 (%string-order s1 s2 r #t 'string-ci=)))
(define (string-ci<> s1 s2 . r) (not (= 0 (%string-order s1 s2 r #t 'string-ci<>))))
(define (string-ci< s1 s2 . r) (< (%string-order s1 s2 r #t 'string-ci<) 0))
(define (string-ci> s1 s2 . r) (> (%string-order s1 s2 r #t 'string-ci>) 0))
(define (string-ci<= s1 s2 . r) (<= (%string-order s1 s2 r #t 'string-ci<=) 0))
(define (string-ci>= s1 s2 . r) (>= (%string-order s1 s2 r #t 'string-ci>=) 0))

(define string-hash-ci string-ci-hash)

;; Map each character of S from START to END in place by F.
(define (%string-map-range! f s start end)
  (do ((i start (+ i 1)))
      ((= i end) (if #f #f))
    (string-set! s i (f (string-ref s i)))))

(define (string-upcase! s . range)
  (call-with-values (lambda () (%string-range s range 'string-upcase! 1 2))
    (lambda (start end) (%string-map-range! char-upcase s start end))))

(define (string-downcase! s . range)
  (call-with-values (lambda () (%string-range s range 'string-downcase! 1 2))
    (lambda (start end) (%string-map-range! char-downcase s start end))))

;; SRFI 13: a character preceded by a cased (alphabetic) character is
;; downcased, any other titlecased.
(define (string-titlecase! s . range)
  (call-with-values (lambda () (%string-range s range 'string-titlecase! 1 2))
    (lambda (start end)
      (let loop ((i start) (in-word #f))
        (if (< i end)
            (let ((c (string-ref s i)))
              (string-set! s i (if in-word (char-downcase c) (char-titlecase c)))
              (loop (+ i 1) (char-alphabetic? c))))))))

(define (string-titlecase s . range)
  (call-with-values (lambda () (%string-range s range 'string-titlecase 1 2))
    (lambda (start end)
      (let ((r (substring s start end)))
        (string-titlecase! r)
        r))))

(define (string-reverse s . range)
  (call-with-values (lambda () (%string-range s range 'string-reverse 1 2))
    (lambda (start end)
      (let ((r (make-string (- end start))))
        (do ((i start (+ i 1)) (j (- end start 1) (- j 1)))
            ((= i end) r)
          (string-set! r j (string-ref s i)))))))

(define (string-reverse! s . range)
  (call-with-values (lambda () (%string-range s range 'string-reverse! 1 2))
    (lambda (start end)
      (do ((i start (+ i 1)) (j (- end 1) (- j 1)))
          ((>= i j) (if #f #f))
        (let ((c (string-ref s i)))
          (string-set! s i (string-ref s j))
          (string-set! s j c))))))

(define (string-tabulate proc len)
  (%check-procedure 'string-tabulate 1 proc)
  (%check-count len 'string-tabulate 2)
  (let ((s (make-string len)))
    (do ((i 0 (+ i 1)))
        ((= i len) s)
      (let ((c (proc i)))
        (%check-char c 'string-tabulate 1)
        (string-set! s i c)))))

(define (string-fold kons knil s . range)
  (%check-procedure 'string-fold 1 kons)
  (call-with-values (lambda () (%string-range s range 'string-fold 3 4))
    (lambda (start end)
      (let loop ((i start) (acc knil))
        (if (= i end) acc (loop (+ i 1) (kons (string-ref s i) acc)))))))

(define (string-fold-right kons knil s . range)
  (%check-procedure 'string-fold-right 1 kons)
  (call-with-values (lambda () (%string-range s range 'string-fold-right 3 4))
    (lambda (start end)
      (let loop ((i end) (acc knil))
        (if (= i start) acc (loop (- i 1) (kons (string-ref s (- i 1)) acc)))))))

;; (string-unfold stop? mapper successor seed [base make-final])
(define (string-unfold p f g seed . opts)
  (let ((base (if (pair? opts) (car opts) ""))
        (make-final (if (and (pair? opts) (pair? (cdr opts)))
                        (cadr opts)
                        (lambda (x) ""))))
    (let loop ((seed seed) (acc '()))
      (if (p seed)
          (string-append base (list->string (reverse! acc)) (make-final seed))
          (loop (g seed) (cons (f seed) acc))))))

(define (string-unfold-right p f g seed . opts)
  (let ((base (if (pair? opts) (car opts) ""))
        (make-final (if (and (pair? opts) (pair? (cdr opts)))
                        (cadr opts)
                        (lambda (x) ""))))
    (let loop ((seed seed) (acc '()))
      (if (p seed)
          (string-append (make-final seed) (list->string acc) base)
          (loop (g seed) (cons (f seed) acc))))))

(define (string-for-each-index proc s . range)
  (%check-procedure 'string-for-each-index 1 proc)
  (call-with-values (lambda () (%string-range s range 'string-for-each-index 2 3))
    (lambda (start end)
      (do ((i start (+ i 1)))
          ((= i end) (if #f #f))
        (proc i)))))

(define (string-map! proc s . range)
  (%check-procedure 'string-map! 1 proc)
  (call-with-values (lambda () (%string-range s range 'string-map! 2 3))
    (lambda (start end) (%string-map-range! proc s start end))))

;; (string-filter char/char-set/pred s [start end]), Guile's order; the
;; older (string-filter s char/char-set/pred [start end]) of SRFI 13
;; is accepted too.
(define (%string-filter args keep who)
  (let* ((swap (and (pair? args) (string? (car args)) (pair? (cdr args))
                    (not (string? (cadr args)))))
         (what (if swap (cadr args) (if (pair? args) (car args) #f)))
         (s (if swap (car args) (if (pair? args) (if (pair? (cdr args)) (cadr args) #f)
                                     #f)))
         (range (if (and (pair? args) (pair? (cdr args))) (cddr args) '()))
         (pred (%char-predicate what who (if swap 2 1))))
    (call-with-values (lambda () (%string-range s range who (if swap 1 2) 3))
      (lambda (start end)
        (let loop ((i (- end 1)) (acc '()))
          (if (< i start)
              (list->string acc)
              (let ((c (string-ref s i)))
                (loop (- i 1) (if (eq? keep (not (not (pred c)))) (cons c acc) acc)))))))))

(define (string-filter . args) (%string-filter args #t 'string-filter))
(define (string-delete . args) (%string-filter args #f 'string-delete))

;; (string-any pred s [start end]) and string-every: the first true
;; value of PRED, or the last (#t for an empty range).
(define (string-any what s . range)
  (let ((pred (%char-predicate what 'string-any 1)))
    (call-with-values (lambda () (%string-range s range 'string-any 2 3))
      (lambda (start end)
        (let loop ((i start))
          (and (< i end)
               (if (= i (- end 1))
                   (pred (string-ref s i))
                   (or (pred (string-ref s i)) (loop (+ i 1))))))))))

(define (string-every what s . range)
  (let ((pred (%char-predicate what 'string-every 1)))
    (call-with-values (lambda () (%string-range s range 'string-every 2 3))
      (lambda (start end)
        (let loop ((i start))
          (or (= i end)
              (if (= i (- end 1))
                  (pred (string-ref s i))
                  (and (pred (string-ref s i)) (loop (+ i 1))))))))))

(define (string-tokenize s . args)
  (let ((what (if (pair? args) (car args) char-set:graphic))
        (range (if (pair? args) (cdr args) '())))
    (call-with-values (lambda () (%string-range s range 'string-tokenize 1 3))
      (lambda (start end)
        (let loop ((i start) (acc '()))
          (let ((from (%string-search s what (list i end) 0 'string-tokenize)))
            (if (not from)
                (reverse! acc)
                (let ((to (or (%string-search s what (list from end) 2
                                              'string-tokenize)
                              end)))
                  (loop to (cons (substring s from to) acc))))))))))

;; Guile's (string-split s char/char-set/pred): the substrings between
;; the separators, empty ones included.
(define (string-split s what)
  (if (procedure? what)
      (begin
        (if (not (string? s)) (%hash-error 'string-split 1 s "string"))
        (let loop ((i (string-length s)) (end (string-length s)) (acc '()))
          (cond ((= i 0) (cons (substring s 0 end) acc))
                ((what (string-ref s (- i 1)))
                 (loop (- i 1) (- i 1) (cons (substring s i end) acc)))
                (else (loop (- i 1) end acc)))))
      (%string-split s what 'string-split)))

(define string-append/shared string-append)
(define string-concatenate/shared string-concatenate)

;; (string-concatenate-reverse strings [final end])
(define (string-concatenate-reverse strings . opts)
  (let ((final (if (pair? opts) (car opts) "")))
    (if (not (string? final))
        (%hash-error 'string-concatenate-reverse 2 final "string"))
    (string-concatenate
     (reverse (cons (if (and (pair? opts) (pair? (cdr opts)))
                        (let ((range (list 0 (cadr opts))))
                          (%substring-start final range
                                            'string-concatenate-reverse 2 2)
                          (substring final 0 (%substring-end final range)))
                        final)
                    (begin (%check-list 'string-concatenate-reverse strings)
                           strings))))))

(define string-concatenate-reverse/shared string-concatenate-reverse)

(define (reverse-list->string chars) (list->string (reverse chars)))

;; (xsubstring s from [to start end]): characters FROM to TO of the
;; range of S repeated without end in both directions.
(define (xsubstring s from . args)
  (if (not (exact-integer? from)) (%hash-error 'xsubstring 2 from "exact integer"))
  (let* ((range (if (pair? args) (cdr args) '()))
         (start (%substring-start s range 'xsubstring 1 4))
         (end (%substring-end s range))
         (len (- end start))
         (to (if (pair? args) (car args) (+ from len))))
    (if (not (and (exact-integer? to) (>= to from)))
        (%hash-error 'xsubstring 3 to "exact integer not below from"))
    (if (and (= len 0) (> to from))
        (error "xsubstring: cannot replicate an empty string" s))
    (let ((r (make-string (- to from))))
      (do ((i from (+ i 1)))
          ((= i to) r)
        (string-set! r (- i from) (string-ref s (+ start (modulo i len))))))))

(define (string-xcopy! target tstart s sfrom . args)
  (let ((chars (apply xsubstring s sfrom args)))
    (string-copy! target tstart chars)))

;; (string-replace s1 s2 [start1 end1 start2 end2]): S1 with the range
;; start1..end1 replaced by the range of S2.
(define (string-replace s1 s2 . range)
  (call-with-values (lambda () (%string-range s1 (%range1 range) 'string-replace 1 3))
    (lambda (start1 end1)
      (call-with-values (lambda () (%string-range s2 (%range2 range) 'string-replace 2 5))
        (lambda (start2 end2)
          (string-append (substring s1 0 start1) (substring s2 start2 end2)
                         (substring s1 end1 (string-length s1))))))))

;;; Char-sets: the procedures that call procedures.

;; Call (F LO HI) for each range [LO, HI) of CS, in order, threading ACC.
(define (%char-set-fold-ranges f acc cs)
  (let ((v (%char-set-ranges cs)))
    (let loop ((i 0) (acc acc))
      (if (= i (vector-length v))
          acc
          (loop (+ i 2) (f (vector-ref v i) (vector-ref v (+ i 1)) acc))))))

(define (char-set-fold kons knil cs)
  (%check-procedure 'char-set-fold 1 kons)
  (%char-set-fold-ranges
   (lambda (lo hi acc)
     (let loop ((c lo) (acc acc))
       (if (= c hi) acc (loop (+ c 1) (kons (integer->char c) acc)))))
   knil cs))

(define (char-set-for-each proc cs)
  (%check-procedure 'char-set-for-each 1 proc)
  (char-set-fold (lambda (c acc) (proc c) acc) #f cs)
  (if #f #f))

(define (char-set-map proc cs)
  (%check-procedure 'char-set-map 1 proc)
  (list->char-set (char-set-fold (lambda (c acc) (cons (proc c) acc)) '() cs)))

(define (char-set-count pred cs)
  (%check-procedure 'char-set-count 1 pred)
  (char-set-fold (lambda (c n) (if (pred c) (+ n 1) n)) 0 cs))

;; The first true value of PRED on a member, or #f (char-set-any);
;; #f at the first false one, else the last value or #t (char-set-every).
(define (%char-set-scan pred cs every who)
  (%check-procedure who 1 pred)
  (let ((v (%char-set-ranges cs)))
    (let next-range ((i 0) (last every))
      (if (= i (vector-length v))
          last
          (let ((hi (vector-ref v (+ i 1))))
            (let loop ((c (vector-ref v i)) (last last))
              (if (= c hi)
                  (next-range (+ i 2) last)
                  (let ((x (pred (integer->char c))))
                    (cond ((and every (not x)) #f)
                          ((and (not every) x) x)
                          (else (loop (+ c 1) x)))))))))))

(define (char-set-every pred cs) (%char-set-scan pred cs #t 'char-set-every))
(define (char-set-any pred cs) (%char-set-scan pred cs #f 'char-set-any))

(define (char-set-filter pred cs . base)
  (%check-procedure 'char-set-filter 1 pred)
  (apply list->char-set
         (char-set-fold (lambda (c acc) (if (pred c) (cons c acc) acc)) '() cs)
         base))

(define (char-set-filter! pred cs base)
  (%char-set-assign! base (char-set-filter pred cs base) 'char-set-filter!))

(define (char-set-unfold p f g seed . base)
  (let loop ((seed seed) (acc '()))
    (if (p seed)
        (apply list->char-set acc base)
        (loop (g seed) (cons (f seed) acc)))))

(define (char-set-unfold! p f g seed base)
  (%char-set-assign! base (char-set-unfold p f g seed base) 'char-set-unfold!))
