#pragma once

#include <string>
#include <vector>

namespace marionette::ral {

/// One concat_fragment as concat_file orders and joins it.
struct ConcatFragment {
  std::string name;   ///< the fragment's title
  std::string order;  ///< its order parameter as text ("10" by default)
  std::string content;
};

/// How concat_file puts its fragments together: its order, format, force and ensure_newline.
struct ConcatStyle {
  bool numeric_order = true;  ///< order => numeric (the type's default; the concat define's is alpha)
  std::string format = "plain";  ///< plain, yaml, json, json-array, json-pretty, json-array-pretty
  bool force = false;            ///< duplicate keys keep the lower order's value instead of failing
  bool ensure_newline = false;
};

/// What concat 7's concat_file writes: the fragments sorted ("ORDER___NAME", numerically or
/// as text) and joined, or parsed as YAML/JSON, merged (hashes deeply, arrays uniquely) and
/// written as Ruby's to_yaml/to_json/JSON.pretty_generate write them. Throws std::runtime_error
/// with the type's message ("Duplicate key 'a' found with values …").
std::string concat_content(std::vector<ConcatFragment> fragments, const ConcatStyle& style);

}  // namespace marionette::ral
