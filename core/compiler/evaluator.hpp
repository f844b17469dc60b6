#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/compiler.hpp"
#include "compiler/environment.hpp"
#include "compiler/exported_resources.hpp"
#include "compiler/function_host.hpp"
#include "compiler/hiera/hiera.hpp"
#include "compiler/lazy_facts.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/ruby_functions.hpp"
#include "compiler/scope.hpp"
#include "compiler/value.hpp"
#include "lang/ast/ast.hpp"

namespace marionette::compiler {

/// One frame of the Puppet stack (FunctionHost::puppet_stack) while it lives.
class LiveFrame {
 public:
  LiveFrame(std::vector<lang::SourceLocation>& frames, const lang::SourceLocation& where)
      : frames_(frames) {
    frames_.push_back(where);
  }
  ~LiveFrame() { frames_.pop_back(); }
  LiveFrame(const LiveFrame&) = delete;
  LiveFrame& operator=(const LiveFrame&) = delete;

 private:
  std::vector<lang::SourceLocation>& frames_;
};

/// Evaluates an environment's code into a catalog: the scopes, the resources, the deferred
/// work (defined types, collectors, relationships) of one compilation.
class Evaluator final : public FunctionHost {
 public:
  Evaluator(const CompileRequest& request, Environment& environment);

  catalog::Catalog run();
  /// run() in two steps: every phase of the compilation (the resources' tags left unfinished:
  /// ResourceTable::finish_tags), then the catalog's own fields (name, version, classes, tags;
  /// not its resources).
  void compile_resources();
  void describe_catalog(catalog::Catalog& out) const;

  // The built-in functions' view (FunctionHost).
  Value evaluate(const lang::ast::Node* node, Scope& scope) override;
  Value call_lambda(const lang::ast::Lambda& lambda, std::vector<Value> arguments, Scope& scope,
                    bool value_unused = false) override;
  void include_class(const Value& name, Scope& scope, ClassInclusion how,
                     const lang::SourceLocation& where) override;
  bool is_defined(const Value& what, Scope& scope) override;
  void create_resources(std::string written_type, const Value& instances, const Value& defaults,
                        Scope& scope, const lang::SourceLocation& where) override;
  void realize_later(std::string type, std::string title) override {
    unrealized_.emplace_back(std::move(type), std::move(title));
  }
  ResourceTable& resources() override { return resources_; }
  Environment& environment() override { return environment_; }
  hiera::Hiera& hiera(const Scope* from = nullptr) override;
  void log(const char* level, const std::string& message, const Scope& scope) override;
  const Value* lookup_variable(const std::string& name, Scope& scope) const override {
    return find_variable(name, scope);
  }
  const Strictness& strictness() const override { return request_.strictness; }
  std::vector<lang::SourceLocation> puppet_stack() const override {
    return {live_frames_.rbegin(), live_frames_.rend()};
  }
  PuppetCompat compat() const override { return request_.compat; }
  PuppetDbQueries* puppetdb() override { return request_.puppetdb; }
  /// `lambda`: the block it is given (a Ruby function's Ruby block, ruby_functions.cpp).
  std::optional<Value> call_function_by_name(const std::string& name, std::vector<Value> arguments,
                                             Scope& scope, const lang::SourceLocation& where,
                                             const lang::ast::Lambda* lambda = nullptr) override;
  Value render_epp(const lang::EppProgram& program, const Value& arguments,
                   const lang::SourceLocation& where, Scope* closure = nullptr) override;

  const std::string& node_name() const { return request_.node_name; }
  /// The top scope, once compile_resources() has made it (`puppet lookup --compile` looks up
  /// in it).
  Scope& top_scope() { return *top_; }
  /// The functions modules ship in Ruby, for names nothing else provides.
  RubyFunctions& ruby_functions() override {
    if (!ruby_functions_) ruby_functions_ = std::make_unique<RubyFunctions>(environment_);
    return *ruby_functions_;
  }

