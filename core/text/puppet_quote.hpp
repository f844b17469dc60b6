#pragma once

#include <string>

namespace marionette::text {

/// A string as Puppet's `%p` (StringConverter's puppet_quote) writes it, which is also how
/// Puppet shows a parameter's value in its change messages: single-quoted ('it\'s'), or
/// double-quoted with escapes ("a\nb", "\$x", "\u{1B}") when it holds a control character or
/// `double_quoted` asks for it.
std::string puppet_quote(const std::string& text, bool double_quoted = false);

}  // namespace marionette::text
