#include "compiler/hiera/hiera.hpp"

#include <glob.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include "compiler/compile_log.hpp"
#include "compiler/functions/hocon_reader.hpp"
#include "compiler/hiera/file_stamp.hpp"
#include "compiler/value_data.hpp"
#include "facts/facts.hpp"
#include "facts/yaml_data.hpp"
#include "lang/diagnostic.hpp"
#include "lang/located_error.hpp"
#include "rubyish/json_nesting.hpp"
#include "rubyish/psych_error.hpp"
#include "rubyish/regex.hpp"
#include "text/text.hpp"

namespace marionette::compiler::hiera {

namespace fs = std::filesystem;

namespace {

/// A YAML data file as Hiera's yaml_data reads it; an error keeps its place in the file, with
/// Puppet's words (`Unable to parse (FILE): PROBLEM at line L column C`), which a lookup in a
/// compile reports at the call.
std::optional<facts::Facts> yaml_data(const fs::path& path) {
  try {
    return facts::load_yaml_data(path);
  } catch (const lang::SourceError& e) {
    throw lang::SourceError("Unable to parse " + rubyish::psych_message(e, path.string()),
                            e.where());
  }
}

}  // namespace

std::string explain_value(const Value& value, std::size_t indent) {
  std::string pad(indent, ' ');
  if (value.is_string()) return "\"" + value.string() + "\"";
  if (value.is_undef()) return "nil";
  if (value.is_array()) {
    if (value.array().empty()) return "[]";
    std::string out = "[";
    for (std::size_t i = 0; i < value.array().size(); ++i)
      out += std::string(i ? "," : "") + "\n" + pad + "  " +
             explain_value(value.array()[i], indent + 2);
    return out + "\n" + pad + "]";
  }
  if (value.is_hash()) {
    if (value.hash().empty()) return "{}";
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : value.hash()) {
      out += std::string(first ? "" : ",") + "\n" + pad + "  " + explain_value(k, indent + 2) +
             " => " + explain_value(v, indent + 2);
      first = false;
    }
    return out + "\n" + pad + "}";
  }
  return to_string(value);
}

Hiera::Hiera(std::optional<fs::path> env_dir, std::vector<fs::path> modulepath,
             VariableResolver variables)
    : env_dir_(std::move(env_dir)),
      modulepath_(std::move(modulepath)),
      variables_(std::move(variables)) {}

const std::vector<Hiera::Layer*>& Hiera::layers_for(const std::string& module) {
  auto cached = layers_cache_.find(module);
  if (cached != layers_cache_.end()) return cached->second;
  std::vector<Layer*> layers;
  if (!environment_loaded_) {
    environment_loaded_ = true;
    if (env_dir_)
      if (auto config = load_config(*env_dir_, false))
        environment_layer_ = std::make_unique<Layer>(Layer{"Environment", std::move(*config)});
  }
  if (global_layer_) layers.push_back(global_layer_.get());
  if (environment_layer_) layers.push_back(environment_layer_.get());
  if (!module.empty()) {
    auto [found, fresh] = module_layers_.try_emplace(module);
    if (fresh) {
      for (const fs::path& dir : modulepath_) {
        // With one directory there is nowhere else to look: hiera.yaml's own check suffices.
        if (modulepath_.size() > 1 && !fs::is_directory(dir / module)) continue;
        if (auto config = load_config(dir / module, false))
          found->second =
              std::make_unique<Layer>(Layer{"Module \"" + module + "\"", std::move(*config)});
        break;
      }
    }
    if (found->second) layers.push_back(found->second.get());
  }
  return layers_cache_.emplace(module, std::move(layers)).first->second;
}

void Hiera::set_global_config(const fs::path& file) {
  global_layer_ = std::make_unique<Layer>(Layer{"Global", load_config_file(file)});
  layers_cache_.clear();
  options_.clear();
}

