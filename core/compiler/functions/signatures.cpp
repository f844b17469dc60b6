#include "compiler/functions/signatures.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <stdexcept>

#include "compiler/operators.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

constexpr std::int64_t kUnlimited = std::numeric_limits<std::int64_t>::max();

// ---------------------------------------------------------------------------------------------
// The declared types, read from their text once: `Name[param, ...]`, a param a type, an
// integer, a quoted string, a /regexp/ or default.

class TypeText {
 public:
  explicit TypeText(std::string_view text) : text_(text) {}

  TypeValue read() {
    TypeValue type = type_();
    if (at_ != text_.size()) fail();
    return type;
  }

 private:
  [[noreturn]] void fail() const {
    throw std::logic_error("bad signature type: " + std::string(text_));
  }
  void blanks() {
    while (at_ < text_.size() && text_[at_] == ' ') ++at_;
  }
  bool take(char c) {
    blanks();
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    return false;
  }
  std::string word() {
    blanks();
    std::size_t from = at_;
    while (at_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[at_])) ||
                                  text_[at_] == '_' || text_[at_] == ':'))
      ++at_;
    if (from == at_) fail();
    return std::string(text_.substr(from, at_ - from));
  }
  std::string delimited(char end) {
    std::size_t from = ++at_;
    while (at_ < text_.size() && text_[at_] != end) ++at_;
    if (at_ == text_.size()) fail();
    return std::string(text_.substr(from, at_++ - from));
  }
  Value parameter() {
    blanks();
    if (at_ >= text_.size()) fail();
    char c = text_[at_];
    if (c == '\'') return Value(delimited('\''));
    if (c == '/') return Value(make_regexp(delimited('/'), lang::SourceLocation{}));
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-') {
      std::size_t from = at_++;
      while (at_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[at_]))) ++at_;
      return Value(std::int64_t{std::stoll(std::string(text_.substr(from, at_ - from)))});
    }
    if (text_.substr(at_).starts_with("default")) return at_ += 7, Value(Default{});
    return Value(type_());
  }
  TypeValue type_() {
    std::string name = word();
    std::vector<Value> parameters;
    if (take('[')) {
      do parameters.push_back(parameter());
      while (take(','));
      if (!take(']')) fail();
    }
    return make_type(std::move(name), std::move(parameters));
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

const TypeValue& declared_type(std::string_view text) {
  // Read once per thread: the table's texts live as long as the program.
  thread_local std::map<std::string_view, TypeValue> read;
  auto found = read.find(text);
  if (found == read.end()) found = read.emplace(text, TypeText(text).read()).first;
  return found->second;
}

// ---------------------------------------------------------------------------------------------
// How a value's type is named in a mismatch, as Puppet's TypeMismatch names the inferred type.

/// The class of the type Puppet infers for the value: Tuple for an array, Struct for a hash
/// whose keys are strings, Integer for 3 ...
std::string inferred_class(const Value& value) {
  if (value.is_array()) return value.array().empty() ? "Array" : "Tuple";
  if (value.is_hash()) {
    const Hash& entries = value.hash();
    bool strings = !entries.empty() && std::all_of(entries.begin(), entries.end(),
                                                   [](auto& e) { return e.first.is_string(); });
    return strings ? "Struct" : "Hash";
  }
  if (value.is_type()) return "Type";
  return type_name_of(value);
}

/// The inferred type's short name: Type[Integer] for the type Integer[1, 2].
std::string short_actual(const Value& value) {
  if (value.is_type()) return "Type[" + resolved(value.type()).name + "]";
  return inferred_class(value);
}

/// The inferred type in full where Puppet prints it so: Integer[0, 0] for 0.
std::string detailed_actual(const Value& value) {
  if (value.is_integer())
    return "Integer[" + std::to_string(value.integer()) + ", " + std::to_string(value.integer()) +
           "]";
  return short_actual(value);
}

/// Optional[X], NotUndef[X], Sensitive[X] and Type[X] keep their contained type's name.
std::string short_expected(const TypeValue& type) {
  static constexpr std::string_view kContaining[] = {"Optional", "NotUndef", "Sensitive", "Type"};
  if (std::find(std::begin(kContaining), std::end(kContaining), type.name) !=
          std::end(kContaining) &&
      !type.parameters.empty() && type.parameters[0].is_type() &&
      type.parameters[0].type().name != "Any")
    return type.name + "[" + type.parameters[0].type().name + "]";
  return type.name;
}

std::string joined_alternatives(const std::vector<std::string>& names, bool& several) {
  several = names.size() > 1;
  if (names.size() == 1) return names[0];
  if (names.size() == 2) return names[0] + " or " + names[1];
  std::string out;
  for (std::size_t i = 0; i + 1 < names.size(); ++i) out += names[i] + ", ";
  return out + "or " + names.back();
}

// ---------------------------------------------------------------------------------------------
// Puppet's mismatches (TypeMismatchDescriber): what a signature refuses, where.

struct Mismatch {
  enum class Kind { Count, MissingBlock, UnexpectedBlock, Type, Other } kind = Kind::Other;
  std::string path;  ///< "", "block", "parameter 'x'"
  // Count: the range expected and the one given.
  std::int64_t from = 0, to = 0, got_from = 0, got_to = 0;
  // Type: the types expected (an Optional's Undef apart), the value given.
  std::vector<TypeValue> expected;
  bool optional = false;
  bool pattern = false;  ///< expected are Enums or Patterns: "expects a match for"
  const Value* actual = nullptr;
  std::string text;  ///< Other: the words after the path

  bool same_place(const Mismatch& o) const { return kind == o.kind && path == o.path; }
  bool operator==(const Mismatch& o) const { return same_place(o) && format() == o.format(); }

  std::string format() const { return (path.empty() ? "" : " " + path) + " " + body(); }

 private:
  static std::string range(std::int64_t min, std::int64_t max, const char* zero) {
    if (min == max) return min == 0 ? zero : std::to_string(min);
    if (min == 0) return max == kUnlimited ? "unlimited" : "at most " + std::to_string(max);
    if (max == kUnlimited) return "at least " + std::to_string(min);
    return "between " + std::to_string(min) + " and " + std::to_string(max);
  }

  std::string body() const {
    switch (kind) {
      case Kind::Count: {
        bool one = (from == 1 && (to == 1 || to == kUnlimited)) || (from == 0 && to == 1);
        return "expects " + range(from, to, "no") + (one ? " argument" : " arguments") + ", got " +
               range(got_from, got_to, "none");
      }
      case Kind::MissingBlock:
        return "expects a block";
      case Kind::UnexpectedBlock:
        return "does not expect a block";
      case Kind::Type:
        return pattern ? pattern_body() : type_body();
      case Kind::Other:
        return text;
    }
    return text;
  }

  std::string pattern_body() const {
    // Enums are normalised into one, its values sorted.
    std::vector<std::string> values;
    bool all_enums = std::all_of(expected.begin(), expected.end(),
                                 [](const TypeValue& t) { return t.name == "Enum"; });
    std::string what;
    if (all_enums) {
      for (const TypeValue& t : expected)
        for (const Value& p : t.parameters)
          if (p.is_string()) values.push_back(p.string());
      std::sort(values.begin(), values.end());
      values.erase(std::unique(values.begin(), values.end()), values.end());
      std::vector<Value> parameters(values.begin(), values.end());
      what = type_to_string(make_type("Enum", std::move(parameters)));
    } else {
      for (const TypeValue& t : expected) what += (what.empty() ? "" : ", ") + type_to_string(t);
    }
    std::string got = actual->is_string() ? "'" + actual->string() + "'" : short_actual(*actual);
    return std::string("expects ") + (optional ? "an undef value or " : "") + "a match for " +
           what + ", got " + got;
  }

  std::string type_body() const {
    const Value& value = *actual;
    const std::string actual_class = inferred_class(value);
    bool same_class = false, to_default = false;
    for (const TypeValue& t : expected) {
      same_class = same_class || t.name == actual_class ||
                   (t.name == "Struct" && actual_class == "Hash") ||
                   (t.name == "Tuple" && actual_class == "Array");
      to_default = to_default || matches(value, TypeValue{t.name, {}});
    }
    std::vector<std::string> names;
    std::string got;
    if (same_class || to_default) {
      for (const TypeValue& t : expected) names.push_back(type_to_string(t));
      got = same_class ? detailed_actual(value) : short_actual(value);
    } else {
      for (const TypeValue& t : expected) {
        std::string name = short_expected(t);
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
      }
      got = short_actual(value);
    }
    if (optional) names.insert(names.begin(), "Undef");
    bool several = false;
    std::string what = joined_alternatives(names, several);
    if (several) return "expects a value of type " + what + ", got " + got;
    return "expects " +
           std::string(std::string_view("AEIOU").find(what[0]) == std::string::npos ? "a "
                                                                                    : "an ") +
           what + " value, got " + got;
  }
};

Mismatch at(Mismatch::Kind kind, std::string path) {
  Mismatch m;
  m.kind = kind;
  m.path = std::move(path);
  return m;
}

/// The mismatch of a value with a parameter's type.
Mismatch type_mismatch(std::string path, const TypeValue& declared, const Value& value) {
  Mismatch m = at(Mismatch::Kind::Type, std::move(path));
  m.actual = &value;
  TypeValue type = resolved(declared);
  if (type.name == "Optional") {
    m.optional = true;
    const Value* inner = type.parameters.empty() ? nullptr : &type.parameters[0];
    type = inner && inner->is_type() ? resolved(inner->type()) : TypeValue{"Any", {}};
  }
  if (type.name == "Variant") {
    for (const Value& p : type.parameters)
      if (p.is_type()) m.expected.push_back(p.type());
  } else {
    // A collection of the right kind is told where inside it the mismatch is.
    static constexpr std::string_view kDetailed[] = {"Array", "Hash", "Struct", "Tuple"};
    if (!m.optional &&
        std::find(std::begin(kDetailed), std::end(kDetailed), type.name) != std::end(kDetailed) &&
        (value.is_array() || value.is_hash())) {
      std::string text = describe_mismatch(declared, value);
      if (!text.starts_with("expects a") && !text.starts_with("expects an ")) {
        m.kind = Mismatch::Kind::Other;
        m.text = std::move(text);
        return m;
      }
    }
    m.expected.push_back(type);
  }
  m.pattern = !m.expected.empty() &&
              std::all_of(m.expected.begin(), m.expected.end(), [](const TypeValue& t) {
                return t.name == "Enum" || t.name == "Pattern";
              });
  return m;
}

std::vector<Mismatch> argument_mismatches(const Signature& signature,
                                          const std::vector<Value>& arguments) {
  auto given = static_cast<std::int64_t>(arguments.size());
  auto min = static_cast<std::int64_t>(signature.required);
  std::int64_t max =
      signature.repeated ? kUnlimited : static_cast<std::int64_t>(signature.parameters.size());
  if (given < min || given > max) {
    Mismatch m = at(Mismatch::Kind::Count, "");
    m.from = min, m.to = max, m.got_from = m.got_to = given;
    return {m};
  }
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const Signature::Parameter& p =
        signature.parameters[std::min(i, signature.parameters.size() - 1)];
    const TypeValue& type = declared_type(p.type);
    if (!matches(arguments[i], type))
      return {type_mismatch("parameter '" + std::string(p.name) + "'", type, arguments[i])};
  }
  return {};
}

