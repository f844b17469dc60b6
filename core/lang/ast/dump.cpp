#include "lang/ast/dump.hpp"

#include <cstdio>
#include <cstring>

#include "lang/ast/ast.hpp"

namespace marionette::lang::ast {

std::string_view spelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return "or";
    case BinaryOp::And:
      return "and";
    case BinaryOp::Equal:
      return "==";
    case BinaryOp::NotEqual:
      return "!=";
    case BinaryOp::Less:
      return "<";
    case BinaryOp::LessEqual:
      return "<=";
    case BinaryOp::Greater:
      return ">";
    case BinaryOp::GreaterEqual:
      return ">=";
    case BinaryOp::LeftShift:
      return "<<";
    case BinaryOp::RightShift:
      return ">>";
    case BinaryOp::Plus:
      return "+";
    case BinaryOp::Minus:
      return "-";
    case BinaryOp::Multiply:
      return "*";
    case BinaryOp::Divide:
      return "/";
    case BinaryOp::Modulo:
      return "%";
    case BinaryOp::Match:
      return "=~";
    case BinaryOp::NotMatch:
      return "!~";
    case BinaryOp::In:
      return "in";
  }
  return "?";
}

std::string_view spelling(RelationshipOp op) {
  switch (op) {
    case RelationshipOp::Before:
      return "->";
    case RelationshipOp::Notify:
      return "~>";
    case RelationshipOp::Require:
      return "<-";
    case RelationshipOp::Subscribe:
      return "<~";
  }
  return "?";
}

namespace {

class Dumper {
 public:
  std::string out;

