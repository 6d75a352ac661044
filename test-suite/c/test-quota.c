/* test-quota.c -- per-instance memory quotas: a tenant that keeps more
   and more is stopped, in its instance only; one that allocates much
   and keeps nothing never is; what happens to an instance over its
   quota; the whole heap's limit raised in the allocating thread only
   SPDX-License-Identifier: LGPL-3.0-or-later

   No timing is asserted.  */

#include <libscm.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "evals.h"

#define MiB ((size_t) 1 << 20)

/* The value of SRC in INST in `write' form, or "raised: TEXT"; the
   limit kind it raised in *KIND.  */
static const char *
in_kind (scm_t_instance *inst, const char *src, scm_t_limit_kind *kind)
{
  SCM r;
  int raised = scm_c_instance_eval_string (inst, src, "test", &r);
  if (kind != NULL)
    *kind = raised ? scm_c_limit_exceeded (r) : SCM_LIMIT_NONE;
  return outcome_written (raised, r);
}

static const char *
in (scm_t_instance *inst, const char *src)
{
  return in_kind (inst, src, NULL);
}

/* A tenant that keeps 4 MB more at each evaluation, in a global.  */
static const char keep_more[] =
  "(set! keep (cons (make-bytevector 4000000 1) keep)) (length keep)";

/* 1.6 MB of pairs consed by Scheme code.  */
static const char cons_loop[] =
  "(let loop ((i 0) (l '())) (if (< i 100000) (loop (+ i 1) (cons i l))"
  " (length l)))";

/* Another instance's own work, in another thread, while the tenant
   runs: lists built and summed, 40 MB allocated in all.  */
struct neighbour
{
  scm_t_instance *inst;
  const char *result;
  int raised;
};

static void *
neighbour_thread (void *data)
{
  struct neighbour *n = data;
  scm_t_limit_kind kind;
  const char *r = in_kind (n->inst,
                           "(let loop ((i 0) (sum 0))"
                           "  (if (= i 100) sum"
                           "      (loop (+ i 1)"
                           "            (+ sum (apply + (make-list 25000 i))))))",
                           &kind);
  n->raised = kind != SCM_LIMIT_NONE || strncmp (r, "raised", 6) == 0;
  n->result = strdup (r);
  return NULL;
}

static void *
join_thread (void *t)
{
  pthread_join (*(pthread_t *) t, NULL);
  return NULL;
}

static void
test_keeper (void)
{
  scm_t_instance *tenant = scm_instance_create ();
  scm_t_instance *other = scm_instance_create ();
  ok (scm_instance_set_memory_quota (tenant, 16 * MiB) == 0,
      "a 16 MiB quota is set");
  ok (scm_instance_set_memory_quota (tenant, 1000) == -1,
      "a quota below 64 KiB is refused");
  size_t bare = scm_instance_kept_bytes (tenant);
  ok (bare > 0 && bare < 256 * 1024,
      "a fresh instance keeps a little (%zu bytes)", bare);
  in (tenant, "(define keep '())");

  struct neighbour n = { other, NULL, 0 };
  pthread_t t;
  pthread_create (&t, NULL, neighbour_thread, &n);
  int stopped_at = 0;
  scm_t_limit_kind kind = SCM_LIMIT_NONE;
  char text[512] = "";
  for (int i = 1; i <= 8 && !stopped_at; i++)
    {
      const char *r = in_kind (tenant, keep_more, &kind);
      if (kind != SCM_LIMIT_NONE)
        {
          stopped_at = i;
          snprintf (text, sizeof text, "%s", r);
        }
    }
  scm_without_guile (join_thread, &t);
  ok (stopped_at >= 4 && stopped_at <= 5 && kind == SCM_LIMIT_MEMORY,
      "keeping 4 MB more each time under 16 MiB: stopped at evaluation %d "
      "(%s)", stopped_at, text);
  ok (strstr (text, "memory quota exceeded") != NULL
      && strstr (text, "quota 16777216 bytes") != NULL,
      "the message names the quota (%s)", text);
  ok (!n.raised && strcmp (n.result, "123750000") == 0,
      "another instance in another thread finished its work (%s)",
      n.result);
  free ((char *) n.result);
  ok_streq (in (NULL, "(apply + (make-list 1000 2))"), "2000",
            "the host's default instance is untouched");
  ok_streq (in (other, "(length (make-list 100000 0))"), "100000",
            "the other instance evaluates on");

  /* Over its quota (now lowered): evaluations that allocate little
     run; one that allocates more is stopped while the instance keeps
     too much.  */
  scm_instance_set_memory_quota (tenant, 8 * MiB);
  ok_streq (in (tenant, "(length keep)"), "4",
            "over its quota, an evaluation that allocates little runs");
  in_kind (tenant, cons_loop, &kind);
  ok (kind == SCM_LIMIT_MEMORY,
      "over its quota, one that allocates 1.6 MB is stopped");
  ok_streq (in (tenant, "(length keep)"), "4",
            "the next one that allocates little runs");
  char guarded[256];
  snprintf (guarded, sizeof guarded, "(guard (e (#t 'caught)) %s)",
            cons_loop);
  in_kind (tenant, guarded, &kind);
  ok (kind == SCM_LIMIT_MEMORY,
      "no guard inside the instance catches the quota's condition");
  ok_streq (in (tenant, "(set! keep #f) 'dropped"), "dropped",
            "the tenant can drop what it keeps");
  ok_streq (in (tenant, "(length (make-list 100000 0))"), "100000",
            "then it allocates again");
  ok (scm_instance_kept_bytes (tenant) < 1 * MiB,
      "and keeps little (%zu bytes)", scm_instance_kept_bytes (tenant));

  /* The quota can be lifted.  */
  scm_instance_set_memory_quota (tenant, 0);
  in (tenant, "(define keep '())");
  for (int i = 0; i < 5; i++)
    in (tenant, keep_more);
  ok_streq (in (tenant, keep_more), "6",
            "with the quota lifted, the tenant keeps 24 MB");
  in (tenant, "(set! keep #f)");
  scm_instance_destroy (tenant);
  scm_instance_destroy (other);
}

