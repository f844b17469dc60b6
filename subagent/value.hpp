#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <variant>

namespace marionette::subagent {

/// The SMIv2 syntaxes the MIB uses, as plain C++ values (no Net-SNMP here).
/// Enumerations and TruthValue are Integer32; Unsigned32 and Gauge32 share one encoding.
struct Integer32 {
  std::int32_t value = 0;
  friend auto operator<=>(const Integer32&, const Integer32&) = default;
};
struct Gauge32 {
  std::uint32_t value = 0;
  friend auto operator<=>(const Gauge32&, const Gauge32&) = default;
};
struct TimeTicks {
  std::uint32_t value = 0;  ///< hundredths of a second
  friend auto operator<=>(const TimeTicks&, const TimeTicks&) = default;
};
struct Counter64 {
  std::uint64_t value = 0;
  friend auto operator<=>(const Counter64&, const Counter64&) = default;
};
struct OctetString {
  std::string value;
  friend auto operator<=>(const OctetString&, const OctetString&) = default;
};

using Value = std::variant<Integer32, Gauge32, TimeTicks, Counter64, OctetString>;

/// The declared syntax of an object; the order matches Value's alternatives.
enum class Syntax { integer32, gauge32, timeticks, counter64, octet_string };

inline Syntax syntax_of(const Value& value) {
  return static_cast<Syntax>(value.index());
}

}  // namespace marionette::subagent
