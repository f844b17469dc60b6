#pragma once

#include <optional>
#include <string>

#include "ral/parsed_file.hpp"

/// An fstab as mount_core's parsed provider reads and writes it on Linux: "DEVICE NAME FSTYPE
/// OPTIONS DUMP PASS", written with tabs, a space in the device or the name as "\040".
namespace marionette::ral {

struct FstabEntry {
  std::optional<std::string> device;  ///< always read; optional as the other properties
  std::string name;  ///< the mount point, trailing slashes dropped
  std::optional<std::string> fstype;  ///< nothing: absent, written as an empty field
  std::optional<std::string> options;
  std::optional<std::string> dump;
  std::optional<std::string> pass;
};

const RecordFormat<FstabEntry>& fstab_format();

/// A mount point as Puppet munges it: trailing slashes dropped ("/" stays).
std::string mount_point_name(const std::string& name);

}  // namespace marionette::ral
