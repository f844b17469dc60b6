#include <algorithm>
#include <cctype>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/builtin_composite_types.hpp"
#include "compiler/evaluator.hpp"
#include "compiler/known_types.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/splat_attributes.hpp"
#include "compiler/strictness.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace ast = lang::ast;
using lang::SourceError;

void Evaluator::endpoints_of(const ast::Node* operand, const Value& given, Scope& scope,
                             std::size_t chain, std::vector<Endpoint>& out) {
  const Value& value = as_reference(given);  // a Puppet::Resource relates as its reference
  if (auto* collector = ast::as<ast::Collector>(operand)) {
    out.push_back({{}, {}, collector, &lasting(scope)});
    return;
  }
  if (ast::as<ast::Relationship>(operand)) {
    out.push_back({{}, {}, nullptr, &lasting(scope), chain});
    return;
  }
  if (value.is_array()) {
    for (const Value& item : value.array()) endpoints_of(nullptr, item, scope, kNoChain, out);
    return;
  }
  if (is_resource_reference(value)) {
    out.push_back(
        {value.type().name, value.type().parameters[0].string(), nullptr, &lasting(scope)});
    return;
  }
  if (value.is_undef()) return;
  throw SourceError(
      "Illegal relationship operand, can not form a relationship with a value of type " +
          to_string(value),
      operand ? operand->where : lang::SourceLocation{});
}

Value Evaluator::evaluate_relationship(const ast::Relationship& node, Scope& scope) {
  // An operand that is a relationship was pushed last while it was evaluated.
  Value left = evaluate(node.left, scope);
  std::size_t left_chain = relationships_.size() - 1;
  Value right = evaluate(node.right, scope);
  std::size_t right_chain = relationships_.size() - 1;
  PendingRelationship pending;
  pending.where = node.where;
  bool reversed =
      node.op == ast::RelationshipOp::Require || node.op == ast::RelationshipOp::Subscribe;
  pending.reversed = reversed;
  endpoints_of(node.left, left, scope, left_chain, reversed ? pending.targets : pending.sources);
  endpoints_of(node.right, right, scope, right_chain, reversed ? pending.sources : pending.targets);
  pending.parameter =
      node.op == ast::RelationshipOp::Before || node.op == ast::RelationshipOp::Require ? "before"
                                                                                        : "notify";
  relationships_.push_back(std::move(pending));
  return right;
}

namespace {

/// Puppet's name of an expression its collector queries cannot take as a value.
const char* untransformable_class(const ast::Node& value) {
  switch (value.kind) {
    case ast::NodeKind::StringLiteral:
    case ast::NodeKind::IntegerLiteral:
    case ast::NodeKind::FloatLiteral:
    case ast::NodeKind::BooleanLiteral:
    case ast::NodeKind::UndefLiteral:
    case ast::NodeKind::BareWord:
    case ast::NodeKind::InterpolatedString:
    case ast::NodeKind::Variable:
    case ast::NodeKind::Access:
      return nullptr;
    case ast::NodeKind::ArrayLiteral:
      return "LiteralList";
    case ast::NodeKind::HashLiteral:
      return "LiteralHash";
    case ast::NodeKind::TypeReference:
      return "QualifiedReference";
    case ast::NodeKind::RegexLiteral:
      return "LiteralRegularExpression";
    case ast::NodeKind::DefaultLiteral:
      return "LiteralDefault";
    case ast::NodeKind::FunctionCall:
      return "CallNamedFunctionExpression";
    case ast::NodeKind::MethodCall:
      return "CallMethodExpression";
    case ast::NodeKind::Selector:
      return "SelectorExpression";
    case ast::NodeKind::If:
      return "IfExpression";
    case ast::NodeKind::Case:
      return "CaseExpression";
    default:
      return "Expression";
  }
}

/// Puppet turns a collector's query into code before it runs (its CollectorTransformer): a
/// compared value that is not a literal scalar, a string, a variable or an access fails then,
/// whether or not any resource is there to match.
void check_query_values(const ast::Collector& collector, const ast::Expression* query) {
  auto* binary = query ? ast::as<ast::Binary>(query) : nullptr;
  if (!binary) return;
  if (binary->op == ast::BinaryOp::And || binary->op == ast::BinaryOp::Or) {
    check_query_values(collector, binary->left);
    check_query_values(collector, binary->right);
    return;
  }
  if (const char* name = untransformable_class(*binary->right))
    throw SourceError(  // without Puppet's "Error while evaluating a Virtual Query, " frame
        std::string("Cannot transform object of class Puppet::Pops::Model::") + name,
        collector.where);
}

}  // namespace

