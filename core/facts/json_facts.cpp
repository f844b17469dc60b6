#include "facts/json_facts.hpp"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "rubyish/indexed_object.hpp"
#include "rubyish/json_nesting.hpp"

namespace marionette::facts {
namespace {

/// nlohmann's SAX events into Facts, each open object with an index of its names.
class Builder : public nlohmann::json_sax<Facts> {
 public:
  Facts take() { return std::move(root_); }

  bool null() override { return add(Facts()); }
  bool boolean(bool value) override { return add(value); }
  bool number_integer(number_integer_t value) override { return add(value); }
  bool number_unsigned(number_unsigned_t value) override { return add(value); }
  bool number_float(number_float_t value, const string_t&) override { return add(value); }
  bool string(string_t& value) override { return add(std::move(value)); }
  bool binary(binary_t& value) override { return add(Facts::binary(std::move(value))); }
  bool start_object(std::size_t) override { return open(Facts::object()); }
  bool key(string_t& name) override {
    key_ = std::move(name);
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(Facts::array()); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception& problem) override {
    throw std::runtime_error(problem.what());
  }

 private:
  struct Open {
    Facts* value;
    std::optional<rubyish::IndexedObject> names;  ///< for an object
  };

  /// The value's place: the root, the next item of the open array, or the open object's key_.
  Facts* place(Facts value) {
    if (open_.empty()) {
      root_ = std::move(value);
      return &root_;
    }
    Open& parent = open_.back();
    if (parent.value->is_array()) {
      parent.value->push_back(std::move(value));
      return &parent.value->back();
    }
    return &parent.names->set(std::move(key_), std::move(value));
  }
  bool add(Facts value) {
    place(std::move(value));
    return true;
  }
  bool open(Facts container) {
    Facts* placed = place(std::move(container));
    open_.push_back({placed, std::nullopt});
    if (placed->is_object()) open_.back().names.emplace(*placed);
    return true;
  }
  bool close() {
    open_.pop_back();
    return true;
  }

  Facts root_;
  std::vector<Open> open_;
  std::string key_;
};

}  // namespace

Facts parse_json_facts(std::string_view text) {
  if (std::string problem = rubyish::json_nesting_problem(text); !problem.empty())
    throw std::runtime_error(problem);
  Builder builder;
  Facts::sax_parse(text, &builder);
  return builder.take();
}

void set_all(Facts& into, const Facts& from, std::string (*rename)(std::string)) {
  rubyish::IndexedObject names(into);
  for (const auto& [name, value] : from.items()) names.set(rename ? rename(name) : name, value);
}

}  // namespace marionette::facts
