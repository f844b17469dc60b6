/* The C interface between marionette and marionette-augeas.so, the module that links libaugeas.
 *
 * marionette loads the module (dlopen) only when a catalog has augeas resources, and finds in it
 * one symbol, MARIONETTE_AUGEAS_ENTRY, which returns the table below: libaugeas's own calls, one
 * for one, on an opaque handle. Only plain C types cross: texts as NUL-terminated strings in and
 * as pointer and size through a sink out, valid only during the call that hands them. No C++
 * type, exception or allocation crosses. */
#ifndef MARIONETTE_AUGEAS_MODULE_ABI_H
#define MARIONETTE_AUGEAS_MODULE_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MARIONETTE_AUGEAS_MODULE_FILE "marionette-augeas.so"
#define MARIONETTE_AUGEAS_ENTRY "marionette_augeas_module_v1"
#define MARIONETTE_AUGEAS_ABI_VERSION 1u

/* Flags of open(), with libaugeas's values (aug_flags in augeas.h). */
#define MARIONETTE_AUGEAS_TYPE_CHECK 4u
#define MARIONETTE_AUGEAS_NO_LOAD 32u
#define MARIONETTE_AUGEAS_NO_MODULE_AUTOLOAD 64u

/* Receives one text (a value, a path, an error); valid only during the call. */
typedef void (*marionette_augeas_sink)(void* sink_context, const char* data, size_t size);

/* One libaugeas handle. */
typedef struct marionette_augeas_tree marionette_augeas_tree;

struct marionette_augeas_module {
  uint32_t abi_version; /* MARIONETTE_AUGEAS_ABI_VERSION */
  /* aug_init; NULL when it fails. */
  marionette_augeas_tree* (*open)(const char* root, const char* load_path, unsigned flags);
  void (*close)(marionette_augeas_tree* tree);
  /* aug_get: 1 and the value to the sink, 1 without a sink call when the node has no value,
   * 0 when no single node matches, -1 on an error. */
  int (*get)(marionette_augeas_tree* tree, const char* path, marionette_augeas_sink sink,
             void* sink_context);
  /* aug_set (value NULL: clear); 0 or -1. */
  int (*set)(marionette_augeas_tree* tree, const char* path, const char* value);
  /* aug_setm (value NULL: clearm); the nodes changed, or -1. */
  int (*setm)(marionette_augeas_tree* tree, const char* base, const char* sub, const char* value);
  /* aug_rm: the nodes removed, or -1. */
  int (*rm)(marionette_augeas_tree* tree, const char* path);
  /* aug_insert; 0 or -1. */
  int (*insert)(marionette_augeas_tree* tree, const char* path, const char* label, int before);
  /* aug_mv; 0 or -1. */
  int (*mv)(marionette_augeas_tree* tree, const char* source, const char* destination);
  /* aug_rename: the nodes renamed, or -1. */
  int (*rename)(marionette_augeas_tree* tree, const char* source, const char* label);
  /* aug_match: each path to the sink, in order; their number, or -1. */
  int (*match)(marionette_augeas_tree* tree, const char* path, marionette_augeas_sink sink,
               void* sink_context);
  /* aug_defvar (expression NULL: undefine): the nodes, or -1. */
  int (*defvar)(marionette_augeas_tree* tree, const char* name, const char* expression);
  /* aug_defnode: the nodes, or -1; *created set to whether it made the node. */
  int (*defnode)(marionette_augeas_tree* tree, const char* name, const char* expression,
                 const char* value, int* created);
  /* aug_load, aug_save; 0 or -1. */
  int (*load)(marionette_augeas_tree* tree);
  int (*save)(marionette_augeas_tree* tree);
  /* The last error, "message: minor message (details)" as libaugeas gives its parts. */
  void (*error)(marionette_augeas_tree* tree, marionette_augeas_sink sink, void* sink_context);
};

typedef const struct marionette_augeas_module* (*marionette_augeas_entry)(void);

#ifdef __cplusplus
}
#endif

#endif
