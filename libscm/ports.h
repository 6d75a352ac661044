/* ports.h -- textual ports: files, strings, the standard streams
   SPDX-License-Identifier: LGPL-3.0-or-later

   Input ports decode UTF-8 and track line and column (both counted from
   1 for lines, 0 for columns in storage; messages print column + 1).  */

#ifndef SCM_PORTS_H
#define SCM_PORTS_H

#include <libscm/scm.h>

static inline int scm_is_port (SCM x) { return scm_has_tc8 (x, scm_tc8_port); }

SCM_API SCM scm_open_input_string (SCM str);
SCM_API SCM scm_c_open_input_string (const char *utf8);
SCM_API SCM scm_open_output_string (void);
SCM_API SCM scm_get_output_string (SCM port);
SCM_API SCM scm_open_input_file (SCM filename);
SCM_API SCM scm_open_output_file (SCM filename);
/* A port on file descriptor FD, named NAME; closed with the port if
   CLOSE_FD.  MODE is "r" or "w".  */
SCM_API SCM scm_c_fdopen (int fd, const char *mode, const char *name,
                          int close_fd);
/* The file descriptor of PORT if it is an open port on one (a file or
   standard stream, scm_c_fdopen's), else -1.  Raises nothing.  */
SCM_API int scm_c_port_fd (SCM port);
/* Guile's revealed count of PORT (wrong-type-arg for a non-port): 0
   when made, except for the ports of fdes->inport and fdes->outport.
   While it is above 0, closing or collecting an fd port, pipe or
   socket leaves its descriptor open.  scm_c_set_port_revealed sets it
   (a negative COUNT as 0).  */
SCM_API int scm_c_port_revealed (SCM port);
SCM_API void scm_c_set_port_revealed (SCM port, int count);
/* Make the open fd port PORT (scm_c_fdopen's) read or write FD from now
   on, in place of its descriptor, which the caller closes or keeps:
   for primitive-move->fdes.  Returns 0, or -1 for another port.  */
SCM_API int scm_c_port_set_fd (SCM port, int fd);
/* How output port PORT (a file, standard or custom port) sends its
   bytes to its device: MODE 0 after every operation, 1 at each newline,
   2 when its buffer is full (and on flush-output-port and close).  Its
   buffered output is written out first.  Returns 0, or -1 (nothing
   done) for another port or mode.  Raises what the flush raises.  */
SCM_API int scm_c_set_port_buffering (SCM port, int mode);
/* Guile's setvbuf for a buffered port (a file, standard, pipe, socket
   or custom port): MODE 0 (none), 1 (line) or 2 (block) as above for
   its output; for its input, MODE 0 reads no byte from the device
   beyond those a read asks for (so that the rest is left for another
   reader of the descriptor), 1 and 2 read ahead up to the buffer.
   SIZE is the size of each buffer in bytes (0: the default, 4096; at
   least 16).  Buffered output is written out first; buffered input is
   kept and read first.  Returns 0, or -1 (nothing done) for a closed
   or unbuffered port (string, bytevector) or another mode.  */
SCM_API int scm_c_setvbuf (SCM port, int mode, size_t size);
/* Guile's: call PROC (DATA, PORT) for every open port on a device (a
   file, standard, pipe, socket or custom port; not a string or
   bytevector port) that is still alive.  Ports opened while it runs
   may be left out.  */
SCM_API void scm_c_port_for_each (void (*proc) (void *data, SCM port),
                                  void *data);
SCM_API SCM scm_close_port (SCM port);
SCM_API SCM scm_port_p (SCM obj);
SCM_API SCM scm_input_port_p (SCM obj);
SCM_API SCM scm_output_port_p (SCM obj);
SCM_API SCM scm_textual_port_p (SCM obj);
SCM_API SCM scm_binary_port_p (SCM obj);
SCM_API SCM scm_eof_object (void);
SCM_API SCM scm_eof_object_p (SCM obj);
SCM_API SCM scm_current_input_port (void);
SCM_API SCM scm_current_output_port (void);
SCM_API SCM scm_current_error_port (void);

/* Character I/O.  scm_c_getc returns a code point or -1 at end of file.
   Invalid UTF-8 raises a decoding error naming the port and position. */