std::vector<Mismatch> block_mismatches(const Signature& signature,
                                       const lang::ast::Lambda* lambda) {
  if (!lambda) {
    if (signature.block.empty() || signature.block_optional) return {};
    return {at(Mismatch::Kind::MissingBlock, "")};
  }
  if (signature.block.empty()) return {at(Mismatch::Kind::UnexpectedBlock, "")};
  std::int64_t required = 0, accepted = 0;
  for (const auto& p : lambda->parameters) {
    if (p.captures_rest) {
      accepted = kUnlimited;
      break;
    }
    ++accepted;
    if (!p.default_value) required = accepted;
  }
  // The block must take the count of arguments the function gives it.
  if (required <= signature.block_min && accepted >= signature.block_max) return {};
  Mismatch m = at(Mismatch::Kind::Count, "block");
  m.from = signature.block_min, m.to = signature.block_max;
  m.got_from = required, m.got_to = accepted;
  return {m};
}

/// Puppet's merge_descriptions: the signatures' errors told as one where each signature has one
/// of a kind at the same place (counts merged into their widest range, types listed together).
std::vector<Mismatch> merged(const std::vector<std::vector<Mismatch>>& per_signature) {
  std::vector<Mismatch> all;
  for (const auto& errors : per_signature) all.insert(all.end(), errors.begin(), errors.end());
  for (Mismatch::Kind kind : {Mismatch::Kind::Count, Mismatch::Kind::MissingBlock,
                              Mismatch::Kind::UnexpectedBlock, Mismatch::Kind::Type}) {
    std::vector<const Mismatch*> of_kind;
    for (const Mismatch& m : all)
      if (m.kind == kind) of_kind.push_back(&m);
    if (of_kind.size() != per_signature.size() || of_kind.empty()) continue;
    if (!std::all_of(of_kind.begin(), of_kind.end(),
                     [&](const Mismatch* m) { return m->same_place(*of_kind[0]); }))
      continue;
    Mismatch one = *of_kind[0];
    for (const Mismatch* m : of_kind) {
      one.from = std::min(one.from, m->from);
      one.to = std::max(one.to, m->to);
      for (const TypeValue& t : m->expected)
        if (std::none_of(one.expected.begin(), one.expected.end(), [&](const TypeValue& e) {
              return type_to_string(e) == type_to_string(t);
            }))
          one.expected.push_back(t);
      one.optional = one.optional || m->optional;
    }
    return {one};
  }
  std::vector<Mismatch> unique;
  for (const Mismatch& m : all)
    if (std::find(unique.begin(), unique.end(), m) == unique.end()) unique.push_back(m);
  return unique;
}

