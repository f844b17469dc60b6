// PQL: a hand-written recursive-descent parser over a small lexer.
#include "puppetdb/pql.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "puppetdb/pql_refusal.hpp"
#include "puppetdb/query_error.hpp"

namespace marionette::puppetdb {

using Json = nlohmann::json;

namespace {

enum class Kind { word, string, number, symbol, end };

struct Token {
  Kind kind;
  std::string text;  ///< a word, a symbol, a string's decoded value, a number's text
  std::size_t at;    ///< offset in the query
};

/// This parser's own words, for what parse_pql's check against PuppetDB's grammar let through:
/// a limit PuppetDB does not have, or a query too costly for that check to follow.
[[noreturn]] void fail(const std::string& text, std::size_t at, const std::string& why) {
  throw QueryError(400, "PQL parse error at line 1, column " + std::to_string(at + 1) + ": " + why +
                            " in: " + text);
}

bool pql_entity(const std::string& word) {
  const std::vector<std::string>& entities = pql_grammar_entities();
  return std::find(entities.begin(), entities.end(), word) != entities.end();
}

bool word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
         c == '?' || c == '"' || static_cast<unsigned char>(c) >= 0x80;
}

std::vector<Token> lex(const std::string& text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    std::size_t start = i;
    if (c == '\'' || (c == '"' && (tokens.empty() || tokens.back().kind != Kind::word ||
                                   tokens.back().text.back() != '.'))) {
      std::string value;
      char quote = c;
      ++i;
      while (i < text.size() && text[i] != quote) {
        if (text[i] == '\\' && i + 1 < text.size()) {
          char next = text[++i];
          value += next == 'n' ? '\n' : next == 't' ? '\t' : next == 'r' ? '\r' : next;
        } else {
          value += text[i];
        }
        ++i;
      }
      if (i >= text.size()) fail(text, start, "unterminated string");
      ++i;
      tokens.push_back({Kind::string, value, start});
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '-' && i + 1 < text.size() &&
         std::isdigit(static_cast<unsigned char>(text[i + 1])))) {
      ++i;
      while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) ||
                                 text[i] == '.' || text[i] == 'e' || text[i] == 'E'))
        ++i;
      tokens.push_back({Kind::number, text.substr(start, i - start), start});
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      while (i < text.size() && word_char(text[i])) {
        if (text[i] == '"') {  // a quoted part of a dotted field: facts."a.b"
          ++i;
          while (i < text.size() && text[i] != '"') ++i;
          if (i >= text.size()) fail(text, start, "unterminated quoted field");
        }
        ++i;
      }
      tokens.push_back({Kind::word, text.substr(start, i - start), start});
      continue;
    }
    static const char* const symbols[] = {"!=", "!~", "<=", ">=", "~>", "=", "~", "<", ">",
                                          "!",  "(",  ")",  "[",  "]",  "{", "}", ","};
    bool found = false;
    for (const char* symbol : symbols) {
      std::string s = symbol;
      if (text.compare(i, s.size(), s) == 0) {
        tokens.push_back({Kind::symbol, s, start});
        i += s.size();
        found = true;
        break;
      }
    }
    if (!found) fail(text, start, std::string("unexpected character '") + c + "'");
  }
  tokens.push_back({Kind::end, "", text.size()});
  return tokens;
}

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text), tokens_(lex(text)) {}

  Json query() {
    Json ast = Json::array({"from"});
    Json paging = Json::array();
    Json body = entity_query(&paging);
    for (const Json& part : body) ast.push_back(part);
    for (const Json& part : paging) ast.push_back(part);
    if (peek().kind != Kind::end) fail(text_, peek().at, "unexpected '" + peek().text + "'");
    return ast;
  }

 private:
  const Token& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(position_ + ahead, tokens_.size() - 1)];
  }
  Token next() { return tokens_[std::min(position_++, tokens_.size() - 1)]; }
  bool symbol(const char* s) const { return peek().kind == Kind::symbol && peek().text == s; }
  bool keyword(const char* s, std::size_t ahead = 0) const {
    return peek(ahead).kind == Kind::word && peek(ahead).text == s;
  }
  void expect(const char* s) {
    if (!symbol(s)) fail(text_, peek().at, std::string("expected '") + s + "'");
    ++position_;
  }

  /// ENTITY [FIELDS] { FILTER? MODIFIERS }: [entity, extract-or-filter?] and paging clauses.
  Json entity_query(Json* paging) {
    if (peek().kind != Kind::word || !pql_entity(peek().text))
      fail(text_, peek().at, "expected an entity");
    std::string entity = next().text;
    Json fields = nullptr;
    if (symbol("[")) fields = field_list();
    expect("{");
    Json filter = nullptr;
    if (!symbol("}") && !modifier_ahead()) filter = expression();
    Json group_by = nullptr;
    while (modifier_ahead()) {
      if (keyword("group")) {
        next();
        if (!keyword("by")) fail(text_, peek().at, "expected 'by'");
        next();
        group_by = Json::array({"group_by"});
        do {
          group_by.push_back(field_name());
        } while (symbol(",") && (next(), true));
      } else if (keyword("order")) {
        next();
        if (!keyword("by")) fail(text_, peek().at, "expected 'by'");
        next();
        Json terms = Json::array();
        do {
          std::string field = field_name();
          if (keyword("asc") || keyword("desc"))
            terms.push_back({field, next().text});
          else
            terms.push_back(field);
        } while (symbol(",") && (next(), true));
        paging->push_back({"order_by", terms});
      } else {
        std::string which = next().text;
        if (peek().kind != Kind::number) fail(text_, peek().at, "expected a number");
        paging->push_back({which, std::stoll(next().text)});
      }
    }
    expect("}");
    Json body = Json::array({entity});
    if (!fields.is_null()) {
      Json extract = Json::array({"extract", fields});
      if (!filter.is_null()) extract.push_back(filter);
      if (!group_by.is_null()) extract.push_back(group_by);
      body.push_back(extract);
    } else if (!filter.is_null()) {
      body.push_back(filter);
    }
    return body;
  }

  bool modifier_ahead() const {
    return (keyword("group") && keyword("by", 1)) || (keyword("order") && keyword("by", 1)) ||
           (keyword("limit") && peek(1).kind == Kind::number) ||
           (keyword("offset") && peek(1).kind == Kind::number);
  }

  Json field_list() {
    expect("[");
    Json fields = Json::array();
    if (!symbol("]")) {
      do {
        if (peek().kind == Kind::word && peek(1).kind == Kind::symbol && peek(1).text == "(") {
          std::string function = next().text;
          next();
          Json call = Json::array({"function", function});
          while (!symbol(")")) {
            call.push_back(field_name());
            if (symbol(",")) next();
          }
          next();
          fields.push_back(call);
        } else {
          fields.push_back(field_name());
        }
      } while (symbol(",") && (next(), true));
    }
    expect("]");
    return fields;
  }

  std::string field_name() {
    if (peek().kind != Kind::word) fail(text_, peek().at, "expected a field");
    return next().text;
  }

  Json expression() {
    Json left = conjunction();
    if (!keyword("or")) return left;
    Json any = Json::array({"or", left});
    while (keyword("or")) {
      next();
      any.push_back(conjunction());
    }
    return any;
  }

  Json conjunction() {
    Json left = negation();
    if (!keyword("and")) return left;
    Json all = Json::array({"and", left});
    while (keyword("and")) {
      next();
      all.push_back(negation());
    }
    return all;
  }

  Json negation() {
    if (symbol("!")) {
      next();
      Nesting deeper(this);
      return {"not", negation()};
    }
    return primary();
  }

  /// One level of `!` or parentheses, bounded: the parser recurses over them.
  struct Nesting {
    explicit Nesting(Parser* parser) : parser_(parser) {
      if (++parser_->depth_ > kMaxNesting)
        fail(parser_->text_, parser_->peek().at, "expressions nest deeper than 1000");
    }
    ~Nesting() { --parser_->depth_; }
    Parser* parser_;
  };
  static constexpr int kMaxNesting = 1000;

  Json primary() {
    if (symbol("(")) {
      next();
      Nesting deeper(this);
      Json inner = expression();
      expect(")");
      return inner;
    }
    if (symbol("[")) {  // [a, b] in subquery
      Json fields = field_list();
      if (!keyword("in")) fail(text_, peek().at, "expected 'in'");
      next();
      return {"in", fields, in_source()};
    }
    if (peek().kind != Kind::word) fail(text_, peek().at, "expected a condition");
    // An implicit subquery: ENTITY { … }
    if (peek(1).kind == Kind::symbol && peek(1).text == "{") {
      std::string entity = next().text;
      next();
      Nesting deeper(this);
      Json filter = nullptr;
      if (!symbol("}")) filter = expression();
      expect("}");
      Json subquery = Json::array({"subquery", entity});
      if (!filter.is_null()) subquery.push_back(filter);
      return subquery;
    }
    std::string field = field_name();
    if (keyword("is")) {
      next();
      bool negated = keyword("not") && (next(), true);
      if (!keyword("null")) fail(text_, peek().at, "expected 'null'");
      next();
      return {"null?", field, !negated};
    }
    if (keyword("in")) {
      next();
      return {"in", field, in_source()};
    }
    if (peek().kind != Kind::symbol) fail(text_, peek().at, "expected an operator");
    std::string op = next().text;
    if (op != "=" && op != "!=" && op != "~" && op != "!~" && op != "<" && op != ">" &&
        op != "<=" && op != ">=" && op != "~>")
      fail(text_, peek().at, "unknown operator '" + op + "'");
    Json value = literal();
    if (op == "!=") return {"not", {"=", field, value}};
    if (op == "!~") return {"not", {"~", field, value}};
    return {op, field, value};
  }

  /// After `in`: an array literal, or ENTITY[FIELDS] { … } as ["from", …, ["extract", …]].
  Json in_source() {
    Nesting deeper(this);
    if (symbol("[")) return {"array", literal()};
    Json paging = Json::array();
    Json body = entity_query(&paging);
    Json from = Json::array({"from"});
    for (const Json& part : body) from.push_back(part);
    for (const Json& part : paging) from.push_back(part);
    return from;
  }

  Json literal() {
    const Token& token = peek();
    if (token.kind == Kind::string) return next().text;
    if (token.kind == Kind::number) {
      std::string number = next().text;
      try {
        if (number.find_first_of(".eE") != std::string::npos) return std::stod(number);
        return std::stoll(number);
      } catch (const std::exception&) {
        fail(text_, token.at, "not a number: " + number);
      }
    }
    if (token.kind == Kind::word && (token.text == "true" || token.text == "false")) {
      return next().text == "true";
    }
    if (token.kind == Kind::word && token.text == "null") {
      next();
      return nullptr;
    }
    if (symbol("[")) {
      next();
      Nesting deeper(this);
      Json values = Json::array();
      while (!symbol("]")) {
        values.push_back(literal());
        if (symbol(","))
          next();
        else if (!symbol("]"))
          fail(text_, peek().at, "expected ',' or ']'");
      }
      next();
      return values;
    }
    fail(text_, token.at, "expected a value");
  }

  const std::string& text_;
  std::vector<Token> tokens_;
  std::size_t position_ = 0;
  int depth_ = 0;
};

}  // namespace