SCM_API int32_t scm_c_getc (SCM port);
SCM_API int32_t scm_c_peekc (SCM port);
SCM_API void scm_c_putc (SCM port, uint32_t c);
SCM_API void scm_c_puts (SCM port, const char *utf8);
/* Write to PORT the UTF-8 text that printf makes of FMT and the
   arguments, whatever its length.  Raises what scm_c_puts raises.  */
SCM_API void scm_c_printf (SCM port, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
SCM_API void scm_c_put_string (SCM port, SCM str);
SCM_API SCM scm_read_char (SCM port);
SCM_API SCM scm_peek_char (SCM port);
SCM_API SCM scm_char_ready_p (SCM port);
/* A line without its end of line ("\n" or "\r\n"), or the eof object. */
SCM_API SCM scm_read_line (SCM port);
SCM_API SCM scm_read_string (SCM k, SCM port);
SCM_API SCM scm_write_char (SCM chr, SCM port);
/* START and END may be SCM_UNDEFINED: the whole string.  */
SCM_API SCM scm_write_string (SCM str, SCM port, SCM start, SCM end);
SCM_API SCM scm_newline (SCM port);
SCM_API SCM scm_force_output (SCM port);
/* Flush every open file output port, referred to or not (the library
   also does so at exit, from an atexit handler, reporting a failure on
   stderr); raise the first failure after trying them all.  */
SCM_API SCM scm_flush_all_ports (void);
/* The same without raising, for an embedding program before it ends:
   0 when every open file output port was written out, else -1 with
   *FAILURE (if FAILURE is not NULL) the first error raised, a
   condition naming the port and the system's reason.  The others are
   written out all the same.  libscm never chooses the process's exit
   status: a host that wants a failed write to count calls this before
   it returns from main or calls exit.  */
SCM_API int scm_c_flush_all_ports (SCM *failure);
/* Output still buffered when the process exits (the host never called
   scm_c_flush_all_ports, or wrote after it) is written out by an
   atexit handler of libscm.  A port whose write fails there is
   counted and reported: on stderr ("libscm: NAME: N bytes not written
   at exit: REASON"), or, once a handler is set, by HANDLER (PORT_NAME,
   BYTES, ERR) instead (NULL: stderr again); ERR is the errno.  The
   handler runs during exit: it must not call libscm.  */
SCM_API void scm_c_set_exit_flush_handler
  (void (*handler) (const char *port_name, size_t bytes, int err));
/* How many ports failed to be written out at exit so far: for an
   atexit handler of the host, registered before scm_init (so that it
   runs after libscm's), which may then choose the status with _exit.  */
SCM_API size_t scm_c_exit_flush_failures (void);

/* Binary ports (R7RS 6.13): bytevector ports, binary files, bytes.  */
SCM_API SCM scm_open_input_bytevector (SCM bv);
SCM_API SCM scm_open_output_bytevector (void);
SCM_API SCM scm_get_output_bytevector (SCM port);
SCM_API SCM scm_open_binary_input_file (SCM filename);
SCM_API SCM scm_open_binary_output_file (SCM filename);
SCM_API SCM scm_read_u8 (SCM port);
SCM_API SCM scm_peek_u8 (SCM port);
SCM_API SCM scm_u8_ready_p (SCM port);
SCM_API SCM scm_read_bytevector (SCM k, SCM port);
SCM_API SCM scm_read_bytevector_x (SCM bv, SCM port, SCM start, SCM end);
SCM_API SCM scm_write_u8 (SCM byte, SCM port);
SCM_API SCM scm_write_bytevector (SCM bv, SCM port, SCM start, SCM end);

/* Custom ports: ports whose device is a set of C functions, buffered
   like file ports.  DATA is the functions' argument, kept alive by the
   port.  Each function may raise an error (scm_c_raise_error ...): it
   propagates from the port operation that called it.
   - read (input ports): store up to SIZE bytes (SIZE >= 4) at BUF and
     return how many; 0 means the end of the input for now.
   - write (output ports): write all SIZE bytes of BUF (SIZE > 0).
   - ready (optional, input): non-zero if read would not wait, for
     char-ready? and u8-ready?; without it the port is always ready.
   - flush (optional, output): called by flush-output-port after the
     buffered bytes have gone to write.
   - close (optional): called once, by close-port, after the last write
     (even if that write raised, whose error close-port raises after).
   A custom port that becomes garbage unclosed is flushed and closed only
   if made with the "f" mode letter (below): otherwise close it, as only
   the embedder knows how long DATA lives.
   The bytes are UTF-8 for a textual port.  */
typedef struct scm_t_port_functions
{
  size_t (*read) (SCM port, void *data, uint8_t *buf, size_t size);
  void (*write) (SCM port, void *data, const uint8_t *buf, size_t size);
  int (*ready) (SCM port, void *data);
  void (*flush) (SCM port, void *data);
  void (*close) (SCM port, void *data);
} scm_t_port_functions;

/* Make a custom port on FUNCTIONS (static: the port keeps the pointer)
   and DATA, named NAME (or NULL).  MODE is "r" (input), "w" (output) or
   "rw" (both, each direction with its own buffer; close is called once),
   then any of: "b" binary (binary-port? is true; characters still work,
   as on binary files), "t" textual only (byte operations refused, so
   every write sees whole UTF-8 characters), "0" unbuffered (write is
   called at the end of every output operation), "l" line buffered
   (write is called at each newline), "f" finalized (once the port is
   garbage and still open, a finalizer closes it as close-port would, at
   a safe point of some thread: DATA must live until then).  Output is
   otherwise buffered in
   4 KiB and written out when full, by flush-output-port and by
   close-port.  Raises a wrong-type-arg error on a bad mode or a missing
   read/write function.  */
SCM_API SCM scm_c_make_custom_port (const scm_t_port_functions *functions,
                                    void *data, const char *mode,
                                    const char *name);
SCM_API int scm_is_custom_port (SCM obj);
/* The DATA of custom port PORT; raises a wrong-type-arg error if PORT is
   not a custom port.  */
SCM_API void *scm_c_custom_port_data (SCM port);

/* Make PORT the calling thread's current input, output or error port
   in its current instance (what current-output-port & co return there
   outside any parameterize; inside one, the innermost binding is
   changed), and return the previous one.  Per thread, as in Guile:
   other threads in the instance keep theirs, or the instance's own;
   a thread that Scheme code starts from this one inherits it.  Raise a
   wrong-type-arg error if PORT is not a port of that direction.  */
SCM_API SCM scm_set_current_input_port (SCM port);
SCM_API SCM scm_set_current_output_port (SCM port);
SCM_API SCM scm_set_current_error_port (SCM port);

/* Positions (Guile's seek and ftell, R6RS's port-position): bytes on
   file and bytevector ports, characters on string ports.  WHENCE is
   SEEK_SET, SEEK_CUR or SEEK_END.  Each raises an error for a port
   that cannot seek (pipes, terminals, custom ports).  */
SCM_API SCM scm_seek (SCM port, SCM offset, SCM whence);
SCM_API SCM scm_ftell (SCM port);
SCM_API SCM scm_port_position (SCM port);
SCM_API SCM scm_set_port_position_x (SCM port, SCM pos);
SCM_API SCM scm_port_has_port_position_p (SCM port);
SCM_API SCM scm_port_has_set_port_position_x_p (SCM port);

/* Position of the next character: line from 1, column from 0.  Of a
   port that is both input and output, the input side's.  */
SCM_API long scm_c_port_line (SCM port);
SCM_API long scm_c_port_column (SCM port);
/* Guile's port-line, port-column and their setters: both counted from
   0 (so port-line is scm_c_port_line less 1); of a port that is both
   input and output, the output side's.  The setters take a nonnegative
   exact integer and raise out-of-range otherwise.  */
SCM_API SCM scm_port_line (SCM port);
SCM_API SCM scm_port_column (SCM port);
SCM_API SCM scm_set_port_line_x (SCM port, SCM line);
SCM_API SCM scm_set_port_column_x (SCM port, SCM column);
/* The port's file name (a string) or #f.  */
SCM_API SCM scm_port_filename (SCM port);
SCM_API SCM scm_set_port_filename_x (SCM port, SCM name);

#endif /* SCM_PORTS_H */
