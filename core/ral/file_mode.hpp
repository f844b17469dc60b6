#pragma once

#include <optional>
#include <string_view>

namespace marionette::ral {

/// Applies a symbolic mode ("u=rw,go=r", "a+x", "ug+rwX,o-w", "u+s") to `mode` as chmod(1) and
/// Puppet do: an empty who means all; X adds search only for directories or when some x is set;
/// u/g/o as permissions copy that class's bits. Nothing when the text is not a symbolic mode.
std::optional<unsigned> apply_symbolic_mode(std::string_view symbolic, unsigned mode,
                                            bool is_directory);

}  // namespace marionette::ral
