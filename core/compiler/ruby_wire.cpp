#include "compiler/ruby_wire.hpp"

#include "ruby/value_wire.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace {

void encode(const Value& value, ruby_wire::Writer& out, int depth) {
  if (depth > ruby_wire::kMaxDepth) throw std::runtime_error("value nested too deeply for Ruby");
  if (value.is_undef()) return out.tag('n');
  if (value.is_default()) return out.tag('d');
  if (value.is_boolean()) return out.tag(value.boolean() ? 't' : 'f');
  if (value.is_integer()) {
    out.tag('i');
    return out.integer(value.integer());
  }
  if (value.is_float()) {
    out.tag('r');
    return out.real(value.number());
  }
  if (value.is_string()) {  // 'b': ASCII-8BIT; a subclass's instance goes as a plain String
    out.tag(value.is_ascii_8bit() ? 'b' : 's');
    return out.text(value.string());
  }
  if (value.is_regexp()) {
    out.tag('x');
    return out.text(value.regexp().pattern);
  }
  if (value.is_array()) {
    out.tag('a');
    out.count(value.array().size());
    for (const Value& item : value.array()) encode(item, out, depth + 1);
    return;
  }
  if (value.is_hash()) {
    out.tag('h');
    out.count(value.hash().size());
    for (const auto& [key, item] : value.hash()) {
      encode(key, out, depth + 1);
      encode(item, out, depth + 1);
    }
    return;
  }
  const TypeValue& type = value.type();
  if (is_sensitive(value)) {
    out.tag('S');
    return encode(type.parameters.empty() ? Value() : type.parameters[0], out, depth + 1);
  }
  out.tag('y');
  out.text(type.name);
  out.count(type.parameters.size());
  for (const Value& parameter : type.parameters) encode(parameter, out, depth + 1);
}

Value decode(ruby_wire::Reader& in, int depth) {
  if (depth > ruby_wire::kMaxDepth) throw std::runtime_error("value from Ruby nested too deeply");
  switch (char tag = in.tag()) {
    case 'n':
      return Value();
    case 'd':
      return Value(Default{});
    case 't':
      return Value(true);
    case 'f':
      return Value(false);
    case 'i':
      return Value(in.integer());
    case 'r':
      return Value(in.real());
    case 's':
      return Value(std::string(in.text()));
    case 'b':
      return Value(RubyString{std::string(in.text()), RubyString::Kind::ascii_8bit});
    case 'o':
      return Value(RubyString{std::string(in.text()), RubyString::Kind::subclass});
    case 'x': {
      std::string pattern(in.text());
      return Value(Regexp{
          pattern, std::make_shared<const std::regex>(rubyish::compile_ruby_regex(pattern))});
    }
    case 'a': {
      std::uint32_t n = in.count();
      Array items;
      items.reserve(n);
      for (std::uint32_t i = 0; i < n; ++i) items.push_back(decode(in, depth + 1));
      return Value(std::move(items));
    }
    case 'h': {
      std::uint32_t n = in.count();
      Hash entries;
      entries.reserve(n);
      for (std::uint32_t i = 0; i < n; ++i) {
        Value key = decode(in, depth + 1);
        entries.emplace_back(std::move(key), decode(in, depth + 1));
      }
      return Value(std::move(entries));
    }
    case 'S':
      return make_sensitive(decode(in, depth + 1));
    case 'y': {
      TypeValue type{std::string(in.text()), {}};
      std::uint32_t n = in.count();
      for (std::uint32_t i = 0; i < n; ++i) type.parameters.push_back(decode(in, depth + 1));
      return Value(std::move(type));
    }
    default:
      throw std::runtime_error(std::string("corrupt value from Ruby (tag ") + tag + ")");
  }
}

}  // namespace

std::string to_ruby_wire(const Value& value) {
  ruby_wire::Writer out;
  encode(value, out, 0);
  return out.bytes();
}

Value from_ruby_wire(std::string_view bytes) {
  ruby_wire::Reader in(bytes.data(), bytes.size());
  Value value = decode(in, 0);
  if (!in.done()) throw std::runtime_error("trailing bytes after a value from Ruby");
  return value;
}

}  // namespace marionette::compiler
