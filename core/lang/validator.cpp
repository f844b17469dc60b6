#include "lang/validator.hpp"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lang/diagnostic.hpp"
#include "lang/labels.hpp"
#include "lang/recursion_bound.hpp"
#include "text/text.hpp"

namespace marionette::lang {

namespace {

using ast::Node;
using ast::NodeKind;

/// Names Puppet's own types take; no class, define or function may use them.
bool is_reserved_type_name(const std::string& name) {
  static const std::set<std::string> kNames = {
      "type",      "any",        "unit",        "scalar",  "boolean",   "numeric",  "integer",
      "float",     "collection", "array",       "hash",    "tuple",     "struct",   "variant",
      "optional",  "enum",       "regexp",      "pattern", "runtime",   "init",     "object",
      "sensitive", "semver",     "semverrange", "string",  "timestamp", "timespan", "typeset"};
  return kNames.contains(name);
}

bool is_reserved_word(const std::string& word) {
  return word == "attr" || word == "private";
}

/// `first` then word characters: `[a-z]\w*` (or `[a-z_]\w*` when `underscore`).
bool is_segment(std::string_view text, bool underscore) {
  if (text.empty() || !((text[0] >= 'a' && text[0] <= 'z') || (underscore && text[0] == '_')))
    return false;
  for (char c : text)
    if (!text::is_word_char(c)) return false;
  return true;
}

/// `[a-z]\w*(::[a-z]\w*)*`, the last segment may start with `_` when `last_underscore`.
bool is_qualified(std::string_view text, bool last_underscore) {
  while (true) {
    std::size_t separator = text.find("::");
    if (separator == std::string_view::npos) return is_segment(text, last_underscore);
    if (!is_segment(text.substr(0, separator), false)) return false;
    text.remove_prefix(separator + 2);
  }
}

/// `0` or a decimal number without a leading zero: the names of match variables ($0, $1...).
bool is_match_variable_name(std::string_view name) {
  if (name == "0") return true;
  if (name.empty() || name[0] < '1' || name[0] > '9') return false;
  return name.find_first_not_of("0123456789") == std::string_view::npos;
}

/// Puppet's VAR_NAME: `(::)?([a-z]\w*::)*[a-z_]\w*`.
bool is_variable_name(std::string_view name) {
  if (name.starts_with("::")) name.remove_prefix(2);
  return is_qualified(name, true);
}

/// A hash key written as a literal, as Puppet's literal evaluator reads it: its value's kind
/// and text ("s" + the string for quoted strings without interpolation and bare words); nullopt
/// for keys that are computed.
std::optional<std::pair<char, std::string>> literal_key(const Node* key) {
  if (auto* text = ast::as<ast::StringLiteral>(key)) return std::pair{'s', text->value};
  if (auto* word = ast::as<ast::BareWord>(key)) return std::pair{'s', word->name};
  if (auto* string = ast::as<ast::InterpolatedString>(key)) {
    if (string->parts.empty()) return std::pair{'s', std::string()};
    auto* only =
        string->parts.size() == 1 ? ast::as<ast::StringLiteral>(string->parts[0]) : nullptr;
    if (only) return std::pair{'s', only->value};
    return std::nullopt;
  }
  if (auto* number = ast::as<ast::IntegerLiteral>(key))
    return std::pair{'i', std::to_string(number->value)};
  if (auto* boolean = ast::as<ast::BooleanLiteral>(key))
    return std::pair{'b', std::string(boolean->value ? "true" : "false")};
  if (ast::as<ast::UndefLiteral>(key)) return std::pair{'u', std::string()};
  if (ast::as<ast::DefaultLiteral>(key)) return std::pair{'d', std::string("default")};
  return std::nullopt;
}

/// Where the `=>` after a hash key stands (Puppet places a hash entry there): the first `=>`
/// after the key's text; the key's own place when the text cannot say.
SourceLocation arrow_after(const Node* key) {
  SourceLocation where = key->where;
  if (!where.known()) return where;
  const std::string& text = where.file->text;
  std::size_t offset = 0;
  for (std::uint32_t line = 1; line < where.line && offset < text.size(); ++offset)
    if (text[offset] == '\n') ++line;
  std::size_t at = text.find("=>", offset + where.column - 1 + where.length);
  if (at == std::string::npos) return where;
  std::size_t line_start = text.rfind('\n', at);
  line_start = line_start == std::string::npos ? 0 : line_start + 1;
  where.line = static_cast<std::uint32_t>(1 + std::count(text.begin(), text.begin() + at, '\n'));
  where.column = static_cast<std::uint32_t>(at - line_start + 1);
  where.length = 2;
  return where;
}

class Validator {
 public:
  Validator(const ParseNotes& notes, std::vector<StrictIssue>* strict_issues = nullptr)
      : notes_(notes), strict_issues_(strict_issues) {}