std::vector<std::pair<fs::path, std::string>> Hiera::data_files(const HierarchyLevel& level) {
  std::vector<std::pair<fs::path, std::string>> out;
  for (const std::string& path : level.paths)
    out.emplace_back(level.datadir / to_string(interpolate_string(path)), path);
  for (const std::string& pattern : level.globs) {
    std::string full = (level.datadir / to_string(interpolate_string(pattern))).string();
    glob_t matches{};
    if (::glob(full.c_str(), 0, nullptr, &matches) == 0)
      for (std::size_t i = 0; i < matches.gl_pathc; ++i)
        out.emplace_back(matches.gl_pathv[i], pattern);
    ::globfree(&matches);
  }
  if (!level.mapped_paths.empty()) {
    Value mapped = variables_(level.mapped_paths[0]);
    Array items;
    if (mapped.is_array())
      items = mapped.array();
    else if (mapped.is_hash())
      for (const auto& [k, v] : mapped.hash()) items.push_back(Array{k, v});
    else if (!mapped.is_undef())
      items.push_back(mapped);
    const std::string& name = level.mapped_paths[1];
    const std::string& pattern = level.mapped_paths[2];
    for (const Value& item : items) {
      std::string path, marker = "%{" + name + "}";
      for (std::size_t i = 0; i < pattern.size();) {
        if (pattern.compare(i, marker.size(), marker) == 0) {
          path += to_string(item);
          i += marker.size();
        } else {
          path += pattern[i++];
        }
      }
      out.emplace_back(level.datadir / to_string(interpolate_string(path)), pattern);
    }
  }
  return out;
}

namespace {

/// A data file as parsed: its data, or (no_hash) a YAML file whose top is not a hash.
struct ParsedDataFile {
  FileStamp stamp;
  std::string data_hash;
  Value data;
  bool no_hash = false;
};

std::mutex parsed_files_mutex;
std::unordered_map<std::string, ParsedDataFile> parsed_files;  // guarded by parsed_files_mutex
std::atomic<std::size_t> data_file_parse_count{0};

/// The file's data as its backend reads it; errors in Puppet's words, at their place.
ParsedDataFile parse_data_file(const fs::path& path, const std::string& data_hash) {
  ++data_file_parse_count;
  ParsedDataFile parsed;
  parsed.data_hash = data_hash;
  if (data_hash == "hocon_data") {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    try {
      parsed.data = hocon::parse(text.str());
    } catch (const std::runtime_error& e) {  // a parse or wrong-type error, as Hocon::ConfigError
      throw std::runtime_error("Unable to parse (" + path.string() + "): " + e.what());
    }
  } else if (data_hash == "json_data") {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (std::string problem = rubyish::json_nesting_problem(text.str()); !problem.empty())
      lang::throw_in_file(path.string(), text.str(), 0, 0, 1, problem);
    try {
      parsed.data = from_data(catalog::Data::parse(text.str()));
    } catch (const catalog::Data::parse_error& e) {  // at its place, in Puppet's words
      std::string problem = e.what();
      if (std::size_t colon = problem.find(": "); colon != std::string::npos)
        problem.erase(0, colon + 2);  // nlohmann's code and place: the caret shows it
      lang::throw_at_offset(path.string(), text.str(), e.byte > 0 ? e.byte - 1 : 0,
                            "Unable to parse (" + path.string() + "): " + problem);
    }
  } else if (std::optional<facts::Facts> data = yaml_data(path)) {
    parsed.data = from_data(*data);
  } else {
    parsed.no_hash = true;
  }
  return parsed;
}

/// The file's parse: the process's own while the file is unchanged (the server's compiles and
/// an agent's runs share it), else read again. Thread-safe; errors are never kept.
ParsedDataFile cached_data_file(const fs::path& path, const std::string& data_hash,
                                const struct stat& info) {
  const FileStamp stamp = FileStamp::of(info);
  {
    std::lock_guard lock(parsed_files_mutex);
    auto found = parsed_files.find(path.native());
    if (found != parsed_files.end() && found->second.stamp == stamp &&
        found->second.data_hash == data_hash)
      return found->second;
  }
  ParsedDataFile parsed = parse_data_file(path, data_hash);
  parsed.stamp = stamp;
  if (stamp.settled()) {
    std::lock_guard lock(parsed_files_mutex);
    if (parsed_files.size() >= 65536) parsed_files.clear();
    parsed_files[path.native()] = parsed;
  }
  return parsed;
}

}  // namespace

