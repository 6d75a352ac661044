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

;; map builds its result by non-tail recursion, not by reversing an
;; accumulator in place: a continuation captured in F and re-entered
;; after map returned must not change the list it returned (R7RS).
;; One list, the common case, checks it with %check-list and maps it
;; with %map1, which passes F along: no rest list consed for the check
;; and no closure made for the loop.
(define (%map1 f l)
  (if (pair? l)
      (let ((v (f (car l))))
        (cons v (%map1 f (cdr l))))
      '()))

(define (map f list1 . lists)
  (if (null? lists)
      (begin (%check-list 'map list1)
             (%map1 f list1))
      (begin
        (%check-lists 'map 2 (cons list1 lists))
        (let mapn ((ls (cons list1 lists)))
          (let ((cars (%cars ls)))
            (if cars
                (let ((v (apply f cars)))
                  (cons v (mapn (%cdrs ls))))
                '()))))))

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
    (list->vector
     (let loop ((i 0))
       (if (= i n)
           '()
           (let ((x (if (null? vs)
                        (f (vector-ref v i))
                        (apply f (%refs vector-ref seqs i)))))
             (cons x (loop (+ i 1)))))))))

(define (vector-for-each f v . vs)
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? vs)
          (f (vector-ref v i))
          (apply f (%refs vector-ref seqs i))))))

(define (string-map f s . ss)
  (let* ((seqs (cons s ss))
         (n (%min-length string-length seqs)))
    (list->string
     (let loop ((i 0))
       (if (= i n)
           '()
           (let ((c (if (null? ss)
                        (f (string-ref s i))
                        (apply f (%refs string-ref seqs i)))))
             (cons c (loop (+ i 1)))))))))

(define (string-for-each f s . ss)
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
;;; parameterize (expanded into %parameterize) binds.  The current ports
;;; are parameters of the same kind, made in C.

(define (make-parameter value . converter)
  (let* ((convert (if (pair? converter) (car converter) #f))
         (fluid (cons 'parameter (if convert (convert value) value)))
         (info (cons fluid convert)))
    (case-lambda
      (() (%fluid-ref fluid))
      ((key) (if (eq? key %parameter-key)
                 info
                 (error "a parameter takes no arguments" key))))))

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