  void visit(const Node* node) {
    if (node == nullptr) return;
    RecursionBound level(nesting_, kMaxDepth);
    if (level.exceeded()) fail("stack level too deep", node);
    attempt([&] { check(node); });
    path_.push_back(node);
    visit_children(node);
    path_.pop_back();
  }

  /// Puppet's IssueReporter on what the checks found: one error as it is; more than one are
  /// logged, and the parse fails with their count at the first one's file.
  void report(std::optional<SourceError> stopped) {
    if (stopped) errors_.push_back(std::move(*stopped));
    if (errors_.size() == 1) throw errors_.front();
    if (errors_.size() > 1)
      throw SourceError(
          "Language validation logged " + std::to_string(errors_.size()) + " errors. Giving up",
          SourceLocation{errors_.front().where().file, 0, 0, 1});
  }

 private:
  /// Runs one check; its error is recorded and the checks go on, as Puppet's validator
  /// reports every problem of the tree.
  template <class Check>
  void attempt(Check check) {
    try {
      check();
    } catch (const SourceError& error) {
      errors_.push_back(error);
    }
  }

  [[noreturn]] void fail(const std::string& message, const SourceLocation& where) const {
    throw SourceError(message, where);
  }
  [[noreturn]] void fail(const std::string& message, const Node* node) const {
    fail(message, position(node, notes_));
  }
  std::string label_of(const Node* node) const { return label(node, notes_); }

  void visit_parameters(const std::vector<ast::Parameter>& parameters) {
    for (const auto& parameter : parameters) {
      check_parameter(parameter);
      visit(parameter.type);
      visit(parameter.default_value);
    }
  }

  void visit_attributes(const std::vector<ast::AttributeOperation>& attributes,
                        const Node* container) {
    for (const auto& attribute : attributes) {
      if (attribute.append && !ast::as<ast::ResourceOverride>(container) &&
          !ast::as<ast::Collector>(container))
        fail("Illegal +> operation on attribute " + attribute.name +
                 ". This operator can not be used in " +
                 a_an(ast::as<ast::Resource>(container) ? "Resource Instance Definition"
                                                        : label_of(container)),
             attribute.where);
      rvalue(attribute.value);
      visit(attribute.value);
    }
  }

