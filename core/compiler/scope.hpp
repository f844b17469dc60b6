#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/resources.hpp"

namespace marionette::compiler {

/// Resource defaults (`File { mode => '0644' }`) declared in a scope, evaluated.
struct ResourceDefault {
  std::string name;
  Value value;
  bool append = false;
  std::size_t source = 0;  ///< the container (class, define instance) of the declaring scope
  lang::SourceLocation where{};
};

class Scope;

/// Variables a scope is given only when they are first read: the node's custom facts, which
/// `marionette apply` resolves as the compile reads them (compiler/lazy_facts.hpp). Held by
/// the top scope; each call may set or replace variables of that scope (never remove one).
class LazyVariables {
 public:
  virtual ~LazyVariables() = default;
  /// Before the variable `name` is read (or assigned) in the scope.
  virtual void before_read(Scope& scope, const std::string& name) = 0;
  /// Before only the entry `key` of the hash variable `name` is read (`$facts['x']`).
  virtual void before_entry_read(Scope& scope, const std::string& name, const std::string& key) = 0;
  /// Before every variable of the scope is enumerated, or Ruby code may read any of them.
  virtual void before_enumeration(Scope& scope) = 0;
};

/// A scope of variables: the top scope, a node, a class, a defined type's body or a lambda.
/// Unqualified names are looked up here, then in the parent: the inherited class, else the
/// node and top scope (Puppet 4+ has no dynamic scoping of variables).
class Scope {
 public:
  Scope(Scope* parent, std::string class_name, std::size_t resource)
      : parent_(parent), class_name_(std::move(class_name)), resource_(resource) {
    static std::atomic<std::uint64_t> scopes_made{0};
    id_ = scopes_made.fetch_add(1, std::memory_order_relaxed) + 1;
  }

  /// Unique to this scope in the process (a lambda's scope may reuse an earlier one's address).
  std::uint64_t id() const { return id_; }

  Scope* parent() const { return parent_; }
  /// A lambda's or a template's scope, which ends when it returns (Evaluator::lasting).
  bool ephemeral() const { return ephemeral_; }
  void mark_ephemeral() { ephemeral_ = true; }
  /// A lasting copy of an ephemeral scope takes a lasting parent.
  void make_lasting_under(Scope* parent) {
    parent_ = parent;
    ephemeral_ = false;
  }
  /// The class this scope belongs to ("" for top scope and defined types).
  const std::string& class_name() const { return class_name_; }
  /// The catalog resource that contains what is declared here (Class[main], Class[App], ...).
  std::size_t resource() const { return resource_; }

  /// The pointer is valid until the next set() in this scope.
  const Value* find_local(const std::string& name) const {
    if (lazy_) [[unlikely]]
      lazy_->before_read(const_cast<Scope&>(*this), name);
    return find_local_as_set(name);
  }
  /// find_local() of a hash variable of which only the entry `key` is read: the lazy
  /// variables give that entry, not the whole hash.
  const Value* find_local_for_entry(const std::string& name, const std::string& key) const {
    if (lazy_) [[unlikely]]
      lazy_->before_entry_read(const_cast<Scope&>(*this), name, key);
    return find_local_as_set(name);
  }
  /// The variable as set so far, lazy variables left as they are.
  const Value* find_local_as_set(const std::string& name) const {
    if (!many_.empty()) {
      auto found = many_.find(name);
      return found == many_.end() ? nullptr : &found->second;
    }
    for (const auto& [key, value] : few_)
      if (key == name) return &value;
    return nullptr;
  }
  const Value* find(const std::string& name) const {
    for (const Scope* s = this; s; s = s->parent_)
      if (const Value* v = s->find_local(name)) return v;
    return nullptr;
  }
  /// Calls f(name, value) for each variable set in this scope itself (templates' scope.to_hash).
  template <class F>
  void for_each_local(F&& f) const {
    if (lazy_) [[unlikely]]
      lazy_->before_enumeration(const_cast<Scope&>(*this));
    for (const auto& [name, value] : few_) f(name, value);
    for (const auto& [name, value] : many_) f(name, value);
  }
  /// for_each_local, each value changeable: only for a variable whose Array or Hash a
  /// template's Ruby changed in place (ruby_changed_variables.hpp); Puppet code changes none.
  template <class F>
  void for_each_local_changeable(F&& f) {
    if (lazy_) [[unlikely]]
      lazy_->before_enumeration(*this);
    for (auto& [name, value] : few_) f(name, value);
    for (auto& [name, value] : many_) f(name, value);
  }
  /// The lazy variables of this scope (the top scope's custom facts); nullptr: none. The
  /// scope keeps its variables in its hash map from then on (set it once some are set), so
  /// that a variable set by them leaves the pointers to the others valid.
  void set_lazy(LazyVariables* lazy) {
    lazy_ = lazy;
    if (!lazy || !many_.empty()) return;
    many_.reserve(2 * kFewVariables);
    for (auto& [key, item] : few_) many_.emplace(std::move(key), std::move(item));
    few_.clear();
  }
  /// For the lazy variables only: sets `name`, or replaces its value (a custom fact that
  /// wins over a core fact of its name). Pointers to the variable stay valid.
  void set_or_replace(const std::string& name, Value value) {
    if (Value* held = const_cast<Value*>(find_local_as_set(name))) {
      *held = std::move(value);
      return;
    }
    many_.insert_or_assign(name, std::move(value));
  }
  /// False when the variable is already set here (Puppet variables cannot be reassigned).
  bool set(const std::string& name, Value value) {
    if (find_local(name)) return false;
    if (many_.empty() && few_.size() < kFewVariables) {
      if (few_.empty()) few_.reserve(kFewVariables / 2);
      few_.emplace_back(name, std::move(value));
      return true;
    }
    if (many_.empty()) {
      many_.reserve(2 * kFewVariables);
      for (auto& [key, item] : few_) many_.emplace(std::move(key), std::move(item));
      few_.clear();
    }
    many_.emplace(name, std::move(value));
    return true;
  }

