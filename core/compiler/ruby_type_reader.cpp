#include "compiler/ruby_type_reader.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "compiler/resource_api_type_reader.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/tokens.hpp"

namespace marionette::compiler {

namespace {

using TokenKind = rubyish::RubyToken::Kind;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void add_unique(std::vector<std::string>& names, std::string_view name) {
  if (!contains(names, name)) names.emplace_back(name);
}

/// Reads one type file's tokens; `fail` throws at a token with the construct it cannot read.
class TypeReader {
 public:
  TypeReader(std::shared_ptr<const lang::SourceFile> source, const std::string& type_name,
             std::vector<rubyish::RubyToken> tokens)
      : source_(std::move(source)), tokens_(std::move(tokens)) {
    type_.name = type_name;
    type_.source = source_;
  }

  ResourceTypeDefinition read() {
    bool found = false;
    std::vector<std::string> current;  ///< the attributes whose block we are in
    std::vector<std::string> namevars;
    for (at_ = 0; at_ < tokens_.size(); ++at_) {
      const rubyish::RubyToken& token = tokens_[at_];
      if (token.kind != TokenKind::Identifier) continue;
      bool called_on_something = at_ > 0 && tokens_[at_ - 1].punct(".");
      bool makes_attribute = token.text == "newparam" || token.text == "newproperty" ||
                             attribute_makers_.count(token.text) > 0;
      if (token.text == "newtype" && called_on_something) {
        if (read_newtype()) {
          found = true;
          newtype_line_ = token.line;
        }
      } else if (makes_attribute && !called_on_something) {
        if (passes_method_parameter()) continue;  // inside a method that makes attributes
        bool namevar = false;
        current = attribute_names(&namevar);
        for (const std::string& name : current) {
          add_unique(attributes_, name);
          if (namevar) add_unique(namevars, name);
        }
      } else if (token.text == "ensurable" && !called_on_something) {
        add_unique(attributes_, "ensure");
      } else if (token.text == "isnamevar") {
        for (const std::string& name : current) add_unique(namevars, name);
      } else if (token.text == "newmetaparam" && !called_on_something) {
        fail(token, "a metaparameter defined by a module type (newmetaparam)");
      } else if (token.text == "each" && called_on_something) {
        read_symbol_loop();
      } else if (token.text == "def" && at_ + 3 < tokens_.size() &&
                 tokens_[at_ + 1].identifier("self") && tokens_[at_ + 2].punct(".") &&
                 tokens_[at_ + 3].identifier("title_patterns")) {
        at_ += 4;
        read_title_patterns();
      } else if (token.text == "def") {
        read_method_header();
      }
    }
    if (!found)
      fail_at(1, 1, "no `Puppet::Type.newtype(:" + type_.name + ")` in this file");
    if (namevars.empty() && !contains(attributes_, "name"))
      fail_at(newtype_line_, 1,
              "a type without a namevar in its file (its attributes are made elsewhere, by "
              "Ruby code it calls)");
    type_.attributes = attributes_;
    // The key attributes, in declaration order: the namevars, else a parameter called name
    // (as `puppet generate types` lists them).
    for (const std::string& attribute : attributes_)
      if (contains(namevars, attribute) || (namevars.empty() && attribute == "name"))
        type_.key_attributes.push_back(attribute);
    return std::move(type_);
  }

 private:
  [[noreturn]] void fail_at(std::uint32_t line, std::uint32_t column, const std::string& what) {
    lang::SourceLocation where{source_.get(), line, column, 1};
    throw lang::SourceError(
        "resource type '" + type_.name + "': marionette cannot read " + what +
            " (the type DSL is read without Ruby; see docs/real-modules.md)",
        where);
  }
  [[noreturn]] void fail(const rubyish::RubyToken& token, const std::string& what) {
    fail_at(token.line, token.column, what);
  }

  const rubyish::RubyToken* next(std::size_t ahead = 1) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }

