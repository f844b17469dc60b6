#include "compiler/ruby_type_reader.hpp"

#include <algorithm>
#include <optional>

#include "compiler/ruby_tokens.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

using Kind = RubyToken::Kind;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void add_unique(std::vector<std::string>& names, std::string_view name) {
  if (!contains(names, name)) names.emplace_back(name);
}

/// Reads one type file's tokens; `fail` throws at a token with the construct it cannot read.
class TypeReader {
 public:
  TypeReader(std::shared_ptr<const lang::SourceFile> source, const std::string& type_name)
      : source_(std::move(source)), tokens_(ruby_tokens(source_->text)) {
    type_.name = type_name;
    type_.source = source_;
  }

  ResourceTypeDefinition read() {
    bool found = false;
    std::optional<std::string> current;  ///< the attribute whose block we are in
    std::vector<std::string> namevars;
    for (at_ = 0; at_ < tokens_.size(); ++at_) {
      const RubyToken& token = tokens_[at_];
      if (token.kind != Kind::Identifier) continue;
      bool called_on_something = at_ > 0 && tokens_[at_ - 1].punct(".");
      if (token.text == "newtype" && called_on_something) {
        if (read_newtype()) {
          found = true;
          newtype_line_ = token.line;
        }
      } else if ((token.text == "newparam" || token.text == "newproperty") &&
                 !called_on_something) {
        bool namevar = false;
        current = attribute_name(&namevar);
        add_unique(attributes_, *current);
        if (namevar) add_unique(namevars, *current);
      } else if (token.text == "ensurable" && !called_on_something) {
        add_unique(attributes_, "ensure");
      } else if (token.text == "isnamevar" && current) {
        add_unique(namevars, *current);
      } else if (token.text == "newmetaparam" && !called_on_something) {
        fail(token, "a metaparameter defined by a module type (newmetaparam)");
      } else if (token.text == "def" && at_ + 3 < tokens_.size() &&
                 tokens_[at_ + 1].identifier("self") && tokens_[at_ + 2].punct(".") &&
                 tokens_[at_ + 3].identifier("title_patterns")) {
        at_ += 4;
        read_title_patterns();
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
  [[noreturn]] void fail(const RubyToken& token, const std::string& what) {
    fail_at(token.line, token.column, what);
  }

  const RubyToken* next(std::size_t ahead = 1) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }

  /// At `newtype`: `(:name, options)`. Only the file's own type counts; a parent is beyond us.
  bool read_newtype() {
    const RubyToken* open = next();
    bool parenthesised = open && open->punct("(");
    const RubyToken* name = next(parenthesised ? 2 : 1);
    if (!name || name->kind != Kind::Symbol)
      fail(tokens_[at_], "a newtype whose name is not a literal symbol");
    at_ += parenthesised ? 2 : 1;
    std::size_t depth = parenthesised ? 1 : 0;
    for (std::size_t i = at_ + 1; i < tokens_.size() && depth > 0; ++i) {
      const RubyToken& token = tokens_[i];
      if (token.punct("(")) ++depth;
      if (token.punct(")")) --depth;
      if ((token.is(Kind::Label, "parent") || token.is(Kind::Symbol, "parent")) && depth == 1)
        fail(token, "a type with a parent type (:parent)");
    }
    return name->text == type_.name;
  }

  /// At newparam/newproperty: the attribute's name; sets *namevar for `namevar: true` or
  /// `:namevar => true` among the options.
  std::string attribute_name(bool* namevar) {
    const RubyToken& keyword = tokens_[at_];
    const RubyToken* open = next();
    std::size_t name_at = open && open->punct("(") ? 2 : 1;
    const RubyToken* name = next(name_at);
    if (!name || (name->kind != Kind::Symbol && name->kind != Kind::String) || name->interpolated)
      fail(keyword, "an attribute whose name is not a literal symbol (" + keyword.text + ")");
    std::string attribute = name->text;
    at_ += name_at;
    if (name_at == 2) {
      std::size_t depth = 1;
      while (at_ + 1 < tokens_.size() && depth > 0) {
        const RubyToken& token = tokens_[++at_];
        if (token.punct("(") || token.punct("[") || token.punct("{")) ++depth;
        if (token.punct(")") || token.punct("]") || token.punct("}")) --depth;
        bool key = token.is(Kind::Label, "namevar") ||
                   (token.is(Kind::Symbol, "namevar") && next() && next()->punct("=>"));
        if (key && depth == 1) {
          const RubyToken* value = next(token.kind == Kind::Label ? 1 : 2);
          if (value && value->identifier("true")) *namevar = true;
        }
      }
    }
    return attribute;
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
      const RubyToken& regex = tokens_[at_];
      if (regex.kind != Kind::Regex || regex.interpolated) fail(regex, shape);
      ResourceTypeDefinition::TitlePattern pattern;
      pattern.regex = regex.text;
      pattern.ignore_case = regex.flags.find('i') != std::string::npos;
      ++at_;
      expect(",", shape);
      expect("[", shape);
      while (at_ < tokens_.size() && !tokens_[at_].punct("]")) {
        expect("[", shape);
        const RubyToken& attribute = tokens_[at_];
        if (attribute.kind != Kind::Symbol) fail(attribute, shape);
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
  std::vector<RubyToken> tokens_;
  std::size_t at_ = 0;
  ResourceTypeDefinition type_;
  std::vector<std::string> attributes_;
  std::uint32_t newtype_line_ = 1;
};

}  // namespace

bool ResourceTypeDefinition::has_attribute(std::string_view attribute) const {
  return contains(attributes, attribute);
}

ResourceTypeDefinition read_ruby_type(std::shared_ptr<const lang::SourceFile> source,
                                      const std::string& type_name) {
  return TypeReader(std::move(source), type_name).read();
}

}  // namespace marionette::compiler
