/* gcbench.c -- the C floor for gcbench.scm: the same GCBench work in C
   on libgc (GC_MALLOC), with the same depths and checks, so that the
   harness can show how far libscm is from what the collector itself
   costs.
   SPDX-License-Identifier: LGPL-3.0-or-later

   Built by benchmarks/run (cc -O2 gcbench.c -lgc); run by itself as
   "gcbench-c [--quick]", or with BENCH_QUICK=1, like the Scheme
   programs.  Prints "gcbench-c: ok" when every check holds, else what
   went wrong, with exit status 1.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <gc/gc.h>

/* The node of gcbench.scm's record: two children and two integers.  */
struct node
{
  struct node *left;
  struct node *right;
  long i;
  long j;
};

static int stretch_depth = 18;
static int long_lived_depth = 16;
static long array_size = 500000;
static int min_depth = 4;
static int max_depth = 16;

static struct node *
new_node (struct node *left, struct node *right)
{
  /* GC_MALLOC clears the object; the fields are set anyway, as the
     Scheme constructor sets all four.  */
  struct node *n = GC_MALLOC (sizeof *n);
  if (n == NULL)
    {
      fprintf (stderr, "gcbench-c: out of memory\n");
      exit (1);
    }
  n->left = left;
  n->right = right;
  n->i = 0;
  n->j = 0;
  return n;
}

static long
tree_size (int depth)
{
  return (1L << (depth + 1)) - 1;
}

static long
iterations_for (int depth)
{
  return 2 * tree_size (stretch_depth) / tree_size (depth);
}

/* Top-down: give NODE two fresh children, then fill those in.  */
static void
populate (int depth, struct node *node)
{
  if (depth > 0)
    {
      node->left = new_node (NULL, NULL);
      node->right = new_node (NULL, NULL);
      populate (depth - 1, node->left);
      populate (depth - 1, node->right);
    }
}

/* Bottom-up: the children exist before their parent.  */
static struct node *
make_tree (int depth)
{
  if (depth <= 0)
    return new_node (NULL, NULL);
  struct node *left = make_tree (depth - 1);
  struct node *right = make_tree (depth - 1);
  return new_node (left, right);
}

static long
count_nodes (const struct node *t)
{
  return t == NULL ? 0 : 1 + count_nodes (t->left) + count_nodes (t->right);
}

static long
msecs_since (const struct timespec *start)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return (now.tv_sec - start->tv_sec) * 1000
    + (now.tv_nsec - start->tv_nsec) / 1000000;
}

static int failures;

static void
check (int ok, const char *what, long got, long want)
{
  if (!ok)
    {
      printf ("gcbench-c: wrong answer: %s is %ld, not %ld\n", what, got,
              want);
      failures++;
    }
}

/* Build the trees of one depth both ways, checking the first of each.  */
static void
time_construction (int depth)
{
  long iterations = iterations_for (depth);
  struct timespec start;

  printf ("Creating %ld trees of depth %d\n", iterations, depth);
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (long i = 0; i < iterations; i++)
    {
      struct node *t = new_node (NULL, NULL);
      populate (depth, t);
      if (i == 0)
        check (count_nodes (t) == tree_size (depth), "a top-down tree's size",
               count_nodes (t), tree_size (depth));
    }
  printf ("\tTop down construction took %ld msecs\n", msecs_since (&start));
  clock_gettime (CLOCK_MONOTONIC, &start);
  for (long i = 0; i < iterations; i++)
    {
      struct node *t = make_tree (depth);
      if (i == 0)
        check (count_nodes (t) == tree_size (depth),
               "a bottom-up tree's size", count_nodes (t), tree_size (depth));
    }
  printf ("\tBottom up construction took %ld msecs\n", msecs_since (&start));
}

static int
quick_scale (int argc, char **argv)
{
  const char *v = getenv ("BENCH_QUICK");
  if (v != NULL && *v != '\0' && strcmp (v, "0") != 0)
    return 1;
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--quick") == 0)
      return 1;
  return 0;
}

int
main (int argc, char **argv)
{
  struct timespec start;

  /* The quick scale is gcbench.scm's.  */
  if (quick_scale (argc, argv))
    {
      stretch_depth = 12;
      long_lived_depth = 10;
      array_size = 5000;
      max_depth = 8;
    }
  /* The collector as libscm sets it up (scm_init_gc in libscm/gc.c),
     so that the floor measures the same collector: no interior
     pointers (with libgc's default every object grows by a byte, and
     a 32-byte node takes 48), and at least 1 MiB allocated between
     two collections.  libscm's own spacing of collections by their
     survival is not copied: that is the interpreter's work, which the
     floor is there to measure.  */
  GC_set_all_interior_pointers (0);
  GC_INIT ();
  GC_set_min_bytes_allocd ((size_t) 1 << 20);
  clock_gettime (CLOCK_MONOTONIC, &start);
  printf ("Garbage Collector Test\n");
  printf (" Stretching memory with a binary tree of depth %d\n",
          stretch_depth);
  make_tree (stretch_depth);
  printf (" Creating a long-lived binary tree of depth %d\n",
          long_lived_depth);
  struct node *long_lived = new_node (NULL, NULL);
  populate (long_lived_depth, long_lived);
  printf (" Creating a long-lived array of %ld doubles\n", array_size);
  double *array = GC_MALLOC_ATOMIC (array_size * sizeof *array);
  if (array == NULL)
    {
      fprintf (stderr, "gcbench-c: out of memory\n");
      return 1;
    }
  array[0] = 0.0;
  for (long i = 1; i < array_size; i++)
    array[i] = 1.0 / (double) i;
  for (int d = min_depth; d <= max_depth; d += 2)
    time_construction (d);
  check (count_nodes (long_lived) == tree_size (long_lived_depth),
         "the long-lived tree's size", count_nodes (long_lived),
         tree_size (long_lived_depth));
  check (array[1000] == 1.0 / 1000.0, "array[1000] == 1/1000",
         array[1000] == 1.0 / 1000.0, 1);
  printf ("Completed in %ld ms.\n", msecs_since (&start));
  if (failures != 0)
    return 1;
  printf ("gcbench-c: ok\n");
  return 0;
}