  void visit_children(const Node* node) {
    switch (node->kind) {
      case NodeKind::InterpolatedString:
        for (const Node* part : ast::as<ast::InterpolatedString>(node)->parts) visit(part);
        return;
      case NodeKind::ArrayLiteral:
        for (const Node* element : ast::as<ast::ArrayLiteral>(node)->elements) {
          rvalue(element);
          visit(element);
        }
        return;
      case NodeKind::HashLiteral:
        check_duplicate_keys(ast::as<ast::HashLiteral>(node));
        for (const auto& [key, value] : ast::as<ast::HashLiteral>(node)->entries) {
          rvalue(key);
          rvalue(value);
          visit(key);
          visit(value);
        }
        return;
      case NodeKind::Unary:
        rvalue(ast::as<ast::Unary>(node)->operand);
        visit(ast::as<ast::Unary>(node)->operand);
        return;
      case NodeKind::Binary: {
        auto* binary = ast::as<ast::Binary>(node);
        rvalue(binary->left);
        rvalue(binary->right);
        visit(binary->left);
        visit(binary->right);
        return;
      }
      case NodeKind::Relationship: {
        auto* relationship = ast::as<ast::Relationship>(node);
        for (const Node* side : {relationship->left, relationship->right})
          if (!ast::as<ast::Collector>(side) && !ast::as<ast::Relationship>(side)) rvalue(side);
        visit(relationship->left);
        visit(relationship->right);
        return;
      }
      case NodeKind::Access: {
        auto* access = ast::as<ast::Access>(node);
        visit(access->target);
        for (const Node* key : access->keys) visit(key);
        return;
      }
      case NodeKind::Assignment:
        visit(ast::as<ast::Assignment>(node)->target);
        visit(ast::as<ast::Assignment>(node)->value);
        return;
      case NodeKind::FunctionCall: {
        auto* call = ast::as<ast::FunctionCall>(node);
        for (const Node* argument : call->arguments) visit(argument);
        visit(call->lambda);
        return;
      }
      case NodeKind::MethodCall: {
        auto* call = ast::as<ast::MethodCall>(node);
        visit(call->receiver);
        for (const Node* argument : call->arguments) visit(argument);
        visit(call->lambda);
        return;
      }
      case NodeKind::Lambda:
        visit_parameters(ast::as<ast::Lambda>(node)->parameters);
        visit(ast::as<ast::Lambda>(node)->body);
        return;
      case NodeKind::Block:
        for (const Node* statement : ast::as<ast::Block>(node)->statements) visit(statement);
        return;
      case NodeKind::If: {
        auto* branch = ast::as<ast::If>(node);
        visit(branch->condition);
        visit(branch->then_body);
        visit(branch->otherwise);
        return;
      }
      case NodeKind::Case: {
        auto* node_case = ast::as<ast::Case>(node);
        visit(node_case->subject);
        for (const auto& option : node_case->options) {
          for (const Node* value : option.values) {
            rvalue(value);
            visit(value);
          }
          visit(option.body);
        }
        return;
      }
      case NodeKind::Selector: {
        auto* selector = ast::as<ast::Selector>(node);
        visit(selector->subject);
        for (const auto& option : selector->options) {
          rvalue(option.match);
          visit(option.match);
          visit(option.value);
        }
        return;
      }
      case NodeKind::Resource:
        visit(ast::as<ast::Resource>(node)->type_expression);
        for (const auto& body : ast::as<ast::Resource>(node)->bodies) {
          visit(body.title);
          visit_attributes(body.attributes, node);
        }
        return;
      case NodeKind::ResourceDefaults:
        visit_attributes(ast::as<ast::ResourceDefaults>(node)->attributes, node);
        return;
      case NodeKind::ResourceOverride:
        visit(ast::as<ast::ResourceOverride>(node)->reference);
        visit_attributes(ast::as<ast::ResourceOverride>(node)->attributes, node);
        return;
      case NodeKind::Collector: {
        auto* collector = ast::as<ast::Collector>(node);
        if (collector->query) query(collector->query);
        visit(collector->query);
        visit_attributes(collector->overrides, node);
        return;
      }
      case NodeKind::ClassDefinition:
        visit_parameters(ast::as<ast::ClassDefinition>(node)->parameters);
        visit(ast::as<ast::ClassDefinition>(node)->body);
        return;
      case NodeKind::DefinedTypeDefinition:
        visit_parameters(ast::as<ast::DefinedTypeDefinition>(node)->parameters);
        visit(ast::as<ast::DefinedTypeDefinition>(node)->body);
        return;
      case NodeKind::NodeDefinition:
        for (const Node* match : ast::as<ast::NodeDefinition>(node)->matches) visit(match);
        visit(ast::as<ast::NodeDefinition>(node)->body);
        return;
      case NodeKind::FunctionDefinition:
        visit_parameters(ast::as<ast::FunctionDefinition>(node)->parameters);
        visit(ast::as<ast::FunctionDefinition>(node)->return_type);
        visit(ast::as<ast::FunctionDefinition>(node)->body);
        return;
      case NodeKind::TypeAlias: {
        const Node* type = ast::as<ast::TypeAlias>(node)->type;
        if (ast::as<ast::ArrayLiteral>(type))  // `type X = [Integer]` names no type
          fail(
              "Illegal expression. An Array Expression is unacceptable as a type reference in "
              "a Type Alias",
              type);
        visit(type);
        return;
      }
      case NodeKind::EppTemplate:
        visit_parameters(ast::as<ast::EppTemplate>(node)->parameters);
        visit(ast::as<ast::EppTemplate>(node)->body);
        return;
      case NodeKind::RenderExpression:
        visit(ast::as<ast::RenderExpression>(node)->expression);
        return;
      default:
        return;
    }
  }

