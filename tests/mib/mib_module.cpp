#include "mib_module.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace marionette::mibtest {
namespace {

/// Words, braces, commas, semicolons and "::="; comments and quoted strings dropped.
std::vector<std::string> tokenize(const std::string& text) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (text.compare(i, 2, "--") == 0) {
      std::size_t end = text.find('\n', i);
      i = end == std::string::npos ? text.size() : end;
    } else if (c == '"') {
      std::size_t end = text.find('"', i + 1);
      if (end == std::string::npos) throw std::runtime_error("unterminated string");
      i = end + 1;
    } else if (text.compare(i, 3, "::=") == 0) {
      tokens.emplace_back("::=");
      i += 3;
    } else if (c == '{' || c == '}' || c == ',' || c == ';' || c == '(' || c == ')') {
      tokens.emplace_back(1, c);
      ++i;
    } else {
      std::size_t start = i;
      while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i])) &&
             std::string_view("{},;()\"").find(text[i]) == std::string_view::npos) {
        ++i;
      }
      tokens.push_back(text.substr(start, i - start));
    }
  }
  return tokens;
}

struct Definition {
  std::string name;
  std::string macro;  ///< OBJECT-TYPE, OBJECT-IDENTITY, MODULE-IDENTITY, OBJECT, ...
  std::size_t body_begin = 0, body_end = 0;  ///< tokens between the macro and "::="
  std::string parent;
  std::uint32_t arc = 0;
};

/// The words inside the braces that follow `keyword` in tokens [begin, end).
std::vector<std::string> braced_list_after(const std::vector<std::string>& tokens,
                                           std::size_t begin, std::size_t end,
                                           const std::string& keyword) {
  std::vector<std::string> words;
  for (std::size_t i = begin; i + 1 < end; ++i) {
    if (tokens[i] != keyword || tokens[i + 1] != "{") continue;
    for (std::size_t j = i + 2; j < end && tokens[j] != "}"; ++j) {
      if (tokens[j] != ",") words.push_back(tokens[j]);
    }
  }
  return words;
}

std::vector<Definition> definitions_of(const std::vector<std::string>& tokens) {
  static const std::vector<std::string> kMacros = {
      "OBJECT-TYPE",     "MODULE-IDENTITY",   "OBJECT-GROUP",       "MODULE-COMPLIANCE",
      "OBJECT-IDENTITY", "NOTIFICATION-TYPE", "NOTIFICATION-GROUP", "OBJECT"};
  std::size_t i = 0;
  while (i < tokens.size() && tokens[i] != ";") ++i;  // skip IMPORTS
  std::vector<Definition> definitions;
  for (++i; i + 1 < tokens.size(); ++i) {
    const std::string& macro = tokens[i + 1];
    if (std::find(kMacros.begin(), kMacros.end(), macro) == kMacros.end()) continue;
    if (macro == "OBJECT" && (i + 2 >= tokens.size() || tokens[i + 2] != "IDENTIFIER")) continue;
    std::size_t assign = i + 2;
    while (assign < tokens.size() && tokens[assign] != "::=") ++assign;
    if (assign + 4 >= tokens.size() || tokens[assign + 1] != "{" || tokens[assign + 4] != "}") {
      throw std::runtime_error("cannot read the OID of " + tokens[i]);
    }
    Definition definition{tokens[i],
                          macro,
                          i + 2,
                          assign,
                          tokens[assign + 2],
                          static_cast<std::uint32_t>(std::stoul(tokens[assign + 3]))};
    definitions.push_back(definition);
    i = assign + 4;
  }
  return definitions;
}

}  // namespace

MibModule read_mib_module(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file.string());
  std::stringstream text;
  text << in.rdbuf();
  const std::vector<std::string> tokens = tokenize(text.str());
  const std::vector<Definition> definitions = definitions_of(tokens);

  MibModule module;
  std::map<std::string, subagent::Oid> relative;  // name -> OID below the identity
  for (const Definition& d : definitions) {
    if (d.macro == "MODULE-IDENTITY") {
      module.identity = d.name;
      module.identity_parent = d.parent;
      module.identity_arc = d.arc;
      relative[d.name] = {};
      continue;
    }
    auto parent = relative.find(d.parent);
    if (parent == relative.end()) throw std::runtime_error("unknown parent " + d.parent);
    subagent::Oid oid = parent->second;
    oid.push_back(d.arc);
    relative[d.name] = oid;

    if (d.macro == "OBJECT-TYPE") {
      std::size_t at = d.body_begin;
      while (at < d.body_end && tokens[at] != "SYNTAX") ++at;
      std::size_t access = d.body_begin;
      while (access < d.body_end && tokens[access] != "MAX-ACCESS") ++access;
      module.objects.push_back({d.name, oid, at + 1 < d.body_end ? tokens[at + 1] : "",
                                access + 1 < d.body_end ? tokens[access + 1] : ""});
    } else if (d.macro == "OBJECT-GROUP" || d.macro == "NOTIFICATION-GROUP") {
      module.groups[d.name] =
          braced_list_after(tokens, d.body_begin, d.body_end,
                            d.macro == "OBJECT-GROUP" ? "OBJECTS" : "NOTIFICATIONS");
    } else if (d.macro == "MODULE-COMPLIANCE") {
      auto groups = braced_list_after(tokens, d.body_begin, d.body_end, "MANDATORY-GROUPS");
      module.mandatory_groups.insert(module.mandatory_groups.end(), groups.begin(), groups.end());
    }
  }
  if (module.identity.empty()) throw std::runtime_error("no MODULE-IDENTITY");
  return module;
}

}  // namespace marionette::mibtest