namespace {

/// `::Foo::Bar` as Puppet names the type in messages: foo::bar.
std::string bare_type_name(const std::string& written) {
  return lowercase(written.starts_with("::") ? written.substr(2) : written);
}

}  // namespace

/// Whether a collector's type names a resource type: built in, a defined type, or a module's.
bool Evaluator::resource_type_exists(const std::string& written) {
  std::string name = bare_type_name(written);
  if (is_builtin_type(name) || builtin_composite_type(name) || environment_.find_defined_type(name))
    return true;
  try {
    return environment_.find_resource_type(name) != nullptr;
  } catch (const SourceError&) {  // there, but beyond what is read without Ruby
    return true;
  }
}

Value Evaluator::evaluate_collector(const ast::Collector& node, Scope& scope) {
  if (lowercase(node.type_name) == "class")
    throw SourceError("Classes cannot be collected", node.where);
  // Puppet's RT_NO_STORECONFIGS: a warning when storeconfigs is off (and the collector collects
  // nothing, evaluate_generators).
  if (node.exported && !request_.storeconfigs) warn_at(kNoStoreconfigsCollect, node.where);
  if (!resource_type_exists(node.type_name))
    throw SourceError("Resource type " + bare_type_name(node.type_name) + " doesn't exist",
                      node.where);
  check_query_values(node, node.query);
  PendingCollector pending{&node, &lasting(scope), {}, false, {}};
  for (const ast::AttributeOperation& operation : node.overrides) {
    Value value = evaluate(operation.value, scope);
    if (operation.name != "*") {
      pending.overrides.emplace_back(operation.name, std::move(value));
      continue;
    }
    for (auto& [name, item] : splat_attributes(value, operation.where))
      pending.overrides.emplace_back(std::move(name), std::move(item));
  }
  collectors_.push_back(std::move(pending));
  return Value();
}

bool Evaluator::collector_matches(const ast::Expression* query, const CompiledResource& resource,
                                  Scope& scope) {
  if (!query) return true;
  auto* binary = ast::as<ast::Binary>(query);
  if (!binary) throw SourceError("Unsupported collector query", query->where);
  switch (binary->op) {
    case ast::BinaryOp::And:
      return collector_matches(binary->left, resource, scope) &&
             collector_matches(binary->right, resource, scope);
    case ast::BinaryOp::Or:
      return collector_matches(binary->left, resource, scope) ||
             collector_matches(binary->right, resource, scope);
    case ast::BinaryOp::Equal:
    case ast::BinaryOp::NotEqual: {
      auto* attribute = ast::as<ast::BareWord>(binary->left);
      if (!attribute)
        throw SourceError("A collector query compares an attribute name", binary->left->where);
      Value wanted = evaluate(binary->right, scope);
      if (binary->op == ast::BinaryOp::NotEqual) {
        // Puppet's `!=` compares the value itself: an array is no match for one of its
        // elements, and `tag` is the tag parameter, not the resource's tags.
        if (attribute->name == "title") return !equals(Value(resource.title), wanted);
        const Value* actual = resource.parameter(attribute->name);
        return !equals(actual ? *actual : Value(), wanted);
      }
      bool found = false;
      if (attribute->name == "title") {
        found = equals(Value(resource.title), wanted);
      } else if (attribute->name == "tag") {
        found = resources_.has_tag(*resources_.find(resource.type, resource.title),
                                   lowercase(to_string(wanted)));
      } else if (const Value* value = resource.parameter(attribute->name)) {
        found =
            equals(*value, wanted) ||
            (value->is_array() && std::any_of(value->array().begin(), value->array().end(),
                                              [&](const Value& v) { return equals(v, wanted); }));
      } else {
        found = wanted.is_undef();  // an unset attribute is undef (`x == undef` matches it)
      }
      return binary->op == ast::BinaryOp::Equal ? found : !found;
    }
    default:
      throw SourceError("Unsupported operator in a collector query", binary->where);
  }
}

