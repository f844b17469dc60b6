#include "counters/journal.hpp"

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "counters/totals.hpp"
#include "storage/durable_file.hpp"

namespace marionette::counters {

std::string encode_journal_line(const RunDelta& delta) {
  nlohmann::ordered_json line = {{"run_id", delta.run_id}};
  for (const CounterField& field : kCounterFields) line[field.name] = delta.counts.*field.total;
  return line.dump();
}

bool decode_journal_line(const std::string& line, RunDelta* delta) {
  nlohmann::json json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return false;
  auto run_id = json.find("run_id");
  if (run_id == json.end() || !run_id->is_string() || run_id->get<std::string>().empty()) {
    return false;
  }
  delta->run_id = run_id->get<std::string>();
  delta->counts = totals_from_json(json);
  return true;
}

bool Journal::append(const RunDelta& delta, std::string* error) {
  return storage::append_record(file_, encode_journal_line(delta), error);
}

bool Journal::read_pending(std::vector<RunDelta>* pending, std::string* error) const {
  pending->clear();
  std::string content;
  if (!storage::read_file(file_, &content, error)) return false;
  std::istringstream lines(content);
  std::set<std::string> seen;
  for (std::string line; std::getline(lines, line);) {
    RunDelta delta;
    if (decode_journal_line(line, &delta) && seen.insert(delta.run_id).second) {
      pending->push_back(std::move(delta));
    }
  }
  return true;
}

bool Journal::replace(const std::vector<RunDelta>& remaining, std::string* error) {
  std::string content;
  for (const RunDelta& delta : remaining) content += encode_journal_line(delta) + '\n';
  return storage::write_file_atomically(file_, content, error);
}

}  // namespace marionette::counters
