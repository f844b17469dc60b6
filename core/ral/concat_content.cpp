#include "ral/concat_content.hpp"

#include <algorithm>
#include <stdexcept>

#include "catalog/catalog.hpp"
#include "rubyish/data_value.hpp"
#include "rubyish/serialization.hpp"
#include "rubyish/yaml_reader.hpp"
#include "lang/located_error.hpp"
#include "text/text.hpp"

namespace marionette::ral {

namespace {

/// Merged data deeper than this is refused (the machine stack is not trusted).
constexpr std::size_t kMaxMergeDepth = 100;

/// One half of "ORDER___NAME" as the type's decompound reads it: digits are an Integer.
struct SortPart {
  bool number = false;
  std::string text;  ///< digits without leading zeros when a number
};

SortPart sort_part(const std::string& text) {
  if (!text::all_digits(text)) return {false, text};
  std::size_t first = text.find_first_not_of('0');
  return {true, first == std::string::npos ? "0" : text.substr(first)};
}

/// Ruby's <=> between two parts; an Integer and a String do not compare (the sort fails).
int compare(const SortPart& a, const SortPart& b) {
  if (a.number != b.number) throw std::runtime_error("comparison of Array with Array failed");
  if (a.number && a.text.size() != b.text.size()) return a.text.size() < b.text.size() ? -1 : 1;
  return a.text.compare(b.text) < 0 ? -1 : (a.text == b.text ? 0 : 1);
}

void sort_fragments(std::vector<ConcatFragment>& fragments, bool numeric) {
  if (numeric) {
    // decompound splits "ORDER___NAME" at the first "___": an order holding "___" moves text
    // into the name, as it does in the type.
    auto halves = [](const ConcatFragment& f) {
      std::string key = f.order + "___" + f.name;
      std::size_t cut = key.find("___");
      return std::pair{sort_part(key.substr(0, cut)), sort_part(key.substr(cut + 3))};
    };
    std::sort(fragments.begin(), fragments.end(), [&](const auto& a, const auto& b) {
      auto [a_order, a_name] = halves(a);
      auto [b_order, b_name] = halves(b);
      int by_order = compare(a_order, b_order);
      return by_order != 0 ? by_order < 0 : compare(a_name, b_name) < 0;
    });
    return;
  }
  // sort_by split('__', 2): the order, then the rest of the key ("_NAME").
  auto halves = [](const ConcatFragment& f) {
    std::string key = f.order + "___" + f.name;
    std::size_t cut = key.find("__");
    return std::pair{key.substr(0, cut), key.substr(cut + 2)};
  };
  std::stable_sort(fragments.begin(), fragments.end(),
                   [&](const auto& a, const auto& b) { return halves(a) < halves(b); });
}

using Data = catalog::Data;

/// Ruby's to_s of a value in the duplicate-key message.
std::string ruby_text(const Data& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "";
  return rubyish::to_s(rubyish::from_data(value));
}

bool is_empty(const Data& value) {
  return value.is_null() || ((value.is_object() || value.is_array() || value.is_string()) &&
                             value.empty());
}

/// The type's nested_merge: hashes merged key by key (the first value kept), arrays joined
/// without repeats, other clashes an error unless forced.
Data nested_merge(const Data& first, const Data& second, bool force, std::size_t depth) {
  if (depth > kMaxMergeDepth) throw std::runtime_error("nesting of 100 is too deep");
  if (is_empty(second)) return first;
  if (is_empty(first)) return second;
  if (first.is_array() && second.is_array()) {
    Data joined = Data::array();
    for (const Data* part : {&first, &second}) {
      for (const auto& item : *part) {
        if (std::find(joined.begin(), joined.end(), item) == joined.end()) joined.push_back(item);
      }
    }
    return joined;
  }
  if (!first.is_object() || !second.is_object()) {
    throw std::runtime_error("no implicit conversion of " +
                             std::string(second.is_array() ? "Array" : "String") + " into Hash");
  }
  Data merged = first;
  for (const auto& [key, value] : second.items()) {
    auto found = merged.find(key);
    if (found == merged.end()) {
      merged[key] = value;
    } else if ((found->is_object() && value.is_object()) ||
               (found->is_array() && value.is_array())) {
      *found = nested_merge(*found, value, force, depth + 1);
    } else if (*found != value && !force) {
      throw std::runtime_error("Duplicate key '" + key + "' found with values '" +
                               ruby_text(*found) + "' and " + ruby_text(value) +
                               "'. Use 'force' attribute to merge keys.");
    }
  }
  return merged;
}

Data parse_fragment(const ConcatFragment& fragment, bool yaml) {
  if (yaml) {
    try {
      return rubyish::parse_yaml_text(fragment.content, fragment.name, rubyish::RubyDates::Refused);
    } catch (const lang::SourceError& error) {  // the resource's failure is one line
      throw std::runtime_error(lang::describe_line(error));
    }
  }
  try {
    return Data::parse(fragment.content);
  } catch (const Data::parse_error& error) {
    throw std::runtime_error(std::string("unexpected token in fragment ") + fragment.name + ": " +
                             error.what());
  }
}

}  // namespace

std::string concat_content(std::vector<ConcatFragment> fragments, const ConcatStyle& style) {
  if (style.ensure_newline) {
    for (auto& fragment : fragments) {
      if (!fragment.content.ends_with('\n')) fragment.content += '\n';
    }
  }
  sort_fragments(fragments, style.numeric_order);
  if (style.format == "plain") {
    std::string text;
    for (const auto& fragment : fragments) text += fragment.content;
    return text;
  }
  const bool yaml = style.format == "yaml";
  const bool array = style.format == "json-array" || style.format == "json-array-pretty";
  Data data = array ? Data::array() : Data::object();
  for (const auto& fragment : fragments) {
    Data parsed = parse_fragment(fragment, yaml);
    if (array) {
      data.push_back(std::move(parsed));
    } else {
      data = nested_merge(data, parsed, style.force, 0);
    }
  }
  rubyish::RubyValue value = rubyish::from_data(data);
  if (yaml) return rubyish::psych_yaml(value);
  const bool pretty = style.format == "json-pretty" || style.format == "json-array-pretty";
  return rubyish::ruby_json(
      value, pretty ? rubyish::RubyJsonStyle::pretty() : rubyish::RubyJsonStyle::compact());
}

}  // namespace marionette::ral
