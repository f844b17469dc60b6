#include "compiler/ruby_type_loader.hpp"

#include <stdexcept>

#include "compiler/ruby_host.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_wire.hpp"

namespace marionette::compiler {

namespace {

/// The API number of a type file read (ruby/module_abi.h): not a function.
constexpr int kTypeFileApi = 0;

const Value& field(const Hash& hash, const char* name) {
  const Value* found = hash_find(hash, Value(name));
  if (!found) throw std::runtime_error(std::string("the type reader gave no ") + name);
  return *found;
}

std::vector<std::string> strings(const Value& value) {
  std::vector<std::string> out;
  if (!value.is_array()) throw std::runtime_error("the type reader gave no list of names");
  for (const Value& item : value.array()) {
    if (!item.is_string()) throw std::runtime_error("the type reader gave a name not a string");
    out.push_back(item.string());
  }
  return out;
}

ResourceTypeDefinition definition_from(const Value& read, std::string name,
                                       std::shared_ptr<const lang::SourceFile> source) {
  if (!read.is_hash()) throw std::runtime_error("the type reader gave no Hash");
  ResourceTypeDefinition type;
  type.name = std::move(name);
  type.source = std::move(source);
  type.attributes = strings(field(read.hash(), "attributes"));
  type.key_attributes = strings(field(read.hash(), "key_attributes"));
  const Value& patterns = field(read.hash(), "title_patterns");
  if (!patterns.is_array()) throw std::runtime_error("the type reader gave no title patterns");
  for (const Value& item : patterns.array()) {
    if (!item.is_array() || item.array().size() != 3 || !item.array()[0].is_string() ||
        !item.array()[1].is_boolean())
      throw std::runtime_error("the type reader gave a malformed title pattern");
    ResourceTypeDefinition::TitlePattern pattern;
    pattern.regex = item.array()[0].string();
    pattern.ignore_case = item.array()[1].boolean();
    pattern.captures = strings(item.array()[2]);
    type.title_patterns.push_back(std::move(pattern));
  }
  return type;
}

}  // namespace

std::optional<ResourceTypeDefinition> read_type_in_ruby(
    std::shared_ptr<const lang::SourceFile> source, const std::string& type_name,
    const std::string& load_path, std::string& why_not) {
  const marionette_ruby_module* module = ruby_module(why_not);
  if (!module) return std::nullopt;
  const std::string file(source->path);
  const std::string arguments = to_ruby_wire(Value(Array{}));
  marionette_ruby_call call{kTypeFileApi,     file.c_str(),     type_name.c_str(),
                            arguments.data(), arguments.size(), 0,
                            load_path.data(), load_path.size()};
  std::string reply;
  // No host: reading a type calls nothing back (a call back fails, and so does the read).
  if (module->call_function(&call, nullptr, keep_reply, &reply) != MARIONETTE_RUBY_OK) {
    why_not = reply;
    return std::nullopt;
  }
  try {
    return definition_from(from_ruby_wire(reply), type_name, std::move(source));
  } catch (const std::exception& e) {
    why_not = e.what();
    return std::nullopt;
  }
}

}  // namespace marionette::compiler
