#include "compile_helper.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "compiler/compiler.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::testing {

namespace fs = std::filesystem;

catalog::Catalog compile_text(const std::string& manifest,
                              std::vector<std::pair<std::string, facts::Facts>> node_classes) {
  fs::path path = fs::temp_directory_path() /
                  ("marionette-compiler-test-" + std::to_string(::getpid()) + ".pp");
  std::ofstream(path) << manifest;
  compiler::CompileRequest request;
  request.manifest = path;
  request.node_name = "web01.example.com";
  request.node_classes = std::move(node_classes);
  request.facts = facts::Facts::parse(
      R"({"os": {"family": "Debian", "release": {"major": "12"}}, "osfamily": "Debian",
          "fqdn": "web01.example.com", "hostname": "web01"})");
  struct Remove {
    fs::path p;
    ~Remove() { fs::remove(p); }
  } remove{path};
  return compiler::compile(request);
}

catalog::Data message_of(const std::string& expression, const std::string& prelude) {
  catalog::Catalog catalog =
      compile_text(prelude + "\nnotify { 'r': message => " + expression + " }\n");
  const catalog::Resource* notify = nullptr;
  for (const auto& r : catalog.resources)
    if (r.type == "Notify" && r.title == "r") notify = &r;
  if (!notify) throw std::runtime_error("no Notify[r]");
  return notify->parameters.value("message", catalog::Data());
}

std::string error_of(const std::string& manifest) {
  try {
    compile_text(manifest);
  } catch (const lang::SourceError& e) {
    std::string rendered = lang::render(e);
    // Keep the file name only, so expectations do not depend on the temp directory.
    auto slash = rendered.rfind('/', rendered.find(".pp:"));
    return slash == std::string::npos ? rendered : rendered.substr(slash + 1);
  }
  return "no error";
}

}  // namespace marionette::testing
