#pragma once
// Pcore's Object types, as a manifest declares them (`type Person = Object[{attributes => {name
// => String, father => Optional[Person]}, parent => Being}]`), and their instances
// (`Person('Adam')`, `Person({name => 'Adam'})`). The type is the data type "Object" whose one
// parameter is its init hash (its `name` is the alias's, set when the alias is resolved); an
// instance is the runtime value #Object [type, attributes]: the type as it was named (the alias)
// and a Hash of every attribute's value, the parents' attributes first.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "compiler/value.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// One attribute, as Puppet's PAttribute reads its spec (`String`, or `{type => T, value => V,
/// kind => reference}`).
struct ObjectAttribute {
  std::string name;
  Value type;                  ///< a type
  std::optional<Value> value;  ///< its default, when it has one (undef for a bare Optional type)
  std::string kind;            ///< "", "reference", "constant", "derived", "given_or_derived"
  bool own = true;             ///< declared by the type itself, not by a parent

  /// Part of the init hash (and of `new`'s arguments): not a constant nor derived.
  bool initialized() const { return kind != "constant" && kind != "derived"; }
};

struct ObjectType {
  std::string name;
  std::vector<ObjectAttribute> attributes;  ///< the parents' first, as Puppet's attributes(true)
};

/// Is the (resolved) type an Object type with an init hash, as opposed to plain `Object`?
bool is_object_type(const TypeValue& type);

/// `type Person = Object[{...}]` names the Object type: its init hash gets `name => 'Person'`
/// unless it has a name. Any other type is given back as it is.
Value named_object_type(Value type, const std::string& name);

/// The name of the first Object type that the parent chain from `type` meets twice (Puppet's
/// "The Object type 'X' inherits from itself"); nullopt when the chain ends.
std::optional<std::string> self_inheriting_type(const TypeValue& type);

/// The type's name and attributes (through aliases and parents).
ObjectType object_type(const TypeValue& type);

/// `Type.new(arguments)` for an Object type: the arguments positional (the required attributes
/// first, then those with a default, each in order) or one init hash; an instance of the type
/// given alone is that instance. Refuses other arguments in Puppet's words.
Value new_object(const TypeValue& declared, const std::vector<Value>& arguments,
                 const lang::SourceLocation& where);

/// Is the value an instance of an Object type?
bool is_object(const Value& value);
/// An instance's type (as it was named) and its attributes' values.
const TypeValue& object_type_of(const Value& object);
const Hash& object_attributes(const Value& object);

/// `$object.name`: the attribute's value; nullopt when the instance has no such attribute.
std::optional<Value> object_attribute(const Value& object, std::string_view name);

/// The attributes tree_each walks through: the type's own ones, references only when asked.
std::vector<std::pair<std::string, Value>> object_children(const Value& object,
                                                           bool include_references);

/// Does the instance belong to the (resolved) type: `Object`, its type or one of its parents?
bool object_matches(const Value& object, const TypeValue& type);

/// Is every instance of `from` one of `to` (both resolved; `to` named Object)?
bool object_type_assignable(const TypeValue& from, const TypeValue& to);

/// The closest type both Object types descend from; nullopt when they have none.
std::optional<TypeValue> common_object_type(const TypeValue& a, const TypeValue& b);

/// Instance equality: the same type and equal attributes (strings compared exactly).
bool objects_equal(const Value& a, const Value& b);

/// An instance's type name and init hash: the attributes that are not at their default, as
/// Puppet prints them and Puppet 8's rich data writes them.
std::pair<std::string, Hash> object_init_hash(const TypeValue& object);

/// `Person({'name' => 'Adam'})`: the type's name and the attributes that are not their default.
void append_object(const TypeValue& object, std::string& out);

}  // namespace marionette::compiler
