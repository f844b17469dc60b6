#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>
#include <set>

#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "transaction/apply.hpp"
#include "transaction/graph.hpp"
#include "transaction/resource_path.hpp"

namespace marionette::transaction {

namespace {

using Clock = std::chrono::steady_clock;
using Kind = RelationshipGraph::VertexKind;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// A managed resource's place in the run.
struct Managed {
  std::size_t resource = 0;
  std::size_t status = 0;  ///< index into report.resources
  std::string path;        ///< "/Stage[main]/Main/File[/x]"
  bool noop = false;
  std::unique_ptr<ral::ManagedResource> provider;  ///< null: a type we do not implement
  std::unique_ptr<ral::ResourceContext> context;
};

/// Per vertex: Puppet's failed_dependencies and the refresh events queued for it.
struct VertexState {
  bool failed = false;
  bool failed_to_restart = false;
  std::vector<std::size_t> failed_dependencies;  ///< resource indices
  std::vector<ral::Event> queued;
};

class Transaction {
 public:
  Transaction(const catalog::Catalog& catalog, const ApplyOptions& options, Report& report)
      : catalog_(catalog), options_(options), report_(report) {
    if (options.log) log_ = options.log;
  }

  /// Builds the graph and binds providers; false (report says why) when the run cannot start.
  bool prepare() {
    try {
      graph_.emplace(catalog_);
    } catch (const DependencyCycleError& cycle) {
      log_("err", cycle.what());
      return fail_run("One or more resource dependency cycles detected in graph");
    } catch (const GraphError& error) {
      return fail_run(error.what());
    }
    ral::Host host = options_.host ? *options_.host : ral::real_host();
    managed_.resize(catalog_.resources.size());
    for (std::size_t i = 0; i < catalog_.resources.size(); ++i) {
      if (graph_->is_container(i)) continue;
      const auto& resource = catalog_.resources[i];
      auto entry = std::make_unique<Managed>();
      entry->resource = i;
      entry->path = resource_path(catalog_, *graph_, i);
      entry->noop = ral::params::boolean(resource, "noop").value_or(options_.noop);
      if (const auto* type = ral::find_type(lower(resource.type))) {
        std::string error;
        entry->provider = type->make(resource, host, error);
        if (!entry->provider) return invalid_resource(resource, error);
      }
      entry->context = std::make_unique<ral::ResourceContext>(host, entry->noop, log_, entry->path);
      entry->status = report_.resources.size();
      ResourceStatus status;
      status.type = canonical_type(resource.type);
      status.title = resource.title;
      status.ref = status.type + "[" + resource.title + "]";
      report_.resources.push_back(std::move(status));
      managed_[i] = std::move(entry);
    }
    return true;
  }

  void run() {
    state_.assign(graph_->vertices().size(), {});
    for (std::size_t vertex : graph_->order()) evaluate_vertex(vertex);
  }

 private:
  bool fail_run(const std::string& reason) {
    log_("err", "Failed to apply catalog: " + reason);
    report_.transaction_completed = false;
    report_.error = reason;
    return false;
  }

  bool invalid_resource(const catalog::Resource& resource, const std::string& error) {
    std::string message = error;
    if (resource.file && resource.line) {
      message += " (file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
    }
    log_("err", message);
    report_.transaction_completed = false;
    report_.error = error;
    report_.resources.clear();
    return false;
  }

  Managed* managed_at(std::size_t vertex) {
    const auto& v = graph_->vertices()[vertex];
    return v.kind == Kind::resource ? managed_[v.resource].get() : nullptr;
  }

  void evaluate_vertex(std::size_t vertex) {
    VertexState& state = state_[vertex];
    Managed* managed = managed_at(vertex);
    if (propagate_failure(vertex)) {
      if (managed) skip(*managed, state);
      state.queued.clear();
      return;
    }
    auto start = Clock::now();
    if (managed) {
      if (managed->provider) {
        managed->provider->evaluate(*managed->context);
      } else {
        managed->context->evaluation_failed(
            "marionette does not implement the '" +
            lower(catalog_.resources[managed->resource].type) +
            "' resource type yet (implemented: file, exec, notify)");
      }
      queue_events(vertex, managed->context->events());
    }
    process_events(vertex);
    if (managed) finish(*managed, state, seconds_since(start));
  }

  /// Puppet's propagate_failure: a dependency that failed, or that was skipped because of a
  /// failure, makes this vertex skip. True when something this vertex depends on failed.
  bool propagate_failure(std::size_t vertex) {
    VertexState& state = state_[vertex];
    for (std::size_t id : graph_->in_edges(vertex)) {
      std::size_t dependency = graph_->edges()[id].from;
      const VertexState& before = state_[dependency];
      for (std::size_t failed : before.failed_dependencies) add_failed(state, failed);
      if (before.failed || before.failed_to_restart) {
        add_failed(state, graph_->vertices()[dependency].resource);
      }
    }
    return !state.failed_dependencies.empty();
  }

