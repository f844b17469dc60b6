#pragma once

#include <stdexcept>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::compiler {

/// A PuppetDB to ask, for puppetdb_query() (the function puppet-terminus-puppetdb ships): the
/// compile's caller injects one (marionette server: the fleet's store through core/puppetdb), so
/// that the compiler knows no store. Used by one compile at a time.
class PuppetDbQueries {
 public:
  virtual ~PuppetDbQueries() = default;
  /// What POST /pdb/query/v4 {"query": QUERY} answers: QUERY is a PQL string or an AST array
  /// (["from", ENTITY, …]), the answer PuppetDB's JSON rows. Throws PuppetDbQueryError when
  /// PuppetDB would answer an error, std::runtime_error when it cannot be reached.
  virtual catalog::Data query(const catalog::Data& query) = 0;
};

/// PuppetDB refused a query: its status and its plain-text body, which the terminus reads as
/// JSON (and so fails the compile with JSON's "unexpected token at 'BODY'").
struct PuppetDbQueryError : std::runtime_error {
  PuppetDbQueryError(int status, const std::string& body)
      : std::runtime_error(body), status(status) {}
  int status;
};

}  // namespace marionette::compiler
