#include "compiler/erb/erb_template.hpp"

#include <set>

#include "compiler/erb/erb_script.hpp"
#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "compiler/erb/ruby_parser.hpp"

namespace marionette::compiler::erb {

namespace {

/// The methods the template defines (`def name`).
void collect_definitions(const Node& node, std::set<std::string>& names, int depth = 0) {
  if (depth > 1000) throw Unsupported{node.line, "nesting deeper than 1000"};
  if (node.kind == NodeKind::Def) names.insert(node.name);
  for (const Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child) collect_definitions(*child, names, depth + 1);
  for (const NodePtr& item : node.items) collect_definitions(*item, names, depth + 1);
  if (node.block) collect_definitions(*node.block->body, names, depth + 1);
}

/// Refuses, before anything runs, a call the engine could not make: the first in the source's
/// order (a receiver before the method called on it).
void check_calls(const Node& node, const std::set<std::string>& defined, bool in_method,
                 int depth = 0) {
  if (depth > 5000) throw Unsupported{node.line, "nesting deeper than 5000"};
  if (node.kind == NodeKind::Return && !in_method) throw Unsupported{node.line, "'return'"};
  if (node.kind == NodeKind::Const && !is_known_constant(node.name))
    throw Unsupported{node.line, "constant '" + node.name + "'"};
  bool inside_method = in_method || node.kind == NodeKind::Def;
  if (node.a) check_calls(*node.a, defined, inside_method, depth + 1);
  if (node.kind == NodeKind::Call) {
    // A Ruby block handed to a Puppet function (`scope.call_function('with', [1]) { |x| x }`)
    // is a lambda the engine does not make: Ruby's ERB runs such a template.
    if (node.a && node.block &&
        (node.name == "call_function" || node.name.starts_with("function_")))
      throw Unsupported{node.line, "a block given to '" + node.name + "'"};
    bool known = node.a ? is_known_method(node.name) || is_scope_method(node.name)
                        : is_kernel_function(node.name) || defined.count(node.name);
    // `IPAddr.new(address)`, and `Hash.new` and `Array.new` of nothing (an empty one).
    if (node.a && node.name == "new")
      known = node.a->kind == NodeKind::Const &&
              (node.a->name == "IPAddr" || ((node.a->name == "Hash" || node.a->name == "Array") &&
                                            node.items.empty() && !node.block));
    // `require 'yaml'` (or json): loaded in Puppet already; another library is Ruby's.
    if (!node.a && node.name == "require" && !defined.count(node.name))
      known = node.items.size() == 1 && node.items[0]->kind == NodeKind::Literal &&
              node.items[0]->value.is_string() && is_loaded_library(node.items[0]->value.string());
    if (!known) throw Unsupported{node.line, "method '" + node.name + "'"};
  }
  for (const Node* child : {node.b.get(), node.c.get()})
    if (child) check_calls(*child, defined, inside_method, depth + 1);
  for (const NodePtr& item : node.items) check_calls(*item, defined, inside_method, depth + 1);
  if (node.block) check_calls(*node.block->body, defined, inside_method, depth + 1);
}

/// The names `rescue ... => name` binds.
void collect_rescue_names(const Node& node, std::set<std::string>& names, int depth = 0) {
  if (depth > 5000) throw Unsupported{node.line, "nesting deeper than 5000"};
  if (node.kind == NodeKind::RescueClause && !node.name.empty()) names.insert(node.name);
  for (const Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child) collect_rescue_names(*child, names, depth + 1);
  for (const NodePtr& item : node.items) collect_rescue_names(*item, names, depth + 1);
  if (node.block) collect_rescue_names(*node.block->body, names, depth + 1);
}

/// A rescued exception the template reads (its message and class are the library's, which
/// differ between Ruby versions) makes the template Ruby's.
void check_rescue_names(const Node& node, const std::set<std::string>& names, int depth = 0) {
  if (depth > 5000) throw Unsupported{node.line, "nesting deeper than 5000"};
  if (node.kind == NodeKind::LocalVar && names.count(node.name))
    throw Unsupported{node.line, "a rescued exception ('" + node.name + "')"};
  for (const Node* child : {node.a.get(), node.b.get(), node.c.get()})
    if (child) check_rescue_names(*child, names, depth + 1);
  for (const NodePtr& item : node.items) check_rescue_names(*item, names, depth + 1);
  if (node.block) check_rescue_names(*node.block->body, names, depth + 1);
}

}  // namespace

std::shared_ptr<const ErbProgram> parse_erb(std::string_view text) {
  ErbScript script = erb_to_script(text);
  std::vector<Token> tokens = tokenize_ruby(script.code);
  auto program = std::make_shared<ErbProgram>();
  program->body = parse_ruby(tokens, script.texts);
  std::set<std::string> defined;
  collect_definitions(*program->body, defined);
  check_calls(*program->body, defined, false);
  std::set<std::string> rescued;
  collect_rescue_names(*program->body, rescued);
  if (!rescued.empty()) check_rescue_names(*program->body, rescued);
  return program;
}

}  // namespace marionette::compiler::erb
