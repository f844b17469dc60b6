// stdlib's functions between values and text: to_json, to_json_pretty, to_yaml, to_python,
// to_ruby, to_toml (and their stdlib:: names), parsejson, parseyaml, parsepson, loadjson, loadyaml,
// load_module_metadata, get_module_path.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "compiler/environment.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/ruby_serialization.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/types.hpp"
#include "compiler/value_data.hpp"
#include "rubyish/json_nesting.hpp"
#include "rubyish/yaml_reader.hpp"
#include "rubyish/psych_error.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

Value to_json(CallContext& call) {
  call.expect_arguments(1, 1);
  try {
    return ruby_json(call.arguments[0], RubyJsonStyle::compact());
  } catch (const SerializationError& error) {
    raise(call, error.what());
  }
}

/// to_json_pretty(data, skip_undef = false, opts = {}): JSON.pretty_generate and a newline.
Value to_json_pretty(CallContext& call) {
  call.expect_arguments(1, 3);
  Value data = call.arguments[0];
  if (!data.is_array() && !data.is_hash())
    raise(call, "'to_json_pretty' parameter 'data' expects a value of type Hash or Array, got " +
                    type_name_of(data));
  if (call.arguments.size() > 1 && truthy(call.arguments[1])) {
    if (data.is_array()) {
      Array kept;
      for (const Value& item : data.array())
        if (!item.is_undef()) kept.push_back(item);
      data = Value(std::move(kept));
    } else {
      Hash kept;
      for (const auto& [key, item] : data.hash())
        if (!item.is_undef()) kept.emplace_back(key, item);
      data = Value(std::move(kept));
    }
  }
  RubyJsonStyle style = RubyJsonStyle::pretty();
  if (call.arguments.size() > 2 && call.arguments[2].is_hash()) {
    for (const auto& [key, option] : call.arguments[2].hash()) {
      std::string name = to_string(key);
      if (option.is_undef()) continue;
      if (name == "indent")
        style.indent = to_string(option);
      else if (name == "space")
        style.space = to_string(option);
      else if (name == "space_before")
        style.space_before = to_string(option);
      else if (name == "object_nl")
        style.object_nl = to_string(option);
      else if (name == "array_nl")
        style.array_nl = to_string(option);
      else if (name == "allow_nan")
        style.allow_nan = truthy(option);
      else if (name == "max_nesting" && option.is_integer())
        style.max_nesting = option.integer() < 0 ? 0 : static_cast<std::size_t>(option.integer());
    }
  }
  try {
    return ruby_json(data, style) + "\n";
  } catch (const SerializationError& error) {
    raise(call, error.what());
  }
}

Value to_yaml(CallContext& call) {
  call.expect_arguments(1, 2);
  try {
    return psych_yaml(call.arguments[0]);
  } catch (const SerializationError& error) {
    raise(call, error.what());
  }
}

/// to_python / to_ruby: the value as a literal of that language.
template <bool Python>
void append_literal(const Value& value, std::string& out, std::size_t depth,
                    const CallContext& call) {
  if (depth > kMaxSerializedDepth) raise(call, "the value is nested too deeply");
  if (Python && value.is_boolean()) {
    out += value.boolean() ? "True" : "False";
  } else if (Python && value.is_undef()) {
    out += "None";
  } else if (value.is_array()) {
    out += '[';
    for (std::size_t i = 0; i < value.array().size(); ++i) {
      if (i) out += ", ";
      append_literal<Python>(value.array()[i], out, depth + 1, call);
    }
    out += ']';
  } else if (value.is_hash()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.hash()) {
      if (!first) out += ", ";
      first = false;
      append_literal<Python>(key, out, depth + 1, call);
      out += Python ? ": " : " => ";
      append_literal<Python>(item, out, depth + 1, call);
    }
    out += '}';
  } else {
    out += ruby_inspect(value);
  }
}

template <bool Python>
Value to_literal(CallContext& call) {
  call.expect_arguments(1, 1);
  std::string out;
  append_literal<Python>(call.arguments[0], out, 0, call);
  return out;
}

/// to_toml(hash): stdlib's TomlDumper: keys sorted, plain pairs, then tables, then arrays of
/// tables; values written as Ruby's inspect writes them.
class TomlWriter {
 public:
  explicit TomlWriter(const CallContext& call) : call_(call) {}

  std::string write(const Value& hash) {
    visit(hash, {}, 0);
    return out_;
  }

 private:
  using Pairs = std::vector<std::pair<std::string, Value>>;

  void visit(const Value& hash, const std::vector<std::string>& prefix, std::size_t depth) {
    if (depth > kMaxSerializedDepth) raise(call_, "to_toml(): the hash is nested too deeply");
    Pairs simple, nested, tables;
    sort_pairs(hash, simple, nested, tables);
    if (!prefix.empty() && (!simple.empty() || hash.hash().empty())) print_prefix(prefix, false);
    dump(simple, nested, tables, prefix, depth);
  }

