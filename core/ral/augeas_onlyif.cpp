// onlyif of the augeas type, as augeas_core's process_get, process_match and process_values
// evaluate it. Their errors reach the user as "Error sending command 'CMD' with params P/MSG",
// P being Ruby's inspect of what was left of the command after the provider took its words
// off the front: `[]` for get, `nil` for match and values.

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>

#include "ral/augeas_provider.hpp"
#include "rubyish/regex.hpp"

namespace marionette::ral::augeas {

namespace {

[[noreturn]] void fail(const std::string& command, const std::string& params,
                       const std::string& message) {
  throw CommandError("Error sending command '" + command + "' with params " + params + "/" +
                     message);
}

/// Ruby's /\A[+-]?\d+?(\.\d+)?\Z/.
bool is_numeric(std::string text) {
  if (text.ends_with('\n')) text.pop_back();
  std::size_t at = 0;
  if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
  const std::size_t digits = at;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
  if (at == digits) return false;
  if (at < text.size() && text[at] == '.') {
    const std::size_t fraction = ++at;
    while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
    if (at == fraction) return false;
  }
  return at == text.size();
}

template <typename T>
bool compare(const T& left, const std::string& comparator, const T& right) {
  if (comparator == "==") return left == right;
  if (comparator == "!=") return left != right;
  if (comparator == "<") return left < right;
  if (comparator == "<=") return left <= right;
  if (comparator == ">") return left > right;
  if (comparator == ">=") return left >= right;
  return false;  // Integer#=~ answers nil
}

bool process_get(AugeasTree& tree, const Command& command) {
  const std::string& path = command[1];
  const std::string& comparator = command[2];
  const std::string& argument = command[3];
  const std::string result = tree.get(path).value_or("");
  const bool ordering =
      comparator == "<" || comparator == "<=" || comparator == ">" || comparator == ">=";
  if (ordering && is_numeric(result) && is_numeric(argument)) {
    return compare(std::strtod(result.c_str(), nullptr), comparator,
                   std::strtod(argument.c_str(), nullptr));
  }
  if (comparator == "=~") {
    try {
      return rubyish::regex_search_bounded(result, rubyish::compile_ruby_regex(argument))
          .has_value();
    } catch (const std::regex_error& error) {
      fail("get", "[]", error.what());
    } catch (const rubyish::RegexTooComplex& error) {
      fail("get", "[]", error.what());
    }
  }
  return compare(result, comparator, argument);
}

/// The clause after the match path ("size > 0", "include X", "== [...]"), parsed as a command.
Command clause_of(const std::string& name, const std::string& text) {
  try {
    std::vector<Command> parsed = parse_commands({text}, "");
    if (parsed.empty()) {
      fail(name, "nil",
           "undefined method `shift' for nil:NilClass\n\n    verb = clause_array.shift\n"
           "                       ^^^^^^");
    }
    return parsed.front();
  } catch (const CommandError& error) {
    if (std::string(error.what()).starts_with("Error sending command")) throw;
    fail(name, "nil", error.what());
  }
}

std::vector<std::string> array_argument(const std::string& name, const std::string& text) {
  try {
    return parse_string_array(text);
  } catch (const CommandError&) {
    fail(name, "nil", "Invalid array in command: ");
  }
}

std::vector<std::string> matches(AugeasTree& tree, const std::string& name,
                                 const std::string& path) {
  std::optional<std::vector<std::string>> found = tree.match(path);
  if (!found) {
    fail(name, "nil", "unknown error - Matching path expression '" + path + "' failed");
  }
  return *found;
}

bool process_match(AugeasTree& tree, const Command& command) {
  Command clause = clause_of("match", command[2]);  // read before the tree is asked
  const std::vector<std::string> result = matches(tree, "match", command[1]);
  const std::string& verb = clause[0];
  if (verb == "size") {
    const long long wanted = std::strtoll(clause[2].c_str(), nullptr, 10);
    return compare(static_cast<long long>(result.size()), clause[1], wanted);
  }
  auto contains = [&](const std::string& text) {
    return std::find(result.begin(), result.end(), text) != result.end();
  };
  if (verb == "include") return contains(clause[1]);
  if (verb == "not_include") return !contains(clause[1]);
  if (verb == "==") return result == array_argument("match", clause[1]);
  if (verb == "!=") return result != array_argument("match", clause[1]);
  return false;
}

bool process_values(AugeasTree& tree, const Command& command) {
  Command clause = clause_of("values", command[2]);  // read before the tree is asked
  std::vector<std::optional<std::string>> values;
  for (const auto& path : matches(tree, "values", command[1])) values.push_back(tree.get(path));
  const std::string& verb = clause[0];
  auto contains = [&](const std::string& text) {
    return std::find(values.begin(), values.end(), std::optional<std::string>(text)) !=
           values.end();
  };
  auto equal = [&](const std::vector<std::string>& wanted) {
    if (wanted.size() != values.size()) return false;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
      if (values[i] != wanted[i]) return false;
    }
    return true;
  };
  if (verb == "include") return contains(clause[1]);
  if (verb == "not_include") return !contains(clause[1]);
  if (verb == "==") return equal(array_argument("values", clause[1]));
  if (verb == "!=") return !equal(array_argument("values", clause[1]));
  return false;
}

}  // namespace

bool onlyif_holds(AugeasTree& tree, const Command& command) {
  const std::string& name = command[0];
  if (name == "get") return process_get(tree, command);
  if (name == "match") return process_match(tree, command);
  if (name == "values") return process_values(tree, command);
  return true;  // any other command leaves need_to_run? at true
}

}  // namespace marionette::ral::augeas
