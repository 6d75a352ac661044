/* syntax.c -- identifiers, patterns and templates: what syntax-rules
   and syntax-case share
   SPDX-License-Identifier: LGPL-3.0-or-later

   Hygiene is by renaming (Clinger and Rees, "Macros that work"): each
   expansion of a macro use renames the identifiers that the macro's
   template introduces into fresh aliases, one per name and expansion,
   that remember the scope where the macro was defined.  The expander
   looks an alias up first as itself (a binding that the same expansion
   introduced), then as the name it renames in the macro's scope.
   Identifiers from the use pass through untouched, so they keep
   meaning what they mean at the use.  A syntax object is then simply a
   datum whose identifiers may be aliases.  */

#include "runtime/scm-internal.h"
#include "image/image-internal.h"
#include <libscm/syntax.h>
#include "expand/expand-internal.h"
#include "values/hashtab-internal.h"
#include "io/srcpos-internal.h"
#include "runtime/init-internal.h"
#include "vm/vm-internal.h"

#include <stdio.h>
#include <libscm/conditions.h>
#include <libscm/eq.h>
#include <libscm/lists.h>
#include <libscm/numbers.h>
#include <libscm/pairs.h>
#include <libscm/read.h>
#include <libscm/strings.h>
#include <libscm/symbols.h>
#include <libscm/vectors.h>

SCM_SYMBOL (sym_underscore, "_");
SCM_SYMBOL (sym_ellipsis, "...");
SCM_SYMBOL (sym_syntax, "syntax");
SCM_SYMBOL (sym_temp, "t");
SCM_SYMBOL (sym_syntax_case, "syntax-case");

/* The C-stack check of the walks over syntax: inside a macro's
   expansion, the error names the macro and points at its use (a
   macro whose uses keep growing ends here).  */
static void
check_depth (const char *what)
{
  struct scm_i_expansion *x;
  if (SCM_UNLIKELY (scm_i_c_stack_low_p ())
      && (x = scm_i_current_expansion ()) != NULL && scm_is_true (x->name))
    {
      char msg[160];
      snprintf (msg, sizeof msg, "%s nested too deeply in a use of the "
                "macro (the C stack is nearly exhausted)", what);
      scm_i_syntax_error (x->name, msg, x->name, x->use);
    }
  scm_i_check_c_stack (what);
}

/* ------------------------------------------------------------------ */
/* Aliases.  Header, name (a symbol or an alias), scope (a raw pointer
   to a heap scope, or NULL for the top level), rename table.  */

SCM
scm_i_make_alias (SCM name, struct scm_i_scope *scope, SCM renames)
{
  SCM a = scm_i_make_object (SCM_MAKE_HEADER (scm_tc8_syntax, 0, 0), 4);
  SCM_SET_CELL_OBJECT (a, 1, name);
  SCM_SET_CELL_WORD (a, 2, (scm_t_bits) scope);
  SCM_SET_CELL_OBJECT (a, 3, renames);
  return a;
}

SCM
scm_i_identifier_symbol (SCM id)
{
  while (scm_i_is_alias (id))
    id = SCM_I_ALIAS_NAME (id);
  return id;
}

/* The alias of ID in rename table RENAMES (made in SCOPE if new).  */
static SCM
rename_in (SCM renames, struct scm_i_scope *scope, SCM id)
{
  for (SCM l = SCM_CAR (renames); scm_is_pair (l); l = SCM_CDR (l))
    if (scm_is_eq (SCM_CAR (SCM_CAR (l)), id))
      return SCM_CDR (SCM_CAR (l));
  SCM a = scm_i_make_alias (id, scope, renames);
  SCM_SETCAR (renames, scm_cons (scm_cons (id, a), SCM_CAR (renames)));
  return a;
}

SCM
scm_i_rename (SCM id, struct scm_i_expansion *x)
{
  /* Outside a macro's expansion, no renaming: the identifiers of a
     syntax template mean what they mean at the top level.  */
  if (scm_is_false (x->renames))
    return id;
  return rename_in (x->renames, x->macro_scope, id);
}

/* ------------------------------------------------------------------ */
/* Stripping: syntax->datum, and what quote does to its datum.  Data
   without aliases come back as they are; data with aliases are copied
   with their sharing and cycles (a memo maps each pair and vector to
   its copy).  */

#define QUICK_BUDGET 2000

/* Whether X holds an alias, looking at no more than *BUDGET objects;
   -1 when the budget runs out first.  */
static int
quick_has_alias (SCM x, long *budget, int depth)
{
  for (;;)
    {
      if (--*budget < 0 || depth > 64)
        return -1;
      if (scm_i_is_alias (x))
        return 1;
      if (scm_is_vector (x))
        {
          for (size_t i = 0; i < SCM_VECTOR_LENGTH (x); i++)
            {
              int r = quick_has_alias (SCM_VECTOR_REF (x, i), budget,
                                       depth + 1);
              if (r != 0)
                return r;
            }
          return 0;
        }
      if (!scm_is_pair (x))
        return 0;
      int r = quick_has_alias (SCM_CAR (x), budget, depth + 1);
      if (r != 0)
        return r;
      x = SCM_CDR (x);
    }
}

