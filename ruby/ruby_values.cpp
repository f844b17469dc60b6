#include "ruby_values.hpp"

#include <ruby/encoding.h>

#include <stdexcept>

#include "value_wire.hpp"

namespace marionette::ruby {

namespace {

VALUE sensitive_class = Qnil;     // Puppet::Pops::Types::PSensitiveType::Sensitive
VALUE puppet_value_class = Qnil;  // Marionette::PuppetValue
ID id_new, id_unwrap, id_from_wire, id_wire_name, id_wire_parameters, id_source;

VALUE decode(ruby_wire::Reader& in, int depth) {
  if (depth > ruby_wire::kMaxDepth) throw std::runtime_error("value nested too deeply for Ruby");
  switch (char tag = in.tag()) {
    case 'n':
      return Qnil;
    case 'd':
      return ID2SYM(rb_intern("default"));
    case 't':
      return Qtrue;
    case 'f':
      return Qfalse;
    case 'i':
      return LL2NUM(in.integer());
    case 'r':
      return DBL2NUM(in.real());
    case 's':
    case 'o':
      return utf8_string(in.text());
    case 'b': {
      std::string_view bytes = in.text();
      return rb_str_new(bytes.data(), static_cast<long>(bytes.size()));
    }
    case 'x': {
      std::string_view pattern = in.text();
      return rb_reg_new_str(utf8_string(pattern), 0);
    }
    case 'a': {
      std::uint32_t n = in.count();
      VALUE array = rb_ary_new_capa(n);
      for (std::uint32_t i = 0; i < n; ++i) rb_ary_push(array, decode(in, depth + 1));
      return array;
    }
    case 'h': {
      std::uint32_t n = in.count();
      VALUE hash = rb_hash_new();
      for (std::uint32_t i = 0; i < n; ++i) {
        VALUE key = decode(in, depth + 1);
        rb_hash_aset(hash, key, decode(in, depth + 1));
      }
      return hash;
    }
    case 'S': {
      VALUE inner = decode(in, depth + 1);
      return rb_funcall(sensitive_class, id_new, 1, inner);
    }
    case 'y': {
      VALUE name = utf8_string(in.text());
      std::uint32_t n = in.count();
      VALUE parameters = rb_ary_new_capa(n);
      for (std::uint32_t i = 0; i < n; ++i) rb_ary_push(parameters, decode(in, depth + 1));
      return rb_funcall(puppet_value_class, id_from_wire, 2, name, parameters);
    }
    default:
      throw std::runtime_error(std::string("corrupt value for Ruby (tag ") + tag + ")");
  }
}

struct Encoder {
  ruby_wire::Writer out;
  std::string error;

  static int add_pair(VALUE key, VALUE value, VALUE self) {
    auto* encoder = reinterpret_cast<Encoder*>(self);
    return encoder->encode(key, 1) && encoder->encode(value, 1) ? ST_CONTINUE : ST_STOP;
  }

