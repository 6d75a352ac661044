/* bitwise.h -- bitwise operations on exact integers (two's complement)
   SPDX-License-Identifier: LGPL-3.0-or-later

   Exact integers are read as semi-infinite two's complement bit
   strings: bit 0 is the least significant, a non-negative integer has
   finitely many 1 bits, a negative one finitely many 0 bits.  The names
   are Guile's (logand ... bit-extract); the same operations are also
   bound under their SRFI 151 / R7RS-large names (bitwise-and,
   arithmetic-shift, bit-count, bit-set?, bit-field ...).

   Every function raises wrong-type-arg for an argument that is not an
   exact integer (an inexact integer such as 2.0 included), out-of-range
   for a negative bit index or a field whose end is before its start,
   and an implementation-restriction error ("exact integer too large")
   for a result past the integer size limit (scm_c_set_max_integer_bits):
   a left shift that grows too far, or a huge field of a negative
   integer.  Results past the fixnum range are bignums.  */

#ifndef SCM_BITWISE_H
#define SCM_BITWISE_H

#include <libscm/scm.h>

/* The two-argument forms of the variadic logand, logior, logxor.
   Either argument may be SCM_UNDEFINED (not given): (logand) is -1,
   (logior) and (logxor) are 0, and one argument is returned as it is
   (after checking it).  */
SCM_API SCM scm_logand (SCM n1, SCM n2);
SCM_API SCM scm_logior (SCM n1, SCM n2);
SCM_API SCM scm_logxor (SCM n1, SCM n2);

/* The one's complement of N: -1 - N.  Never overflows.  */
SCM_API SCM scm_lognot (SCM n);
/* #t if J and K have a 1 bit in common.  */
SCM_API SCM scm_logtest (SCM j, SCM k);
/* #t if bit INDEX (a non-negative exact integer) of J is 1.  */
SCM_API SCM scm_logbit_p (SCM index, SCM j);
/* N shifted left by COUNT bits (right for a negative COUNT, rounding
   toward negative infinity): floor (N * 2^COUNT).  */
SCM_API SCM scm_ash (SCM n, SCM count);
/* N * 2^COUNT rounded to the nearest integer, ties to even.  */
SCM_API SCM scm_round_ash (SCM n, SCM count);
/* The number of 1 bits of N if N >= 0, of its 0 bits if N < 0.  */
SCM_API SCM scm_logcount (SCM n);
/* The number of bits needed to represent N, its sign excepted:
   (integer-length 7) and (integer-length -8) are 3.  */
SCM_API SCM scm_integer_length (SCM n);
/* Bits START (inclusive) to END (exclusive) of N, shifted down to bit
   0: a non-negative integer.  START <= END, both non-negative.  */
SCM_API SCM scm_bit_extract (SCM n, SCM start, SCM end);
/* The index of the lowest 1 bit of N, -1 for 0.  */
SCM_API SCM scm_first_set_bit (SCM n);

#endif /* SCM_BITWISE_H */