 private:
  // Expressions (evaluator.cpp).
  /// The block's value, that of its last statement; with `value_unused` (a class's, a defined
  /// type's or a node's body, a manifest) that statement is evaluated as the others are.
  Value evaluate_block(const lang::ast::Block* block, Scope& scope, bool value_unused = false);
  Value evaluate_variable(const lang::ast::Variable& variable, Scope& scope);
  /// A variable by its name as written (`x`, `::x`, `a::b::x`); nullptr when it is not set.
  const Value* find_variable(const std::string& name, Scope& scope) const;
  /// A variable that is not set was read: Puppet's "Unknown variable" issue, a warning or an
  /// error as `strict` and `strict_variables` say.
  void unknown_variable(const std::string& name, const lang::SourceLocation& where) const;
  Value evaluate_assignment(const lang::ast::Assignment& assignment, Scope& scope);
  /// `$x = value` in this scope (refused when $x is set already).
  void assign_variable(const lang::ast::Variable& variable, const Value& value,
                       const lang::SourceLocation& where, Scope& scope);
  /// `[$a, [$b, $c]] = value`, as Puppet destructures: an array entry by entry (a value that is
  /// not an array as an array of it), a hash by the entries' names, a Class reference by the
  /// class's variables of those names.
  void assign_entries(const lang::ast::ArrayLiteral& targets, const Value& value,
                      const lang::ast::Assignment& assignment, Scope& scope);
  Value evaluate_binary(const lang::ast::Binary& binary, Scope& scope);
  Value evaluate_unary(const lang::ast::Unary& unary, Scope& scope);
  Value evaluate_access(const lang::ast::Access& access, Scope& scope);
  /// For `$var`, `$var['key']`, `$var['a']['b']`…: the value where it is held, without copying
  /// (nullptr when the expression is of another form or names nothing: evaluate it then). The
  /// pointer is valid until the next assignment in the scope that holds the variable.
  const Value* find_in_place(const lang::ast::Node* node, Scope& scope) const;
  /// Whether `node` is `$facts` (or `$::facts`) as the top scope holds it: `$facts['x']` then
  /// reads the custom fact x alone (lazy_facts.hpp).
  bool reads_top_facts(const lang::ast::Node* node, const Scope& scope) const;
  /// The same for a variable's name as written (`facts`, `::facts`).
  bool names_top_facts(const std::string& name, const Scope& scope) const;
  /// `Type[title][name]` (evaluate_resource_access.cpp): the declared resource's parameters
  /// `names` (undef for a valid one that is not set), as an array when `many` were asked for;
  /// fails at `where` for an unknown resource or a name that is not one of its parameters.
  Value resource_parameters(const TypeValue& reference, const std::vector<Value>& names, bool many,
                            const lang::SourceLocation& where);
  bool has_parameter(const CompiledResource& resource, std::string_view name);
  Value evaluate_string(const lang::ast::InterpolatedString& string, Scope& scope);
  Value evaluate_call(const std::string& name, const std::vector<lang::ast::Expression*>& args,
                      const Value* receiver, const lang::ast::Lambda* lambda,
                      const lang::SourceLocation& where, Scope& scope);
  Value match(const Value& left, const Value& right, Scope& scope,
              const lang::SourceLocation& where);

  // Templates, functions in the Puppet language, type aliases (evaluate_templates.cpp).
  Value render(const lang::ast::Node* node, Scope& scope);
  Value call_function(const lang::ast::FunctionDefinition& function, std::vector<Value> arguments,
                      const lang::SourceLocation& where);
  /// The alias as a named type; `where` (the reference) is where a self-inheriting Object type
  /// is refused.
  Value resolve_alias(const lang::ast::TypeAlias& alias, const lang::SourceLocation& where);

  // Conditionals (evaluate_control.cpp).
  Value evaluate_if(const lang::ast::If& node, Scope& scope);
  Value evaluate_case(const lang::ast::Case& node, Scope& scope);
  Value evaluate_selector(const lang::ast::Selector& node, Scope& scope);
  bool candidate_matches(const Value& subject, const lang::ast::Node* candidate, Scope& scope);
  bool option_matches(const Value& subject, const Value& option, Scope& scope,
                      const lang::SourceLocation& where);

  /// A parameter's type: evaluated once when it is written with type names and literals only.
  /// The type's value: the one kept for a constant type expression, else `temporary`, set here.
  const Value& evaluate_type_expression(const lang::ast::Expression* type, Scope& scope,
                                        Value& temporary);