namespace {

/// Puppet gives up on a catalog whose collectors and defined types still make new work after
/// this many passes (a define that declares itself, for instance).
constexpr int kMostGeneratorPasses = 1000;

}  // namespace

/// Puppet's evaluate_generators: each pass runs the collectors, then evaluates the defined
/// types' instances that were not evaluated when the pass began (what they declare waits for the
/// next pass), until a pass changes nothing.
void Evaluator::evaluate_generators() {
  std::vector<std::vector<bool>> overridden(collectors_.size());
  // The resources of each type, in catalog order, for the collectors (each pass looked at every
  // resource for each collector), and the defined types' instances still to evaluate (each pass
  // looked at every resource): both extended with what was added since they were last read.
  std::unordered_map<std::string_view, std::vector<std::size_t>> by_type;
  std::size_t typed = 0;
  auto index_types = [&] {
    for (; typed < resources_.size(); ++typed) by_type[resources_[typed].type].push_back(typed);
  };
  std::vector<std::size_t> waiting;  // instances not evaluated when last looked at, in order
  std::size_t scanned = 0;
  for (int passes = 0;; ++passes) {
    bool progress = false;
    overridden.resize(collectors_.size());
    for (std::size_t c = 0; c < collectors_.size(); ++c) {
      const bool exported = collectors_[c].node->exported;
      // Without storeconfigs Puppet's exported collectors collect nothing, not even locally.
      if (exported && !request_.storeconfigs) continue;
      std::string type = capitalize_segments(collectors_[c].node->type_name);
      for (std::size_t k = 0;; ++k) {
        index_types();  // a query's expression may declare resources
        const std::vector<std::size_t>& of_type = by_type[type];
        if (k >= of_type.size()) break;
        std::size_t i = of_type[k];
        CompiledResource& resource = resources_[i];
        // A virtual collector takes exported resources too (they join "exported": true).
        if (resource.type != type || (exported && !resource.exported)) continue;
        if (overridden[c].size() > i && overridden[c][i]) continue;
        if (!collector_matches(collectors_[c].node->query, resource, *collectors_[c].scope))
          continue;
        if (resource.exported && !resource.collected) {
          resource.collected = true;
          progress = true;
        } else if (resource.is_virtual) {
          resource.is_virtual = false;
          progress = true;
        }
        collectors_[c].collected.push_back(i);
        apply_collector_overrides(c, i, overridden[c]);
      }
      if (exported && collect_from_store(c, overridden[c])) progress = true;
    }
    if (realize_declared()) progress = true;
    std::size_t known = resources_.size();
    for (; scanned < known; ++scanned)
      if (resources_[scanned].definition && !resources_[scanned].evaluated)
        waiting.push_back(scanned);
    std::size_t kept = 0;
    for (std::size_t w = 0; w < waiting.size(); ++w) {
      std::size_t i = waiting[w];
      CompiledResource& resource = resources_[i];
      if (resource.evaluated) continue;
      if (!resource.in_catalog()) {  // virtual: realized later, perhaps
        waiting[kept++] = i;
        continue;
      }
      evaluate_defined_type(i);
      progress = true;
    }
    waiting.resize(kept);
    if (!progress) return;
    if (passes + 1 > kMostGeneratorPasses) {
      lang::SourceLocation where;  // Puppet names no place; the next instance waiting is one
      for (std::size_t i = 0; i < resources_.size(); ++i)
        if (resources_[i].definition && !resources_[i].evaluated && resources_[i].in_catalog()) {
          where = resources_[i].where;
          break;
        }
      throw SourceError("Somehow looped more than 1000 times while evaluating host catalog", where);
    }
  }
}

