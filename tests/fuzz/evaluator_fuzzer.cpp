// libFuzzer target for the evaluator: a manifest that parses is compiled with fixed facts and
// must compile or fail with lang::SourceError (or std::runtime_error, for what is not in the
// manifest), never crash or trip a sanitizer. A step budget ends inputs that only take long
// (a loop over ten million items), so that they are not taken for hangs.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "compiler/compiler.hpp"
#include "compiler/evaluation_budget.hpp"
#include "lang/diagnostic.hpp"

namespace {

namespace fs = std::filesystem;

marionette::compiler::CompileRequest fuzz_request() {
  // An environment of its own per fuzzing process: the manifest is rewritten for each input.
  const fs::path env = fs::temp_directory_path() / ("evaluator_fuzzer." + std::to_string(getpid()));
  fs::create_directories(env / "manifests");
  marionette::compiler::CompileRequest request;
  request.env_dir = env;
  request.manifest = env / "manifests" / "site.pp";
  request.node_name = "fuzz.example.com";
  request.facts = marionette::facts::Facts::parse(R"({
    "fqdn": "fuzz.example.com", "hostname": "fuzz", "kernel": "Linux",
    "os": {"family": "Debian", "name": "Debian", "release": {"major": "12", "full": "12.5"}},
    "networking": {"ip": "192.0.2.10", "interfaces": {"eth0": {"ip": "192.0.2.10"}}},
    "memory": {"system": {"total_bytes": 4294967296}}, "processors": {"count": 2}
  })");
  return request;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace marionette;
  static const compiler::CompileRequest request = fuzz_request();
  std::ofstream(*request.manifest, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  compiler::set_evaluation_step_budget(200'000);
  try {
    compiler::compile_to_json(request);
  } catch (const lang::SourceError& e) {
    lang::render(e);
  } catch (const std::runtime_error&) {
  }
  return 0;
}
