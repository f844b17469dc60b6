#pragma once

#include <string_view>

namespace marionette::facts {

/// Whether a top-level core fact is one Facter 4 calls legacy (`osfamily`, `ipaddress_eth0`,
/// `memorysize_mb`, `sshrsakey`, ...): the old flat names that `facter` and `puppet facts show`
/// print only with --show-legacy, though a query by name still shows them. The list is Debian
/// 12's Facter 4.3.0 on Linux.
bool is_legacy_fact(std::string_view name);

}  // namespace marionette::facts
