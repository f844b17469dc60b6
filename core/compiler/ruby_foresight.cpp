#include "compiler/ruby_foresight.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/environment.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/ruby_module.hpp"
#include "compiler/ruby_templates.hpp"
#include "lang/parser.hpp"

namespace marionette::compiler {

namespace fs = std::filesystem;

namespace {

bool lower_or_digit(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

bool name_character(char c) {
  return lower_or_digit(c) || (c >= 'A' && c <= 'Z') || c == ':';
}

/// "a::b_c::d": segments of a lowercase letter then letters, digits and underscores.
bool namespaced_function_name(std::string_view name) {
  if (name.find("::") == std::string_view::npos) return false;
  std::size_t at = 0;
  for (;;) {
    std::size_t end = name.find("::", at);
    std::string_view segment = name.substr(at, end == std::string_view::npos ? end : end - at);
    if (segment.empty() || !(segment[0] >= 'a' && segment[0] <= 'z')) return false;
    for (char c : segment)
      if (!lower_or_digit(c)) return false;
    if (end == std::string_view::npos) return true;
    at = end + 2;
  }
}

/// Calls `visit` with each namespaced name that a '(' follows: `ns::f(`, `$x.ns::f (`.
template <typename Visit>
bool any_called_name(std::string_view text, Visit visit) {
  for (std::size_t at = text.find("::"); at != std::string_view::npos;
       at = text.find("::", at + 2)) {
    std::size_t start = at, end = at + 2;
    while (start > 0 && name_character(text[start - 1])) --start;
    while (end < text.size() && name_character(text[end])) ++end;
    std::size_t next = end;
    while (next < text.size() && (text[next] == ' ' || text[next] == '\t')) ++next;
    if (next >= text.size() || text[next] != '(' || (start > 0 && text[start - 1] == '$')) {
      at = end - 2;
      continue;
    }
    std::string_view name = text.substr(start, end - start);
    if (name.starts_with("::")) name.remove_prefix(2);
    if (namespaced_function_name(name) && visit(std::string(name))) return true;
    at = end - 2;
  }
  return false;
}

/// Calls `visit` with each quoted 'module/file.erb' (no interpolation in it).
template <typename Visit>
bool any_template_reference(std::string_view text, Visit visit) {
  constexpr std::size_t kLongest = 256;
  for (std::size_t at = text.find(".erb"); at != std::string_view::npos;
       at = text.find(".erb", at + 4)) {
    std::size_t end = at + 4;
    if (end >= text.size() || (text[end] != '\'' && text[end] != '"')) continue;
    char quote = text[end];
    std::size_t open = text.rfind(quote, at);
    if (open == std::string_view::npos || at - open > kLongest) continue;
    std::string_view reference = text.substr(open + 1, end - open - 1);
    std::size_t slash = reference.find('/');
    if (slash == std::string_view::npos || slash == 0 ||
        reference.find_first_of("$\n\\ ") != std::string_view::npos ||
        !namespaced_function_name(std::string(reference.substr(0, slash)) + "::x"))
      continue;
    if (visit(std::string(reference))) return true;
  }
  return false;
}

/// The names a template's Ruby calls through scope.call_function('ns::f', ...).
template <typename Visit>
bool any_template_call(std::string_view text, Visit visit) {
  constexpr std::string_view kCall = "call_function(";
  for (std::size_t at = text.find(kCall); at != std::string_view::npos;
       at = text.find(kCall, at + kCall.size())) {
    std::size_t open = at + kCall.size();
    while (open < text.size() && text[open] == ' ') ++open;
    if (open >= text.size() || (text[open] != '\'' && text[open] != '"')) continue;
    std::size_t close = text.find(text[open], open + 1);
    if (close == std::string_view::npos) continue;
    std::string_view name = text.substr(open + 1, close - open - 1);
    if (namespaced_function_name(name) && visit(std::string(name))) return true;
  }
  return false;
}

}  // namespace

void RubyForesight::look_at(const lang::Program& program) {
  if (seen_ || !program.file) return;
  try {
    if (needs_ruby(program.file->text)) {
      seen_ = true;
      prepare_ruby();
    }
  } catch (const std::exception&) {
    // A guess only: whatever fails here fails again, and is reported, where the compile meets it.
  }
}

bool RubyForesight::needs_ruby(std::string_view text) {
  return any_called_name(text, [&](const std::string& name) { return ruby_function(name); }) ||
         any_template_reference(
             text, [&](const std::string& reference) { return ruby_template(reference); });
}

bool RubyForesight::ruby_function(const std::string& name) {
  auto [known, added] = functions_.try_emplace(name, false);
  if (!added) return known->second;
  if (find_function(name)) return false;
  std::size_t colons = name.find("::");
  const fs::path* dir = environment_.module_dir(name.substr(0, colons));
  if (!dir) return false;
  std::string path, rest;  // a::b::c -> a/b/c, and b/c
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name.compare(i, 2, "::") == 0) {
      path += '/';
      ++i;
    } else {
      path += name[i];
    }
  }
  rest = path.substr(colons + 1);
  std::error_code error;
  if (fs::exists(*dir / "functions" / (rest + ".pp"), error)) return false;
  return known->second = fs::is_regular_file(*dir / "lib/puppet/functions" / (path + ".rb"), error);
}

bool RubyForesight::ruby_template(const std::string& reference) {
  auto [known, added] = templates_.try_emplace(reference, false);
  if (!added) return known->second;
  std::optional<fs::path> found = environment_.module_file(reference, "templates");
  if (!found) return false;
  std::string path = fs::absolute(*found).lexically_normal().string();
  if (template_beyond_native_engine(path)) return known->second = true;
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return known->second = any_template_call(
             text.str(), [&](const std::string& name) { return ruby_function(name); });
}

}  // namespace marionette::compiler