std::size_t data_file_parses() {
  return data_file_parse_count.load();
}

std::vector<Hiera::PlannedFile>* Hiera::planned_files(const HierarchyLevel& level) {
  auto [found, fresh] = plans_.try_emplace(&level);
  LevelPlan& plan = found->second;
  if (fresh) {
    plan.usable = level.globs.empty() && level.mapped_paths.empty();
    for (const std::string& text : level.paths) {
      if (!plan.usable) break;
      std::vector<std::pair<std::string, int>> pieces{{"", -1}};
      for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, 2, "%{") != 0) {
          pieces.back().first += text[i++];
          continue;
        }
        std::size_t end = text.find('}', i + 2);
        std::string expression =
            end == std::string::npos
                ? std::string()
                : std::string(text::trimmed(text.substr(i + 2, end - i - 2), " \t"));
        // An unclosed one or a call (lookup('k'), ...) is interpolated as it is written.
        if (end == std::string::npos || expression.find('(') != std::string::npos) {
          plan.usable = false;
          break;
        }
        auto same = std::find_if(plan.variables.begin(), plan.variables.end(),
                                 [&](const Key& key) { return key.name == expression; });
        if (same == plan.variables.end()) {
          bool global = expression.starts_with("::");
          Key key = split_key(global ? expression.substr(2) : expression);
          if (global) key.root = "::" + key.root;  // the name the variables are asked by
          key.name = expression;
          plan.variables.push_back(std::move(key));
          same = plan.variables.end() - 1;
        }
        pieces.emplace_back("", static_cast<int>(same - plan.variables.begin()));
        pieces.emplace_back("", -1);
        i = end + 1;
      }
      plan.paths.push_back(std::move(pieces));
    }
    if (!plan.usable) plan.paths.clear();
  }
  if (!plan.usable) return nullptr;
  // Each variable read as interpolate_string() reads it, in the order the paths name them.
  std::vector<std::string> values;
  values.reserve(plan.variables.size());
  std::string values_key;
  for (const Key& key : plan.variables) {
    Value root = entries_ && !key.segments.empty() ? entries_(key.root, key.segments.front())
                                                   : variables_(key.root);
    if (!root.is_undef()) root = dig(key, std::move(root), nullptr, "").value_or(Value());
    values.push_back(to_string(root));
    values_key += values.back();
    values_key += '\0';
  }
  auto [files, unseen] = plan.files.try_emplace(std::move(values_key));
  if (unseen) {
    for (const auto& pieces : plan.paths) {
      std::string relative;
      for (const auto& [piece, variable] : pieces)
        relative += variable < 0 ? piece : values[static_cast<std::size_t>(variable)];
      files->second.push_back(PlannedFile{level.datadir / relative, nullptr});
    }
  }
  return &files->second;
}

const Value* Hiera::data_file(const fs::path& path, const std::string& data_hash) {
  const std::optional<Value>& data = data_slot(path, data_hash);
  return data ? &*data : nullptr;
}

