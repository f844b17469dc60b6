#include "compiler/erb/ruby_function.hpp"

#include <array>
#include <set>

#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "compiler/erb/ruby_parser.hpp"
#include "rubyish/ruby_scanner.hpp"

namespace marionette::compiler::erb {

namespace {

/// What a function's method may call without a receiver, besides its file's own methods.
constexpr std::array kFunctionKernel = {"raise",         "fail",          "Array",   "Integer",
                                        "String",        "Float",         "sprintf", "format",
                                        "call_function", "closure_scope", "require", "_"};

/// The classes a function's method may name beyond the templates'.
constexpr std::array kFunctionConstants = {
    "Puppet::ParseError", "Digest::MD5",  "Digest::SHA1", "Digest::SHA256",
    "ERB::Util",          "URI::Generic", "Puppet"};

/// What a 3.x function's body may call without a receiver: Kernel's, not the 4.x API's.
constexpr std::array kFunction3Kernel = {"raise", "fail",    "Array",  "Integer", "String",
                                         "Float", "sprintf", "format", "require", "_"};

/// The Hash methods a 3.x function may call on `lookupdefaults(type)`, whose values (Puppet's
/// Param objects) the subset does not have.
constexpr std::array kDefaultsMethods = {"has_key?", "key?", "include?", "member?"};

/// The class methods the subset has (ruby_libraries.cpp, ruby_interpreter.cpp's invoke), as
/// "Class.method".
constexpr std::array kClassMethods = {"Digest::MD5.hexdigest",
                                      "Digest::MD5.digest",
                                      "Digest::SHA1.hexdigest",
                                      "Digest::SHA1.digest",
                                      "Digest::SHA256.hexdigest",
                                      "Digest::SHA256.digest",
                                      "IPAddr.new",
                                      "Hash.new",
                                      "Array.new",
                                      "IPAddr.const_defined?",
                                      "ERB::Util.url_encode",
                                      "ERB::Util.u",
                                      "URI::Generic.build",
                                      "Regexp.compile",
                                      "Regexp.new",
                                      "Puppet.debug",
                                      "Puppet.info",
                                      "Puppet.notice",
                                      "Puppet.warning",
                                      "Puppet.err"};

/// Libraries whose use the subset has natively (Digest's classes and their class methods; erb,
/// uri and ipaddr Puppet has loaded already).
constexpr std::array kNativeLibraries = {"digest", "digest/md5", "digest/sha1", "digest/sha2",
                                         "erb",    "uri",        "ipaddr"};

template <std::size_t N>
bool listed(const std::array<const char*, N>& list, std::string_view name) {
  for (const char* item : list)
    if (name == item) return true;
  return false;
}

[[noreturn]] void beyond(const Node& node, const std::string& what) {
  throw Unsupported{node.line, what};
}

const std::vector<NodePtr>& statements_of(const Node* body, std::vector<NodePtr>& empty) {
  if (!body) return empty;
  if (body->kind != NodeKind::Sequence) beyond(*body, "a body that is not a list of statements");
  return body->items;
}

bool is_literal(const Node& node, bool symbol) {
  return node.kind == NodeKind::Literal &&
         (symbol ? node.value.is_symbol() : node.value.is_string());
}

std::string literal_text(const Node& node) {
  return node.value.is_symbol() ? node.value.symbol() : node.value.string();
}

/// Whether `node` is a call without a receiver of `name`.
bool bare_call(const Node& node, std::string_view name) {
  return node.kind == NodeKind::Call && !node.a && node.name == name;
}

/// `private` (or public/protected) alone: the methods that follow stay callable from the file's
/// own methods, which is all a function's dispatch does.
bool visibility(const Node& node) {
  bool named = node.name == "private" || node.name == "public" || node.name == "protected";
  return named && ((node.kind == NodeKind::Call && !node.a && node.items.empty() && !node.block) ||
                   node.kind == NodeKind::LocalVar);
}

RubyFunctionDispatch read_dispatch(const Node& call) {
  if (call.items.size() != 1 || !is_literal(*call.items[0], true))
    beyond(call, "'dispatch' of this form");
  RubyFunctionDispatch dispatch;
  dispatch.method = call.items[0]->value.symbol();
  std::vector<NodePtr> none;
  if (call.block && !call.block->parameters.empty()) beyond(call, "'dispatch' with parameters");
  for (const NodePtr& item : statements_of(call.block ? call.block->body.get() : nullptr, none)) {
    const Node& line = *item;
    if (line.kind != NodeKind::Call || line.a || line.block) beyond(line, "this in a dispatch");
    if (line.name == "return_type" && line.items.size() == 1 && is_literal(*line.items[0], false)) {
      dispatch.return_type = line.items[0]->value.string();
      continue;
    }
    using Kind = RubyFunctionParameter::Kind;
    Kind kind = line.name == "param" || line.name == "required_param" ? Kind::Required
                : line.name == "optional_param"                       ? Kind::Optional
                : line.name == "repeated_param"                       ? Kind::Repeated
                : line.name == "required_repeated_param"              ? Kind::RequiredRepeated
                                                                      : Kind(-1);
    if (kind == Kind(-1)) beyond(line, "'" + line.name + "' in a dispatch");
    if (line.items.size() != 2 || !is_literal(*line.items[0], false) ||
        !(is_literal(*line.items[1], true) || is_literal(*line.items[1], false)))
      beyond(line, "'" + line.name + "' of this form");
    // Puppet's order: required, then optional, then one repeated last.
    if (!dispatch.parameters.empty()) {
      Kind last = dispatch.parameters.back().kind;
      if (last == Kind::Repeated || last == Kind::RequiredRepeated ||
          (last == Kind::Optional && kind == Kind::Required))
        beyond(line, "'" + line.name + "' after an optional or repeated parameter");
    }
    dispatch.parameters.push_back(
        {line.items[0]->value.string(), literal_text(*line.items[1]), kind});
  }
  return dispatch;
}

/// Whether the code calls back into Puppet (call_function, closure_scope), whose errors are
/// Puppet's: a `rescue` of Ruby's could catch them, one of the engine cannot.
bool calls_puppet(const Node& node, int depth = 0) {
  if (depth > 5000) beyond(node, "nesting deeper than 5000");
  if (node.kind == NodeKind::Call && !node.a &&
      (node.name == "call_function" || node.name == "closure_scope"))
    return true;
  for (const Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child && calls_puppet(*child, depth + 1)) return true;
  for (const NodePtr& item : node.items)
    if (calls_puppet(*item, depth + 1)) return true;
  return node.block && node.block->body && calls_puppet(*node.block->body, depth + 1);
}

/// Refuses, before anything runs, what a method may not do natively: the first in the source's
/// order.
/// Whether `node` is a 3.x function's `lookupdefaults(x)` (`self.` taken off when read).
bool lookupdefaults_call(const Node& node) {
  return node.kind == NodeKind::Call && !node.a && node.name == "lookupdefaults" &&
         node.items.size() == 1 && !node.block && !node.splat_last;
}

void check_method(const Node& node, const std::set<std::string>& defined, bool rescue_allowed,
                  bool api3 = false, int depth = 0) {
  if (depth > 5000) beyond(node, "nesting deeper than 5000");
  const Node* skipped = nullptr;  // a child checked here already
  switch (node.kind) {
    case NodeKind::InstanceVar:
      beyond(node, "an instance variable of the function");
    case NodeKind::Self:
      beyond(node, "'self'");
    case NodeKind::Def:
      beyond(node, "a method defined in a method");
    case NodeKind::Begin:
    case NodeKind::Rescue:
      // A function's `rescue` may catch the errors of what it calls back in Puppet, which the
      // engine raises as Puppet's errors, not Ruby's: a file that calls back has none.
      if (!rescue_allowed) beyond(node, "'rescue' in a function that calls back into Puppet");
      break;
    case NodeKind::RescueClause:
      if (!node.name.empty()) beyond(node, "'rescue => " + node.name + "'");
      break;
    case NodeKind::Text:
    case NodeKind::Output:
      beyond(node, "template output in a function");
    case NodeKind::Const:
      if (!(is_known_constant(node.name) || listed(kFunctionConstants, node.name)))
        beyond(node, "constant '" + node.name + "'");
      break;
    case NodeKind::Index:
      // `Hash[pairs]` is the one class whose [] the subset has.
      if (node.a && node.a->kind == NodeKind::Const && node.a->name != "Hash")
        beyond(node, "'" + node.a->name + "[]'");
      break;
    case NodeKind::Call:
      if (api3 && node.a && lookupdefaults_call(*node.a)) {
        if (!listed(kDefaultsMethods, node.name) || node.items.size() != 1 || node.block)
          beyond(node, "'lookupdefaults(...)." + node.name + "'");
        check_method(*node.a->items[0], defined, rescue_allowed, api3, depth + 1);
        skipped = node.a.get();
      } else if (!node.a && api3) {
        if (node.name == "lookupdefaults") beyond(node, "'lookupdefaults' but for has_key?");
        if (!listed(kFunction3Kernel, node.name)) beyond(node, "method '" + node.name + "'");
        if (node.name == "require" &&
            (node.items.size() != 1 || !is_literal(*node.items[0], false) ||
             !listed(kNativeLibraries, node.items[0]->value.string())))
          beyond(node, "this 'require'");
      } else if (!node.a) {
        if (!defined.count(node.name) && !listed(kFunctionKernel, node.name))
          beyond(node, "method '" + node.name + "'");
        if (node.block && node.name == "call_function")
          beyond(node, "a block given to 'call_function'");
        if (node.name == "require" &&
            (node.items.size() != 1 || !is_literal(*node.items[0], false) ||
             !listed(kNativeLibraries, node.items[0]->value.string())))
          beyond(node, "this 'require'");
      } else if (node.a->kind == NodeKind::Const) {
        if (!listed(kClassMethods, node.a->name + "." + node.name))
          beyond(node, "method '" + node.a->name + "." + node.name + "'");
      } else if (!is_known_method(node.name) || node.name == "new") {
        beyond(node, "method '" + node.name + "'");
      }
      break;
    default:
      break;
  }
  for (const Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child && child != skipped) check_method(*child, defined, rescue_allowed, api3, depth + 1);
  for (const NodePtr& item : node.items)
    check_method(*item, defined, rescue_allowed, api3, depth + 1);
  if (node.block && node.block->body)
    check_method(*node.block->body, defined, rescue_allowed, api3, depth + 1);
}

/// `self.lookupdefaults(x)` in a 3.x function (self is the calling scope) is read as
/// `lookupdefaults(x)`; any other `self` stays, and is refused.
void drop_self_receivers(Node& node, int depth = 0) {
  if (depth > 5000) beyond(node, "nesting deeper than 5000");
  if (node.kind == NodeKind::Call && node.a && node.a->kind == NodeKind::Self &&
      node.name == "lookupdefaults")
    node.a.reset();
  for (Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child) drop_self_receivers(*child, depth + 1);
  for (NodePtr& item : node.items) drop_self_receivers(*item, depth + 1);
  if (node.block && node.block->body) drop_self_receivers(*node.block->body, depth + 1);
}

bool const_token(const Token& token, const char* name) {
  return token.kind == TokenKind::Const && token.text == name;
}

bool operator_token(const Token& token, const char* text) {
  return token.kind == TokenKind::Operator && token.text == text;
}

/// A 3.x file's wrapping, which the subset's parser does not read, taken off its tokens:
/// `module Puppet::Parser::Functions ... end` around the file's code, and the `::` of
/// `Puppet::Parser::Functions::newfunction(...)` read as `.`.
void unwrap_functions_module(std::vector<Token>& tokens) {
  for (std::size_t i = 0; i + 2 < tokens.size(); ++i)
    if (const_token(tokens[i], "Functions") && operator_token(tokens[i + 1], "::") &&
        tokens[i + 2].kind == TokenKind::Ident)
      tokens[i + 1].text = ".";
  auto module = std::find_if(tokens.begin(), tokens.end(), [](const Token& token) {
    return token.kind == TokenKind::Keyword && token.text == "module";
  });
  if (module == tokens.end()) return;
  std::size_t at = static_cast<std::size_t>(module - tokens.begin());
  const char* path[] = {"Puppet", "::", "Parser", "::", "Functions"};
  for (std::size_t k = 0; k < 5; ++k) {
    const Token& token = tokens[std::min(at + 1 + k, tokens.size() - 1)];
    if (k % 2 ? !operator_token(token, path[k]) : !const_token(token, path[k]))
      throw Unsupported{module->line, "a module other than Puppet::Parser::Functions"};
  }
  std::size_t last = tokens.size() - 1;  // the End token
  while (last > at && (tokens[last - 1].kind == TokenKind::Newline)) --last;
  if (last == at || tokens[last - 1].kind != TokenKind::Keyword || tokens[last - 1].text != "end")
    throw Unsupported{module->line, "code after the module"};
  tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(last - 1));
  tokens.erase(module, module + 6);
}

/// newfunction(:name, :type => :rvalue, :arity => N, :doc => "...") do |args| ... end
void read_newfunction(const Node& call, RubyFunctionProgram& program) {
  if (call.items.empty() || call.items.size() > 2 ||
      !(is_literal(*call.items[0], true) || is_literal(*call.items[0], false)) || !call.block ||
      call.splat_last)
    beyond(call, "'newfunction' of this form");
  program.api = 3;
  program.name = literal_text(*call.items[0]);
  if (call.items.size() == 2) {
    const Node& options = *call.items[1];
    if (options.kind != NodeKind::Hash) beyond(call, "'newfunction' options of this form");
    for (std::size_t i = 0; i + 1 < options.items.size(); i += 2) {
      const Node& key = *options.items[i];
      const Node& value = *options.items[i + 1];
      std::string option = is_literal(key, true) ? key.value.symbol() : "";
      if (option == "type" && is_literal(value, true) &&
          (value.value.symbol() == "rvalue" || value.value.symbol() == "statement")) {
        program.rvalue = value.value.symbol() == "rvalue";
      } else if (option == "arity" && value.kind == NodeKind::Literal && value.value.is_integer() &&
                 value.value.integer() > -1000 && value.value.integer() < 1000) {
        program.arity = static_cast<int>(value.value.integer());
      } else if (option == "doc" && (is_literal(value, false) || value.kind == NodeKind::String)) {
        // Never seen by the call; an interpolated doc string is checked as code below.
      } else {
        beyond(key, "'newfunction' option of this form");
      }
    }
  }
  const Block& block = *call.block;
  if (block.parameters.size() != 1 || block.parameters[0].splat ||
      !block.parameters[0].nested.empty() || block.parameters[0].optional >= 0 || !block.body)
    beyond(call, "a 'newfunction' block of this form");
}

/// `require 'x'` of a library the subset provides itself (digest, ipaddr, …): nothing to run.
bool requires_native_library(const Node& statement) {
  return bare_call(statement, "require") && statement.items.size() == 1 &&
         is_literal(*statement.items[0], false) &&
         listed(kNativeLibraries, statement.items[0]->value.string());
}

/// The key of a 3.x function's body in `methods`: no name a call could have.
const std::string kFunction3Method = "newfunction:";

std::shared_ptr<const RubyFunctionProgram> parse_ruby_function3(
    std::shared_ptr<RubyFunctionProgram> program) {
  const Node* function = nullptr;
  std::vector<NodePtr> none;
  for (const NodePtr& item : statements_of(program->body.get(), none)) {
    const Node& statement = *item;
    if (requires_native_library(statement)) continue;
    bool defines = statement.kind == NodeKind::Call && statement.name == "newfunction" &&
                   (!statement.a || (statement.a->kind == NodeKind::Const &&
                                     statement.a->name == "Puppet::Parser::Functions"));
    if (!defines || function) beyond(statement, "code outside the function");
    function = &statement;
  }
  read_newfunction(*function, *program);
  drop_self_receivers(*function->block->body);
  // A 3.x function calls nothing back into Puppet natively, so its rescues are allowed.
  const bool rescue_allowed = true;
  for (const NodePtr& item : function->items)
    if (item->kind == NodeKind::Hash)
      for (const NodePtr& value : item->items)
        if (value->kind == NodeKind::String) check_method(*value, {}, rescue_allowed, true);
  check_method(*function->block->body, {}, rescue_allowed, true);
  program->methods[kFunction3Method] = function;
  return program;
}

/// Whether the file's top level calls newfunction (3.x): a bare call or Puppet::Parser::Functions'.
bool defines_function3(const Node* body) {
  if (!body || body->kind != NodeKind::Sequence) return false;
  for (const NodePtr& item : body->items)
    if (item->kind == NodeKind::Call && item->name == "newfunction") return true;
  return false;
}

}  // namespace