  void sort_pairs(const Value& hash, Pairs& simple, Pairs& nested, Pairs& tables) {
    if (!hash.is_hash()) raise(call_, "undefined method `keys' for " + ruby_inspect(hash));
    Pairs all;
    for (const auto& [key, value] : hash.hash()) all.emplace_back(ruby_to_s(key), value);
    std::stable_sort(all.begin(), all.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& pair : all) {
      if (pair.second.is_hash())
        nested.push_back(std::move(pair));
      else if (pair.second.is_array() && !pair.second.array().empty() &&
               pair.second.array()[0].is_hash())
        tables.push_back(std::move(pair));
      else
        simple.push_back(std::move(pair));
    }
  }

  void dump(const Pairs& simple, const Pairs& nested, const Pairs& tables,
            const std::vector<std::string>& prefix, std::size_t depth) {
    for (const auto& [key, value] : simple) out_ += quoted_key(key) + " = " + literal(value) + "\n";
    for (const auto& [key, value] : nested) {
      std::vector<std::string> longer = prefix;
      longer.push_back(quoted_key(key));
      visit(value, longer, depth + 1);
    }
    for (const auto& [key, value] : tables) {
      std::vector<std::string> longer = prefix;
      longer.push_back(quoted_key(key));
      for (const Value& child : value.array()) {
        print_prefix(longer, true);
        Pairs s, n, t;
        sort_pairs(child, s, n, t);
        dump(s, n, t, longer, depth + 1);
      }
    }
  }

  void print_prefix(const std::vector<std::string>& prefix, bool extra_brackets) {
    std::string joined;
    for (std::size_t i = 0; i < prefix.size(); ++i) joined += (i ? "." : "") + prefix[i];
    out_ += "[" + (extra_brackets ? "[" + joined + "]" : joined) + "]\n";
  }

  static std::string quoted_key(const std::string& key) {
    bool bare = std::all_of(key.begin(), key.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
    });
    if (bare) return key;
    std::string out = "\"";
    for (char c : key) out += c == '"' ? std::string("\\\"") : std::string(1, c);
    return out + "\"";
  }

  static std::string literal(const Value& value) {
    std::string text = ruby_inspect(value);
    if (!value.is_string()) return text;
    std::string out;  // inspect's \#{, \#$, \#@ written back as #{, #$, #@
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\\' && i + 2 < text.size() && text[i + 1] == '#' &&
          (text[i + 2] == '{' || text[i + 2] == '$' || text[i + 2] == '@'))
        continue;
      out += text[i];
      if (text[i] == '\\' && i + 1 < text.size()) out += text[++i];
    }
    return out;
  }

  const CallContext& call_;
  std::string out_;
};

Value to_toml(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_hash())
    raise(call, "'to_toml' parameter 'data' expects a Hash value, got " +
                    type_name_of(call.arguments[0]));
  return TomlWriter(call).write(call.arguments[0]);
}

/// The value of a JSON text; throws std::runtime_error worded as Ruby's json words it.
Value parse_json_text(const std::string& text) {
  // Ruby's JSON.parse refuses nesting past 100, and deeper values would copy recursively here.
  if (std::string problem = rubyish::json_nesting_problem(text); !problem.empty())
    throw std::runtime_error(problem.substr(0, problem.find(" (line")));
  try {
    return from_data(catalog::Data::parse(text));
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error("unexpected token at '" + text + "'");
  }
}

/// The value of a YAML text; errors worded as Psych's: "(<unknown>): PROBLEM at line L column C".
Value parse_yaml(const std::string& text) {
  try {
    return from_data(rubyish::parse_yaml_text(text, "(<unknown>)", rubyish::RubyDates::Refused));
  } catch (const lang::SourceError& error) {
    throw std::runtime_error(rubyish::psych_message(error, "<unknown>"));
  }
}

/// `parsed || default`, and the default in place of an error when one is given.
template <Value (*Parse)(const std::string&)>
Value parse_with_default(CallContext& call, const Arguments& args, bool default_given) {
  Value fallback = args.size() > 1 ? args[1] : Value();
  try {
    Value parsed = Parse(ruby_to_s(args[0]));
    if (parsed.is_undef() || (parsed.is_boolean() && !parsed.boolean())) return fallback;
    return parsed;
  } catch (const std::runtime_error& error) {
    if (!default_given) raise(call, error.what());
    return fallback;
  }
}

Value parsejson(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Wrong number of arguments. 1 or 2 arguments should be provided.");
  return parse_with_default<parse_json_text>(call, args, args.size() > 1 && truthy(args[1]));
}