/* Whether X holds an alias, for any X, cycles included.  */
static int
has_alias (SCM x, struct scm_i_eqtab *seen)
{
  for (;;)
    {
      if (scm_i_is_alias (x))
        return 1;
      if (!scm_is_pair (x) && !scm_is_vector (x))
        return 0;
      if (scm_is_true (scm_i_eqtab_ref (seen, x, SCM_BOOL_F)))
        return 0;
      scm_i_eqtab_set (seen, x, SCM_BOOL_T);
      check_depth ("syntax object");
      if (scm_is_vector (x))
        {
          for (size_t i = 0; i < SCM_VECTOR_LENGTH (x); i++)
            if (has_alias (SCM_VECTOR_REF (x, i), seen))
              return 1;
          return 0;
        }
      if (has_alias (SCM_CAR (x), seen))
        return 1;
      x = SCM_CDR (x);
    }
}

static SCM
strip_copy (SCM x, struct scm_i_eqtab *memo)
{
  if (scm_i_is_alias (x))
    return scm_i_identifier_symbol (x);
  if (!scm_is_pair (x) && !scm_is_vector (x))
    return x;
  SCM done = scm_i_eqtab_ref (memo, x, SCM_UNDEFINED);
  if (!SCM_UNBNDP (done))
    return done;
  check_depth ("syntax object");
  if (scm_is_vector (x))
    {
      size_t n = SCM_VECTOR_LENGTH (x);
      SCM v = scm_c_make_vector (n, SCM_BOOL_F);
      scm_i_eqtab_set (memo, x, v);
      for (size_t i = 0; i < n; i++)
        SCM_VECTOR_SET (v, i, strip_copy (SCM_VECTOR_REF (x, i), memo));
      return v;
    }
  /* The spine iteratively, each pair entered before its car is
     copied, so that a cycle through it finds the copy.  */
  SCM head = scm_cons (SCM_BOOL_F, SCM_EOL), prev = SCM_BOOL_F;
  SCM p = head;
  for (;;)
    {
      scm_i_eqtab_set (memo, x, p);
      SCM_SETCAR (p, strip_copy (SCM_CAR (x), memo));
      x = SCM_CDR (x);
      if (!scm_is_pair (x))
        {
          SCM_SETCDR (p, strip_copy (x, memo));
          break;
        }
      done = scm_i_eqtab_ref (memo, x, SCM_UNDEFINED);
      if (!SCM_UNBNDP (done))
        {
          SCM_SETCDR (p, done);
          break;
        }
      prev = p;
      p = scm_cons (SCM_BOOL_F, SCM_EOL);
      SCM_SETCDR (prev, p);
    }
  return head;
}

SCM
scm_i_strip_syntax (SCM x)
{
  if (scm_i_is_alias (x))
    return scm_i_identifier_symbol (x);
  if (!scm_is_pair (x) && !scm_is_vector (x))
    return x;
  long budget = QUICK_BUDGET;
  int r = quick_has_alias (x, &budget, 0);
  if (r == 0)
    return x;
  struct scm_i_eqtab t;
  if (r < 0)
    {
      scm_i_eqtab_init (&t, 64);
      if (!has_alias (x, &t))
        return x;
    }
  scm_i_eqtab_init (&t, 64);
  return strip_copy (x, &t);
}

/* ------------------------------------------------------------------ */
/* Patterns.  */

enum pattern_kind { P_VARIABLE, P_UNDERSCORE, P_LITERAL, P_ELLIPSIS };

/* Whether ID is the ELLIPSIS of a pattern or template: #f (none), an
   identifier, or (IDENTIFIER . SHADOWED) where the identifiers of the
   list SHADOWED have its name but are bound to something else
   (macros.c, compile_syntax_rules).  */
static int
is_ellipsis (SCM ellipsis, SCM id)
{
  SCM shadowed = SCM_EOL;
  if (scm_is_pair (ellipsis))
    {
      shadowed = SCM_CDR (ellipsis);
      ellipsis = SCM_CAR (ellipsis);
    }
  return scm_is_true (ellipsis) && scm_i_is_identifier (id)
    && scm_is_eq (scm_i_identifier_symbol (id),
                  scm_i_identifier_symbol (ellipsis))
    && (scm_is_null (shadowed) || scm_is_false (scm_memq (id, shadowed)));
}

static enum pattern_kind
classify (const struct scm_i_pattern_spec *p, SCM id)
{
  if (scm_is_true (scm_memq (id, p->literals)))
    return P_LITERAL;
  if (is_ellipsis (p->ellipsis, id))
    return P_ELLIPSIS;
  if (scm_is_eq (scm_i_identifier_symbol (id), sym_underscore))
    return P_UNDERSCORE;
  return P_VARIABLE;
}