  static void add_failed(VertexState& state, std::size_t resource) {
    auto& list = state.failed_dependencies;
    if (std::find(list.begin(), list.end(), resource) == list.end()) list.push_back(resource);
  }

  void skip(Managed& managed, const VertexState& state) {
    ResourceStatus& status = report_.resources[managed.status];
    for (std::size_t failed : state.failed_dependencies) {
      const auto& resource = catalog_.resources[failed];
      std::string ref = canonical_type(resource.type) + "[" + resource.title + "]";
      status.failed_dependencies.push_back(ref);
      if (!notified_.insert(failed).second) continue;
      bool dependency_failed =
          managed_[failed] && report_.resources[managed_[failed]->status].failed;
      log_("notice", managed.path + ": Dependency " + ref +
                         " has failures: " + (dependency_failed ? "true" : "false"));
    }
    log_("warning", managed.path + ": Skipping because of failed dependencies");
    status.skipped = true;
  }

  /// Puppet's queue_events: events travel along refresh edges to anchors and to resources
  /// that can refresh.
  void queue_events(std::size_t vertex, const std::vector<ral::Event>& events) {
    if (events.empty()) return;
    for (std::size_t id : graph_->out_edges(vertex)) {
      const auto& edge = graph_->edges()[id];
      if (!edge.refresh) continue;
      Managed* target = managed_at(edge.to);
      if (target && !(target->provider && target->provider->refreshable())) continue;
      auto& queue = state_[edge.to].queued;
      queue.insert(queue.end(), events.begin(), events.end());
    }
  }

  /// Puppet's process_events: refresh once for all queued events, or in noop say it would.
  void process_events(std::size_t vertex) {
    VertexState& state = state_[vertex];
    if (state.queued.empty()) return;
    std::vector<ral::Event> events = std::move(state.queued);
    state.queued.clear();
    Managed* managed = managed_at(vertex);
    bool all_noop = std::all_of(events.begin(), events.end(),
                                [](const ral::Event& event) { return event.status == "noop"; });
    bool noop = managed ? managed->noop : options_.noop;
    std::string count = std::to_string(events.size()) + (events.size() == 1 ? " event" : " events");
    if (all_noop || noop) {
      std::string who = managed ? managed->path : graph_->label(vertex);
      log_("notice", who + ": Would have triggered 'refresh' from " + count);
      queue_events(vertex, {{"", "noop_restart", "noop", ""}});
      return;
    }
    if (!managed) {  // an anchor passes the events on
      queue_events(vertex, {{"", "restarted", "success", ""}});
      return;
    }
    if (!managed->provider) return;
    ResourceStatus& status = report_.resources[managed->status];
    if (auto failure = managed->provider->refresh(*managed->context)) {
      managed->context->refresh_failed(*failure);
      status.failed_to_restart = true;
      return;
    }
    managed->context->refreshed(events.size());
    status.restarted = true;
    queue_events(vertex, {{"", "restarted", "success", ""}});
  }

  void finish(Managed& managed, VertexState& state, double seconds) {
    ResourceStatus& status = report_.resources[managed.status];
    for (const auto& event : managed.context->events()) {
      status.events.push_back({event.property, event.name, event.status, event.message});
      if (event.status == "failure") status.failed = true;
    }
    status.seconds = seconds;
    state.failed = status.failed;
    state.failed_to_restart = status.failed_to_restart;
    report_.time[lower(status.type)] += seconds;
  }

  const catalog::Catalog& catalog_;
  const ApplyOptions& options_;
  Report& report_;
  std::function<void(const std::string&, const std::string&)> log_ = [](const std::string&,
                                                                        const std::string&) {};
  std::optional<RelationshipGraph> graph_;
  std::vector<std::unique_ptr<Managed>> managed_;  ///< by resource index; null for containers
  std::vector<VertexState> state_;
  std::set<std::size_t> notified_;  ///< failed resources already announced ("has failures")
};

}  // namespace

Report apply(const catalog::Catalog& catalog, const ApplyOptions& options) {
  auto start = Clock::now();
  Report report;
  report.noop = options.noop;
  report.catalog_name = catalog.name;
  report.catalog_version = catalog.version;
  report.environment = catalog.environment;
  Transaction transaction(catalog, options, report);
  if (transaction.prepare()) transaction.run();
  report.time["total"] = seconds_since(start);
  report.finalize();
  return report;
}

}  // namespace marionette::transaction
