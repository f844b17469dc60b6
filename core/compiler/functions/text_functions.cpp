#include <cctype>
#include <cstdio>
#include <regex>

#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

namespace {

/// Ruby's replacement text: `\0`..`\9` and `\&` are groups, `\\` a backslash.
std::string expand_replacement(const std::string& replacement, std::string_view target,
                               const rubyish::RegexMatch& match) {
  std::string out;
  for (std::size_t i = 0; i < replacement.size(); ++i) {
    char c = replacement[i];
    if (c == '\\' && i + 1 < replacement.size()) {
      char next = replacement[i + 1];
      if (std::isdigit(static_cast<unsigned char>(next))) {
        std::size_t group = static_cast<std::size_t>(next - '0');
        out += match.group(target, group);
        ++i;
        continue;
      }
      if (next == '&') {
        out += match.group(target, 0);
        ++i;
        continue;
      }
      if (next == '\\') {
        out += '\\';
        ++i;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/// Ruby's sub/gsub; a hash replacement gives each match the value of its text (none: nothing).
std::string substitute(const std::string& target, const std::regex& re, const Value& replacement,
                       bool global) {
  const std::string text = replacement.is_hash() ? std::string() : to_string(replacement);
  std::string out;
  std::size_t begin = 0;
  while (auto match = rubyish::regex_search_bounded(target, re, begin)) {
    out.append(target, begin, match->begin() - begin);
    if (replacement.is_hash()) {
      const Value* found = hash_find(replacement.hash(), Value(match->group(target, 0)));
      if (found) out += to_string(*found);
    } else {
      out += expand_replacement(text, target, *match);
    }
    std::size_t next = match->end();
    if (match->begin() == match->end()) {  // an empty match: keep the next character, go on
      if (next == target.size()) {
        begin = next;
        break;
      }
      out += target[next];
      ++next;
    }
    begin = next;
    if (!global) break;
  }
  out.append(target, begin);
  return out;
}

/// regsubst(target, pattern, replacement, flags = '', encoding = 'N')
Value regsubst(CallContext& call) {
  call.expect_arguments(3, 5);
  const Value& pattern = call.arguments[1];
  std::string flags = call.arguments.size() > 3 ? to_string(call.arguments[3]) : "";
  bool global = flags.find('G') != std::string::npos;
  auto syntax = std::regex::ECMAScript;
  if (flags.find('I') != std::string::npos) syntax |= std::regex::icase;
  std::regex re;
  try {
    re = pattern.is_regexp() ? *pattern.regexp().compiled
                             : rubyish::compile_ruby_regex(to_string(pattern), syntax);
  } catch (const std::regex_error& e) {  // Ruby's own words, without the function's name
    throw lang::SourceError(rubyish::ruby_regexp_error(to_string(pattern), e), call.where);
  }
  const Value& replacement = call.arguments[2];
  const Value& target = call.arguments[0];
  if (target.is_array()) {
    Array out;
    for (const Value& item : target.array())
      out.push_back(string_like(item, substitute(to_string(item), re, replacement, global)));
    return out;
  }
  return string_like(target, substitute(to_string(target), re, replacement, global));
}

/// 'text'.match(/re/): [whole, group1, ...] or undef; unmatched groups are undef.
Value match(CallContext& call) {
  call.expect_arguments(2, 2);
  const Value& pattern = call.arguments[1];
  std::regex re = pattern.is_regexp() ? *pattern.regexp().compiled
                                      : rubyish::compile_ruby_regex(to_string(pattern));
  auto match_one = [&](const std::string& text) -> Value {
    auto found = rubyish::regex_search_bounded(text, re);
    if (!found) return Value();
    Array out;
    for (std::size_t i = 0; i < found->groups.size(); ++i)
      out.push_back(found->groups[i] ? Value(found->group(text, i)) : Value());
    return out;
  };
  const Value& target = call.arguments[0];
  if (target.is_array()) {
    Array out;
    for (const Value& item : target.array()) out.push_back(match_one(to_string(item)));
    return out;
  }
  return match_one(to_string(target));
}

/// shellquote(words...): quotes each word for a Bourne shell as Puppet does.
Value shellquote(CallContext& call) {
  static const std::string safe_extra = "@%_+=:,./-";
  static const std::string dangerous = "!\"`$\\";
  std::vector<std::string> words;
  std::vector<Value> pending(call.arguments.rbegin(), call.arguments.rend());
  while (!pending.empty()) {
    Value item = std::move(pending.back());
    pending.pop_back();
    if (item.is_array())
      pending.insert(pending.end(), item.array().rbegin(), item.array().rend());
    else
      words.push_back(to_string(item));
  }
  std::string out;
  for (const std::string& word : words) {
    bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || safe_extra.find(c) != std::string::npos;
    });
    std::string quoted;
    if (safe) {
      quoted = word;
    } else if (word.find_first_of(dangerous) == std::string::npos) {
      quoted = '"' + word + '"';
    } else if (word.find('\'') == std::string::npos) {
      quoted = "'" + word + "'";
    } else {
      quoted = "\"";
      for (char c : word) {
        if (dangerous.find(c) != std::string::npos) quoted += '\\';
        quoted += c;
      }
      quoted += '"';
    }
    if (!out.empty()) out += ' ';
    out += quoted;
  }
  return out;
}

}  // namespace

void register_text_functions(FunctionTable& table) {
  table.emplace_back("regsubst", regsubst);
  table.emplace_back("match", match);
  table.emplace_back("shellquote", shellquote);
}

}  // namespace marionette::compiler
