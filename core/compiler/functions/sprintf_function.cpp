#include <cctype>
#include <limits>
#include <string_view>

#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/functions/ruby_sprintf.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// Walks a Ruby format string and hands each directive its argument, with Ruby's rules for
/// unnumbered (`%s`), numbered (`%1$s`) and named (`%<name>s`, `%{name}`) arguments.
class Formatter {
 public:
  Formatter(std::string_view format, const std::vector<Value>& arguments)
      : format_(format), arguments_(arguments) {}

  std::string run() {
    std::string out;
    for (i_ = 0; i_ < format_.size(); ++i_) {
      if (format_[i_] != '%') {
        out += format_[i_];
        continue;
      }
      out += directive();
    }
    return out;
  }

 private:
  bool at_end() const { return i_ >= format_.size(); }
  char peek() const { return at_end() ? '\0' : format_[i_]; }

  /// A number written in the format; as Ruby, one beyond an int fails ("width too big").
  int digits(const char* what) {
    int n = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      int digit = format_[i_++] - '0';
      if (n > (std::numeric_limits<int>::max() - digit) / 10)
        throw FormatError(std::string(what) + " too big");
      n = n * 10 + digit;
    }
    return n;
  }

  [[noreturn]] void incomplete() const {
    throw FormatError("incomplete format specifier; use %% (double %) instead");
  }

  const Value& next_argument() {
    if (mode_ == Mode::numbered)
      throw FormatError("unnumbered(" + std::to_string(used_ + 1) + ") mixed with numbered");
    if (mode_ == Mode::named)
      throw FormatError("unnumbered(" + std::to_string(used_ + 1) + ") mixed with named");
    mode_ = Mode::unnumbered;
    if (used_ >= arguments_.size()) throw FormatError("too few arguments");
    return arguments_[used_++];
  }

  const Value& numbered_argument(int n) {
    if (mode_ == Mode::unnumbered)
      throw FormatError("numbered(" + std::to_string(n) + ") after unnumbered(" +
                        std::to_string(used_) + ")");
    if (mode_ == Mode::named) throw FormatError("numbered(" + std::to_string(n) + ") after named");
    if (n < 1) throw FormatError("invalid index - " + std::to_string(n) + "$");
    mode_ = Mode::numbered;
    if (static_cast<std::size_t>(n) > arguments_.size()) throw FormatError("too few arguments");
    return arguments_[static_cast<std::size_t>(n) - 1];
  }

  /// `%<name>` or `%{name}`: the one argument must be a hash; Puppet looks its string keys up.
  const Value& named_argument(char open, char close) {
    std::size_t end = format_.find(close, i_);
    if (end == std::string_view::npos) throw FormatError("malformed name - unmatched parenthesis");
    std::string name(format_.substr(i_ + 1, end - i_ - 1));
    std::string shown = open + name + close;
    i_ = end + 1;
    if (mode_ == Mode::unnumbered)
      throw FormatError("named" + shown + " after unnumbered(" + std::to_string(used_) + ")");
    if (mode_ == Mode::numbered) throw FormatError("named" + shown + " after numbered");
    mode_ = Mode::named;
    if (arguments_.size() != 1 || !arguments_[0].is_hash()) throw FormatError("one hash required");
    const Value* found = hash_find(arguments_[0].hash(), Value(name));
    if (!found) throw FormatError("key" + shown + " not found");
    return *found;
  }

  /// A width or precision given as `*` (or `*N$`): an Integer argument.
  int star() {
    ++i_;
    std::size_t start = i_;
    int n = digits("width");
    const Value* value;
    if (i_ > start && peek() == '$') {
      ++i_;
      value = &numbered_argument(n);
    } else {
      i_ = start;
      value = &next_argument();
    }
    if (!value->is_integer()) throw FormatError("can't convert width into Integer");
    std::int64_t number = value->integer();
    if (number > std::numeric_limits<int>::max())
      throw FormatError("integer " + std::to_string(number) + " too big to convert to `int'");
    if (number < std::numeric_limits<int>::min())
      throw FormatError("integer " + std::to_string(number) + " too small to convert to `int'");
    return static_cast<int>(number);
  }

  std::string directive() {
    std::size_t start = i_++;
    FormatDirective d;
    const Value* argument = nullptr;
    while (!at_end()) {
      char c = peek();
      if (c == '%' && i_ == start + 1) return "%";
      if (std::string_view("-+ 0#").find(c) != std::string_view::npos) {
        d.flags += c;
        ++i_;
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        int n = digits("width");
        if (peek() == '$') {
          ++i_;
          argument = &numbered_argument(n);
        } else {
          d.width = n;
        }
      } else if (c == '<') {
        argument = &named_argument('<', '>');
      } else if (c == '{') {
        const Value& value = named_argument('{', '}');
        d.conversion = 's';
        --i_;
        return ruby_format(d, value);
      } else if (c == '*') {
        int width = star();
        if (width == std::numeric_limits<int>::min()) throw FormatError("width too big");
        if (width < 0) d.flags += '-';
        d.width = width < 0 ? -width : width;
      } else if (c == '.') {
        ++i_;
        d.precision = peek() == '*' ? star() : digits("precision");
      } else {
        d.conversion = c;
        if (std::string_view("diuxXobBfeEgGaAcsp").find(c) == std::string_view::npos)
          throw FormatError(std::string("malformed format string - %") + c);
        const Value& value = argument ? *argument : next_argument();
        return ruby_format(d, value);
      }
    }
    incomplete();
  }

  enum class Mode { none, unnumbered, numbered, named };

  std::string_view format_;
  const std::vector<Value>& arguments_;
  std::size_t i_ = 0;  ///< the position in format_; a directive leaves it on its last character
  std::size_t used_ = 0;
  Mode mode_ = Mode::none;
};

/// sprintf(format, values...) with Ruby's Kernel#format directives, as Puppet calls it.
Value sprintf(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  if (!call.arguments[0].is_string()) call.fail("expects a String format");
  std::vector<Value> values(call.arguments.begin() + 1, call.arguments.end());
  try {
    return ruby_sprintf(call.arguments[0].string(), values);
  } catch (const FormatError& e) {  // Ruby's ArgumentError, which Puppet shows as it is
    throw lang::SourceError(e.what(), call.where);
  }
}

}  // namespace

std::string ruby_sprintf(std::string_view format, const std::vector<Value>& arguments) {
  return Formatter(format, arguments).run();
}

void register_sprintf_function(FunctionTable& table) {
  table.emplace_back("sprintf", sprintf);
}

}  // namespace marionette::compiler
