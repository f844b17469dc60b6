#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

/// Debian's update-alternatives as voxpupuli-alternatives' dpkg providers run it (DPKG_ROOT and
/// DPKG_ADMINDIR in the environment are honoured by the tool itself).
namespace marionette::ral::alternatives {

/// One run: its combined output, or Puppet's "Execution of 'CMD' returned N: OUTPUT".
struct Outcome {
  std::string output;
  std::optional<std::string> failure;
};

/// Runs update-alternatives with `args` (found in PATH, named by its full path in messages).
Outcome run(Host host, const std::vector<std::string>& args);

struct Selection {
  std::string mode;  ///< auto | manual
  std::string path;
};

/// `--get-selections`: every link group by name; nothing (and `error`) when it cannot run.
std::optional<std::map<std::string, Selection>> selections(Host host, std::string& error);

/// One alternative of a link group as `--query` lists it.
struct Entry {
  std::string name;  ///< the alternative's path
  std::string altname;
  std::string altlink;
  std::string priority;
};

/// `--query NAME`: the group's alternatives with its link.
std::vector<Entry> query(Host host, const std::string& altname, std::string& error);

}  // namespace marionette::ral::alternatives
