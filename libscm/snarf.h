/* snarf.h -- SCM_DEFINE and the other snarfing macros
   SPDX-License-Identifier: LGPL-3.0-or-later

   Each macro expands in one of three ways:

   - compiling with SCM_STATIC_ALLOC (the default): the C function and
     `static const', 8-byte aligned objects -- stringbuf, symbol, subr,
     string, keyword -- whose every field is a constant number or the
     address of another static object.  With -fPIC such data goes to
     .data.rel.ro (inside PT_GNU_RELRO) or, without addresses, .rodata:
     never written, never scanned by the GC, never allocated;

   - compiling without it (--disable-static-alloc): only the C function
     and a variable; the init code makes the same objects on the heap;

   - through scm-snarf (SCM_MAGIC_SNARFER with SCM_MAGIC_SNARF_INITS or
     SCM_MAGIC_SNARF_DOCS): markers that scm-snarf turns into FILE.x, the
     init statements that FILE.c #includes inside scm_init_FILE (), and
     FILE.doc, the docstrings.

   Names and strings given to these macros must be ASCII: a static
   stringbuf holds Latin-1 bytes, and scm-snarf rejects anything else.

   The static objects are named C_NAME_scm_sbuf, _scm_sym, _scm_str,
   _scm_kw and _scm_subr, so that the placement test can find them in the
   library's symbol table.  */

#ifndef SCM_SNARF_H
#define SCM_SNARF_H

#include <libscm/scm.h>

/* The layouts of the objects that snarfing emits statically.  The same
   layouts are used on the heap; only these four need to be public.  */

/* A C function of SCM arguments returning SCM, of any arity: a void
   pointer as in Guile, so that any such function converts to it.  */
typedef void *scm_t_subr;

/* A subr takes at most this many C arguments (required, optional and the
   rest list together).  */
#define SCM_SUBR_MAX_ARGS 10

#define SCM_STRING_FLAG_IMMUTABLE 0x01

struct scm_static_symbol { scm_t_bits header; scm_t_bits stringbuf; };
struct scm_static_string { scm_t_bits header; scm_t_bits stringbuf; };
struct scm_static_keyword { scm_t_bits header; scm_t_bits symbol; };
struct scm_static_subr { scm_t_bits header; scm_t_subr fn; scm_t_bits name; };

/* What the init code in FILE.x calls.  Each may be called again (a new
   instance binds the same static subrs); each raises no error.  */
SCM_API void scm_snarf_define_subr (SCM subr);
SCM_API SCM scm_snarf_intern_symbol (SCM symbol);
SCM_API SCM scm_snarf_intern_keyword (SCM keyword);
SCM_API SCM scm_snarf_immutable_string (const char *str, size_t len);
SCM_API SCM scm_c_define_gsubr (const char *name, int req, int opt, int rest,
                                scm_t_subr fn);
SCM_API SCM scm_from_latin1_symboln (const char *str, size_t len);
SCM_API SCM scm_symbol_to_keyword (SCM symbol);

#define SCM_SNARF_PASTE(a, b) a##b

/* ------------------------------------------------------------------ */
/* Snarfing mode: markers only.  */

#if defined (SCM_MAGIC_SNARF_INITS)
# define SCM_SNARF_INIT(...) @@@scm-init@@@ __VA_ARGS__ @@@end@@@
# define SCM_SNARF_DOCS(...)
#elif defined (SCM_MAGIC_SNARF_DOCS)
# define SCM_SNARF_INIT(...)
# define SCM_SNARF_DOCS(name, req, opt, rest, args, ...)		\
  @@@scm-doc@@@ name @@@ req @@@ opt @@@ rest @@@ #args			\
  @@@ __FILE__ @@@ __LINE__ @@@ __VA_ARGS__ @@@end@@@
#else
# define SCM_SNARF_INIT(...)
# define SCM_SNARF_DOCS(...)
#endif

#ifdef SCM_MAGIC_SNARFER
# define SCM_SNARF_HERE(...)
#else
# define SCM_SNARF_HERE(...) __VA_ARGS__
#endif

/* ------------------------------------------------------------------ */
/* Static objects.  */

