/* ast-internal.h -- the core language that the expander produces and
   the compiler consumes
   SPDX-License-Identifier: LGPL-3.0-or-later

   The expander (expand.c) turns a datum into a tree of nodes in which
   every variable reference is resolved: to a lexical variable (struct
   scm_i_var, shared by all its references) or to a top-level variable
   object.  It also records what the compiler needs to know about each
   lexical variable: whether it is assigned and whether a closure other
   than its own captures it (then it lives in a box), and each lambda's
   free variables.  Nodes are GC-allocated and die with the compilation.  */

#ifndef SCM_AST_INTERNAL_H
#define SCM_AST_INTERNAL_H

#include "vm/vm-internal.h"
#include "values/hashtab-internal.h"

enum scm_i_node_kind
{
  SCM_I_N_CONST,        /* value */
  SCM_I_N_LREF,         /* var */
  SCM_I_N_LSET,         /* var, a = value */
  SCM_I_N_GREF,         /* value = variable object, sym */
  SCM_I_N_GSET,         /* the same, a = value */
  SCM_I_N_GDEF,         /* the same, a = value */
  SCM_I_N_IF,           /* a, b, c */
  SCM_I_N_SEQ,          /* args[nargs] */
  SCM_I_N_LAMBDA,       /* lam */
  SCM_I_N_CALL,         /* a = operator, args[nargs] */
  SCM_I_N_PRIM,         /* op, value = the guard variable, args[nargs] */
  SCM_I_N_LET,          /* vars[nargs] bound to args[nargs], a = body */
  SCM_I_N_APPLY,        /* a = procedure, b = list of arguments */
  SCM_I_N_APPLY_VALUES, /* a = procedure, b = values */
  SCM_I_N_CALLCC,       /* a = procedure to call with the continuation */
  SCM_I_N_CALLEC        /* likewise, an escape-only continuation */
};

struct scm_i_lambda;

struct scm_i_var
{
  SCM name;
  struct scm_i_lambda *owner;   /* the lambda whose frame holds it */
  unsigned assigned : 1;        /* set! (or letrec initialisation) */
  unsigned captured : 1;        /* referenced from an inner lambda */
  unsigned maybe_unset : 1;     /* letrec: may be read before set */
  unsigned user_assigned : 1;   /* a set! in the program */
  /* Expander: a reference or assignment of it has been made.  */
  unsigned used : 1;
  /* A body's definition that nothing before it (its init included)
     refers to: it is set before any read, so it is bound as let*
     would bind it, in a plain slot with no box and no check.  */
  unsigned bound_once : 1;
  /* Compiler (flo-trees.c): a LET binds it to what is likely a flonum,
     which makes the arithmetic it is a leaf of a FLO_TREE.  */
  unsigned flonum_hint : 1;
  /* The temporary of `or' (expand.c): read only as the test and the
     then branch of the IF that is its LET's body.  */
  unsigned or_temp : 1;
  /* The temporary of `case' (expand.c) when no clause is a => clause:
     read only by the clauses' tests, before any body runs.  */
  unsigned case_temp : 1;
  /* Compiler (compile.c, fixes): FIX_LET while the LET binding it is
     examined; FIXED once its procedure is made with the others of its
     group, so that it needs no box and no check.  */
  unsigned fix_let : 1, fixed : 1;
  /* Compiler: the lambda a LET binds it to when the program never
     assigns it (its value is always a closure of that lambda), or
     NULL.  */
  struct scm_i_lambda *known;
  int slot;                     /* compiler: frame slot in owner */
  /* A syntax-case pattern variable: its ellipsis depth plus 1 (the
     variable holds what it matched); 0 for an ordinary variable.  */
  int pattern_depth;
  /* The lambda this letrec-style variable is initialised to (named let,
     do, internal define, letrec), or NULL: unless the program assigns
     it, a tail call of it from that lambda's own body is a jump.  */
  struct scm_i_lambda *self;
  /* The innermost lambda that holds every lambda using it from
     outside its owner (scm_i_note_self), or NULL.  */
  struct scm_i_lambda *captor;
  /* Set by scm_i_note_self: every lambda that captured it is SELF or
     inside SELF's body.  SELF refers to its running closure instead
     (SELF_REF), so the variable is neither captured nor one of SELF's
     free variables; the lambdas inside copy that closure, as a plain
     value, into their own closures.  */
  unsigned self_ref : 1;
  /* A body's definition of a define-record-type procedure (expand.c,
     note_record_proc): its value is a closure over the type held by
     variable RECORD_TYPE whose body is record operation RECORD_OP
     (RECORD_P, RECORD_REF, RECORD_SET, MAKE_RECORD) on field
     RECORD_K (a fixnum) named RECORD_WHO; NULL RECORD_TYPE if not.  */
  struct scm_i_var *record_type;
  enum scm_i_opcode record_op;
  SCM record_k, record_who;
  size_t record_nargs;
};

