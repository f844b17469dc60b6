// PuppetDB reads a query's JSON with Jackson 2 (ReaderBasedJsonParser, through cheshire) and
// words a refusal with Jackson's message and position. The reader below follows Jackson's
// states, messages and its input pointer at each refusal (which differs between its fast and
// slow paths for numbers); positions are counted as Jackson counts them: lines only where it
// skips white space, columns in UTF-16 units.
#include "puppetdb/jackson_reading.hpp"

#include <locale.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cwctype>
#include <optional>
#include <vector>

#include "lang/utf8.hpp"
#include "puppetdb/projection_order.hpp"
#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {

namespace {

using Json = nlohmann::json;

/// How deep arrays and objects may nest (Jackson 2.15's default; PuppetDB 7.12's Jackson has none).
constexpr std::size_t kMaxNesting = 1000;

const char* const kValidValues =
    "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

/// Jackson's refusal: its message and where its input pointer was.
struct Refusal {
  std::size_t at;
  std::string message;
};

/// Java's Character.isJavaIdentifierStart / isJavaIdentifierPart, exactly for ASCII.
bool identifier_start(char32_t c) {
  if (c < 0x80) return std::isalpha(static_cast<int>(c)) || c == '_' || c == '$';
  return lang::unicode_ctype_locale() &&
         iswalpha_l(static_cast<wint_t>(c), lang::unicode_ctype_locale());
}

bool identifier_part(char32_t c) {
  if (c < 0x80)
    return std::isalnum(static_cast<int>(c)) || c == '_' || c == '$' || c <= 0x08 ||
           (c >= 0x0E && c <= 0x1B) || c == 0x7F;
  if (c <= 0x9F) return true;  // Java's identifier-ignorable controls
  return lang::unicode_ctype_locale() &&
         iswalnum_l(static_cast<wint_t>(c), lang::unicode_ctype_locale());
}

/// Jackson's _getCharDesc.
std::string char_description(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) return "(CTRL-CHAR, code " + std::to_string(c) + ")";
  std::string shown = "'";
  lang::append_utf8(c, shown);
  shown += "' (code " + std::to_string(c);
  if (c > 255) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%x", static_cast<unsigned>(c));
    shown += std::string(" / 0x") + hex;
  }
  return shown + ")";
}

std::string unexpected(char32_t c, const std::string& why) {
  return "Unexpected character (" + char_description(c) + "): " + why;
}

std::string unexpected_in_number(char32_t c, const std::string& why) {
  return "Unexpected character (" + char_description(c) + ") in numeric value: " + why;
}

class JacksonReader {
 public:
  explicit JacksonReader(std::string_view text) : text_(text) {}

  /// The root values' spans, until the end or (not a sequence) the first value.
  std::vector<std::string_view> read(bool sequence) {
    std::vector<std::string_view> values;
    while (true) {
      std::optional<std::size_t> start = next_token();
      if (!start) break;
      if (stack_.empty()) {  // a scalar at the root
        values.push_back(text_.substr(*start, pos_ - *start));
      } else {
        root_start_ = *start;
        while (!stack_.empty()) {
          if (!next_token()) break;  // next_token refused the end of input
        }
        values.push_back(text_.substr(root_start_, pos_ - root_start_));
      }
      if (!sequence) break;
    }
    return values;
  }

  /// Line and column (1-based, UTF-16 units) of a position as Jackson reports it.
  std::pair<std::size_t, std::size_t> location(std::size_t at) const {
    std::size_t units = 0;
    for (std::size_t i = row_start_; i < at && i < text_.size(); ++i) {
      const unsigned char byte = static_cast<unsigned char>(text_[i]);
      if ((byte & 0xC0) != 0x80) units += byte >= 0xF0 ? 2 : 1;
    }
    return {row_, units + 1};
  }

 private:
  struct Context {
    char kind;  // 'a' array, 'o' object
    std::size_t line, column;
    std::size_t entries = 0;
  };

  [[noreturn]] void refuse(std::size_t at, std::string message) {
    throw Refusal{at, std::move(message)};
  }

  bool at_end() const { return pos_ >= text_.size(); }

  /// The code point at `at` and its length in bytes.
  std::pair<char32_t, std::size_t> code_point(std::size_t at) const {
    return lang::lenient_code_point(text_, at);
  }

  char32_t take() {
    auto [c, length] = code_point(pos_);
    pos_ += length;
    return c;
  }

