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
  "Call @var{f} with the elements of the list made of @var{first}, the
arguments after it but the last, and the elements of the last argument,
a proper list: @code{(apply + 1 '(2 3))} is @code{(+ 1 2 3)}.  Return
what @var{f} returns; a tail call.  An error if the last argument is not
a list."
  (%apply f (%apply-list first rest)))

(define (call-with-values producer consumer)
  "Call @var{producer} with no arguments, then call @var{consumer} with
the values it returned as arguments, and return what @var{consumer}
returns (a tail call)."
  (%apply-values consumer (producer)))

(define (eval exp . env)
  "Evaluate the expression @var{exp}, a datum, in the environment given
as the optional argument (an environment from @code{environment} or a
module), or else in the current module; return its values.  Errors of
the expansion and of the evaluation are raised."
  ((%compile exp (if (pair? env) (car env) #f))))

(define (load filename . env)
  "Read the Scheme source file named @var{filename} and evaluate its
forms one by one, in the module given as the optional argument or else
the current module.  The current module is restored when the file has
been loaded or left by an error, as in Guile.  Raises a file error if it
cannot be opened, and the errors of reading and evaluating its forms."
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
;; not change the list map returned (R7RS 6.10).  Up to 10,000
;; elements, map builds its result by non-tail recursion (%map1), the
;; fastest way; past it, that recursion would need a stack as long as
;; the list, so it conses the results in reverse order and returns a
;; fresh reversal (%map1-long): an accumulated pair is never changed,
;; so a re-entered F starts from the pairs it saw, and the list
;; returned before stays as it was.  One list, the common case, checks
;; it with %check-list (which tells whether it is that short: no
;; compare of a length in Scheme) and passes F along: no rest list
;; consed for the check and no closure made for the loop.  Two lists,
;; the next most common, are walked side by side: no list of the cars
;; and the cdrs made at each step, and no apply.

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
  "Return a fresh list of the results of calling @var{f} on the elements
of @var{list1}, or on the elements at the same position of @var{list1}
and the @var{lists}, stopping at the end of the shortest.  The order of
the calls is unspecified; re-entering a continuation captured in @var{f}
does not change a list returned before.  An error if an argument is not
a list (all lists but one may be circular)."
  (if (null? lists)
      (if (%check-list 'map list1)
          (%map1 f list1)
          (%map1-long f list1))
      (begin
        (%check-lists 'map 2 (cons list1 lists))
        (if (null? (cdr lists))
            (let map2 ((l1 list1) (l2 (car lists)) (acc '()))
              (if (and (pair? l1) (pair? l2))
                  (map2 (cdr l1) (cdr l2) (cons (f (car l1) (car l2)) acc))
                  (reverse acc)))
            (let mapn ((ls (cons list1 lists)) (acc '()))
              (let ((cars (%cars ls)))
                (if cars
                    (mapn (%cdrs ls) (cons (apply f cars) acc))
                    (reverse acc))))))))

(define (for-each f list1 . lists)
  "Call @var{f} on each element of @var{list1} in order, or on the
elements at the same position of @var{list1} and the @var{lists},
stopping at the end of the shortest; return an unspecified value.  An
error if an argument is not a list."
  (if (null? lists)
      (begin (%check-list 'for-each list1)
             (let loop ((l list1))
               (if (pair? l)
                   (begin (f (car l)) (loop (cdr l))))))
      (begin
        (%check-lists 'for-each 2 (cons list1 lists))
        (if (null? (cdr lists))
            (let loop2 ((l1 list1) (l2 (car lists)))
              (if (and (pair? l1) (pair? l2))
                  (begin (f (car l1) (car l2)) (loop2 (cdr l1) (cdr l2)))))
            (let loop ((ls (cons list1 lists)))
              (let ((cars (%cars ls)))
                (if cars
                    (begin (apply f cars) (loop (%cdrs ls)))))))))
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
  "Return a fresh vector of the results of calling @var{f} on the
elements of vector @var{v}, or on the elements at the same index of
@var{v} and the @var{vs}, as long as the shortest vector.  The order of
the calls is unspecified."
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
  "Call @var{f} on each element of vector @var{v} in order, or on the
elements at the same index of @var{v} and the @var{vs}, up to the length
of the shortest; return an unspecified value."
  (let* ((seqs (cons v vs))
         (n (%min-length vector-length seqs)))
    (do ((i 0 (+ i 1)))
        ((= i n) (if #f #f))
      (if (null? vs)
          (f (vector-ref v i))
          (apply f (%refs vector-ref seqs i))))))

(define (string-map f s . ss)
  "Return a fresh string of the results of calling @var{f} on the
characters of string @var{s}, or on the characters at the same index of
@var{s} and the strings @var{ss}, as long as the shortest.  @var{f}
returns a character or a string (SRFI 152), which is inserted whole.  As
in Guile and SRFI 13, @code{(string-map f s start [end])} maps only that
range of @var{s}."
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
  "Call @var{f} on each character of string @var{s} in order, or on the
characters at the same index of @var{s} and the strings @var{ss}, up to
the length of the shortest; return an unspecified value.  As in Guile
and SRFI 13, @code{(string-for-each f s start [end])} visits only that
range of @var{s}."
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
      "Return the first pair of @var{list} whose car is @var{x},
compared with @code{equal?} or with the optional predicate, called as
@code{(compare x element)}; @code{#f} if there is none."
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
      "Return the first pair of the association list @var{alist} whose
car is @var{x}, compared with @code{equal?} or with the optional
predicate, called as @code{(compare x key)}; @code{#f} if there is none."
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
  %promise?
  (box %promise-box %set-promise-box!))

;; A procedure of its own over the record's predicate, for its
;; docstring; force and make-promise test with the record's.
(define (promise? obj)
  "Return @code{#t} if @var{obj} is a promise (made by @code{delay},
@code{delay-force} or @code{make-promise}), else @code{#f}."
  (%promise? obj))

(define (%make-promise done? value)
  (%make-promise-record (cons done? value)))

(define (make-promise obj)
  "Return @var{obj} if it is a promise, else a promise already forced
whose value is @var{obj} (R7RS)."
  (if (%promise? obj) obj (%make-promise #t obj)))

(define (force obj)
  "Force the promise @var{obj}: evaluate its expression the first time,
then return the value it gave, which later calls return again without
evaluating anything.  A chain of @code{delay-force} is forced in
constant space.  Anything that is not a promise is returned as it is."
  (if (not (%promise? obj))
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
  "Call @var{f} with the current continuation, a procedure that, called
with values, returns them from this call again, any number of times and
after it returned, running the @code{dynamic-wind} thunks between.
Return what @var{f} returns."
  (%call/cc f))

(define call/cc call-with-current-continuation)

(define (call-with-escape-continuation f)
  "Call @var{f} with an escape-only continuation, as Guile does: calling
it returns its arguments from this call, but only while this call has
not returned; it is cheaper than a full continuation.  Return what
@var{f} returns."
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
  "Call the thunks @var{before}, @var{thunk} and @var{after} in order
and return the values of @var{thunk}.  @var{after} also runs when
control leaves @var{thunk} by a continuation or a raise, and
@var{before} again when a continuation re-enters it."
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
  "Install @var{handler}, a procedure of one argument, as the current
exception handler while @var{thunk} is called, and return the values of
@var{thunk}.  The handler is called with the object of a @code{raise} or
an error, in the dynamic environment of the raise but with the outer
handlers installed.  An error if @var{handler} is not a procedure."
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
  "Raise @var{obj} as an exception: call the current exception handler
with it.  If the handler returns, a secondary error is raised in the
same dynamic environment; with no handler the error reaches the top
level (or the C caller).  Does not return."
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
  "Raise @var{obj} as an exception that may be continued: call the
current exception handler with it, and return what the handler returns."
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
  "Raise a Guile exception of key @var{key}, a symbol, with the
arguments @var{args}; @code{catch} and @code{with-throw-handler} for
@var{key} or @code{#t} receive them.  Does not return."
  (raise (%make-throw key args)))

(define (%key-matches? key obj)
  (or (eq? key #t) (eq? key (%throw-key obj))))

(define (catch key thunk handler . pre-unwind-handler)
  "Call @var{thunk}; if it throws to @var{key} (or to any key if
@var{key} is @code{#t}), unwind and return what @var{handler} returns,
called with the key and the arguments of the throw.  The optional
pre-unwind handler is called the same way before unwinding, as
@code{with-throw-handler} does.  Return the values of @var{thunk} if it
returns."
  (%guard (if (pair? pre-unwind-handler)
              (lambda ()
                (with-throw-handler key thunk (car pre-unwind-handler)))
              thunk)
          (lambda (obj)
            (if (%key-matches? key obj)
                (apply handler (%throw-key obj) (%throw-args obj))
                %guard-no-match))))

(define (with-throw-handler key thunk handler)
  "Call @var{thunk} with @var{handler} called, without unwinding, on
every throw to @var{key} (or to any key if @var{key} is @code{#t}) with
the key and the arguments of the throw; when it returns, the throw goes
on to the outer handlers.  Return the values of @var{thunk}."
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
  "Return a parameter object whose value is @var{value}, or the result
of calling the optional converter on it.  Called with no argument it
returns its value in the current dynamic environment, which
@code{parameterize} binds (through the converter); called with one
argument it sets that value, as in Guile."
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
    "Expand into the symbol @code{big} or @code{little}: @code{(endianness
big)} or @code{(endianness little)}, as in R6RS's @code{(rnrs
bytevectors)}; any other name is an error when the code is expanded."
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
  "Call @var{proc} with @var{port}; when @var{proc} returns, close
@var{port} and return its values.  An escape from @var{proc} does not
close the port (a continuation may come back), but flushes it if it is
an output port.  An error if @var{port} is not a port."
  (%check-port port)
  (%close-after port (lambda () (proc port))))

(define (call-with-input-file filename proc)
  "Open the file named @var{filename} for input and call @var{proc} with
the port; when @var{proc} returns, close the port and return its values.
Raises a file error if the file cannot be opened."
  (let ((port (open-input-file filename)))
    (%close-after port (lambda () (proc port)))))

(define (call-with-output-file filename proc)
  "Open the file named @var{filename} for output, created or truncated,
and call @var{proc} with the port; when @var{proc} returns, close the
port and return its values.  Raises a file error if the file cannot be
opened."
  (let ((port (open-output-file filename)))
    (%close-after port (lambda () (proc port)))))

(define (with-input-from-file filename thunk)
  "Open the file named @var{filename} for input and call @var{thunk}
with the port as the current input port; then close it and return the
values of @var{thunk}.  Raises a file error if the file cannot be
opened."
  (let ((port (open-input-file filename)))
    (%close-after port (lambda ()
                         (%parameterize (list current-input-port) (list port)
                                        thunk)))))

(define (with-output-to-file filename thunk)
  "Open the file named @var{filename} for output, created or truncated,
and call @var{thunk} with the port as the current output port; then
close it and return the values of @var{thunk}.  Raises a file error if
the file cannot be opened."
  (let ((port (open-output-file filename)))
    (%close-after port (lambda ()
                         (%parameterize (list current-output-port) (list port)
                                        thunk)))))

;;; Guile's string-port shorthands: the text that PROC or THUNK wrote,
;;; or what they return having read STRING.

(define (call-with-output-string proc)
  "Call @var{proc} with a fresh string output port and return, as a
string, what it wrote there."
  (let ((port (open-output-string)))
    (proc port)
    (get-output-string port)))

(define (call-with-input-string string proc)
  "Call @var{proc} with a string input port reading @var{string}, and
return what @var{proc} returns."
  (proc (open-input-string string)))

(define (with-output-to-string thunk)
  "Call @var{thunk} with a fresh string port as the current output port
and return, as a string, what it wrote there."
  (let ((port (open-output-string)))
    (%parameterize (list current-output-port) (list port) thunk)
    (get-output-string port)))

(define (with-input-from-string string thunk)
  "Call @var{thunk} with a port reading @var{string} as the current
input port and return what @var{thunk} returns."
  (%parameterize (list current-input-port) (list (open-input-string string))
                 thunk))

;;; Macros built on syntax-case (R6RS 12.8; Guile's define-syntax-rule).
;;; The prelude's macros close over the core forms: the `let' and
;;; `syntax-case' of their templates mean the built-in forms, whatever
;;; a program binds those names to.

(define-syntax with-syntax
  (lambda (x)
    "@code{(with-syntax ((@var{pattern} @var{expr}) @dots{}) @var{body}
@dots{})}: match the syntax object each @var{expr} evaluates to against
its @var{pattern}, as @code{syntax-case} does, and evaluate the
@var{body} forms with the pattern variables bound (R6RS 12.8)."
    (syntax-case x ()
      ((_ () e1 e2 ...) #'(let () e1 e2 ...))
      ((_ ((p e0)) e1 e2 ...)
       #'(syntax-case e0 () (p (let () e1 e2 ...))))
      ((_ ((p e0) ...) e1 e2 ...)
       #'(syntax-case (list e0 ...) () ((p ...) (let () e1 e2 ...)))))))

(define-syntax define-syntax-rule
  (lambda (x)
    "@code{(define-syntax-rule (@var{name} . @var{pattern}) [@var{docstring}]
@var{template})}: define @var{name} as a macro of one rule, as Guile
does: @code{(define-syntax @var{name} (syntax-rules () ((_
. @var{pattern}) @var{template})))}, the docstring kept as the
macro's."
    (syntax-case x ()
      ((_ (name . pattern) template)
       #'(define-syntax name (syntax-rules () ((_ . pattern) template))))
      ((_ (name . pattern) docstring template)
       (string? (syntax->datum #'docstring))
       #'(define-syntax name
           (syntax-rules () docstring ((_ . pattern) template)))))))

;; R5RS's environments (scheme r5rs).
(define (scheme-report-environment version)
  "Return the environment of R5RS's standard bindings, @code{(scheme
r5rs)}, for @code{eval}.  @var{version} must be 5; any other is an
error."
  (if (eqv? version 5)
      (environment '(scheme r5rs))
      (error "scheme-report-environment: only version 5 is known" version)))
(define (null-environment version)
  "Return the environment of R5RS's syntactic keywords only, for
@code{eval}.  @var{version} must be 5; any other is an error."
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
  "Call @var{proc} with the key and the value of each entry of hash
table @var{table} and the result of the previous call, @var{init} for
the first; return the last result, or @var{init} for an empty table.
The entries are those present when the call began, in no particular
order."
  (%check-procedure 'hash-fold 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-fold . 3))) (acc init))
    (if (null? es)
        acc
        (loop (cdr es) (proc (car (car es)) (cdr (car es)) acc)))))

(define (hash-for-each proc table)
  "Call @var{proc} with the key and the value of each entry of hash
table @var{table}, in no particular order; return an unspecified value.
@var{proc} may change the table: what it adds is not visited."
  (%check-procedure 'hash-for-each 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-for-each . 2))))
    (if (pair? es)
        (begin (proc (car (car es)) (cdr (car es))) (loop (cdr es))))))

(define (hash-for-each-handle proc table)
  "Call @var{proc} on each handle, the pair @code{(key . value)}, of
hash table @var{table}, which must be a strong table; return an
unspecified value."
  (%check-procedure 'hash-for-each-handle 1 proc)
  (if (%hash-table-info table 1)
      (%hash-error 'hash-for-each-handle 2 table "strong hash table"))
  (let loop ((es (%hash-table-entries table '(hash-for-each-handle . 2))))
    (if (pair? es)
        (begin (proc (car es)) (loop (cdr es))))))

(define (hash-map->list proc table)
  "Return a list of the results of calling @var{proc} with the key and
the value of each entry of hash table @var{table}, in no particular
order."
  (%check-procedure 'hash-map->list 1 proc)
  (let loop ((es (%hash-table-entries table '(hash-map->list . 2))))
    (if (pair? es)
        (let ((v (proc (car (car es)) (cdr (car es)))))
          (cons v (loop (cdr es))))
        '())))

(define (hash-count pred table)
  "Return the number of entries of hash table @var{table} for which
@var{pred}, called with the key and the value, returns true."
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
  "Return the value of @var{key} in @var{table}, a table used with the
hash function @var{hash}, called as @code{(hash key size)}, and the
association function @var{assoc}, called as @code{(assoc key alist)}
(Guile's @code{hashx-} procedures); the optional default, or @code{#f},
if it has none."
  (call-with-values
      (lambda () (%hashx-handle 'hashx-ref hash assoc table key))
    (lambda (h handle)
      (cond (handle (cdr handle))
            ((pair? dflt) (car dflt))
            (else #f)))))

(define (hashx-get-handle hash assoc table key)
  "Return the handle, the pair @code{(key . value)}, of @var{key} in
@var{table}, found with the hash function @var{hash} and the association
function @var{assoc} as @code{hashx-ref} does, or @code{#f}."
  (call-with-values
      (lambda () (%hashx-handle 'hashx-get-handle hash assoc table key))
    (lambda (h handle) handle)))

(define (hashx-create-handle! hash assoc table key init)
  "Return the handle of @var{key} in @var{table}, found with @var{hash}
and @var{assoc} as @code{hashx-ref} does, adding it with the value
@var{init} if there is none."
  (call-with-values
      (lambda () (%hashx-handle 'hashx-create-handle! hash assoc table key))
    (lambda (h handle)
      (or handle
          (%hash-table-insert! table h key init 'hashx-create-handle!)))))

(define (hashx-set! hash assoc table key value)
  "Set the value of @var{key} in @var{table}, found with @var{hash} and
@var{assoc} as @code{hashx-ref} does, to @var{value}, adding the entry
if there is none; return an unspecified value."
  (call-with-values
      (lambda () (%hashx-handle 'hashx-set! hash assoc table key))
    (lambda (h handle)
      (if handle
          (set-cdr! handle value)
          (%hash-table-insert! table h key value 'hashx-set!))
      (if #f #f))))

(define (hashx-remove! hash assoc table key)
  "Remove the entry of @var{key} from @var{table}, found with @var{hash}
and @var{assoc} as @code{hashx-ref} does; return its handle, or
@code{#f} if there was none."
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

(define (string-index s pred . range)
  "Return the index of the first character of string @var{s}, between
the optional start and end, that @var{pred} matches (a character, a
char-set or a predicate), or @code{#f}."
  (%string-search s pred range 0 'string-index))
(define (string-index-right s pred . range)
  "Return the index of the last character of string @var{s}, between the
optional start and end, that @var{pred} matches (a character, a char-set
or a predicate), or @code{#f}."
  (%string-search s pred range 1 'string-index-right))
(define (string-rindex s pred . range)
  "Guile's older name of @code{string-index-right}: the index of the
last character of @var{s}, between the optional start and end, that
@var{pred} matches, or @code{#f}."
  (%string-search s pred range 1 'string-rindex))
(define (string-skip s pred . range)
  "Return the index of the first character of string @var{s}, between
the optional start and end, that @var{pred} (a character, a char-set or
a predicate) does not match, or @code{#f}."
  (%string-search s pred range 2 'string-skip))
(define (string-skip-right s pred . range)
  "Return the index of the last character of string @var{s}, between the
optional start and end, that @var{pred} (a character, a char-set or a
predicate) does not match, or @code{#f}."
  (%string-search s pred range 3 'string-skip-right))
(define (string-count s pred . range)
  "Return how many characters of string @var{s}, between the optional
start and end, @var{pred} matches (a character, a char-set or a
predicate)."
  (%string-search s pred range 4 'string-count))

(define (string-contains s1 s2 . range)
  "Return the index in @var{s1} where @var{s2} first occurs, or
@code{#f}; the optional start1, end1, start2 and end2 restrict the
search to those ranges of the strings."
  (%string-contains s1 s2 range #f 'string-contains))
(define (string-contains-ci s1 s2 . range)
  "As @code{string-contains}, comparing the characters without regard to
case: the index in @var{s1} where @var{s2} first occurs, or @code{#f}."
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

(define (string-trim s . args)
  "Return string @var{s}, between the optional start and end, without
the characters at its start that the optional character, char-set or
predicate matches (whitespace by default)."
  (%string-trim-sides s args 1 'string-trim))
(define (string-trim-right s . args)
  "Return string @var{s}, between the optional start and end, without
the characters at its end that the optional character, char-set or
predicate matches (whitespace by default)."
  (%string-trim-sides s args 2 'string-trim-right))
(define (string-trim-both s . args)
  "Return string @var{s}, between the optional start and end, without
the characters at both ends that the optional character, char-set or
predicate matches (whitespace by default)."
  (%string-trim-sides s args 3 'string-trim-both))

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

(define (string-pad s n . args)
  "Return a string of length @var{n}: string @var{s} (between the
optional start and end) with the optional character (a space by default)
added on the left, or its last @var{n} characters if it is longer."
  (%string-pad s n args #f 'string-pad))
(define (string-pad-right s n . args)
  "Return a string of length @var{n}: string @var{s} (between the
optional start and end) with the optional character (a space by default)
added on the right, or its first @var{n} characters if it is longer."
  (%string-pad s n args #t 'string-pad-right))

(define (string-null? s)
  "Return @code{#t} if string @var{s} is empty, else @code{#f}.  An
error if @var{s} is not a string."
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

(define (string-take s n)
  "Return a fresh string of the first @var{n} characters of @var{s}.  An
error if @var{s} is shorter."
  (%string-take-drop s n 'string-take #t #f))
(define (string-drop s n)
  "Return a fresh string of the characters of @var{s} but its first
@var{n}.  An error if @var{s} is shorter."
  (%string-take-drop s n 'string-drop #f #f))
(define (string-take-right s n)
  "Return a fresh string of the last @var{n} characters of @var{s}.  An
error if @var{s} is shorter."
  (%string-take-drop s n 'string-take-right #t #t))
(define (string-drop-right s n)
  "Return a fresh string of the characters of @var{s} but its last
@var{n}.  An error if @var{s} is shorter."
  (%string-take-drop s n 'string-drop-right #f #t))

;; The whole of S is S itself, as in Guile; any other range is a copy.
(define (substring/shared s start . end)
  "Return the characters of string @var{s} from @var{start} to the
optional end: @var{s} itself when that is the whole string, as in Guile,
else a fresh copy."
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
  "Return the length of the longest common prefix of @var{s1} and
@var{s2} (between the optional start1, end1, start2 and end2)."
  (%string-common s1 s2 range char=? #f 'string-prefix-length))
(define (string-prefix-length-ci s1 s2 . range)
  "Return the length of the longest common prefix of @var{s1} and
@var{s2} (between the optional start1, end1, start2 and end2), comparing
without regard to case."
  (%string-common s1 s2 range char-ci=? #f 'string-prefix-length-ci))
(define (string-suffix-length s1 s2 . range)
  "Return the length of the longest common suffix of @var{s1} and
@var{s2} (between the optional start1, end1, start2 and end2)."
  (%string-common s1 s2 range char=? #t 'string-suffix-length))
(define (string-suffix-length-ci s1 s2 . range)
  "Return the length of the longest common suffix of @var{s1} and
@var{s2} (between the optional start1, end1, start2 and end2), comparing
without regard to case."
  (%string-common s1 s2 range char-ci=? #t 'string-suffix-length-ci))

(define (%string-affix? s1 s2 range same? suffix who)
  (= (%string-common s1 s2 range same? suffix who)
     (- (%substring-end s1 (%range1 range))
        (%substring-start s1 (%range1 range) who 1 3))))

(define (string-prefix? s1 s2 . range)
  "Return @code{#t} if @var{s1} (between the optional start1 and end1)
is a prefix of @var{s2} (between the optional start2 and end2), else
@code{#f}."
  (%string-affix? s1 s2 range char=? #f 'string-prefix?))
(define (string-prefix-ci? s1 s2 . range)
  "Return @code{#t} if @var{s1} is a prefix of @var{s2}, comparing
without regard to case (between the optional start1, end1, start2 and
end2), else @code{#f}."
  (%string-affix? s1 s2 range char-ci=? #f 'string-prefix-ci?))
(define (string-suffix? s1 s2 . range)
  "Return @code{#t} if @var{s1} (between the optional start1 and end1)
is a suffix of @var{s2} (between the optional start2 and end2), else
@code{#f}."
  (%string-affix? s1 s2 range char=? #t 'string-suffix?))
(define (string-suffix-ci? s1 s2 . range)
  "Return @code{#t} if @var{s1} is a suffix of @var{s2}, comparing
without regard to case (between the optional start1, end1, start2 and
end2), else @code{#f}."
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
  "Compare @var{s1} and @var{s2} (between the optional start1, end1,
start2 and end2) and call @var{lt}, @var{eq} or @var{gt} as the first is
less than, equal to or greater than the second, with the index in
@var{s1} where they first differ (or its end); return what it returns."
  (%check-procedure 'string-compare 3 lt)
  (%check-procedure 'string-compare 4 eq)
  (%check-procedure 'string-compare 5 gt)
  (%string-compare s1 s2 range char=? char<? lt eq gt 'string-compare 6))

(define (string-compare-ci s1 s2 lt eq gt . range)
  "As @code{string-compare}, comparing the characters without regard to
case: call @var{lt}, @var{eq} or @var{gt} with the index in @var{s1}
where the strings first differ."
  (%check-procedure 'string-compare-ci 3 lt)
  (%check-procedure 'string-compare-ci 4 eq)
  (%check-procedure 'string-compare-ci 5 gt)
  (%string-compare s1 s2 range char-ci=? char-ci<? lt eq gt
                   'string-compare-ci 6))

;; -1, 0 or 1 as the ranges of S1 and S2 compare.
(define (%string-order s1 s2 range ci who)
  (%string-compare s1 s2 range (if ci char-ci=? char=?) (if ci char-ci<? char<?)
                   (lambda (i) -1) (lambda (i) 0) (lambda (i) 1) who 3))

(define (string= s1 s2 . r)
  "Return @code{#t} if strings @var{s1} and @var{s2} (between the
optional start1, end1, start2 and end2) are equal, else @code{#f} (SRFI
13)."
  (= 0 (%string-order s1 s2 r #f 'string=)))
(define (string<> s1 s2 . r)
  "Return @code{#t} if strings @var{s1} and @var{s2} (between the
optional start1, end1, start2 and end2) differ, else @code{#f} (SRFI
13)."
  (not (= 0 (%string-order s1 s2 r #f 'string<>))))
(define (string< s1 s2 . r)
  "Return @code{#t} if string @var{s1} is less than @var{s2} in
lexicographic order (between the optional start1, end1, start2 and
end2), else @code{#f} (SRFI 13)."
  (< (%string-order s1 s2 r #f 'string<) 0))
(define (string> s1 s2 . r)
  "Return @code{#t} if string @var{s1} is greater than @var{s2} in
lexicographic order (between the optional start1, end1, start2 and
end2), else @code{#f} (SRFI 13)."
  (> (%string-order s1 s2 r #f 'string>) 0))
(define (string<= s1 s2 . r)
  "Return @code{#t} if string @var{s1} is less than or equal to @var{s2}
in lexicographic order (between the optional start1, end1, start2 and
end2), else @code{#f} (SRFI 13)."
  (<= (%string-order s1 s2 r #f 'string<=) 0))
(define (string>= s1 s2 . r)
  "Return @code{#t} if string @var{s1} is greater than or equal to
@var{s2} in lexicographic order (between the optional start1, end1,
start2 and end2), else @code{#f} (SRFI 13)."
  (>= (%string-order s1 s2 r #f 'string>=) 0))
(define (string-ci= s1 s2 . r)
  "As @code{string=}, without regard to case: @code{#t} if @var{s1} and
@var{s2} are equal, else @code{#f}."
  (= 0 (%string-order s1 s2 r #t 'string-ci=)))
(define (string-ci<> s1 s2 . r)
  "As @code{string<>}, without regard to case: @code{#t} if @var{s1} and
@var{s2} differ, else @code{#f}."
  (not (= 0 (%string-order s1 s2 r #t 'string-ci<>))))
(define (string-ci< s1 s2 . r)
  "As @code{string<}, without regard to case: @code{#t} if @var{s1} is
less than @var{s2}, else @code{#f}."
  (< (%string-order s1 s2 r #t 'string-ci<) 0))
(define (string-ci> s1 s2 . r)
  "As @code{string>}, without regard to case: @code{#t} if @var{s1} is
greater than @var{s2}, else @code{#f}."
  (> (%string-order s1 s2 r #t 'string-ci>) 0))
(define (string-ci<= s1 s2 . r)
  "As @code{string<=}, without regard to case: @code{#t} if @var{s1} is
less than or equal to @var{s2}, else @code{#f}."
  (<= (%string-order s1 s2 r #t 'string-ci<=) 0))
(define (string-ci>= s1 s2 . r)
  "As @code{string>=}, without regard to case: @code{#t} if @var{s1} is
greater than or equal to @var{s2}, else @code{#f}."
  (>= (%string-order s1 s2 r #t 'string-ci>=) 0))

(define string-hash-ci string-ci-hash)

;; Map each character of S from START to END in place by F.
(define (%string-map-range! f s start end)
  (do ((i start (+ i 1)))
      ((= i end) (if #f #f))
    (string-set! s i (f (string-ref s i)))))

(define (string-upcase! s . range)
  "Replace each character of string @var{s}, between the optional start
and end, by its upper case; return an unspecified value."
  (call-with-values (lambda () (%string-range s range 'string-upcase! 1 2))
    (lambda (start end) (%string-map-range! char-upcase s start end))))

(define (string-downcase! s . range)
  "Replace each character of string @var{s}, between the optional start
and end, by its lower case; return an unspecified value."
  (call-with-values (lambda () (%string-range s range 'string-downcase! 1 2))
    (lambda (start end) (%string-map-range! char-downcase s start end))))

;; SRFI 13: a character preceded by a cased (alphabetic) character is
;; downcased, any other titlecased.
(define (string-titlecase! s . range)
  "Change string @var{s}, between the optional start and end, in place:
a character that follows a cased (alphabetic) character is downcased,
any other titlecased (SRFI 13).  Return an unspecified value."
  (call-with-values (lambda () (%string-range s range 'string-titlecase! 1 2))
    (lambda (start end)
      (let loop ((i start) (in-word #f))
        (if (< i end)
            (let ((c (string-ref s i)))
              (string-set! s i (if in-word (char-downcase c) (char-titlecase c)))
              (loop (+ i 1) (char-alphabetic? c))))))))

(define (string-titlecase s . range)
  "Return a fresh string of the characters of @var{s} between the
optional start and end, titlecased as @code{string-titlecase!} does."
  (call-with-values (lambda () (%string-range s range 'string-titlecase 1 2))
    (lambda (start end)
      (let ((r (substring s start end)))
        (string-titlecase! r)
        r))))

(define (string-reverse s . range)
  "Return a fresh string of the characters of @var{s}, between the
optional start and end, in reverse order."
  (call-with-values (lambda () (%string-range s range 'string-reverse 1 2))
    (lambda (start end)
      (let ((r (make-string (- end start))))
        (do ((i start (+ i 1)) (j (- end start 1) (- j 1)))
            ((= i end) r)
          (string-set! r j (string-ref s i)))))))

(define (string-reverse! s . range)
  "Reverse the order of the characters of string @var{s}, between the
optional start and end, in place; return an unspecified value."
  (call-with-values (lambda () (%string-range s range 'string-reverse! 1 2))
    (lambda (start end)
      (do ((i start (+ i 1)) (j (- end 1) (- j 1)))
          ((>= i j) (if #f #f))
        (let ((c (string-ref s i)))
          (string-set! s i (string-ref s j))
          (string-set! s j c))))))

(define (string-tabulate proc len)
  "Return a fresh string of length @var{len} whose character at index
@var{i} is @code{(proc i)}.  An error if @var{proc} returns something
other than a character."
  (%check-procedure 'string-tabulate 1 proc)
  (%check-count len 'string-tabulate 2)
  (let ((s (make-string len)))
    (do ((i 0 (+ i 1)))
        ((= i len) s)
      (let ((c (proc i)))
        (%check-char c 'string-tabulate 1)
        (string-set! s i c)))))

(define (string-fold kons knil s . range)
  "Call @var{kons} on each character of @var{s} (between the optional
start and end) from left to right and the result of the previous call,
@var{knil} for the first; return the last result, or @var{knil} if there
is no character."
  (%check-procedure 'string-fold 1 kons)
  (call-with-values (lambda () (%string-range s range 'string-fold 3 4))
    (lambda (start end)
      (let loop ((i start) (acc knil))
        (if (= i end) acc (loop (+ i 1) (kons (string-ref s i) acc)))))))

(define (string-fold-right kons knil s . range)
  "Call @var{kons} on each character of @var{s} (between the optional
start and end) from right to left and the result of the previous call,
@var{knil} for the first; return the last result, or @var{knil} if there
is no character."
  (%check-procedure 'string-fold-right 1 kons)
  (call-with-values (lambda () (%string-range s range 'string-fold-right 3 4))
    (lambda (start end)
      (let loop ((i end) (acc knil))
        (if (= i start) acc (loop (- i 1) (kons (string-ref s (- i 1)) acc)))))))

;; (string-unfold stop? mapper successor seed [base make-final])
(define (string-unfold p f g seed . opts)
  "Build a string from left to right: while @code{(p seed)} is false,
add the character @code{(f seed)} and go on with @code{(g seed)}.
Return the optional base string, then those characters, then what the
optional @code{make-final} returns for the last seed (SRFI 13)."
  (let ((base (if (pair? opts) (car opts) ""))
        (make-final (if (and (pair? opts) (pair? (cdr opts)))
                        (cadr opts)
                        (lambda (x) ""))))
    (let loop ((seed seed) (acc '()))
      (if (p seed)
          (string-append base (list->string (reverse! acc)) (make-final seed))
          (loop (g seed) (cons (f seed) acc))))))

(define (string-unfold-right p f g seed . opts)
  "Build a string from right to left: while @code{(p seed)} is false,
add the character @code{(f seed)} in front and go on with @code{(g
seed)}.  Return what the optional @code{make-final} returns for the last
seed, then those characters, then the optional base string (SRFI 13)."
  (let ((base (if (pair? opts) (car opts) ""))
        (make-final (if (and (pair? opts) (pair? (cdr opts)))
                        (cadr opts)
                        (lambda (x) ""))))
    (let loop ((seed seed) (acc '()))
      (if (p seed)
          (string-append (make-final seed) (list->string acc) base)
          (loop (g seed) (cons (f seed) acc))))))

(define (string-for-each-index proc s . range)
  "Call @var{proc} on each index of string @var{s}, between the optional
start and end, in increasing order; return an unspecified value."
  (%check-procedure 'string-for-each-index 1 proc)
  (call-with-values (lambda () (%string-range s range 'string-for-each-index 2 3))
    (lambda (start end)
      (do ((i start (+ i 1)))
          ((= i end) (if #f #f))
        (proc i)))))

(define (string-map! proc s . range)
  "Replace each character of string @var{s}, between the optional start
and end, by the character @var{proc} returns for it; return an
unspecified value."
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

(define (string-filter . args)
  "Called as @code{(string-filter pred s [start end])}: return a fresh
string of the characters of @var{s} that @var{pred} matches (a
character, a char-set or a predicate).  SRFI 13's older argument order,
string first, is accepted too."
  (%string-filter args #t 'string-filter))
(define (string-delete . args)
  "Called as @code{(string-delete pred s [start end])}: return a fresh
string of the characters of @var{s} that @var{pred} does not match (a
character, a char-set or a predicate).  SRFI 13's older argument order,
string first, is accepted too."
  (%string-filter args #f 'string-delete))

;; (string-any pred s [start end]) and string-every: the first true
;; value of PRED, or the last (#t for an empty range).
(define (string-any what s . range)
  "Return the first true value of @var{what} (a character, a char-set or
a predicate) on the characters of @var{s} between the optional start and
end, from the left, or @code{#f}; the last character is tested in a tail
call."
  (let ((pred (%char-predicate what 'string-any 1)))
    (call-with-values (lambda () (%string-range s range 'string-any 2 3))
      (lambda (start end)
        (let loop ((i start))
          (and (< i end)
               (if (= i (- end 1))
                   (pred (string-ref s i))
                   (or (pred (string-ref s i)) (loop (+ i 1))))))))))

(define (string-every what s . range)
  "Return @code{#f} if @var{what} (a character, a char-set or a
predicate) is false on a character of @var{s} between the optional start
and end, else its value on the last character, or @code{#t} if there is
none."
  (let ((pred (%char-predicate what 'string-every 1)))
    (call-with-values (lambda () (%string-range s range 'string-every 2 3))
      (lambda (start end)
        (let loop ((i start))
          (or (= i end)
              (if (= i (- end 1))
                  (pred (string-ref s i))
                  (and (pred (string-ref s i)) (loop (+ i 1))))))))))

(define (string-tokenize s . args)
  "Return a list of the tokens of string @var{s}, between the optional
start and end: the longest runs of characters in the optional char-set
(@code{char-set:graphic} by default), from left to right."
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
  "Return a list of the substrings of @var{s} between the characters
that @var{what} matches (a character, a char-set or a predicate), as in
Guile: empty substrings included, so that there is one more than there
are separators."
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
  "Return a fresh string of the strings of the list @var{strings} in
reverse order, followed by the optional final string (of which the
optional end gives how many characters are taken)."
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

(define (reverse-list->string chars)
  "Return a fresh string of the characters of the list @var{chars} in
reverse order."
  (list->string (reverse chars)))

;; (xsubstring s from [to start end]): characters FROM to TO of the
;; range of S repeated without end in both directions.
(define (xsubstring s from . args)
  "Return the characters from index @var{from} to the optional to (by
default @var{from} plus the length) of string @var{s} (between the
optional start and end) repeated without end in both directions (SRFI
13).  An error if that range of @var{s} is empty and the result is not."
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
  "Copy into string @var{target} at index @var{tstart} the characters
that @code{(xsubstring s sfrom ...)} returns for the same arguments;
return an unspecified value."
  (let ((chars (apply xsubstring s sfrom args)))
    (string-copy! target tstart chars)))

;; (string-replace s1 s2 [start1 end1 start2 end2]): S1 with the range
;; start1..end1 replaced by the range of S2.
(define (string-replace s1 s2 . range)
  "Return a fresh string: @var{s1} with its characters between the
optional start1 and end1 replaced by those of @var{s2} between the
optional start2 and end2."
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
  "Call @var{kons} on each character of char-set @var{cs}, in increasing
order, and the result of the previous call, @var{knil} for the first;
return the last result, or @var{knil} for an empty set."
  (%check-procedure 'char-set-fold 1 kons)
  (%char-set-fold-ranges
   (lambda (lo hi acc)
     (let loop ((c lo) (acc acc))
       (if (= c hi) acc (loop (+ c 1) (kons (integer->char c) acc)))))
   knil cs))

(define (char-set-for-each proc cs)
  "Call @var{proc} on each character of char-set @var{cs}, in increasing
order; return an unspecified value."
  (%check-procedure 'char-set-for-each 1 proc)
  (char-set-fold (lambda (c acc) (proc c) acc) #f cs)
  (if #f #f))

(define (char-set-map proc cs)
  "Return a fresh char-set of the characters that @var{proc} returns for
the characters of char-set @var{cs}."
  (%check-procedure 'char-set-map 1 proc)
  (list->char-set (char-set-fold (lambda (c acc) (cons (proc c) acc)) '() cs)))

(define (char-set-count pred cs)
  "Return how many characters of char-set @var{cs} satisfy @var{pred}."
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

(define (char-set-every pred cs)
  "Return @code{#f} if @var{pred} is false on a character of char-set
@var{cs}, else its value on the last character, or @code{#t} for an
empty set."
  (%char-set-scan pred cs #t 'char-set-every))
(define (char-set-any pred cs)
  "Return the first true value of @var{pred} on the characters of
char-set @var{cs}, in increasing order, or @code{#f}."
  (%char-set-scan pred cs #f 'char-set-any))

(define (char-set-filter pred cs . base)
  "Return a fresh char-set of the characters of char-set @var{cs} that
satisfy @var{pred}, added to the characters of the optional base
char-set."
  (%check-procedure 'char-set-filter 1 pred)
  (apply list->char-set
         (char-set-fold (lambda (c acc) (if (pred c) (cons c acc) acc)) '() cs)
         base))

(define (char-set-filter! pred cs base)
  "Set char-set @var{base} to its characters and those of @var{cs} that
satisfy @var{pred}; return @var{base}."
  (%char-set-assign! base (char-set-filter pred cs base) 'char-set-filter!))

(define (char-set-unfold p f g seed . base)
  "Build a char-set: while @code{(p seed)} is false, add the character
@code{(f seed)} and go on with @code{(g seed)}; return it, added to the
optional base char-set (SRFI 14)."
  (let loop ((seed seed) (acc '()))
    (if (p seed)
        (apply list->char-set acc base)
        (loop (g seed) (cons (f seed) acc)))))

(define (char-set-unfold! p f g seed base)
  "As @code{char-set-unfold}, adding the characters to char-set
@var{base}, which is returned."
  (%char-set-assign! base (char-set-unfold p f g seed base) 'char-set-unfold!))