  // --- Checks of one node, before its children (Puppet's check_* methods).

  void check(const Node* node) {
    switch (node->kind) {
      case NodeKind::Block:
        return check_block(ast::as<ast::Block>(node));
      case NodeKind::BareWord:
        if (is_reserved_word(ast::as<ast::BareWord>(node)->name))
          fail("Use of reserved word: " + ast::as<ast::BareWord>(node)->name +
                   ", must be quoted if intended to be a String value",
               node);
        return;
      case NodeKind::Variable:
        return check_variable_name(ast::as<ast::Variable>(node)->name, node);
      case NodeKind::Assignment:
        return check_assignment(ast::as<ast::Assignment>(node));
      case NodeKind::FunctionCall:
        // A hyphenated bare word (`foo-bar(1)`) is a String to Puppet, not a name.
        if (ast::as<ast::FunctionCall>(node)->name.find('-') != std::string::npos)
          fail("Illegal expression. A String is unacceptable as function name in a Function Call",
               node);
        if (is_reserved_word(ast::as<ast::FunctionCall>(node)->name))
          fail("Illegal expression. A Reserved Word '" + ast::as<ast::FunctionCall>(node)->name +
                   "' is unacceptable as function name in a Function Call",
               node);
        return;
      case NodeKind::If:
        return rvalue(ast::as<ast::If>(node)->condition);
      case NodeKind::Case: {
        auto* node_case = ast::as<ast::Case>(node);
        rvalue(node_case->subject);
        bool seen_default = false;
        for (const auto& option : node_case->options)
          for (const Node* value : option.values)
            if (ast::as<ast::DefaultLiteral>(value)) {
              if (seen_default) duplicate_default(node, value);
              seen_default = true;
            }
        return;
      }
      case NodeKind::Selector: {
        auto* selector = ast::as<ast::Selector>(node);
        rvalue(selector->subject);
        bool seen_default = false;
        for (const auto& option : selector->options)
          if (ast::as<ast::DefaultLiteral>(option.match)) {
            if (seen_default) duplicate_default(node, option.match);
            seen_default = true;
          }
        return;
      }
      case NodeKind::Resource:
        check_resource_bodies(ast::as<ast::Resource>(node));
        return;
      case NodeKind::ClassDefinition: {
        auto* definition = ast::as<ast::ClassDefinition>(node);
        check_named_definition(node, definition->name);
        check_no_capture(definition->parameters, node);
        check_unique_parameters(definition->parameters);
        check_reserved_parameters(definition->parameters, node);
        check_no_idem_last(definition->body, node);
        return;
      }
      case NodeKind::DefinedTypeDefinition: {
        auto* definition = ast::as<ast::DefinedTypeDefinition>(node);
        check_named_definition(node, definition->name);
        check_no_capture(definition->parameters, node);
        check_unique_parameters(definition->parameters);
        check_reserved_parameters(definition->parameters, node);
        check_no_idem_last(definition->body, node);
        return;
      }
      case NodeKind::FunctionDefinition: {
        auto* definition = ast::as<ast::FunctionDefinition>(node);
        check_named_definition(node, definition->name);
        check_unique_parameters(definition->parameters);
        return;
      }
      case NodeKind::NodeDefinition:
        check_top(node);
        check_no_idem_last(ast::as<ast::NodeDefinition>(node)->body, node);
        return;
      case NodeKind::TypeAlias:
        check_top(node);
        return;
      case NodeKind::Lambda:
        check_capture_last(ast::as<ast::Lambda>(node)->parameters);
        return;
      case NodeKind::EppTemplate:
        check_no_capture(ast::as<ast::EppTemplate>(node)->parameters, node);
        check_unique_parameters(ast::as<ast::EppTemplate>(node)->parameters);
        return;
      default:
        return;
    }
  }