struct pvars
{
  const struct scm_i_pattern_spec *spec;
  SCM vars;                     /* reversed list of (id . depth) */
  SCM who, where;
};

static void
collect_vars (struct pvars *c, SCM pat, long depth)
{
  check_depth ("pattern");
  if (scm_i_is_identifier (pat))
    {
      switch (classify (c->spec, pat))
        {
        case P_ELLIPSIS:
          scm_i_syntax_error (c->who, "misplaced ellipsis in pattern", pat,
                              c->where);
        case P_VARIABLE:
          for (SCM v = c->vars; scm_is_pair (v); v = SCM_CDR (v))
            if (scm_is_eq (SCM_CAR (SCM_CAR (v)), pat))
              scm_i_syntax_error (c->who, "duplicate pattern variable",
                                  scm_i_strip_syntax (pat), c->where);
          c->vars = scm_cons (scm_cons (pat, scm_from_long (depth)), c->vars);
          return;
        default:
          return;
        }
    }
  if (scm_is_vector (pat))
    {
      collect_vars (c, scm_vector_to_list (pat, SCM_UNDEFINED, SCM_UNDEFINED),
                    depth);
      return;
    }
  if (!scm_is_pair (pat))
    return;                     /* a datum: (), a number, a string... */
  int seen_ellipsis = 0;
  for (; scm_is_pair (pat); pat = SCM_CDR (pat))
    {
      SCM next = SCM_CDR (pat);
      if (is_ellipsis (c->spec->ellipsis, SCM_CAR (pat))
          && classify (c->spec, SCM_CAR (pat)) == P_ELLIPSIS)
        scm_i_syntax_error (c->who, "ellipsis following nothing in pattern",
                            scm_i_strip_syntax (pat), c->where);
      if (scm_is_pair (next) && classify (c->spec, SCM_CAR (next)) == P_ELLIPSIS
          && scm_i_is_identifier (SCM_CAR (next)))
        {
          if (seen_ellipsis)
            scm_i_syntax_error (c->who, "two ellipses in one list of a pattern",
                                scm_i_strip_syntax (pat), c->where);
          seen_ellipsis = 1;
          collect_vars (c, SCM_CAR (pat), depth + 1);
          pat = next;           /* skip the ellipsis */
        }
      else
        collect_vars (c, SCM_CAR (pat), depth);
    }
  if (!scm_is_null (pat))
    collect_vars (c, pat, depth);
}

SCM
scm_i_pattern_variables (const struct scm_i_pattern_spec *p, SCM pattern,
                         SCM who, SCM where)
{
  scm_i_check_acyclic (pattern, who, where);
  struct pvars c = { p, SCM_EOL, who, where };
  collect_vars (&c, pattern, 0);
  return scm_reverse_x (c.vars, SCM_EOL);
}

static size_t
count_vars (const struct scm_i_pattern_spec *p, SCM pat)
{
  check_depth ("pattern");
  if (scm_i_is_identifier (pat))
    return classify (p, pat) == P_VARIABLE;
  if (scm_is_vector (pat))
    {
      size_t n = 0;
      for (size_t i = 0; i < SCM_VECTOR_LENGTH (pat); i++)
        n += count_vars (p, SCM_VECTOR_REF (pat, i));
      return n;
    }
  if (!scm_is_pair (pat))
    return 0;
  size_t n = 0;
  for (; scm_is_pair (pat); pat = SCM_CDR (pat))
    n += count_vars (p, SCM_CAR (pat));
  return n + count_vars (p, pat);
}

static int
free_identifier_eq (SCM a, struct scm_i_scope *sa, SCM b,
                    struct scm_i_scope *sb)
{
  struct scm_i_binding ba = scm_i_resolve (sa, a);
  struct scm_i_binding bb = scm_i_resolve (sb, b);
  return scm_i_same_binding (&ba, &bb);
}

static int match (const struct scm_i_pattern_spec *p, SCM pat, SCM form,
                  SCM *slots, size_t *k);

/* A macro use, or part of one, whose list an ellipsis would match
   goes round for ever.  */
static void SCM_NORETURN
cyclic_use (SCM form)
{
  struct scm_i_expansion *x = scm_i_current_expansion ();
  if (x != NULL && scm_is_true (x->name))
    scm_i_syntax_error (x->name, "cyclic form", form, x->use);
  scm_i_syntax_error (sym_syntax_case, "cyclic form", form, form);
}

