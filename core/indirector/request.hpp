#pragma once

#include <memory>
#include <string>

#include "compiler/compiler.hpp"
#include "facts/facts.hpp"
#include "indirector/node.hpp"

namespace marionette::indirector {

/// One call on an indirection: the key (a certname) and what some termini need besides it.
struct Request {
  std::string key;
  const facts::Facts* facts = nullptr;          ///< catalog/compiler: the node's facts
  const Node* node = nullptr;                   ///< catalog/compiler: classes, parameters
  compiler::CompileTimings* timings = nullptr;  ///< catalog/compiler: where the time went
  /// catalog/compiler: the PuppetDB puppetdb_query() asks (a server's store), none by default.
  compiler::PuppetDbQueries* puppetdb = nullptr;
  /// catalog/compiler: the custom facts `facts` lacks, resolved as the compile reads them.
  std::shared_ptr<facts::LazyCustomFacts> lazy_custom_facts = nullptr;
};

}  // namespace marionette::indirector
