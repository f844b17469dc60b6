// libFuzzer target for the lexer and parser: any input must either parse or raise SourceError,
// never crash, hang or trip a sanitizer. The first byte picks manifest (even) or EPP (odd).
#include <cstddef>
#include <cstdint>
#include <string>

#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace marionette::lang;
  if (size == 0) return 0;
  bool epp = data[0] & 1;
  auto source = make_source(epp ? "fuzz.epp" : "fuzz.pp",
                            std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  ast::Arena arena;
  try {
    if (epp)
      parse_epp(source, arena);
    else
      parse(source, arena);
  } catch (const SourceError& e) {
    render(e);
  }
  return 0;
}