/* (SUB <ellipsis> . AFTER) against FORM.  */
static int
match_ellipsis (const struct scm_i_pattern_spec *p, SCM sub, SCM after,
                SCM form, SCM *slots, size_t *k, SCM *rest)
{
  size_t nafter = 0;
  for (SCM a = after; scm_is_pair (a); a = SCM_CDR (a))
    nafter++;
  long nform = scm_i_spine_length (form);
  if (nform < 0)
    cyclic_use (form);
  if ((size_t) nform < nafter)
    return 0;
  size_t n = (size_t) nform - nafter, lo = *k, nsub;
  /* Matching one element fills one slot per variable of SUB: count
     them by walking SUB only when nothing is there to match (walking
     it at each level of nested ellipses would be quadratic).  */
  if (n > 0)
    {
      size_t j = lo;
      if (!match (p, sub, SCM_CAR (form), slots, &j))
        return 0;
      nsub = j - lo;
      form = SCM_CDR (form);
    }
  else
    nsub = count_vars (p, sub);
  SCM acc_small[SCM_I_SMALL_SLOTS], *acc = scm_i_slot_room (acc_small, nsub);
  for (size_t v = 0; v < nsub; v++)
    acc[v] = n > 0 ? scm_list_1 (slots[lo + v]) : SCM_EOL;
  for (size_t i = 1; i < n; i++, form = SCM_CDR (form))
    {
      /* A macro whose uses double each time makes long lists:
         Ctrl-C must still stop it.  */
      if ((i & 0xfff) == 0xfff)
        scm_i_poll_interrupt ();
      size_t j = lo;
      if (!match (p, sub, SCM_CAR (form), slots, &j))
        return 0;
      for (size_t v = 0; v < nsub; v++)
        acc[v] = scm_cons (slots[lo + v], acc[v]);
    }
  for (size_t v = 0; v < nsub; v++)
    slots[lo + v] = scm_reverse_x (acc[v], SCM_EOL);
  *k = lo + nsub;
  *rest = form;
  return 1;
}

static int
match (const struct scm_i_pattern_spec *p, SCM pat, SCM form, SCM *slots,
       size_t *k)
{
  check_depth ("pattern");
  for (;;)
    {
      if (scm_is_pair (pat))
        {
          SCM next = SCM_CDR (pat);
          if (scm_is_pair (next) && scm_i_is_identifier (SCM_CAR (next))
              && classify (p, SCM_CAR (next)) == P_ELLIPSIS)
            {
              if (!match_ellipsis (p, SCM_CAR (pat), SCM_CDR (next), form,
                                   slots, k, &form))
                return 0;
              pat = SCM_CDR (next);
              continue;
            }
          if (!scm_is_pair (form) || !match (p, SCM_CAR (pat), SCM_CAR (form),
                                             slots, k))
            return 0;
          pat = next;
          form = SCM_CDR (form);
          continue;
        }
      if (scm_i_is_identifier (pat))
        switch (classify (p, pat))
          {
          case P_VARIABLE:
            slots[(*k)++] = form;
            return 1;
          case P_LITERAL:
            return scm_i_is_identifier (form)
              && free_identifier_eq (pat, p->literal_scope, form,
                                     p->use_scope);
          default:
            return 1;
          }
      if (scm_is_null (pat))
        return scm_is_null (form);
      if (scm_is_vector (pat))
        return scm_is_vector (form)
          && match (p, scm_vector_to_list (pat, SCM_UNDEFINED, SCM_UNDEFINED),
                    scm_vector_to_list (form, SCM_UNDEFINED, SCM_UNDEFINED),
                    slots, k);
      return scm_is_true (scm_equal_p (scm_i_strip_syntax (form), pat));
    }
}

int
scm_i_pattern_match (const struct scm_i_pattern_spec *p, SCM pattern,
                     SCM form, SCM *slots)
{
  size_t k = 0;
  return match (p, pattern, form, slots, &k);
}

/* ------------------------------------------------------------------ */
/* Templates.  A compiled template is the template with three kinds of
   node, vectors whose first element is a private marker:
     #(slot-marker INDEX)                 a pattern variable
     #(ellipsis-marker SUB M BASE CTRL)   SUB followed by M ellipses, at
                                          ellipsis depth BASE; CTRL the
                                          (slot . depth) of its variables
     #(vector-marker LIST)                a vector template  */

static SCM slot_marker, ellipsis_marker, vector_marker;

static int
is_node (SCM x, SCM marker)
{
  return scm_is_vector (x) && SCM_VECTOR_LENGTH (x) >= 2
    && scm_is_eq (SCM_VECTOR_REF (x, 0), marker);
}

struct tcompile
{
  SCM ellipsis;
  scm_i_pattern_lookup lookup;
  void *data;
  SCM used;                     /* (slot . depth) of variables met */
  SCM who, where;
};

static SCM compile_template (struct tcompile *c, SCM t, long level,
                             int escaped);

static SCM
node (SCM marker, SCM a, SCM b, SCM c, SCM d)
{
  int n = SCM_UNBNDP (b) ? 2 : 5;
  SCM v = scm_c_make_vector ((size_t) n, SCM_BOOL_F);
  SCM_VECTOR_SET (v, 0, marker);
  SCM_VECTOR_SET (v, 1, a);
  if (n == 5)
    {
      SCM_VECTOR_SET (v, 2, b);
      SCM_VECTOR_SET (v, 3, c);
      SCM_VECTOR_SET (v, 4, d);
    }
  return v;
}