namespace {

/// The ASTs of the PQL texts this process read last: a dashboard or a script asks the same few
/// queries again and again, and the grammar check and the parse were a tenth of a 200-node
/// query's time (docs/performance.md). Only texts that parsed; bounded, emptied when full.
class ParsedPql {
 public:
  std::optional<Json> find(const std::string& text) {
    std::lock_guard lock(mutex_);
    auto found = parsed_.find(text);
    if (found == parsed_.end()) return std::nullopt;
    return found->second;
  }
  void keep(const std::string& text, const Json& ast) {
    if (text.size() > kLongestKept) return;
    std::lock_guard lock(mutex_);
    if (parsed_.size() >= kKept) parsed_.clear();
    parsed_.emplace(text, ast);
  }

 private:
  static constexpr std::size_t kKept = 256, kLongestKept = 4096;
  std::mutex mutex_;
  std::unordered_map<std::string, Json> parsed_;
};

ParsedPql& parsed_pql() {
  static ParsedPql parsed;
  return parsed;
}

}  // namespace

nlohmann::json parse_pql(const std::string& text) {
  if (std::optional<Json> known = parsed_pql().find(text)) return std::move(*known);
  // PuppetDB's grammar decides what is PQL (this parser takes a little more: `a"b`, `x.`)
  if (std::optional<std::string> refusal = pql_grammar_refusal(text))
    throw QueryError(400, *refusal);
  Json ast = Parser(text).query();
  parsed_pql().keep(text, ast);
  return ast;
}

bool looks_like_pql(const std::string& text) {
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    return c != '[';
  }
  return false;
}

}  // namespace marionette::puppetdb
