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

/* Position of the next character: line from 1, column from 0.  */
SCM_API long scm_c_port_line (SCM port);
SCM_API long scm_c_port_column (SCM port);
/* The port's file name (a string) or #f.  */
SCM_API SCM scm_port_filename (SCM port);
SCM_API SCM scm_set_port_filename_x (SCM port, SCM name);

#endif /* SCM_PORTS_H */
