#include <yaml.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "facts/facts.hpp"
#include "facts/indexed_object.hpp"
#include "facts/native_parts.hpp"
#include "facts/psych_scalar.hpp"
#include "facts/yaml_data.hpp"
#include "facts/yaml_text.hpp"
#include "lang/located_error.hpp"

namespace marionette::facts {
namespace {

/// A located error at libyaml's mark (which counts from 0) in the file's text, or in the file
/// without a line when there is no mark.
[[noreturn]] void fail(const std::filesystem::path& path, const std::string& text,
                       const yaml_mark_t* mark, const std::string& message) {
  if (!mark) lang::throw_in_file(path.string(), text, 0, 0, 1, message);
  lang::throw_in_file(path.string(), text, static_cast<std::uint32_t>(mark->line + 1),
                      static_cast<std::uint32_t>(mark->column + 1), 1, message);
}

/// One libyaml event, released when it goes.
class Event {
 public:
  Event() = default;
  ~Event() { yaml_event_delete(&event_); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  yaml_event_t* get() { return &event_; }
  const yaml_event_t* operator->() const { return &event_; }

 private:
  yaml_event_t event_{};
};

std::string_view text_of(const unsigned char* text) {
  return text ? std::string_view(reinterpret_cast<const char*>(text)) : std::string_view();
}

/// The first document of a YAML text, read through libyaml's events (libyaml is the parser
/// under Ruby's Psych, which Puppet reads facts and Hiera data with) into Facts.
class Reader {
 public:
  Reader(const std::filesystem::path& path, const std::string& text, RubyDates dates,
         bool skip_complex_keys)
      : path_(path), text_(text), dates_(dates), skip_complex_keys_(skip_complex_keys) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
  }
  ~Reader() { yaml_parser_delete(&parser_); }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  /// The document's root, or nullopt when the text holds no document.
  std::optional<Facts> document(yaml_mark_t& root_mark) {
    Event event;
    do next(event);
    while (event->type == YAML_STREAM_START_EVENT);
    if (event->type != YAML_DOCUMENT_START_EVENT) return std::nullopt;
    Event root;
    next(root);
    root_mark = root->start_mark;
    return node(root);
  }

 private:
  void next(Event& event) {
    if (!yaml_parser_parse(&parser_, event.get())) {
      // libyaml's words, as Ruby's Psych shows them: the problem, then what was being read,
      // placed where Psych places it: where that began (the context's mark), if anything was.
      std::string message = parser_.problem ? parser_.problem : "cannot parse the YAML";
      if (parser_.context) message += std::string(" ") + parser_.context;
      fail(path_, text_, parser_.context ? &parser_.context_mark : &parser_.problem_mark, message);
    }
  }

  Facts node(const Event& event, int depth = 1) {
    // Psych (under Puppet) recurses here too and fails with "stack level too deep".
    if (depth > kMaxNesting)
      fail(path_, text_, &event->start_mark,
           "nested too deeply (more than " + std::to_string(kMaxNesting) + " levels)");
    Facts value;
    std::string_view anchor;
    const std::size_t first_node = nodes_;
    ++nodes_;
    switch (event->type) {
      case YAML_SCALAR_EVENT:
        anchor = text_of(event->data.scalar.anchor);
        value = scalar(event);
        break;
      case YAML_SEQUENCE_START_EVENT:
        anchor = text_of(event->data.sequence_start.anchor);
        value = Facts::array();
        while (true) {
          Event item;
          next(item);
          if (item->type == YAML_SEQUENCE_END_EVENT) break;
          value.push_back(node(item, depth + 1));
        }
        break;
      case YAML_MAPPING_START_EVENT:
        anchor = text_of(event->data.mapping_start.anchor);
        value = mapping(depth);
        break;
      case YAML_ALIAS_EVENT: {
        auto found = anchors_.find(std::string(text_of(event->data.alias.anchor)));
        if (found == anchors_.end()) fail(path_, text_, &event->start_mark, "unknown anchor");
        // Each alias is a copy of what its anchor holds: nine levels of nine aliases ("billion
        // laughs") would be 387 million values. Count what the copies add up to.
        nodes_ += found->second.nodes - 1;
        expanded_ += found->second.nodes;
        if (expanded_ > kMaxExpanded)
          fail(path_, text_, &event->start_mark,
               "aliases expand to more than " + std::to_string(kMaxExpanded) + " values");
        return found->second.value;
      }
      default:
        fail(path_, text_, &event->start_mark, "unexpected YAML event");
    }
    if (!anchor.empty()) anchors_[std::string(anchor)] = {value, nodes_ - first_node};
    return value;
  }