  void duplicate_default(const Node* container, const Node* second) {
    fail("This " + label_of(container) + " already has a 'default' entry - this is a duplicate",
         second);
  }

  /// A statement whose value is dropped must have an effect; `file { attr => v }` (a name and a
  /// hash) is a resource without a title.
  bool resource_without_title(const ast::Block* block) const {
    const auto& statements = block->statements;
    return statements.size() == 2 && ast::as<ast::BareWord>(statements[0]) &&
           ast::as<ast::HashLiteral>(statements[1]) &&
           !notes_.parenthesized.contains(statements[1]);
  }

  void check_block(const ast::Block* block) {
    const auto& statements = block->statements;
    if (resource_without_title(block))
      fail("This expression is invalid. Did you try declaring a '" +
               ast::as<ast::BareWord>(statements[0])->name + "' resource without a title?",
           statements[0]->where);
    for (std::size_t i = 0; i + 1 < statements.size(); ++i)
      if (idem(statements[i]))
        fail("This " + label_of(statements[i]) +
                 " has no effect. A value was produced and then forgotten (one or more preceding "
                 "expressions may have the wrong form)",
             statements[i]);
  }

  /// Classes, defines and nodes may not end with a value nobody uses.
  void check_no_idem_last(const ast::Block* body, const Node* container) {
    if (body == nullptr || body->statements.empty() || resource_without_title(body)) return;
    const Node* last = body->statements.back();
    if (idem(last))
      fail("This " + label_of(last) + " has no effect. " + a_an(label_of(container), true) +
               " can not end with a value-producing expression without other effect",
           last);
  }

  /// Does evaluating the expression leave everything as it was (Puppet's idem_* methods)?
  bool idem(const Node* node) const {
    if (node == nullptr) return true;
    switch (node->kind) {
      case NodeKind::StringLiteral:
      case NodeKind::IntegerLiteral:
      case NodeKind::FloatLiteral:
      case NodeKind::BooleanLiteral:
      case NodeKind::UndefLiteral:
      case NodeKind::DefaultLiteral:
      case NodeKind::RegexLiteral:
      case NodeKind::BareWord:
      case NodeKind::TypeReference:
      case NodeKind::InterpolatedString:
      case NodeKind::ArrayLiteral:
      case NodeKind::HashLiteral:
      case NodeKind::Variable:
      case NodeKind::Unary:
      case NodeKind::Access:
      case NodeKind::Selector:
        return true;
      case NodeKind::Binary: {
        auto op = ast::as<ast::Binary>(node)->op;
        return op != ast::BinaryOp::Match && op != ast::BinaryOp::NotMatch;
      }
      case NodeKind::Block:
        for (const Node* statement : ast::as<ast::Block>(node)->statements)
          if (!idem(statement)) return false;
        return true;
      case NodeKind::If: {
        auto* branch = ast::as<ast::If>(node);
        return idem(branch->condition) && idem(branch->then_body) && idem(branch->otherwise);
      }
      case NodeKind::Case: {
        auto* node_case = ast::as<ast::Case>(node);
        if (!idem(node_case->subject)) return false;
        for (const auto& option : node_case->options) {
          for (const Node* value : option.values)
            if (!idem(value)) return false;
          if (!idem(option.body)) return false;
        }
        return true;
      }
      default:
        return false;
    }
  }

  void check_variable_name(const std::string& name, const Node* node) {
    if (!name.empty() && name[0] >= '0' && name[0] <= '9') {
      if (!is_match_variable_name(name))
        fail("Illegal numeric variable name, The given name '" + name +
                 "' must be a decimal value if it starts with a digit 0-9",
             node);
      return;
    }
    if (!is_variable_name(name))
      fail("Illegal variable name, The given name '" + name +
               "' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/",
           node);
  }

