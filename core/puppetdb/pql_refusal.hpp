#pragma once

#include <optional>
#include <string>
#include <vector>

namespace marionette::puppetdb {

/// PuppetDB's words for a PQL query its grammar does not take: "PQL parse error at line L,
/// column C:", the line, a caret, and what instaparse expected there, in the order PuppetDB
/// 7.12 lists it. instaparse's GLL parse of PuppetDB's PQL grammar is followed step by step
/// (the same tasks on the same stack, the same memoized nodes), since the order of that list is
/// the order in which its terminals failed at the furthest position. nullopt when the grammar
/// takes the whole query, or the query is too long to follow (over 16 KiB, or more than 50,000
/// of instaparse's steps: its parse is cubic where the grammar is ambiguous).
std::optional<std::string> pql_grammar_refusal(const std::string& query);

/// The entities PuppetDB 7.12's PQL grammar names, in its order (its AST knows more:
/// producers, event counts).
const std::vector<std::string>& pql_grammar_entities();

}  // namespace marionette::puppetdb
