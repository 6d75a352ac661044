/* ports-impl.h -- the layout of a port and its lock, for the files that
   implement ports: ports.c (the kinds, opening, characters), and
   textual-ports.c, binary-ports.c and port-positions.c
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#ifndef SCM_PORTS_IMPL_H
#define SCM_PORTS_IMPL_H

#include "runtime/scm-internal.h"
#include "values/strings-internal.h"
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <libscm/control.h>
#include <libscm/ports.h>

#define PORT_INPUT 0x01
#define PORT_OUTPUT 0x02
#define PORT_CLOSED 0x04
#define PORT_TTY 0x08
#define PORT_FOLD_CASE 0x10
#define PORT_BINARY 0x20
#define PORT_UNBUFFERED 0x40    /* output written out after each operation */
#define PORT_READ_UNBUFFERED 0x80 /* input read from the device no further
                                   than asked for (setvbuf 'none) */

/* Custom ports (scm_c_make_custom_port) are buffered like fd ports, with
   C functions in place of read(2) and write(2); PORT_CUSTOM_TEXT ones
   refuse byte operations, so that their functions see whole UTF-8
   characters only.  */
enum port_kind { PORT_FD = 1, PORT_STRING = 2, PORT_BYTEVECTOR = 3,
                 PORT_CUSTOM = 4, PORT_CUSTOM_TEXT = 5 };

struct port
{
  scm_t_bits header;
  SCM filename;                 /* string or #f */
  SCM source;                   /* input string or bytevector port: the
                                   string or the bytevector */
  unsigned char *buf;           /* bytes: fd input, any output */
  size_t pos;                   /* next byte of buf / char of source */
  size_t len;                   /* bytes in buf / chars in source */
  size_t cap;                   /* size of buf */
  long line;                    /* from 1 */
  long column;                  /* from 0 */
  int fd;
  int close_fd;
  /* Input: 1 if fd is a regular file or a block device, whose read
     never waits (no poll before it, wait_readable); 0 if not; -1 until
     the first read asks.  */
  int never_waits;
  const scm_t_port_functions *functions; /* custom ports */
  void *data;                   /* custom ports: the functions' argument */
  /* The lock (see "Locking" below).  */
  int lock;                     /* 1 while a thread holds it */
  int lock_depth;               /* the owner's nesting */
  pthread_t owner;              /* 0 when free */
  struct port_guard *guard;     /* the innermost guard, or NULL */
  long datum_line, datum_column; /* where the last datum read started */
  int revealed;                 /* Guile's revealed count: while above
                                   0, closing or collecting the port
                                   leaves its descriptor open */
  struct registry_node *registry_node; /* fd output ports: the entry in
                                   the open-port registry
                                   (port-registry.c), or NULL */
};

/* ------------------------------------------------------------------ */
/* Locking.  Each operation on a port's buffer holds the port's lock, so
   that threads sharing a port never corrupt it and a write (a
   write-string, a display of a datum, a write-bytevector) is never
   interleaved with another thread's.  The lock is a spin lock with an
   owner and a depth: the owner may take it again (a custom port's
   procedure writing to its own port, a write made of smaller ones).
   Taking it costs one atomic exchange, so the per-character paths stay
   cheap.

   Nothing may unwind past a held lock: before any operation that can
   raise or call out (device I/O, a custom port's functions, an
   interrupt check, a decoding error, growing a buffer) the code calls
   guard_port, which registers, once per nesting level, a dynwind
   handler that gives back every level from the guard's base up if an
   error or a continuation leaves.  Normal exit from that level pops
   the handler without running it.  So the allocation it costs is paid
   on the slow paths only.  */

struct port_guard
{
  struct port *pt;
  int depth;                    /* the level that pushed it */
  int base;                     /* the lowest level it gives back */
  struct port_guard *prev;
};

static inline void
lock_port (struct port *pt)
{
  pthread_t self = pthread_self ();
  if (pthread_equal (__atomic_load_n (&pt->owner, __ATOMIC_RELAXED), self))
    {
      pt->lock_depth++;
      return;
    }
  while (__atomic_exchange_n (&pt->lock, 1, __ATOMIC_ACQUIRE))
    sched_yield ();
  __atomic_store_n (&pt->owner, self, __ATOMIC_RELAXED);
  pt->lock_depth = 1;
}

static inline void
release_lock (struct port *pt)
{
  __atomic_store_n (&pt->owner, (pthread_t) 0, __ATOMIC_RELAXED);
  __atomic_store_n (&pt->lock, 0, __ATOMIC_RELEASE);
}

static inline void
unlock_port (struct port *pt)
{
  struct port_guard *g = pt->guard;
  if (g != NULL && g->depth == pt->lock_depth)
    {
      pt->guard = g->prev;
      scm_dynwind_end ();
    }
  if (--pt->lock_depth == 0)
    release_lock (pt);
}

/* Push a guard for the current level of PT's lock (ports.c).  */
SCM_INTERNAL void scm_i_push_port_guard (struct port *pt);

/* Make it safe for the current level (holding PT's lock) to raise or
   call out.  */
static inline void
guard_port (struct port *pt)
{
  struct port_guard *top = pt->guard;
  if (top == NULL || top->depth != pt->lock_depth)
    scm_i_push_port_guard (pt);
}

#define FD_BUFFER_SIZE 4096
/* The smallest buffer setvbuf gives: room for any UTF-8 character.  */
#define MIN_BUFFER_SIZE 16

static inline struct port *
port_of (SCM p)
{
  return (struct port *) SCM_UNPACK_POINTER (p);
}

static inline unsigned port_flags (SCM p) { return SCM_OBJ_FLAGS (p); }
static inline int port_kind (SCM p) { return (int) SCM_OBJ_PAYLOAD (p); }

/* Whether PORT's bytes go through its byte buffer to a device: an fd or
   a custom port's functions.  */
static inline int
is_buffered (SCM p)
{
  int kind = port_kind (p);
  return kind == PORT_FD || kind >= PORT_CUSTOM;
}

static inline int
is_custom (SCM p)
{
  return port_kind (p) >= PORT_CUSTOM;
}

/* A custom port of both directions (mode "rw") is an input port whose
   output goes to a companion output port on the same functions, kept
   in its source field, so that each direction has its own buffer.  The
   port where PORT's output goes: that companion, or PORT itself.  */
static inline SCM
output_side (SCM p)
{
  unsigned both = PORT_INPUT | PORT_OUTPUT;
  return (SCM_OBJ_FLAGS (p) & both) == both && is_custom (p)
    ? ((struct port *) SCM_UNPACK_POINTER (p))->source : p;
}

/* What the three files share (ports.c).  */

/* A new port of KIND with FLAGS, named FILENAME (a string or #f).  */
SCM_INTERNAL SCM scm_i_make_port (enum port_kind kind, unsigned flags,
                                  SCM filename);
/* Raise wrong-type-arg unless PORT is an open port for bytes in
   DIRECTION (PORT_INPUT or PORT_OUTPUT), argument POS of WHO.  */
SCM_INTERNAL void scm_i_check_binary_port (SCM port, unsigned direction,
                                           int pos, const char *who);
/* PORT's file name for messages.  */
SCM_INTERNAL const char *scm_i_port_name (SCM port);
/* Write N bytes to descriptor FD; return 0, or the errno of the
   failure.  Raises nothing, allocates nothing.  */
SCM_INTERNAL int scm_i_write_fd (int fd, const unsigned char *bytes,
                                 size_t n);
/* The registry of open fd output ports (port-registry.c): enter PORT,
   take PT out (when it is closed or finalized; harmless if it is not
   in), and flush-all-ports.  */
SCM_INTERNAL void scm_i_register_output_port (SCM port);
SCM_INTERNAL void scm_i_unregister_output_port (struct port *pt);
/* Enter PORT (an fd or custom port) in the weak list that
   scm_c_port_for_each walks (port-registry.c).  */
SCM_INTERNAL void scm_i_register_device_port (SCM port);
/* Count and report (the host's handler, or stderr) BYTES of the port
   NAME that could not be written at exit, for the system's reason ERR
   (port-registry.c).  */
SCM_INTERNAL void scm_i_exit_flush_failed (const char *name, size_t bytes,
                                           int err);
SCM_INTERNAL SCM scm_i_flush_all_ports (void);
/* Write N bytes to PORT's device (descriptor FD, or a custom port's
   write function), raising a file error naming PORT if it fails.  The
   caller holds PORT's lock.  */
SCM_INTERNAL void scm_i_write_all (int fd, const unsigned char *bytes,
                                   size_t n, SCM port);
/* Write out what the output buffer of PORT (or of its output side)
   holds.  */
SCM_INTERNAL void scm_i_flush_port (SCM port);
/* Room for N more bytes in PORT's output buffer.  */
SCM_INTERNAL void scm_i_reserve_output (SCM port, size_t n);
/* Read up to ROOM (> 0) bytes from buffered PORT's device into DST;
   return how many, 0 at the end.  The caller holds the lock and has
   guarded the port.  */
SCM_INTERNAL size_t scm_i_read_device (SCM port, uint8_t *dst, size_t room);
/* A new fd port on file FILENAME, opened with open(2) FLAGS; MODE is
   scm_c_fdopen's ("r", "w", "rb", "wb": b makes a binary port), WHO
   names the caller in errors.  */
SCM_INTERNAL SCM scm_i_open_file_port (SCM filename, int flags,
                                       const char *mode, const char *who);
/* PORT, or the current input or output port if PORT is unbound.
   Inline: read-char and write-char (textual-ports.c) call them at
   every character.  */
static inline SCM
scm_i_input_port_arg (SCM port)
{
  return SCM_UNBNDP (port) ? scm_current_input_port () : port;
}

static inline SCM
scm_i_output_port_arg (SCM port)
{
  return SCM_UNBNDP (port) ? scm_current_output_port () : port;
}
/* Make at least N bytes available in buffered PORT's input buffer,
   unless at the end; return the number available.  */
SCM_INTERNAL size_t scm_i_fill_port (SCM port, size_t n);
/* Whether a read from PORT would not block.  */
SCM_INTERNAL int scm_i_port_input_ready (SCM port);
/* Define textual-ports.c's procedures (scm_init_ports calls it).  */
SCM_INTERNAL void scm_i_init_textual_ports (void);
/* Raise the error of WHO (PORT its argument POS) unless PORT is an
   open port for characters in DIRECTION (PORT_INPUT or PORT_OUTPUT).  */
SCM_INTERNAL void scm_i_check_port (SCM port, unsigned direction, int pos,
                                    const char *who);
/* Write characters START..END of string STR to PORT.  */
SCM_INTERNAL void scm_i_put_string_range (SCM port, SCM str, size_t start,
                                          size_t end);
/* Decode the next character of fd port PORT; *SIZE gets its bytes.  */
SCM_INTERNAL int32_t scm_i_decode_fd (SCM port, size_t *size);

/* The next character of PORT that needs no call: of its string (-1
   at the end of it), or an ASCII byte in its buffer; -2 when bytes
   must be read or decoded (scm_i_decode_fd).  */
static inline int32_t
ready_char (SCM port, struct port *pt)
{
  if (port_kind (port) == PORT_STRING)
    return pt->pos < pt->len
      ? (int32_t) scm_i_string_ref (pt->source, pt->pos) : -1;
  if (pt->pos < pt->len && pt->buf[pt->pos] < 0x80)
    return pt->buf[pt->pos];
  return -2;
}

/* Consume character C (>= 0) of SIZE bytes from PT: its position,
   line and column.  */
static inline void
count_char (struct port *pt, int32_t c, size_t size)
{
  pt->pos += size;
  if (c == '\n')
    {
      pt->line++;
      pt->column = 0;
    }
  else
    pt->column++;
}

/* The next character of PORT, whose lock the caller holds (see
   scm_i_begin_input), or -1 at the end; consumed if CONSUME.  The fast
   path, an ASCII byte in the buffer, takes no call.  */
static inline int32_t
take_char (SCM port, int consume)
{
  struct port *pt = port_of (port);
  size_t size = 1;
  int32_t c = ready_char (port, pt);
  if (c == -2)
    c = scm_i_decode_fd (port, &size);
  if (consume && c >= 0)
    count_char (pt, c, size);
  return c;
}


/* read-char (CONSUME nonzero) or peek-char of PORT when that needs no
   call: PORT an open textual input port whose lock is free, and its
   next character an ASCII byte in its buffer, a character of its
   string, or the end of its string; the line and column kept as
   take_char keeps them.  Else SCM_UNDEFINED, and the caller calls the
   primitive (which raises, fills the buffer, decodes UTF-8, waits for
   the lock).  It neither allocates nor raises: the VM's TEXT_OP runs
   it inline, without syncing its registers (engine.c includes this
   header for it alone).  */
static inline __attribute__ ((always_inline)) SCM
scm_i_take_char_fast (SCM port, int consume)
{
  /* The type, open and input, in one compare of the header.  */
  scm_t_bits open_input = SCM_MAKE_HEADER (scm_tc8_port, PORT_INPUT, 0);
  scm_t_bits mask = SCM_MAKE_HEADER (0xff, PORT_INPUT | PORT_CLOSED, 0);
  if (!SCM_HEAP_OBJECT_P (port) || (SCM_HEADER (port) & mask) != open_input
      || port_kind (port) == PORT_BYTEVECTOR)
    return SCM_UNDEFINED;
  struct port *pt = port_of (port);
  /* The lock taken as lock_port takes it, but only when it is free:
     held by this thread (a custom port's procedure reading its own
     port) or another, the primitive waits or nests.  No owner is
     recorded, since nothing here can raise or call out.  */
  if (__atomic_exchange_n (&pt->lock, 1, __ATOMIC_ACQUIRE))
    return SCM_UNDEFINED;
  int32_t c = ready_char (port, pt);
  if (c == -2)
    {
      /* Bytes to read or decode: take_char's slow path.  */
      __atomic_store_n (&pt->lock, 0, __ATOMIC_RELEASE);
      return SCM_UNDEFINED;
    }
  if (consume && c >= 0)
    count_char (pt, c, 1);
  __atomic_store_n (&pt->lock, 0, __ATOMIC_RELEASE);
  return c < 0 ? SCM_EOF_VAL : SCM_MAKE_CHAR (c);
}

/* Add N bytes to the output buffer of PORT (an output side, whose
   lock the caller holds), or write them straight out after the buffer
   if they are more than it holds.  */
static inline void
buffer_output (SCM port, struct port *pt, const unsigned char *bytes,
               size_t n)
{
  /* Nothing to add: a fresh string or bytevector port has no buffer
     yet, and NULL + 0 (or memcpy to NULL) is undefined behaviour.  */
  if (n == 0)
    return;
  if (is_buffered (port) && n > pt->cap)
    {
      scm_i_flush_port (port);
      scm_i_write_all (pt->fd, bytes, n, port);
    }
  else
    {
      scm_i_reserve_output (port, n);
      memcpy (pt->buf + pt->len, bytes, n);
      pt->len += n;
    }
}

#endif
