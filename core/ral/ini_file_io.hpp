#pragma once

#include <optional>
#include <string>

#include "ral/host.hpp"
#include "ral/ini_file.hpp"

namespace marionette::ral {

/// What Puppet prints for the values when show_diff is off (Puppet's default).
inline constexpr const char* kRedacted = "[redacted sensitive information]";

/// An ini file on the node as inifile's providers read and write it (File.open(path, 'w')).
class IniFileStore {
 public:
  IniFileStore(Host host, std::string path) : host_(host), path_(std::move(path)) {}

  /// The file as the provider reads it: a path that is not a regular file reads as empty.
  /// Nothing (and error() says why) when it cannot be read.
  std::optional<IniFile> load(const IniFormat& format);
  /// Writes the file, a new one 0644 (umask 022), an old one keeping its mode and owner; the
  /// reason in Ruby's words when it cannot.
  std::optional<std::string> save(const IniFile& file);
  const std::string& error() const { return error_; }

 private:
  Host host_;
  std::string path_;
  FileAttributes attributes_;
  std::string error_;
};

}  // namespace marionette::ral
