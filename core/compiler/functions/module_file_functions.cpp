// Puppet 7's functions that find a module's files: find_file, find_template, module_directory,
// binary_file.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

/// The references of the arguments, arrays flattened one level as Puppet's dispatch allows.
std::vector<std::string> references(const CallContext& call) {
  std::vector<std::string> out;
  for (const Value& argument : call.arguments) {
    if (argument.is_array()) {
      for (const Value& item : argument.array()) out.push_back(to_string(item));
    } else {
      out.push_back(to_string(argument));
    }
  }
  return out;
}

/// "module/rest" under modules/module/SUBDIR, or an absolute path that exists.
std::optional<fs::path> locate(CallContext& call, const std::string& reference,
                               const char* subdir) {
  std::error_code ignored;
  if (reference.starts_with("/")) {
    if (fs::exists(reference, ignored)) return fs::path(reference);
    return std::nullopt;
  }
  return call.host.environment().module_file(reference, subdir);
}

/// find_file('module/file', ...) / find_template: the first that exists, undef when none does.
template <const char* Subdir>
Value find_in_module(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  for (const std::string& reference : references(call))
    if (auto found = locate(call, reference, Subdir)) return fs::absolute(*found).string();
  return Value();
}

constexpr char kFiles[] = "files";
constexpr char kTemplates[] = "templates";

/// module_directory('name', ...): the first of the modules that is in the modulepath.
Value module_directory(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  for (const std::string& name : references(call))
    for (const fs::path& dir : call.host.environment().modulepath()) {
      std::error_code ignored;
      if (fs::is_directory(dir / name, ignored)) return fs::absolute(dir / name).string();
    }
  return Value();
}

/// binary_file('module/file'): the file's bytes as a Binary.
Value binary_file(CallContext& call) {
  call.expect_arguments(1, 1);
  std::string reference = to_string(call.arguments[0]);
  std::optional<fs::path> found = locate(call, reference, kFiles);
  if (!found) call.fail("Could not find any binary files from " + reference);
  std::ifstream in(*found, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return make_runtime_value("Binary", {Value(bytes.str())});
}

/// file('module/name', ...): the content of the first file found.
Value file(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  for (const Value& argument : call.arguments) {
    std::string reference = to_string(argument);
    std::optional<fs::path> found;
    if (reference.starts_with("/")) {
      if (fs::is_regular_file(reference)) found = reference;
    } else {
      found = call.host.environment().module_file(reference, "files");
    }
    if (!found) continue;
    std::ifstream in(*found, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }
  call.fail("Could not find any files from " + to_string(call.arguments[0]));
}

}  // namespace

void register_module_file_functions(FunctionTable& table) {
  table.emplace_back("find_file", find_in_module<kFiles>);
  table.emplace_back("find_template", find_in_module<kTemplates>);
  table.emplace_back("module_directory", module_directory);
  table.emplace_back("binary_file", binary_file);
  table.emplace_back("file", file);
}

}  // namespace marionette::compiler
