// libFuzzer target for the YAML reader of facts files and Hiera data: any input must be read or
// refused with std::runtime_error ("FILE:LINE:COLUMN: error: ..."), never crash, hang, blow up
// (aliases are capped) or trip a sanitizer. The first byte picks facts (even) or Hiera data (odd).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "facts/facts.hpp"
#include "facts/yaml_data.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace marionette::facts;
  if (size == 0) return 0;
  // The reader reads files: one per fuzzing process, rewritten for each input.
  static const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                            ("yaml_fuzzer." + std::to_string(getpid()) + ".yaml");
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data) + 1, static_cast<std::streamsize>(size - 1));
  try {
    if (data[0] & 1)
      load_yaml_data(path);
    else
      load_yaml_file(path)["x"].dump();
  } catch (const std::runtime_error&) {
  }
  return 0;
}
