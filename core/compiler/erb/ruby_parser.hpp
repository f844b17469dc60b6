#pragma once

#include <string>
#include <vector>

#include "compiler/erb/ruby_ast.hpp"
#include "rubyish/ruby_scanner.hpp"

namespace marionette::compiler::erb {

// The template lexer is rubyish's; the engine names its tokens as its own.
using rubyish::StringPart;
using rubyish::Token;
using rubyish::tokenize_ruby;
using rubyish::TokenKind;
using rubyish::Unsupported;

/// Parses the Ruby subset templates use into a tree (ruby_ast.hpp). `texts` are the literal
/// texts ERB's Text tokens stand for. Throws Unsupported naming the first construct beyond the
/// subset, or a syntax error ("syntax error, unexpected ...") as an Unsupported too: the native
/// engine then does not take the template.
NodePtr parse_ruby(const std::vector<Token>& tokens, const std::vector<std::string>& texts);

}  // namespace marionette::compiler::erb