  void node(const Node* n) {
    if (!n) {
      out += "nil";
      return;
    }
    switch (n->kind) {
      case NodeKind::StringLiteral:
        return quoted(static_cast<const StringLiteral*>(n)->value);
      case NodeKind::IntegerLiteral:
        out += std::to_string(static_cast<const IntegerLiteral*>(n)->value);
        return;
      case NodeKind::FloatLiteral: {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.15g", static_cast<const FloatLiteral*>(n)->value);
        out += buffer;
        if (out.find_first_of(".e", out.size() - std::strlen(buffer)) == std::string::npos)
          out += ".0";
        return;
      }
      case NodeKind::BooleanLiteral:
        out += static_cast<const BooleanLiteral*>(n)->value ? "true" : "false";
        return;
      case NodeKind::UndefLiteral:
        out += "undef";
        return;
      case NodeKind::DefaultLiteral:
        out += "default";
        return;
      case NodeKind::RegexLiteral:
        out += "/" + static_cast<const RegexLiteral*>(n)->pattern + "/";
        return;
      case NodeKind::BareWord:
        out += static_cast<const BareWord*>(n)->name;
        return;
      case NodeKind::TypeReference:
        out += static_cast<const TypeReference*>(n)->name;
        return;
      case NodeKind::InterpolatedString:
        return list("concat", static_cast<const InterpolatedString*>(n)->parts);
      case NodeKind::ArrayLiteral: {
        out += "[";
        separated(static_cast<const ArrayLiteral*>(n)->elements);
        out += "]";
        return;
      }
      case NodeKind::HashLiteral: {
        out += "{";
        bool first = true;
        for (const auto& [key, value] : static_cast<const HashLiteral*>(n)->entries) {
          if (!first) out += " ";
          first = false;
          out += "(";
          node(key);
          out += " => ";
          node(value);
          out += ")";
        }
        out += "}";
        return;
      }
      case NodeKind::Variable:
        out += "$" + static_cast<const Variable*>(n)->name;
        return;
      case NodeKind::Unary: {
        auto* u = static_cast<const Unary*>(n);
        out += u->op == UnaryOp::Not ? "(! " : u->op == UnaryOp::Negate ? "(- " : "(* ";
        node(u->operand);
        out += ")";
        return;
      }
      case NodeKind::Binary: {
        auto* b = static_cast<const Binary*>(n);
        return pair(spelling(b->op), b->left, b->right);
      }
      case NodeKind::Relationship: {
        auto* r = static_cast<const Relationship*>(n);
        return pair(spelling(r->op), r->left, r->right);
      }
      case NodeKind::Access: {
        auto* a = static_cast<const Access*>(n);
        out += "(access ";
        node(a->target);
        for (const Node* key : a->keys) out += " ", node(key);
        out += ")";
        return;
      }
      case NodeKind::Assignment: {
        auto* a = static_cast<const Assignment*>(n);
        return pair(a->op == AssignmentOp::Assign   ? "="
                    : a->op == AssignmentOp::Append ? "+="
                                                    : "-=",
                    a->target, a->value);
      }
      case NodeKind::FunctionCall: {
        auto* c = static_cast<const FunctionCall*>(n);
        out += "(call " + c->name;
        for (const Node* argument : c->arguments) out += " ", node(argument);
        if (c->lambda) out += " ", node(c->lambda);
        out += ")";
        return;
      }
      case NodeKind::MethodCall: {
        auto* c = static_cast<const MethodCall*>(n);
        out += "(." + c->name + " ";
        node(c->receiver);
        for (const Node* argument : c->arguments) out += " ", node(argument);
        if (c->lambda) out += " ", node(c->lambda);
        out += ")";
        return;
      }
      case NodeKind::Lambda: {
        auto* l = static_cast<const Lambda*>(n);
        out += "(lambda (";
        parameters(l->parameters);
        out += ") ";
        node(l->body);
        out += ")";
        return;
      }
      case NodeKind::Block:
        return list("block", static_cast<const Block*>(n)->statements);
      case NodeKind::If: {
        auto* i = static_cast<const If*>(n);
        out += i->is_unless ? "(unless " : "(if ";
        node(i->condition);
        out += " ";
        node(i->then_body);
        if (i->otherwise) out += " ", node(i->otherwise);
        out += ")";
        return;
      }
      case NodeKind::Case: {
        auto* c = static_cast<const Case*>(n);
        out += "(case ";
        node(c->subject);
        for (const CaseOption& option : c->options) {
          out += " (when (";
          separated(option.values);
          out += ") ";
          node(option.body);
          out += ")";
        }
        out += ")";
        return;
      }
      case NodeKind::Selector: {
        auto* s = static_cast<const Selector*>(n);
        out += "(? ";
        node(s->subject);
        for (const SelectorOption& option : s->options) {
          out += " (";
          node(option.match);
          out += " => ";
          node(option.value);
          out += ")";
        }
        out += ")";
        return;
      }
      case NodeKind::Resource: {
        auto* r = static_cast<const Resource*>(n);
        out += r->form == ResourceForm::Virtual    ? "(@resource "
               : r->form == ResourceForm::Exported ? "(@@resource "
                                                   : "(resource ";
        if (r->type_expression)
          node(r->type_expression);
        else
          out += r->type_name;
        for (const ResourceBody& body : r->bodies) {
          out += " (";
          node(body.title);
          attributes(body.attributes);
          out += ")";
        }
        out += ")";
        return;
      }
      case NodeKind::ResourceDefaults: {
        auto* d = static_cast<const ResourceDefaults*>(n);
        out += "(defaults " + d->type_name;
        attributes(d->attributes);
        out += ")";
        return;
      }
      case NodeKind::ResourceOverride: {
        auto* o = static_cast<const ResourceOverride*>(n);
        out += "(override ";
        node(o->reference);
        attributes(o->attributes);
        out += ")";
        return;
      }
      case NodeKind::Collector: {
        auto* c = static_cast<const Collector*>(n);
        out += c->exported ? "(collect-exported " : "(collect ";
        out += c->type_name + " ";
        node(c->query);
        attributes(c->overrides);
        out += ")";
        return;
      }
      case NodeKind::ClassDefinition: {
        auto* c = static_cast<const ClassDefinition*>(n);
        out += "(class " + c->name + " (";
        parameters(c->parameters);
        out += ")";
        if (!c->parent.empty()) out += " inherits " + c->parent;
        out += " ";
        node(c->body);
        out += ")";
        return;
      }
      case NodeKind::DefinedTypeDefinition: {
        auto* d = static_cast<const DefinedTypeDefinition*>(n);
        out += "(define " + d->name + " (";
        parameters(d->parameters);
        out += ") ";
        node(d->body);
        out += ")";
        return;
      }
      case NodeKind::NodeDefinition: {
        auto* d = static_cast<const NodeDefinition*>(n);
        out += "(node (";
        separated(d->matches);
        out += ")";
        if (!d->parent.empty()) out += " inherits " + d->parent;
        out += " ";
        node(d->body);
        out += ")";
        return;
      }
      case NodeKind::FunctionDefinition: {
        auto* f = static_cast<const FunctionDefinition*>(n);
        out += "(function " + f->name + " (";
        parameters(f->parameters);
        out += ")";
        if (f->return_type) out += " >> ", node(f->return_type);
        out += " ";
        node(f->body);
        out += ")";
        return;
      }
      case NodeKind::TypeAlias: {
        auto* t = static_cast<const TypeAlias*>(n);
        out += "(type " + t->name + " ";
        node(t->type);
        out += ")";
        return;
      }
      case NodeKind::EppTemplate: {
        auto* e = static_cast<const EppTemplate*>(n);
        out += "(epp";
        if (e->has_parameter_list) {
          out += " (";
          parameters(e->parameters);
          out += ")";
        }
        out += " ";
        node(e->body);
        out += ")";
        return;
      }
      case NodeKind::RenderString:
        out += "(render ";
        quoted(static_cast<const RenderString*>(n)->text);
        out += ")";
        return;
      case NodeKind::RenderExpression:
        out += "(render ";
        node(static_cast<const RenderExpression*>(n)->expression);
        out += ")";
        return;
    }
  }

