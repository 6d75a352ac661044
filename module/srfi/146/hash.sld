;;; hash.sld -- SRFI 146's (srfi 146 hash), hashmaps
;;; SPDX-License-Identifier: LGPL-3.0-or-later

;;; Commentary:
;;;
;;; Hashmaps: persistent maps keyed through an SRFI 128 comparator's
;;; hash function (it must have one), on the weight-balanced trees of
;;; (libscm maps) ordered by the hash, each node the list of the keys
;;; of one hash.  No hashmap is ever changed: each update returns a new
;;; one, so the ! procedures are the same as the others.  Traversals go
;;; in no particular order.  Errors as (srfi 146)'s.

;;; Code:

(define-library (srfi 146 hash)
  (export hashmap hashmap-unfold hashmap? hashmap-contains? hashmap-empty? hashmap-disjoint?
          hashmap-ref hashmap-ref/default hashmap-key-comparator
          hashmap-adjoin hashmap-adjoin! hashmap-set hashmap-set! hashmap-replace hashmap-replace!
          hashmap-delete hashmap-delete! hashmap-delete-all hashmap-delete-all!
          hashmap-intern hashmap-intern! hashmap-update hashmap-update!
          hashmap-update/default hashmap-update!/default hashmap-pop hashmap-pop!
          hashmap-search hashmap-search! hashmap-size hashmap-find hashmap-count hashmap-any?
          hashmap-every? hashmap-keys hashmap-values hashmap-entries hashmap-map
          hashmap-map->list hashmap-for-each hashmap-fold hashmap-filter hashmap-filter!
          hashmap-remove hashmap-remove! hashmap-partition hashmap-partition!
          hashmap-copy hashmap->alist alist->hashmap alist->hashmap!
          hashmap=? hashmap<? hashmap>? hashmap<=? hashmap>=?
          hashmap-union hashmap-intersection hashmap-difference hashmap-xor
          hashmap-union! hashmap-intersection! hashmap-difference! hashmap-xor!
          make-hashmap-comparator hashmap-comparator comparator?)
  (import (libscm) (srfi 128) (srfi 162) (libscm maps))
  (begin

    (define (hashmap comparator . args)
      "A new hashmap of COMPARATOR with the associations KEY VALUE ... of ARGS."
      (g-make "hashmap" 'hashmap comparator args))
    (define (hashmap-unfold stop? mapper successor seed comparator)
      "A new hashmap: (MAPPER SEED) gives a key and a value for each seed until STOP?."
      (g-unfold "hashmap-unfold" 'hashmap stop? mapper successor seed comparator))
    (define (hashmap? obj)
      "#t if OBJ is a hashmap."
      (and (map? obj) (eq? (map-kind obj) 'hashmap)))
    (define (hashmap-contains? m key)
      "#t if KEY has a value in M."
      (g-contains? "hashmap-contains?" 'hashmap m key))
    (define (hashmap-empty? m)
      "#t if M has no association."
      (g-empty? "hashmap-empty?" 'hashmap m))
    (define (hashmap-disjoint? m1 m2)
      "#t if M1 and M2 have no key in common."
      (g-disjoint? "hashmap-disjoint?" 'hashmap m1 m2))
    (define (hashmap-ref m key . opt)
      "(REF M KEY [FAILURE [SUCCESS]]): KEY's value (passed to SUCCESS), or FAILURE's, or an error."
      (g-ref "hashmap-ref" 'hashmap m key opt))
    (define (hashmap-ref/default m key default)
      "KEY's value in M, or DEFAULT."
      (g-ref/default "hashmap-ref/default" 'hashmap m key default))
    (define (hashmap-key-comparator m)
      "The comparator of M's keys."
      (begin (map-check "hashmap-key-comparator" 'hashmap 1 m) (map-comparator m)))
    (define (hashmap-adjoin m . args)
      "M with the associations KEY VALUE ... of ARGS, except for keys already present."
      (g-adjoin "hashmap-adjoin" 'hashmap m args #f))
    (define (hashmap-adjoin! m . args)
      "M with the associations KEY VALUE ... of ARGS, except for keys already present."
      (g-adjoin "hashmap-adjoin!" 'hashmap m args #f))
    (define (hashmap-set m . args)
      "M with the associations KEY VALUE ... of ARGS, replacing the values of keys present."
      (g-adjoin "hashmap-set" 'hashmap m args #t))
    (define (hashmap-set! m . args)
      "M with the associations KEY VALUE ... of ARGS, replacing the values of keys present."
      (g-adjoin "hashmap-set!" 'hashmap m args #t))
    (define (hashmap-replace m key value)
      "M with KEY's value VALUE if KEY has one, else M."
      (g-replace "hashmap-replace" 'hashmap m key value))
    (define (hashmap-replace! m key value)
      "M with KEY's value VALUE if KEY has one, else M."
      (g-replace "hashmap-replace!" 'hashmap m key value))
    (define (hashmap-delete m . keys)
      "M without the KEYS."
      (g-delete "hashmap-delete" 'hashmap m keys))
    (define (hashmap-delete! m . keys)
      "M without the KEYS."
      (g-delete "hashmap-delete!" 'hashmap m keys))
    (define (hashmap-delete-all m keys)
      "M without the keys of the list KEYS."
      (g-delete "hashmap-delete-all" 'hashmap m keys))
    (define (hashmap-delete-all! m keys)
      "M without the keys of the list KEYS."
      (g-delete "hashmap-delete-all!" 'hashmap m keys))
    (define (hashmap-intern m key failure)
      "Two values: M with KEY bound ((FAILURE) if it was not), and KEY's value."
      (g-intern "hashmap-intern" 'hashmap m key failure))
    (define (hashmap-intern! m key failure)
      "Two values: M with KEY bound ((FAILURE) if it was not), and KEY's value."
      (g-intern "hashmap-intern!" 'hashmap m key failure))
    (define (hashmap-update m key updater . opt)
      "M with KEY's value replaced by (UPDATER value) ([FAILURE [SUCCESS]] as for ref)."
      (g-update "hashmap-update" 'hashmap m key updater opt))
    (define (hashmap-update! m key updater . opt)
      "M with KEY's value replaced by (UPDATER value) ([FAILURE [SUCCESS]] as for ref)."
      (g-update "hashmap-update!" 'hashmap m key updater opt))
    (define (hashmap-update/default m key updater default)
      "M with KEY's value (DEFAULT if none) replaced by (UPDATER value)."
      (g-update/default "hashmap-update/default" 'hashmap m key updater default))
    (define (hashmap-update!/default m key updater default)
      "M with KEY's value (DEFAULT if none) replaced by (UPDATER value)."
      (g-update/default "hashmap-update!/default" 'hashmap m key updater default))
    (define (hashmap-pop m . failure)
      "Three values: M without an association, its key and value; (FAILURE) if M is empty."
      (g-pop "hashmap-pop" 'hashmap m failure))
    (define (hashmap-pop! m . failure)
      "Three values: M without an association, its key and value; (FAILURE) if M is empty."
      (g-pop "hashmap-pop!" 'hashmap m failure))
    (define (hashmap-search m key failure success)
      "The SRFI's search: (FAILURE insert ignore) or (SUCCESS key value update remove); two values, the map and an object."
      (g-search "hashmap-search" 'hashmap m key failure success))
    (define (hashmap-search! m key failure success)
      "The SRFI's search: (FAILURE insert ignore) or (SUCCESS key value update remove); two values, the map and an object."
      (g-search "hashmap-search!" 'hashmap m key failure success))
    (define (hashmap-size m)
      "The number of associations of M."
      (g-size "hashmap-size" 'hashmap m))
    (define (hashmap-find pred m failure)
      "Two values, the key and value of the first association for which (PRED key value) holds, or (FAILURE)."
      (g-find "hashmap-find" 'hashmap pred m failure))
    (define (hashmap-count pred m)
      "The number of associations for which (PRED key value) holds."
      (g-count "hashmap-count" 'hashmap pred m))
    (define (hashmap-any? pred m)
      "#t if (PRED key value) holds for some association."
      (g-any? "hashmap-any?" 'hashmap pred m))
    (define (hashmap-every? pred m)
      "#t if (PRED key value) holds for every association."
      (g-every? "hashmap-every?" 'hashmap pred m))
    (define (hashmap-keys m)
      "The list of M's keys."
      (g-keys "hashmap-keys" 'hashmap m))
    (define (hashmap-values m)
      "The list of M's values."
      (g-values "hashmap-values" 'hashmap m))
    (define (hashmap-entries m)
      "Two values: the lists of M's keys and of its values."
      (g-entries "hashmap-entries" 'hashmap m))
    (define (hashmap-map proc comparator m)
      "A new map of COMPARATOR of (PROC key value), which returns a key and a value, for each association."
      (g-map "hashmap-map" 'hashmap proc comparator m))
    (define (hashmap-map->list proc m)
      "The list of (PROC key value) for each association."
      (g-map->list "hashmap-map->list" 'hashmap proc m))
    (define (hashmap-for-each proc m)
      "Call (PROC key value) for each association."
      (g-for-each "hashmap-for-each" 'hashmap proc m))
    (define (hashmap-fold kons knil m)
      "(KONS key value acc) over the associations, ACC from KNIL."
      (g-fold "hashmap-fold" 'hashmap kons knil m))
    (define (hashmap-filter pred m)
      "The associations for which (PRED key value) holds."
      (g-filter "hashmap-filter" 'hashmap pred m #t))
    (define (hashmap-filter! pred m)
      "The associations for which (PRED key value) holds."
      (g-filter "hashmap-filter!" 'hashmap pred m #t))
    (define (hashmap-remove pred m)
      "The associations for which (PRED key value) fails."
      (g-filter "hashmap-remove" 'hashmap pred m #f))
    (define (hashmap-remove! pred m)
      "The associations for which (PRED key value) fails."
      (g-filter "hashmap-remove!" 'hashmap pred m #f))
    (define (hashmap-partition pred m)
      "Two values: the associations for which (PRED key value) holds and those for which it fails."
      (g-partition "hashmap-partition" 'hashmap pred m))
    (define (hashmap-partition! pred m)
      "Two values: the associations for which (PRED key value) holds and those for which it fails."
      (g-partition "hashmap-partition!" 'hashmap pred m))
    (define (hashmap-copy m)
      "M (maps are never changed in place: a copy is the map itself)."
      (begin (map-check "hashmap-copy" 'hashmap 1 m) m))
    (define (hashmap->alist m)
      "An alist of M's associations."
      (g->alist "hashmap->alist" 'hashmap m))
    (define (alist->hashmap comparator alist)
      "A new map of the associations of ALIST (the first of a key wins)."
      (g-alist-> "alist->hashmap" 'hashmap comparator alist))
    (define (alist->hashmap! m alist)
      "M with the associations of ALIST for keys it lacks."
      (g-alist->! "alist->hashmap!" 'hashmap m alist))
    (define (hashmap=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "hashmap=?" 'hashmap rel= comparator m others))
    (define (hashmap<? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "hashmap<?" 'hashmap rel< comparator m others))
    (define (hashmap>? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "hashmap>?" 'hashmap rel> comparator m others))
    (define (hashmap<=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "hashmap<=?" 'hashmap rel<= comparator m others))
    (define (hashmap>=? comparator m . others)
      "Compare the maps as their keys and values (COMPARATOR compares values)."
      (g-compare "hashmap>=?" 'hashmap rel>= comparator m others))
    (define (hashmap-union m . others)
      "The union of the maps; values come from the first map with the key."
      (g-theory "hashmap-union" 'hashmap map-union m others))
    (define (hashmap-union! m . others)
      "The union of the maps; values come from the first map with the key."
      (g-theory "hashmap-union!" 'hashmap map-union m others))
    (define (hashmap-intersection m . others)
      "The intersection of the maps; values come from the first map with the key."
      (g-theory "hashmap-intersection" 'hashmap map-intersection m others))
    (define (hashmap-intersection! m . others)
      "The intersection of the maps; values come from the first map with the key."
      (g-theory "hashmap-intersection!" 'hashmap map-intersection m others))
    (define (hashmap-difference m . others)
      "The difference of the maps; values come from the first map with the key."
      (g-theory "hashmap-difference" 'hashmap map-difference m others))
    (define (hashmap-difference! m . others)
      "The difference of the maps; values come from the first map with the key."
      (g-theory "hashmap-difference!" 'hashmap map-difference m others))
    (define (hashmap-xor m1 m2)
      "The associations of keys in exactly one of the maps."
      (g-theory "hashmap-xor" 'hashmap (lambda (m others) (map-xor m (car others))) m1 (list m2)))
    (define (hashmap-xor! m1 m2)
      "The associations of keys in exactly one of the maps."
      (g-theory "hashmap-xor!" 'hashmap (lambda (m others) (map-xor m (car others))) m1 (list m2)))
    (define (make-hashmap-comparator comparator)
      "A comparator of hashmaps whose values COMPARATOR compares."
      (g-make-comparator "make-hashmap-comparator" 'hashmap comparator))

    (define hashmap-comparator (make-hashmap-comparator default-comparator))

    ;; So that the default comparator compares hashmaps.
    (comparator-register-default! hashmap-comparator)))
