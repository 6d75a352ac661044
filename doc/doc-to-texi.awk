# doc-to-texi.awk -- turn libscm.doc (scm-snarf -d records) into the
# reference part of the manual: one @section per source file, one
# @deffn per primitive, in the order of the files.
# SPDX-License-Identifier: LGPL-3.0-or-later

BEGIN {
  RS = "\f\n"; FS = "\n"
  n = split("%vm-stack-size %make-record %read-line %syntax-match %record? " \
            "%record-ref %record-set! %record-field %macro-documentation " \
            "%pipe-port-pid %errno-name %mutable-environment", pub, " ")
  for (i = 1; i <= n; i++) public_internal[pub[i]] = 1
}

function flush_section() { if (section != "") print "" }

# "(SCM a, SCM b, SCM rest)" with REQ, OPT, REST -> "a b [c] . rest"
function scheme_args(args, req, opt, rest,    n, a, i, out, name) {
  gsub(/^\(|\)$/, "", args)
  if (args == "void" || args == "") return ""
  n = split(args, a, /, */)
  out = ""
  for (i = 1; i <= n; i++) {
    name = a[i]; sub(/.*[ *]/, "", name); gsub(/_/, "-", name)
    if (i <= req) out = out " " name
    else if (i <= req + opt) out = out " [" name "]"
    else out = out " . " name
  }
  return substr(out, 2)
}

NF > 1 {
  name = ""; arity = ""; args = ""; loc = ""; doc = ""
  for (i = 1; i <= NF; i++) {
    if ($i ~ /^name: /) name = substr($i, 7)
    else if ($i ~ /^arity: /) arity = substr($i, 8)
    else if ($i ~ /^arguments: /) args = substr($i, 12)
    else if ($i ~ /^location: /) loc = substr($i, 11)
    else doc = doc $i "\n"
  }
  file = loc; sub(/:[0-9]+$/, "", file); sub(/.*\//, "", file)
  if (file != section) {
    flush_section()
    section = file
    title = file; sub(/\.c$/, "", title)
    print "@node " title " procedures"
    print "@section @file{" file "}"
    print ""
  }
  # The core's internal `%' names are left out, but for those programs
  # may use (public_internals in modules/modules.c).
  if (name ~ /^%/ && !(name in public_internal)) next
  # A prelude procedure, first in libscm.doc, replaces the primitive of
  # the same name (member, assoc): the primitive is not reachable.
  if (name in seen) next
  seen[name] = 1
  split(arity, ar, " ")
  # Texinfo needs @{ @} for braces that are not markup; names with @ or
  # braces would be escaped here, but snarfed names are plain ASCII.
  print "@deffn {Scheme Procedure} " name " " scheme_args(args, ar[1], ar[2], ar[3])
  printf "%s", doc
  print "@end deffn"
  print ""
}