#define SCM_STATIC_STRINGBUF(c_name, str)				\
  static const struct							\
  {									\
    scm_t_bits header;							\
    char chars[sizeof (str)];						\
  } c_name SCM_ALIGNED (8) =						\
    { SCM_MAKE_HEADER (scm_tc8_stringbuf, 0, sizeof (str) - 1), str }

#define SCM_STATIC_SYMBOL(c_name, str)				\
  SCM_STATIC_STRINGBUF (SCM_SNARF_PASTE (c_name, _scm_sbuf), str);	\
  static const struct scm_static_symbol SCM_SNARF_PASTE (c_name, _scm_sym)	\
    SCM_ALIGNED (8) =							\
    { SCM_MAKE_HEADER (scm_tc8_symbol, 0, 0),				\
      (scm_t_bits) &SCM_SNARF_PASTE (c_name, _scm_sbuf) }

#define SCM_SUBR_HEADER(req, opt, rest)				\
  SCM_MAKE_HEADER (scm_tc8_subr, 0,					\
                   (req) | ((opt) << 8) | ((rest) ? 1 << 16 : 0))

#define SCM_SUBR_ARITY_CHECK(fname, req, opt, rest)			\
  _Static_assert ((req) >= 0 && (opt) >= 0				\
                  && (req) + (opt) + !!(rest) <= SCM_SUBR_MAX_ARGS,	\
                  #fname ": too many arguments for a subr")

/* ------------------------------------------------------------------ */
/* SCM_DEFINE (FNAME, PRIMNAME, REQ, OPT, REST, ARGLIST, DOCSTRING)

   Define the C function FNAME with ARGLIST (REQ required, OPT optional
   SCM arguments, and the rest list when REST is nonzero) and bind it as
   the primitive PRIMNAME when scm_init_FILE () runs.  DOCSTRING is one or
   more string literals in Texinfo.  */

/* Inside libscm, a static subr has a (hidden) name of its own, so that
   the precompiled prelude (prelude-image.c) can refer to it.  */
#ifdef SCM_INSIDE_LIBSCM
# define SCM_SNARF_SUBR_STORAGE __attribute__ ((visibility ("hidden")))
#else
# define SCM_SNARF_SUBR_STORAGE static
#endif

#if SCM_STATIC_ALLOC
# define SCM_DEFINE_STORAGE(storage, fname, primname, req, opt, rest,	\
                            arglist, ...)				\
  SCM_SNARF_HERE (							\
    SCM_SUBR_ARITY_CHECK (fname, req, opt, rest);				\
    SCM_STATIC_SYMBOL (SCM_SNARF_PASTE (fname, __name), primname);	\
    storage SCM fname arglist;						\
    SCM_SNARF_SUBR_STORAGE const struct scm_static_subr			\
      SCM_SNARF_PASTE (fname, _scm_subr)					\
      SCM_ALIGNED (8) =							\
      { SCM_SUBR_HEADER (req, opt, rest), (scm_t_subr) fname,	\
        (scm_t_bits) &SCM_SNARF_PASTE (fname, __name_scm_sym) };)		\
  SCM_SNARF_INIT (scm_snarf_define_subr				\
                  (SCM_PACK_POINTER (&SCM_SNARF_PASTE (fname, _scm_subr)));) \
  SCM_SNARF_DOCS (primname, req, opt, rest, arglist, __VA_ARGS__)	\
  storage SCM fname arglist
#else
# define SCM_DEFINE_STORAGE(storage, fname, primname, req, opt, rest,	\
                            arglist, ...)				\
  SCM_SNARF_HERE (SCM_SUBR_ARITY_CHECK (fname, req, opt, rest);		\
                  storage SCM fname arglist;)				\
  SCM_SNARF_INIT (scm_c_define_gsubr (primname, req, opt, rest,	\
                                      (scm_t_subr) fname);)		\
  SCM_SNARF_DOCS (primname, req, opt, rest, arglist, __VA_ARGS__)	\
  storage SCM fname arglist
#endif

#define SCM_DEFINE(fname, primname, req, opt, rest, arglist, ...)	\
  SCM_DEFINE_STORAGE (, fname, primname, req, opt, rest, arglist,	\
                      __VA_ARGS__)
