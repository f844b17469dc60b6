#include "rubyish/psych_error.hpp"

namespace marionette::rubyish {

std::string psych_message(const lang::SourceError& error, const std::string& label) {
  std::string text = "(" + label + "): " + error.message();
  if (error.message().starts_with("Tried to load unspecified class") || !error.where().known())
    return text;
  return text + " at line " + std::to_string(error.where().line) + " column " +
         std::to_string(error.where().column);
}

}  // namespace marionette::rubyish
