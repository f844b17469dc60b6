// marionette-ruby-iseq: a build-time tool, never installed. It runs a Ruby script with the
// libruby that marionette-ruby.so links, as `ruby --disable-gems SCRIPT ARGS...` would, so that
// the build needs no Ruby interpreter besides the library it builds against (ruby3.1-dev), and
// what the script compiles is in the instruction-sequence format of that very library.
//
//   marionette-ruby-iseq precompile.rb OUTPUT_DIR LAYER_SOURCE_DIR LAYER_RUNTIME_DIR

#include <ruby.h>

#include <vector>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  RUBY_INIT_STACK;
  ruby_init();
  static char program[] = "marionette-ruby-iseq", no_gems[] = "--disable-gems";
  std::vector<char*> arguments{program, no_gems};
  for (int i = 1; i < argc; ++i) arguments.push_back(argv[i]);
  arguments.push_back(nullptr);
  return ruby_run_node(ruby_options(static_cast<int>(arguments.size()) - 1, arguments.data()));
}
