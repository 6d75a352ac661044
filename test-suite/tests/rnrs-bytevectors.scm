;;; rnrs-bytevectors.scm -- tests of (rnrs bytevectors) as Guile programs use it
;;; SPDX-License-Identifier: LGPL-3.0-or-later

(import (except (scheme base) bytevector-copy!) (rnrs bytevectors))

(test-begin "rnrs-bytevectors")

(test-group "endianness and the fixed-size accessors"
  (lambda ()
    (test-equal "endianness syntax" '(big little)
                (list (endianness big) (endianness little)))
    (test-assert "native-endianness is big or little"
                 (memq (native-endianness) '(big little)))
    (let ((b (u8-list->bytevector '(1 2 3 4 5 6 7 8 255 254))))
      (test-equal "u16 big / little" '(258 513)
                  (list (bytevector-u16-ref b 0 (endianness big))
                        (bytevector-u16-ref b 0 (endianness little))))
      (test-equal "s16 of #xFFFE, big" -2 (bytevector-s16-ref b 8 'big))
      (test-equal "u32 big" #x01020304 (bytevector-u32-ref b 0 'big))
      (test-equal "s32 little" #x04030201 (bytevector-s32-ref b 0 'little))
      (test-equal "u64 big" #x0102030405060708 (bytevector-u64-ref b 0 'big))
      (test-equal "s64 little" #x0807060504030201 (bytevector-s64-ref b 0 'little))
      (test-equal "s8 and u8" '(-1 255) (list (bytevector-s8-ref b 8)
                                             (bytevector-u8-ref b 8)))
      (test-equal "native u16 agrees with the native endianness"
                  (bytevector-u16-ref b 0 (native-endianness))
                  (bytevector-u16-native-ref b 0)))
    (let ((b (make-bytevector 8 0)))
      (bytevector-u64-set! b 0 (- (expt 2 64) 1) 'little)
      (test-equal "u64-set! of 2^64 - 1" (make-bytevector 8 255) b)
      (bytevector-s64-set! b 0 (- (expt 2 63)) 'big)
      (test-equal "s64-set! of -2^63, big" '(128 0 0 0 0 0 0 0) (bytevector->u8-list b))
      (bytevector-s32-native-set! b 0 -5)
      (test-equal "s32 native round trip" -5 (bytevector-s32-native-ref b 0))
      (bytevector-u16-set! b 0 #xABCD 'little)
      (test-equal "u16-set! little" '(#xCD #xAB) (list (bytevector-u8-ref b 0)
                                                       (bytevector-u8-ref b 1)))
      (test-error-contains "u16-set! out of range" '("bytevector-u16-set!")
                           (lambda () (bytevector-u16-set! b 0 65536 'big)))
      (test-error-contains "a bad endianness" '("bytevector-u16-ref" "endianness")
                           (lambda () (bytevector-u16-ref b 0 'middle)))
      (test-error-contains "an index past the end" '("bytevector-u32-ref")
                           (lambda () (bytevector-u32-ref b 6 'big))))))

(test-group "IEEE floats"
  (lambda ()
    (let ((b (make-bytevector 8 0)))
      (bytevector-ieee-double-set! b 0 1.5 'big)
      (test-equal "double 1.5, big" '(#x3F #xF8 0 0 0 0 0 0) (bytevector->u8-list b))
      (test-equal "double round trip" 1.5 (bytevector-ieee-double-ref b 0 'big))
      (bytevector-ieee-single-set! b 0 -2.0 'little)
      (test-equal "single -2.0, little" '(0 0 0 #xC0) (bytevector->u8-list (bytevector-copy b 0 4)))
      (test-equal "single round trip" -2.0 (bytevector-ieee-single-ref b 0 'little))
      (bytevector-ieee-double-native-set! b 0 +inf.0)
      (test-equal "native double: infinity" +inf.0 (bytevector-ieee-double-native-ref b 0))
      (bytevector-ieee-single-native-set! b 4 0.25)
      (test-equal "native single" 0.25 (bytevector-ieee-single-native-ref b 4)))))

(test-group "make-bytevector, fill!, copy!"
  (lambda ()
    (test-equal "make-bytevector with an s8 fill" #u8(255 255 255) (make-bytevector 3 -1))
    (test-equal "make-bytevector without fill has length" 4
                (bytevector-length (make-bytevector 4)))
    (let ((b (make-bytevector 3 0)))
      (bytevector-fill! b -128)
      (test-equal "bytevector-fill! with -128" #u8(128 128 128) b))
    (let ((b (make-bytevector 5 0)))
      (bytevector-copy! #u8(1 2 3) 0 b 1 3)
      (test-equal "bytevector-copy! in R6RS order" #u8(0 1 2 3 0) b))
    (let ((b (u8-list->bytevector '(1 2 3 4 5))))
      (bytevector-copy! b 0 b 1 4)
      (test-equal "overlapping copy" #u8(1 1 2 3 4) b))
    (test-error-contains "copy! past the target's end" '("bytevector-copy!")
                         (lambda () (bytevector-copy! #u8(1 2 3) 0 (make-bytevector 2) 0 3)))
    (test-error-contains "copy! with a negative count" '("bytevector-copy!" "position 5")
                         (lambda () (bytevector-copy! #u8(1 2 3) 0 (make-bytevector 2) 0 -1)))
    (test-equal "bytevector-copy" #u8(7 8) (bytevector-copy #u8(7 8)))
    (test-assert "bytevector=?" (bytevector=? #u8(1 2) (u8-list->bytevector '(1 2))))
    (test-equal "u8-list round trip" '(0 127 255)
                (bytevector->u8-list (u8-list->bytevector '(0 127 255))))
    (test-equal "empty u8 list" #u8() (u8-list->bytevector '()))))

(test-group "integers of any size, as lists"
  (lambda ()
    (test-equal "bytevector-uint-ref of 3 bytes" #x010203
                (bytevector-uint-ref #u8(1 2 3) 0 'big 3))
    (test-equal "bytevector-sint-ref of 3 bytes, little" -2
                (bytevector-sint-ref #u8(254 255 255) 0 'little 3))
    (test-equal "bytevector->uint-list" '(#x0102 #x0304)
                (bytevector->uint-list #u8(1 2 3 4) 'big 2))
    (test-equal "bytevector->sint-list" '(-1 1)
                (bytevector->sint-list #u8(255 255 1 0) 'little 2))
    (test-equal "uint-list->bytevector" #u8(0 1 0 2)
                (uint-list->bytevector '(1 2) 'big 2))
    (test-equal "sint-list->bytevector, 3 bytes" #u8(255 255 255 1 0 0)
                (sint-list->bytevector '(-1 1) 'little 3))
    (test-equal "a 16-byte integer round trip" (list (- (expt 2 127)) (- (expt 2 127) 1))
                (bytevector->sint-list
                 (sint-list->bytevector (list (- (expt 2 127)) (- (expt 2 127) 1)) 'big 16)
                 'big 16))
    (test-equal "empty lists" '(() #u8())
                (list (bytevector->uint-list #u8() 'big 4) (uint-list->bytevector '() 'big 4)))
    (test-error-contains "a length not a multiple of the size"
                         '("bytevector->uint-list:" "multiple")
                         (lambda () (bytevector->uint-list #u8(1 2 3) 'big 2)))
    (test-error-contains "a size of 0" '("bytevector->sint-list:" "position 3")
                         (lambda () (bytevector->sint-list #u8(1 2) 'big 0)))
    (test-error-contains "a value too large for its size" '("bytevector-uint-set!")
                         (lambda () (uint-list->bytevector '(256) 'big 1)))
    (test-error-contains "not a list" '("uint-list->bytevector:" "list")
                         (lambda () (uint-list->bytevector 5 'big 1)))))

(test-group "UTF-8, UTF-16, UTF-32"
  (lambda ()
    (define text "aλ€𝄞")
    (test-equal "string->utf8" #u8(97 206 187 226 130 172 240 157 132 158)
                (string->utf8 text))
    (test-equal "utf8->string" text (utf8->string (string->utf8 text)))
    (test-equal "string->utf16 is big-endian by default, no BOM"
                #u8(0 97 3 187 32 172 216 52 221 30) (string->utf16 text))
    (test-equal "string->utf16 little"
                #u8(97 0 187 3 172 32 52 216 30 221) (string->utf16 text 'little))
    (test-equal "utf16->string round trips, both orders" (list text text)
                (list (utf16->string (string->utf16 text))
                      (utf16->string (string->utf16 text 'little) 'little)))
    (test-equal "a BOM decides the order and is dropped" "ab"
                (utf16->string #u8(#xFF #xFE 97 0 98 0) 'big))
    (test-equal "a big-endian BOM" "a" (utf16->string #u8(#xFE #xFF 0 97) 'little))
    (test-equal "with endianness mandatory, the BOM is text" "\xFEFF;a"
                (utf16->string #u8(#xFE #xFF 0 97) 'big #t))
    (test-equal "an unpaired surrogate and an odd byte decode to U+FFFD"
                "\xFFFD;a\xFFFD;"
                (utf16->string #u8(#xD8 #x00 0 97 1) 'big))
    (test-equal "string->utf32" #u8(0 0 0 97 0 1 #xD1 #x1E)
                (string->utf32 "a𝄞"))
    (test-equal "string->utf32 little" #u8(97 0 0 0 #x1E #xD1 1 0)
                (string->utf32 "a𝄞" 'little))
    (test-equal "utf32->string round trip" text (utf32->string (string->utf32 text)))
    (test-equal "utf32 BOM, little" "a" (utf32->string #u8(#xFF #xFE 0 0 97 0 0 0) 'big))
    (test-equal "utf32: a surrogate, a value past U+10FFFF, a partial unit"
                "\xFFFD;\xFFFD;\xFFFD;"
                (utf32->string #u8(0 0 #xD8 0 0 #x11 0 0 0 0) 'big))
    (test-equal "empty strings" '(#u8() #u8() "" "")
                (list (string->utf16 "") (string->utf32 "")
                      (utf16->string #u8()) (utf32->string #u8())))
    (test-error-contains "string->utf16 of a non-string" '("string->utf16:" "string")
                         (lambda () (string->utf16 'a)))
    (test-error-contains "a bad endianness" '("utf16->string:" "endianness")
                         (lambda () (utf16->string #u8(0 97) 'middle)))
    (test-error-contains "utf32->string of a non-bytevector" '("utf32->string:" "bytevector")
                         (lambda () (utf32->string "abc")))))

(test-end "rnrs-bytevectors")
