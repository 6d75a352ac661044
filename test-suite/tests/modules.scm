;;; modules.scm -- R7RS libraries, Guile-style modules, environments
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; The fixture libraries are in test-suite/libraries/fixture/, which
;;; test-suite/run puts on the load path (-L).  Imports take effect when
;;; the form that holds them expands, so the error cases eval an import
;;; or build an environment inside the thunk.

;;; Code:

(test-begin "modules")

(define (env . sets) (apply environment sets))
(define (in-env sets expr) (eval expr (apply environment sets)))
(define (message-of thunk)
  (let ((e (raised-object thunk)))
    (if (eq? e test-nothing-raised)
        "nothing raised"
        (condition-message e))))

;; ------------------------------------------------------------------
(test-group "R7RS libraries: import and export"
  (lambda ()
    (test-equal "an exported procedure" "hello world"
                (in-env '((fixture greet)) '(hello "world")))
    (test-equal "an export renamed with (rename internal external)" 42
                (in-env '((fixture greet)) 'answer))
    (test-error-contains "the internal name of a renamed export is private"
                         '("internal-answer")
                         (lambda () (in-env '((fixture greet)) 'internal-answer)))
    (test-error-contains "a name the library does not export is not visible"
                         '("unbound" "secret")
                         (lambda () (in-env '((scheme base) (fixture greet))
                                            'secret)))
    (test-equal "a nested library name: (fixture deep nested lib)" 3
                (in-env '((fixture deep nested lib)) 'depth))
    (test-equal "a name with a number: (fixture numbered 2)" 2
                (in-env '((fixture numbered 2)) 'two))
    (test-equal "an imported variable is the library's: its changes show" '(1 2)
                (in-env '((scheme base) (fixture greet))
                        '(let* ((a (bump!)) (b (bump!)))
                           (list (- a counter -2) (- b counter -2)))))
    (test-equal "a library is loaded once per instance" #t
                (let ((first (in-env '((fixture counter)) 'loads))
                      (second (in-env '((fixture counter)) 'loads)))
                  (= first second)))
    (test-equal "a library defined in the program" '(7 "local")
                (begin
                  (eval '(define-library (local lib)
                           (export seven name)
                           (import (scheme base))
                           (begin (define seven 7) (define name "local"))))
                  (in-env '((scheme base) (local lib)) '(list seven name))))))

(test-group "import sets"
  (lambda ()
    (test-equal "only" '(hello-ok #f)
                (let ((e (env '(only (fixture greet) hello))))
                  (list (if (procedure? (eval 'hello e)) 'hello-ok 'no)
                        (guard (c (#t #f)) (eval 'answer e)))))
    (test-equal "except" '(#f 42)
                (let ((e (env '(except (fixture greet) hello))))
                  (list (guard (c (#t #f)) (eval 'hello e)) (eval 'answer e))))
    (test-equal "prefix" "hello p"
                (in-env '((prefix (fixture greet) g:)) '(g:hello "p")))
    (test-equal "rename" 42
                (in-env '((rename (fixture greet) (answer the-answer)))
                        'the-answer))
    (test-equal "nested: prefix of only of rename" 42
                (in-env '((prefix (only (rename (fixture greet) (answer a)) a) x-))
                        'x-a))
    (test-equal "a renamed import of car is still car" 1
                (in-env '((rename (only (scheme base) car quote) (car kar)))
                        '(kar '(1 2))))
    ;; Past 8 names, only and except look names up in a table.
    (test-equal "only of many names: exactly those, a name given twice once"
                '(3 #f (1 2))
                (let ((e (env '(only (scheme base) car cdr cons list vector
                                     map append reverse length car quote))))
                  (list (eval '(length (list 1 2 3)) e)
                        (guard (c (#t #f)) (eval 'vector-ref e))
                        (eval '(map car '((1) (2))) e))))
    (test-equal "except of many names: all but those" '(#f #f 2)
                (let ((e (env '(except (scheme base) car cdr cons list vector
                                       map append reverse length))))
                  (list (guard (c (#t #f)) (eval 'car e))
                        (guard (c (#t #f)) (eval 'length e))
                        (eval '(vector-ref (make-vector 3 2) 1) e))))
    (test-equal "import at top level makes the names visible afterwards"
                "hello top"
                (begin (eval '(import (prefix (fixture greet) top:)))
                       (eval '(top:hello "top"))))))

(test-group "import errors"
  (lambda ()
    (test-error-contains "only: a name the library does not export"
                         '("import" "does not provide" "carr" "(scheme base)")
                         (lambda () (env '(only (scheme base) carr))))
    (test-error-contains "except: a name the library does not export"
                         '("does not provide" "nope")
                         (lambda () (env '(except (fixture greet) nope))))
    (test-error-contains "only of many names: the first one not exported"
                         '("does not provide" "carr" "(scheme base)")
                         (lambda ()
                           (env '(only (scheme base) car cdr cons list vector
                                       map carr append reverse nope))))
    (test-error-contains "except of many names: the one not exported"
                         '("does not provide" "nope")
                         (lambda ()
                           (env '(except (scheme base) car cdr cons list
                                         vector map append reverse nope))))
    (test-error-contains "rename: a name the library does not export"
                         '("does not provide" "nope")
                         (lambda () (env '(rename (fixture greet) (nope yes)))))
    (test-error-contains "a missing library names itself and the directories"
                         '("library not found" "(fixture no-such-lib)"
                           "test-suite/libraries" "built into libscm")
                         (lambda () (env '(fixture no-such-lib))))
    (test-error-contains "(.. evil): no library name reaches outside the load path"
                         '("import" "bad library name" "\"..\"" "(.. evil)")
                         (lambda () (env '(.. evil))))
    (test-error-contains "... nor through a directory of it"
                         '("bad library name" "(fixture deep .. greet)")
                         (lambda () (env '(fixture deep .. greet))))
    (test-error-contains "a part \".\""
                         '("bad library name" "(fixture |.| greet)")
                         (lambda () (env (list 'fixture (string->symbol ".")
                                               'greet))))
    (test-error-contains "a part holding \"/\""
                         '("bad library name" "(fixture/greet)")
                         (lambda () (env (list (string->symbol "fixture/greet")))))
    (test-error-contains "an empty part"
                         '("bad library name")
                         (lambda () (env (list 'fixture (string->symbol "")))))
    (test-error-contains "define-library refuses such a name too"
                         '("define-library" "bad library name")
                         (lambda () (eval '(define-library (.. evil) (export)))))
    (test-equal "cond-expand's (library (.. x)) is false, not a file looked for"
                'no
                (eval '(cond-expand ((library (.. fixture greet)) 'yes)
                                    (else 'no))))
    (test-error-contains "a cycle is an error naming it"
                         '("cycle" "(fixture cycle-a)" "(fixture cycle-b)")
                         (lambda () (env '(fixture cycle-a))))
    (test-error-contains "the cycle is reported again, not half-loaded"
                         '("cycle")
                         (lambda () (env '(fixture cycle-b))))
    (test-error-contains "two imports binding one name differently"
                         '("two libraries" "shared" "(fixture conf-a)"
                           "(fixture conf-b)")
                         (lambda () (env '(fixture conf-a) '(fixture conf-b))))
    (test-error-contains "the same in one import form at top level"
                         '("import" "two libraries" "shared" "(fixture conf-a)"
                           "(fixture conf-b)")
                         (lambda () (eval '(import (fixture conf-a) (fixture conf-b)))))
    (test-equal "at top level, a later import form replaces an earlier one" 'b
                (begin (eval '(import (fixture conf-a)))
                       (eval '(import (fixture conf-b)))
                       (eval 'shared)))
    (test-equal "the same binding imported twice is fine" 42
                (in-env '((fixture greet) (only (fixture greet) answer)) 'answer))
    (test-error-contains "assigning an imported variable"
                         '("set!" "cannot assign an imported variable" "counter"
                           "(fixture greet)")
                         (lambda () (in-env '((scheme base) (fixture greet))
                                            '(set! counter 5))))
    (test-error-contains "assigning an import at top level"
                         '("cannot assign an imported variable" "top:counter")
                         (lambda () (eval '(set! top:counter 5))))
    (test-equal "a syntax error in a library file has FILE:LINE:COLUMN"
                '("if: bad syntax (wrong number of parts): (if)"
                  "fixture/bad-syntax.sld:6:7")
                (let* ((e (raised-object (lambda () (env '(fixture bad-syntax)))))
                       (where (condition-location e)))
                  (list (condition-message e)
                        (and (string? where)
                             (substring where (- (string-length where) 26)
                                        (string-length where))))))
    (test-error-contains "a file that defines another library"
                         '("does not define" "(fixture wrong-name)" "wrong-name.sld")
                         (lambda () (env '(fixture wrong-name))))
    (test-error-contains "exporting a name that is not defined"
                         '("exports a name" "never-defined" "(fixture bad-export)")
                         (lambda () (env '(fixture bad-export))))
    (test-error-contains "a bad library name"
                         '("bad library name")
                         (lambda () (env '(fixture "string"))))
    (test-error-contains "import inside a body"
                         '("import" "only at top level")
                         (lambda () (eval '(let () (import (scheme base)) 1))))
    (test-error-contains "a definition of an imported name in an environment"
                         '("cannot define" "car")
                         (lambda ()
                           (eval '(define car 1)
                                 (environment '(scheme base)))))
    (test-error-contains "an unknown library declaration"
                         '("unknown library declaration" "frob")
                         (lambda ()
                           (eval '(define-library (local frob) (frob 1)))))))

(test-group "a library's definition shadows its import (R7RS 5.6.1)"
  (lambda ()
    (eval '(define-library (local redefines-car)
             (export car car-of-import)
             (import (scheme base))
             (begin
               (define (car-of-import p) (car p))
               (define (car p) 'mine))))
    (test-equal "the library's car is its own; code before the definition
and the importer's car are (scheme base)'s"
                '(mine 1 1)
                (in-env '((scheme base) (prefix (local redefines-car) l:))
                        '(list (l:car '(1 2)) (l:car-of-import '(1 2))
                               (car '(1 2)))))
    (test-equal "a library that defines a name of (srfi 128)'s comparators"
                '(#t sym)
                (begin
                  (eval '(define-library (local own-comparator)
                           (export default-comparator which)
                           (import (scheme base) (srfi 128) (srfi 162))
                           (begin
                             (define default-comparator 'sym)
                             (define (which) (comparator? equal-comparator)))))
                  (in-env '((scheme base) (local own-comparator))
                          '(list (which) default-comparator))))
    (test-error-contains "an import after the definition is still an error"
                         '("an import would rebind a name the library defines")
                         (lambda ()
                           (eval '(define-library (local late-import)
                                    (import (only (scheme base) define))
                                    (begin (define car 1))
                                    (import (scheme base))))))))

(test-group "library declarations"
  (lambda ()
    (test-equal "include and include-library-declarations, relative to the file"
                'from-body (in-env '((fixture inc)) 'included-value))
    (test-equal "include-ci folds case" 'folded
                (in-env '((fixture inc)) 'included-ci-value))
    (test-equal "cond-expand with (library ...)" '(#t #f)
                (in-env '((scheme base) (fixture features))
                        '(list base-found missing-found)))
    (test-equal "cond-expand (library ...) at top level" '(yes no)
                (list (cond-expand ((library (fixture greet)) 'yes) (else 'no))
                      (cond-expand ((library (fixture nope)) 'yes) (else 'no))))))

(test-group "macros across libraries"
  (lambda ()
    (test-equal "an exported macro's expansion uses the library's private names"
                '(fixture-tag . 5)
                (in-env '((fixture macros)) '(tagged 5)))
    (test-equal "an exported macro is hygienic at the use" '(2 1)
                (in-env '((scheme base) (fixture macros))
                        '(let ((tmp 1) (b 2)) (swap! tmp b) (list tmp b))))
    (test-error-contains "the private helper itself is not visible"
                         '("make-tagged")
                         (lambda () (in-env '((fixture macros)) '(make-tagged 1))))))

;; ------------------------------------------------------------------
(test-group "Guile-style modules"
  (lambda ()
    (eval '(use-modules (fixture guile-mod)))
    (test-equal "use-modules imports the exports" 10 (eval '(g-double 5)))
    (test-equal "the module uses an R7RS library" "hello guile"
                (eval '(g-hello)))
    (test-equal "#:use-module with #:select renaming" 3 (eval '(g-depth)))
    (test-error-contains "a private name of the module is not visible"
                         '("g-private")
                         (lambda () (eval 'g-private)))
    (test-equal "(@ module name)" 14 ((eval '(@ (fixture guile-mod) g-double)) 7))
    (test-equal "(@@ module name) reaches a private name" 'private
                (eval '(@@ (fixture guile-mod) g-private)))
    (test-error-contains "(@ module name) of a private name"
                         '("@" "exports no such variable" "g-private")
                         (lambda () (eval '(@ (fixture guile-mod) g-private))))
    (test-equal "an R7RS library imports a Guile-style module" 12
                (in-env '((fixture uses-guile)) '(quadruple 3)))
    (test-equal "#:select with a rename, #:prefix, #:hide, #:renamer"
                '(10 10 #f 10)
                (begin
                  (eval '(use-modules ((fixture guile-mod) #:select ((g-double . twice)))
                                      ((fixture guile-mod) #:prefix gm:)
                                      ((fixture guile-mod) #:hide (g-hello)
                                                           #:renamer
                                                           (lambda (s)
                                                             (string->symbol
                                                              (string-append
                                                               "r-" (symbol->string s)))))))
                  (list (eval '(twice 5)) (eval '(gm:g-double 5))
                        (guard (c (#t #f)) (eval 'r-g-hello))
                        (eval '(r-g-double 5)))))
    (test-equal "define-module, then definitions in it, from eval" '(m-value #t)
                (let ((m (resolve-module '(test made-here))))
                  (eval '(define m-value 'm-value) m)
                  (eval '(export m-value) m)
                  (list (eval 'm-value (env '(test made-here)))
                        (module? m))))
    (test-equal "module-ref, module-variable, module-bound?, module-name"
                '(6 #t #f (fixture guile-mod) none)
                (let ((m (resolve-module '(fixture guile-mod))))
                  (list ((module-ref m 'g-double) 3)
                        (variable? (module-variable m 'g-double))
                        (module-bound? m 'no-such-name)
                        (module-name m)
                        (module-ref m 'no-such-name 'none))))
    (test-equal "module-define! and module-exports" '(defined (g-double g-hello g-depth))
                (let ((m (resolve-module '(fixture guile-mod))))
                  (module-define! m 'g-new 'defined)
                  (list (module-ref m 'g-new) (module-exports m))))
    (test-assert "current-module is the REPL's module here"
                 (equal? (module-name (current-module)) '(libscm user)))))

;; ------------------------------------------------------------------
(test-group "environments and redefinition"
  (lambda ()
    (test-equal "eval in (environment '(scheme base))" 3
                (in-env '((scheme base)) '(+ 1 2)))
    (test-error-contains "(environment '(scheme base)) cannot see load"
                         '("load")
                         (lambda () (in-env '((scheme base)) '(load "x"))))
    (test-error-contains "nor delete-file"
                         '("delete-file")
                         (lambda () (in-env '((scheme base)) '(delete-file "x"))))
    (test-error-contains "an environment's bindings are immutable"
                         '("immutable")
                         (lambda () (in-env '((scheme base)) '(define x 1))))
    (test-error-contains "... define-syntax in it too"
                         '("define-syntax" "immutable" "foo")
                         (lambda () (in-env '((scheme base))
                                            '(define-syntax foo
                                               (syntax-rules () ((_) 1))))))
    (test-error-contains "the core module is immutable"
                         '("immutable" "(libscm)")
                         (lambda () (eval '(define car 1) (resolve-module '(libscm)))))
    (test-equal "redefining car in a module changes that module's code only"
                '(2 1)
                (let ((m (resolve-module '(test redefine-car))))
                  (eval '(define (first-of l) (car l)) m)
                  (eval '(define (car p) (cdr p)) m)
                  (list (eval '(first-of '(1 . 2)) m) (car '(1 . 2)))))
    (test-equal "scheme-report-environment and null-environment" '(6 if-ok #f)
                (list (eval '(* 2 3) (scheme-report-environment 5))
                      (eval '(if #t 'if-ok 'no) (null-environment 5))
                      (guard (c (#t #f)) (eval '(car '(1)) (null-environment 5)))))))

(test-group "unbound names"
  (lambda ()
    (define (live) (gc) (gc)
      (let ((s (gc-stats)))
        (- (cdr (assq 'heap-size s)) (cdr (assq 'heap-free s)))))
    (define (typos from n)
      (do ((i from (+ i 1))) ((= i (+ from n)))
        (guard (e (#t #f))
          (eval (string->symbol (string-append "modules-typo-" (number->string i)))))))
    (typos 0 1000)
    (let ((before (live)))
      (typos 1000 30000)
      (test-assert "30,000 distinct unbound names leave nothing behind (3 MB before)"
                   (< (- (live) before) 500000)))
    (test-equal "a forward reference survives collections until its definition"
                'defined-later
                (begin
                  (eval '(define (modules-calls-later) (modules-defined-later)))
                  (gc) (gc)
                  (eval '(define (modules-defined-later) 'defined-later))
                  (eval '(modules-calls-later))))
    (test-equal "... in a library too" 'lib-later
                (begin
                  (eval '(define-library (local forward)
                           (export calls)
                           (import (scheme base))
                           (begin (define (calls) (later))
                                  (define (later) 'lib-later))))
                  (in-env '((local forward)) '(calls))))))

(test-group "the standard libraries"
  (lambda ()
    (define (exports lib) (length (module-exports (resolve-module lib))))
    (test-equal "each (scheme ...) library loads and exports R7RS's names"
                '(237 1 22 6 24 2 10 12 5 1 5 1 1 3 4 216)
                (map exports '((scheme base) (scheme case-lambda) (scheme char)
                               (scheme complex) (scheme cxr) (scheme eval)
                               (scheme file) (scheme inexact) (scheme lazy)
                               (scheme load) (scheme process-context)
                               (scheme read) (scheme repl) (scheme time)
                               (scheme write) (scheme r5rs))))
    (test-equal "a program using several of them" '(6 "3" 2.0 3 #t)
                (in-env '((scheme base) (scheme cxr) (scheme write)
                          (scheme inexact) (scheme char) (scheme lazy))
                        '(let ((out (open-output-string)))
                           (write 3 out)
                           (list (caddr '(4 5 6)) (get-output-string out)
                                 (sqrt 4.0) (force (delay (+ 1 2)))
                                 (char-alphabetic? #\a)))))
    (test-error-contains "(scheme base) does not export names of other libraries"
                         '("caddr")
                         (lambda () (in-env '((scheme base)) '(caddr '(1 2 3)))))
    (test-equal "(scheme complex) on reals" '(5 0 5 3)
                (in-env '((scheme base) (scheme complex))
                        '(list (real-part 5) (imag-part 5) (magnitude -5)
                               (make-rectangular 3 0))))
    (test-equal "Guile's (srfi srfi-N) is the library (srfi N)" '(#t 6)
                (list (eq? (resolve-module '(srfi srfi-1)) (resolve-module '(srfi 1)))
                      (in-env '((only (srfi srfi-1) fold) (only (scheme base) + quote))
                              '(fold + 0 '(1 2 3)))))
    (test-assert "(features) lists the built-in SRFIs"
                 (let ((f (features)))
                   (and (memq 'srfi-1 f) (memq 'srfi-64 f) (memq 'srfi-158 f)
                        (not (memq 'srfi-5 f)))))
    (test-equal "cond-expand sees them" 'has-srfi-1
                (cond-expand (srfi-1 'has-srfi-1) (else 'no)))
    (test-error-contains "... and _ are keywords, not variables"
                         '("bad use of a syntactic keyword")
                         (lambda () (eval '(list ...))))
    (test-equal "(scheme complex) makes non-real numbers" '(1+2i 2 #f)
                (in-env '((scheme base) (scheme complex))
                        '(list (make-rectangular 1 2) (imag-part 1+2i)
                               (real? (make-polar 1 2)))))))


;; ------------------------------------------------------------------
;; Literals matched across a library boundary: (fixture literals)'s
;; which has the literals not, = (core variables), else (a core form);
;; which-car has car.  A module that copies the core's variables (the
;; REPL's, a program's, a Guile-style module) must match them as long
;; as it has not redefined the name (free-identifier=?).
(define (all-patterns)
  '(not-pattern =-pattern else-pattern other car-literal))

(define literal-uses
  '(list (which (not 1)) (which (= 1)) (which else) (which 5)
         (which-car car)))

(test-group "literals of a library's macro, used elsewhere"
  (lambda ()
    (test-equal "from the REPL's environment (this file)" (all-patterns)
                (eval `(begin (import (fixture literals)) ,literal-uses)
                      (interaction-environment)))
    (test-equal "from an R7RS environment" (all-patterns)
                (in-env '((scheme base) (fixture literals)) literal-uses))
    (test-equal "from a library" (all-patterns)
                (begin
                  (eval `(define-library (local uses-literals)
                           (export uses)
                           (import (scheme base) (fixture literals))
                           (begin (define (uses) ,literal-uses))))
                  (in-env '((scheme base) (local uses-literals)) '(uses))))
    (test-equal "from a program loaded as a file" (all-patterns)
                (begin
                  (load (test-write-file
                         "literal-program.scm"
                         (string-append
                          "(import (scheme base) (fixture literals))\n"
                          "(define literal-program-result "
                          (object->string literal-uses) ")\n")))
                  (eval 'literal-program-result (interaction-environment))))
    (test-equal "from a Guile-style module" (all-patterns)
                (let ((m (resolve-module '(test literals plain))))
                  (eval '(use-modules (fixture literals)) m)
                  (eval literal-uses m)))
    (test-equal "a Guile-style module that redefines not and car"
                '(other =-pattern else-pattern other other)
                (let ((m (resolve-module '(test literals redefined))))
                  (eval '(use-modules (fixture literals)) m)
                  (eval '(define (not x) 'mine) m)
                  (eval '(define car 'my-car) m)
                  (eval literal-uses m)))
    (test-equal "one that assigns =, after a first use matched"
                '(=-pattern other)
                (let ((m (resolve-module '(test literals assigned))))
                  (eval '(use-modules (fixture literals)) m)
                  (let ((before (eval '(which (= 1)) m)))
                    (eval '(set! = (lambda args #t)) m)
                    (list before (eval '(which (= 1)) m)))))
    (test-equal "a library that defines its own not" '(other =-pattern)
                (begin
                  (eval '(define-library (local own-not)
                           (export uses)
                           (import (except (scheme base) not) (fixture literals))
                           (begin
                             (define (not x) (if x #f #t))
                             (define (uses) (list (which (not 1)) (which (= 1)))))))
                  (in-env '((scheme base) (local own-not)) '(uses))))
    (test-equal "a local variable named not is no literal" 'other
                (eval '(let ((not 1)) (which (not 1))) (interaction-environment)))))

;; ------------------------------------------------------------------
;; A module that copies the core (the program's, the REPL's, a
;; Guile-style one) takes a built-in library that is in the image,
;; imported whole, without copying its bindings: each test gets a fresh
;; such module.  What it sees must be what the copies gave.
(define lazy-serial 0)
(define (lazy-module . forms)
  (set! lazy-serial (+ lazy-serial 1))
  (let ((m (resolve-module (list 'lazy-import-test lazy-serial))))
    (for-each (lambda (f) (eval f m)) forms)
    m))
(define (srfi-variable lib name)
  (module-variable (resolve-module lib) name))

(test-group "lazy imports of the built-in libraries"
  (lambda ()
    (test-assert "an imported name is the library's variable"
                 (eq? (module-variable (lazy-module '(import (srfi 1))) 'take)
                      (srfi-variable '(srfi 1) 'take)))
    (test-equal "a definition after the import shadows it" 'mine
                (eval '(take '(1 2) 1)
                      (lazy-module '(import (srfi 1))
                                   '(define (take l n) 'mine))))
    (test-equal "an import after a definition replaces it" '(1)
                (eval '(take '(1 2) 1)
                      (lazy-module '(define (take l n) 'mine)
                                   '(import (srfi 1)))))
    (test-error-contains "assigning a lazily imported variable"
                         '("set!" "cannot assign an imported variable" "take"
                           "(srfi 1)")
                         (lambda () (eval '(set! take 1)
                                          (lazy-module '(import (srfi 1))))))
    (test-assert "a later import shadows an earlier one"
                 (eq? (eval 'string-index
                            (lazy-module '(import (srfi 13))
                                         '(import (srfi 130))))
                      (variable-ref (srfi-variable '(srfi 130) 'string-index))))
    (test-assert "importing the earlier library again puts it first"
                 (eq? (eval 'string-index
                            (lazy-module '(import (srfi 13))
                                         '(import (srfi 130))
                                         '(import (srfi 13))))
                      (variable-ref (srfi-variable '(srfi 13) 'string-index))))
    (test-assert "an explicit import after a whole one wins"
                 (eq? (eval 'string-index
                            (lazy-module '(import (srfi 13))
                                         '(import (only (srfi 130)
                                                        string-index))))
                      (variable-ref (srfi-variable '(srfi 130) 'string-index))))
    (test-assert "a whole import after an explicit one wins"
                 (eq? (eval 'string-index
                            (lazy-module '(import (only (srfi 130)
                                                        string-index))
                                         '(import (srfi 13))))
                      (variable-ref (srfi-variable '(srfi 13) 'string-index))))
    (test-equal "a core binding the library exports stays the module's copy"
                '(mine #t)
                (let ((m (lazy-module '(import (srfi 1))
                                      '(define (use) (map car '((1))))
                                      '(set! map (lambda (f l) 'mine)))))
                  (list (eval '(use) m)
                        (equal? (map car '((1))) '(1)))))
    (test-assert "the module's bound names list the imported ones"
                 (memq 'lset-xor!
                       (%module-bound-names (lazy-module '(import (srfi 1))))))))

(test-end "modules")