  // Resources (evaluate_resources.cpp).
  /// The references to the declared resources; none are made when `discarded` (a statement
  /// whose value nobody uses).
  Value evaluate_resource(const lang::ast::Resource& node, Scope& scope, bool discarded = false);
  std::string resource_type_name(const lang::ast::Expression& expression, Scope& scope);
  Value evaluate_defaults(const lang::ast::ResourceDefaults& node, Scope& scope);
  Value evaluate_override(const lang::ast::ResourceOverride& node, Scope& scope);
  /// A resource body's attributes; one set twice is Puppet's error at `resource`.
  std::vector<std::pair<std::string, Value>> evaluate_attributes(
      const std::vector<lang::ast::AttributeOperation>& operations, Scope& scope,
      const lang::SourceLocation& resource);
  std::size_t declare_resource(const std::string& type, const std::string& title,
                               std::vector<std::pair<std::string, Value>> attributes,
                               const lang::ast::Resource& node, Scope& scope);
  std::size_t declare_resource(const std::string& type, const std::string& title,
                               std::vector<std::pair<std::string, Value>> attributes,
                               lang::ast::ResourceForm form, const lang::SourceLocation& where,
                               Scope& scope);
  /// The resource defaults visible in `scope`, copied into a scope of their own: what a defined
  /// type's instance declared there evaluates with.
  const Scope* defaults_snapshot(const Scope& scope);
  /// Declares TYPE[TITLE] from a resource expression or create_resources; adds its reference to
  /// `references` when given.
  void declare_titled(const std::string& type, const lang::ast::DefinedTypeDefinition* definition,
                      const std::string& title,
                      std::vector<std::pair<std::string, Value>> attributes,
                      lang::ast::ResourceForm form, const lang::SourceLocation& where, Scope& scope,
                      Array* references);
  /// What an override written in `scope` may do to `resource`, by Puppet's rule: only code of
  /// the resource's own class or defined type, or of a class inheriting from its class.
  enum class OverrideRight { None, SameSource, Subclass };
  OverrideRight override_right(const Scope& scope, const CompiledResource& resource) const;
  /// The same for what was set by code of the container `source` (a class or define instance).
  OverrideRight override_right(const Scope& scope, std::size_t source) const;
  /// `scope` is where the override is written; nullptr for collectors, which may override.
  void apply_override(CompiledResource& resource, const std::string& name, Value value, bool append,
                      const Scope* scope, const lang::SourceLocation& where);
  std::string resolve_type(const std::string& written, const lang::SourceLocation& where,
                           const lang::ast::DefinedTypeDefinition** definition);
  bool resource_type_exists(const std::string& written);

  // Classes, defined types, nodes (evaluate_classes.cpp).
  std::size_t declare_class(const std::string& name, Scope& scope,
                            const std::vector<std::pair<std::string, Value>>* parameters,
                            const lang::SourceLocation& where);
  Scope& enclosing_scope(const Scope& declaring) const;
  std::size_t add_class_resource(const std::string& name,
                                 const lang::ast::ClassDefinition& definition, Scope& scope,
                                 const std::vector<std::pair<std::string, Value>>* parameters,
                                 const lang::SourceLocation& where);
  void evaluate_class(const std::string& name, const lang::ast::ClassDefinition& definition,
                      std::size_t index, const lang::SourceLocation& where);
  void bind_parameters(const std::vector<lang::ast::Parameter>& declared,
                       CompiledResource& resource, Scope& body_scope,
                       const lang::SourceLocation& where);
  void evaluate_defined_type(std::size_t index);
  std::optional<Value> lookup_parameter(const std::string& key, const Scope& from,
                                        const lang::SourceLocation& where);
  void evaluate_node();
  void declare_node_classes();  ///< the classifier's (ENC) classes, in compiler.cpp

