// erb_parse_check FILE...: for each template, "ok FILE" when the native ERB engine takes it,
// else "unsupported FILE:LINE: CONSTRUCT". Used by scripts/erb-corpus-check.py.

#include <fstream>
#include <iostream>
#include <sstream>

#include "compiler/erb/erb_template.hpp"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    try {
      marionette::compiler::erb::parse_erb(text.str());
      std::cout << "ok " << argv[i] << "\n";
    } catch (const marionette::compiler::erb::Unsupported& u) {
      std::cout << "unsupported " << argv[i] << ":" << u.line << ": " << u.construct << "\n";
    }
  }
  return 0;
}