  /// At `newtype`: `(:name, options)`. Only the file's own type counts; a parent is beyond us.
  bool read_newtype() {
    const rubyish::RubyToken* open = next();
    bool parenthesised = open && open->punct("(");
    const rubyish::RubyToken* name = next(parenthesised ? 2 : 1);
    if (!name || name->kind != TokenKind::Symbol)
      fail(tokens_[at_], "a newtype whose name is not a literal symbol");
    at_ += parenthesised ? 2 : 1;
    std::size_t depth = parenthesised ? 1 : 0;
    for (std::size_t i = at_ + 1; i < tokens_.size() && depth > 0; ++i) {
      const rubyish::RubyToken& token = tokens_[i];
      if (token.punct("(")) ++depth;
      if (token.punct(")")) --depth;
      if ((token.is(TokenKind::Label, "parent") || token.is(TokenKind::Symbol, "parent")) &&
          depth == 1)
        fail(token, "a type with a parent type (:parent)");
    }
    return name->text == type_.name;
  }

  /// The attribute name an attribute-making call passes: its first argument.
  const rubyish::RubyToken* attribute_argument() const {
    const rubyish::RubyToken* open = next();
    return next(open && open->punct("(") ? 2 : 1);
  }

  /// At `def NAME(PARAMETER, ...)` or `def self.NAME PARAMETER, ...`: remembers the method and
  /// its first parameter, in case the method makes attributes (see passes_method_parameter).
  void read_method_header() {
    method_ = {};
    std::size_t name_at =
        next() && next()->identifier("self") && next(2) && next(2)->punct(".") ? 3 : 1;
    const rubyish::RubyToken* name = next(name_at);
    if (!name || name->kind != TokenKind::Identifier) return;
    const rubyish::RubyToken* open = next(name_at + 1);
    bool parenthesised = open && open->punct("(");
    const rubyish::RubyToken* parameter = next(name_at + (parenthesised ? 2 : 1));
    if (!parameter || parameter->kind != TokenKind::Identifier ||
        (!parenthesised && parameter->line != name->line))
      return;
    method_ = {name->text, parameter->text};
    at_ += name_at;
  }

  /// At newparam/newproperty whose name is the first parameter of the method we are in
  /// (`def self.newcheck(name, options = {}, &block)  newparam(name, options, &block)`, as
  /// Puppet's exec has it): that method makes attributes, and a call to it with a literal name
  /// is read as newparam/newproperty. True when this was such a call, which it passes.
  bool passes_method_parameter() {
    const rubyish::RubyToken* name = attribute_argument();
    if (!name || name->kind != TokenKind::Identifier || method_.name.empty() ||
        name->text != method_.parameter || loop_variables_.count(name->text))
      return false;
    attribute_makers_.insert(method_.name);
    return true;
  }

  /// At `.each` after a literal array of symbols, `[:a, :b].each do |p|`: remembers that `p`
  /// stands for those names, so that `newparam(p)` in the block makes each of them.
  void read_symbol_loop() {
    std::size_t open = at_ - 1;  // the `.`
    if (open == 0 || !tokens_[open - 1].punct("]")) return;
    std::vector<std::string> names;
    for (open -= 2; open > 0 && !tokens_[open].punct("["); --open) {
      const rubyish::RubyToken& element = tokens_[open];
      if (element.kind == TokenKind::Symbol)
        names.insert(names.begin(), element.text);
      else if (!element.punct(","))
        return;
    }
    bool block = next() && (next()->identifier("do") || next()->punct("{")) && next(2) &&
                 next(2)->punct("|") && next(3) && next(3)->kind == TokenKind::Identifier &&
                 next(4) && next(4)->punct("|");
    if (open == 0 || names.empty() || !block) return;
    loop_variables_[next(3)->text] = std::move(names);
    at_ += 4;
  }

