#include <cmath>
#include <cstdio>

#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// One `%...` directive of a Ruby format string.
struct Directive {
  std::string flags;
  std::string width;
  std::string precision;  ///< with its leading '.', or empty
  char conversion = 0;
};

std::int64_t as_integer(const Value& value) {
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return static_cast<std::int64_t>(std::floor(value.number()));
  if (value.is_boolean()) return value.boolean() ? 1 : 0;
  try {
    return std::stoll(to_string(value), nullptr, 0);
  } catch (...) {
    return 0;
  }
}

double as_float(const Value& value) {
  if (value.is_number()) return value.number();
  try {
    return std::stod(to_string(value));
  } catch (...) {
    return 0;
  }
}

std::string with_c_format(const Directive& d, const char* length, char conversion, auto value) {
  std::string spec = "%" + d.flags + d.width + d.precision + length + conversion;
  int size = std::snprintf(nullptr, 0, spec.c_str(), value);
  std::string out(static_cast<std::size_t>(size) + 1, '\0');
  std::snprintf(out.data(), out.size(), spec.c_str(), value);
  out.resize(static_cast<std::size_t>(size));
  return out;
}

std::string pad(const Directive& d, std::string text) {
  std::size_t width = d.width.empty() ? 0 : std::stoul(d.width);
  if (text.size() >= width) return text;
  std::string fill(width - text.size(), ' ');
  return d.flags.find('-') != std::string::npos ? text + fill : fill + text;
}

std::string binary(const Directive& d, std::int64_t value) {
  std::string digits;
  std::uint64_t magnitude =
      value < 0 ? static_cast<std::uint64_t>(-value) : static_cast<std::uint64_t>(value);
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + (magnitude & 1)));
    magnitude >>= 1;
  } while (magnitude);
  if (!d.precision.empty()) {
    std::size_t precision = std::stoul(d.precision.substr(1));
    if (digits.size() < precision) digits.insert(0, precision - digits.size(), '0');
  }
  if (d.flags.find('#') != std::string::npos) digits.insert(0, "0b");
  if (value < 0) digits.insert(0, "-");
  std::size_t width = d.width.empty() ? 0 : std::stoul(d.width);
  if (d.flags.find('0') != std::string::npos && d.flags.find('-') == std::string::npos &&
      digits.size() < width)
    digits.insert(value < 0 ? 1 : 0, width - digits.size(), '0');
  return pad(d, digits);
}

std::string format_one(CallContext& call, const Directive& d, const Value& value) {
  switch (d.conversion) {
    case 'd':
    case 'i':
    case 'u':
      return with_c_format(d, "ll", 'd', static_cast<long long>(as_integer(value)));
    case 'x':
    case 'X':
    case 'o':
      return with_c_format(d, "ll", d.conversion, static_cast<long long>(as_integer(value)));
    case 'b':
    case 'B':
      return binary(d, as_integer(value));
    case 'f':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      return with_c_format(d, "", d.conversion, as_float(value));
    case 'c': {
      std::string text = value.is_integer() ? std::string(1, static_cast<char>(value.integer()))
                                            : to_string(value).substr(0, 1);
      return pad(d, text);
    }
    case 's':
    case 'p': {
      std::string text = to_string(value);
      if (!d.precision.empty()) text = text.substr(0, std::stoul(d.precision.substr(1)));
      return pad(d, text);
    }
    default:
      call.fail(std::string("malformed format string - %") + d.conversion);
  }
}

/// sprintf(format, values...) with Ruby's Kernel#format directives.
Value sprintf(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  std::string format = to_string(call.arguments[0]);
  std::size_t next_argument = 1;
  std::string out;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      out += format[i];
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    Directive d;
    std::size_t j = i + 1;
    while (j < format.size() && std::string_view("-+ 0#").find(format[j]) != std::string::npos)
      d.flags += format[j++];
    while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j])))
      d.width += format[j++];
    if (j < format.size() && format[j] == '.') {
      d.precision = ".";
      ++j;
      while (j < format.size() && std::isdigit(static_cast<unsigned char>(format[j])))
        d.precision += format[j++];
    }
    if (j >= format.size()) call.fail("incomplete format specifier; use %% (double %) instead");
    d.conversion = format[j];
    if (next_argument >= call.arguments.size()) call.fail("too few arguments");
    out += format_one(call, d, call.arguments[next_argument++]);
    i = j;
  }
  return out;
}

}  // namespace

void register_sprintf_function(FunctionTable& table) {
  table.emplace_back("sprintf", sprintf);
}

}  // namespace marionette::compiler
