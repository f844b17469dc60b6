#pragma once

#include <string>

#include "transaction/report.hpp"

namespace marionette::indirector {

/// A report in Puppet's JSON shape (Puppet::Transaction::Report#to_data_hash, report_format 12):
/// host, time, status, logs, metrics, resource_statuses, cached_catalog_status.
std::string report_to_json(const transaction::Report& report, const std::string& host);

}  // namespace marionette::indirector
