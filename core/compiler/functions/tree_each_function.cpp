#include <deque>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/jumps.hpp"
#include "compiler/object_types.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

struct TreeOptions {
  bool depth_first = true;
  bool include_containers = true;
  bool include_values = true;
  bool include_root = true;
  bool include_refs = false;  ///< an Object's attributes of kind reference are walked too
  const TypeValue* container_type = nullptr;  ///< which containers are entered; all when null
};

TreeOptions read_options(CallContext& call, const Value& given) {
  TreeOptions options;
  if (!given.is_hash()) call.fail("parameter 'options' expects a Hash value");
  for (const auto& [key, value] : given.hash()) {
    std::string name = key.is_string() ? key.string() : to_string(key);
    auto flag = [&, &value = value](bool& field) {
      if (!value.is_boolean())
        call.fail("parameter 'options' entry '" + name + "' expects a Boolean value, got " +
                  type_name_of(value));
      field = value.boolean();
    };
    if (name == "order") {
      if (!value.is_string() ||
          (value.string() != "depth_first" && value.string() != "breadth_first"))
        call.fail(
            "parameter 'options' entry 'order' expects a match for "
            "Enum['breadth_first', 'depth_first'], got " +
            to_string(value));
      options.depth_first = value.string() == "depth_first";
    } else if (name == "include_containers") {
      flag(options.include_containers);
    } else if (name == "include_values") {
      flag(options.include_values);
    } else if (name == "include_root") {
      flag(options.include_root);
    } else if (name == "include_refs") {
      flag(options.include_refs);
    } else if (name == "container_type") {
      if (!value.is_type()) call.fail("parameter 'options' entry 'container_type' expects a Type");
      options.container_type = &value.type();
    } else {
      call.fail("parameter 'options' unrecognized key '" + name + "'");
    }
  }
  if (!options.include_containers && !options.include_values)
    throw lang::SourceError(
        "Options 'include_containers' and 'include_values' cannot both be false", call.where);
  return options;
}

/// The [path, value] pairs of a tree in Puppet's order: a node before its children, the
/// children depth first (each subtree in turn) or breadth first (level by level).
class TreeWalk {
 public:
  explicit TreeWalk(const TreeOptions& options) : options_(options) {}

  Array walk(const Value& root) {
    if (options_.depth_first) {
      visit_depth_first(Array{}, root);
    } else {
      std::deque<std::pair<Array, Value>> queue{{Array{}, root}};
      while (!queue.empty()) {
        auto [path, value] = std::move(queue.front());
        queue.pop_front();
        emit(path, value);
        for_each_child(path, value, [&](Array child_path, const Value& child) {
          queue.emplace_back(std::move(child_path), child);
        });
      }
    }
    return std::move(out_);
  }

 private:
  bool is_container(const Value& value) const {
    if (!value.is_array() && !value.is_hash() && !is_object(value)) return false;
    return !options_.container_type || matches(value, *options_.container_type);
  }

  void emit(const Array& path, const Value& value) {
    if (path.empty() && !options_.include_root) return;
    bool wanted = is_container(value) ? options_.include_containers : options_.include_values;
    if (wanted) out_.push_back(Array{Value(path), value});
  }

  template <class Child>
  void for_each_child(const Array& path, const Value& value, Child child) {
    if (!is_container(value)) return;
    auto extended = [&](Value step) {
      Array longer = path;
      longer.push_back(std::move(step));
      return longer;
    };
    if (value.is_array()) {
      for (std::size_t i = 0; i < value.array().size(); ++i)
        child(extended(static_cast<std::int64_t>(i)), value.array()[i]);
    } else if (is_object(value)) {  // its own attributes, by name
      for (auto& [name, item] : object_children(value, options_.include_refs))
        child(extended(Value(std::move(name))), item);
    } else {
      for (const auto& [key, item] : value.hash()) child(extended(key), item);
    }
  }

  void visit_depth_first(const Array& path, const Value& value) {
    emit(path, value);
    for_each_child(path, value, [&](Array child_path, const Value& child) {
      visit_depth_first(child_path, child);
    });
  }

  const TreeOptions& options_;
  Array out_;
};

/// tree_each(tree, options?) { |path, value| }: without a block, an Iterator over the pairs
/// for map, filter and the like; with one, the tree itself.
Value tree_each(CallContext& call) {
  call.expect_arguments(1, 2);
  if (is_runtime_value(call.arguments[0], "Iterator"))  // an Iterator's items, as an Array's
    call.arguments[0] = call.arguments[0].type().parameters.at(0);
  const Value& tree = call.arguments[0];
  if (!tree.is_array() && !tree.is_hash() && !is_object(tree))
    call.fail("parameter 'tree' expects a value of type Iterator, Array, Hash, or Object, got " +
              type_name_of(tree));
  TreeOptions options =
      call.arguments.size() > 1 ? read_options(call, call.arguments[1]) : TreeOptions{};
  Array pairs = TreeWalk(options).walk(tree);
  if (!call.lambda) return make_iterator(std::move(pairs));
  // Puppet's dispatches: a block that takes two arguments gets the path and the value, a
  // block of one the value alone.
  const auto& parameters = call.lambda->parameters;
  bool split = parameters.size() >= 2 || (!parameters.empty() && parameters[0].captures_rest);
  try {
    for (const Value& pair : pairs) {
      std::vector<Value> arguments;
      if (split)
        arguments = {pair.array()[0], pair.array()[1]};
      else
        arguments = {pair.array()[1]};
      call.host.call_lambda(*call.lambda, std::move(arguments), call.scope);
    }
  } catch (const BreakJump&) {
  }
  return tree;
}

}  // namespace

void register_tree_each_function(FunctionTable& table) {
  table.emplace_back("tree_each", tree_each);
}

}  // namespace marionette::compiler
