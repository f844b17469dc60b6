// scanf(data, format) |$values| { … }: Puppet 7.23 hands the data to Ruby's String#scanf (the
// scanf library: Debian's ruby-scanf beside Ruby 3.1). Its rules, reproduced here:
// - the format is cut into pieces: a conversion `%[*][width]X` (with the blanks before it), `%%`,
//   or a run of other non-blank characters; blanks elsewhere in the format are dropped;
// - before each piece, blanks at the front of the input are skipped, except before `%c` written
//   right after a non-blank and before `%[...]`;
// - each piece matches a pattern at the front of the input; the first that does not ends the
//   scan, as does input used up; `%*` conversions, `%%` and literal text give no value.
#include <cmath>
#include <cstdlib>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/regex.hpp"
#include "text/hex_digit.hpp"

namespace marionette::compiler {

namespace {

enum class Conversion { none, plain, decimal, hex, octal, integer, floating };

/// How a piece takes its text: by its pattern, or (where Ruby counts characters, which
/// std::regex would count as bytes) up to `width` UTF-8 characters, any or non-blank ones.
enum class Take { pattern, characters, nonblank_characters };

struct Piece {
  std::string pattern;  ///< matched at the front of the input; group 1 is the value's text
  Conversion conversion = Conversion::none;
  Take take = Take::pattern;
  std::size_t width = 0;      ///< for Take::characters and Take::nonblank_characters
  bool keeps_blanks = false;  ///< the input's leading blanks are not skipped
  bool skipped = false;       ///< `%*…`: matched, no value
};

bool is_c_space(char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// The text as a regex that matches it literally.
std::string escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

constexpr const char* kFloat =
    R"([-+]?(?:0[xX](?:\.\h+|\h+(?:\.\h*)?)[pP][-+]?\d+|\d+(?![\d.])|\d*\.\d*(?:[eE][-+]?\d+)?))";

/// The pattern and value of a conversion `%[*][width]letter` or `%[*][width][set]`.
Piece conversion_piece(std::string_view spec, bool blank_before) {
  Piece piece;
  std::size_t i = 1;  // after '%'
  piece.skipped = spec[i] == '*';
  if (piece.skipped) ++i;
  std::size_t digits = i;
  while (i < spec.size() && is_digit(spec[i])) ++i;
  std::string width(spec.substr(digits, i - digits));
  int n = width.empty() ? 0 : std::atoi(width.c_str());
  std::string w = std::to_string(n);
  auto below = [](int k) { return std::to_string(k); };
  char letter = spec[i];
  if (letter == '[') {
    std::string set(spec.substr(i + 1, spec.size() - i - 2));
    piece.conversion = Conversion::plain;
    static const std::regex posix_class(R"(\[:[a-z]+:\])");
    if (std::regex_match(set, posix_class)) {
      piece.pattern = "([" + set + "]" + (width.empty() ? "+" : "{1," + w + "}") + ")";
    } else if (width.empty()) {
      std::string other = set.starts_with("^") ? set.substr(1) : "^" + set;
      piece.pattern = "([" + set + "]+)(?=[" + other + "]|\\z)";
    } else {
      piece.pattern = "([" + set + "]{1," + w + "})";
    }
    // Ruby keeps the blanks for `%[` and `%N[`, not for `%*[`.
    piece.keeps_blanks = !piece.skipped;
    return piece;
  }
  const std::string h = "[A-Fa-f0-9]";
  switch (letter) {
    case 'd':
    case 'u':
      piece.conversion = Conversion::decimal;
      piece.pattern = width.empty() ? R"(([-+]?\d+))"
                                    : "(" + (n > 1 ? "[-+]\\d{1," + below(n - 1) + "}|" : "") +
                                          "\\d{1," + w + "})";
      break;
    case 'i':
      piece.conversion = Conversion::integer;
      if (width.empty()) {
        piece.pattern = "([-+]?(?:(?:0[0-7]+)|(?:0[Xx]" + h + "+)|(?:[1-9]\\d*)))";
      } else {
        std::string p = "(";
        if (n > 1) p += "[1-9]\\d{1," + below(n - 1) + "}|0[0-7]{1," + below(n - 1) + "}|";
        if (n > 2)
          p += "[-+]0[0-7]{1," + below(n - 2) + "}|[-+][1-9]\\d{1," + below(n - 2) + "}|0[Xx]" + h +
               "{1," + below(n - 2) + "}|";
        if (n > 3) p += "[-+]0[Xx]" + h + "{1," + below(n - 3) + "}|";
        piece.pattern = p + "\\d)";
      }
      break;
    case 'x':
    case 'X':
      piece.conversion = Conversion::hex;
      if (width.empty()) {
        piece.pattern = "([-+]?(?:0[Xx])?" + h + "+)";
      } else {
        std::string p = "(";
        if (n > 3) p += "[-+]0[Xx]" + h + "{1," + below(n - 3) + "}|";
        if (n > 2) p += "0[Xx]" + h + "{1," + below(n - 2) + "}|";
        if (n > 1) p += "[-+]" + h + "{1," + below(n - 1) + "}|";
        piece.pattern = p + h + "{1," + w + "})";
      }
      break;
    case 'o':
      piece.conversion = Conversion::octal;
      piece.pattern = width.empty() ? "([-+]?[0-7]+)"
                                    : "([-+][0-7]{1," + below(n - 1) + "}|[0-7]{1," + w + "})";
      break;
    case 'a':
    case 'e':
    case 'f':
    case 'g':
    case 'A':
    case 'E':
    case 'F':
    case 'G':
      piece.conversion = Conversion::floating;
      piece.pattern = std::string("(") + kFloat + ")";
      if (!width.empty()) {  // the float's first characters, as a string, once one starts there
        piece.take = Take::nonblank_characters;
        piece.width = static_cast<std::size_t>(n);
      }
      break;
    case 's':
      piece.conversion = Conversion::plain;
      piece.pattern = R"((\S+))";
      if (!width.empty()) {
        piece.take = Take::nonblank_characters;
        piece.width = static_cast<std::size_t>(n);
      }
      break;
    case 'c':
      piece.conversion = Conversion::plain;
      // `%c` after a blank skips blanks (Ruby's `\s*(.)`): the input's are skipped anyway.
      piece.take = Take::characters;
      piece.width = width.empty() ? 1 : static_cast<std::size_t>(n);
      piece.keeps_blanks = !blank_before;
      break;
    default:  // an upper-case letter Ruby takes for a conversion but reads as text
      piece.conversion = Conversion::none;
      piece.pattern = "(" + escaped(spec) + ")";
      break;
  }
  return piece;
}

/// The bytes of the first `width` (at least one) UTF-8 characters of the text, non-blank ones
/// only when `nonblank`; 0 when there is none.
std::size_t leading_characters(std::string_view text, std::size_t width, bool nonblank) {
  std::size_t end = 0, count = 0;
  while (end < text.size() && count < width) {
    if (nonblank && is_c_space(text[end])) break;
    ++end;
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    ++count;
  }
  return end;
}

/// Cuts the format into pieces, as Ruby's Scanf::FormatString does.
std::vector<Piece> pieces_of(std::string_view format) {
  std::vector<Piece> pieces;
  std::size_t i = 0;
  static constexpr std::string_view kLetters = "diuxofegscaDIUXOFEGSCA";
  static const std::regex posix_set(R"(\[\[:\w+:\]\])");
  while (i < format.size()) {
    std::size_t start = i;
    while (i < format.size() && is_c_space(format[i])) ++i;
    bool blank_before = i > start;
    if (i < format.size() && format[i] == '%') {
      std::size_t j = i + 1;
      if (j < format.size() && format[j] == '%') {
        pieces.push_back({R"((\s*%))", Conversion::none});
        i = j + 1;
        continue;
      }
      if (j < format.size() && format[j] == '*') ++j;
      while (j < format.size() && is_digit(format[j])) ++j;
      std::size_t end = std::string_view::npos;
      std::cmatch posix;
      if (j < format.size() && format[j] == '[') {
        std::size_t close = format.find(']', j + 1);
        if (std::regex_search(format.data() + j, format.data() + format.size(), posix, posix_set,
                              std::regex_constants::match_continuous))
          end = j + static_cast<std::size_t>(posix.length(0));
        else if (close != std::string_view::npos)
          end = close + 1;
      } else if (j < format.size() && kLetters.find(format[j]) != std::string_view::npos) {
        end = j + 1;
      }
      if (end != std::string_view::npos) {
        pieces.push_back(conversion_piece(format.substr(i, end - i), blank_before));
        i = end;
        continue;
      }
      ++i;  // a '%' that starts nothing is passed over
      continue;
    }
    std::size_t run = i;
    while (i < format.size() && format[i] != '%' && !is_c_space(format[i])) ++i;
    if (i > run)
      pieces.push_back({"(" + escaped(format.substr(run, i - run)) + ")", Conversion::none});
  }
  return pieces;
}

/// Digits of `base` after an optional sign (and, base 16, an optional 0x), as Ruby's to_i, hex
/// and oct read them.
Value integer_of(CallContext& call, std::string_view text, int base) {
  bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (base == 0) {
    base = 10;
    if (text.size() > 1 && text[0] == '0') {
      base = text[1] == 'x' || text[1] == 'X' ? 16 : 8;
      text.remove_prefix(base == 16 ? 2 : 1);
    }
  } else if (base == 16 && text.size() > 1 && text[0] == '0' &&
             (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
  }
  std::int64_t value = 0;
  for (char c : text) {
    int digit = text::digit_value(c);
    if (value > (INT64_MAX - digit) / base)
      call.fail("the integer " + std::string(text) + " is larger than a Puppet Integer");
    value = value * base + digit;
  }
  return negative ? -value : value;
}

/// Ruby's extract_float: a hex float, `1.e5` read as 1e5, else String#to_f.
Value float_of(std::string_view text) {
  std::string s(text);
  static const std::regex hex_float =
      rubyish::compile_ruby_regex(R"(\A[-+]?0[xX](\.\h+|\h+(\.\h*)?)[pP][-+]?\d+)");
  if (rubyish::regex_search_bounded(s, hex_float)) return std::strtod(s.c_str(), nullptr);
  static const std::regex dot_exponent =
      rubyish::compile_ruby_regex(R"(\A([-+]?\d+)\.([eE][-+]\d+))");
  if (auto m = rubyish::regex_search_bounded(s, dot_exponent))
    return std::strtod((m->group(s, 1) + m->group(s, 2)).c_str(), nullptr);
  // to_f: the longest decimal number at the front, 0.0 without one (with its sign).
  static const std::regex decimal =
      rubyish::compile_ruby_regex(R"(\A[-+]?(\d+(\.\d+)?|\.\d+)([eE][-+]?\d+)?)");
  if (auto m = rubyish::regex_search_bounded(s, decimal))
    return std::strtod(m->group(s, 0).c_str(), nullptr);
  return s.starts_with("-") ? -0.0 : 0.0;
}

std::optional<rubyish::RegexMatch> front_match(CallContext& call, const std::string& pattern,
                                               const std::string& text) {
  try {
    return rubyish::regex_search_bounded(text, rubyish::compile_ruby_regex("\\A" + pattern));
  } catch (const std::regex_error&) {
    call.fail("invalid character set in the format: " + pattern);
  }
}

bool front_matches(CallContext& call, const std::string& pattern, const std::string& text) {
  return front_match(call, pattern, text).has_value();
}

Value scanf(CallContext& call) {
  if (call.arguments.size() != 2)
    throw lang::SourceError(
        "'scanf' expects 2 arguments, got " + std::to_string(call.arguments.size()), call.where);
  const char* names[] = {"data", "format"};
  for (int i = 0; i < 2; ++i)
    if (!call.arguments[i].is_string())
      throw lang::SourceError(std::string("'scanf' parameter '") + names[i] +
                                  "' expects a String value, got " +
                                  type_name_of(call.arguments[i]),
                              call.where);
  std::string rest = call.arguments[0].string();
  Array values;
  for (const Piece& piece : pieces_of(call.arguments[1].string())) {
    if (!piece.keeps_blanks) {
      std::size_t first = 0;
      while (first < rest.size() && is_c_space(rest[first])) ++first;
      rest.erase(0, first);
    }
    std::size_t taken = 0;
    std::string text;
    if (piece.take == Take::characters || piece.take == Take::nonblank_characters) {
      if (piece.conversion == Conversion::floating && !front_matches(call, piece.pattern, rest))
        break;
      taken = leading_characters(rest, piece.width, piece.take == Take::nonblank_characters);
      if (taken == 0) break;
      text = rest.substr(0, taken);
    } else {
      std::optional<rubyish::RegexMatch> match = front_match(call, piece.pattern, rest);
      if (!match) break;
      text = match->group(rest, 1);
      taken = match->end();
    }
    if (!piece.skipped) {
      switch (piece.conversion) {
        case Conversion::none:
          break;
        case Conversion::plain:
          values.push_back(text);
          break;
        case Conversion::decimal:
          values.push_back(integer_of(call, text, 10));
          break;
        case Conversion::hex:
          values.push_back(integer_of(call, text, 16));
          break;
        case Conversion::octal:
          values.push_back(integer_of(call, text, 8));
          break;
        case Conversion::integer:
          values.push_back(integer_of(call, text, 0));
          break;
        case Conversion::floating:
          values.push_back(float_of(text));
          break;
      }
    }
    rest.erase(0, taken);
    if (rest.empty()) break;
  }
  if (call.lambda)
    return call.host.call_lambda(*call.lambda, {Value(std::move(values))}, call.scope);
  return values;
}

}  // namespace

void register_scanf_function(FunctionTable& table) {
  table.emplace_back("scanf", scanf);
}

}  // namespace marionette::compiler
