#pragma once

#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rubyish/yaml_reader.hpp"

namespace marionette::facts {

/// A node's facts: a hash of fact names to values, in Facter 4's names and shapes.
using Facts = nlohmann::ordered_json;

/// What becomes of the plain scalars Ruby's Psych makes Dates or Times of (`2024-01-31`).
using RubyDates = rubyish::RubyDates;

/// Reads a plain YAML mapping of fact names to values (the shape of shared/facts/debian12.yaml),
/// keeping key order. Plain scalars resolve as Ruby's Psych resolves them for Puppet
/// (psych_scalar.hpp: `yes` is true, `0755` octal, `1e3` a string); quoted or !!str scalars stay
/// strings. Throws a lang::SourceError placed at FILE:LINE:COLUMN when it cannot be read.
Facts load_yaml_file(const std::filesystem::path& path, RubyDates dates = RubyDates::AsStrings);

/// Gathers facts from this machine natively (no Facter), in milliseconds: kernel, os, networking
/// (with dhcp_servers), memory, processors, identity, path, timezone, mountpoints, disks (with
/// serial and wwn), partitions, dmi, virtual, ssh, augeas, their legacy aliases, facterversion
/// "4.3.0" (Debian 12's Facter, whose shapes these are), puppetversion (kPuppetCompatVersion) and
/// marionetteversion. Keys are sorted at every level, as Facter prints them.
/// The groups of facts (os, networking, storage, ...) are gathered on two threads.
Facts gather_native();

/// Only the groups that provide the named facts (dotted paths such as os.release.major; the
/// first step decides): what `marionette facts NAME...` needs. No names: every group.
Facts gather_native(const std::vector<std::string>& names);

/// Receives one warning line that names the file at fault (an unreadable or malformed external
/// fact); the caller decides where it goes.
using Warn = std::function<void(const std::string&)>;

/// The facts.d directory read by default.
inline constexpr const char* kDefaultExternalFactsDir = "/etc/marionette/facts.d";

/// The facts.d directories Facter reads by default (as root /etc/puppetlabs/facter/facts.d,
/// /etc/facter/facts.d and /opt/puppetlabs/facter/facts.d; otherwise ~/.facter/facts.d), then
/// kDefaultExternalFactsDir, then the directories in $MARIONETTE_FACTS_D (colon-separated): a
/// later directory's fact replaces an earlier one's.
std::vector<std::filesystem::path> default_external_dirs(bool root, const char* home);

/// default_external_dirs() for this process's user.
std::vector<std::filesystem::path> default_external_dirs();

/// External facts, as Facter reads facts.d: per directory (in the order given, missing ones
/// skipped) and per file (sorted by name), *.yaml/*.yml and *.json mappings, *.txt key=value
/// lines, and executables printing key=value lines, YAML or JSON (killed after 30 s). Names are
/// lower-cased; a later file's fact replaces an earlier one. A file that cannot be read or
/// parsed, or an executable that fails, is skipped with one warning naming it.
Facts load_external_facts(const std::vector<std::filesystem::path>& dirs, const Warn& warn);

/// gather_native() with the external facts of `external_dirs` laid over it: an external fact
/// replaces the core fact of the same name whole, as in Facter.
Facts gather(const std::vector<std::filesystem::path>& external_dirs, const Warn& warn);

/// gather() for the named facts only (see gather_native(names)); every external fact is read.
Facts gather(const std::vector<std::filesystem::path>& external_dirs, const Warn& warn,
             const std::vector<std::string>& names);

}  // namespace marionette::facts