  /// A mapping's entries, read after its start event. A later duplicate key replaces the value
  /// and keeps the first one's place, as a Ruby Hash does.
  Facts mapping(int depth) {
    Facts value = Facts::object();
    IndexedObject names(value);
    while (true) {
      Event key;
      next(key);
      if (key->type == YAML_MAPPING_END_EVENT) break;
      if (key->type != YAML_SCALAR_EVENT && skip_complex_keys_) {
        node(key, depth + 1);
        Event item;
        next(item);
        node(item, depth + 1);
        continue;
      }
      if (key->type != YAML_SCALAR_EVENT)
        fail(path_, text_, &key->start_mark, "a key must be a string");
      std::string name(text_of(key->data.scalar.value));
      Event item;
      next(item);
      names.set(std::move(name), node(item, depth + 1));
    }
    return value;
  }

  /// Quoted, block and !!str (or `!`) scalars are strings; plain ones resolve as Psych's.
  Facts scalar(const Event& event) {
    const auto& scalar = event->data.scalar;
    std::string text(reinterpret_cast<const char*>(scalar.value), scalar.length);
    std::string_view tag = text_of(scalar.tag);
    if (tag == "!" || tag == YAML_STR_TAG || scalar.style != YAML_PLAIN_SCALAR_STYLE) return text;
    PsychScalar resolved = psych_scalar(text);
    const char* refused = refused_ruby_class(resolved.kind);
    if (refused && dates_ == RubyDates::Refused)
      fail(path_, text_, &event->start_mark,
           std::string("Tried to load unspecified class: ") + refused);
    return std::move(resolved.value);
  }

  const std::filesystem::path& path_;
  const std::string& text_;
  RubyDates dates_;
  bool skip_complex_keys_;
  yaml_parser_t parser_;
  /// What an anchor names, and how many values that is (itself and all it holds).
  struct Anchored {
    Facts value;
    std::size_t nodes = 0;
  };

  static constexpr int kMaxNesting = 1000;
  /// Values the aliases of one document may copy in all.
  static constexpr std::size_t kMaxExpanded = 1'000'000;
  std::unordered_map<std::string, Anchored> anchors_;
  std::size_t nodes_ = 0;     ///< values read so far, each alias counted as the copy it makes
  std::size_t expanded_ = 0;  ///< of which copied by aliases
};

/// The file's first document, read as `dates` says; nullopt for a file without one.
std::optional<Facts> read_document(const std::filesystem::path& path, RubyDates dates,
                                   bool skip_complex_keys, yaml_mark_t& root_mark,
                                   std::string& text) {
  std::optional<std::string> read = native::read_file(path.c_str());
  if (!read) fail(path, "", nullptr, "cannot read the file");
  text = std::move(*read);
  Reader reader(path, text, dates, skip_complex_keys);
  return reader.document(root_mark);
}

}  // namespace

Facts load_yaml_file(const std::filesystem::path& path, RubyDates dates) {
  yaml_mark_t root_mark{};
  std::string text;
  std::optional<Facts> root = read_document(path, dates, false, root_mark, text);
  if (!root || root->is_null()) return Facts::object();  // an empty file: no facts
  if (!root->is_object())
    fail(path, text, &root_mark, "expected a mapping of fact names to values");
  return std::move(*root);
}

Facts parse_yaml_text(const std::string& text, const std::filesystem::path& name,
                      RubyDates dates) {
  Reader reader(name, text, dates, false);
  yaml_mark_t root_mark{};
  std::optional<Facts> root = reader.document(root_mark);
  return root ? std::move(*root) : Facts();
}

std::optional<Facts> load_yaml_data(const std::filesystem::path& path) {
  yaml_mark_t root_mark{};
  std::string text;
  std::optional<Facts> root = read_document(path, RubyDates::Refused, true, root_mark, text);
  if (!root || root->is_null()) return Facts::object();
  if (!root->is_object()) return std::nullopt;
  return std::move(*root);
}

}  // namespace marionette::facts
