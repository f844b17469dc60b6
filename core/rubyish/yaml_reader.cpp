#include "rubyish/yaml_reader.hpp"

#include <yaml.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

#include "lang/located_error.hpp"
#include "rubyish/indexed_object.hpp"
#include "rubyish/psych_scalar.hpp"

namespace marionette::rubyish {
namespace {

using Data = nlohmann::ordered_json;

/// A located error at libyaml's mark (which counts from 0) in the text, or in the file without a
/// line when there is no mark.
[[noreturn]] void fail(const std::filesystem::path& path, const std::string& text,
                       const yaml_mark_t* mark, const std::string& message) {
  if (!mark) throw_yaml_error(path, text, 0, 0, message);
  throw_yaml_error(path, text, mark->line + 1, mark->column + 1, message);
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
/// under Ruby's Psych, which Puppet reads facts and Hiera data with) into data.
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
  std::optional<Data> document(yaml_mark_t& root_mark) {
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

  Data node(const Event& event, int depth = 1) {
    // Psych (under Puppet) recurses here too and fails with "stack level too deep".
    if (depth > kMaxNesting)
      fail(path_, text_, &event->start_mark,
           "nested too deeply (more than " + std::to_string(kMaxNesting) + " levels)");
    Data value;
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
        value = Data::array();
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
  Data mapping(int depth) {
    Data value = Data::object();
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
  Data scalar(const Event& event) {
    const auto& scalar = event->data.scalar;
    std::string text(reinterpret_cast<const char*>(scalar.value), scalar.length);
    std::string_view tag = text_of(scalar.tag);
    if (tag == "!" || tag == YAML_STR_TAG || scalar.style != YAML_PLAIN_SCALAR_STYLE) return text;
    rubyish::PsychScalar resolved = rubyish::psych_scalar(text);
    const char* refused = rubyish::refused_ruby_class(resolved.kind);
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
    Data value;
    std::size_t nodes = 0;
  };

  static constexpr int kMaxNesting = 1000;
  /// Values the aliases of one document may copy in all.
  static constexpr std::size_t kMaxExpanded = 1'000'000;
  std::unordered_map<std::string, Anchored> anchors_;
  std::size_t nodes_ = 0;     ///< values read so far, each alias counted as the copy it makes
  std::size_t expanded_ = 0;  ///< of which copied by aliases
};

}  // namespace

void throw_yaml_error(const std::filesystem::path& name, const std::string& text, std::size_t line,
                      std::size_t column, const std::string& message) {
  lang::throw_in_file(name.string(), text, static_cast<std::uint32_t>(line),
                      static_cast<std::uint32_t>(column), 1, message);
}

YamlDocument read_yaml_document(const std::string& text, const std::filesystem::path& name,
                                RubyDates dates, bool skip_complex_keys) {
  Reader reader(name, text, dates, skip_complex_keys);
  yaml_mark_t root_mark{};
  YamlDocument document;
  document.root = reader.document(root_mark);
  document.line = root_mark.line + 1;
  document.column = root_mark.column + 1;
  return document;
}

Data parse_yaml_text(const std::string& text, const std::filesystem::path& name, RubyDates dates) {
  std::optional<Data> root = read_yaml_document(text, name, dates).root;
  return root ? std::move(*root) : Data();
}

}  // namespace marionette::rubyish
