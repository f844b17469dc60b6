#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::subagent {

/// An OBJECT IDENTIFIER as its sub-identifiers (each fits 32 bits, as SNMP requires).
using Oid = std::vector<std::uint32_t>;

/// Parses ".1.3.6.1" or "1.3.6.1"; nullopt for anything else (names, empty arcs, overflow).
std::optional<Oid> parse_oid(std::string_view text);

/// Renders ".1.3.6.1".
std::string to_string(const Oid& oid);

/// `prefix` followed by `suffix`.
Oid join(const Oid& prefix, const Oid& suffix);

bool starts_with(const Oid& oid, const Oid& prefix);

}  // namespace marionette::subagent