/* Element E followed by M ellipses, at depth LEVEL.  */
static SCM
compile_ellipsis (struct tcompile *c, SCM e, long m, long level)
{
  SCM before = c->used;
  SCM sub = compile_template (c, e, level + m, 0);
  SCM ctrl = SCM_EOL;
  long deepest = 0;
  for (SCM u = c->used; !scm_is_eq (u, before); u = SCM_CDR (u))
    {
      long d = scm_to_long (SCM_CDR (SCM_CAR (u)));
      if (d > level)
        ctrl = scm_cons (SCM_CAR (u), ctrl);
      if (d > deepest)
        deepest = d;
    }
  if (deepest < level + m)
    scm_i_syntax_error (c->who, "ellipsis following a template without "
                        "pattern variables of that ellipsis depth",
                        scm_i_strip_syntax (e), c->where);
  return node (ellipsis_marker, sub, scm_from_long (m), scm_from_long (level),
               ctrl);
}

static SCM
compile_list (struct tcompile *c, SCM t, long level, int escaped)
{
  SCM out = SCM_EOL;
  for (; scm_is_pair (t); t = SCM_CDR (t))
    {
      SCM e = SCM_CAR (t);
      long m = 0;
      while (!escaped && scm_is_pair (SCM_CDR (t))
             && is_ellipsis (c->ellipsis, SCM_CAR (SCM_CDR (t))))
        {
          m++;
          t = SCM_CDR (t);
        }
      out = scm_cons (m > 0 ? compile_ellipsis (c, e, m, level)
                      : compile_template (c, e, level, escaped), out);
    }
  SCM tail = compile_template (c, t, level, escaped);
  SCM r = tail;
  for (; scm_is_pair (out); out = SCM_CDR (out))
    r = scm_cons (SCM_CAR (out), r);
  return r;
}

static SCM
compile_template (struct tcompile *c, SCM t, long level, int escaped)
{
  check_depth ("template");
  if (scm_i_is_identifier (t))
    {
      int depth = 0;
      long slot = c->lookup (t, &depth, c->data);
      if (slot >= 0)
        {
          if (depth > level)
            scm_i_syntax_error (c->who, "pattern variable used with too few "
                                "ellipses in the template",
                                scm_i_strip_syntax (t), c->where);
          c->used = scm_cons (scm_cons (scm_from_long (slot),
                                        scm_from_long (depth)), c->used);
          return node (slot_marker, scm_from_long (slot), SCM_UNDEFINED,
                       SCM_UNDEFINED, SCM_UNDEFINED);
        }
      if (!escaped && is_ellipsis (c->ellipsis, t))
        scm_i_syntax_error (c->who, "misplaced ellipsis in template",
                            scm_i_strip_syntax (t), c->where);
      return t;
    }
  if (scm_is_pair (t))
    {
      if (!escaped && is_ellipsis (c->ellipsis, SCM_CAR (t)))
        {
          /* (... TEMPLATE): TEMPLATE with ellipses taken literally.  */
          if (!scm_is_pair (SCM_CDR (t)) || !scm_is_null (SCM_CDR (SCM_CDR (t))))
            scm_i_syntax_error (c->who, "misplaced ellipsis in template",
                                scm_i_strip_syntax (t), c->where);
          return compile_template (c, SCM_CAR (SCM_CDR (t)), level, 1);
        }
      return compile_list (c, t, level, escaped);
    }
  if (scm_is_vector (t) && SCM_VECTOR_LENGTH (t) > 0)
    return node (vector_marker,
                 compile_list (c, scm_vector_to_list (t, SCM_UNDEFINED,
                                                      SCM_UNDEFINED),
                               level, escaped),
                 SCM_UNDEFINED, SCM_UNDEFINED, SCM_UNDEFINED);
  return t;
}

SCM
scm_i_compile_template (SCM tmpl, SCM ellipsis, scm_i_pattern_lookup lookup,
                        void *data, SCM who, SCM where)
{
  scm_i_check_acyclic (tmpl, who, where);
  struct tcompile c = { ellipsis, lookup, data, SCM_EOL, who, where };
  return compile_template (&c, tmpl, 0, 0);
}

struct tbuild
{
  struct scm_i_expansion *x;
  size_t nslots;
};

static SCM build (struct tbuild *b, SCM t, const SCM *slots);

static SCM
new_pair (struct tbuild *b, SCM car, SCM cdr)
{
  SCM p = scm_cons (car, cdr);
  /* The use's position, and the macro that made the pair (for the
     backtraces of the code it becomes).  */
  if (scm_is_string (b->x->file))
    scm_i_set_expansion_position (p, b->x->file, b->x->line, b->x->column,
                                  b->x->name);
  return p;
}

/* The elements that ellipsis node N makes, in reverse order, consed
   onto ACC.  */