  void new_line_after_cr() {
    if (!at_end() && text_[pos_] == '\n') ++pos_;
    ++row_;
    row_start_ = pos_;
  }

  std::string type_name(const Context& context) const {
    return context.kind == 'a' ? "Array" : "Object";
  }

  std::string start_marker(const Context& context) const {
    return "[Source: (StringReader); line: " + std::to_string(context.line) +
           ", column: " + std::to_string(context.column) + "]";
  }

  /// White space and the end between tokens: the next character (taken), or nullopt at the end.
  std::optional<char32_t> skip_white_space() {
    while (!at_end()) {
      char32_t c = take();
      if (c > ' ') {
        if (c == '/')
          refuse(pos_, unexpected(c,
                                  "maybe a (non-standard) comment? (not recognized as one since "
                                  "Feature 'ALLOW_COMMENTS' not enabled for parser)"));
        return c;
      }
      if (c == ' ' || c == '\t') continue;
      if (c == '\n') {
        ++row_;
        row_start_ = pos_;
      } else if (c == '\r') {
        new_line_after_cr();
      } else {
        refuse(pos_, "Illegal character (" + char_description(c) +
                         "): only regular white space (\\r, \\n, \\t) is allowed between tokens");
      }
    }
    return std::nullopt;
  }

  /// One token, as Jackson's nextToken(): the position of a value's first character, or nullopt
  /// at the end of the input at the root.
  std::optional<std::size_t> next_token() {
    std::optional<char32_t> next = skip_white_space();
    if (!next) {
      if (!stack_.empty())
        refuse(pos_, "Unexpected end-of-input: expected close marker for " +
                         type_name(stack_.back()) + " (start marker at " +
                         start_marker(stack_.back()) + ")");
      return std::nullopt;
    }
    char32_t c = *next;
    if (c == ']' || c == '}') {
      close_scope(c);
      return pos_ - 1;
    }
    if (!stack_.empty() && stack_.back().entries++ > 0) c = skip_comma(c);
    if (!stack_.empty() && stack_.back().kind == 'o') {
      if (c != '"') refuse(pos_, unexpected(c, "was expecting double-quote to start field name"));
      read_string(true);
      c = skip_colon();
    }
    const std::size_t start = pos_ - 1;
    read_value(c);
    return start;
  }

  void close_scope(char32_t c) {
    const char wanted = c == ']' ? 'a' : 'o';
    if (stack_.empty() || stack_.back().kind != wanted) {
      const std::string expected = c == ']' ? "'}'" : "']'";
      const std::string where =
          stack_.empty() ? "root starting at [Source: (StringReader); line: 1, column: 0]"
                         : type_name(stack_.back()) + " starting at " + start_marker(stack_.back());
      refuse(pos_, std::string("Unexpected close marker '") + static_cast<char>(c) +
                       "': expected " + expected + " (for " + where + ")");
    }
    stack_.pop_back();
  }

  char32_t skip_comma(char32_t c) {
    const std::string type = type_name(stack_.back());
    if (c != ',')
      refuse(pos_, unexpected(c, "was expecting comma to separate " + type + " entries"));
    std::optional<char32_t> next = skip_white_space();
    if (!next) refuse(pos_, "Unexpected end-of-input within/between " + type + " entries");
    return *next;
  }

  char32_t skip_colon() {
    std::optional<char32_t> next = skip_white_space();
    if (!next) refuse(pos_, "Unexpected end-of-input within/between Object entries");
    if (*next != ':')
      refuse(pos_, unexpected(*next, "was expecting a colon to separate field name and value"));
    next = skip_white_space();
    if (!next) refuse(pos_, "Unexpected end-of-input within/between Object entries");
    return *next;
  }

  void read_value(char32_t c) {
    switch (c) {
      case '"':
        read_string(false);
        return;
      case '[':
      case '{': {
        // Newer Jackson's StreamReadConstraints bound: the values are printed and matched by
        // recursion further on, so a query nested without end never reaches them.
        if (stack_.size() >= kMaxNesting)
          refuse(pos_, "Document nesting depth (" + std::to_string(stack_.size() + 1) +
                           ") exceeds the maximum allowed (" + std::to_string(kMaxNesting) + ")");
        auto [line, column] = location(pos_ - 1);
        stack_.push_back({c == '[' ? 'a' : 'o', line, column});
        return;
      }
      case '}':
        refuse(pos_, unexpected(c, "expected a value"));
      case 't':
        match_token("true");
        return;
      case 'f':
        match_token("false");
        return;
      case 'n':
        match_token("null");
        return;
      case '-':
        negative_number();
        return;
      default:
        if (c >= '0' && c <= '9') {
          positive_number(c);
          return;
        }
        odd_value(c);
    }
  }

