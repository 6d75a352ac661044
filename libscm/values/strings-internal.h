/* strings-internal.h -- stringbuf and string layout for the library
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_STRINGS_INTERNAL_H
#define SCM_STRINGS_INTERNAL_H

#include "runtime/scm-internal.h"
#include <libscm/strings.h>

/* Stringbuf: word 0 header (payload: length in characters; flag WIDE),
   then the characters, NUL-terminated when narrow.  A stringbuf holds no
   pointers, so heap stringbufs are atomic (never scanned).  */
#define SCM_I_STRINGBUF_WIDE 0x01

static inline int scm_i_is_stringbuf (SCM x) { return scm_has_tc8 (x, scm_tc8_stringbuf); }
static inline size_t scm_i_stringbuf_length (SCM buf) { return SCM_OBJ_PAYLOAD (buf); }
static inline int scm_i_stringbuf_is_wide (SCM buf)
{
  return (SCM_OBJ_FLAGS (buf) & SCM_I_STRINGBUF_WIDE) != 0;
}
static inline unsigned char *scm_i_stringbuf_narrow (SCM buf)
{
  return (unsigned char *) (SCM_UNPACK_POINTER (buf) + 1);
}
static inline uint32_t *scm_i_stringbuf_wide (SCM buf)
{
  return (uint32_t *) (SCM_UNPACK_POINTER (buf) + 1);
}
static inline uint32_t scm_i_stringbuf_ref (SCM buf, size_t k)
{
  return scm_i_stringbuf_is_wide (buf) ? scm_i_stringbuf_wide (buf)[k]
    : scm_i_stringbuf_narrow (buf)[k];
}
/* Store C as character K of BUF, which is wide if C > 255.  */
static inline void scm_i_stringbuf_set (SCM buf, size_t k, uint32_t c)
{
  if (scm_i_stringbuf_is_wide (buf))
    scm_i_stringbuf_wide (buf)[k] = c;
  else
    scm_i_stringbuf_narrow (buf)[k] = (unsigned char) c;
}

/* A fresh mutable stringbuf of LEN characters, narrow or WIDE,
   uninitialised.  Raises out-of-memory for an impossible LEN.  */
SCM_INTERNAL SCM scm_i_make_stringbuf (size_t len, int wide);
/* scm_to_utf8_stringn's result on the GC heap instead: for the
   library's own temporary C strings, which nobody frees.  */
SCM_INTERNAL char *scm_i_to_utf8_stringn (SCM str, size_t *lenp);
/* A new mutable string of the LEN bytes of UTF-8 at STR; invalid UTF-8
   raises a decoding error naming WHO and the byte.  */
SCM_INTERNAL SCM scm_i_string_from_utf8 (const char *str, size_t len,
                                         const char *who);
/* The same, polling for Ctrl-C as it goes: for primitives (utf8->string),
   not for C code that holds a lock.  */
SCM_INTERNAL SCM scm_i_string_from_utf8_polled (const char *str, size_t len,
                                                const char *who);
/* A stringbuf holding CHARS[0..LEN), narrow when all fit in a byte.  */
SCM_INTERNAL SCM scm_i_stringbuf_from_ucs4 (const uint32_t *chars, size_t len);

/* String: word 0 header (flag SCM_STRING_FLAG_IMMUTABLE), word 1 the
   stringbuf.  Mutable strings own their stringbuf (never shared), so
   string-set! may write it, or replace it by a wide copy.  */
static inline SCM scm_i_string_buf (SCM str) { return SCM_CELL_OBJECT (str, 1); }
static inline size_t scm_i_string_length (SCM str)
{
  return scm_i_stringbuf_length (scm_i_string_buf (str));
}
static inline uint32_t scm_i_string_ref (SCM str, size_t k)
{
  return scm_i_stringbuf_ref (scm_i_string_buf (str), k);
}
SCM_INTERNAL SCM scm_i_make_string_from_buf (SCM buf, int immutable);
/* The string of BUF in the two words at P, a fresh object its caller
   allocated: the layout scm_i_make_string_from_buf makes, for callers
   that allocate elsewhere (symbol->string, from the VM's free list).  */
static inline SCM
scm_i_init_string (scm_t_bits *p, SCM buf, int immutable)
{
  p[0] = SCM_MAKE_HEADER (scm_tc8_string,
                          immutable ? SCM_STRING_FLAG_IMMUTABLE : 0, 0);
  p[1] = SCM_UNPACK (buf);
  return SCM_PACK_POINTER (p);
}
/* Nonzero if strings A and B hold the same characters.  */
SCM_INTERNAL int scm_i_string_equal (SCM a, SCM b);
/* Latin-1 bytes of a narrow string, or NULL if it is wide.  */
static inline const char *scm_i_string_narrow_chars (SCM str)
{
  SCM buf = scm_i_string_buf (str);
  return scm_i_stringbuf_is_wide (buf) ? NULL
    : (const char *) scm_i_stringbuf_narrow (buf);
}

#endif /* SCM_STRINGS_INTERNAL_H */
