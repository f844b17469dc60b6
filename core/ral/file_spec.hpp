#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "ral/checksum.hpp"
#include "ral/file_validation.hpp"

namespace marionette::ral {

/// A file resource's desired state, read and checked from its parameters.
struct FileSpec {
  enum class Ensure { unmanaged, present, file, directory, link, absent };
  /// recurse => false, true, remote (only what the source has).
  enum class Recurse { no, yes, remote };
  /// links => manage (a link is a link), follow (a link is what it points to), ignore.
  enum class Links { manage, follow, ignore };
  std::string path;  ///< munged: no repeated or trailing slashes
  Ensure ensure = Ensure::unmanaged;
  std::optional<std::string> content;
  /// Where content comes from: local paths, file:// URIs or puppet:///modules/ URIs; the first
  /// that exists wins.
  std::vector<std::string> sources;
  std::optional<std::string> target;         ///< a link's target
  std::optional<unsigned> mode;              ///< octal as written; directories add search bits
  std::optional<std::string> symbolic_mode;  ///< "u=rw,go=r", applied to the current mode
  std::optional<std::string> owner;          ///< a name or a numeric id
  std::optional<std::string> group;
  bool force = false;
  bool replace = true;
  bool show_diff = true;  ///< Puppet's show_diff parameter: false never logs this file's diff
  bool sensitive_content = false;  ///< content is Sensitive: its diff is "[diff redacted]"
  Recurse recurse = Recurse::no;
  std::optional<unsigned> recurselimit;  ///< levels below the directory; none: all
  bool purge = false;                    ///< with recurse: remove what is not managed
  std::vector<std::string> ignore;       ///< glob patterns for names recursion skips
  ChecksumType checksum = ChecksumType::sha256;
  Links links = Links::manage;
  /// Where a file goes before it is replaced or removed: a suffix (".bak") or a filebucket name
  /// (every bucket is the local clientbucket); nothing for backup => false (Puppet 7's default).
  std::optional<std::string> backup;
  /// validate_cmd (with validate_replacement): checks new content before it replaces the file.
  std::optional<FileValidation> validation;
  /// " (file: F, line: L)" when the catalog knows where the resource was declared, as Puppet's
  /// wrapped errors end.
  std::string where;

  /// Whether a mode is asked for at all.
  bool manages_mode() const { return mode.has_value() || symbolic_mode.has_value(); }
  /// The mode this spec wants for a file or directory whose mode is now `current`.
  unsigned wanted_mode(unsigned current, bool is_directory) const;
};

/// Puppet's path munging: repeated slashes collapse and trailing ones go ("/tmp//a/" is "/tmp/a").
std::string munge_file_path(std::string path);

/// A source as a local path: "file:///x" and "/x" are "/x"; nothing for other schemes.
std::optional<std::string> local_source_path(const std::string& source);

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
