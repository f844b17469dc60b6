#pragma once

#include <string>
#include <utility>
#include <vector>

#include "catalog/catalog.hpp"
#include "facts/facts.hpp"

namespace marionette::testing {

/// Compiles a manifest given as text (facts: os.family Debian, fqdn web01.example.com), with
/// the classifier's classes if given.
catalog::Catalog compile_text(
    const std::string& manifest,
    std::vector<std::pair<std::string, facts::Facts>> node_classes = {});

/// The `message` of Notify[r] after compiling `notify { 'r': message => EXPRESSION }`
/// (with `prelude` before it), as catalog JSON.
catalog::Data message_of(const std::string& expression, const std::string& prelude = "");

/// The rendered error (`file:line:column: error: ...`) of a manifest that must fail.
std::string error_of(const std::string& manifest);

}  // namespace marionette::testing
