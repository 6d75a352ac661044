# doc-to-texi.awk -- turn libscm.doc (scm-snarf -d records, the
# prelude's first) into the reference part of the manual: one @section
# per topic (lists, strings, ports...), in a fixed order, and in each
# one @deffn per procedure, in alphabetical order.
# SPDX-License-Identifier: LGPL-3.0-or-later

BEGIN {
  RS = "\f\n"; FS = "\n"
  n = split("%vm-stack-size %make-record %read-line %syntax-match %record? " \
            "%record-ref %record-set! %record-field %macro-documentation " \
            "%pipe-port-pid %errno-name %mutable-environment", pub, " ")
  for (i = 1; i <= n; i++) public_internal[pub[i]] = 1
  # The topics, in the order of the sections, and the source files of
  # each (their base names without .c); a file not listed is an error,
  # so that a new one is given a topic.
  ntopics = 0
  topic("Control", "control conditions hooks subrs eval-limits")
  topic("Evaluation and macros", "eval macros syntax unexpand warnings")
  topic("Modules and libraries", "modules libraries")
  topic("Booleans and equivalence", "booleans eq")
  topic("Numbers", "numbers complex number-syntax flonum transcendental " \
        "bitwise random")
  topic("Pairs and lists", "pairs lists alist sort")
  topic("Characters and char-sets", "chars charsets")
  topic("Strings", "strings string-search")
  topic("Regular expressions", "regexp regex")
  topic("Symbols and keywords", "symbols keywords")
  topic("Vectors and bytevectors", "vectors bytevectors")
  topic("Hash tables", "hashtables weak")
  topic("Records", "records")
  topic("Ports and input/output", "ports binary-ports custom-ports " \
        "textual-ports port-lines port-positions print read srcpos")
  topic("Threads", "threads")
  topic("Memory and foreign data", "gc finalizers foreign")
  topic("Debugging and the REPL", "frames profile disassemble docstrings " \
        "repl vm version")
  topic("Files and directories", "files filesys fdes fdes-open")
  topic("Processes, environment and signals", "process environ pipes " \
        "signals posix")
  topic("Time", "time stime")
  topic("Networking", "netdb sockets sockaddr host")
}

function topic(title, files,    n, f, i) {
  titles[++ntopics] = title
  count[ntopics] = 0
  n = split(files, f, " ")
  for (i = 1; i <= n; i++) topic_of[f[i]] = ntopics
}

# The topic of the prelude's procedure NAME, by what it works on.
function prelude_topic(name) {
  if (name ~ /^char-set/) return topic_of["charsets"]
  if (name ~ /^hash/) return topic_of["hashtables"]
  if (name ~ /^vector-/) return topic_of["vectors"]
  if (name ~ /file$|port$|-string$/) return topic_of["ports"]
  if (name ~ /string|^xsubstring$/) return topic_of["strings"]
  if (name ~ /^(map|for-each|member|assoc)$/) return topic_of["lists"]
  if (name ~ /^(eval|load|scheme-report-environment|null-environment)$/)
    return topic_of["eval"]
  return topic_of["control"]
}

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
  # The core's internal `%' names are left out, but for those programs
  # may use (public_internals in modules/modules.c).
  if (name ~ /^%/ && !(name in public_internal)) next
  # A prelude procedure, first in libscm.doc, replaces the primitive of
  # the same name (member, assoc): the primitive is not reachable.
  if (name in seen) next
  seen[name] = 1
  file = loc; sub(/:[0-9]+$/, "", file); sub(/.*\//, "", file)
  sub(/\.(c|scm)$/, "", file)
  if (file == "boot") t = prelude_topic(name)
  else if (file in topic_of) t = topic_of[file]
  else {
    printf "doc-to-texi.awk: %s has no topic\n", loc > "/dev/stderr"
    failed = 1
    exit 1
  }
  split(arity, ar, " ")
  # Texinfo needs @{ @} for braces that are not markup; names with @ or
  # braces would be escaped here, but snarfed names are plain ASCII.
  k = ++count[t]
  names[t, k] = name
  # A macro of the prelude (snarf/prelude-doc.c): its docstring shows
  # its use.
  if (args == "syntax")
    text[t, k] = "@deffn {Scheme Syntax} " name "\n" doc "@end deffn\n"
  else
    text[t, k] = "@deffn {Scheme Procedure} " name " " \
      scheme_args(args, ar[1], ar[2], ar[3]) "\n" doc "@end deffn\n"
}

END {
  if (failed) exit 1
  for (t = 1; t <= ntopics; t++) {
    if (count[t] == 0) continue
    # Insertion sort by name: a few dozen entries a topic.
    for (i = 2; i <= count[t]; i++) {
      n = names[t, i]; x = text[t, i]
      for (j = i - 1; j >= 1 && names[t, j] > n; j--) {
        names[t, j + 1] = names[t, j]; text[t, j + 1] = text[t, j]
      }
      names[t, j + 1] = n; text[t, j + 1] = x
    }
    node = titles[t]; gsub(/,/, "", node)  # commas end a node name
    print "@node " node " reference"
    print "@section " titles[t]
    print ""
    for (i = 1; i <= count[t]; i++) print text[t, i]
  }
}
