// Types written for the Resource API (puppetlabs-firewall 8, mysql_login_path, ...): the hash
// given to Puppet::ResourceApi.register_type, read as literal Ruby data from the file's tokens.
#include "compiler/resource_api_type_reader.hpp"

#include <algorithm>
#include <utility>

#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

using rubyish::RubyToken;
using TokenKind = RubyToken::Kind;

/// A literal Ruby value of the definition: a hash (its keys as written, labels and symbols
/// alike), an array, a symbol, a string or a regex; anything else is `other`.
struct Literal {
  enum class Kind { hash, array, symbol, string, regex, other };
  Kind kind = Kind::other;
  const RubyToken* token = nullptr;  ///< where it starts
  std::vector<std::pair<std::string, Literal>> entries;
  std::vector<Literal> items;

  const Literal* find(std::string_view key) const {
    for (const auto& [name, value] : entries)
      if (name == key) return &value;
    return nullptr;
  }
  bool is_text() const {
    return (kind == Kind::symbol || kind == Kind::string || kind == Kind::regex) &&
           !token->interpolated;
  }
  const std::string& text() const { return token->text; }
};

bool opens(const RubyToken& token) {
  return token.punct("(") || token.punct("[") || token.punct("{") || token.identifier("do");
}
bool closes(const RubyToken& token) {
  return token.punct(")") || token.punct("]") || token.punct("}") || token.identifier("end");
}

class DefinitionReader {
 public:
  DefinitionReader(std::shared_ptr<const lang::SourceFile> source, std::string type_name,
                   std::vector<RubyToken> tokens)
      : source_(std::move(source)), tokens_(std::move(tokens)) {
    type_.name = std::move(type_name);
    type_.source = source_;
    type_.resource_api = true;
  }

  ResourceTypeDefinition read() {
    std::size_t call = 0;
    while (call < tokens_.size() && !is_register_call(call)) ++call;
    if (call == tokens_.size())
      fail_at(1, 1, "no `Puppet::ResourceApi.register_type(...)` in this file");
    at_ = call + 1;
    Literal definition;
    definition.kind = Literal::Kind::hash;
    definition.token = &tokens_[call];
    if (peek() && peek()->punct("(")) {
      ++at_;
      if (peek() && peek()->punct("{")) {
        definition = value();
      } else {
        read_entries(definition, ")");
      }
    } else {
      fail(tokens_[call], "a register_type call without parentheses");
    }
    read_name(definition);
    read_attributes(definition);
    read_title_patterns(definition);
    return std::move(type_);
  }

  static bool is_register_call(const std::vector<RubyToken>& tokens, std::size_t at) {
    return at >= 2 && tokens[at].identifier("register_type") && tokens[at - 1].punct(".") &&
           tokens[at - 2].kind == TokenKind::Constant &&
           (tokens[at - 2].text == "Puppet::ResourceApi" || tokens[at - 2].text == "ResourceApi");
  }

 private:
  bool is_register_call(std::size_t at) const { return is_register_call(tokens_, at); }

  [[noreturn]] void fail_at(std::uint32_t line, std::uint32_t column, const std::string& what) {
    throw lang::SourceError("resource type '" + type_.name + "': marionette cannot read " + what +
                                " (the Resource API's definition is read as literal data; see "
                                "docs/real-modules.md)",
                            lang::SourceLocation{source_.get(), line, column, 1});
  }
  [[noreturn]] void fail(const RubyToken& token, const std::string& what) {
    fail_at(token.line, token.column, what);
  }

  const RubyToken* peek(std::size_t ahead = 0) const {
    return at_ + ahead < tokens_.size() ? &tokens_[at_ + ahead] : nullptr;
  }

  /// Passes one expression that is not a literal: up to a `,` or a closing bracket at its depth.
  void skip_expression() {
    std::size_t depth = 0;
    while (const RubyToken* token = peek()) {
      if (depth == 0 && (token->punct(",") || closes(*token))) return;
      if (opens(*token)) ++depth;
      if (closes(*token)) --depth;
      ++at_;
    }
  }

  /// `key: value, :key => value, 'key' => value, ...` up to `closer`, which it passes.
  void read_entries(Literal& hash, std::string_view closer) {
    while (const RubyToken* token = peek()) {
      if (token->punct(closer)) {
        ++at_;
        return;
      }
      std::string key;
      bool arrow_key = (token->kind == TokenKind::Symbol || token->kind == TokenKind::String) &&
                       peek(1) && peek(1)->punct("=>");
      if (token->kind == TokenKind::Label) {
        key = token->text;
        ++at_;
      } else if (arrow_key) {
        key = token->text;
        at_ += 2;
      } else {
        skip_expression();  // a computed key: neither it nor its value can be known
        if (peek() && peek()->punct("=>")) {
          ++at_;
          skip_expression();
        }
        if (peek() && peek()->punct(",")) ++at_;
        continue;
      }
      hash.entries.emplace_back(std::move(key), value());
      if (peek() && peek()->punct(",")) ++at_;
    }
    fail(tokens_.back(), "a definition whose brackets do not close");
  }

