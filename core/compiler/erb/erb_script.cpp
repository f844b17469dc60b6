#include "compiler/erb/erb_script.hpp"

#include <algorithm>

namespace marionette::compiler::erb {

namespace {

enum class Tag { None, Code, Output, Comment };

class ScriptWriter {
 public:
  void push(std::string command) { line_.push_back(std::move(command)); }
  /// Ends the current line of the script.
  void cr() {
    join();
    script_.code += '\n';
  }
  void put_text(const std::string& text) {
    script_.texts.push_back(text);
    std::string command = "\x01" + std::to_string(script_.texts.size() - 1) + "\x02";
    command.append(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')), '\n');
    push(std::move(command));
  }
  ErbScript finish() {
    join();
    return std::move(script_);
  }

 private:
  void join() {
    for (std::size_t i = 0; i < line_.size(); ++i) {
      if (i) script_.code += "; ";
      script_.code += line_[i];
    }
    line_.clear();
  }
  ErbScript script_;
  std::vector<std::string> line_;
};

bool at_line_start(std::string_view s, std::size_t p) { return p == 0 || s[p - 1] == '\n'; }

}  // namespace

ErbScript erb_to_script(std::string_view s) {
  ScriptWriter out;
  std::string content;
  Tag tag = Tag::None;
  std::size_t pos = 0;
  auto close_tag = [&] {
    if (tag == Tag::Code) {
      if (!content.empty() && content.back() == '\n') {
        content.pop_back();
        out.push(content);
        out.cr();
      } else {
        out.push(content);
      }
    } else if (tag == Tag::Output) {
      out.push("\x03((" + content + "))");
    }
    tag = Tag::None;
    content.clear();
  };
  auto open_tag = [&](Tag t) {
    if (!content.empty()) out.put_text(content);
    content.clear();
    tag = t;
  };
  while (pos < s.size()) {
    if (tag == Tag::None) {
      // (.*?)(^[ \t]*<%-|<%-|<%%|<%=|<%#|<%|\z)
      std::size_t p = pos;
      std::size_t after = std::string_view::npos;
      std::string_view found;
      for (; p < s.size(); ++p) {
        if (at_line_start(s, p)) {
          std::size_t q = p;
          while (q < s.size() && (s[q] == ' ' || s[q] == '\t')) ++q;
          if (s.substr(q, 3) == "<%-") {
            found = "<%-";
            after = q + 3;
            break;
          }
        }
        if (s.substr(p, 2) != "<%") continue;
        std::string_view three = s.substr(p, 3);
        found = three == "<%-" || three == "<%%" || three == "<%=" || three == "<%#" ? three
                                                                                   : s.substr(p, 2);
        after = p + found.size();
        break;
      }
      content.append(s.substr(pos, p - pos));
      if (after == std::string_view::npos) {
        pos = s.size();
        break;
      }
      pos = after;
      if (found == "<%%")
        content += "<%";
      else if (found == "<%=")
        open_tag(Tag::Output);
      else if (found == "<%#")
        open_tag(Tag::Comment);
      else
        open_tag(Tag::Code);
    } else {
      // (.*?)(-%>|%%>|%>|\z)
      std::size_t p = pos;
      std::string_view found;
      for (; p < s.size(); ++p) {
        if (s.substr(p, 3) == "-%>" || s.substr(p, 3) == "%%>") {
          found = s.substr(p, 3);
          break;
        }
        if (s.substr(p, 2) == "%>") {
          found = "%>";
          break;
        }
      }
      content.append(s.substr(pos, p - pos));
      if (found.empty()) {
        pos = s.size();
        break;
      }
      pos = p + found.size();
      if (found == "%%>") {
        content += "%>";
      } else {
        close_tag();
        if (found == "-%>") {
          if (s.substr(pos, 1) == "\n") {
            pos += 1;
            out.cr();
          } else if (s.substr(pos, 2) == "\r\n") {
            pos += 2;
            out.cr();
          } else if (pos == s.size()) {
            out.cr();
          }
        }
      }
    }
  }
  if (!content.empty()) out.put_text(content);
  return out.finish();
}

}  // namespace marionette::compiler::erb
