#pragma once

#include "compiler/value.hpp"

namespace marionette::compiler {

/// type(value, 'generalized'): Puppet's TypeCalculator.infer(value).generalize. A collection's
/// items are inferred and reduced to their common type first (Integer and Float make Numeric,
/// scalars of several kinds ScalarData, scalars and collections Data, anything with a type or
/// default RichData), then stripped of values and bounds, except a set of strings' lengths:
/// ['a', 'bb'] is Array[String[1, 2]], [1, 'a'] Array[ScalarData], {a => 1} Hash[String, Integer].
TypeValue generalized_type(const Value& value);

/// type(value, 'reduced'): Puppet's TypeCalculator.infer(value), the type of a collection its
/// items' common type: [2, 3.14] is Array[Numeric, 2, 2], ['a', 'bb'] Array[Enum['a', 'bb'], 2, 2],
/// [1, 5] Array[Integer[1, 5], 2, 2].
TypeValue reduced_type(const Value& value);

/// type(value): Puppet's TypeCalculator.infer_set(value), the detailed type: Integer[1, 1],
/// Tuple[...] for an array, Struct[...] for a hash.
TypeValue detailed_type(const Value& value);

}  // namespace marionette::compiler
