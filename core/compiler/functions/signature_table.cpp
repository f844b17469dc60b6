// The dispatch signatures of the native functions that declare them, as Puppet 7.23's
// lib/puppet/functions declare them (types as Puppet prints them), checked before the call.
#include <algorithm>
#include <array>
#include <utility>

#include "compiler/functions/signatures.hpp"

namespace marionette::compiler {

namespace {

using S = Signature;

Signature plain(std::vector<S::Parameter> parameters, std::size_t required) {
  Signature s;
  s.parameters = std::move(parameters), s.required = required;
  return s;
}

Signature with_block(std::vector<S::Parameter> parameters, std::size_t required,
                     std::string_view block, std::int64_t count, bool optional = false) {
  Signature s = plain(std::move(parameters), required);
  s.block = block, s.block_min = s.block_max = count, s.block_optional = optional;
  return s;
}

Signature repeating(std::vector<S::Parameter> parameters, std::size_t required) {
  Signature s = plain(std::move(parameters), required);
  s.repeated = true;
  return s;
}

/// upcase's family of string functions: a number, a string, or an iterable of those.
std::vector<Signature> on_strings() {
  return {plain({{"Numeric", "arg"}}, 1), plain({{"String", "arg"}}, 1),
          plain({{"Iterable[Variant[String, Numeric]]", "arg"}}, 1)};
}

/// group_by and partition.
std::vector<Signature> grouping() {
  return {with_block({{"Collection", "collection"}}, 1, "Callable[1, 1]", 1),
          with_block({{"Array", "array"}}, 1, "Callable[2, 2]", 2),
          with_block({{"Collection", "collection"}}, 1, "Callable[2, 2]", 2)};
}

/// regsubst's dispatches: OpenVox 8's take Sensitive targets too.
std::vector<Signature> regsubst(std::string_view target) {
  return {plain({{target, "target"},
                 {"String", "pattern"},
                 {"Variant[String, Hash[String, String]]", "replacement"},
                 {"Optional[Pattern[/^[GEIM]*$/]]", "flags"},
                 {"Enum['E', 'N', 'S', 'U']", "encoding"}},
                3),
          plain({{target, "target"},
                 {"Variant[Regexp, Type[Regexp]]", "pattern"},
                 {"Variant[String, Hash[String, String]]", "replacement"},
                 {"Pattern[/^G?$/]", "flags"}},
                3)};
}

using Table = std::vector<std::pair<std::string_view, std::vector<Signature>>>;

/// Where OpenVox 8's signatures differ from Puppet 7's.
Table build_openvox8() {
  return {{"regsubst", regsubst("Variant[Array[Variant[String, Sensitive[String]]], "
                                "Sensitive[Array[Variant[String, Sensitive[String]]]], String, "
                                "Sensitive[String]]")}};
}

Table build() {
  constexpr std::string_view kTree = "Variant[Iterator, Array, Hash, Object]";
  Table table = {
      {"assert_type",
       {with_block({{"Type", "type"}, {"Any", "value"}}, 2, "Callable[Type, Type]", 2, true),
        with_block({{"String", "type_string"}, {"Any", "value"}}, 2, "Callable[Type, Type]", 2,
                   true)}},
      {"camelcase", on_strings()},
      {"capitalize", on_strings()},
      {"chomp", on_strings()},
      {"chop", on_strings()},
      {"defined",
       {repeating({{"Variant[String, Type[CatalogEntry], Type[Type[CatalogEntry]]]", "vals"}}, 1)}},
      {"dig", {repeating({{"Optional[Collection]", "data"}, {"Any", "arg"}}, 1)}},
      {"get",
       {with_block({{"Any", "value"}, {"String", "dotted_string"}, {"Any", "default_value"}}, 2,
                   "Callable[1, 1]", 1, true)}},
      // The variable name's Pattern is checked by getvar itself, in Puppet's own words.
      {"getvar",
       {with_block({{"String", "get_string"}, {"Any", "default_value"}}, 1, "Callable[1, 1]", 1,
                   true)}},
      {"group_by", grouping()},
      {"index",
       {with_block({{"Hash[Any, Any]", "hash"}}, 1, "Callable[2, 2]", 2),
        with_block({{"Hash[Any, Any]", "hash"}}, 1, "Callable[1, 1]", 1),
        with_block({{"Iterable", "enumerable"}}, 1, "Callable[2, 2]", 2),
        with_block({{"Iterable", "enumerable"}}, 1, "Callable[1, 1]", 1),
        plain({{"String", "str"}, {"Variant[String, Regexp]", "match"}}, 2),
        plain({{"Iterable", "enumerable"}, {"Any", "match"}}, 2)}},
      {"lest", {with_block({{"Any", "arg"}}, 1, "Callable[0, 0]", 0)}},
      {"lstrip", on_strings()},
      {"partition", grouping()},
      {"regsubst", regsubst("Variant[Array[String], String]")},
      {"reverse_each",
       {plain({{"Iterable", "iterable"}}, 1),
        with_block({{"Iterable", "iterable"}}, 1, "Callable[1, 1]", 1)}},
      {"rstrip", on_strings()},
      {"sort",
       {with_block({{"String", "string_value"}}, 1, "Callable[2, 2]", 2, true),
        with_block({{"Array", "array_value"}}, 1, "Callable[2, 2]", 2, true)}},
      {"step",
       {plain({{"Iterable", "iterable"}, {"Integer[1]", "step"}}, 2),
        with_block({{"Iterable", "iterable"}, {"Integer[1]", "step"}}, 2, "Callable[1, 1]", 1)}},
      {"strip", on_strings()},
      {"then", {with_block({{"Any", "arg"}}, 1, "Callable[1, 1]", 1)}},
      // The options are Puppet's OptionsType, a Struct its function checks itself.
      {"tree_each",
       {with_block({{kTree, "tree"}, {"Hash", "options"}}, 1, "Callable[2, 2]", 2),
        with_block({{kTree, "tree"}, {"Hash", "options"}}, 1, "Callable[1, 1]", 1),
        plain({{kTree, "tree"}, {"Hash", "options"}}, 1)}},
      {"type",
       {plain({{"Any", "value"}, {"Enum['detailed']", "inference_method"}}, 1),
        plain({{"Any", "value"}, {"Enum['reduced']", "inference_method"}}, 2),
        plain({{"Any", "value"}, {"Enum['generalized']", "inference_method"}}, 2)}},
      {"unique",
       {with_block({{"String", "string"}}, 1, "Callable[String]", 1, true),
        with_block({{"Hash", "hash"}}, 1, "Callable[Any]", 1, true),
        with_block({{"Array", "array"}}, 1, "Callable[Any]", 1, true),
        with_block({{"Iterable", "iterable"}}, 1, "Callable[Any]", 1, true)}},
  };
  std::sort(table.begin(), table.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  return table;
}

}  // namespace

const std::vector<Signature>* native_signatures(std::string_view function, PuppetCompat compat) {
  static const Table table = build();
  static const Table openvox8 = build_openvox8();
  auto find = [&](const Table& in) -> const std::vector<Signature>* {
    for (const auto& [name, signatures] : in)
      if (name == function) return &signatures;
    return nullptr;
  };
  if (compat == PuppetCompat::puppet8)
    if (const auto* differing = find(openvox8)) return differing;
  auto found = std::lower_bound(table.begin(), table.end(), function,
                                [](const auto& e, std::string_view n) { return e.first < n; });
  return found != table.end() && found->first == function ? &found->second : nullptr;
}

}  // namespace marionette::compiler