static void
test_garbage (void)
{
  scm_t_instance *tenant = scm_instance_create ();
  scm_instance_set_memory_quota (tenant, 16 * MiB);
  /* 100 MB of garbage per evaluation: vectors of 80 KB and lists.  */
  const char *churn =
    "(let loop ((i 0) (n 0))"
    "  (if (= i 1000) n"
    "      (loop (+ i 1) (+ n (vector-length (make-vector 10000 i))"
    "                        (length (make-list 1000 i))))))";
  int all = 1;
  const char *r = "";
  for (int i = 0; i < 5 && all; i++)
    {
      r = in (tenant, churn);
      all = strcmp (r, "11000000") == 0;
    }
  ok (all, "a tenant that allocates 100 MB a time and keeps nothing is "
      "never stopped (%s)", r);
  /* One object larger than the quota is more than it may keep.  */
  scm_t_limit_kind kind;
  in_kind (tenant, "(bytevector-length (make-bytevector 20000000))", &kind);
  ok (kind == SCM_LIMIT_MEMORY,
      "one bytevector larger than the quota is refused");
  ok_streq (in (tenant, "(bytevector-length (make-bytevector 1000))"),
            "1000", "and the instance goes on");
  scm_instance_destroy (tenant);
}

/* A Scheme thread of the tenant is measured with it.  */
static void
test_threads (void)
{
  scm_t_instance *tenant = scm_instance_create ();
  scm_instance_set_memory_quota (tenant, 16 * MiB);
  scm_t_limit_kind kind;
  const char *r = in_kind (tenant,
                           "(define keep '())"
                           "(join-thread (call-with-new-thread (lambda ()"
                           "  (let loop ((i 0)) (if (< i 10)"
                           "    (begin (set! keep (cons (make-bytevector"
                           "                              4000000) keep))"
                           "           (loop (+ i 1)))"
                           "    (length keep))))))", &kind);
  ok (kind == SCM_LIMIT_MEMORY || strstr (r, "memory quota") != NULL,
      "a thread the tenant started is stopped by its quota (%s)", r);
  in (tenant, "(set! keep #f)");
  scm_instance_destroy (tenant);
}

/* The process's heap limit, with two instances in two threads: the one
   that runs into it gets a catchable out-of-memory error, the process
   lives on, and the other instance's thread either finishes or gets
   the same error (the heap is the process's), never a crash.  */
struct heap_job
{
  scm_t_instance *inst;
  const char *src;
  int rounds;
  int raised, oom, done;
  char text[256];
};

static void *
heap_thread (void *data)
{
  struct heap_job *j = data;
  for (int i = 0; i < j->rounds; i++)
    {
      SCM r;
      int raised = scm_c_instance_eval_string (j->inst, j->src, "heap", &r);
      if (raised)
        {
          j->raised++;
          if (scm_is_condition (r)
              && scm_is_eq (scm_condition_kind (r),
                            scm_from_utf8_symbol ("out-of-memory")))
            j->oom++;
          char *t = scm_c_condition_text (r);
          snprintf (j->text, sizeof j->text, "%s", t ? t : "?");
          free (t);
        }
      else
        j->done++;
    }
  return NULL;
}

static void
test_heap_limit (void)
{
  scm_t_instance *greedy = scm_instance_create ();
  scm_t_instance *other = scm_instance_create ();
  scm_c_set_max_heap_size ((size_t) 96 << 20);
  struct heap_job g = { greedy,
                        "(let loop ((l '())) (loop (cons (make-vector 1000 0)"
                        " l)))", 3, 0, 0, 0, "" };
  struct heap_job o = { other,
                        "(let loop ((i 0) (n 0)) (if (= i 200) n"
                        " (loop (+ i 1) (+ n (length (make-list 1000 i))))))",
                        50, 0, 0, 0, "" };
  pthread_t tg, to;
  pthread_create (&tg, NULL, heap_thread, &g);
  pthread_create (&to, NULL, heap_thread, &o);
  scm_without_guile (join_thread, &tg);
  scm_without_guile (join_thread, &to);
  ok (g.raised == 3 && g.oom == 3,
      "under a 96 MiB heap limit, a tenant that allocates without end "
      "gets out-of-memory, 3 times out of 3 (%s)", g.text);
  ok (o.done + o.oom == o.rounds,
      "the other instance's thread finished %d of %d evaluations, %d "
      "stopped by out-of-memory, none crashed", o.done, o.rounds, o.oom);
  ok_streq (in (other, "(length (make-list 100000 0))"), "100000",
            "afterwards the other instance allocates on");
  scm_c_set_max_heap_size (0);
  scm_instance_destroy (greedy);
  scm_instance_destroy (other);
}

int
main (void)
{
  scm_init ();
  test_keeper ();
  test_garbage ();
  test_threads ();
  test_heap_limit ();
  return tap_done ();
}
