#pragma once

#include <stdexcept>
#include <string>

namespace marionette::puppetdb {

/// A request PuppetDB refuses: its status (400 for a query it cannot read, 404, …) and its
/// body, plain text as PuppetDB writes it.
struct QueryError : std::runtime_error {
  QueryError(int status_code, const std::string& message)
      : std::runtime_error(message), status(status_code), body(message) {}
  int status;
  std::string body;  ///< the whole text: what() ends at a NUL the query held
};

}  // namespace marionette::puppetdb