Value parseyaml(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Wrong number of arguments. 1 or 2 arguments should be provided.");
  return parse_with_default<parse_yaml>(call, args, args.size() > 1 && truthy(args[1]));
}

Value parsepson(CallContext& call) {
  call.expect_arguments(1, 2);
  if (!call.arguments[0].is_string() || call.arguments[0].string().empty())
    raise(call, "'parsepson' parameter 'pson_string' expects a String[1] value, got " +
                    type_name_of(call.arguments[0]));
  try {
    return parse_json_text(call.arguments[0].string());
  } catch (const std::runtime_error& error) {
    if (call.arguments.size() < 2) raise(call, error.what());
    return call.arguments[1];
  }
}

std::optional<std::string> read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

/// loadjson(path, default) / loadyaml(path, default): a file's data; the default (with a
/// warning) when it does not exist. URLs are not fetched: compiling stays offline.
template <bool Json>
Value load_file(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "Wrong number of arguments. 1 or 2 arguments should be provided.");
  Value fallback = args.size() > 1 ? args[1] : Value();
  bool default_given = args.size() > 1 && truthy(args[1]);
  std::string path = ruby_to_s(args[0]);
  if (path.starts_with("http://") || path.starts_with("https://")) {
    if (!default_given) raise(call, "loading data from a URL is not supported: " + path);
    return fallback;
  }
  std::optional<std::string> text = read_text_file(path);
  if (!text) {
    call.host.log("Warning", "Can't load '" + path + "' File does not exist!", call.scope);
    return fallback;
  }
  try {
    Value parsed = Json ? parse_json_text(*text) : from_data(rubyish::parse_yaml_text(*text, path));
    if (parsed.is_undef() || (parsed.is_boolean() && !parsed.boolean())) return fallback;
    return parsed;
  } catch (const lang::SourceError& error) {  // YAML.load_file's words
    if (!default_given) raise(call, rubyish::psych_message(error, path));
    return fallback;
  } catch (const std::runtime_error& error) {
    if (!default_given) raise(call, error.what());
    return fallback;
  }
}

/// The directory of a module: the first in the modulepath that has it.
std::optional<std::filesystem::path> module_directory(CallContext& call, const std::string& name) {
  for (const std::filesystem::path& dir : call.host.environment().modulepath()) {
    std::error_code ignored;
    if (std::filesystem::is_directory(dir / name, ignored)) return dir / name;
  }
  return std::nullopt;
}

Value get_module_path(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1) raise(call, "get_module_path(): Wrong number of arguments, expects one");
  std::optional<std::filesystem::path> dir = module_directory(call, ruby_to_s(args[0]));
  if (!dir)
    raise(call, "Could not find module " + ruby_to_s(args[0]) + " in environment production");
  return dir->string();
}

Value load_module_metadata(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1 && args.size() != 2)
    raise(call, "load_module_metadata(): Wrong number of arguments, expects one or two");
  std::string name = ruby_to_s(args[0]);
  std::optional<std::filesystem::path> dir = module_directory(call, name);
  if (!dir) raise(call, "Could not find module " + name + " in environment production");
  std::optional<std::string> text = read_text_file(*dir / "metadata.json");
  if (!text) {
    if (args.size() < 2 || !truthy(args[1]))
      raise(call, "load_module_metadata(): No metadata.json file for module " + name);
    return Hash{};
  }
  try {
    return parse_json_text(*text);
  } catch (const std::runtime_error& error) {
    raise(call, error.what());
  }
}

}  // namespace

void register_stdlib_data_functions(FunctionTable& table) {
  table.emplace_back("to_json", to_json);
  table.emplace_back("stdlib::to_json", to_json);
  table.emplace_back("to_json_pretty", to_json_pretty);
  table.emplace_back("stdlib::to_json_pretty", to_json_pretty);
  table.emplace_back("to_yaml", to_yaml);
  table.emplace_back("stdlib::to_yaml", to_yaml);
  table.emplace_back("to_toml", to_toml);
  table.emplace_back("stdlib::to_toml", to_toml);
  table.emplace_back("to_python", to_literal<true>);
  table.emplace_back("stdlib::to_python", to_literal<true>);
  table.emplace_back("to_ruby", to_literal<false>);
  table.emplace_back("stdlib::to_ruby", to_literal<false>);
  table.emplace_back("parsejson", parsejson);
  table.emplace_back("parseyaml", parseyaml);
  table.emplace_back("parsepson", parsepson);
  table.emplace_back("stdlib::parsepson", parsepson);
  table.emplace_back("loadjson", load_file<true>);
  table.emplace_back("loadyaml", load_file<false>);
  table.emplace_back("get_module_path", get_module_path);
  table.emplace_back("load_module_metadata", load_module_metadata);
}

}  // namespace marionette::compiler