  Literal value() {
    Literal literal;
    literal.token = peek();
    if (!literal.token) fail(tokens_.back(), "a definition that ends early");
    const RubyToken& token = *literal.token;
    if (token.punct("{")) {
      ++at_;
      literal.kind = Literal::Kind::hash;
      read_entries(literal, "}");
    } else if (token.punct("[")) {
      ++at_;
      literal.kind = Literal::Kind::array;
      while (peek() && !peek()->punct("]")) {
        literal.items.push_back(value());
        if (peek() && peek()->punct(",")) ++at_;
      }
      if (!peek()) fail(token, "an array that does not close");
      ++at_;
    } else {
      ++at_;
      const RubyToken* after = peek();
      bool alone = !after || after->punct(",") || closes(*after);
      if (alone && token.kind == TokenKind::Symbol) literal.kind = Literal::Kind::symbol;
      if (alone && token.kind == TokenKind::String) literal.kind = Literal::Kind::string;
      if (alone && token.kind == TokenKind::Regex) literal.kind = Literal::Kind::regex;
      if (!alone) {
        --at_;
        skip_expression();
      }
    }
    return literal;
  }

  void read_name(const Literal& definition) {
    const Literal* name = definition.find("name");
    if (!name || !name->is_text() || name->kind == Literal::Kind::regex)
      fail(name ? *name->token : *definition.token, "a type whose name: is not a literal");
    if (name->text() != type_.name)
      fail(*name->token, "a file that registers '" + name->text() + "' instead");
  }

  void read_attributes(const Literal& definition) {
    const Literal* attributes = definition.find("attributes");
    if (!attributes || attributes->kind != Literal::Kind::hash)
      fail(attributes ? *attributes->token : *definition.token,
           "attributes: that are not a literal hash");
    std::vector<std::string> namevars;
    bool plain_property = false;
    for (const auto& [name, options] : attributes->entries) {
      type_.attributes.push_back(name);
      const Literal* behaviour =
          options.kind == Literal::Kind::hash ? options.find("behaviour") : nullptr;
      if (!behaviour) {
        plain_property = true;
      } else if (behaviour->kind == Literal::Kind::symbol && behaviour->text() == "namevar") {
        namevars.push_back(name);
      }
    }
    // The Resource API's property that lets custom_insync run on a type without properties.
    const Literal* features = definition.find("features");
    if (features && features->kind == Literal::Kind::array && !plain_property)
      for (const Literal& feature : features->items)
        if (feature.is_text() && feature.text() == "custom_insync")
          type_.attributes.emplace_back("rsapi_custom_insync_trigger");
    // As Puppet::Type: the namevars, else a parameter called name.
    if (namevars.empty() && type_.has_attribute("name")) namevars.emplace_back("name");
    if (namevars.empty()) fail(*attributes->token, "a type without a namevar");
    type_.key_attributes = std::move(namevars);
  }

  /// {pattern: %r{...}} each: the named groups in order of appearance give the attributes
  /// (Regexp#names), and with named groups the unnamed ones capture nothing, as in Ruby.
  void read_title_patterns(const Literal& definition) {
    const Literal* patterns = definition.find("title_patterns");
    if (!patterns) return;  // the whole title is the first namevar
    if (patterns->kind != Literal::Kind::array)
      fail(*patterns->token, "title_patterns: that are not a literal array");
    for (const Literal& item : patterns->items) {
      const Literal* pattern = item.kind == Literal::Kind::hash ? item.find("pattern") : nullptr;
      if (!pattern || !pattern->is_text() || pattern->kind == Literal::Kind::symbol)
        fail(*item.token, "a title pattern whose pattern: is not a literal regex");
      ResourceTypeDefinition::TitlePattern title_pattern;
      title_pattern.ignore_case = pattern->token->flags.find('i') != std::string::npos;
      if (!named_groups_only(pattern->text(), title_pattern.regex, title_pattern.captures))
        fail(*pattern->token, "a title pattern whose named groups repeat a name");
      type_.title_patterns.push_back(std::move(title_pattern));
    }
  }

  /// Copies the pattern, its unnamed groups made non-capturing when it has named ones, and
  /// lists the names; false when a name repeats.
  static bool named_groups_only(const std::string& pattern, std::string& out,
                                std::vector<std::string>& names) {
    auto scan = [&](bool rewrite) {
      bool in_class = false;
      for (std::size_t i = 0; i < pattern.size(); ++i) {
        char c = pattern[i];
        if (rewrite) out += c;
        if (c == '\\' && i + 1 < pattern.size()) {
          if (rewrite) out += pattern[i + 1];
          ++i;
        } else if (in_class) {
          if (c == ']') in_class = false;
        } else if (c == '[') {
          in_class = true;
        } else if (c == '(' && pattern.compare(i + 1, 2, "?<") == 0 && i + 3 < pattern.size() &&
                   pattern[i + 3] != '=' && pattern[i + 3] != '!') {
          std::size_t close = pattern.find('>', i + 3);
          if (close != std::string::npos && !rewrite)
            names.push_back(pattern.substr(i + 3, close - i - 3));
        } else if (c == '(' && rewrite && !names.empty() && pattern.compare(i + 1, 1, "?") != 0) {
          out += "?:";
        }
      }
    };
    scan(false);
    scan(true);
    std::vector<std::string> sorted = names;
    std::sort(sorted.begin(), sorted.end());
    return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
  }

  std::shared_ptr<const lang::SourceFile> source_;
  std::vector<RubyToken> tokens_;
  std::size_t at_ = 0;
  ResourceTypeDefinition type_;
};

}  // namespace

bool registers_resource_api_type(const std::vector<RubyToken>& tokens) {
  for (std::size_t at = 0; at < tokens.size(); ++at)
    if (DefinitionReader::is_register_call(tokens, at)) return true;
  return false;
}

ResourceTypeDefinition read_resource_api_type(std::shared_ptr<const lang::SourceFile> source,
                                              const std::string& type_name,
                                              std::vector<RubyToken> tokens) {
  return DefinitionReader(std::move(source), type_name, std::move(tokens)).read();
}

}  // namespace marionette::compiler