void Evaluator::apply_collector_overrides(std::size_t c, std::size_t index,
                                          std::vector<bool>& overridden) {
  const PendingCollector& collector = collectors_[c];
  if (overridden.size() <= index) overridden.resize(resources_.size(), false);
  overridden[index] = true;
  for (const auto& [name, value] : collector.overrides) {
    bool append = false;
    for (const auto& op : collector.node->overrides)
      append = append || (op.name == name && op.append);
    apply_override(resources_[index], name, value, append, nullptr, collector.node->where);
  }
}

void Evaluator::finish_relationships() {
  struct Found {
    std::size_t index;
    std::string title;  ///< as named: a target keeps the title it was named by (an alias)
  };
  // How an error names the other side: its first resource reference, else "a collector".
  auto describe = [&](const std::vector<Endpoint>& side) {
    const std::vector<Endpoint>* at = &side;
    while (!at->empty() && (*at)[0].chain != kNoChain) at = &relationships_[(*at)[0].chain].right();
    return at->empty() || (*at)[0].collector ? std::string("a collector")
                                             : (*at)[0].type + "[" + (*at)[0].title + "]";
  };
  // `source`: the endpoint is on the left of the arrow (Puppet says "on" the target when a
  // source is missing, "from" the source when a target is).
  std::function<void(const Endpoint&, const PendingRelationship&, const std::vector<Endpoint>&,
                     std::vector<Found>&, bool)>
      resolve = [&](const Endpoint& endpoint, const PendingRelationship& pending,
                    const std::vector<Endpoint>& others, std::vector<Found>& out, bool source) {
        if (endpoint.chain != kNoChain) {
          // Puppet 7.23 chains past an operand that names nothing: in `a -> Coll<||> ~> b` with no
          // match, a notifies b.
          const PendingRelationship& inner = relationships_[endpoint.chain];
          std::size_t before = out.size();
          // What the chain gives is related to this side's others, which errors name.
          for (const Endpoint& e : inner.right()) resolve(e, inner, others, out, source);
          if (out.size() == before)
            for (const Endpoint& e : inner.left()) resolve(e, inner, others, out, source);
          return;
        }
        if (endpoint.collector) {
          // Puppet relates what the collector collected, in the order its passes found them (a
          // resource an override tagged on the way comes after those tagged when declared);
          // an exported collector collects nothing without storeconfigs.
          for (const PendingCollector& collector : collectors_)
            if (collector.node == endpoint.collector && collector.scope == endpoint.scope)
              for (std::size_t i : collector.collected) out.push_back({i, resources_[i].title});
          return;
        }
        auto index = find_by_title_or_alias(endpoint.type, endpoint.title);
        if (!index || resources_[*index].is_virtual) {
          throw SourceError("Could not find resource '" + endpoint.type + "[" + endpoint.title +
                                "]' for relationship " + (source ? "on '" : "from '") +
                                describe(others) + "'",
                            pending.where);
        }
        out.push_back({*index, endpoint.title});
      };
  for (const PendingRelationship& pending : relationships_) {
    // An operand that names nothing (`[]`) relates nothing: the other side is not looked up.
    if (pending.sources.empty() || pending.targets.empty()) continue;
    std::vector<Found> sources, targets;
    for (const Endpoint& e : pending.sources) resolve(e, pending, pending.targets, sources, true);
    for (const Endpoint& e : pending.targets) resolve(e, pending, pending.sources, targets, false);
    for (const Found& from : sources) {
      for (const Found& to : targets) {
        CompiledResource& source = resources_[from.index];
        Value reference = TypeValue{resources_[to.index].type, {Value(to.title)}};
        const Value* existing = source.parameter(pending.parameter);
        Array list;
        if (existing && existing->is_array())
          list = existing->array();
        else if (existing && !existing->is_undef())
          list.push_back(*existing);
        list.push_back(std::move(reference));  // Puppet keeps repeats: [Notify[y], Notify[y]]
        source.set_parameter(pending.parameter, std::move(list));
      }
    }
  }
}

