#include "text/whole_line.hpp"

#include <string>

namespace marionette::text {

void write_whole_line(std::FILE* stream, std::string_view line) {
  std::string whole(line);
  if (whole.empty() || whole.back() != '\n') whole += '\n';
  flockfile(stream);
  fwrite_unlocked(whole.data(), 1, whole.size(), stream);
  fflush_unlocked(stream);
  funlockfile(stream);
}

}  // namespace marionette::text
