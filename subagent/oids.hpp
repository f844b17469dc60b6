#pragma once

#include <string_view>

namespace marionette::subagent {

/// The root of everything marionette serves: MARIONETTE-MIB::marionetteMIB.
///
/// It sits in Net-SNMP's experimental playpen (NET-SNMP-MIB::netSnmpPlaypen,
/// .1.3.6.1.4.1.8072.9999.9999) under sub-arc 4242, until the project has a registered Private
/// Enterprise Number. This is the only place in code that names it; mibs/MARIONETTE-MIB.txt
/// names it once too (tests/mib checks that both agree), and Options::root_oid moves it at run
/// time. mibs/README.md explains how to move to a registered PEN.
inline constexpr std::string_view kRootOid = ".1.3.6.1.4.1.8072.9999.9999.4242";

}  // namespace marionette::subagent
