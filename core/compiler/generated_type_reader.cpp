// Reads .resource_types/NAME.pp, which `puppet generate types` writes (Pcore, in Puppet syntax
// but machine-made and regular): the tokens of the Ruby reader suffice.
#include <algorithm>

#include "compiler/ruby_type_reader.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/tokens.hpp"

namespace marionette::compiler {

namespace {

using TokenKind = rubyish::RubyToken::Kind;

/// What `puppet generate types` writes for a type's default title pattern (the whole title).
constexpr std::string_view kWholeTitle = "(?m-ix:(.*))";

class GeneratedReader {
 public:
  GeneratedReader(std::shared_ptr<const lang::SourceFile> source, const std::string& type_name)
      : source_(std::move(source)), tokens_(rubyish::ruby_tokens(source_->text)) {
    type_.name = type_name;
    type_.source = source_;
  }

  ResourceTypeDefinition read() {
    while (at_ < tokens_.size() &&
           !tokens_[at_].is(TokenKind::Constant, "Puppet::Resource::ResourceType3"))
      ++at_;
    at_ += 1;
    expect(".");
    if (at_ >= tokens_.size() || !tokens_[at_].identifier("new")) fail("ResourceType3.new(");
    ++at_;
    expect("(");
    if (at_ >= tokens_.size() || tokens_[at_].kind != TokenKind::String) fail("the type's name");
    if (tokens_[at_].text != type_.name)
      fail("a file that defines '" + tokens_[at_].text + "' instead");
    ++at_;
    expect(",");
    read_params(false);  // properties
    expect(",");
    read_params(true);  // parameters
    expect(",");
    read_title_patterns();
    bool no_namevar = std::none_of(namevars_.begin(), namevars_.end(), [](bool b) { return b; });
    for (std::size_t i = 0; i < type_.attributes.size(); ++i)
      if (namevars_[i] || (no_namevar && type_.attributes[i] == "name"))
        type_.key_attributes.push_back(type_.attributes[i]);
    return std::move(type_);
  }

 private:
  [[noreturn]] void fail(const std::string& expected) {
    const rubyish::RubyToken* token = at_ < tokens_.size() ? &tokens_[at_] : nullptr;
    lang::SourceLocation where{source_.get(), token ? token->line : 1, token ? token->column : 1,
                               1};
    throw lang::SourceError("resource type '" + type_.name + "': marionette cannot read this " +
                                "generated type file here (expected " + expected + ")",
                            where);
  }

  void expect(std::string_view punct) {
    if (at_ >= tokens_.size() || !tokens_[at_].punct(punct)) fail("'" + std::string(punct) + "'");
    ++at_;
  }

  /// [Puppet::Resource::Param(TYPE, 'name'[, true]), ...]
  void read_params(bool parameters) {
    expect("[");
    while (at_ < tokens_.size() && !tokens_[at_].punct("]")) {
      if (!tokens_[at_].is(TokenKind::Constant, "Puppet::Resource::Param"))
        fail("Puppet::Resource::Param");
      ++at_;
      expect("(");
      // The arguments at this depth: the type (which may hold commas in brackets), the name,
      // and true for a namevar.
      std::vector<std::vector<const rubyish::RubyToken*>> arguments(1);
      int depth = 0;
      for (; at_ < tokens_.size(); ++at_) {
        const rubyish::RubyToken& token = tokens_[at_];
        if (depth == 0 && token.punct(")")) break;
        if (token.punct("(") || token.punct("[") || token.punct("{")) ++depth;
        if (token.punct(")") || token.punct("]") || token.punct("}")) --depth;
        if (depth == 0 && token.punct(","))
          arguments.emplace_back();
        else
          arguments.back().push_back(&token);
      }
      expect(")");
      if (arguments.size() < 2 || arguments[1].size() != 1 ||
          arguments[1][0]->kind != TokenKind::String)
        fail("a parameter's name");
      type_.attributes.push_back(arguments[1][0]->text);
      namevars_.push_back(parameters && arguments.size() > 2 && arguments[2].size() == 1 &&
                          arguments[2][0]->identifier("true"));
      if (at_ < tokens_.size() && tokens_[at_].punct(",")) ++at_;
    }
    expect("]");
  }

  /// { /regex/ => ['attribute', ...], ... }
  void read_title_patterns() {
    expect("{");
    while (at_ < tokens_.size() && !tokens_[at_].punct("}")) {
      if (tokens_[at_].kind != TokenKind::Regex) fail("a title pattern's regex");
      ResourceTypeDefinition::TitlePattern pattern;
      pattern.regex = tokens_[at_].text;
      pattern.ignore_case = tokens_[at_].flags.find('i') != std::string::npos;
      ++at_;
      expect("=>");
      expect("[");
      while (at_ < tokens_.size() && tokens_[at_].kind == TokenKind::String) {
        pattern.captures.push_back(tokens_[at_].text);
        ++at_;
        if (at_ < tokens_.size() && tokens_[at_].punct(",")) ++at_;
      }
      expect("]");
      if (at_ < tokens_.size() && tokens_[at_].punct(",")) ++at_;
      if (pattern.regex != kWholeTitle) type_.title_patterns.push_back(std::move(pattern));
    }
    expect("}");
  }

  std::shared_ptr<const lang::SourceFile> source_;
  std::vector<rubyish::RubyToken> tokens_;
  std::size_t at_ = 0;
  ResourceTypeDefinition type_;
  std::vector<bool> namevars_;
};

}  // namespace

ResourceTypeDefinition read_generated_type(std::shared_ptr<const lang::SourceFile> source,
                                           const std::string& type_name) {
  return GeneratedReader(std::move(source), type_name).read();
}

}  // namespace marionette::compiler