const std::optional<Value>& Hiera::data_slot(const fs::path& path, const std::string& data_hash) {
  auto [found, fresh] = files_.try_emplace(path.native());
  if (!fresh) return found->second;
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return found->second;  // no such file: no data
  // Ruby reads a directory, and fails as File.read does.
  if (S_ISDIR(info.st_mode)) {
    files_.erase(found);  // and again at the next lookup
    throw std::runtime_error("Is a directory @ io_fread - " + path.string());
  }
  if (!S_ISREG(info.st_mode)) return found->second;
  // A file that fails to parse stays without data for the rest of this compile.
  ParsedDataFile parsed = cached_data_file(path, data_hash, info);
  if (!parsed.no_hash) {
    found->second = std::move(parsed.data);
    return found->second;
  }
  std::string message = path.string() + ": file does not contain a valid yaml hash";
  if (refuse_no_hash_) {
    files_.erase(found);
    throw PreformattedError(message);
  }
  compile_log("warning", message);
  found->second = Value(Hash{});
  return found->second;
}

namespace {

const char* const kStrategyNames[] = {"first", "unique", "hash", "deep"};

std::string strategy_name(MergeStrategy strategy) {
  return kStrategyNames[static_cast<int>(strategy)];
}

}  // namespace

void Hiera::search_layer(const Layer& layer, const Key& key, MergeStrategy strategy,
                         const std::string& indent, std::vector<Value>& found,
                         std::vector<std::string>* explain) {
  std::size_t found_before = found.size();
  bool merging = strategy != MergeStrategy::First;
  // Puppet shows a provider's own merge only when it has more than one hierarchy entry.
  bool layer_merges = merging && layer.config.hierarchy.size() > 1;
  std::string inner = indent + "  " + (layer_merges ? "  " : "");
  if (explain) {
    explain->push_back(indent + layer.label + " Data Provider (hiera configuration version 5)");
    explain->push_back(indent + "  Using configuration \"" +
                       (layer.config.file.empty() ? std::string("default hiera.yaml")
                                                  : layer.config.file.string()) +
                       "\"");
    if (layer.config.hierarchy.empty())
      explain->push_back(indent + "  No such key: \"" + key.name + "\"");
    if (layer_merges) explain->push_back(indent + "  Merge strategy " + strategy_name(strategy));
  }
  for (const HierarchyLevel& level : layer.config.hierarchy) {
    if (explain) explain->push_back(inner + "Hierarchy entry \"" + level.name + "\"");
    if (std::vector<PlannedFile>* planned = explain ? nullptr : planned_files(level)) {
      for (PlannedFile& file : *planned) {
        if (!file.slot) file.slot = &data_slot(file.path, level.data_hash);
        const Value* data = *file.slot ? &**file.slot : nullptr;
        const Value* value =
            data && data->is_hash() ? hash_find(data->hash(), Value(key.root)) : nullptr;
        if (!value) continue;
        found.push_back(interpolate(*value));
        if (strategy == MergeStrategy::First) return;
      }
      continue;
    }
    for (const auto& [file, written] : data_files(level)) {
      const Value* data = data_file(file, level.data_hash);
      const Value* value =
          data && data->is_hash() ? hash_find(data->hash(), Value(key.root)) : nullptr;
      if (!explain) {
        if (value) found.push_back(interpolate(*value));
      } else {
        explain->push_back(inner + "  Path \"" + file.string() + "\"");
        explain->push_back(inner + "    Original path: \"" + written + "\"");
        if (!data) explain->push_back(inner + "    Path not found");
        if (data && !value) explain->push_back(inner + "    No such key: \"" + key.root + "\"");
        if (value) {
          found.push_back(interpolate_explained(*value, inner + "    ", *explain));
          explain->push_back(inner + "    Found key: \"" + key.root +
                             "\" value: " + explain_value(found.back(), inner.size() + 4));
        }
      }
      if (!value) continue;
      if (strategy == MergeStrategy::First) return;
    }
  }
  if (explain && layer_merges && found.size() > found_before) {
    std::vector<Value> mine(found.begin() + static_cast<std::ptrdiff_t>(found_before), found.end());
    explain->push_back(
        inner + "Merged result: " + explain_value(merge_values(strategy, mine), inner.size()));
  }
}

