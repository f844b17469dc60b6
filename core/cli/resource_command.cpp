#include <algorithm>
#include <cctype>
#include <iostream>

#include "catalog/catalog.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "compiler/functions/ruby_serialization.hpp"
#include "compiler/known_types.hpp"
#include "compiler/value.hpp"
#include "ral/resource_type.hpp"
#include "text/text.hpp"
#include "transaction/apply.hpp"

namespace marionette::cli {

namespace {

/// "file" -> "File", "apt::key" -> "Apt::Key": the type as a catalog names it.
std::string capitalised(const std::string& type) {
  std::string out = text::lowercase(type);
  bool start = true;
  for (char& c : out) {
    if (start) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    start = c == ':';
  }
  return out;
}

using State = std::vector<std::pair<std::string, std::string>>;

/// A value as describe() writes it ('text', 42, ['a', 'b']) back as data, for --to_yaml.
compiler::Value from_manifest_text(const std::string& text) {
  if (text.size() >= 2 && text.front() == '\'' && text.back() == '\'')
    return compiler::Value(text.substr(1, text.size() - 2));
  if (text.size() >= 2 && text.front() == '[' && text.back() == ']') {
    compiler::Array items;
    std::string inner = text.substr(1, text.size() - 2);
    std::size_t start = 0;
    bool quoted = false;
    for (std::size_t i = 0; i <= inner.size(); ++i) {
      if (i < inner.size() && inner[i] == '\'') quoted = !quoted;
      if (i == inner.size() || (!quoted && inner[i] == ',')) {
        std::string item = inner.substr(start, i - start);
        while (!item.empty() && item.front() == ' ') item.erase(0, 1);
        if (!item.empty()) items.push_back(from_manifest_text(item));
        start = i + 1;
      }
    }
    return compiler::Value(std::move(items));
  }
  const bool integer = !text.empty() &&
                       text.find_first_not_of("-0123456789") == std::string::npos &&
                       text.find('-', 1) == std::string::npos && text != "-";
  if (integer) return compiler::Value(static_cast<std::int64_t>(std::stoll(text)));
  return compiler::Value(text);
}

/// What `puppet resource TYPE [TITLE] --to_yaml` prints: one YAML document, the type, then each
/// title with its attributes.
void print_yaml(const std::string& type, const std::vector<std::pair<std::string, State>>& all) {
  compiler::Hash titles;
  for (const auto& [title, state] : all) {
    compiler::Hash attributes;
    for (const auto& [name, value] : state)
      attributes.emplace_back(compiler::Value(name), from_manifest_text(value));
    titles.emplace_back(compiler::Value(title), compiler::Value(std::move(attributes)));
  }
  compiler::Hash document;
  document.emplace_back(compiler::Value(type), compiler::Value(std::move(titles)));
  std::cout << compiler::psych_yaml(compiler::Value(std::move(document)));
}

/// describe()'s lines with the --param parameters the resource has a value for, in Puppet's
/// order: ensure first, then by name.
State with_parameters(ral::ManagedResource& managed, State state,
                      const std::vector<std::string>& parameters) {
  for (const std::string& name : parameters) {
    auto value = managed.parameter(name);
    if (!value || std::any_of(state.begin(), state.end(),
                              [&](const auto& entry) { return entry.first == name; }))
      continue;
    auto at = std::find_if(state.begin(), state.end(), [&](const auto& entry) {
      return entry.first != "ensure" && entry.first > name;
    });
    state.insert(at, {name, *value});
  }
  return state;
}

/// --param NAME, which may be given more than once; the other words stay.
std::vector<std::string> take_parameters(std::vector<std::string>& words) {
  std::vector<std::string> names, rest;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--param" && i + 1 < words.size()) {
      names.push_back(words[++i]);
    } else if (words[i].rfind("--param=", 0) == 0) {
      names.push_back(words[i].substr(8));
    } else {
      rest.push_back(words[i]);
    }
  }
  words = std::move(rest);
  return names;
}

/// `type { 'title':` with one aligned `attribute => value,` line each, as puppet resource prints.
void print_resource(const std::string& type, const std::string& title,
                    const std::vector<std::pair<std::string, std::string>>& state) {
  std::size_t width = 0;
  for (const auto& entry : state) width = std::max(width, entry.first.size());
  std::cout << type << " { '" << title << "':\n";
  for (const auto& [name, value] : state) {
    std::cout << "  " << name << std::string(width - name.size(), ' ') << " => " << value << ",\n";
  }
  std::cout << "}\n";
}

struct Output {
  bool yaml = false;
  std::vector<std::string> parameters;
};