std::optional<std::size_t> Evaluator::find_by_title_or_alias(const std::string& type,
                                                             const std::string& title) const {
  if (auto index = resources_.find(type, title)) return index;
  if (!name_aliases_.empty())
    if (auto aliased = name_aliases_.find(reference_key(type, title));
        aliased != name_aliases_.end())
      return aliased->second;
  auto names = [&](const Value* value) {
    if (!value) return false;
    if (value->is_string()) return value->string() == title;
    if (value->is_array())
      for (const Value& item : value->array())
        if (item.is_string() && item.string() == title) return true;
    return false;
  };
  // Exec is not isomorphic in Puppet: its command is no alias.
  std::string_view namevar = type == "File" ? "path" : type == "Exec" ? "" : "name";
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    const CompiledResource& resource = resources_[i];
    if (resource.type != type) continue;
    if (names(resource.parameter("alias"))) return i;
    if (!namevar.empty() && type != "Class" && names(resource.parameter(namevar))) return i;
  }
  // File['/etc/x/'] names File['/etc/x'] (Puppet finds files by their path without the slashes).
  if (type == "File")
    if (std::string path = without_trailing_slashes(title); path != title)
      return find_by_title_or_alias(type, path);
  return std::nullopt;
}

namespace {

/// Where `name =>` is written in the resource's body, as Puppet names the parameter's line in
/// this error; the resource's own location when it is not found after it (a default's value).
lang::SourceLocation parameter_location(const lang::SourceLocation& resource,
                                        const std::string& name) {
  if (!resource.known()) return resource;
  const std::string& text = resource.file->text;
  std::size_t at = 0;  // where the resource's line starts
  for (std::uint32_t line = 1; line < resource.line; ++line) {
    at = text.find('\n', at);
    if (at == std::string::npos) return resource;
    ++at;
  }
  at += resource.column - 1;
  for (std::size_t found = text.find(name, at); found != std::string::npos;
       found = text.find(name, found + 1)) {
    auto word = [&](std::size_t i) {
      return i < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_');
    };
    if ((found > 0 && word(found - 1)) || word(found + name.size())) continue;
    std::size_t arrow = text.find_first_not_of(" \t\r\n", found + name.size());
    if (arrow == std::string::npos || text.compare(arrow, 2, "=>") != 0) continue;
    lang::SourceLocation where = resource;
    where.line = resource.line + static_cast<std::uint32_t>(std::count(
                                     text.begin() + static_cast<std::ptrdiff_t>(at),
                                     text.begin() + static_cast<std::ptrdiff_t>(found), '\n'));
    std::size_t line_start = text.rfind('\n', found);
    where.column = static_cast<std::uint32_t>(
        found - (line_start == std::string::npos ? 0 : line_start + 1) + 1);
    where.length = static_cast<std::uint32_t>(name.size());
    return where;
  }
  return resource;
}

}  // namespace

void Evaluator::check_relationship_targets() const {
  static constexpr std::string_view kRelationships[] = {"before", "require", "notify", "subscribe"};
  for (std::size_t i = 0; i < resources_.size(); ++i) {
    const CompiledResource& resource = resources_[i];
    if (!resource.in_catalog()) continue;
    for (const auto& [name, value] : resource.parameters) {
      if (std::find(std::begin(kRelationships), std::end(kRelationships), name) ==
          std::end(kRelationships))
        continue;
      auto check = [&, &name = name](const Value& given) {
        const Value& reference = as_reference(given);
        std::string type, title;
        if (is_resource_reference(reference)) {
          type = reference.type().name;
          title = to_string(reference.type().parameters[0]);
        } else if (reference.is_string()) {
          const std::string& text = reference.string();
          std::size_t open = text.find('[');
          if (open == std::string::npos || open == 0 || text.back() != ']')
            throw SourceError(
                "No title provided and \"" + text + "\" is not a valid resource reference",
                parameter_location(resource.where, name));
          type = capitalize_segments(text.substr(0, open));
          title = text.substr(open + 1, text.size() - open - 2);
        } else {
          return;
        }
        if (type == "Class") {
          if (find_by_title_or_alias(type, title)) return;
          title = capitalize_segments(title);
        }
        if (find_by_title_or_alias(type, title)) return;
        throw SourceError(
            "Could not find resource '" + type + "[" + title + "]' in parameter '" + name + "'",
            parameter_location(resource.where, name));
      };
      if (!value.is_array()) {
        check(value);
        continue;
      }
      for (const Value& reference : value.array()) check(reference);
    }
  }
}

}  // namespace marionette::compiler