const std::optional<Value>& Hiera::lookup_options(const std::string& module,
                                                  const std::vector<Layer*>& layers,
                                                  std::vector<std::string>* explain) {
  auto cached = options_.find(module);
  if (cached != options_.end()) return cached->second;  // explained when first searched
  // Each layer's lookup_options merged as hashes; the global and environment layers' together,
  // then the module's below them, as Puppet's lookup adapter does.
  const Key key{"lookup_options", "lookup_options", {}};
  if (explain) explain->push_back("Searching for \"lookup_options\"");
  std::vector<Value> shared, own;  // global and environment; the module's
  for (const Layer* layer : layers) {
    std::vector<Value> found;
    search_layer(*layer, key, MergeStrategy::Hash, "  ", found, explain);
    std::erase_if(found, [](const Value& v) { return !v.is_hash(); });
    if (found.empty()) continue;
    (layer == global_layer_.get() || layer == environment_layer_.get() ? shared : own)
        .push_back(merge_values(MergeStrategy::Hash, found));
  }
  explain_missing_module(module, layers, "  ", explain);
  std::optional<Value> options;
  if (!shared.empty()) options = merge_values(MergeStrategy::Hash, shared);
  if (!own.empty() && !options) {
    options = own.front();
  } else if (!own.empty()) {
    Value merged = merge_values(MergeStrategy::Hash, {*options, own.front()});
    if (explain) {
      explain->push_back("  Merge strategy hash");
      explain->push_back("    Global and Environment");
      explain->push_back("      Found key: \"lookup_options\" value: " +
                         explain_value(*options, 6));
      explain->push_back("    Module " + module);
      explain->push_back("      Found key: \"lookup_options\" value: " +
                         explain_value(own.front(), 6));
      explain->push_back("    Merged result: " + explain_value(merged, 4));
    }
    options = std::move(merged);
  }
  return options_[module] = std::move(options);
}

void Hiera::explain_missing_module(const std::string& module, const std::vector<Layer*>& layers,
                                   const std::string& indent, std::vector<std::string>* explain) {
  if (!explain || module.empty()) return;
  if (!layers.empty() && layers.back() != global_layer_.get() &&
      layers.back() != environment_layer_.get())
    return;  // the module has a layer of its own
  bool exists = std::any_of(modulepath_.begin(), modulepath_.end(),
                            [&](const fs::path& dir) { return fs::is_directory(dir / module); });
  explain->push_back(indent + (exists
                                   ? "Module data provider for module \"" + module + "\" not found"
                                   : "Module \"" + module + "\" not found"));
}

std::optional<MergeStrategy> Hiera::merge_option(const std::string& key, const Value& options) {
  const Value* mine = hash_find(options.hash(), Value(key));
  if (!mine) {
    for (const auto& [pattern, option] : options.hash()) {
      if (!pattern.is_string() || !pattern.string().starts_with("^")) continue;
      auto compiled = option_patterns_.find(pattern.string());
      if (compiled == option_patterns_.end())
        compiled = option_patterns_
                       .emplace(pattern.string(), rubyish::compile_ruby_regex(pattern.string()))
                       .first;
      if (rubyish::regex_search_bounded(key, compiled->second)) {
        mine = &option;
        break;
      }
    }
  }
  if (mine && mine->is_hash())
    if (const Value* merge = hash_find(mine->hash(), Value("merge"))) return parse_merge(*merge);
  return std::nullopt;
}