  void read_string(bool name) {
    while (true) {
      if (at_end())
        refuse(pos_,
               name ? "Unexpected end-of-input in field name"
                    : "Unexpected end-of-input: was expecting closing quote for a string value");
      char32_t c = take();
      if (c == '"') return;
      if (c != '\\') continue;
      if (at_end()) refuse(pos_, "Unexpected end-of-input in character escape sequence");
      c = take();
      if (c == 'u') {
        for (int digit = 0; digit < 4; ++digit) {
          if (at_end()) refuse(pos_, "Unexpected end-of-input in character escape sequence");
          char32_t h = take();
          if (!(h < 0x80 && std::isxdigit(static_cast<int>(h))))
            refuse(pos_, unexpected(h, "expected a hex-digit for character escape sequence"));
        }
      } else if (std::u32string_view(U"btnfr\"/\\").find(c) == std::u32string_view::npos) {
        refuse(pos_, "Unrecognized character escape " + char_description(c));
      }
    }
  }

  /// Jackson's _reportInvalidToken: the token is what matched and the identifier characters after.
  [[noreturn]] void invalid_token(std::string token) {
    std::size_t length = 0;
    for (unsigned char byte : token) length += (byte & 0xC0) != 0x80;
    while (!at_end()) {
      auto [c, size] = code_point(pos_);
      if (!identifier_part(c)) break;
      pos_ += size;
      lang::append_utf8(c, token);
      if (++length >= 256) {
        token += "...";
        break;
      }
    }
    refuse(pos_, "Unrecognized token '" + token + "': was expecting " + kValidValues);
  }

  /// The rest of `word` (its first character taken) and no identifier character after it.
  void match_token(const std::string& word) {
    for (std::size_t i = 1; i < word.size(); ++i) {
      if (at_end() || text_[pos_] != word[i]) invalid_token(word.substr(0, i));
      ++pos_;
    }
    if (!at_end()) {
      auto [c, size] = code_point(pos_);
      if (c >= '0' && c != ']' && c != '}' && identifier_part(c)) invalid_token(word);
    }
  }

  void odd_value(char32_t c) {
    if (c == 'N') {
      match_token("NaN");
      refuse(pos_,
             "Non-standard token 'NaN': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` "
             "to allow");
    }
    if (c == 'I') {
      match_token("Infinity");
      refuse(pos_,
             "Non-standard token 'Infinity': enable "
             "`JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow");
    }
    if (c == '+' && !at_end()) {
      take();
      refuse(pos_, unexpected_in_number('+',
                                        "JSON spec does not allow numbers to have plus signs: "
                                        "enable `JsonReadFeature.ALLOW_LEADING_PLUS_SIGN_FOR_"
                                        "NUMBERS` to allow"));
    }
    std::string first;
    lang::append_utf8(c, first);
    if (identifier_start(c)) invalid_token(first);
    refuse(pos_, unexpected(c, std::string("expected a valid value ") + kValidValues));
  }

  static bool digit(char32_t c) { return c >= '0' && c <= '9'; }

  char32_t byte_at(std::size_t at) const { return code_point(at).first; }

  /// _parsePosNumber after its first digit (taken); `start` is the number's first character.
  void positive_number(char32_t first) {
    const std::size_t start = pos_ - 1;
    if (first == '0') return slow_number(false, start);
    fast_number(start, pos_);
  }

  void negative_number() {
    const std::size_t start = pos_ - 1;
    if (at_end()) return slow_number(true, start);
    char32_t c = take();
    if (!digit(c)) {
      if (c == 'I' && text_.substr(pos_).starts_with("nfinity")) {
        pos_ += 7;
        if (!at_end() && identifier_part(byte_at(pos_))) invalid_token("-Infinity");
        refuse(pos_,
               "Non-standard token '-Infinity': enable "
               "`JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow");
      }
      refuse(pos_, unexpected_in_number(
                       c, "expected digit (0-9) to follow minus sign, for valid numeric value"));
    }
    if (c == '0') return slow_number(true, start);
    fast_number(start, pos_);
  }