  // Relationships and collectors (evaluate_relationships.cpp).
  Value evaluate_relationship(const lang::ast::Relationship& node, Scope& scope);
  Value evaluate_collector(const lang::ast::Collector& node, Scope& scope);
  bool collector_matches(const lang::ast::Expression* query, const CompiledResource& resource,
                         Scope& scope);
  void finish_relationships();
  /// Puppet's RelationshipValidator: every reference in before, require, notify and subscribe
  /// names a resource of the catalog (by title or alias), else the compile fails.
  void check_relationship_targets() const;
  /// A resource by its title, or by an alias: the `alias` metaparameter's names, or the
  /// namevar's value (`path` of a file, `name` of most types) when it differs from the title.
  std::optional<std::size_t> find_by_title_or_alias(const std::string& type,
                                                    const std::string& title) const;
  void evaluate_generators();
  /// Sets the collector's overrides on resources_[index], once per collector and resource.
  void apply_collector_overrides(std::size_t collector, std::size_t index,
                                 std::vector<bool>& overridden);
  // Exported resources (evaluate_exports.cpp).
  /// An exported collector's search of the store (once, on its first pass): other nodes'
  /// matching resources join the catalog in the collector's container. Whether any did.
  bool collect_from_store(std::size_t collector, std::vector<bool>& overridden);
  std::unique_ptr<ExportQuery> export_query(const lang::ast::Expression* query, Scope& scope);
  /// The node's exported resources, collected or not, as its stored catalog has them.
  std::vector<catalog::Resource> exported_resources() const;
  void check_builtin_attributes() const;
  // Module resource types (evaluate_module_types.cpp).
  /// The attributes a module type's title pattern gives, ahead of the declared ones (which win).
  void apply_title_patterns(const ResourceTypeDefinition& type, const std::string& title,
                            std::vector<std::pair<std::string, Value>>& attributes,
                            const lang::SourceLocation& where) const;
  /// Fails as Puppet does when the title is another resource's name, before it is declared.
  void check_title_is_no_alias(const std::string& type, const std::string& title,
                               const lang::SourceLocation& where) const;
  /// Registers the resource's `namevar` as an alias when it differs from its title; fails when
  /// another resource of the type has that name.
  void alias_by_name(std::string_view namevar, std::size_t index);
  /// The namevar Puppet aliases for a built-in type ("path" for File, "name" for most); empty
  /// for Exec (not isomorphic) and Package (a composite key).
  static std::string_view builtin_unique_namevar(std::string_view type);
  /// Puppet's catalog leaves out a resource's namevar (`name` for a composite key or a
  /// defined type) when it equals the title.
  void drop_namevars_equal_to_titles();
  void apply_pending_overrides();
  void fail_on_unresolved_overrides() const;
  /// realize()'s pending references now declared become real; true when one did.
  bool realize_declared();
  void fail_on_unrealized() const;

  // Metaparameters containers hand down (evaluate_metaparams.cpp).
  void inherit_metaparameters();

  /// Resolves the type names of the parameters of the classes (nested ones too) and defines
  /// of a file's top level, as Puppet does when it loads the file (compiler.cpp).
  void check_parameter_types(const lang::ast::Block* block);

  static constexpr std::size_t kNoChain = static_cast<std::size_t>(-1);
  struct Endpoint {
    std::string type, title;                          ///< a resource reference
    const lang::ast::Collector* collector = nullptr;  ///< or what a collector finds
    Scope* scope = nullptr;
    /// Or an operand that is itself a relationship (`a -> Coll<||> ~> b`), relationships_[chain]:
    /// its right operand's resources, or its left operand's when the right names none.
    std::size_t chain = kNoChain;
  };
  void endpoints_of(const lang::ast::Node* operand, const Value& value, Scope& scope,
                    std::size_t chain, std::vector<Endpoint>& out);
  struct PendingRelationship {
    std::vector<Endpoint> sources, targets;
    const char* parameter;  ///< "before" or "notify", set on the sources
    bool reversed = false;  ///< `<-`/`<~`: the right operand is in sources
    lang::SourceLocation where;
    const std::vector<Endpoint>& left() const { return reversed ? targets : sources; }
    const std::vector<Endpoint>& right() const { return reversed ? sources : targets; }
  };
  struct PendingCollector {
    const lang::ast::Collector* node;
    Scope* scope;
    std::vector<std::pair<std::string, Value>> overrides;
    bool searched = false;  ///< an exported collector has searched the store
    /// What the collector collected, in the order its passes found them: a relationship with
    /// it names these.
    std::vector<std::size_t> collected;
  };
  /// `Type['title'] { … }` written before its resource exists: merged when the catalog is
  /// finished, as Puppet does.
  struct PendingOverride {
    std::string type;
    std::string title;
    struct Attribute {
      std::string name;
      Value value;
      bool append;
      lang::SourceLocation where;
    };
    std::vector<Attribute> attributes;
    const Scope* scope;
    lang::SourceLocation where;
  };
  std::vector<PendingOverride::Attribute> override_attributes(
      const lang::ast::ResourceOverride& node, Scope& scope);

