// The facts rows of a node written as the answer's text straight from the stored values: the
// fact-object is nlohmann's dump of the values, so each member's name and value are already
// the text the answer's row would dump; no value is parsed beyond those the query reads.
#include "puppetdb/json_scan.hpp"
#include "puppetdb/rows.hpp"

namespace marionette::puppetdb {

namespace {

std::string dumped(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

bool fact_rows_text(FleetData& fleet, const std::string& certname, const RowOptions& options,
                    const RowTextFilter& filter, std::string& out, std::vector<std::size_t>& ends) {
  FleetData::FactsText facts = fleet.facts_text(certname);
  if (!facts.header) return true;  // no facts, no rows
  if (!facts.values) return false;
  const Json& header = *facts.header;
  const Json certname_value = header.value("certname", Json(nullptr));
  const Json environment = header.value("environment", Json(nullptr));
  // the row's fields in the order nlohmann writes an object's (by name)
  const std::string head = "{\"certname\":" + dumped(certname_value) +
                           ",\"environment\":" + dumped(environment) + ",\"name\":";
  const bool name_read = reads_field(filter.read, "name");
  const bool value_read = reads_field(filter.read, "value");
  Json row = Json::object();
  if (reads_field(filter.read, "certname")) row["certname"] = certname_value;
  if (reads_field(filter.read, "environment")) row["environment"] = environment;
  for_each_json_member(*facts.values, [&](std::string_view written, std::string_view value) {
    std::string name;
    if (options.fact_name || name_read) {
      name = json_name(written);
      if (options.fact_name && name != *options.fact_name) return;
      if (name_read) row["name"] = name;
    }
    if (value_read) row["value"] = Json::parse(value);
    if (!filter.keep(row)) return;
    if (!ends.empty()) out += ',';
    out += head;
    out += written;
    out += ",\"value\":";
    out += value;
    out += '}';
    ends.push_back(out.size());
  });
  return true;
}

}  // namespace marionette::puppetdb
