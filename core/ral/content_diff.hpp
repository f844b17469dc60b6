#pragma once

#include <string>

#include "ral/host.hpp"

namespace marionette::ral {

/// What Puppet's file type logs with show_diff when a file's content is about to be replaced:
/// the output of `diff -u FILE TEMPFILE`, TEMPFILE being where Puppet writes the wanted content
/// (Ruby's Tempfile name, /tmp/puppet-fileYYYYMMDD-PID-RANDOM, stamped now; marionette names it
/// without writing it), or "Binary files FILE and TEMPFILE differ" when either side holds a NUL
/// byte or the diff is not UTF-8. The text ends without a newline.
std::string content_diff(const std::string& path, const FileInfo& info, const std::string& current,
                         const std::string& wanted);

/// `diff -u OLD NEW` of two files on the node, as content_diff words it (the augeas type's
/// show_diff of FILE and FILE.augnew). A file that cannot be read counts as empty.
std::string files_diff(FileSystem& files, const std::string& old_path, const std::string& new_path);

}  // namespace marionette::ral