  /// At newparam/newproperty (or a method that makes attributes): the attribute's names, one
  /// but for a loop variable of read_symbol_loop; sets *namevar for `namevar: true` or
  /// `:namevar => true` among the options.
  std::vector<std::string> attribute_names(bool* namevar) {
    const rubyish::RubyToken& keyword = tokens_[at_];
    const rubyish::RubyToken* open = next();
    std::size_t name_at = open && open->punct("(") ? 2 : 1;
    const rubyish::RubyToken* name = next(name_at);
    std::vector<std::string> attributes;
    if (name && name->kind == TokenKind::Identifier && loop_variables_.count(name->text))
      attributes = loop_variables_.at(name->text);
    else if (!name || (name->kind != TokenKind::Symbol && name->kind != TokenKind::String) ||
             name->interpolated)
      fail(keyword, "an attribute whose name is not a literal symbol (" + keyword.text + ")");
    else
      attributes = {name->text};
    at_ += name_at;
    if (name_at == 2) {
      std::size_t depth = 1;
      while (at_ + 1 < tokens_.size() && depth > 0) {
        const rubyish::RubyToken& token = tokens_[++at_];
        if (token.punct("(") || token.punct("[") || token.punct("{")) ++depth;
        if (token.punct(")") || token.punct("]") || token.punct("}")) --depth;
        bool key = token.is(TokenKind::Label, "namevar") ||
                   (token.is(TokenKind::Symbol, "namevar") && next() && next()->punct("=>"));
        if (key && depth == 1) {
          const rubyish::RubyToken* value = next(token.kind == TokenKind::Label ? 1 : 2);
          if (value && value->identifier("true")) *namevar = true;
        }
      }
    }
    return attributes;
  }

  void expect(std::string_view punct, const char* what) {
    if (at_ >= tokens_.size() || !tokens_[at_].punct(punct))
      fail(at_ < tokens_.size() ? tokens_[at_] : tokens_.back(), what);
    ++at_;
  }

  void skip_comma() {
    if (at_ < tokens_.size() && tokens_[at_].punct(",")) ++at_;
  }

  /// The body of `def self.title_patterns`: a literal array of [regex, [[:attr], ...]].
  void read_title_patterns() {
    const char* shape = "title_patterns other than a literal [[/regex/, [[:attribute], ...]], ...]";
    expect("[", shape);
    while (at_ < tokens_.size() && !tokens_[at_].punct("]")) {
      expect("[", shape);
      const rubyish::RubyToken& regex = tokens_[at_];
      if (regex.kind != TokenKind::Regex || regex.interpolated) fail(regex, shape);
      ResourceTypeDefinition::TitlePattern pattern;
      pattern.regex = regex.text;
      pattern.ignore_case = regex.flags.find('i') != std::string::npos;
      ++at_;
      expect(",", shape);
      expect("[", shape);
      while (at_ < tokens_.size() && !tokens_[at_].punct("]")) {
        expect("[", shape);
        const rubyish::RubyToken& attribute = tokens_[at_];
        if (attribute.kind != TokenKind::Symbol) fail(attribute, shape);
        pattern.captures.push_back(attribute.text);
        ++at_;
        if (at_ < tokens_.size() && tokens_[at_].punct(",")) {
          ++at_;
          // An identity conversion is the only one that can be known without Ruby.
          if (at_ < tokens_.size() && !tokens_[at_].identifier("identity"))
            fail(tokens_[at_], "a title pattern that converts what it captures");
          ++at_;
        }
        expect("]", shape);
        skip_comma();
      }
      expect("]", shape);
      skip_comma();
      expect("]", shape);
      skip_comma();
      type_.title_patterns.push_back(std::move(pattern));
    }
    expect("]", shape);
  }

  std::shared_ptr<const lang::SourceFile> source_;
  std::vector<rubyish::RubyToken> tokens_;
  std::size_t at_ = 0;
  ResourceTypeDefinition type_;
  std::vector<std::string> attributes_;
  std::uint32_t newtype_line_ = 1;
  struct Method {
    std::string name, parameter;
  } method_;  ///< the method whose definition we are in, if it takes a parameter
  std::set<std::string> attribute_makers_;  ///< methods that make the attribute they are given
  std::map<std::string, std::vector<std::string>> loop_variables_;  ///< `|p|` → its symbols
};

}  // namespace

bool ResourceTypeDefinition::has_attribute(std::string_view attribute) const {
  return contains(attributes, attribute);
}

ResourceTypeDefinition read_ruby_type(std::shared_ptr<const lang::SourceFile> source,
                                      const std::string& type_name) {
  std::vector<rubyish::RubyToken> tokens = rubyish::ruby_tokens(source->text);
  if (registers_resource_api_type(tokens))
    return read_resource_api_type(std::move(source), type_name, std::move(tokens));
  return TypeReader(std::move(source), type_name, std::move(tokens)).read();
}

}  // namespace marionette::compiler