std::string signature_text(const Signature& signature) {
  std::string out;
  for (std::size_t i = 0; i < signature.parameters.size(); ++i) {
    const Signature::Parameter& p = signature.parameters[i];
    TypeValue type = declared_type(p.type);
    std::string indicator;
    if (signature.repeated && i + 1 == signature.parameters.size()) {
      indicator = signature.required == signature.parameters.size() ? "+" : "*";
    } else if (i >= signature.required) {
      indicator = "?";
      if (type.name == "Optional" && !type.parameters.empty() && type.parameters[0].is_type())
        type = TypeValue(type.parameters[0].type());
    }
    out += (i ? ", " : "") + type_to_string(type) + " " + std::string(p.name) + indicator;
  }
  if (!signature.block.empty())
    out += (out.empty() ? "" : ", ") + std::string(signature.block) + " block" +
           (signature.block_optional ? "?" : "");
  return out;
}

}  // namespace

std::optional<std::string> refused_call(std::string_view function,
                                        const std::vector<Signature>& signatures,
                                        const std::vector<Value>& arguments,
                                        const lang::ast::Lambda* lambda) {
  std::vector<std::vector<Mismatch>> errors;
  errors.reserve(signatures.size());
  bool all_refuse_arguments = true;
  for (const Signature& signature : signatures) {
    errors.push_back(argument_mismatches(signature, arguments));
    all_refuse_arguments = all_refuse_arguments && !errors.back().empty();
  }
  if (!all_refuse_arguments) {
    // Block errors only when some signature takes the arguments; argument errors go first.
    std::vector<std::vector<Mismatch>> block_errors;
    for (const Signature& signature : signatures)
      block_errors.push_back(block_mismatches(signature, lambda));
    auto refusing = std::count_if(block_errors.begin(), block_errors.end(),
                                  [](const auto& e) { return !e.empty(); });
    for (std::size_t i = 0; i < signatures.size(); ++i) {
      if (errors[i].empty() && block_errors[i].empty()) return std::nullopt;  // this one takes it
      if (static_cast<std::size_t>(refusing) == signatures.size() || errors[i].empty())
        errors[i] = block_errors[i];
    }
  }
  const std::string label = "'" + std::string(function) + "'";
  std::vector<Mismatch> together = merged(errors);
  if (together.size() == 1) return label + together[0].format();
  std::string out;
  if (signatures.size() == 1) {
    out = label + " expects (" + signature_text(signatures[0]) + ")";
    for (const Mismatch& m : errors[0]) out += "\n  rejected:" + m.format();
    return out;
  }
  out =
      "The function " + label + " was called with arguments it does not accept. It expects one of:";
  for (std::size_t i = 0; i < signatures.size(); ++i) {
    out += "\n  (" + signature_text(signatures[i]) + ")";
    for (const Mismatch& m : errors[i]) out += "\n    rejected:" + m.format();
  }
  return out;
}

}  // namespace marionette::compiler
