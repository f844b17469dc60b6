// PuppetDB refuses a PQL query with instaparse's failure: the furthest position any terminal of
// its grammar failed at, and every terminal that failed there, in the order they failed. That
// order comes from instaparse's GLL trampoline (a stack of tasks, nodes memoized by position and
// by parser *value*, listeners told of results), so the trampoline is followed here step by step
// over the PQL grammar of PuppetDB 7.12, rebuilt with the same combinators instaparse makes of it.
#include "puppetdb/pql_refusal.hpp"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "lang/utf8.hpp"

namespace marionette::puppetdb {

namespace {

enum class Tag { nt, alt, cat, string, regexp, opt, star, plus, neg };

/// The grammar's regular expressions, matched as Java's Matcher.lookingAt matches them.
enum class Pattern {
  whitespace,
  field,
  quoted_field,
  match_field,
  standard_field,
  dq_body,
  sq_body,
  digits
};

struct Combinator {
  Tag tag;
  std::string text = {};  ///< a string's text, a non-terminal's name
  Pattern pattern = Pattern::whitespace;
  std::vector<int> parsers = {};
  bool hide = false;
  std::string reduction = {};  ///< a rule's: "raw" (<rule>) or its name; equality counts it
};

/// The combinators, interned by value: instaparse keys its nodes by the parser's value, so equal
/// combinators written in different rules share their nodes.
class Grammar {
 public:
  Grammar();
  const Combinator& combinator(int id) const { return parsers_[id]; }
  int rule(const std::string& name) const { return rules_.at(name); }
  int start() const { return start_; }

 private:
  int intern(Combinator parser);
  int str(const std::string& text) { return intern({Tag::string, text}); }
  int re(Pattern pattern) {
    Combinator parser{Tag::regexp};
    parser.pattern = pattern;
    return intern(parser);
  }
  int nt(const std::string& name) { return intern({Tag::nt, name}); }
  int hidden(int id) {
    Combinator parser = parsers_[id];
    parser.hide = true;
    return intern(parser);
  }
  int hnt(const std::string& name) { return hidden(nt(name)); }
  int of(Tag tag, std::vector<int> parsers) {
    Combinator parser{tag};
    parser.parsers = std::move(parsers);
    return intern(parser);
  }
  int alt(std::vector<int> parsers) { return of(Tag::alt, std::move(parsers)); }
  int cat(std::vector<int> parsers) { return of(Tag::cat, std::move(parsers)); }
  int opt(int id) { return of(Tag::opt, {id}); }
  int star(int id) { return of(Tag::star, {id}); }
  int plus(int id) { return of(Tag::plus, {id}); }
  int neg(int id) { return of(Tag::neg, {id}); }
  /// `name = body` (hiccup-tagged) or `<name> = body` (raw).
  void define(const std::string& name, int body, bool hidden_tag) {
    Combinator parser = parsers_[body];
    parser.reduction = hidden_tag ? "raw" : name;
    rules_[name] = intern(parser);
  }

