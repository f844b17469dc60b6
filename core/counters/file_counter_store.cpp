#include "counters/file_counter_store.hpp"

#include <algorithm>
#include <deque>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "counters/io_error.hpp"
#include "counters/state_files.hpp"
#include "counters/totals.hpp"
#include "storage/durable_file.hpp"
#include "storage/state_lock.hpp"

namespace marionette::counters {
namespace {

struct FileState {
  Totals totals;
  std::deque<std::string> applied_run_ids;  ///< oldest first
};

FileState load_state(const std::filesystem::path& file) {
  std::string content, error;
  if (!storage::read_file(file, &content, &error)) throw_io(error);
  FileState state;
  if (content.empty()) return state;
  nlohmann::json json = nlohmann::json::parse(content, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) throw_io(file.string() + " is corrupt");
  state.totals = totals_from_json(json);
  for (const auto& id : json.value("applied_run_ids", nlohmann::json::array())) {
    if (id.is_string()) state.applied_run_ids.push_back(id.get<std::string>());
  }
  return state;
}

void save_state(const std::filesystem::path& file, const FileState& state) {
  nlohmann::json json = totals_to_json(state.totals);
  json["applied_run_ids"] = state.applied_run_ids;
  std::string error;
  if (!storage::write_file_atomically(file, json.dump() + '\n', &error)) throw_io(error);
}

/// Adds the delta unless its run id was applied already; keeps the remembered ids bounded.
bool apply_once(FileState& state, const RunDelta& delta, std::size_t remembered) {
  auto& ids = state.applied_run_ids;
  if (std::find(ids.begin(), ids.end(), delta.run_id) != ids.end()) return false;
  add_delta(state.totals, delta);
  ids.push_back(delta.run_id);
  while (ids.size() > remembered) ids.pop_front();
  return true;
}

}  // namespace

FileCounterStore::FileCounterStore(std::filesystem::path state_dir, std::size_t remembered_run_ids)
    : state_dir_(std::move(state_dir)),
      remembered_run_ids_(remembered_run_ids),
      journal_(state_files::journal(state_dir_)) {
  std::error_code ec;
  std::filesystem::create_directories(state_dir_, ec);
  if (ec) throw_io("cannot create " + state_dir_.string() + ": " + ec.message());
  totals();
}

Totals FileCounterStore::add(const RunDelta& delta) {
  std::lock_guard guard(mutex_);
  storage::StateLock lock(state_files::lock(state_dir_));
  std::string error;
  if (!journal_.append(delta, &error)) throw_io(error);
  return apply_journal();
}

Totals FileCounterStore::totals() {
  std::lock_guard guard(mutex_);
  storage::StateLock lock(state_files::lock(state_dir_));
  return apply_journal();
}

Totals FileCounterStore::apply_journal() {
  std::vector<RunDelta> pending;
  std::string error;
  if (!journal_.read_pending(&pending, &error)) throw_io(error);
  const auto totals_file = state_files::file_totals(state_dir_);
  FileState state = load_state(totals_file);
  if (pending.empty()) return state.totals;
  for (const RunDelta& delta : pending) apply_once(state, delta, remembered_run_ids_);
  save_state(totals_file, state);  // first the totals: a crash now replays remembered ids
  if (!journal_.replace({}, &error)) throw_io(error);
  last_flush_at_ = unix_seconds_now();
  return state.totals;
}

}  // namespace marionette::counters