  void check_assignment(const ast::Assignment* assignment) {
    if (assignment->op != ast::AssignmentOp::Assign)
      fail(std::string("The operator '") +
               (assignment->op == ast::AssignmentOp::Append ? "+=" : "-=") +
               "' is no longer supported. See http://links.puppet.com/remove-plus-equals",
           assignment->where);
    assignable(assignment->target);
    rvalue(assignment->value);
  }

  /// Only `$x` and `[$a, $b]` can be assigned to, and only variables of this scope.
  void assignable(const Node* target) {
    if (auto* variable = ast::as<ast::Variable>(target)) {
      if (is_match_variable_name(variable->name))
        fail("Illegal attempt to assign to the numeric match result variable '$" + variable->name +
                 "'. Numeric variables are not assignable",
             target);
      if (variable->name.find("::") != std::string::npos)
        fail("Illegal attempt to assign to '" + variable->name +
                 "'. Cannot assign to variables in other namespaces",
             target);
      return;
    }
    if (auto* array = ast::as<ast::ArrayLiteral>(target)) {
      for (const Node* element : array->elements) attempt([&] { assignable(element); });
      return;
    }
    if (ast::as<ast::Access>(target))
      fail("Illegal attempt to assign via [index/key]. Not an assignable reference", target);
    fail("Illegal attempt to assign to '" + a_an(label_of(target)) +
             "'. Not an assignable reference",
         target);
  }

  /// Collectors and definitions produce no value.
  void rvalue(const Node* node) {
    if (node == nullptr) return;
    if (auto* unary = ast::as<ast::Unary>(node)) return rvalue(unary->operand);
    switch (node->kind) {
      case NodeKind::Collector:
      case NodeKind::ClassDefinition:
      case NodeKind::DefinedTypeDefinition:
      case NodeKind::NodeDefinition:
      case NodeKind::FunctionDefinition:
      case NodeKind::TypeAlias:
        fail("Invalid use of expression. " + a_an(label_of(node), true) +
                 " does not produce a value",
             node);
      default:
        return;
    }
  }

  /// A collector's query may compare attributes with == and != joined by `and` and `or`.
  void query(const Node* node) {
    if (auto* binary = ast::as<ast::Binary>(node)) {
      switch (binary->op) {
        case ast::BinaryOp::Equal:
        case ast::BinaryOp::NotEqual:
          return;
        case ast::BinaryOp::And:
        case ast::BinaryOp::Or:
          query(binary->left);
          query(binary->right);
          return;
        default:
          break;
      }
    }
    switch (node->kind) {
      case NodeKind::Variable:
      case NodeKind::BareWord:
      case NodeKind::IntegerLiteral:
      case NodeKind::FloatLiteral:
      case NodeKind::StringLiteral:
      case NodeKind::BooleanLiteral:
        return;
      default:
        fail("Illegal query expression. " + a_an(label_of(node), true) +
                 " cannot be used in a query",
             node);
    }
  }

  void check_resource_bodies(const ast::Resource* resource) {
    for (const auto& body : resource->bodies) {
      bool unfolded = false;
      for (const auto& attribute : body.attributes) {
        if (attribute.name != "*") continue;
        if (unfolded)
          fail("Unfolding of attributes from Hash can only be used once per resource body",
               attribute.where);
        unfolded = true;
      }
    }
  }

  // --- Definitions.

  void check_named_definition(const Node* node, const std::string& name) {
    check_top(node);
    if (!is_qualified(name, false))
      fail("Unacceptable name. The name '" + name + "' is unacceptable as the name of " +
               a_an(label_of(node)),
           node);
    if (is_reserved_type_name(name))
      fail("The name: '" + name +
               "' is already defined by Puppet and can not be used as the name of " +
               a_an(label_of(node)) + ".",
           node);
  }

