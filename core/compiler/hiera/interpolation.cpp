#include <regex>
#include <stdexcept>

#include "compiler/hiera/hiera.hpp"
#include "text/text.hpp"

namespace marionette::compiler::hiera {

/// Sets where interpolate() writes its --explain lines, and puts the previous place back when
/// it goes.
struct Hiera::Explaining {
  Explaining(Hiera& hiera, std::vector<std::string>* lines, std::string indent)
      : hiera_(hiera), lines_(hiera.explaining_), indent_(std::move(hiera.explain_indent_)) {
    hiera_.explaining_ = lines;
    hiera_.explain_indent_ = std::move(indent);
  }
  ~Explaining() {
    hiera_.explaining_ = lines_;
    hiera_.explain_indent_ = std::move(indent_);
  }
  Explaining(const Explaining&) = delete;
  Explaining& operator=(const Explaining&) = delete;

 private:
  Hiera& hiera_;
  std::vector<std::string>* lines_;
  std::string indent_;
};

Value Hiera::interpolate_explained(const Value& value, const std::string& indent,
                                   std::vector<std::string>& explain) {
  Explaining here(*this, &explain, indent);
  return interpolate(value);
}

Value Hiera::interpolate(const Value& value) {
  if (value.is_string()) {
    if (value.string().find("%{") == std::string::npos) return value;
    if (explaining_)
      explaining_->push_back(explain_indent_ + "Interpolation on \"" + value.string() + "\"");
    return interpolate_string(value.string());
  }
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array()) out.push_back(interpolate(item));
    return out;
  }
  if (value.is_hash()) {
    Hash out;
    for (const auto& [key, item] : value.hash())
      out.emplace_back(interpolate(key), interpolate(item));
    return out;
  }
  return value;
}

/// `%{name.key}` (a variable, digging into hashes), `%{lookup('k')}`/`%{hiera('k')}`,
/// `%{alias('k')}` (the value itself, when it is the whole string), `%{literal('x')}`,
/// `%{scope('name')}`.
Value Hiera::resolve_expression(const std::string& expression, bool& whole_value) {
  static const std::regex call(R"(^(\w+)\(\s*(['"])(.*)\2\s*\)$)");
  std::smatch parts;
  whole_value = false;
  // A variable's name has no parenthesis: only a call is matched against the pattern (a
  // hierarchy's paths are interpolated on every lookup, and std::regex is slow).
  if (expression.find('(') != std::string::npos && std::regex_match(expression, parts, call)) {
    std::string function = parts[1].str(), argument = parts[3].str();
    if (function == "literal") return argument;
    if (function == "scope") return variables_(argument);
    if (function == "lookup" || function == "hiera" || function == "alias") {
      std::vector<std::string> nested;
      std::vector<std::string>* explain = explaining_;
      std::string indent = explain_indent_ + "  ";
      std::optional<Value> found;
      {
        Explaining none(*this, nullptr, "");  // the nested lookup explains its own interpolations
        found = lookup(argument, std::nullopt, explain ? &nested : nullptr);
      }
      if (explain)
        for (const std::string& line : nested) {
          std::string shifted = indent;  // a value's continuation lines move along with it
          for (char c : line) shifted += c == '\n' ? "\n" + indent : std::string(1, c);
          explain->push_back(std::move(shifted));
        }
      if (!found)
        throw std::runtime_error("Function " + function + "() did not find a value for the name '" +
                                 argument + "'");
      whole_value = function == "alias";
      return *found;
    }
    throw std::runtime_error("Unknown interpolation method '" + function + "'");
  }
  bool global = expression.starts_with("::");  // the top scope named as such
  Key key = split_key(global ? expression.substr(2) : expression);
  key.name = expression;
  const std::string root_name = global ? "::" + key.root : key.root;
  Value root = entries_ && !key.segments.empty() ? entries_(root_name, key.segments.front())
                                                 : variables_(root_name);
  if (explaining_) {
    explaining_->push_back(explain_indent_ + "  Global Scope");
    if (!root.is_undef())
      explaining_->push_back(explain_indent_ + "    Found key: \"" + (global ? "::" : "") +
                             key.root +
                             "\" value: " + explain_value(root, explain_indent_.size() + 4));
  }
  if (root.is_undef()) return root;
  return dig(key, std::move(root), explaining_, explain_indent_).value_or(Value());
}

Value Hiera::interpolate_string(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (text.compare(i, 2, "%{") != 0) {
      out += text[i++];
      continue;
    }
    std::size_t end = text.find('}', i + 2);
    if (end == std::string::npos)
      throw std::runtime_error("Unclosed interpolation in '" + text + "'");
    bool whole_value = false;
    Value resolved = resolve_expression(
        std::string(text::trimmed(text.substr(i + 2, end - i - 2), " \t")), whole_value);
    if (whole_value) {
      if (i == 0 && end + 1 == text.size()) return resolved;
      throw std::runtime_error(
          "'alias' interpolation is only permitted if the expression is equal to the entire "
          "string");
    }
    out += to_string(resolved);
    i = end + 1;
  }
  return out;
}

}  // namespace marionette::compiler::hiera
