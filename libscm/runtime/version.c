/* version.c -- the version of libscm and its features (cond-expand)
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"

#include <libscm/init.h>
#include <libscm/pairs.h>

/* A static immutable string: no allocation, no init.  */
SCM_IMMUTABLE_STRING (version_string, PACKAGE_VERSION);

SCM_DEFINE (scm_version, "version", 0, 0, 0, (void),
            "Return the version of libscm as an immutable string, such as\n"
            "@code{\"0.1.0\"}.")
{
  return version_string;
}

/* ------------------------------------------------------------------ */
/* Features, for `features' and cond-expand: the R7RS names that hold
   (Appendix B), the implementation's name and version, then the system
   it was built for.  Not yet: ratios, exact-closed, exact-complex
   (they come with exact rationals and complex numbers).  */

SCM_SYMBOL (sym_r7rs, "r7rs");
SCM_SYMBOL (sym_full_unicode, "full-unicode");
SCM_SYMBOL (sym_ieee_float, "ieee-float");
SCM_SYMBOL (sym_libscm, "libscm");
SCM_SYMBOL (sym_libscm_version, "libscm-" PACKAGE_VERSION);
#if defined __unix__ || defined __APPLE__
SCM_SYMBOL (sym_posix, "posix");
SCM_SYMBOL (sym_unix, "unix");
#endif
#ifdef __linux__
SCM_SYMBOL (sym_linux, "linux");
#endif
#ifdef __gnu_linux__
SCM_SYMBOL (sym_gnu_linux, "gnu-linux");
#endif
#ifdef __APPLE__
SCM_SYMBOL (sym_darwin, "darwin");
#endif
#if defined __FreeBSD__ || defined __NetBSD__ || defined __OpenBSD__
SCM_SYMBOL (sym_bsd, "bsd");
#endif
#ifdef __FreeBSD__
SCM_SYMBOL (sym_freebsd, "freebsd");
#endif
#if defined __x86_64__
SCM_SYMBOL (sym_cpu, "x86-64");
# define HAVE_CPU_FEATURE 1
#elif defined __i386__
SCM_SYMBOL (sym_cpu, "i386");
# define HAVE_CPU_FEATURE 1
#elif defined __aarch64__
SCM_SYMBOL (sym_cpu, "aarch64");
# define HAVE_CPU_FEATURE 1
#elif defined __arm__
SCM_SYMBOL (sym_cpu, "arm");
# define HAVE_CPU_FEATURE 1
#elif defined __powerpc64__
SCM_SYMBOL (sym_cpu, "ppc64");
# define HAVE_CPU_FEATURE 1
#elif defined __powerpc__
SCM_SYMBOL (sym_cpu, "ppc");
# define HAVE_CPU_FEATURE 1
#elif defined __riscv && __riscv_xlen == 64
SCM_SYMBOL (sym_cpu, "riscv64");
# define HAVE_CPU_FEATURE 1
#elif defined __s390x__
SCM_SYMBOL (sym_cpu, "s390x");
# define HAVE_CPU_FEATURE 1
#endif
#if __SIZEOF_POINTER__ == 8 && __SIZEOF_LONG__ == 8 && __SIZEOF_INT__ == 4
SCM_SYMBOL (sym_memory_model, "lp64");
# define HAVE_MEMORY_MODEL_FEATURE 1
#elif __SIZEOF_POINTER__ == 4 && __SIZEOF_LONG__ == 4 && __SIZEOF_INT__ == 4
SCM_SYMBOL (sym_memory_model, "ilp32");
# define HAVE_MEMORY_MODEL_FEATURE 1
#elif __SIZEOF_POINTER__ == 8 && __SIZEOF_LONG__ == 4
SCM_SYMBOL (sym_memory_model, "llp64");
# define HAVE_MEMORY_MODEL_FEATURE 1
#endif
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
SCM_SYMBOL (sym_endianness, "little-endian");
# define HAVE_ENDIANNESS_FEATURE 1
#elif __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
SCM_SYMBOL (sym_endianness, "big-endian");
# define HAVE_ENDIANNESS_FEATURE 1
#endif

SCM_DEFINE (scm_features, "features", 0, 0, 0, (void),
            "Return a new list of the feature identifiers that\n"
            "@code{cond-expand} treats as true: @code{r7rs},\n"
            "@code{full-unicode}, @code{ieee-float}, @code{libscm} and\n"
            "@code{libscm-@var{version}}, then the operating system\n"
            "(@code{posix}, @code{linux} @dots{}), the processor\n"
            "(@code{x86-64} @dots{}), the C memory model (@code{lp64}\n"
            "@dots{}) and the byte order (@code{little-endian} or\n"
            "@code{big-endian}), then @code{srfi-@var{n}} for each SRFI\n"
            "built into libscm.")
{
  const SCM features[] = {
    sym_r7rs, sym_full_unicode, sym_ieee_float, sym_libscm,
    sym_libscm_version,
#if defined __unix__ || defined __APPLE__
    sym_posix, sym_unix,
#endif
#ifdef __linux__
    sym_linux,
#endif
#ifdef __gnu_linux__
    sym_gnu_linux,
#endif
#ifdef __APPLE__
    sym_darwin,
#endif
#if defined __FreeBSD__ || defined __NetBSD__ || defined __OpenBSD__
    sym_bsd,
#endif
#ifdef __FreeBSD__
    sym_freebsd,
#endif
#ifdef HAVE_CPU_FEATURE
    sym_cpu,
#endif
#ifdef HAVE_MEMORY_MODEL_FEATURE
    sym_memory_model,
#endif
#ifdef HAVE_ENDIANNESS_FEATURE
    sym_endianness,
#endif
  };
  SCM list = scm_i_srfi_features ();
  for (size_t i = sizeof features / sizeof *features; i > 0; i--)
    list = scm_cons (features[i - 1], list);
  return list;
}

void
scm_init_version (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "runtime/version.x"
#endif
}
