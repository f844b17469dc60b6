#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "subagent/oid.hpp"

namespace marionette::mibtest {

/// One OBJECT-TYPE of an SMIv2 module, as the tests need it.
struct MibObjectType {
  std::string name;
  subagent::Oid suffix;  ///< relative to the module's MODULE-IDENTITY
  std::string syntax;    ///< the first word after SYNTAX: "Gauge32", "DisplayString", "INTEGER"...
  std::string access;    ///< MAX-ACCESS: "read-only", "not-accessible"
};

/// A small reader for our own SMIv2 module (smilint checks the grammar; this only reads
/// names, OIDs, syntaxes and group members). Every OID is relative to the MODULE-IDENTITY.
struct MibModule {
  std::string identity;                                    ///< the MODULE-IDENTITY's name
  std::string identity_parent;                             ///< e.g. "netSnmpPlaypen"
  std::uint32_t identity_arc = 0;                          ///< e.g. 4242
  std::vector<MibObjectType> objects;                      ///< in file order
  std::map<std::string, std::vector<std::string>> groups;  ///< OBJECT-GROUP -> OBJECTS
  std::vector<std::string> mandatory_groups;               ///< of every MODULE-COMPLIANCE
};

/// Throws std::runtime_error on anything it cannot follow.
MibModule read_mib_module(const std::filesystem::path& file);

}  // namespace marionette::mibtest