/* The same, with FNAME static to its file.  */
#define SCM_DEFINE_STATIC(fname, primname, req, opt, rest, arglist, ...) \
  SCM_DEFINE_STORAGE (static, fname, primname, req, opt, rest, arglist, \
                      __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* SCM_SYMBOL (C_NAME, STR): a variable C_NAME holding the interned
   symbol STR once scm_init_FILE () has run.  With static allocation the
   symbol object is static and the variable starts out pointing at it;
   interning may replace it by an equal symbol interned earlier, so that
   eq? holds.  SCM_GLOBAL_SYMBOL makes C_NAME visible to other files.  */

#if SCM_STATIC_ALLOC
# define SCM_SYMBOL_STORAGE(storage, c_name, str)			\
  SCM_SNARF_HERE (SCM_STATIC_SYMBOL (c_name, str);			\
                  storage SCM c_name =					\
                    SCM_STATIC_INIT (&SCM_SNARF_PASTE (c_name, _scm_sym)))	\
  SCM_SNARF_INIT (c_name = scm_snarf_intern_symbol (c_name);)
#else
# define SCM_SYMBOL_STORAGE(storage, c_name, str)			\
  SCM_SNARF_HERE (storage SCM c_name)					\
  SCM_SNARF_INIT (c_name = scm_from_latin1_symboln (str, sizeof (str) - 1);)
#endif

#define SCM_SYMBOL(c_name, str) SCM_SYMBOL_STORAGE (static, c_name, str)
#define SCM_GLOBAL_SYMBOL(c_name, str) SCM_SYMBOL_STORAGE (, c_name, str)

/* SCM_KEYWORD (C_NAME, STR): the keyword #:STR, interned likewise.  */

#if SCM_STATIC_ALLOC
# define SCM_KEYWORD_STORAGE(storage, c_name, str)			\
  SCM_SNARF_HERE (							\
    SCM_STATIC_SYMBOL (SCM_SNARF_PASTE (c_name, __name), str);		\
    static const struct scm_static_keyword SCM_SNARF_PASTE (c_name, _scm_kw)	\
      SCM_ALIGNED (8) =							\
      { SCM_MAKE_HEADER (scm_tc8_keyword, 0, 0),			\
        (scm_t_bits) &SCM_SNARF_PASTE (c_name, __name_scm_sym) };		\
    storage SCM c_name = SCM_STATIC_INIT (&SCM_SNARF_PASTE (c_name, _scm_kw)))\
  SCM_SNARF_INIT (c_name = scm_snarf_intern_keyword (c_name);)
#else
# define SCM_KEYWORD_STORAGE(storage, c_name, str)			\
  SCM_SNARF_HERE (storage SCM c_name)					\
  SCM_SNARF_INIT (c_name = scm_symbol_to_keyword			\
                  (scm_from_latin1_symboln (str, sizeof (str) - 1));)
#endif

#define SCM_KEYWORD(c_name, str) SCM_KEYWORD_STORAGE (static, c_name, str)
#define SCM_GLOBAL_KEYWORD(c_name, str) SCM_KEYWORD_STORAGE (, c_name, str)

/* SCM_IMMUTABLE_STRING (C_NAME, STR): C_NAME is an immutable Scheme
   string with the contents STR.  Static, it needs no init at all.  */

#if SCM_STATIC_ALLOC
# define SCM_IMMUTABLE_STRING(c_name, str)				\
  SCM_SNARF_HERE (							\
    SCM_STATIC_STRINGBUF (SCM_SNARF_PASTE (c_name, _scm_sbuf), str);	\
    static const struct scm_static_string SCM_SNARF_PASTE (c_name, _scm_str)	\
      SCM_ALIGNED (8) =							\
      { SCM_MAKE_HEADER (scm_tc8_string, SCM_STRING_FLAG_IMMUTABLE, 0),	\
        (scm_t_bits) &SCM_SNARF_PASTE (c_name, _scm_sbuf) };		\
    static const SCM c_name SCM_UNUSED =				\
      SCM_STATIC_INIT (&SCM_SNARF_PASTE (c_name, _scm_str)))
#else
# define SCM_IMMUTABLE_STRING(c_name, str)				\
  SCM_SNARF_HERE (static SCM c_name)					\
  SCM_SNARF_INIT (c_name = scm_snarf_immutable_string			\
                  (str, sizeof (str) - 1);)
#endif

#endif /* SCM_SNARF_H */
