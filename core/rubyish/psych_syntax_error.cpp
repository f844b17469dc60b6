#include "rubyish/psych_syntax_error.hpp"

#include <yaml.h>

namespace marionette::rubyish {

std::optional<std::string> psych_syntax_error(const std::string& text, const std::string& file) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) return "(" + file + "): cannot start the YAML parser";
  yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()),
                               text.size());
  std::optional<std::string> message;
  for (bool done = false; !done;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      std::string problem = parser.problem ? parser.problem : "";
      if (parser.context) problem += (problem.empty() ? "" : " ") + std::string(parser.context);
      message = "(" + file + "): " + problem + " at line " +
                std::to_string(parser.context_mark.line + 1) + " column " +
                std::to_string(parser.context_mark.column + 1);
      break;
    }
    done = event.type == YAML_STREAM_END_EVENT;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  return message;
}

}  // namespace marionette::rubyish
