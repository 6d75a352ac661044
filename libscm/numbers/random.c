/* random.c -- random numbers: xoshiro256** states and Guile's random API
   SPDX-License-Identifier: LGPL-3.0-or-later

   The generator is xoshiro256** (Blackman and Vigna, "Scrambled linear
   pseudorandom number generators", 2018): 256 bits of state, period
   2^256 - 1, written here from the paper's description.  A state
   object is a foreign object whose one slot points at the state's
   words, pointer-free GC memory (so scm_to_rstate can hand C code a
   stable scm_t_rstate *).

   Seeding follows the authors' advice: an integer seed in [0, 2^64)
   starts a splitmix64 sequence (Steele, Lea and Flood, "Fast splittable
   pseudorandom number generators", 2014), whose first four outputs are
   the state; the test suite checks both generators against outputs of
   the published algorithms.  Any other seed (a string, a larger or
   negative integer, an inexact number) is taken as bytes that are
   hashed into the four words.

   Each instance's `*random-state*' is a variable of its own, flagged
   shared as %load-path is (modules.c): a program's
   (set! *random-state* ...) changes its instance's default and no
   other's, and every module of the instance sees the one variable.  */

#include "runtime/scm-internal.h"
#include "runtime/init-internal.h"
#include "runtime/instance-internal.h"
#include "modules/modules-internal.h"
#include "numbers/numbers-internal.h"
#include "values/strings-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>
#include <gmp.h>

#include <libscm/conditions.h>
#include <libscm/foreign.h>
#include <libscm/gc.h>
#include <libscm/lists.h>
#include <libscm/modules.h>
#include <libscm/numbers.h>
#include <libscm/numbers-gmp.h>
#include <libscm/pairs.h>
#include <libscm/random.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

struct scm_t_rstate
{
  uint64_t s[4];
};

/* The foreign object type of random states: made once per process, never
   changed after.  */
static SCM rstate_type;

SCM_SYMBOL (sym_xoshiro, "xoshiro256**");

/* ------------------------------------------------------------------ */
/* The generators.  */

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

/* splitmix64's output function: a bijection of 64-bit words that
   spreads every input bit over the whole output.  */