  /// The digits after the first (at `ptr`), then a fraction or exponent; the slow path when the
  /// input ends inside the number, as Jackson's buffer does.
  void fast_number(std::size_t start, std::size_t ptr) {
    char32_t c;
    while (true) {
      if (ptr >= text_.size()) return slow_number(text_[start] == '-', start);
      c = byte_at(ptr++);
      if (!digit(c)) break;
    }
    if (c == '.' || c == 'e' || c == 'E') {
      pos_ = ptr;  // Jackson's pointer while it reads the fraction and exponent
      std::size_t fraction = 0;
      if (c == '.') {
        while (true) {
          if (ptr >= text_.size()) return slow_number(text_[start] == '-', start);
          c = byte_at(ptr++);
          if (!digit(c)) break;
          ++fraction;
        }
        if (fraction == 0)
          refuse(pos_, unexpected_in_number(c, "Decimal point not followed by a digit"));
      }
      if (c == 'e' || c == 'E') {
        if (ptr >= text_.size()) return slow_number(text_[start] == '-', start);
        c = byte_at(ptr++);
        if (c == '-' || c == '+') {
          if (ptr >= text_.size()) return slow_number(text_[start] == '-', start);
          c = byte_at(ptr++);
        }
        std::size_t exponent = 0;
        while (digit(c)) {
          ++exponent;
          if (ptr >= text_.size()) return slow_number(text_[start] == '-', start);
          c = byte_at(ptr++);
        }
        if (exponent == 0)
          refuse(pos_, unexpected_in_number(c, "Exponent indicator not followed by a digit"));
      }
    }
    pos_ = ptr - 1;
    if (stack_.empty()) verify_root_space();
  }

  /// _parseNumber2: reads from the number's start again, character by character.
  void slow_number(bool negative, std::size_t start) {
    pos_ = negative ? start + 1 : start;
    if (at_end()) refuse(pos_, "Unexpected end-of-inputNo digit following minus sign");
    char32_t c = take();
    if (c == '0' && !at_end() && digit(byte_at(pos_)))
      refuse(pos_, "Invalid numeric value: Leading zeroes not allowed");
    bool end = false;
    auto next = [&] {
      if (at_end()) {
        end = true;
        return false;
      }
      c = take();
      return true;
    };
    while (digit(c))
      if (!next()) break;
    if (!end && c == '.') {
      std::size_t fraction = 0;
      while (next() && digit(c)) ++fraction;
      if (fraction == 0)
        refuse(pos_, unexpected_in_number(c, "Decimal point not followed by a digit"));
    }
    if (!end && (c == 'e' || c == 'E')) {
      if (at_end()) refuse(pos_, "Unexpected end-of-inputexpected a digit for number exponent");
      c = take();
      if (c == '-' || c == '+') {
        if (at_end()) refuse(pos_, "Unexpected end-of-inputexpected a digit for number exponent");
        c = take();
      }
      std::size_t exponent = 0;
      while (digit(c)) {
        ++exponent;
        if (!next()) break;
      }
      if (exponent == 0)
        refuse(pos_, unexpected_in_number(c, "Exponent indicator not followed by a digit"));
    }
    if (!end) {
      pos_ -= code_point_length_before(pos_);
      if (stack_.empty()) verify_root_space();
    }
  }

  std::size_t code_point_length_before(std::size_t at) const {
    std::size_t length = 1;
    while (length < at && (static_cast<unsigned char>(text_[at - length]) & 0xC0) == 0x80) ++length;
    return length;
  }

  /// After a number at the root: a space, tab or line break must follow (taken).
  void verify_root_space() {
    char32_t c = take();
    if (c == ' ' || c == '\t') return;
    if (c == '\r') return new_line_after_cr();
    if (c == '\n') {
      ++row_;
      row_start_ = pos_;
      return;
    }
    refuse(pos_, unexpected(c, "Expected space separating root-level values"));
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t row_ = 1;
  std::size_t row_start_ = 0;
  std::size_t root_start_ = 0;
  std::vector<Context> stack_;
};

/// The lines of `text` as Clojure's split-lines cuts them (at \n or \r\n, trailing empties
/// dropped).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (end < text.size() && line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    start = end + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

/// Text whose strings hold control characters, as JSON with them escaped.
std::string escape_controls_in_strings(std::string_view text) {
  std::string out;
  bool in_string = false, escaped = false;
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    if (in_string && c < 0x20) {
      char code[8];
      std::snprintf(code, sizeof code, "\\u%04x", c);
      out += code;
      escaped = false;
      continue;
    }
    out += ch;
    if (escaped) {
      escaped = false;
    } else if (in_string && ch == '\\') {
      escaped = true;
    } else if (ch == '"') {
      in_string = !in_string;
    }
  }
  return out;
}