const std::string& function3_method() {
  return kFunction3Method;
}

std::shared_ptr<const RubyFunctionProgram> parse_ruby_function(std::string_view text) {
  auto program = std::make_shared<RubyFunctionProgram>();
  std::vector<Token> tokens = rubyish::scan_ruby(text, rubyish::Reading::Function);
  unwrap_functions_module(tokens);
  program->body = parse_ruby(tokens, {});
  if (defines_function3(program->body.get())) return parse_ruby_function3(std::move(program));
  const Node* create = nullptr;
  std::vector<NodePtr> none;
  for (const NodePtr& item : statements_of(program->body.get(), none)) {
    const Node& statement = *item;
    if (requires_native_library(statement)) continue;
    bool creates = statement.kind == NodeKind::Call && statement.a &&
                   statement.a->kind == NodeKind::Const &&
                   statement.a->name == "Puppet::Functions" && statement.name == "create_function";
    if (!creates || create) beyond(statement, "code outside the function");
    if (statement.items.size() != 1 ||
        !(is_literal(*statement.items[0], true) || is_literal(*statement.items[0], false)) ||
        !statement.block || !statement.block->parameters.empty())
      beyond(statement, "'create_function' of this form");
    create = &statement;
  }
  if (!create) throw Unsupported{1, "no 'create_function'"};
  program->name = literal_text(*create->items[0]);
  for (const NodePtr& item : statements_of(create->block->body.get(), none)) {
    const Node& statement = *item;
    if (statement.kind == NodeKind::Def) {
      program->methods[statement.name] = &statement;
    } else if (bare_call(statement, "dispatch")) {
      program->dispatches.push_back(read_dispatch(statement));
    } else if (!visibility(statement)) {
      beyond(statement, statement.kind == NodeKind::Call
                            ? "'" + statement.name + "' in the function"
                            : "class-level code in the function");
    }
  }
  // Without a dispatch, Puppet calls the method named after the function with any arguments.
  if (program->dispatches.empty()) {
    std::string method = program->name.substr(program->name.rfind(':') + 1);
    auto found = program->methods.find(method);
    if (found == program->methods.end())
      throw Unsupported{create->line, "no method '" + method + "'"};
    // Puppet's default dispatcher: Any for each parameter, `*rest` any number more.
    RubyFunctionDispatch dispatch{method, {}, ""};
    for (const BlockParameter& parameter : found->second->block->parameters)
      dispatch.parameters.push_back({"Any", parameter.name,
                                     parameter.splat ? RubyFunctionParameter::Kind::Repeated
                                     : parameter.optional >= 0
                                         ? RubyFunctionParameter::Kind::Optional
                                         : RubyFunctionParameter::Kind::Required});
    program->dispatches.push_back(std::move(dispatch));
  }
  for (const RubyFunctionDispatch& dispatch : program->dispatches) {
    auto found = program->methods.find(dispatch.method);
    if (found == program->methods.end())
      throw Unsupported{create->line, "a dispatch to '" + dispatch.method + "', not defined"};
    const std::vector<BlockParameter>& parameters = found->second->block->parameters;
    // The method takes what the dispatch passes: a default for each optional parameter, `*rest`
    // for a repeated one.
    bool same = parameters.size() == dispatch.parameters.size();
    for (std::size_t i = 0; same && i < parameters.size(); ++i) {
      RubyFunctionParameter::Kind kind = dispatch.parameters[i].kind;
      bool repeated = kind == RubyFunctionParameter::Kind::Repeated ||
                      kind == RubyFunctionParameter::Kind::RequiredRepeated;
      same = parameters[i].splat == repeated &&
             (parameters[i].optional >= 0) == (kind == RubyFunctionParameter::Kind::Optional);
    }
    if (!same)
      throw Unsupported{found->second->line,
                        "method '" + dispatch.method + "' of another arity than its dispatch"};
  }
  std::set<std::string> defined;
  bool calls_back = false;
  for (const auto& [name, method] : program->methods) {
    defined.insert(name);
    calls_back = calls_back || (method->block->body && calls_puppet(*method->block->body));
    for (const NodePtr& value : method->items) calls_back = calls_back || calls_puppet(*value);
  }
  for (const auto& [name, method] : program->methods) {
    for (const BlockParameter& parameter : method->block->parameters)
      if (!parameter.nested.empty()) beyond(*method, "a method parameter of this form");
    for (const NodePtr& value : method->items) check_method(*value, defined, !calls_back);
    if (method->block->body) check_method(*method->block->body, defined, !calls_back);
  }
  return program;
}

}  // namespace marionette::compiler::erb
