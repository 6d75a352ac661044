/* port-registry.c -- the open file output ports, flushed at exit
   SPDX-License-Identifier: LGPL-3.0-or-later

   Every fd output port is entered here when it is made and leaves when
   it is closed or finalized, so that what a program wrote to a port it
   never closed still reaches its file: flush-all-ports (which the scm
   program calls before it exits) writes every one out, and an atexit
   handler does the same for an embedding program that never calls it.

   The registry is a doubly linked list of nodes in malloc'd memory,
   which the collector neither scans nor counts: it holds no port
   alive.  A port that becomes garbage unclosed is still in the list
   until its finalizer runs (finalize_fd_port in ports.c), which takes
   it out before writing out its buffer; libgc keeps a finalizable
   object's memory until its finalizer has run, so every node names a
   port whose memory is valid.  */

#include "runtime/scm-internal.h"
#include "io/ports-internal.h"
#include "io/ports-impl-internal.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <libscm/conditions.h>
#include <libscm/strings.h>
#include <libscm/throw.h>
#include <libscm/vectors.h>
#include "values/strings-internal.h"

struct registry_node
{
  struct registry_node *prev, *next;
  struct port *pt;
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct registry_node *registry;
static size_t registry_count;
static pthread_once_t atexit_once = PTHREAD_ONCE_INIT;

static void flush_registry_at_exit (void);

static void
register_atexit (void)
{
  atexit (flush_registry_at_exit);
}

void
scm_i_register_output_port (SCM port)
{
  struct port *pt = port_of (port);
  struct registry_node *node = malloc (sizeof *node);
  /* Without a node the port is only flushed by close-port and its
     finalizer, as before: no reason to refuse to open it.  */
  if (node == NULL)
    return;
  pthread_once (&atexit_once, register_atexit);
  node->pt = pt;
  node->prev = NULL;
  pthread_mutex_lock (&registry_lock);
  node->next = registry;
  if (registry != NULL)
    registry->prev = node;
  registry = node;
  registry_count++;
  pt->registry_node = node;
  pthread_mutex_unlock (&registry_lock);
}

void
scm_i_unregister_output_port (struct port *pt)
{
  pthread_mutex_lock (&registry_lock);
  struct registry_node *node = pt->registry_node;
  if (node != NULL)
    {
      if (node->prev != NULL)
        node->prev->next = node->next;
      else
        registry = node->next;
      if (node->next != NULL)
        node->next->prev = node->prev;
      registry_count--;
      pt->registry_node = NULL;
    }
  pthread_mutex_unlock (&registry_lock);
  free (node);
}

/* The registered ports, in a vector that keeps them alive while they
   are flushed.  Allocating may raise, so it is done outside the lock,
   and again if ports were opened meanwhile.  */
static SCM
registered_ports (void)
{
  for (;;)
    {
      pthread_mutex_lock (&registry_lock);
      size_t n = registry_count;
      pthread_mutex_unlock (&registry_lock);
      SCM v = scm_c_make_vector (n, SCM_BOOL_F);
      pthread_mutex_lock (&registry_lock);
      if (registry_count == n)
        {
          size_t i = 0;
          for (struct registry_node *r = registry; r != NULL; r = r->next)
            SCM_VECTOR_SET (v, i++, SCM_PACK_POINTER (r->pt));
          pthread_mutex_unlock (&registry_lock);
          return v;
        }
      pthread_mutex_unlock (&registry_lock);
    }
}

static SCM
flush_one (void *port)
{
  SCM p = SCM_PACK_POINTER (port);
  if (!(port_flags (p) & PORT_CLOSED))
    scm_force_output (p);
  return SCM_UNSPECIFIED;
}

struct first_failure
{
  int failed;
  SCM obj;
};

static SCM
note_failure (void *data, SCM obj)
{
  struct first_failure *f = data;
  if (!f->failed)
    {
      f->failed = 1;
      f->obj = obj;
    }
  return SCM_UNSPECIFIED;
}

SCM
scm_i_flush_all_ports (void)
{
  SCM ports = registered_ports ();
  struct first_failure f = { 0, SCM_BOOL_F };
  size_t n = SCM_VECTOR_LENGTH (ports);
  for (size_t i = 0; i < n; i++)
    scm_c_catch_raise (flush_one,
                       SCM_UNPACK_POINTER (SCM_VECTOR_REF (ports, i)),
                       note_failure, &f);
  if (f.failed)
    scm_raise (f.obj);
  return SCM_UNSPECIFIED;
}

static SCM
flush_all_body (void *unused)
{
  (void) unused;
  return scm_i_flush_all_ports ();
}

int
scm_c_flush_all_ports (SCM *failure)
{
  struct first_failure f = { 0, SCM_BOOL_F };
  scm_c_catch_raise (flush_all_body, NULL, note_failure, &f);
  if (f.failed && failure != NULL)
    *failure = f.obj;
  return f.failed ? -1 : 0;
}

/* What became of output left for the exit: the host's handler, and
   the count of the ports that failed.  */
static void (*exit_flush_handler) (const char *, size_t, int);
static size_t exit_flush_failures;

void
scm_c_set_exit_flush_handler (void (*handler) (const char *port_name,
                                               size_t bytes, int err))
{
  __atomic_store_n (&exit_flush_handler, handler, __ATOMIC_RELEASE);
}

size_t
scm_c_exit_flush_failures (void)
{
  return __atomic_load_n (&exit_flush_failures, __ATOMIC_ACQUIRE);
}

void
scm_i_exit_flush_failed (const char *name, size_t bytes, int err)
{
  __atomic_add_fetch (&exit_flush_failures, 1, __ATOMIC_ACQ_REL);
  void (*handler) (const char *, size_t, int)
    = __atomic_load_n (&exit_flush_handler, __ATOMIC_ACQUIRE);
  if (handler != NULL)
    handler (name, bytes, err);
  else
    fprintf (stderr, "libscm: %s: %zu bytes not written at exit: %s\n",
             name, bytes, strerror (err));
}

/* At exit, with no lock waited for: a thread that holds one may never
   give it back.  A write that fails goes to scm_i_exit_flush_failed
   (stderr, or the host's handler); the exit status is the program's
   to choose: the library never changes it (the scm program calls
   flush-all-ports first and fails on such an error; an embedding
   program calls scm_c_flush_all_ports, or looks at
   scm_c_exit_flush_failures from an atexit handler of its own).  */
static void
flush_registry_at_exit (void)
{
  if (pthread_mutex_trylock (&registry_lock) != 0)
    return;
  for (struct registry_node *r = registry; r != NULL; r = r->next)
    {
      struct port *pt = r->pt;
      SCM port = SCM_PACK_POINTER (pt);
      if (__atomic_exchange_n (&pt->lock, 1, __ATOMIC_ACQUIRE))
        continue;
      if (!(port_flags (port) & PORT_CLOSED) && pt->len > 0)
        {
          size_t n = pt->len;
          pt->len = 0;
          int err = scm_i_write_fd (pt->fd, pt->buf, n);
          if (err != 0)
            scm_i_exit_flush_failed (scm_is_string (pt->filename)
                                     ? scm_i_to_utf8_stringn (pt->filename,
                                                              NULL)
                                     : "<port>", n, err);
        }
      __atomic_store_n (&pt->lock, 0, __ATOMIC_RELEASE);
    }
  pthread_mutex_unlock (&registry_lock);
}

/* ------------------------------------------------------------------ */
/* Every port on a device (fd and custom ports), for
   scm_c_port_for_each and so fdes->ports: slots in blocks of malloc'd
   memory that never move, each a hidden pointer registered as a
   disappearing link, which the collector clears when its port is
   collected; a cleared slot is used again.  */

#define SLOTS_PER_BLOCK 256

struct slot_block
{
  struct slot_block *next;
  GC_hidden_pointer slot[SLOTS_PER_BLOCK];
};

static pthread_mutex_t device_lock = PTHREAD_MUTEX_INITIALIZER;
static struct slot_block *device_blocks;

/* A free slot (under DEVICE_LOCK), or NULL if no block can be made.  */
static GC_hidden_pointer *
free_slot (void)
{
  for (struct slot_block *b = device_blocks; b != NULL; b = b->next)
    for (size_t i = 0; i < SLOTS_PER_BLOCK; i++)
      if (b->slot[i] == 0)
        return &b->slot[i];
  struct slot_block *b = calloc (1, sizeof *b);
  if (b == NULL)
    return NULL;
  b->next = device_blocks;
  device_blocks = b;
  return &b->slot[0];
}

void
scm_i_register_device_port (SCM port)
{
  void *obj = SCM_UNPACK_POINTER (port);
  pthread_mutex_lock (&device_lock);
  GC_hidden_pointer *s = free_slot ();
  /* Without a slot the port is only missing from fdes->ports.  */
  if (s != NULL
      && GC_general_register_disappearing_link ((void **) s, obj) == GC_SUCCESS)
    *s = GC_HIDE_POINTER (obj);
  pthread_mutex_unlock (&device_lock);
}

struct device_ports
{
  void **ports;
  size_t n;
};

/* Under the collector's lock, so that no slot is cleared while it is
   read: the ports, copied where the collector sees them.  */
static void *
copy_device_ports (void *data)
{
  struct device_ports *d = data;
  size_t n = 0;
  for (struct slot_block *b = device_blocks; b != NULL; b = b->next)
    for (size_t i = 0; i < SLOTS_PER_BLOCK; i++)
      if (b->slot[i] != 0 && n < d->n)
        d->ports[n++] = GC_REVEAL_POINTER (b->slot[i]);
  d->n = n;
  return NULL;
}

void
scm_c_port_for_each (void (*proc) (void *data, SCM port), void *data)
{
  pthread_mutex_lock (&device_lock);
  size_t blocks = 0;
  for (struct slot_block *b = device_blocks; b != NULL; b = b->next)
    blocks++;
  pthread_mutex_unlock (&device_lock);
  /* GC memory, which the collector scans: the ports stay alive while
     PROC runs.  Blocks made meanwhile are left out.  */
  struct device_ports d;
  d.n = blocks * SLOTS_PER_BLOCK;
  d.ports = scm_i_alloc ((d.n + 1) * sizeof (void *));
  pthread_mutex_lock (&device_lock);
  GC_call_with_alloc_lock (copy_device_ports, &d);
  pthread_mutex_unlock (&device_lock);
  for (size_t i = 0; i < d.n; i++)
    {
      SCM port = SCM_PACK_POINTER (d.ports[i]);
      if (!(port_flags (port) & PORT_CLOSED))
        proc (data, port);
    }
}