  bool encode(VALUE value, int depth) {
    if (depth > ruby_wire::kMaxDepth) {
      error = "the value is nested too deeply";
      return false;
    }
    switch (rb_type(value)) {
      case T_NIL:
        out.tag('n');
        return true;
      case T_TRUE:
        out.tag('t');
        return true;
      case T_FALSE:
        out.tag('f');
        return true;
      case T_FIXNUM:
        out.tag('i');
        out.integer(FIX2LONG(value));
        return true;
      case T_BIGNUM: {
        std::int64_t packed = 0;
        int sign = rb_integer_pack(
            value, &packed, 1, sizeof packed, 0,
            INTEGER_PACK_LSWORD_FIRST | INTEGER_PACK_NATIVE_BYTE_ORDER | INTEGER_PACK_2COMP);
        if (sign == 2 || sign == -2) {
          error = "Integer value out of range (a Puppet Integer is 64 bits)";
          return false;
        }
        out.tag('i');
        out.integer(packed);
        return true;
      }
      case T_FLOAT:
        out.tag('r');
        out.real(RFLOAT_VALUE(value));
        return true;
      case T_STRING:
        // A String subclass's instance ('o') and an ASCII-8BIT String ('b') are Strings that
        // Puppet 8's rich data writes apart.
        out.tag(rb_obj_class(value) != rb_cString                    ? 'o'
                : rb_enc_get_index(value) == rb_ascii8bit_encindex() ? 'b'
                                                                     : 's');
        out.text({RSTRING_PTR(value), static_cast<std::size_t>(RSTRING_LEN(value))});
        return true;
      case T_SYMBOL: {
        VALUE text = rb_sym2str(value);
        std::string_view name(RSTRING_PTR(text), static_cast<std::size_t>(RSTRING_LEN(text)));
        if (name == "undef") {
          out.tag('n');
        } else if (name == "default") {
          out.tag('d');
        } else {
          out.tag('s');
          out.text(name);
        }
        return true;
      }
      case T_REGEXP: {
        VALUE source = rb_funcall(value, id_source, 0);
        out.tag('x');
        out.text({RSTRING_PTR(source), static_cast<std::size_t>(RSTRING_LEN(source))});
        return true;
      }
      case T_ARRAY: {
        long n = RARRAY_LEN(value);
        out.tag('a');
        out.count(static_cast<std::size_t>(n));
        for (long i = 0; i < n; ++i)
          if (!encode(RARRAY_AREF(value, i), depth + 1)) return false;
        return true;
      }
      case T_HASH:
        out.tag('h');
        out.count(static_cast<std::size_t>(RHASH_SIZE(value)));
        rb_hash_foreach(value, &Encoder::add_pair, reinterpret_cast<VALUE>(this));
        return error.empty();
      default:
        break;
    }
    if (RTEST(rb_obj_is_kind_of(value, sensitive_class))) {
      out.tag('S');
      return encode(rb_funcall(value, id_unwrap, 0), depth + 1);
    }
    if (rb_respond_to(value, id_wire_name)) {  // the layer's value classes (puppet_values.rb)
      VALUE name = rb_funcall(value, id_wire_name, 0);
      VALUE parameters = rb_funcall(value, id_wire_parameters, 0);
      Check_Type(name, T_STRING);
      Check_Type(parameters, T_ARRAY);
      out.tag('y');
      out.text({RSTRING_PTR(name), static_cast<std::size_t>(RSTRING_LEN(name))});
      long n = RARRAY_LEN(parameters);
      out.count(static_cast<std::size_t>(n));
      for (long i = 0; i < n; ++i)
        if (!encode(RARRAY_AREF(parameters, i), depth + 1)) return false;
      return true;
    }
    error = std::string("a Ruby ") + rb_obj_classname(value) + " has no Puppet value";
    return false;
  }
};

}  // namespace

VALUE utf8_string(std::string_view text) {
  return rb_enc_str_new(text.data(), static_cast<long>(text.size()), rb_utf8_encoding());
}

void bind_value_classes() {
  sensitive_class = rb_path2class("Puppet::Pops::Types::PSensitiveType::Sensitive");
  puppet_value_class = rb_path2class("Marionette::PuppetValue");
  rb_gc_register_address(&sensitive_class);
  rb_gc_register_address(&puppet_value_class);
  id_new = rb_intern("new");
  id_unwrap = rb_intern("unwrap");
  id_from_wire = rb_intern("from_wire");
  id_wire_name = rb_intern("wire_name");
  id_wire_parameters = rb_intern("wire_parameters");
  id_source = rb_intern("source");
}

bool to_ruby(std::string_view bytes, VALUE& out, std::string& error) {
  try {
    ruby_wire::Reader in(bytes.data(), bytes.size());
    out = decode(in, 0);
    if (!in.done()) throw std::runtime_error("trailing bytes after a value for Ruby");
    return true;
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
}

bool from_ruby(VALUE value, std::string& out, std::string& error) {
  Encoder encoder;
  try {
    if (!encoder.encode(value, 0)) {
      error = encoder.error;
      return false;
    }
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  out = encoder.out.bytes();
  return true;
}

}  // namespace marionette::ruby
