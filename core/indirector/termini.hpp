#pragma once

#include "indirector/registry.hpp"

/// The built-in termini, one file per model; registry.cpp adds them to the registries.
namespace marionette::indirector {

void add_facts_termini(Registry<facts::Facts>& registry);
void add_node_termini(Registry<Node>& registry);
void add_catalog_termini(Registry<catalog::Catalog>& registry);
void add_report_termini(Registry<transaction::Report>& registry);

}  // namespace marionette::indirector