/// Java's Double.toString, as Clojure prints a double.
std::string java_double(double value) {
  if (std::isnan(value)) return "##NaN";
  if (std::isinf(value)) return value > 0 ? "##Inf" : "##-Inf";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  char buffer[64];
  auto [end, error] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string scientific(buffer, end);  // d.ddde±XX
  const bool negative = scientific.front() == '-';
  if (negative) scientific.erase(0, 1);
  const std::size_t e = scientific.find('e');
  std::string digits = scientific.substr(0, e);
  digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
  const int exponent = std::stoi(scientific.substr(e + 1));
  std::string out;
  const double magnitude = std::fabs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    if (exponent >= 0) {
      std::string whole = digits.substr(0, std::min<std::size_t>(digits.size(), exponent + 1));
      whole.append(exponent + 1 - whole.size(), '0');
      std::string fraction = digits.size() > static_cast<std::size_t>(exponent + 1)
                                 ? digits.substr(exponent + 1)
                                 : "0";
      out = whole + "." + fraction;
    } else {
      out = "0." + std::string(-exponent - 1, '0') + digits;
    }
  } else {
    out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" +
          std::to_string(exponent);
  }
  return negative ? "-" + out : out;
}

std::string clojure_printed(const Json& value);

std::string clojure_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\b':
        out += "\\b";
        break;
      default:
        out += c;
    }
  }
  return out + "\"";
}

std::string clojure_number(const Json& value) {
  if (value.is_number_integer()) return value.dump();
  return java_double(value.get<double>());
}

/// A value as Clojure's pr prints what cheshire made of it.
std::string clojure_printed(const Json& value) {
  if (value.is_null()) return "nil";
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_string()) return clojure_string(value.get<std::string>());
  if (value.is_number()) return clojure_number(value);
  if (value.is_array()) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.size(); ++i)
      out += (i ? " " : "") + clojure_printed(value[i]);
    return out + "]";
  }
  // cheshire's maps: an array map (keys as read) up to 8 keys, a hash map beyond.
  std::vector<std::string> keys;
  for (const auto& [key, member] : value.items()) keys.push_back(key);
  if (keys.size() > 8) keys = clojure_hash_order(std::move(keys));
  std::string out = "{";
  for (std::size_t i = 0; i < keys.size(); ++i)
    out += (i ? ", " : "") + clojure_string(keys[i]) + " " + clojure_printed(value.at(keys[i]));
  return out + "}";
}

/// java.text.MessageFormat's rendering of the first value in PuppetDB's message: a String as
/// it is, a number with grouping, a collection as Clojure prints it.
std::string message_format(const Json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_null()) return "null";
  if (value.is_number_integer()) {
    std::string digits = value.dump();
    const bool negative = digits.front() == '-';
    if (negative) digits.erase(0, 1);
    for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) digits.insert(at, ",");
    return negative ? "-" + digits : digits;
  }
  return clojure_printed(value);
}

/// nlohmann's value of a text Jackson accepted; -0 is 0 to Jackson.
Json parsed(std::string_view text) {
  Json value = Json::parse(escape_controls_in_strings(text), nullptr, false);
  if (value.is_number_integer() && value.get<std::int64_t>() == 0) value = 0;
  return value;
}

}  // namespace

nlohmann::json read_json_as_puppetdb(std::string_view text, bool sequence) {
  JacksonReader reader(text);
  std::vector<std::string_view> values;
  try {
    values = reader.read(sequence);
  } catch (const Refusal& refusal) {
    auto [line, column] = reader.location(refusal.at);
    std::vector<std::string_view> lines = split_lines(text);
    std::string shown = line - 1 < lines.size() ? std::string(lines[line - 1]) : std::string();
    throw QueryError(400, "Json parse error at line " + std::to_string(line) + ", column " +
                              std::to_string(column) + ":\n\n" + shown + "\n" +
                              std::string(column >= 2 ? column - 2 : 0, ' ') + "^\n\n" +
                              refusal.message);
  }
  if (values.empty()) return nullptr;
  if (values.size() > 1) {
    std::string others = "(";
    for (std::size_t i = 1; i < values.size(); ++i)
      others += (i > 1 ? " " : "") + clojure_printed(parsed(values[i]));
    throw QueryError(400, "Only one query may be sent in a request. Found JSON " + others +
                              ") after the query " + message_format(parsed(values[0])));
  }
  return parsed(values[0]);
}

}  // namespace marionette::puppetdb
