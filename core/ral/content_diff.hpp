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

}  // namespace marionette::ral
