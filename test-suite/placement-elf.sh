#!/bin/sh
# placement-elf.sh -- where the linker put the static constants (TAP)
# SPDX-License-Identifier: LGPL-3.0-or-later
#
# Every static object that snarfing emits is named *_scm_subr, _scm_sym,
# _scm_str, _scm_kw (they hold addresses: .data.rel.ro, inside
# PT_GNU_RELRO) or *_scm_sbuf (no addresses: .rodata).  This reads the
# built libscm.so with readelf and checks each one, then reports how many
# objects and bytes there are.  Environment from make check:
# top_builddir, READELF, SCM_STATIC_ALLOC (1/0), SCM_RELRO (yes/no).

: "${top_builddir:=.}" "${READELF:=readelf}"
lib="$top_builddir/libscm/.libs/libscm.so"
n=0
fails=0
ok () { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fails=$((fails + 1)); fi; }

if [ ! -f "$lib" ]; then
  echo "1..1"; echo "not ok 1 - $lib exists"; exit 1
fi

relro=$("$READELF" -lW "$lib" | awk '$1 == "GNU_RELRO" { print $3, $6 }')
if [ "$SCM_RELRO" = no ]; then
  [ -z "$relro" ]; ok $? "built with --disable-relro: no GNU_RELRO segment"
else
  [ -n "$relro" ]; ok $? "libscm.so has a GNU_RELRO segment ($relro)"
fi

# Sections by index: "index name address size".
"$READELF" -SW "$lib" | sed -n 's/^ *\[ *\([0-9]*\)\] \([^ ]*\) *[A-Z_]* *\([0-9a-f]*\) [0-9a-f]* \([0-9a-f]*\).*/\1 \2 \3 \4/p' > sections.tmp.$$
# (AddressSanitizer adds a one-byte __odr_asan.NAME marker in .bss for
# each global; those are not objects of ours.)
"$READELF" -sW "$lib" | awk '$8 ~ /_scm_(subr|sym|sbuf|str|kw|img|imgvar)$/ && $8 !~ /^__odr_asan/ { print $2, $3, $7, $8 }' | sort -u > objects.tmp.$$

report=$(awk -v relro="$relro" '
  function hex(s,   i, c, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
    for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c }
    return v }
  BEGIN { split(relro, r, " "); rlo = hex(r[1]); rhi = rlo + hex(r[2]) }
  FILENAME ~ /sections/ { sec[$1] = $2; next }
  {
    addr = hex($1); size = $2 + 0; s = sec[$3]; name = $4
    count++; bytes += size
    kind = name; sub(/.*_scm_/, "", kind); kcount[kind]++; kbytes[kind] += size
    if (kind == "imgvar") {
      if (s !~ /^\.data$/ && s != "scm_libvars") { bad++; print "# misplaced: " name " in " s > "/dev/stderr" }
      else if (relro != "" && addr < rhi && addr + size > rlo) { outside++; print "# writable inside RELRO: " name > "/dev/stderr" }
    } else if (kind == "sbuf" || kind == "img") {
      if (s !~ /^\.rodata/ && s !~ /^\.data\.rel\.ro/) { bad++; print "# misplaced: " name " in " s > "/dev/stderr" }
      else if (relro != "" && s ~ /^\.data\.rel\.ro/ && (addr < rlo || addr + size > rhi)) { outside++; print "# outside RELRO: " name > "/dev/stderr" }
    } else if (s !~ /^\.data\.rel\.ro/) { bad++; print "# misplaced: " name " in " s > "/dev/stderr" }
    else if (relro != "" && (addr < rlo || addr + size > rhi)) { outside++; print "# outside RELRO: " name > "/dev/stderr" }
  }
  END {
    printf "%d %d %d %d", count, bytes, bad, outside
    for (k in kcount) printf " %s=%d/%dB", k, kcount[k], kbytes[k]
  }' sections.tmp.$$ objects.tmp.$$ 2>placement.err.$$)
objlist=objects.tmp.$$
set -- $report
count=$1 bytes=$2 bad=$3 outside=$4
shift 4
echo "# static objects: $count, $bytes bytes ($*)"
sed 's/^/# /' placement.err.$$ | head -20; rm -f placement.err.$$

if [ "$SCM_STATIC_ALLOC" = 1 ]; then
  [ "$count" -gt 100 ]; ok $? "libscm.so holds static objects ($count, $bytes bytes)"
  [ "$bad" = 0 ]; ok $? "every static object lies in .data.rel.ro, or .rodata for stringbufs and pointer-free prelude data, or .data for the prelude's variables, or scm_libvars for the libraries' writable blocks and the frozen core variables"
  img=$(awk '$4 ~ /_scm_img$/' "$objlist" | wc -l)
  imgvar=$(awk '$4 ~ /_scm_imgvar$/' "$objlist" | wc -l)
  [ "$img" -gt 100 ]; ok $? "the precompiled prelude is static: $img read-only objects, $imgvar writable"
  if [ "$SCM_RELRO" = no ]; then
    ok 0 "no RELRO segment to lie in (--disable-relro)"
  else
    [ "$outside" = 0 ]; ok $? "every .data.rel.ro static object lies inside GNU_RELRO"
  fi
else
  [ "$count" = 0 ]; ok $? "built with --disable-static-alloc: no static objects ($count)"
  rm -f sections.tmp.$$ objects.tmp.$$
fi
rm -f sections.tmp.$$ objects.tmp.$$
echo "1..$n"
[ "$fails" = 0 ]
