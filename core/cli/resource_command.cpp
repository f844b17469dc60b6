#include <algorithm>
#include <cctype>
#include <iostream>

#include "catalog/catalog.hpp"
#include "cli/arguments.hpp"
#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "compiler/known_types.hpp"
#include "ral/resource_type.hpp"
#include "transaction/apply.hpp"

namespace marionette::cli {

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

/// "file" -> "File", "apt::key" -> "Apt::Key": the type as a catalog names it.
std::string capitalised(const std::string& type) {
  std::string out = lower(type);
  bool start = true;
  for (char& c : out) {
    if (start) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    start = c == ':';
  }
  return out;
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

/// `puppet resource TYPE`: every instance the type's provider finds, sorted by title.
int list_instances(const ral::TypeDefinition& definition, const std::string& type) {
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
  for (const auto& title : titles) {
    catalog::Resource resource;
    resource.type = capitalised(type);
    resource.title = title;
    std::unique_ptr<ral::ManagedResource> managed = definition.make(resource, host, error);
    if (!managed) {
      print_error(error);
      return 1;
    }
    print_resource(type, title, managed->describe());
    kept.push_back(std::move(managed));
  }
  return 0;
}

}  // namespace

int run_resource(const std::vector<std::string>& words) {
  Arguments args(words, {}, {"noop", "debug"});
  const auto& positionals = args.positionals();
  if (positionals.empty()) throw UsageError("give a resource TYPE");
  const std::string type = lower(positionals[0]);
  const ral::TypeDefinition* definition = ral::find_type(type);
  if (!definition) {
    std::string known;
    for (const auto& name : ral::type_names()) known += (known.empty() ? "" : ", ") + name;
    print_error("Could not run: marionette does not manage the resource type '" + type +
                "' (it manages: " + known + ")");
    return 1;
  }
  if (positionals.size() < 2) return list_instances(*definition, type);
  catalog::Resource resource;
  resource.type = capitalised(type);
  resource.title = positionals[1];
  resource.parameters = catalog::Data::object();
  std::vector<std::string> given;
  for (std::size_t i = 2; i < positionals.size(); ++i) {
    const std::string& word = positionals[i];
    std::size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0)
      throw UsageError("expected attribute=value, not '" + word + "'");
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
  if (!given.empty()) {
    // Like puppet resource after a change: ensure, the attributes given, the provider.
    std::erase_if(state, [&](const auto& entry) {
      return entry.first != "ensure" && entry.first != "provider" &&
             std::find(given.begin(), given.end(), entry.first) == given.end();
    });
  }
  if (state.empty() && failed) return 1;  // the error says why; there is no state to show
  print_resource(type, resource.title, state);
  return failed ? 1 : 0;
}

}  // namespace marionette::cli
