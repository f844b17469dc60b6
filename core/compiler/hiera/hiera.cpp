#include "compiler/hiera/hiera.hpp"

#include <glob.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "facts/facts.hpp"

namespace marionette::compiler::hiera {

namespace fs = std::filesystem;

Hiera::Hiera(std::optional<fs::path> env_dir, std::vector<fs::path> modulepath,
             VariableResolver variables)
    : env_dir_(std::move(env_dir)),
      modulepath_(std::move(modulepath)),
      variables_(std::move(variables)) {}

const std::vector<Hiera::Layer*>& Hiera::layers_for(const std::string& key) {
  std::string module = key.find("::") == std::string::npos ? "" : key.substr(0, key.find("::"));
  auto cached = layers_cache_.find(module);
  if (cached != layers_cache_.end()) return cached->second;
  std::vector<Layer*> layers;
  if (!environment_loaded_) {
    environment_loaded_ = true;
    if (env_dir_)
      if (auto config = load_config(*env_dir_, true))
        environment_layer_ = std::make_unique<Layer>(Layer{"environment", std::move(*config)});
  }
  if (environment_layer_) layers.push_back(environment_layer_.get());
  if (!module.empty()) {
    auto [found, fresh] = module_layers_.try_emplace(module);
    if (fresh) {
      for (const fs::path& dir : modulepath_) {
        if (!fs::is_directory(dir / module)) continue;
        if (auto config = load_config(dir / module, false))
          found->second = std::make_unique<Layer>(Layer{"module " + module, std::move(*config)});
        break;
      }
    }
    if (found->second) layers.push_back(found->second.get());
  }
  return layers_cache_.emplace(module, std::move(layers)).first->second;
}

std::vector<fs::path> Hiera::data_files(const HierarchyLevel& level) {
  std::vector<fs::path> out;
  for (const std::string& path : level.paths)
    out.push_back(level.datadir / to_string(interpolate_string(path)));
  for (const std::string& pattern : level.globs) {
    std::string full = (level.datadir / to_string(interpolate_string(pattern))).string();
    glob_t matches{};
    if (::glob(full.c_str(), 0, nullptr, &matches) == 0)
      for (std::size_t i = 0; i < matches.gl_pathc; ++i) out.emplace_back(matches.gl_pathv[i]);
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
      out.push_back(level.datadir / to_string(interpolate_string(path)));
    }
  }
  return out;
}

const Value* Hiera::data_file(const fs::path& path, const std::string& data_hash) {
  auto [found, fresh] = files_.try_emplace(path);
  if (fresh && fs::is_regular_file(path)) {
    if (data_hash == "json_data") {
      std::ifstream in(path);
      try {
        found->second = from_data(catalog::Data::parse(in));
      } catch (const std::exception& e) {
        throw std::runtime_error(path.string() + ": error: " + e.what());
      }
    } else {
      found->second = from_data(facts::load_yaml_file(path));
    }
  }
  return found->second ? &*found->second : nullptr;
}

std::optional<MergeStrategy> Hiera::merge_option(const std::string& key, const Layer& layer) {
  for (const HierarchyLevel& level : layer.config.hierarchy) {
    for (const fs::path& file : data_files(level)) {
      const Value* data = data_file(file, level.data_hash);
      if (!data || !data->is_hash()) continue;
      const Value* options = hash_find(data->hash(), Value("lookup_options"));
      if (!options || !options->is_hash()) continue;
      const Value* mine = hash_find(options->hash(), Value(key));
      if (!mine) {
        for (const auto& [pattern, option] : options->hash()) {
          if (!pattern.is_string() || !pattern.string().starts_with("^")) continue;
          if (std::regex_search(key, std::regex(pattern.string()))) {
            mine = &option;
            break;
          }
        }
      }
      if (mine && mine->is_hash())
        if (const Value* merge = hash_find(mine->hash(), Value("merge")))
          return parse_merge(*merge);
    }
  }
  return std::nullopt;
}

std::optional<Value> Hiera::lookup(const std::string& key, std::optional<MergeStrategy> merge,
                                   std::vector<std::string>* explain) {
  if (++depth_ > 32) {
    depth_ = 0;
    throw std::runtime_error("Recursive lookup detected in [" + key + "]");
  }
  struct Depth {
    int& d;
    ~Depth() { --d; }
  } guard{depth_};
  const std::vector<Layer*>& layers = layers_for(key);
  if (!merge)
    for (const Layer* layer : layers)
      if ((merge = merge_option(key, *layer))) break;
  MergeStrategy strategy = merge.value_or(MergeStrategy::First);
  std::vector<std::string> segments;  // dotted keys dig into the value: "app::opts.port"
  std::string root = key;
  if (key.find('.') != std::string::npos && key.find('\'') == std::string::npos) {
    std::stringstream parts(key);
    std::string part;
    std::getline(parts, root, '.');
    while (std::getline(parts, part, '.')) segments.push_back(part);
  }
  std::vector<Value> found;
  for (const Layer* layer : layers) {
    if (explain)
      explain->push_back(layer->label + " layer (" +
                         (layer->config.file.empty() ? std::string("default hiera.yaml")
                                                     : layer->config.file.string()) +
                         ")");
    for (const HierarchyLevel& level : layer->config.hierarchy) {
      for (const fs::path& file : data_files(level)) {
        const Value* data = data_file(file, level.data_hash);
        const Value* value =
            data && data->is_hash() ? hash_find(data->hash(), Value(root)) : nullptr;
        for (const std::string& segment : segments) {
          if (!value) break;
          if (value->is_hash())
            value = hash_find(value->hash(), Value(segment));
          else if (value->is_array() && !segment.empty() &&
                   segment.find_first_not_of("0123456789") == std::string::npos &&
                   std::stoul(segment) < value->array().size())
            value = &value->array()[std::stoul(segment)];
          else
            value = nullptr;
        }
        if (explain)
          explain->push_back("  " + level.name + ": " + file.string() +
                             (!data   ? " (not found)"
                              : value ? " found: " + to_string(*value)
                                      : " (no key '" + key + "')"));
        if (!value) continue;
        found.push_back(interpolate(*value));
        if (strategy == MergeStrategy::First) return found.front();
      }
    }
  }
  if (found.empty()) return std::nullopt;
  return merge_values(strategy, found);
}

}  // namespace marionette::compiler::hiera