static uint64_t
mix64 (uint64_t z)
{
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t
splitmix64_next (uint64_t *x)
{
  *x += UINT64_C (0x9e3779b97f4a7c15);
  return mix64 (*x);
}

uint64_t
scm_c_uniform64 (scm_t_rstate *state)
{
  uint64_t *s = state->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint32_t
scm_c_uniform32 (scm_t_rstate *state)
{
  /* The high half: the generator's best bits.  */
  return (uint32_t) (scm_c_uniform64 (state) >> 32);
}

double
scm_c_uniform01 (scm_t_rstate *state)
{
  /* 53 random bits make every double of [0, 1) with step 2^-53.  */
  return (double) (scm_c_uniform64 (state) >> 11) * 0x1.0p-53;
}

double
scm_c_normal01 (scm_t_rstate *state)
{
  /* Marsaglia's polar method.  */
  double x, y, r;
  do
    {
      x = 2.0 * scm_c_uniform01 (state) - 1.0;
      y = 2.0 * scm_c_uniform01 (state) - 1.0;
      r = x * x + y * y;
    }
  while (r >= 1.0 || r == 0.0);
  return x * sqrt (-2.0 * log (r) / r);
}

double
scm_c_exp1 (scm_t_rstate *state)
{
  /* 1 - U lies in (0, 1]: its log is finite.  */
  return -log (1.0 - scm_c_uniform01 (state));
}

uint64_t
scm_c_random64 (scm_t_rstate *state, uint64_t m)
{
  /* Lemire's multiply-and-reject ("Fast random integer generation in
     an interval", 2019): the high word of X * M is uniform in [0, M)
     once the draws whose low word falls below 2^64 mod M are
     rejected.  */
  if (m == 0)
    scm_c_raise_error ("out-of-range", "scm_c_random64",
                       "the bound must be positive", SCM_EOL);
  unsigned __int128 p = (unsigned __int128) scm_c_uniform64 (state) * m;
  uint64_t low = (uint64_t) p;
  if (low < m)
    {
      uint64_t threshold = -m % m;
      while (low < threshold)
        {
          p = (unsigned __int128) scm_c_uniform64 (state) * m;
          low = (uint64_t) p;
        }
    }
  return (uint64_t) (p >> 64);
}

uint32_t
scm_c_random (scm_t_rstate *state, uint32_t m)
{
  if (m == 0)
    scm_c_raise_error ("out-of-range", "scm_c_random",
                       "the bound must be positive", SCM_EOL);
  return (uint32_t) scm_c_random64 (state, m);
}

SCM
scm_c_random_bignum (scm_t_rstate *state, SCM m)
{
  if (!scm_is_exact_integer (m) || scm_i_int_sign (m) <= 0)
    scm_wrong_type_arg_msg ("scm_c_random_bignum", 2, m,
                            "positive exact integer");
  /* Draw as many bits as M has until the number is below M: each try
     succeeds with probability above 1/2, and no value is favoured.  */
  mpz_t bound, r;
  mpz_init (bound);
  mpz_init (r);
  scm_to_mpz (m, bound);
  size_t bits = mpz_sizeinbase (bound, 2);
  size_t words = (bits + 63) / 64;
  uint64_t *w = scm_i_alloc_atomic (words * sizeof (uint64_t));
  do
    {
      for (size_t i = 0; i < words; i++)
        w[i] = scm_c_uniform64 (state);
      if (bits % 64 != 0)
        w[words - 1] &= (UINT64_C (1) << (bits % 64)) - 1;
      mpz_import (r, words, -1, sizeof (uint64_t), 0, 0, w);
    }
  while (mpz_cmp (r, bound) >= 0);
  SCM result = scm_from_mpz (r);
  mpz_clear (r);
  mpz_clear (bound);
  return result;
}

/* ------------------------------------------------------------------ */
/* Seeding.  */

/* Fill STATE from the splitmix64 sequence that starts at SEED.  */
static void
seed_from_u64 (scm_t_rstate *state, uint64_t seed)
{
  for (int i = 0; i < 4; i++)
    state->s[i] = splitmix64_next (&seed);
}

/* Fill STATE from the N bytes of SEED tagged TAG (which keeps a string
   and a number of the same text apart): the words start as the
   splitmix64 sequence of N and TAG, and each 8-byte piece of SEED in
   turn is mixed into one of them.  */
static void
seed_from_bytes (scm_t_rstate *state, const char *seed, size_t n,
                 uint64_t tag)
{
  seed_from_u64 (state, (uint64_t) n ^ (tag << 56));
  for (size_t i = 0; i * 8 < n; i++)
    {
      uint64_t piece = 0;
      size_t len = n - i * 8 < 8 ? n - i * 8 : 8;
      memcpy (&piece, seed + i * 8, len);
      uint64_t *lane = &state->s[i % 4];
      *lane = mix64 (*lane ^ piece) + i;
    }
  /* The linear steps carry every word into the others.  */
  for (int i = 0; i < 16; i++)
    scm_c_uniform64 (state);
  if ((state->s[0] | state->s[1] | state->s[2] | state->s[3]) == 0)
    state->s[0] = 1;            /* the one state xoshiro cannot leave */
}

scm_t_rstate *
scm_c_make_rstate (const char *seed, int n)
{
  if (n < 0)
    scm_c_raise_error ("out-of-range", "scm_c_make_rstate",
                       "negative seed length", SCM_EOL);
  scm_t_rstate *state = scm_i_alloc_atomic (sizeof *state);
  seed_from_bytes (state, seed, (size_t) n, 0);
  return state;
}

/* 32 bytes from the operating system: getrandom, else /dev/urandom,
   else (neither available, as in a bare chroot) the clocks, the process
   and an address, hashed, which still differ from run to run.  */
static void
platform_bytes (uint64_t out[4])
{
  size_t got = 0;
  while (got < 32)
    {
      ssize_t r = getrandom ((char *) out + got, 32 - got, 0);
      if (r > 0)
        got += (size_t) r;
      else if (r < 0 && errno == EINTR)
        continue;
      else
        break;
    }
  if (got == 32)
    return;
  int fd = open ("/dev/urandom", O_RDONLY | O_CLOEXEC);
  if (fd >= 0)
    {
      got = 0;
      while (got < 32)
        {
          ssize_t r = read (fd, (char *) out + got, 32 - got);
          if (r > 0)
            got += (size_t) r;
          else if (!(r < 0 && errno == EINTR))
            break;
        }
      close (fd);
      if (got == 32)
        return;
    }
  struct timespec rt, mono;
  clock_gettime (CLOCK_REALTIME, &rt);
  clock_gettime (CLOCK_MONOTONIC, &mono);
  uint64_t x = (uint64_t) rt.tv_sec * 1000000007u + (uint64_t) rt.tv_nsec;
  x ^= ((uint64_t) mono.tv_nsec << 32) ^ (uint64_t) getpid ();
  x ^= (uint64_t) (uintptr_t) &x;
  for (int i = 0; i < 4; i++)
    out[i] = splitmix64_next (&x);
}

/* ------------------------------------------------------------------ */
/* State objects.  */

int
scm_is_random_state (SCM obj)
{
  return scm_is_foreign_object_of_type (rstate_type, obj);
}

static scm_t_rstate *
state_arg (SCM obj, int pos, const char *who)
{
  if (!scm_is_random_state (obj))
    scm_wrong_type_arg_msg (who, pos, obj, "random state");
  return scm_foreign_object_ref (obj, 0);
}

scm_t_rstate *
scm_to_rstate (SCM state)
{
  return state_arg (state, 1, "scm_to_rstate");
}

SCM
scm_from_rstate (const scm_t_rstate *state)
{
  scm_t_rstate *copy = scm_i_alloc_atomic (sizeof *copy);
  *copy = *state;
  return scm_make_foreign_object_1 (rstate_type, copy);
}

/* The default state of the current instance: its `*random-state*'.  */
scm_t_rstate *
scm_c_default_rstate (void)
{
  SCM var = scm_i_current_instance ()->random_state;
  SCM state = scm_variable_ref (var);
  if (!scm_is_random_state (state))
    scm_c_raise_error ("wrong-type-arg", "random",
                       "*random-state* does not hold a random state",
                       scm_list_1 (state));
  return scm_foreign_object_ref (state, 0);
}

/* The state of optional argument POS of WHO, or the default.  */
static scm_t_rstate *
optional_state (SCM state, int pos, const char *who)
{
  return SCM_UNBNDP (state) ? scm_c_default_rstate ()
    : state_arg (state, pos, who);
}

/* A state seeded from the operating system.  */
static SCM
platform_state (void)
{
  scm_t_rstate s;
  platform_bytes (s.s);
  if ((s.s[0] | s.s[1] | s.s[2] | s.s[3]) == 0)
    s.s[0] = 1;
  return scm_from_rstate (&s);
}

/* Give INST a `*random-state*' of its own, with a state seeded from the
   operating system (instances.c, for every instance but the first).  */
void
scm_i_init_instance_random (struct scm_i_instance *inst)
{
  SCM var = scm_make_variable (platform_state ());
  SCM_SET_CELL_WORD (var, 0, SCM_CELL_WORD (var, 0)
                     | ((scm_t_bits) SCM_I_VARIABLE_SHARED << 8));
  inst->random_state = var;
}

/* ------------------------------------------------------------------ */
/* The procedures.  */

SCM_DEFINE (scm_random, "random", 1, 1, 0, (SCM n, SCM state),
            "Return a number uniformly distributed in [0, @var{n}): an "
            "exact integer if @var{n} is a positive exact integer (of any "
            "size, every value equally likely), an inexact real if "
            "@var{n} is a positive finite inexact real.  @var{state} is "
            "a random state, by default @code{*random-state*}.")
{
  if (SCM_FIXNUM_P (n))
    {
      if (SCM_FIXNUM_VALUE (n) <= 0)
        scm_c_raise_error ("out-of-range", "random",
                           "argument out of range in position 1 "
                           "(expected a positive number)", scm_list_1 (n));
      scm_t_rstate *s = optional_state (state, 2, "random");
      return scm_from_uint64 (scm_c_random64
                              (s, (uint64_t) SCM_FIXNUM_VALUE (n)));
    }
  if (scm_is_exact_integer (n))
    {
      if (scm_i_int_sign (n) <= 0)
        scm_c_raise_error ("out-of-range", "random",
                           "argument out of range in position 1 "
                           "(expected a positive number)", scm_list_1 (n));
      return scm_c_random_bignum (optional_state (state, 2, "random"), n);
    }
  if (scm_is_flonum (n))
    {
      double d = SCM_FLONUM_VALUE (n);
      if (!(d > 0.0 && isfinite (d)))
        scm_c_raise_error ("out-of-range", "random",
                           "argument out of range in position 1 "
                           "(expected a positive finite number)",
                           scm_list_1 (n));
      scm_t_rstate *s = optional_state (state, 2, "random");
      double r;
      do
        r = d * scm_c_uniform01 (s);
      while (r >= d);               /* rounding up to D: draw again */
      return scm_from_double (r);
    }
  scm_wrong_type_arg_msg ("random", 1, n,
                          "positive exact integer or inexact real");
}

SCM_DEFINE (scm_random_state_p, "random-state?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is a random state.")
{
  return scm_from_bool (scm_is_random_state (obj));
}

SCM_DEFINE (scm_copy_random_state, "copy-random-state", 0, 1, 0,
            (SCM state),
            "Return a new random state in the same state as @var{state} "
            "(by default @code{*random-state*}): both then give the same "
            "numbers.")
{
  return scm_from_rstate (optional_state (state, 1, "copy-random-state"));
}

SCM_DEFINE (scm_seed_to_random_state, "seed->random-state", 1, 0, 0,
            (SCM seed),
            "Return a new random state made from @var{seed}, a number or "
            "a string: the same seed always gives the same state.  An "
            "exact integer in [0, 2^64) seeds xoshiro256** with the "
            "splitmix64 sequence that starts at it.")
{
  scm_t_rstate s;
  if (SCM_FIXNUM_P (seed) && SCM_FIXNUM_VALUE (seed) >= 0)
    seed_from_u64 (&s, (uint64_t) SCM_FIXNUM_VALUE (seed));
  else if (scm_is_unsigned_integer (seed, 0, UINT64_MAX))
    seed_from_u64 (&s, scm_to_uint64 (seed));
  else if (scm_is_string (seed) || scm_is_number (seed))
    {
      /* Other numbers by their text: what Guile does with them all.  */
      SCM text = scm_is_string (seed) ? seed
        : scm_number_to_string (seed, SCM_UNDEFINED);
      size_t n;
      char *bytes = scm_i_to_utf8_stringn (text, &n);
      seed_from_bytes (&s, bytes, n, scm_is_string (seed) ? 1 : 2);
    }
  else
    scm_wrong_type_arg_msg ("seed->random-state", 1, seed,
                            "number or string");
  return scm_from_rstate (&s);
}

SCM_DEFINE (scm_random_state_to_datum, "random-state->datum", 1, 0, 0,
            (SCM state),
            "Return a datum, which @code{write} and @code{read} carry "
            "unchanged, from which @code{datum->random-state} makes a "
            "state equal to @var{state}: the list of the symbol "
            "@code{xoshiro256**} and the four words of the state as exact "
            "integers.")
{
  scm_t_rstate *s = state_arg (state, 1, "random-state->datum");
  return scm_list_5 (sym_xoshiro, scm_from_uint64 (s->s[0]),
                     scm_from_uint64 (s->s[1]), scm_from_uint64 (s->s[2]),
                     scm_from_uint64 (s->s[3]));
}

SCM_DEFINE (scm_datum_to_random_state, "datum->random-state", 1, 0, 0,
            (SCM datum),
            "Return a new random state from @var{datum}, a datum that "
            "@code{random-state->datum} returned.")
{
  scm_t_rstate s;
  SCM l = datum;
  if (!(scm_is_pair (l) && scm_is_eq (SCM_CAR (l), sym_xoshiro)))
    scm_wrong_type_arg_msg ("datum->random-state", 1, datum,
                            "datum of random-state->datum");
  l = SCM_CDR (l);
  for (int i = 0; i < 4; i++, l = SCM_CDR (l))
    {
      if (!(scm_is_pair (l)
            && scm_is_unsigned_integer (SCM_CAR (l), 0, UINT64_MAX)))
        scm_wrong_type_arg_msg ("datum->random-state", 1, datum,
                                "datum of random-state->datum");
      s.s[i] = scm_to_uint64 (SCM_CAR (l));
    }
  if (!scm_is_null (l) || (s.s[0] | s.s[1] | s.s[2] | s.s[3]) == 0)
    scm_wrong_type_arg_msg ("datum->random-state", 1, datum,
                            "datum of random-state->datum");
  return scm_from_rstate (&s);
}

SCM_DEFINE (scm_random_state_from_platform, "random-state-from-platform",
            0, 0, 0, (void),
            "Return a new random state seeded from the operating system's "
            "entropy (getrandom, or /dev/urandom).")
{
  return platform_state ();
}

SCM_DEFINE (scm_random_uniform, "random:uniform", 0, 1, 0, (SCM state),
            "Return an inexact real uniformly distributed in [0, 1).")
{
  return scm_from_double (scm_c_uniform01
                          (optional_state (state, 1, "random:uniform")));
}

SCM_DEFINE (scm_random_normal, "random:normal", 0, 1, 0, (SCM state),
            "Return an inexact real normally distributed, with mean 0 "
            "and standard deviation 1.")
{
  return scm_from_double (scm_c_normal01
                          (optional_state (state, 1, "random:normal")));
}

SCM_DEFINE (scm_random_exp, "random:exp", 0, 1, 0, (SCM state),
            "Return an inexact real exponentially distributed with mean "
            "1.")
{
  return scm_from_double (scm_c_exp1
                          (optional_state (state, 1, "random:exp")));
}

/* Check that V (argument 1 of WHO) is a mutable vector.  */
static void
check_vector_arg (SCM v, const char *who)
{
  if (!scm_is_vector (v))
    scm_wrong_type_arg_msg (who, 1, v, "vector");
  if (scm_i_is_immutable_vector (v))
    scm_i_refuse_literal (v, who);
}

/* Fill V with normal deviates; return the sum of their squares.  */
static double
fill_normal (SCM v, scm_t_rstate *s)
{
  double sum = 0.0;
  size_t n = scm_c_vector_length (v);
  for (size_t i = 0; i < n; i++)
    {
      double x = scm_c_normal01 (s);
      sum += x * x;
      scm_c_vector_set_x (v, i, scm_from_double (x));
    }
  return sum;
}

/* Scale the numbers of V by K.  */
static void
scale_vector (SCM v, double k)
{
  size_t n = scm_c_vector_length (v);
  for (size_t i = 0; i < n; i++)
    scm_c_vector_set_x (v, i, scm_from_double
                        (scm_to_double (scm_c_vector_ref (v, i)) * k));
}

SCM_DEFINE (scm_random_normal_vector_x, "random:normal-vector!", 1, 1, 0,
            (SCM v, SCM state),
            "Fill vector @var{v} with inexact reals that are independent "
            "and normally distributed (mean 0, deviation 1).")
{
  check_vector_arg (v, "random:normal-vector!");
  fill_normal (v, optional_state (state, 2, "random:normal-vector!"));
  return SCM_UNSPECIFIED;
}

/* A point uniformly distributed on the unit sphere of V's dimension, in
   V: normal coordinates, scaled to length 1 (their joint distribution
   depends on the length only).  */
static void
hollow_sphere (SCM v, scm_t_rstate *s)
{
  double sum;
  do
    sum = fill_normal (v, s);
  while (sum == 0.0 && scm_c_vector_length (v) > 0);
  if (sum > 0.0)
    scale_vector (v, 1.0 / sqrt (sum));
}

SCM_DEFINE (scm_random_hollow_sphere_x, "random:hollow-sphere!", 1, 1, 0,
            (SCM v, SCM state),
            "Fill vector @var{v} with inexact reals, the coordinates of a "
            "point uniformly distributed on the surface of the unit "
            "sphere of dimension (vector-length @var{v}).")
{
  check_vector_arg (v, "random:hollow-sphere!");
  hollow_sphere (v, optional_state (state, 2, "random:hollow-sphere!"));
  return SCM_UNSPECIFIED;
}

SCM_DEFINE (scm_random_solid_sphere_x, "random:solid-sphere!", 1, 1, 0,
            (SCM v, SCM state),
            "Fill vector @var{v} with inexact reals, the coordinates of a "
            "point uniformly distributed inside the unit sphere of "
            "dimension (vector-length @var{v}).")
{
  check_vector_arg (v, "random:solid-sphere!");
  scm_t_rstate *s = optional_state (state, 2, "random:solid-sphere!");
  size_t n = scm_c_vector_length (v);
  hollow_sphere (v, s);
  /* The radius of a uniform point in the n-ball: U^(1/n).  */
  if (n > 0)
    scale_vector (v, pow (scm_c_uniform01 (s), 1.0 / (double) n));
  return SCM_UNSPECIFIED;
}

void
scm_init_random (void)
{
  rstate_type = scm_permanent_object
    (scm_make_foreign_object_type (scm_from_utf8_symbol ("random-state"),
                                   scm_list_1 (scm_from_utf8_symbol ("state")),
                                   NULL));
#ifndef SCM_MAGIC_SNARFER
#include "numbers/random.x"
#endif
  /* The first instance's `*random-state*' is the core's variable: the
     others get their own (scm_i_init_instance_random).  */
  SCM var = scm_c_define ("*random-state*", platform_state ());
  SCM_SET_CELL_WORD (var, 0, SCM_CELL_WORD (var, 0)
                     | ((scm_t_bits) SCM_I_VARIABLE_SHARED << 8));
  scm_i_current_instance ()->random_state = var;
}