/// `puppet resource TYPE`: every instance the type's provider finds, sorted by title.
int list_instances(const ral::TypeDefinition& definition, const std::string& type,
                   const Output& output) {
  if (!definition.instances) {
    print_error("Could not run: the '" + type +
                "' type cannot list its instances; give a TITLE (types that can: cron, "
                "group, host, package, service, user)");
    return 1;
  }
  const ral::Host host = ral::real_host();
  std::string error;
  std::vector<std::string> titles = definition.instances(host, error);
  if (!error.empty()) {
    print_error("Could not run: " + error);
    return 1;
  }
  // Kept alive together so providers that prefetch (dpkg) share one listing.
  std::vector<std::unique_ptr<ral::ManagedResource>> kept;
  std::vector<std::pair<std::string, State>> described;
  for (const auto& title : titles) {
    catalog::Resource resource;
    resource.type = capitalised(type);
    resource.title = title;
    std::unique_ptr<ral::ManagedResource> managed = definition.make(resource, host, error);
    if (!managed) {
      print_error(error);
      return 1;
    }
    State state = with_parameters(*managed, managed->describe(), output.parameters);
    if (output.yaml)
      described.emplace_back(title, std::move(state));
    else
      print_resource(type, title, state);
    kept.push_back(std::move(managed));
  }
  if (output.yaml) print_yaml(type, described);
  return 0;
}

}  // namespace

int run_resource(const std::vector<std::string>& given_words) {
  std::vector<std::string> words = given_words;
  Output output;
  output.parameters = take_parameters(words);
  Arguments args(words, {}, {"noop", "debug", "to-yaml"});
  output.yaml = args.flag("to-yaml");
  const auto& positionals = args.positionals();
  if (positionals.empty()) {  // Puppet's words, exit 1
    print_error("Could not run: You must specify the type to display");
    return 1;
  }
  const std::string type = text::lowercase(positionals[0]);
  const ral::TypeDefinition* definition = ral::find_type(type);
  if (!definition) {
    std::string known;
    for (const auto& name : ral::type_names()) known += (known.empty() ? "" : ", ") + name;
    print_error("Could not run: marionette does not manage the resource type '" + type +
                "' (it manages: " + known + ")");
    return 1;
  }
  if (positionals.size() < 2) return list_instances(*definition, type, output);
  catalog::Resource resource;
  resource.type = capitalised(type);
  resource.title = positionals[1];
  resource.parameters = catalog::Data::object();
  std::vector<std::string> given;
  for (std::size_t i = 2; i < positionals.size(); ++i) {
    const std::string& word = positionals[i];
    std::size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0) {
      print_error("Could not run: Invalid parameter setting " + word);
      return 1;
    }
    const std::string name = word.substr(0, equals);
    if (!compiler::accepts_attribute(type, name)) {  // as puppet resource: nothing is applied
      print_error("Could not run: no parameter named '" + name + "'");
      return 1;
    }
    resource.parameters[name] = word.substr(equals + 1);
    given.push_back(name);
  }
  if (args.flag("noop")) resource.parameters["noop"] = true;

  bool failed = false;
  if (!given.empty()) {
    catalog::Catalog catalog;
    catalog.name = "marionette-resource";
    catalog.resources.push_back(resource);
    transaction::ApplyOptions options;
    options.log = make_run_log(false, args.flag("debug"));
    transaction::Report report = transaction::apply(catalog, options);
    failed = report.status == "failed";
    if (!report.transaction_completed) return 1;
  }

  std::string error;
  std::unique_ptr<ral::ManagedResource> managed =
      definition->make(resource, ral::real_host(), error);
  if (!managed) {
    print_error(error);
    return 1;
  }
  std::vector<std::pair<std::string, std::string>> state = managed->describe();
  if (given.empty() && state.empty() && definition->instances) {
    // Puppet finds TYPE TITLE among the instances: a type that cannot describe one resource
    // fails as its listing does (augeas: "To support listing resources of this type …").
    std::string listing_error;
    definition->instances(ral::real_host(), listing_error);
    if (!listing_error.empty()) {
      print_error("Could not run: " + listing_error);
      return 1;
    }
  }
  if (!given.empty()) {
    // Like puppet resource after a change: ensure, the attributes given, the properties with
    // a default, the provider.
    std::vector<std::string> shown = managed->defaulted_properties();
    shown.insert(shown.end(), given.begin(), given.end());
    std::erase_if(state, [&](const auto& entry) {
      return entry.first != "ensure" && entry.first != "provider" &&
             std::find(shown.begin(), shown.end(), entry.first) == shown.end();
    });
  }
  if (state.empty() && failed) return 1;  // the error says why; there is no state to show
  state = with_parameters(*managed, std::move(state), output.parameters);
  if (output.yaml)
    print_yaml(type, {{resource.title, state}});
  else
    print_resource(type, resource.title, state);
  return failed ? 1 : 0;
}

}  // namespace marionette::cli
