/* proc-maps.c -- the lines of /proc/self/maps, read without allocating
   SPDX-License-Identifier: LGPL-3.0-or-later

   The C-stack segments look for a hole below a thread's stack
   (c-stack.c), and the heap's huge-page hook for the mappings that
   hold the heap (gc/huge-pages.c); both read the process's map with
   read(2) into a buffer of their own, a line at a time.  */

#include "runtime/proc-maps-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int
scm_i_each_mapping (char *buf, size_t size,
                    int (*each) (char *line, void *data), void *data)
{
  int fd = open ("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  size_t have = 0;
  int skipping = 0, done = 0;
  while (!done)
    {
      ssize_t n = read (fd, buf + have, size - have);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      have += (size_t) n;
      size_t start = 0;
      for (size_t i = 0; i < have && !done; i++)
        if (buf[i] == '\n')
          {
            buf[i] = '\0';
            if (!skipping)
              done = each (buf + start, data);
            skipping = 0;
            start = i + 1;
          }
      if (start == 0 && have == size)
        {
          /* A line longer than the buffer: its rest is skipped.  */
          skipping = 1;
          have = 0;
          continue;
        }
      memmove (buf, buf + start, have - start);
      have -= start;
    }
  close (fd);
  return 0;
}