  /// Definitions stand at the top level or directly in a class; functions and type aliases
  /// only at the very top.
  void check_top(const Node* definition) {
    bool absolute =
        ast::as<ast::FunctionDefinition>(definition) || ast::as<ast::TypeAlias>(definition);
    for (std::size_t i = path_.size(); i-- > 0;) {
      const Node* container = path_[i];
      if (ast::as<ast::ClassDefinition>(container)) return;
      if (!ast::as<ast::Block>(container)) break;
      if (i > 0 && absolute)
        fail(a_an(label_of(definition), true) + " may only appear at toplevel", definition);
      if (i == 0) return;
    }
    if (path_.empty()) return;
    fail("Classes, definitions, and nodes may only appear at toplevel or inside other classes",
         definition);
  }

  void check_parameter(const ast::Parameter& parameter) {
    std::string_view digits = parameter.name;
    if (digits.starts_with("0x")) digits.remove_prefix(2);
    if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos)
      fail("The numeric parameter name '$" + parameter.name +
               "' cannot be used (clashes with numeric match result variables)",
           parameter.name_where);
    if (!is_segment(parameter.name, true))
      fail("Illegal parameter name. The given name '" + parameter.name +
               "' does not conform to the naming rule /^[a-z_]\\w*$/",
           parameter.name_where);
  }

  void check_no_capture(const std::vector<ast::Parameter>& parameters, const Node* container) {
    for (const auto& parameter : parameters)
      if (parameter.captures_rest)
        fail("Parameter $" + parameter.name + " has 'captures rest' - not supported in " +
                 a_an(label_of(container)),
             parameter.name_where);
  }

  void check_capture_last(const std::vector<ast::Parameter>& parameters) {
    for (std::size_t i = 0; i + 1 < parameters.size(); ++i)
      if (parameters[i].captures_rest)
        fail("Parameter $" + parameters[i].name + " is not last, and has 'captures rest'",
             parameters[i].name_where);
  }

  void check_unique_parameters(const std::vector<ast::Parameter>& parameters) {
    std::set<std::string> seen;
    for (const auto& parameter : parameters)
      if (!seen.insert(parameter.name).second)
        fail("The parameter '" + parameter.name +
                 "' is declared more than once in the parameter list",
             parameter.name_where);
  }

  void check_reserved_parameters(const std::vector<ast::Parameter>& parameters,
                                 const Node* container) {
    for (const auto& parameter : parameters)
      if (parameter.name == "name" || parameter.name == "title")
        fail("The parameter $" + parameter.name + " redefines a built in parameter in the " +
                 label_of(container),
             parameter.name_where);
  }

  /// Puppet's DUPLICATE_KEY: a literal key written twice in one hash literal.
  void check_duplicate_keys(const ast::HashLiteral* hash) {
    if (!strict_issues_ || hash->entries.size() < 2) return;
    std::set<std::pair<char, std::string>> seen;
    for (const auto& [key, value] : hash->entries) {
      auto literal = literal_key(key);
      if (literal && !seen.insert(*literal).second)
        strict_issues_->push_back(
            {"The key '" + literal->second + "' is declared more than once", arrow_after(key)});
    }
  }

  /// Puppet's parser validates `1+1+…` of 50,000 terms; nesting five times as deep as the
  /// evaluator allows (2,000) passes here, and so is safe for every other walk of the tree (its
  /// dump, for one); beyond that it is refused as the evaluation would be.
  static constexpr int kMaxDepth = 10000;
  const ParseNotes& notes_;
  std::vector<StrictIssue>* strict_issues_;
  Nesting nesting_;
  std::vector<SourceError> errors_;  ///< what the checks found, in the order found
  std::vector<const Node*> path_;    ///< the containers of the node being checked, outermost first
};

}  // namespace

namespace {

void run(Validator& validator, const Node* program) {
  std::optional<SourceError> stopped;  // a check that ends the walk (nesting too deep)
  try {
    validator.visit(program);
  } catch (const SourceError& error) {
    stopped = error;
  }
  validator.report(std::move(stopped));
}

}  // namespace

void validate(const ast::Block* program, const ParseNotes& notes,
              std::vector<StrictIssue>* strict_issues) {
  Validator validator(notes, strict_issues);
  run(validator, program);
}

void validate(const ast::EppTemplate* program, const ParseNotes& notes) {
  Validator validator(notes);
  run(validator, program);
}

}  // namespace marionette::lang