  std::vector<Combinator> parsers_;
  std::map<std::string, int> interned_;
  std::map<std::string, int> rules_;
  int start_ = 0;
};

int Grammar::intern(Combinator parser) {
  std::string key = std::to_string(static_cast<int>(parser.tag)) + '\x1f' + parser.text + '\x1f' +
                    std::to_string(static_cast<int>(parser.pattern)) + '\x1f' +
                    (parser.hide ? "h" : "") + '\x1f' + parser.reduction;
  for (int id : parser.parsers) key += '\x1f' + std::to_string(id);
  auto [found, added] = interned_.emplace(key, static_cast<int>(parsers_.size()));
  if (added) parsers_.push_back(std::move(parser));
  return found->second;
}

Grammar::Grammar() {
  const int ws = opt(hnt("whitespace"));  // [<whitespace>]
  const int comma = hidden(str(","));
  auto listed = [&](int item) { return cat({item, star(cat({ws, comma, ws, item}))}); };
  define("query", cat({ws, nt("from"), ws}), true);
  define("from", cat({nt("entity"), opt(cat({ws, nt("extract")})), ws, nt("where")}), false);
  define("extract", cat({hnt("lbracket"), ws, opt(nt("extractfields")), ws, hnt("rbracket")}),
         false);
  define("extractfields", nt("fieldlist"), true);
  define("where",
         cat({hnt("lbrace"), ws, opt(nt("expression")), ws,
              opt(alt({nt("groupbyclause"), star(cat({nt("pagingclause"), ws}))})),
              star(hnt("whitespace")), hnt("rbrace")}),
         true);
  std::vector<int> entities;
  for (const std::string& entity : pql_grammar_entities()) entities.push_back(str(entity));
  define("entity", alt(entities), true);
  define("expression", nt("expr-or"), true);
  const int spaced = hnt("whitespace");
  define("expr-or", cat({nt("expr-and"), star(cat({spaced, nt("or"), spaced, nt("expr-or")}))}),
         false);
  define("expr-and", cat({nt("expr-not"), star(cat({spaced, nt("and"), spaced, nt("expr-and")}))}),
         false);
  define("expr-not", alt({cat({nt("not"), ws, nt("expr-not")}), nt("expr-rest")}), false);
  define("expr-rest",
         alt({cat({hnt("lparens"), ws, nt("expression"), ws, hnt("rparens")}), nt("condexpression"),
              nt("condexpnull"), nt("subquery")}),
         true);
  define("subquery", cat({nt("entity"), ws, nt("where")}), false);
  define("condexpression",
         alt({nt("condexpregexp"), nt("condexpregexparray"), nt("condexpinequality"),
              nt("condexpmatch"), nt("condexpnotmatch"), nt("condexpnotregexp"), nt("condexpin")}),
         false);
  auto condition = [&](int left, const char* op, const char* value) {
    return cat({left, ws, nt(op), ws, nt(value)});
  };
  define("condexpregexp", condition(nt("field"), "condregexp", "valueregexp"), true);
  define("condexpregexparray", condition(nt("field"), "condregexparray", "valueregexparray"), true);
  define("condexpinequality", condition(nt("field"), "condinequality", "valueordered"), true);
  define("condexpmatch", condition(nt("field"), "condmatch", "literal"), true);
  define("condexpnotmatch", condition(nt("field"), "condnotmatch", "literal"), true);
  define("condexpnotregexp", condition(nt("field"), "condnotregexp", "literal"), true);
  define("condexpin", condition(alt({nt("field"), nt("groupedfieldlist")}), "condin", "valuein"),
         true);
  define("condexpnull", cat({nt("field"), ws, alt({nt("condisnull"), nt("condisnotnull")})}),
         false);
  define("condisnull", hidden(str("is null")), false);
  define("condisnotnull", hidden(str("is not null")), false);
  define("groupedfieldlist", cat({hnt("lbracket"), ws, nt("fieldlist"), ws, hnt("rbracket")}),
         false);
  define("fieldlist", listed(alt({nt("field"), nt("function")})), true);
  define("function", cat({nt("functionname"), ws, nt("groupedarglist")}), false);
  define("functionname",
         alt({str("count"), str("avg"), str("sum"), str("min"), str("max"), str("to_string")}),
         true);
  define("groupedarglist", cat({hnt("lparens"), ws, opt(nt("arglist")), ws, hnt("rparens")}),
         false);
  define("arglist",
         cat({alt({nt("field"), nt("string")}), opt(cat({ws, comma, ws, nt("stringlist")}))}),
         true);
  define("stringlist", listed(nt("string")), true);
  define("field", alt({re(Pattern::field), cat({nt("dottedfield"), nt("fieldpath")})}), false);
  define("fieldpath",
         plus(cat(
             {hidden(str(".")), alt({nt("quotedfield"), nt("standardfield"), nt("matchfield")})})),
         true);
  define("quotedfield", re(Pattern::quoted_field), true);
  define("matchfield", re(Pattern::match_field), true);
  define("standardfield", re(Pattern::standard_field), true);
  define("dottedfield", alt({str("facts"), str("trusted"), str("parameters")}), true);
  define("condregexp", str("~"), true);
  define("condregexparray", str("~>"), true);
  define("condinequality", alt({str(">="), str("<="), str("<"), str(">")}), true);
  define("condmatch", str("="), true);
  define("condnotmatch", str("!="), true);
  define("condnotregexp", str("!~"), true);
  define("condin", str("in"), true);
  define("valueregexp", nt("string"), true);
  define("valueregexparray", nt("groupedregexplist"), true);
  define("valueordered", alt({nt("integer"), nt("real"), nt("string")}), true);
  define("valuein", alt({nt("query"), nt("groupedliterallist")}), true);
  define("groupedregexplist", cat({hnt("lbracket"), ws, nt("regexplist"), ws, hnt("rbracket")}),
         false);
  define("regexplist", listed(nt("string")), true);
  define("groupedliterallist", cat({hnt("lbracket"), ws, nt("literallist"), ws, hnt("rbracket")}),
         false);
  define("literallist", listed(nt("literal")), true);
  define("and", hidden(str("and")), true);
  define("or", hidden(str("or")), true);
  define("not", hidden(str("!")), false);
  define("string", alt({nt("dqstring"), nt("sqstring")}), true);
  define("dqstring", cat({hnt("doublequote"), nt("stringwithoutdoublequotes"), hnt("doublequote")}),
         false);
  define("stringwithoutdoublequotes", re(Pattern::dq_body), true);
  define("doublequote", str("\""), true);
  define("sqstring", cat({hnt("singlequote"), nt("stringwithoutsinglequotes"), hnt("singlequote")}),
         false);
  define("stringwithoutsinglequotes", re(Pattern::sq_body), true);
  define("singlequote", str("'"), true);
  define("groupbyclause", nt("groupby"), true);
  define("groupby", cat({hidden(str("group by")), spaced, nt("fieldlist")}), false);
  define("pagingclause", alt({nt("limit"), nt("offset"), nt("orderby")}), true);
  define("limit", cat({hidden(str("limit")), spaced, nt("integer")}), false);
  define("offset", cat({hidden(str("offset")), spaced, nt("integer")}), false);
  define("orderby",
         cat({hidden(str("order by")), spaced, nt("orderparam"), opt(nt("orderparamlist"))}),
         false);
  define("orderparamlist", plus(cat({comma, ws, nt("orderparam")})), true);
  define("orderparam",
         cat({neg(alt({str("asc"), str("desc")})), nt("field"), opt(cat({spaced, nt("direction")})),
              ws}),
         false);
  define("direction", alt({str("asc"), str("desc")}), true);
  define("lparens", str("("), true);
  define("rparens", str(")"), true);
  define("lbrace", str("{"), true);
  define("rbrace", str("}"), true);
  define("lbracket", str("["), true);
  define("rbracket", str("]"), true);
  define("boolean", alt({nt("true"), nt("false")}), false);
  define("true", hidden(str("true")), false);
  define("false", hidden(str("false")), false);
  define("array", cat({nt("lbracket"), ws, nt("literallist"), ws, nt("rbracket")}), false);
  define("literal", alt({nt("string"), nt("integer"), nt("real"), nt("boolean"), nt("array")}),
         true);
  define("integer", cat({opt(nt("negative")), nt("digits")}), false);
  define("real", cat({opt(nt("negative")), nt("digits"), str("."), nt("digits"), opt(nt("exp"))}),
         false);
  define("exp",
         cat({hidden(alt({str("E"), str("e")})), opt(alt({nt("negative"), nt("positive")})),
              nt("digits")}),
         false);
  define("digits", re(Pattern::digits), true);
  define("negative", str("-"), true);
  define("positive", str("+"), true);
  define("whitespace", re(Pattern::whitespace), true);
  start_ = nt("query");
}

const Grammar& pql_grammar() {
  static const Grammar grammar;
  return grammar;
}

// --- the text, as Java sees it: UTF-16 code units ---------------------------------------------

std::u16string utf16_of(const std::string& text) {
  std::u16string out;
  for (std::size_t i = 0; i < text.size();) {
    auto [code, length] = lang::lenient_code_point(text, i);
    if (code >= 0x10000) {
      code -= 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (code >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (code & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(code));
    }
    i += length;
  }
  return out;
}

bool java_space(char16_t c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
bool line_terminator(char16_t c) {
  return c == '\n' || c == '\r' || c == 0x85 || c == 0x2028 || c == 0x2029;
}
bool digit(char16_t c) {
  return c >= '0' && c <= '9';
}
bool word(char16_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || digit(c) || c == '_';
}

/// The length Matcher.lookingAt matches at `at`, or -1.
long match_at(Pattern pattern, const std::u16string& text, std::size_t at) {
  const std::size_t size = text.size();
  std::size_t i = at;
  switch (pattern) {
    case Pattern::whitespace:
      while (i < size && java_space(text[i])) ++i;
      return i > at ? static_cast<long>(i - at) : -1;
    case Pattern::digits:
      while (i < size && digit(text[i])) ++i;
      return i > at ? static_cast<long>(i - at) : -1;
    case Pattern::field:  // [a-zA-Z0-9_]+\??
      while (i < size && word(text[i])) ++i;
      if (i == at) return -1;
      if (i < size && text[i] == '?') ++i;
      return static_cast<long>(i - at);
    case Pattern::quoted_field:  // \".*?\"(?=\.|\s)
      if (i >= size || text[i] != '"') return -1;
      for (++i; i < size && !line_terminator(text[i]); ++i)
        if (text[i] == '"' && i + 1 < size && (text[i + 1] == '.' || java_space(text[i + 1])))
          return static_cast<long>(i + 1 - at);
      return -1;
    case Pattern::match_field:  // match\(.*?\)
      if (text.compare(at, 6, u"match(") != 0) return -1;
      for (i = at + 6; i < size && !line_terminator(text[i]); ++i)
        if (text[i] == ')') return static_cast<long>(i + 1 - at);
      return -1;
    case Pattern::standard_field: {  // [^\s\.\",\[\]!<=>~]+(\[\d+\])?
      static const std::u16string excluded = u".\",[]!<=>~";
      while (i < size && !java_space(text[i]) && excluded.find(text[i]) == std::u16string::npos)
        ++i;
      if (i == at) return -1;
      if (i < size && text[i] == '[') {
        std::size_t j = i + 1;
        while (j < size && digit(text[j])) ++j;
        if (j > i + 1 && j < size && text[j] == ']') i = j + 1;
      }
      return static_cast<long>(i - at);
    }
    case Pattern::dq_body:
    case Pattern::sq_body: {  // (?:[^"\\]|\\.)*
      const char16_t quote = pattern == Pattern::dq_body ? '"' : '\'';
      while (i < size) {
        if (text[i] == '\\') {
          if (i + 1 < size && !line_terminator(text[i + 1])) {
            i += 2;
            continue;
          }
          break;
        }
        if (text[i] == quote) break;
        ++i;
      }
      return static_cast<long>(i - at);
    }
  }
  return -1;
}

std::string printed(Pattern pattern) {
  switch (pattern) {
    case Pattern::whitespace:
      return R"re(#"\s+")re";
    case Pattern::field:
      return R"re(#"[a-zA-Z0-9_]+\??")re";
    case Pattern::quoted_field:
      return R"re(#"\".*?\"(?=\.|\s)")re";
    case Pattern::match_field:
      return R"re(#"match\(.*?\)")re";
    case Pattern::standard_field:
      return R"re(#"[^\s\.\",\[\]!<=>~]+(\[\d+\])?")re";
    case Pattern::dq_body:
      return R"re(#"(?:[^"\\]|\\.)*")re";
    case Pattern::sq_body:
      return R"re(#"(?:[^'\\]|\\.)*")re";
    case Pattern::digits:
      return R"re(#"[0-9]+")re";
  }
  return "";
}

/// `!('asc' | 'desc')` as instaparse prints a combinator.
std::string combinator_text(const Grammar& grammar, int id) {
  const Combinator& parser = grammar.combinator(id);
  std::string joined;
  switch (parser.tag) {
    case Tag::string:
      return "\"" + parser.text + "\"";
    case Tag::alt:
      for (int child : parser.parsers)
        joined += (joined.empty() ? "" : " | ") + combinator_text(grammar, child);
      return joined;
    default:
      return parser.text;
  }
}

// --- the trampoline ---------------------------------------------------------------------------

struct Reason {
  std::string expecting;
  bool full = false;
};

enum class ListenerKind { node, cat, cat_full, plus, plus_full, negation, top };

struct Listener {
  ListenerKind kind;
  std::size_t index;  ///< the node this listener reports to: index and parser
  int parser;
  std::size_t next = 0;  ///< cat: where its parsers still to come start
  int repeated = -1;     ///< plus/star: the parser repeated
  std::size_t previous = 0;
  std::size_t count = 0;
  bool failed = false;  ///< negation: its failure sent once
};

struct Node {
  std::vector<int> listeners, full_listeners;
  std::vector<std::size_t> results, full_results;  ///< end indices, as they came
};

struct Task {
  enum Kind { parse, full_parse, message } kind;
  std::size_t index;  ///< parse: where; message: the result's end
  int parser_or_listener;
};

/// instaparse's parse is cubic where the grammar is ambiguous (`a and b and c ...`: 700 terms
/// took minutes and gigabytes): past this many steps (~25 ms; the recorded refusals take at
/// most 1,311) the caller words the refusal itself.
constexpr std::size_t kMostSteps = 50'000;

class Trampoline {
 public:
  Trampoline(const Grammar& grammar, std::u16string text)
      : grammar_(grammar), text_(std::move(text)) {}

  /// Whether the whole text parses (or took too many steps to say); otherwise failure_index()
  /// and reasons() say why not.
  bool run() {
    push_full_listener(0, grammar_.start(), add({ListenerKind::top, 0, 0}));
    for (;;) {
      if (accepted_) return true;
      if (!stack_.empty()) {
        if (++steps_ > kMostSteps) return true;  // not followed further: the caller's words
        Task task = stack_.back();
        stack_.pop_back();
        execute(task);
      } else if (!negations_.empty()) {
        auto highest = negations_.begin();
        auto [at, parser, watched] = highest->second.back();
        highest->second.pop_back();
        if (highest->second.empty()) negations_.erase(highest);
        if (!result_exists(at, watched)) success(at, parser, at);
      } else {
        return false;
      }
    }
  }
  std::size_t failure_index() const { return failure_index_; }
  const std::vector<Reason>& reasons() const { return reasons_; }

 private:
  using Key = std::pair<std::size_t, int>;

  int add(Listener listener) {
    listeners_.push_back(std::move(listener));
    return static_cast<int>(listeners_.size()) - 1;
  }
  Node& node(std::size_t index, int parser) { return nodes_[{index, parser}]; }
  bool result_exists(std::size_t index, int parser) {
    auto found = nodes_.find({index, parser});
    return found != nodes_.end() &&
           !(found->second.results.empty() && found->second.full_results.empty());
  }

  void push_message(int listener, std::size_t end) {
    // a second message to one listener about one index waits for a next generation, which a
    // parse that fails never reaches
    if (!messaged_.insert(static_cast<std::uint64_t>(listener) << 32 | end).second) return;
    stack_.push_back({Task::message, end, listener});
  }

  void success(std::size_t index, int parser, std::size_t end) {
    Node& at = node(index, parser);
    const bool total = end == text_.size();
    std::vector<std::size_t>& results = total ? at.full_results : at.results;
    for (std::size_t seen : results)
      if (seen == end) return;
    results.push_back(end);
    const std::vector<int> listeners = at.listeners;
    for (int listener : listeners) push_message(listener, end);
    if (total) {
      const std::vector<int> full = at.full_listeners;
      for (int listener : full) push_message(listener, end);
    }
  }

  void fail(std::size_t index, Reason reason) {
    if (index > failure_index_) {
      failure_index_ = index;
      reasons_.clear();
    }
    if (index == failure_index_) reasons_.push_back(std::move(reason));
  }

  void push_listener(std::size_t index, int parser, int listener) {
    Node& at = node(index, parser);
    const bool existed = !at.listeners.empty();
    at.listeners.push_back(listener);
    const std::vector<std::size_t> results = at.results, full = at.full_results;
    for (std::size_t end : results) push_message(listener, end);
    for (std::size_t end : full) push_message(listener, end);
    if (!existed) stack_.push_back({Task::parse, index, parser});
  }

  void push_full_listener(std::size_t index, int parser, int listener) {
    Node& at = node(index, parser);
    const bool existed = !at.full_listeners.empty() || !at.listeners.empty();
    at.full_listeners.push_back(listener);
    const std::vector<std::size_t> full = at.full_results;
    for (std::size_t end : full) push_message(listener, end);
    if (!existed) stack_.push_back({Task::full_parse, index, parser});
  }

  void execute(const Task& task) {
    if (task.kind == Task::message) return deliver(task.parser_or_listener, task.index);
    const bool full = task.kind == Task::full_parse;
    const std::size_t i = task.index;
    const int id = task.parser_or_listener;
    const Combinator& p = grammar_.combinator(id);
    const std::size_t size = text_.size();
    switch (p.tag) {
      case Tag::nt: {
        int body = grammar_.rule(p.text);
        int listener = add({ListenerKind::node, i, id});
        return full ? push_full_listener(i, body, listener) : push_listener(i, body, listener);
      }
      case Tag::alt:
        for (int child : p.parsers) {
          int listener = add({ListenerKind::node, i, id});
          full ? push_full_listener(i, child, listener) : push_listener(i, child, listener);
        }
        return;
      case Tag::cat: {
        Listener listener{full ? ListenerKind::cat_full : ListenerKind::cat, i, id};
        listener.next = 1;
        return push_listener(i, p.parsers[0], add(listener));
      }
      case Tag::string: {
        std::u16string expected(p.text.begin(), p.text.end());
        const std::size_t end = std::min(size, i + expected.size());
        const bool matched = text_.compare(i, end - i, expected) == 0;
        if (matched && (!full || end == size)) return success(i, id, end);
        return fail(i, {p.text, full});
      }
      case Tag::regexp: {
        long length = match_at(p.pattern, text_, i);
        if (length >= 0 && (!full || i + length == size))
          return success(i, id, full ? size : i + length);
        return fail(i, {printed(p.pattern), full});
      }
      case Tag::opt: {
        int listener = add({ListenerKind::node, i, id});
        if (full) {
          push_full_listener(i, p.parsers[0], listener);
          if (i == size) return success(i, id, i);
          return fail(i, {":end-of-string", false});
        }
        push_listener(i, p.parsers[0], listener);
        return success(i, id, i);
      }
      case Tag::star:
      case Tag::plus: {
        Listener listener{full ? ListenerKind::plus_full : ListenerKind::plus, i, id};
        listener.repeated = p.parsers[0];
        listener.previous = i;
        if (p.tag == Tag::star && full && i == size) return success(i, id, i);
        push_listener(i, p.parsers[0], add(std::move(listener)));
        if (p.tag == Tag::star && !full) success(i, id, i);
        return;
      }
      case Tag::neg: {
        const int watched = p.parsers[0];
        if (result_exists(i, watched)) return fail(i, {"null", false});  // no :expecting
        push_listener(i, watched, add({ListenerKind::negation, i, id}));
        negations_[i].push_back({i, id, watched});
        return;
      }
    }
  }

  void deliver(int id, std::size_t end) {
    // a copy: listeners_ grows as it is told
    const Listener listener = listeners_[id];
    const std::size_t size = text_.size();
    switch (listener.kind) {
      case ListenerKind::top:
        accepted_ = true;
        return;
      case ListenerKind::node:
        return success(listener.index, listener.parser, end);
      case ListenerKind::cat:
      case ListenerKind::cat_full: {
        const std::vector<int>& parsers = grammar_.combinator(listener.parser).parsers;
        if (listener.next == parsers.size()) return success(listener.index, listener.parser, end);
        Listener next = listener;
        ++next.next;
        const int first = parsers[listener.next];
        if (listener.kind == ListenerKind::cat_full && next.next == parsers.size())
          return push_full_listener(end, first, add(next));
        return push_listener(end, first, add(next));
      }
      case ListenerKind::plus:
      case ListenerKind::plus_full: {
        if (end == listener.previous) {
          if (listener.count == 0) success(listener.index, listener.parser, end);
          return;
        }
        Listener next = listener;
        next.previous = end;
        ++next.count;
        if (listener.kind == ListenerKind::plus) {
          push_listener(end, listener.repeated, add(std::move(next)));
          return success(listener.index, listener.parser, end);
        }
        if (end == size) return success(listener.index, listener.parser, end);
        return push_listener(end, listener.repeated, add(std::move(next)));
      }
      case ListenerKind::negation:
        if (listener.failed) return;
        listeners_[id].failed = true;
        return fail(
            listener.index,
            {"NOT " + combinator_text(grammar_, grammar_.combinator(listener.parser).parsers[0]),
             false});
    }
  }

  struct Negation {
    std::size_t index;
    int parser;
    int watched;
  };

  const Grammar& grammar_;
  std::u16string text_;
  struct KeyHash {
    std::size_t operator()(const Key& key) const { return key.first * 1009 + key.second; }
  };
  std::unordered_map<Key, Node, KeyHash> nodes_;
  std::vector<Listener> listeners_;
  std::vector<Task> stack_;
  std::unordered_set<std::uint64_t> messaged_;  ///< listener << 32 | index
  std::map<std::size_t, std::vector<Negation>, std::greater<>> negations_;
  bool accepted_ = false;
  std::size_t steps_ = 0;
  std::size_t failure_index_ = 0;
  std::vector<Reason> reasons_;
};

/// java.text.MessageFormat's integer: digits grouped by thousands.
std::string grouped(std::size_t number) {
  std::string digits = std::to_string(number), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

/// The line `line` (1-based) as BufferedReader.readLine splits them.
std::string line_of(const std::string& text, std::size_t line) {
  std::size_t start = 0;
  for (std::size_t n = 1;; ++n) {
    std::size_t end = text.find_first_of("\r\n", start);
    if (n == line) return text.substr(start, end == std::string::npos ? end : end - start);
    if (end == std::string::npos) return "";
    start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
}

}  // namespace

const std::vector<std::string>& pql_grammar_entities() {
  static const std::vector<std::string> entities = {
      "facts",         "reports",   "catalogs",     "packages", "package_inventory",
      "resources",     "nodes",     "environments", "factsets", "fact_paths",
      "fact_contents", "inventory", "edges",        "events"};
  return entities;
}

std::optional<std::string> pql_grammar_refusal(const std::string& query) {
  if (query.size() > 16 * 1024) return std::nullopt;
  std::u16string text = utf16_of(query);
  Trampoline trampoline(pql_grammar(), text);
  if (trampoline.run()) return std::nullopt;
  // line and column by UTF-16 units, a new line at each \n, as instaparse counts them
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < trampoline.failure_index() && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  // Clojure's (nth (line-seq …) n): nil (printed "null") for an empty text, "" past its lines
  const std::string text_line = query.empty() ? "null" : line_of(query, line);
  std::string out = "PQL parse error at line " + grouped(line) + ", column " + grouped(column) +
                    ":\n\n" + text_line + "\n" +
                    (column <= 1 ? "^" : std::string(column - 1, ' ') + "^") + "\n\n";
  std::vector<std::string> full, partial;
  for (const Reason& reason : trampoline.reasons()) {
    std::vector<std::string>& list = reason.full ? full : partial;
    if (std::find(list.begin(), list.end(), reason.expecting) == list.end())
      list.push_back(reason.expecting);
  }
  const std::size_t total = full.size() + partial.size();
  if (total == 1) out += "Expected:\n";
  if (total > 1) out += "Expected one of:\n\n";
  for (const std::string& reason : full) out += reason + " (followed by end-of-string)";
  for (const std::string& reason : partial) out += reason + "\n";
  return out;
}

}  // namespace marionette::puppetdb
