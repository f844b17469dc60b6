#pragma once

#include <optional>
#include <string>

#include "catalog/catalog.hpp"

namespace marionette::ral {

/// A file resource's desired state, read and checked from its parameters.
struct FileSpec {
  enum class Ensure { unmanaged, present, file, directory, absent };
  std::string path;
  Ensure ensure = Ensure::unmanaged;
  std::optional<std::string> content;
  std::optional<unsigned> mode;  ///< as written; directories add search bits (see effective_mode)
  std::optional<std::string> owner;  ///< a name or a numeric id
  std::optional<std::string> group;
  bool force = false;
  bool replace = true;
};

/// Reads a File resource; on invalid parameters returns nothing and sets `error` to Puppet's
/// wording ("Parameter path failed on File[x]: File paths must be fully qualified, not 'x'").
std::optional<FileSpec> read_file_spec(const catalog::Resource& resource, std::string& error);

/// Parses "0644" / "644" / "4755"; nothing for other notations.
std::optional<unsigned> parse_octal_mode(const std::string& text);

/// "0644": the four-digit form Puppet prints.
std::string format_mode(unsigned mode);

/// The mode to give a directory: Puppet adds search (x) wherever read (r) is set.
unsigned directory_mode(unsigned mode);

std::string ensure_name(FileSpec::Ensure ensure);

}  // namespace marionette::ral