  const CompileRequest& request_;
  Environment& environment_;
  ResourceTable resources_;
  std::deque<Scope> scopes_;
  /// A scope that outlives the compile's end, for what is evaluated then (a collector's query,
  /// an override): `scope` itself, or for a lambda's or template's scope a copy kept in scopes_
  /// (one per scope, its ephemeral parents copied too).
  Scope& lasting(Scope& scope);
  std::unordered_map<std::uint64_t, Scope*> lasting_copies_;
  Scope* top_ = nullptr;
  Scope* node_scope_ = nullptr;  ///< the matched node definition's body, once it is evaluated
  std::size_t stage_main_ = 0;
  std::unordered_map<std::string, Scope*> class_scopes_;
  /// resolve_type's answers, by the name as written: the type's catalog name and definition.
  std::unordered_map<std::string, std::pair<std::string, const lang::ast::DefinedTypeDefinition*>>
      resolved_types_;
  /// What a type reference (`File`, `Apache::Vhost`, `Integer`) evaluated to, by its node: the
  /// same every time in a compile (an alias is not kept: it resolves on its own).
  std::unordered_map<const lang::ast::Node*, Value> type_references_;
  /// Counts changes to resource defaults (any scope's): a snapshot stays valid while it holds.
  std::size_t defaults_generation_ = 0;
  /// create_resources() declaring a title that was not a String: no tag of it (declare_resource).
  bool title_is_no_tag_ = false;
  /// declare_resource()'s list of the defaults in reach, kept to spare an allocation each time.
  std::vector<const ResourceDefault*> defaults_found_;
  struct {
    std::uint64_t scope_id = 0;
    std::size_t generation = 0;
    const Scope* snapshot = nullptr;
  } last_snapshot_;
  /// Parameter types made of type names and literals, by expression (constant_types.cpp).
  std::unordered_map<const lang::ast::Expression*, Value> constant_types_;
  std::vector<std::string> classes_;
  std::vector<PendingRelationship> relationships_;
  std::vector<PendingCollector> collectors_;
  std::vector<PendingOverride> pending_overrides_;
  /// realize()'s references to resources not declared yet, in call order.
  std::vector<std::pair<std::string, std::string>> unrealized_;
  std::unique_ptr<hiera::Hiera> hiera_;
  const Scope* hiera_scope_ = nullptr;  ///< whose variables Hiera's interpolations read
  /// The module resource types resolve_type met, by catalog type name ("File_line").
  std::unordered_map<std::string, const ResourceTypeDefinition*> module_types_;
  /// Other names of module-type resources (their namevar when it is not the title), by
  /// reference_key: Puppet's catalog aliases, which must be unique.
  std::unordered_map<std::string, std::size_t> name_aliases_;
  std::string* epp_output_ = nullptr;    ///< where RenderString/RenderExpression append
  bool epp_rendered_sensitive_ = false;  ///< the template being rendered showed a Sensitive
  /// Type aliases resolved so far, by lowercase name (types.hpp: TypeAliasTarget).
  std::unordered_map<std::string, std::shared_ptr<TypeAliasTarget>> alias_targets_;
  int aliases_being_resolved_ = 0;  ///< alias definitions being evaluated (resolve_alias)
  std::unique_ptr<RubyFunctions> ruby_functions_;  ///< made when first needed
  std::unique_ptr<LazyFacts> lazy_facts_;          ///< the top scope's custom facts, when lazy
  std::vector<lang::SourceLocation> live_frames_;  ///< puppet_stack(), outermost first
};

/// "(file: PATH, line: N)", how Puppet's duplicate-declaration messages name a place.
inline std::string where_text(const lang::SourceLocation& where) {
  return "(file: " + where.path() + ", line: " + std::to_string(where.line) + ")";
}

}  // namespace marionette::compiler