/* A variable lives in a box (a variable object) rather than a frame
   slot when a closure captures it and it is assigned, or when the
   program assigns it at all: a frame slot is copied by a continuation,
   and R7RS variables are locations, whose assignment re-entering a
   continuation must not undo.  (letrec's own initialisation is not an
   assignment the program can repeat: re-entering an init's continuation
   is an error.)  A procedure that the compiler made together with the
   others of its body or letrec (FIXED) needs no box, nor does a body's
   definition that no code before it mentions (BOUND_ONCE): the
   closures that capture it are all made after it is set.  */
/* V (not assigned by the program) has just been bound to lambda L, a
   letrec-style variable: if only L's body (lambdas inside it
   included) uses V outside V's owner, L refers to itself through its
   running closure, and V needs no box and is not copied into L's
   closures.  */
SCM_INTERNAL void scm_i_note_self (struct scm_i_var *v, struct scm_i_lambda *l);

static inline int
scm_i_var_boxed (const struct scm_i_var *v)
{
  return (v->assigned && v->captured && !v->fixed && !v->bound_once)
    || v->user_assigned;
}

struct scm_i_node
{
  enum scm_i_node_kind kind;
  enum scm_i_opcode op;         /* PRIM */
  SCM where;                    /* pair whose source position applies */
  SCM value;                    /* CONST; variable object of G*, PRIM */
  SCM sym;                      /* name of a G* variable */
  struct scm_i_var *var;        /* LREF, LSET */
  struct scm_i_node *a, *b, *c;
  struct scm_i_node **args;
  size_t nargs;
  struct scm_i_var **vars;      /* LET */
  struct scm_i_lambda *lam;     /* LAMBDA */
  /* PRIM made of a call of a body's record procedure VAR (expand.c):
     the call itself, compiled instead if the program assigns VAR or
     the type's variable.  */
  struct scm_i_node *fallback;
};

struct scm_i_lambda
{
  struct scm_i_lambda *parent;
  size_t nesting;               /* parent's plus 1; 0 at the top */
  struct scm_i_var **params;    /* nreq, then the rest parameter */
  size_t nreq;
  int rest;
  struct scm_i_node *body;
  struct scm_i_var **free;      /* free variables, in closure order */
  size_t nfree, free_cap;
  SCM name;                     /* symbol or #f */
  SCM where;
  SCM doc;                      /* the docstring (a string) or #f */
  /* Contification (contify.c).  HOST is the lambda whose frame this
     one is compiled into, its body inlined at its only call from
     outside (C_ENTRY) and its other calls jumps; NULL for a lambda
     that is made into closures.  The rest is the analysis's state:
     C_FRAME the frame that considered it, C_K the continuation of its
     entry, C_NO set once it cannot be contified, C_SHARED set when
     more calls from outside have the entry's continuation (then the
     body is inlined at whichever of them is compiled first, C_PLACED,
     and the others jump to it).  */
  struct scm_i_lambda *host;
  struct scm_i_node *c_entry;
  const void *c_k;
  struct scm_i_lambda *c_frame;
  unsigned c_no : 1, c_defined : 1, c_active : 1, c_shared : 1, c_placed : 1;
  /* The compiler's: where the inlined body starts (a word offset) and
     the slot of its first parameter, what its jumps need.  */
  size_t c_head;
  long c_base;
  /* The compiler's: the global variable that a top-level define or
     set! stores this lambda's closure in as soon as it is made (the
     lambda is the whole value), or 0: its calls of that variable's
     name may be unchecked (compile/calls.c, self_call_op).  */
  SCM stored_in;
};

/* Nonzero if lambda L is A or inside A's body.  */
static inline int
scm_i_lambda_within (const struct scm_i_lambda *l, const struct scm_i_lambda *a)
{
  while (l != NULL && l->nesting > a->nesting)
    l = l->parent;
  return l == a;
}

/* Procedures that expansions call and that no program can rebind
   (eval.c).  */
enum scm_i_private_proc
{
  SCM_I_PRIVATE_MEMV,
  SCM_I_PRIVATE_LIST,
  SCM_I_PRIVATE_CONS,
  SCM_I_PRIVATE_APPEND,
  SCM_I_PRIVATE_LIST_TO_VECTOR,
  SCM_I_PRIVATE_MAKE_RECORD_TYPE,
  SCM_I_PRIVATE_MAKE_RECORD,
  SCM_I_PRIVATE_RECORD_P,
  SCM_I_PRIVATE_RECORD_REF,
  SCM_I_PRIVATE_RECORD_SET,
  SCM_I_PRIVATE_CASE_LAMBDA,
  SCM_I_PRIVATE_SYNTAX_MATCH,
  SCM_I_PRIVATE_SYNTAX_BUILD,
  SCM_I_PRIVATE_SYNTAX_FAIL,
  SCM_I_PRIVATE_CLOSURE_FIX,    /* the compiler's (compile.c, fixes) */
  SCM_I_PRIVATE_MAKE_PROMISE,   /* defined by the prelude; #f before */
  SCM_I_PRIVATE_PARAMETERIZE,   /* likewise */
  SCM_I_PRIVATE_PARAMETERIZE1,  /* likewise */
  SCM_I_PRIVATE_GUARD,          /* likewise */
  SCM_I_PRIVATE_COUNT
};
SCM_INTERNAL SCM scm_i_private_procedure (enum scm_i_private_proc which);
/* A variable holding the primitive of inline opcode OP, that no program
   can reach: the guard of an inline call made by an expansion.  */