static SCM
build_ellipsis (struct tbuild *b, SCM n, const SCM *slots, long m,
                long level, SCM acc)
{
  check_depth ("template");
  SCM sub = SCM_VECTOR_REF (n, 1), ctrl = SCM_VECTOR_REF (n, 4);
  long count = -1;
  size_t nctrl = 0;
  for (SCM c = ctrl; scm_is_pair (c); c = SCM_CDR (c))
    if (scm_to_long (SCM_CDR (SCM_CAR (c))) > level)
      nctrl++;
  SCM idx_small[SCM_I_SMALL_SLOTS], it_small[SCM_I_SMALL_SLOTS];
  SCM *idx = scm_i_slot_room (idx_small, nctrl);
  SCM *it = scm_i_slot_room (it_small, nctrl);
  nctrl = 0;
  for (SCM c = ctrl; scm_is_pair (c); c = SCM_CDR (c))
    if (scm_to_long (SCM_CDR (SCM_CAR (c))) > level)
      {
        long i = scm_to_long (SCM_CAR (SCM_CAR (c)));
        long len = scm_c_list_length (slots[i]);
        if (len < 0)
          scm_i_syntax_error (sym_syntax, "bad pattern variable value",
                              SCM_BOOL_F, b->x->use);
        if (count >= 0 && len != count)
          scm_i_syntax_error (sym_syntax, "pattern variables under one "
                              "ellipsis matched different numbers of items",
                              scm_i_strip_syntax (b->x->use), b->x->use);
        count = len;
        idx[nctrl] = SCM_MAKE_FIXNUM (i);
        it[nctrl++] = slots[i];
      }
  if (count < 0)
    return acc;
  SCM cur_small[SCM_I_SMALL_SLOTS];
  SCM *cur = scm_i_slot_room (cur_small, b->nslots);
  for (size_t i = 0; i < b->nslots; i++)
    cur[i] = slots[i];
  for (long k = 0; k < count; k++)
    {
      if ((k & 0xfff) == 0xfff)
        scm_i_poll_interrupt ();
      for (size_t j = 0; j < nctrl; j++)
        {
          cur[SCM_FIXNUM_VALUE (idx[j])] = SCM_CAR (it[j]);
          it[j] = SCM_CDR (it[j]);
        }
      if (m == 1)
        acc = scm_cons (build (b, sub, cur), acc);
      else
        acc = build_ellipsis (b, n, cur, m - 1, level + 1, acc);
    }
  return acc;
}

static SCM
build_list (struct tbuild *b, SCM t, const SCM *slots)
{
  SCM rev = SCM_EOL;
  for (; scm_is_pair (t); t = SCM_CDR (t))
    {
      SCM e = SCM_CAR (t);
      if (is_node (e, ellipsis_marker))
        rev = build_ellipsis (b, e, slots,
                              scm_to_long (SCM_VECTOR_REF (e, 2)),
                              scm_to_long (SCM_VECTOR_REF (e, 3)), rev);
      else
        rev = scm_cons (build (b, e, slots), rev);
    }
  SCM r = build (b, t, slots);
  /* Each pair's position is recorded: on a list that an ellipsis made
     millions long, slow enough to poll every 256 pairs.  Right after
     the position table grows, each insertion may touch a fresh page of
     it: a page fault, some microseconds on a virtual machine, so that
     4,096 pairs between polls took a time limit 9 ms past its end
     (test-overshoot's "ever longer body").  */
  size_t turns = 0;
  for (; scm_is_pair (rev); rev = SCM_CDR (rev))
    {
      if (SCM_UNLIKELY ((++turns & 0xff) == 0))
        scm_i_poll_interrupt ();
      r = new_pair (b, SCM_CAR (rev), r);
    }
  return r;
}

static SCM
build (struct tbuild *b, SCM t, const SCM *slots)
{
  check_depth ("template");
  if (scm_is_pair (t))
    return build_list (b, t, slots);
  if (scm_i_is_identifier (t))
    return scm_i_rename (t, b->x);
  if (is_node (t, slot_marker))
    return slots[scm_to_long (SCM_VECTOR_REF (t, 1))];
  if (is_node (t, vector_marker))
    return scm_list_to_vector (build_list (b, SCM_VECTOR_REF (t, 1), slots));
  return t;
}

SCM
scm_i_build_template (SCM tmpl, const SCM *slots, size_t nslots,
                      struct scm_i_expansion *x)
{
  struct tbuild b = { x, nslots };
  return build (&b, tmpl, slots);
}

/* The expansion that %syntax-build and the identifier procedures work
   for: the running transformer's, or a fresh one at the top level.  */
static struct scm_i_expansion *
current_or_toplevel (struct scm_i_expansion *tmp)
{
  struct scm_i_expansion *x = scm_i_current_expansion ();
  if (x != NULL)
    return x;
  *tmp = (struct scm_i_expansion) { NULL, NULL, SCM_BOOL_F, SCM_BOOL_F,
                                    SCM_BOOL_F, 0, 0, SCM_BOOL_F };
  return tmp;
}

