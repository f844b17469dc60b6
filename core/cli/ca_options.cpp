#include "cli/ca_options.hpp"

namespace marionette::cli {

namespace {

using Kind = CaOption::Kind;
using O = CaCommandOptions&;
using V = const OptionValue&;

}  // namespace

const std::vector<CaOption>& ca_options() {
  static const std::vector<CaOption> all = {
      {"--all", Kind::flag, 0, 0, [](O o, V) { o.all = true; }, nullptr},
      {"--allow-authorization-extensions", Kind::flag, 0, 0,
       [](O o, V) { o.ca.allow_authorization_extensions = true; }, nullptr},
      {"--ca-client", Kind::flag, 0, 0, [](O o, V) { o.ca_client = true; }, nullptr},
      {"--subject-alt-names NAMES", Kind::text, 0, 0,
       [](O o, V v) { o.subject_alt_names = v.text; }, nullptr},
  };
  return all;
}

std::set<std::string> ca_valued_options() {
  return valued_options(ca_options());
}

std::set<std::string> ca_flags() {
  return option_names(ca_options(), Kind::flag);
}

CaCommandOptions read_ca_options(const Arguments& args) {
  CaCommandOptions options;
  read_options(args, ca_options(), options);
  return options;
}

}  // namespace marionette::cli
