/* prelude-none.c -- no precompiled prelude: what the image generator
   (snarf/scm-image) and the heap-allocated variant link with, so that
   the prelude is compiled from source at init.
   SPDX-License-Identifier: LGPL-3.0-or-later  */

#include "image/image-internal.h"

const struct scm_i_prelude_image *const scm_i_prelude_image = NULL;