/* ------------------------------------------------------------------ */
/* Procedures.  */

SCM_DEFINE (scm_identifier_p, "identifier?", 1, 0, 0, (SCM obj),
            "Return @code{#t} if @var{obj} is an identifier: a symbol, or "
            "a syntax object for an identifier that a macro introduced.")
{
  return scm_from_bool (scm_i_is_identifier (obj));
}

SCM_DEFINE (scm_syntax_to_datum, "syntax->datum", 1, 0, 0, (SCM syntax),
            "Return @var{syntax} with every identifier replaced by its "
            "symbol.")
{
  return scm_i_strip_syntax (syntax);
}

/* SYM as if it appeared where identifier CTX appeared.  */
static SCM
identifier_like (SCM ctx, SCM sym)
{
  if (!scm_i_is_alias (ctx))
    return sym;
  scm_i_check_c_stack ("datum->syntax");
  SCM inner = identifier_like (SCM_I_ALIAS_NAME (ctx), sym);
  return rename_in (SCM_I_ALIAS_RENAMES (ctx), SCM_I_ALIAS_SCOPE (ctx), inner);
}

static SCM
datum_to_syntax (SCM ctx, SCM d)
{
  scm_i_check_c_stack ("datum->syntax");
  if (scm_is_symbol (d))
    return identifier_like (ctx, d);
  if (scm_is_pair (d))
    {
      SCM rev = SCM_EOL;
      for (; scm_is_pair (d); d = SCM_CDR (d))
        rev = scm_cons (datum_to_syntax (ctx, SCM_CAR (d)), rev);
      SCM r = datum_to_syntax (ctx, d);
      for (; scm_is_pair (rev); rev = SCM_CDR (rev))
        r = scm_cons (SCM_CAR (rev), r);
      return r;
    }
  if (scm_is_vector (d))
    {
      size_t n = SCM_VECTOR_LENGTH (d);
      SCM v = scm_c_make_vector (n, SCM_BOOL_F);
      for (size_t i = 0; i < n; i++)
        SCM_VECTOR_SET (v, i, datum_to_syntax (ctx, SCM_VECTOR_REF (d, i)));
      return v;
    }
  return d;
}

/* The first identifier of syntax object S, depth first, or #f.  */
static SCM
first_identifier (SCM s)
{
  scm_i_check_c_stack ("datum->syntax");
  if (scm_i_is_identifier (s))
    return s;
  for (; scm_is_pair (s); s = SCM_CDR (s))
    {
      SCM id = first_identifier (SCM_CAR (s));
      if (scm_is_true (id))
        return id;
    }
  if (scm_i_is_identifier (s))
    return s;
  if (scm_is_vector (s))
    for (size_t i = 0; i < SCM_VECTOR_LENGTH (s); i++)
      {
        SCM id = first_identifier (SCM_VECTOR_REF (s, i));
        if (scm_is_true (id))
          return id;
      }
  return SCM_BOOL_F;
}

/* The identifier whose place syntax object CTX stands for.  A compound
   form has no scope of its own here (only identifiers carry one): it
   is where its first identifier is, the keyword of a macro use, as
   the whole form's scope is in Guile.  A form with none (a constant)
   is where the running macro's use is, or the top level.  */
static SCM
context_identifier (SCM ctx)
{
  SCM id = first_identifier (ctx);
  if (scm_is_true (id))
    return id;
  struct scm_i_expansion *x = scm_i_current_expansion ();
  if (x != NULL)
    {
      id = first_identifier (x->use);
      if (scm_is_true (id))
        return id;
    }
  return sym_temp;              /* a bare symbol: the top level */
}

SCM_DEFINE (scm_datum_to_syntax, "datum->syntax", 2, 0, 0,
            (SCM template_id, SCM datum),
            "Return a syntax object for @var{datum} whose identifiers mean "
            "what they would mean had they appeared where "
            "@var{template-id} appeared: the way to break hygiene on "
            "purpose.  As in Guile, @var{template-id} may be any syntax "
            "object, such as the whole form a transformer received; a "
            "compound one stands for the place of its first identifier.")
{
  datum = scm_i_strip_syntax (datum);
  if (scm_i_cyclic_p (datum))
    scm_c_raise_error ("syntax-error", "datum->syntax", "cyclic form",
                       scm_list_1 (datum));
  return datum_to_syntax (context_identifier (template_id), datum);
}

SCM_DEFINE (scm_bound_identifier_p, "bound-identifier=?", 2, 0, 0,
            (SCM a, SCM b),
            "Return @code{#t} if identifiers @var{a} and @var{b} would bind "
            "each other: a binding of one captures references to the "
            "other.")
{
  SCM_ASSERT_TYPE (scm_i_is_identifier (a), a, 1, "bound-identifier=?",
                   "identifier");
  SCM_ASSERT_TYPE (scm_i_is_identifier (b), b, 2, "bound-identifier=?",
                   "identifier");
  return scm_from_bool (scm_is_eq (a, b));
}