  void quoted(const std::string& text) {
    out += '"';
    for (char c : text) {
      if (c == '"' || c == '\\')
        out += '\\', out += c;
      else if (c == '\n')
        out += "\\n";
      else if (c == '\t')
        out += "\\t";
      else
        out += c;
    }
    out += '"';
  }

  void separated(const std::vector<Expression*>& nodes) {
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (i) out += " ";
      node(nodes[i]);
    }
  }

  void list(std::string_view head, const std::vector<Expression*>& nodes) {
    out += "(";
    out += head;
    for (const Node* n : nodes) out += " ", node(n);
    out += ")";
  }

  void pair(std::string_view op, const Node* left, const Node* right) {
    out += "(";
    out += op;
    out += " ";
    node(left);
    out += " ";
    node(right);
    out += ")";
  }

  void attributes(const std::vector<AttributeOperation>& operations) {
    for (const AttributeOperation& operation : operations) {
      out += " (" + operation.name + (operation.append ? " +> " : " => ");
      node(operation.value);
      out += ")";
    }
  }

  void parameters(const std::vector<Parameter>& list) {
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i) out += " ";
      parameter(list[i]);
    }
  }

  void parameter(const Parameter& p) {
    if (p.type) node(p.type), out += " ";
    out += (p.captures_rest ? "*$" : "$") + p.name;
    if (p.default_value) out += " = ", node(p.default_value);
  }
};

}  // namespace

std::string dump(const Node* node) {
  Dumper dumper;
  dumper.node(node);
  return std::move(dumper.out);
}

std::string dump_statements(const Node* node) {
  std::string out;
  if (auto* epp = as<EppTemplate>(node)) {
    if (epp->has_parameter_list) {
      Dumper header;
      header.out = "(epp-parameters";
      for (const Parameter& p : epp->parameters) {
        header.out += " ";
        header.parameter(p);
      }
      out += header.out + ")\n";
    }
    node = epp->body;
  }
  auto* block = as<Block>(node);
  if (!block) return dump(node);
  for (std::size_t i = 0; i < block->statements.size(); ++i) {
    if (i) out += "\n";
    out += dump(block->statements[i]);
  }
  return out;
}

}  // namespace marionette::lang::ast
