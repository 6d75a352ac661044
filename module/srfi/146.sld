;;; 146.sld -- SRFI 146, mappings
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Mappings: persistent maps ordered by an SRFI 128 comparator (it
;;; must have an ordering), weight-balanced trees of (libscm maps).
;;; No mapping is ever changed: each update returns a new one sharing
;;; most of the old, in O(log n), so the linear-update procedures (the
;;; ! ones) are the same as the others and the old mapping stays valid.
;;; Traversals go in key order.  The /ordered constructors and
;;; mapping-map/monotone build in linear time, and check that the keys
;;; do increase.  Errors name the procedure: a missing key in
;;; mapping-ref without failure, an empty mapping where an element is
;;; needed, mappings of different comparators, a key the comparator's
;;; type test refuses.

;;; Code:

(define-library (srfi 146)
  (export mapping mapping-unfold mapping? mapping-contains? mapping-empty? mapping-disjoint?
          mapping-ref mapping-ref/default mapping-key-comparator
          mapping-adjoin mapping-adjoin! mapping-set mapping-set! mapping-replace mapping-replace!
          mapping-delete mapping-delete! mapping-delete-all mapping-delete-all!
          mapping-intern mapping-intern! mapping-update mapping-update!
          mapping-update/default mapping-update!/default mapping-pop mapping-pop!
          mapping-search mapping-search! mapping-size mapping-find mapping-count mapping-any?
          mapping-every? mapping-keys mapping-values mapping-entries mapping-map
          mapping-map->list mapping-for-each mapping-fold mapping-filter mapping-filter!
          mapping-remove mapping-remove! mapping-partition mapping-partition!
          mapping-copy mapping->alist alist->mapping alist->mapping!
          mapping=? mapping<? mapping>? mapping<=? mapping>=?
          mapping-union mapping-intersection mapping-difference mapping-xor
          mapping-union! mapping-intersection! mapping-difference! mapping-xor!
          make-mapping-comparator mapping-comparator comparator?
          mapping/ordered mapping-unfold/ordered alist->mapping/ordered
          alist->mapping/ordered! mapping-min-key mapping-max-key
          mapping-min-value mapping-max-value mapping-key-predecessor
          mapping-key-successor mapping-range= mapping-range< mapping-range>
          mapping-range<= mapping-range>= mapping-range=! mapping-range<!
          mapping-range>! mapping-range<=! mapping-range>=! mapping-split
          mapping-catenate mapping-catenate! mapping-map/monotone
          mapping-map/monotone! mapping-fold/reverse)
  (import (libscm) (srfi 128) (srfi 162) (libscm maps))
  (begin

    (define (mapping comparator . args)
      "A new mapping of COMPARATOR with the associations KEY VALUE ... of ARGS."
      (g-make "mapping" 'mapping comparator args))
    (define (mapping-unfold stop? mapper successor seed comparator)
      "A new mapping: (MAPPER SEED) gives a key and a value for each seed until STOP?."
      (g-unfold "mapping-unfold" 'mapping stop? mapper successor seed comparator))
    (define (mapping? obj)
      "#t if OBJ is a mapping."
      (and (map? obj) (eq? (map-kind obj) 'mapping)))
    (define (mapping-contains? m key)
      "#t if KEY has a value in M."
      (g-contains? "mapping-contains?" 'mapping m key))
    (define (mapping-empty? m)
      "#t if M has no association."
      (g-empty? "mapping-empty?" 'mapping m))
    (define (mapping-disjoint? m1 m2)
      "#t if M1 and M2 have no key in common."
      (g-disjoint? "mapping-disjoint?" 'mapping m1 m2))
    (define (mapping-ref m key . opt)
      "(REF M KEY [FAILURE [SUCCESS]]): KEY's value (passed to SUCCESS), or FAILURE's, or an error."
      (g-ref "mapping-ref" 'mapping m key opt))
    (define (mapping-ref/default m key default)
      "KEY's value in M, or DEFAULT."
      (g-ref/default "mapping-ref/default" 'mapping m key default))
    (define (mapping-key-comparator m)
      "The comparator of M's keys."
      (begin (map-check "mapping-key-comparator" 'mapping 1 m) (map-comparator m)))
    (define (mapping-adjoin m . args)
      "M with the associations KEY VALUE ... of ARGS, except for keys already present."
      (g-adjoin "mapping-adjoin" 'mapping m args #f))
    (define (mapping-adjoin! m . args)
      "M with the associations KEY VALUE ... of ARGS, except for keys already present."
      (g-adjoin "mapping-adjoin!" 'mapping m args #f))
    (define (mapping-set m . args)
      "M with the associations KEY VALUE ... of ARGS, replacing the values of keys present."
      (g-adjoin "mapping-set" 'mapping m args #t))
    (define (mapping-set! m . args)
      "M with the associations KEY VALUE ... of ARGS, replacing the values of keys present."
      (g-adjoin "mapping-set!" 'mapping m args #t))
    (define (mapping-replace m key value)
      "M with KEY's value VALUE if KEY has one, else M."
      (g-replace "mapping-replace" 'mapping m key value))
    (define (mapping-replace! m key value)
      "M with KEY's value VALUE if KEY has one, else M."
      (g-replace "mapping-replace!" 'mapping m key value))
    (define (mapping-delete m . keys)
      "M without the KEYS."
      (g-delete "mapping-delete" 'mapping m keys))
    (define (mapping-delete! m . keys)
      "M without the KEYS."
      (g-delete "mapping-delete!" 'mapping m keys))
    (define (mapping-delete-all m keys)
      "M without the keys of the list KEYS."
      (g-delete "mapping-delete-all" 'mapping m keys))
    (define (mapping-delete-all! m keys)
      "M without the keys of the list KEYS."
      (g-delete "mapping-delete-all!" 'mapping m keys))
    (define (mapping-intern m key failure)
      "Two values: M with KEY bound ((FAILURE) if it was not), and KEY's value."
      (g-intern "mapping-intern" 'mapping m key failure))
    (define (mapping-intern! m key failure)
      "Two values: M with KEY bound ((FAILURE) if it was not), and KEY's value."
      (g-intern "mapping-intern!" 'mapping m key failure))
    (define (mapping-update m key updater . opt)
      "M with KEY's value replaced by (UPDATER value) ([FAILURE [SUCCESS]] as for ref)."
      (g-update "mapping-update" 'mapping m key updater opt))
    (define (mapping-update! m key updater . opt)
      "M with KEY's value replaced by (UPDATER value) ([FAILURE [SUCCESS]] as for ref)."
      (g-update "mapping-update!" 'mapping m key updater opt))
    (define (mapping-update/default m key updater default)
      "M with KEY's value (DEFAULT if none) replaced by (UPDATER value)."
      (g-update/default "mapping-update/default" 'mapping m key updater default))
    (define (mapping-update!/default m key updater default)
      "M with KEY's value (DEFAULT if none) replaced by (UPDATER value)."
      (g-update/default "mapping-update!/default" 'mapping m key updater default))
    (define (mapping-pop m . failure)
      "Three values: M without an association, its key and value (the least key); (FAILURE) if M is empty."
      (g-pop "mapping-pop" 'mapping m failure))
    (define (mapping-pop! m . failure)
      "Three values: M without an association, its key and value (the least key); (FAILURE) if M is empty."
      (g-pop "mapping-pop!" 'mapping m failure))
    (define (mapping-search m key failure success)
      "The SRFI's search: (FAILURE insert ignore) or (SUCCESS key value update remove); two values, the map and an object."
      (g-search "mapping-search" 'mapping m key failure success))
    (define (mapping-search! m key failure success)
      "The SRFI's search: (FAILURE insert ignore) or (SUCCESS key value update remove); two values, the map and an object."
      (g-search "mapping-search!" 'mapping m key failure success))
    (define (mapping-size m)
      "The number of associations of M."
      (g-size "mapping-size" 'mapping m))
    (define (mapping-find pred m failure)
      "Two values, the key and value of the first association for which (PRED key value) holds, or (FAILURE)."
      (g-find "mapping-find" 'mapping pred m failure))
    (define (mapping-count pred m)
      "The number of associations for which (PRED key value) holds."
      (g-count "mapping-count" 'mapping pred m))
    (define (mapping-any? pred m)
      "#t if (PRED key value) holds for some association."
      (g-any? "mapping-any?" 'mapping pred m))
    (define (mapping-every? pred m)
      "#t if (PRED key value) holds for every association."
      (g-every? "mapping-every?" 'mapping pred m))
    (define (mapping-keys m)
      "The list of M's keys."
      (g-keys "mapping-keys" 'mapping m))
    (define (mapping-values m)
      "The list of M's values."
      (g-values "mapping-values" 'mapping m))
    (define (mapping-entries m)
      "Two values: the lists of M's keys and of its values."
      (g-entries "mapping-entries" 'mapping m))
    (define (mapping-map proc comparator m)
      "A new map of COMPARATOR of (PROC key value), which returns a key and a value, for each association."
      (g-map "mapping-map" 'mapping proc comparator m))
    (define (mapping-map->list proc m)
      "The list of (PROC key value) for each association."
      (g-map->list "mapping-map->list" 'mapping proc m))
    (define (mapping-for-each proc m)
      "Call (PROC key value) for each association."
      (g-for-each "mapping-for-each" 'mapping proc m))
    (define (mapping-fold kons knil m)
      "(KONS key value acc) over the associations, ACC from KNIL."
      (g-fold "mapping-fold" 'mapping kons knil m))
    (define (mapping-filter pred m)
      "The associations for which (PRED key value) holds."
      (g-filter "mapping-filter" 'mapping pred m #t))
    (define (mapping-filter! pred m)
      "The associations for which (PRED key value) holds."
      (g-filter "mapping-filter!" 'mapping pred m #t))
    (define (mapping-remove pred m)
      "The associations for which (PRED key value) fails."
      (g-filter "mapping-remove" 'mapping pred m #f))
    (define (mapping-remove! pred m)
      "The associations for which (PRED key value) fails."
      (g-filter "mapping-remove!" 'mapping pred m #f))
    (define (mapping-partition pred m)
      "Two values: the associations for which (PRED key value) holds and those for which it fails."
      (g-partition "mapping-partition" 'mapping pred m))
    (define (mapping-partition! pred m)
      "Two values: the associations for which (PRED key value) holds and those for which it fails."
      (g-partition "mapping-partition!" 'mapping pred m))
    (define (mapping-copy m)
      "M (maps are never changed in place: a copy is the map itself)."
      (begin (map-check "mapping-copy" 'mapping 1 m) m))
    (define (mapping->alist m)
      "An alist of M's associations."
      (g->alist "mapping->alist" 'mapping m))
    (define (alist->mapping comparator alist)
      "A new map of the associations of ALIST (the first of a key wins)."
      (g-alist-> "alist->mapping" 'mapping comparator alist))
    (define (alist->mapping! m alist)
      "M with the associations of ALIST for keys it lacks."
      (g-alist->! "alist->mapping!" 'mapping m alist))
    (define (mapping=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "mapping=?" 'mapping rel= comparator m others))
    (define (mapping<? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "mapping<?" 'mapping rel< comparator m others))
    (define (mapping>? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "mapping>?" 'mapping rel> comparator m others))
    (define (mapping<=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "mapping<=?" 'mapping rel<= comparator m others))
    (define (mapping>=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "mapping>=?" 'mapping rel>= comparator m others))
    (define (mapping-union m . others)
      "The union of the maps; values come from the first map with the key."
      (g-theory "mapping-union" 'mapping map-union m others))
    (define (mapping-union! m . others)
      "The union of the maps; values come from the first map with the key."
      (g-theory "mapping-union!" 'mapping map-union m others))
    (define (mapping-intersection m . others)
      "The intersection of the maps; values come from the first map with the key."
      (g-theory "mapping-intersection" 'mapping map-intersection m others))
    (define (mapping-intersection! m . others)
      "The intersection of the maps; values come from the first map with the key."
      (g-theory "mapping-intersection!" 'mapping map-intersection m others))
    (define (mapping-difference m . others)
      "The difference of the maps; values come from the first map with the key."
      (g-theory "mapping-difference" 'mapping map-difference m others))
    (define (mapping-difference! m . others)
      "The difference of the maps; values come from the first map with the key."
      (g-theory "mapping-difference!" 'mapping map-difference m others))
    (define (mapping-xor m1 m2)
      "The associations of keys in exactly one of the maps."
      (g-theory "mapping-xor" 'mapping (lambda (m others) (map-xor m (car others))) m1 (list m2)))
    (define (mapping-xor! m1 m2)
      "The associations of keys in exactly one of the maps."
      (g-theory "mapping-xor!" 'mapping (lambda (m others) (map-xor m (car others))) m1 (list m2)))
    (define (make-mapping-comparator comparator)
      "A comparator of mappings whose values COMPARATOR compares."
      (g-make-comparator "make-mapping-comparator" 'mapping comparator))

    (define mapping-comparator (make-mapping-comparator default-comparator))

    ;; So that the default comparator compares mappings (a mapping of
    ;; mappings, say), as the SRFI's tests expect.
    (comparator-register-default! mapping-comparator)

    ;; ----------------------------------------------------------------
    ;; What only ordered mappings have.

    (define (mapping/ordered comparator . args)
      "A new mapping of the KEY VALUE ... of ARGS, whose keys increase (built
in linear time)."
      (let loop ((l args) (acc '()))
        (cond ((null? l) (map-from-ordered "mapping/ordered" comparator (reverse acc)))
              ((null? (cdr l)) (map-fail "mapping/ordered" "a key without a value" (car l)))
              (else (loop (cddr l) (cons (cons (car l) (cadr l)) acc))))))

    (define (mapping-unfold/ordered stop? mapper successor seed comparator)
      "mapping-unfold for keys that come in increasing order."
      (let loop ((seed seed) (acc '()))
        (if (stop? seed)
            (map-from-ordered "mapping-unfold/ordered" comparator (reverse acc))
            (call-with-values (lambda () (mapper seed))
              (lambda (k v) (loop (successor seed) (cons (cons k v) acc)))))))

    (define (alist->mapping/ordered comparator alist)
      "A new mapping of ALIST, whose keys increase."
      (map-from-ordered "alist->mapping/ordered" comparator alist))

    (define (alist->mapping/ordered! m alist)
      "M with the associations of ALIST, whose keys increase."
      (alist->mapping! m alist))

    (define (nonempty who m)
      (map-check who 'mapping 1 m)
      (if (= (map-size m) 0) (map-fail who "the mapping is empty" m)))

    (define (mapping-min-key m) "The least key." (nonempty "mapping-min-key" m) (car (map-min m)))
    (define (mapping-max-key m) "The greatest key." (nonempty "mapping-max-key" m) (car (map-max m)))
    (define (mapping-min-value m) "The value of the least key." (nonempty "mapping-min-value" m) (cdr (map-min m)))
    (define (mapping-max-value m) "The value of the greatest key." (nonempty "mapping-max-value" m) (cdr (map-max m)))

    (define (mapping-key-predecessor m obj failure)
      "The greatest key below OBJ, or (FAILURE)."
      (map-check "mapping-key-predecessor" 'mapping 1 m)
      (let-values (((lt gt found) (map-split m obj)))
        (if (= (map-size lt) 0) (failure) (car (map-max lt)))))

    (define (mapping-key-successor m obj failure)
      "The least key above OBJ, or (FAILURE)."
      (map-check "mapping-key-successor" 'mapping 1 m)
      (let-values (((lt gt found) (map-split m obj)))
        (if (= (map-size gt) 0) (failure) (car (map-min gt)))))

    ;; The five parts of M around OBJ: below, not above, equal, not
    ;; below, above.
    (define (parts who m obj)
      (map-check who 'mapping 1 m)
      (let-values (((lt gt found) (map-split m obj)))
        (let ((eq (if found (map-insert who (map-filter (lambda (k v) #f) m)
                                        (car found) (cdr found) #t)
                      (map-filter (lambda (k v) #f) m))))
          (values lt
                  (if found (map-join-ordered lt (car found) (cdr found) (map-filter (lambda (k v) #f) m) #f) lt)
                  eq
                  (if found (map-join-ordered (map-filter (lambda (k v) #f) m) (car found) (cdr found) gt #f) gt)
                  gt))))

    (define (mapping-split m obj)
      "Five values: the submappings of the keys below, not above, equal to,
not below and above OBJ."
      (parts "mapping-split" m obj))

    (define-syntax define-range
      (syntax-rules ()
        ((_ name name! pick)
         (begin
           (define (name m obj)
             "The submapping of the keys in the range."
             (call-with-values (lambda () (parts (symbol->string 'name) m obj)) pick))
           (define (name! m obj)
             "The submapping of the keys in the range."
             (call-with-values (lambda () (parts (symbol->string 'name!) m obj)) pick))))))

    (define-range mapping-range< mapping-range<! (lambda (a b c d e) a))
    (define-range mapping-range<= mapping-range<=! (lambda (a b c d e) b))
    (define-range mapping-range= mapping-range=! (lambda (a b c d e) c))
    (define-range mapping-range>= mapping-range>=! (lambda (a b c d e) d))
    (define-range mapping-range> mapping-range>! (lambda (a b c d e) e))

    (define (catenate who comparator m1 key value m2)
      (map-check who 'mapping 2 m1)
      (map-check who 'mapping 5 m2)
      (if (not (and (eq? comparator (map-comparator m1)) (eq? comparator (map-comparator m2))))
          (map-fail who "mappings with different comparators" m1 m2))
      (if (or (and (> (map-size m1) 0) (not (<? comparator (car (map-max m1)) key)))
              (and (> (map-size m2) 0) (not (<? comparator key (car (map-min m2))))))
          (map-fail who "the keys of the first mapping must be below KEY, the second's above" key))
      (map-join-ordered m1 key value m2 #f))

    (define (mapping-catenate comparator m1 key value m2)
      "The mapping of M1, KEY VALUE and M2, whose keys increase in that order."
      (catenate "mapping-catenate" comparator m1 key value m2))

    (define (mapping-catenate! comparator m1 key value m2)
      "mapping-catenate."
      (catenate "mapping-catenate!" comparator m1 key value m2))

    (define (monotone who proc comparator m)
      (map-check who 'mapping 3 m)
      (map-from-ordered who comparator
                        (map (lambda (kv) (call-with-values (lambda () (proc (car kv) (cdr kv))) cons))
                             (g->alist who 'mapping m))))

    (define (mapping-map/monotone proc comparator m)
      "mapping-map for a PROC that keeps the keys' order (linear time)."
      (monotone "mapping-map/monotone" proc comparator m))

    (define (mapping-map/monotone! proc comparator m)
      "mapping-map/monotone."
      (monotone "mapping-map/monotone!" proc comparator m))

    (define (mapping-fold/reverse kons knil m)
      "(KONS key value acc) over the associations from the greatest key."
      (map-check "mapping-fold/reverse" 'mapping 3 m)
      (map-fold-right kons knil m))
))