SCM_DEFINE (scm_free_identifier_p, "free-identifier=?", 2, 0, 0,
            (SCM a, SCM b),
            "Return @code{#t} if identifiers @var{a} and @var{b} mean the "
            "same binding (or are both unbound with the same name) where "
            "the macro being expanded is used.")
{
  SCM_ASSERT_TYPE (scm_i_is_identifier (a), a, 1, "free-identifier=?",
                   "identifier");
  SCM_ASSERT_TYPE (scm_i_is_identifier (b), b, 2, "free-identifier=?",
                   "identifier");
  struct scm_i_expansion *x = scm_i_current_expansion ();
  struct scm_i_scope *s = x != NULL ? x->use_scope : NULL;
  return scm_from_bool (free_identifier_eq (a, s, b, s));
}

SCM_DEFINE (scm_generate_temporaries, "generate-temporaries", 1, 0, 0,
            (SCM list),
            "Return a list of fresh identifiers, as many as @var{list} has "
            "elements: each differs from every other identifier.")
{
  long n = scm_c_list_length (scm_i_strip_syntax (list));
  SCM_ASSERT_TYPE (n >= 0, list, 1, "generate-temporaries", "list");
  SCM r = SCM_EOL;
  for (long i = 0; i < n; i++)
    r = scm_cons (scm_i_make_alias (sym_temp, NULL,
                                    scm_cons (SCM_EOL, SCM_EOL)), r);
  return r;
}

SCM_DEFINE (scm_i_syntax_match, "%syntax-match", 4, 0, 0,
            (SCM form, SCM pattern, SCM literals, SCM ellipsis),
            "Match syntax @var{form} against syntax-case @var{pattern} "
            "with @var{literals} and @var{ellipsis} (an identifier, or "
            "@code{#f} for none); return a vector of the pattern "
            "variables' values in pattern order, or @code{#f}.  For the "
            "expansion of @code{syntax-case}.")
{
  struct scm_i_expansion tmp, *x = current_or_toplevel (&tmp);
  struct scm_i_pattern_spec p = { literals, ellipsis, x->macro_scope,
                                  x->use_scope };
  size_t n = count_vars (&p, pattern);
  SCM small[SCM_I_SMALL_SLOTS], *slots = scm_i_slot_room (small, n);
  if (!scm_i_pattern_match (&p, pattern, form, slots))
    return SCM_BOOL_F;
  SCM v = scm_c_make_vector (n, SCM_BOOL_F);
  for (size_t i = 0; i < n; i++)
    SCM_VECTOR_SET (v, i, slots[i]);
  return v;
}

SCM_DEFINE (scm_i_syntax_build, "%syntax-build", 2, 0, 0,
            (SCM tmpl, SCM values),
            "Build compiled syntax template @var{tmpl} with the pattern "
            "variables' @var{values} (a list, in slot order).  For the "
            "expansion of @code{syntax}.")
{
  struct scm_i_expansion tmp, *x = current_or_toplevel (&tmp);
  long n = scm_c_list_length (values);
  SCM_ASSERT_TYPE (n >= 0, values, 2, "%syntax-build", "list");
  SCM small[SCM_I_SMALL_SLOTS], *slots = scm_i_slot_room (small, (size_t) n);
  for (long i = 0; i < n; i++, values = SCM_CDR (values))
    slots[i] = SCM_CAR (values);
  return scm_i_build_template (tmpl, slots, (size_t) n, x);
}

SCM_DEFINE (scm_i_syntax_fail, "%syntax-fail", 1, 0, 0, (SCM form),
            "Raise the syntax error of a @code{syntax-case} whose clauses "
            "all fail to match @var{form}.")
{
  struct scm_i_expansion *x = scm_i_current_expansion ();
  SCM where = x != NULL ? x->use : form;
  scm_i_syntax_error (sym_syntax_case, "no clause matches the syntax",
                      form, scm_is_pair (form) ? form : where);
}

void
scm_init_syntax (void)
{
#ifndef SCM_MAGIC_SNARFER
#include "expand/syntax.x"
#endif
  /* Markers in compiled templates, compared by identity: the prelude's
     macros hold them (image.c).  */
  slot_marker = scm_i_image_unique
    ("syntax:slot", scm_string_to_uninterned_symbol
     (scm_from_utf8_string ("pattern-variable")));
  ellipsis_marker = scm_i_image_unique
    ("syntax:ellipsis", scm_string_to_uninterned_symbol
     (scm_from_utf8_string ("ellipsis")));
  vector_marker = scm_i_image_unique
    ("syntax:vector", scm_string_to_uninterned_symbol
     (scm_from_utf8_string ("vector")));
  (void) sym_ellipsis;
}