SCM_INTERNAL SCM scm_i_private_variable (enum scm_i_opcode op);
/* The name of the primitive of inline opcode OP.  */
SCM_INTERNAL const char *scm_i_inline_primitive_name (enum scm_i_opcode op);

/* The variable of SYM in the current module, made unbound if there is
   none yet (modules.c).  */
SCM_INTERNAL SCM scm_i_toplevel_variable (SCM sym);
/* Bind the core forms in the core module M (scope.c).  */
SCM_INTERNAL void scm_i_init_core_forms (SCM m);

/* While ON, expand for the prelude (expand.c): bound procedures are
   constants, inline primitives cannot be rebound.  */
SCM_INTERNAL void scm_i_set_prelude_mode (int on);

/* Building the tree (ast.c).  Nodes and lambdas are allocated with
   scm_i_alloc and start zeroed but for the fields each sets.  */
struct scm_i_scope;
SCM_INTERNAL struct scm_i_node *scm_i_mk_node (enum scm_i_node_kind kind,
                                               SCM where);
SCM_INTERNAL struct scm_i_node *scm_i_mk_const (SCM value);
SCM_INTERNAL struct scm_i_node **scm_i_node_array (size_t n);
SCM_INTERNAL struct scm_i_node *scm_i_mk_if (struct scm_i_node *a,
                                             struct scm_i_node *b,
                                             struct scm_i_node *c);
/* A call of OP with NARGS argument slots, which the caller fills.  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_call (SCM where,
                                               struct scm_i_node *op,
                                               size_t nargs);
SCM_INTERNAL struct scm_i_node *scm_i_mk_seq (size_t n);
SCM_INTERNAL struct scm_i_var *scm_i_mk_var (SCM name,
                                             struct scm_i_lambda *owner);
SCM_INTERNAL struct scm_i_lambda *scm_i_mk_lambda (struct scm_i_lambda *parent,
                                                   SCM where);
SCM_INTERNAL struct scm_i_node *scm_i_lambda_node (struct scm_i_lambda *l,
                                                   SCM where);
/* A LET of N variables; the caller fills vars, args and a.  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_let (size_t n);
/* A reference to (an assignment of) V from scope S: marks V captured
   if S's lambda is not V's, and assigned.  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_lref (struct scm_i_scope *s,
                                               struct scm_i_var *v,
                                               SCM where);
SCM_INTERNAL struct scm_i_node *scm_i_mk_lset (struct scm_i_scope *s,
                                               struct scm_i_var *v,
                                               struct scm_i_node *value,
                                               SCM where);
/* A call of a primitive that the user cannot rebind (a private
   variable holds it).  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_private_call
  (SCM where, enum scm_i_private_proc which, size_t nargs);
/* A PRIM node of inline opcode OP with NARGS arguments (the caller
   fills them), guarded by OP's private variable.  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_inline_prim
  (SCM where, enum scm_i_opcode op, size_t nargs);
/* A GREF, GSET or GDEF of global variable VAR, named by identifier SYM.  */
SCM_INTERNAL struct scm_i_node *scm_i_mk_global (enum scm_i_node_kind kind,
                                                 SCM sym, SCM var, SCM where);
/* Give the lambda that VALUE makes the name NAME, if it has none.  */
SCM_INTERNAL void scm_i_name_lambda (struct scm_i_node *value, SCM name);

/* Expand datum EXP at top level into a lambda of no parameters.  */
SCM_INTERNAL struct scm_i_lambda *scm_i_expand_toplevel (SCM exp);
/* The same, but the top-level syntax definitions it makes are dropped
   (macroexpand).  */
SCM_INTERNAL struct scm_i_lambda *scm_i_expand_toplevel_only (SCM exp);

/* Decide which of the lambdas bound by letrec, named let, do or an
   internal definition in FRAME's body are compiled into FRAME's own
   frame, and set their HOST (contify.c).  */
SCM_INTERNAL void scm_i_contify (struct scm_i_lambda *frame);

/* The lambda whose frame holds the variables of L.  */
static inline struct scm_i_lambda *
scm_i_frame_of (struct scm_i_lambda *l)
{
  return l->host ? l->host : l;
}

/* Compile an expanded lambda into a code object.  */
SCM_INTERNAL SCM scm_i_compile_lambda (struct scm_i_lambda *lam);

/* The file name recorded for the positions of an expansion's source
   (set by the expander, read by the compiler).  */
SCM_INTERNAL int scm_i_node_position (SCM where, SCM *file, uint32_t *line,
                                      uint32_t *column);

#endif /* SCM_AST_INTERNAL_H */
