/* test-hashtables.c -- hash tables from C, and shared between threads
   SPDX-License-Identifier: LGPL-3.0-or-later

   Four threads insert, look up and remove their own keys in one shared
   table while it grows and shrinks, and two more read and write the
   same keys at once: the counts must come out exact and nothing may
   crash.  */

#include <pthread.h>
#include <stdio.h>
#include <libscm.h>
#include "tap.h"

#define THREADS 4
#define KEYS 5000

static SCM shared;
static SCM shared_strings;

static void *
inserter (void *arg)
{
  long k = *(long *) arg, good = 0;
  char buf[32];
  scm_init ();
  for (long i = 0; i < KEYS; i++)
    {
      scm_hashv_set_x (shared, scm_from_long (k * KEYS + i), scm_from_long (i));
      snprintf (buf, sizeof buf, "k%ld-%ld", k, i);
      scm_hash_set_x (shared_strings, scm_from_utf8_string (buf),
                      scm_from_long (i));
    }
  for (long i = 0; i < KEYS; i++)
    if (scm_to_long (scm_hashv_ref (shared, scm_from_long (k * KEYS + i),
                                    SCM_UNDEFINED)) == i)
      good++;
  for (long i = 0; i < KEYS; i += 2)
    scm_hashv_remove_x (shared, scm_from_long (k * KEYS + i));
  *(long *) arg = good;
  return NULL;
}

/* Both threads set and remove the same 100 list keys.  */
static void *
contender (void *arg)
{
  scm_init ();
  for (int round = 0; round < 200; round++)
    for (long i = 0; i < 100; i++)
      {
        SCM key = scm_list_2 (scm_from_long (i), scm_from_long (i + 1));
        if ((round + i) % 3 == 0)
          scm_hash_remove_x (shared_strings, key);
        else
          scm_hash_set_x (shared_strings, key, scm_from_long (round));
      }
  return arg;
}

int
main (void)
{
  pthread_t th[THREADS + 2];
  long arg[THREADS];

  scm_init ();
  shared = scm_c_make_hash_table (0);
  shared_strings = scm_make_hash_table (SCM_UNDEFINED);
  ok (scm_is_hash_table (shared), "scm_c_make_hash_table makes a table");
  for (long k = 0; k < THREADS; k++)
    {
      arg[k] = k;
      pthread_create (&th[k], NULL, inserter, &arg[k]);
    }
  pthread_create (&th[THREADS], NULL, contender, NULL);
  pthread_create (&th[THREADS + 1], NULL, contender, NULL);
  for (int k = 0; k < THREADS + 2; k++)
    pthread_join (th[k], NULL);
  long all = 0;
  for (int k = 0; k < THREADS; k++)
    all += arg[k];
  ok (all == THREADS * KEYS, "every thread found its %d keys (%ld in all)",
      KEYS, all);
  ok (scm_c_hash_table_count (shared) == THREADS * KEYS / 2,
      "half of them left after the removals: %zu",
      scm_c_hash_table_count (shared));
  size_t n = scm_c_hash_table_count (shared_strings);
  ok (n >= THREADS * KEYS && n <= THREADS * KEYS + 100,
      "the string keys and at most 100 contended keys: %zu", n);
  ok (scm_is_eq (scm_hash_ref (shared_strings, scm_from_utf8_string ("k3-17"),
                               SCM_UNDEFINED), scm_from_long (17)),
      "an equal? string key found");
  ok (scm_ihash (scm_from_utf8_string ("abc"), 1000)
      == scm_ihash (scm_from_utf8_string ("abc"), 1000),
      "scm_ihash of equal strings");
  ok (scm_ihashv (scm_from_double (2.0), 97) == scm_ihashv (scm_from_long (2), 97),
      "scm_ihashv: 2.0 and 2 hash alike");
  return tap_done ();
}