  /// Regex captures of the last match ($0, $1, ...), visible in this scope and below.
  void set_captures(std::vector<Value> captures) {
    captures_ = std::move(captures);
    has_captures_ = true;
  }
  const Value* find_capture(std::size_t index, Value& out) const {
    for (const Scope* s = this; s; s = s->parent_) {
      if (!s->has_captures_) continue;
      if (index >= s->captures_.size()) return nullptr;
      out = s->captures_[index];
      return &out;
    }
    return nullptr;
  }

  /// Puppet's guarded ephemeral scope (if, unless, case, selector): captures set while the guard
  /// lives are forgotten when it ends, and the earlier ones are visible again.
  class CapturesGuard {
   public:
    explicit CapturesGuard(Scope& scope)
        : scope_(scope), saved_(scope.captures_), had_captures_(scope.has_captures_) {}
    ~CapturesGuard() {
      scope_.captures_ = std::move(saved_);
      scope_.has_captures_ = had_captures_;
    }
    CapturesGuard(const CapturesGuard&) = delete;
    CapturesGuard& operator=(const CapturesGuard&) = delete;

   private:
    Scope& scope_;
    std::vector<Value> saved_;
    bool had_captures_;
  };

  std::unordered_map<std::string, std::vector<ResourceDefault>>& defaults() { return defaults_; }
  /// Resource defaults are scoped dynamically: a defined type's body sees the defaults of the
  /// scope that declared it (held in a snapshot scope), not those of its lexical parent.
  void set_defaults_parent(const Scope* scope) { defaults_parent_ = scope; }
  /// The first scope from here up whose own defaults are not empty (nullptr: none has any): the
  /// defaults visible here are all that scope's and its ancestors'.
  const Scope* nearest_with_defaults() const {
    for (const Scope* s = this; s; s = s->defaults_parent_ ? s->defaults_parent_ : s->parent_)
      if (!s->defaults_.empty()) return s;
    return nullptr;
  }
  /// Every default visible here, nearest first, copied into `snapshot`.
  void snapshot_defaults(Scope& snapshot) const {
    for (const Scope* s = this; s; s = s->defaults_parent_ ? s->defaults_parent_ : s->parent_)
      for (const auto& [type, list] : s->defaults_) {
        auto& into = snapshot.defaults_[type];
        for (const ResourceDefault& d : list)
          if (std::none_of(into.begin(), into.end(),
                           [&](const ResourceDefault& seen) { return seen.name == d.name; }))
            into.push_back(d);
      }
  }
  /// Defaults for a type, from this scope up to the top (nearest wins).
  void collect_defaults(const std::string& type, std::vector<const ResourceDefault*>& out) const {
    for (const Scope* s = this; s; s = s->defaults_parent_ ? s->defaults_parent_ : s->parent_) {
      if (s->defaults_.empty()) continue;  // most scopes: no hashing of the type for them
      auto found = s->defaults_.find(type);
      if (found == s->defaults_.end()) continue;
      for (const ResourceDefault& d : found->second) {
        bool shadowed = false;
        for (const ResourceDefault* seen : out) shadowed = shadowed || seen->name == d.name;
        if (!shadowed) out.push_back(&d);
      }
    }
  }

 private:
  bool ephemeral_ = false;
  Scope* parent_;
  std::uint64_t id_;
  std::string class_name_;
  std::size_t resource_;
  /// Most scopes (a class's, a define's, a lambda's) hold a handful of variables: searched in
  /// order, they cost no hashing and no node per variable; past kFewVariables they move into a
  /// hash map (the top scope, with every fact).
  static constexpr std::size_t kFewVariables = 12;
  std::vector<std::pair<std::string, Value>> few_;
  std::unordered_map<std::string, Value> many_;
  std::vector<Value> captures_;
  bool has_captures_ = false;
  std::unordered_map<std::string, std::vector<ResourceDefault>> defaults_;
  const Scope* defaults_parent_ = nullptr;
  LazyVariables* lazy_ = nullptr;
};

}  // namespace marionette::compiler
