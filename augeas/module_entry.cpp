// marionette-augeas.so: libaugeas behind the plain-C table of module_abi.h. Each entry is the
// libaugeas call of the same name; nothing here knows Puppet's augeas type (core/ral does).

#include <augeas.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "augeas/module_abi.h"

namespace {

static_assert(MARIONETTE_AUGEAS_TYPE_CHECK == AUG_TYPE_CHECK);
static_assert(MARIONETTE_AUGEAS_NO_LOAD == AUG_NO_LOAD);
static_assert(MARIONETTE_AUGEAS_NO_MODULE_AUTOLOAD == AUG_NO_MODL_AUTOLOAD);

augeas* handle(marionette_augeas_tree* tree) {
  return reinterpret_cast<augeas*>(tree);
}

void give(marionette_augeas_sink sink, void* sink_context, const char* text) {
  sink(sink_context, text, std::strlen(text));
}

marionette_augeas_tree* open_tree(const char* root, const char* load_path, unsigned flags) {
  return reinterpret_cast<marionette_augeas_tree*>(aug_init(root, load_path, flags));
}

void close_tree(marionette_augeas_tree* tree) {
  aug_close(handle(tree));
}

int get(marionette_augeas_tree* tree, const char* path, marionette_augeas_sink sink,
        void* sink_context) {
  const char* value = nullptr;
  const int found = aug_get(handle(tree), path, &value);
  if (found < 0) return -1;
  if (found == 1 && value != nullptr) give(sink, sink_context, value);
  return found;
}

int set(marionette_augeas_tree* tree, const char* path, const char* value) {
  return aug_set(handle(tree), path, value);
}

int setm(marionette_augeas_tree* tree, const char* base, const char* sub, const char* value) {
  return aug_setm(handle(tree), base, sub, value);
}

int rm(marionette_augeas_tree* tree, const char* path) {
  return aug_rm(handle(tree), path);
}

int insert(marionette_augeas_tree* tree, const char* path, const char* label, int before) {
  return aug_insert(handle(tree), path, label, before);
}

int mv(marionette_augeas_tree* tree, const char* source, const char* destination) {
  return aug_mv(handle(tree), source, destination);
}

int rename_nodes(marionette_augeas_tree* tree, const char* source, const char* label) {
  return aug_rename(handle(tree), source, label);
}

int match(marionette_augeas_tree* tree, const char* path, marionette_augeas_sink sink,
          void* sink_context) {
  char** matches = nullptr;
  const int count = aug_match(handle(tree), path, &matches);
  for (int i = 0; i < count; ++i) {
    give(sink, sink_context, matches[i]);
    std::free(matches[i]);
  }
  std::free(matches);
  return count;
}

int defvar(marionette_augeas_tree* tree, const char* name, const char* expression) {
  return aug_defvar(handle(tree), name, expression);
}

int defnode(marionette_augeas_tree* tree, const char* name, const char* expression,
            const char* value, int* created) {
  return aug_defnode(handle(tree), name, expression, value, created);
}

int load(marionette_augeas_tree* tree) {
  return aug_load(handle(tree));
}

int save(marionette_augeas_tree* tree) {
  return aug_save(handle(tree));
}

void error(marionette_augeas_tree* tree, marionette_augeas_sink sink, void* sink_context) {
  augeas* aug = handle(tree);
  std::string text = aug_error_message(aug) ? aug_error_message(aug) : "";
  if (const char* minor = aug_error_minor_message(aug)) text += std::string(": ") + minor;
  if (const char* details = aug_error_details(aug)) text += std::string(" (") + details + ")";
  sink(sink_context, text.data(), text.size());
}

const marionette_augeas_module kModule = {
    MARIONETTE_AUGEAS_ABI_VERSION,
    open_tree,
    close_tree,
    get,
    set,
    setm,
    rm,
    insert,
    mv,
    rename_nodes,
    match,
    defvar,
    defnode,
    load,
    save,
    error,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const marionette_augeas_module*
marionette_augeas_module_v1() {
  return &kModule;
}
