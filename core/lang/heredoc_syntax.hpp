#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace marionette::lang {

/// Puppet's syntax checkers for the static text of a heredoc that names its syntax
/// (`@(END:json)`): json, base64, pp and epp, found as Puppet finds them for `data+json`
/// (the whole name, then without its leading `+` segments). The error Puppet reports for the
/// text ("Invalid produced text having syntax: 'json'. JSON syntax checker: ..."), or nullopt
/// when the text passes or no checker knows the syntax.
std::optional<std::string> check_heredoc_syntax(std::string_view syntax, const std::string& text);

}  // namespace marionette::lang