std::optional<Value> Hiera::lookup(const std::string& name, std::optional<MergeStrategy> merge,
                                   std::vector<std::string>* explain) {
  if (++depth_ > 32) {
    depth_ = 0;
    throw std::runtime_error("Recursive lookup detected in [" + name + "]");
  }
  struct Depth {
    int& d;
    ~Depth() { --d; }
  } guard{depth_};
  if (name == "lookup_options" || name.starts_with("lookup_options.")) {
    if (explain) explain->push_back("Invalid key \"lookup_options\"");  // reserved, as in Puppet
    return std::nullopt;
  }
  Key key = split_key(name);  // dotted keys dig into the root's value: "app::opts.port"
  std::string module =
      key.root.find("::") == std::string::npos ? "" : key.root.substr(0, key.root.find("::"));
  const std::vector<Layer*>& layers = layers_for(module);
  const std::optional<Value>& options = lookup_options(module, layers, explain);
  if (!merge && options) {
    merge = merge_option(key.root, *options);
    if (merge && explain) explain->push_back("Using merge options from \"lookup_options\" hash");
  }
  MergeStrategy strategy = merge.value_or(MergeStrategy::First);
  bool merging = strategy != MergeStrategy::First;
  if (explain) {
    explain->push_back("Searching for \"" + name + "\"");
    if (merging) explain->push_back("  Merge strategy " + strategy_name(strategy));
  }
  std::vector<Value> found;
  for (const Layer* layer : layers) {
    search_layer(*layer, key, strategy, merging ? "    " : "  ", found, explain);
    if (strategy == MergeStrategy::First && !found.empty()) break;
  }
  // A merge goes on to the module's place, as a first-found search does when nothing was found.
  if (merging || found.empty())
    explain_missing_module(module, layers, merging ? "    " : "  ", explain);
  if (found.empty()) return std::nullopt;
  Value merged = merge_values(strategy, found);
  if (explain && merging) explain->push_back("    Merged result: " + explain_value(merged, 4));
  return dig(key, std::move(merged), explain, "");
}

Hiera::Key Hiera::split_key(const std::string& name) {
  Key key{name, name, {}};
  if (name.find('.') == std::string::npos || name.find('\'') != std::string::npos) return key;
  std::stringstream parts(name);
  std::string part;
  std::getline(parts, key.root, '.');
  while (std::getline(parts, part, '.')) key.segments.push_back(part);
  return key;
}

std::optional<Value> Hiera::dig(const Key& key, Value value, std::vector<std::string>* explain,
                                const std::string& indent) {
  if (key.segments.empty()) return value;
  if (explain) {
    std::string sub = key.segments.front();
    for (std::size_t i = 1; i < key.segments.size(); ++i) sub += "." + key.segments[i];
    explain->push_back(indent + "  Sub key: \"" + sub + "\"");
  }
  for (const std::string& segment : key.segments) {
    std::int64_t number = 0;
    auto [end, error] = std::from_chars(segment.data(), segment.data() + segment.size(), number);
    bool index = !segment.empty() && error == std::errc() &&
                 end == segment.data() + segment.size() &&
                 segment.find_first_not_of("0123456789") == std::string::npos;
    const Value* next = nullptr;
    if (index && value.is_array()) {
      if (static_cast<std::uint64_t>(number) < value.array().size())
        next = &value.array()[static_cast<std::size_t>(number)];
    } else if (value.is_hash()) {
      // YAML's integer keys reach here as strings (the data is read through JSON's model), so
      // a number finds either.
      if (index) next = hash_find(value.hash(), Value(number));
      if (!next) next = hash_find(value.hash(), Value(segment));
    } else if (!value.is_undef()) {
      // Puppet's words, with Ruby's class names.
      std::string type = value.is_array()     ? "Array"
                         : value.is_string()  ? "String"
                         : value.is_integer() ? "Integer"
                         : value.is_float()   ? "Float"
                         : value.is_boolean() ? (value.boolean() ? "TrueClass" : "FalseClass")
                                              : "Object";
      throw std::runtime_error("Data Provider type mismatch: Got " + type +
                               " when a hash-like object was expected to access value using '" +
                               segment + "' from key '" + key.name + "'");
    }
    if (!next) {
      if (explain) explain->push_back(indent + "    No such key: \"" + segment + "\"");
      return std::nullopt;
    }
    Value inner = *next;
    value = std::move(inner);
    if (explain)
      explain->push_back(indent + "    Found key: \"" + segment +
                         "\" value: " + explain_value(value, indent.size() + 4));
  }
  return value;
}

}  // namespace marionette::compiler::hiera
