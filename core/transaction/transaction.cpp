#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "catalog/plain_data.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "rubyish/value.hpp"
#include "text/text.hpp"
#include "transaction/apply.hpp"
#include "transaction/graph.hpp"
#include "transaction/graph_dot.hpp"
#include "transaction/resource_path.hpp"

namespace marionette::transaction {

namespace {

using Clock = std::chrono::steady_clock;
using Kind = RelationshipGraph::VertexKind;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string implemented_types() {
  std::string names;
  for (const auto& name : ral::type_names()) names += (names.empty() ? "" : ", ") + name;
  return names;
}

/// A managed resource's place in the run.
struct Managed {
  std::size_t resource = 0;
  std::size_t status = 0;  ///< index into report.resources
  std::string path;        ///< "/Stage[main]/Main/File[/x]"
  bool noop = false;
  std::unique_ptr<ral::ManagedResource> provider;  ///< null: a type we do not implement
  std::unique_ptr<ral::ResourceContext> context;
  /// Its parameters hold a Deferred: the provider is made when its turn comes, from `resolved`.
  bool deferred = false;
  std::optional<catalog::Resource> resolved;
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
    log_ = [this](const std::string& level, const std::string& message) {
      record_log(level, message);
      if (options_.log) options_.log(level, message);
    };
  }

  /// Puppet's --graph files, when asked for; a graphdir that cannot be written is an error
  /// line, not the end of the run.
  void write_graphs(const RelationshipGraph& graph) {
    if (!options_.graph_dir) return;
    try {
      write_dot_graphs(catalog_, graph, *options_.graph_dir);
    } catch (const std::exception& e) {
      log_("err", e.what());
    }
  }

  /// Builds the graph and binds providers; false (report says why) when the run cannot start.
  bool prepare() {
    try {
      graph_.emplace(catalog_);
      write_graphs(*graph_);
    } catch (const DependencyCycleError& cycle) {
      // Puppet writes the graphs before it looks for cycles.
      if (options_.graph_dir)
        write_graphs(RelationshipGraph(catalog_, RelationshipGraph::Unordered{}));
      // Puppet's hint (or, with --graph, where it drew the cycles), its "\n" printed as the
      // two characters it writes.
      std::string after =
          "Try the '--graph' option and opening the resulting '.dot' file in "
          "OmniGraffle or GraphViz";
      if (options_.graph_dir) {
        try {
          after = "Cycle graph written to " +
                  write_cycles_dot(cycle.paths(), *options_.graph_dir).string() + ".";
        } catch (const std::exception& e) {
          log_("err", e.what());
        }
      }
      log_("err", std::string(cycle.what()) + "\\n" + after);
      return fail_run("One or more resource dependency cycles detected in graph");
    } catch (const GraphError& error) {
      return fail_run(error.what());
    }
    run_paths_.environment = catalog_.environment;
    run_paths_.clientbucket = options_.clientbucket_dir.string();
    for (const auto& dir : options_.module_dirs) run_paths_.module_dirs.push_back(dir.string());
    host_ = options_.host ? *options_.host : ral::real_host();
    host_.paths = &run_paths_;
    host_.catalog = &catalog_;
    const ral::Host& host = host_;
    managed_.resize(catalog_.resources.size());
    for (std::size_t i = 0; i < catalog_.resources.size(); ++i) {
      if (graph_->is_container(i)) continue;
      const auto& resource = catalog_.resources[i];
      auto entry = std::make_unique<Managed>();
      entry->resource = i;
      entry->path = resource_path(catalog_, *graph_, i);
      entry->noop = ral::params::boolean(resource, "noop").value_or(options_.noop);
      std::optional<std::string> loglevel = loglevel_of(resource);
      if (!loglevel) return false;
      if (options_.resolve_deferred && catalog::holds_deferred(resource.parameters)) {
        entry->deferred = true;
        if (!claim_known_identity(i)) return false;
      } else if (const auto* type = ral::find_type(text::lowercase(resource.type))) {
        std::string error;
        entry->provider = type->make(resource, host, error);
        if (!entry->provider) return invalid_resource(resource, error);
        if (!claim_identity(i, entry->provider->identity())) return false;
      }
      std::string title = resource.title;
      if (auto shown = entry->provider ? entry->provider->display_title() : std::nullopt) {
        title = *shown;  // Puppet's path names the type's own title (Sshkey[NAME@TYPE])
        entry->path.replace(entry->path.size() - resource.title.size() - 1, resource.title.size(),
                            title);
      }
      entry->context = std::make_unique<ral::ResourceContext>(host, entry->noop, log_, entry->path);
      entry->context->set_show_diff(options_.show_diff);
      entry->context->set_loglevel(std::move(*loglevel));
      entry->status = report_.resources.size();
      ResourceStatus status;
      status.type = canonical_type(resource.type);
      status.title = title;
      status.ref = status.type + "[" + title + "]";
      report_.resources.push_back(std::move(status));
      managed_[i] = std::move(entry);
    }
    return true;
  }

  void run() {
    state_.assign(graph_->vertices().size(), {});
    bool canceled = false;
    for (std::size_t vertex : graph_->order()) {
      if (stopped_) break;
      canceled = canceled || (options_.stop_requested && options_.stop_requested());
      if (canceled) {
        cancel(vertex);
        continue;
      }
      evaluate_vertex(vertex);
    }
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

  /// The `loglevel` metaparameter, checked as Puppet's type checks it before anything is
  /// applied (nullopt after failing the run).
  std::optional<std::string> loglevel_of(const catalog::Resource& resource) {
    static const char* const kLevels[] = {"debug", "info",  "notice", "warning", "err",
                                          "alert", "emerg", "crit",   "verbose"};
    std::string level = ral::params::text(resource, "loglevel").value_or("notice");
    if (level == "verbose") return "info";
    if (std::find(std::begin(kLevels), std::end(kLevels), level) != std::end(kLevels)) return level;
    std::string valid;
    for (const char* name : kLevels) valid += (valid.empty() ? "" : ", ") + std::string(name);
    invalid_resource(resource, "Parameter loglevel failed on " + canonical_type(resource.type) +
                                   "[" + resource.title + "]: Invalid value \"" + level +
                                   "\". Valid values are " + valid + ".");
    return std::nullopt;
  }

  static std::string declared_at(const catalog::Resource& resource) {
    if (!resource.file || !resource.line) return "";
    return "(file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
  }

  /// Puppet's catalog as it becomes resources: two resources of one type that manage the same
  /// thing after munging (`/etc//x` and `/etc/x`) fail the run before anything is applied. A
  /// resource whose title is what it manages is a duplicate declaration when that is taken; one
  /// that manages another name than its title is aliased to it, which fails when it is taken.
  bool claim_identity(std::size_t index, const std::string& identity) {
    if (identity.empty()) return true;
    const auto& resource = catalog_.resources[index];
    const std::string key = text::lowercase(resource.type) + "\n" + identity;
    auto [found, fresh] = identities_.emplace(key, index);
    if (fresh) return true;
    const auto& first = catalog_.resources[found->second];
    const std::string type = canonical_type(resource.type);
    const std::string ref = type + "[" + resource.title + "]";
    const std::string first_at = declared_at(first);
    const std::string here = declared_at(resource);
    std::string message;
    if (resource.title == identity) {
      message = "Duplicate declaration: " + ref + " is already declared" +
                (first_at.empty() ? "" : " at " + first_at) + "; cannot redeclare" +
                (here.empty() ? "" : " " + here);
    } else {
      std::string name;
      rubyish::append_inspected_string(identity, name);
      message = "Cannot alias " + ref + " to [" + name + "]" + (here.empty() ? "" : " at " + here) +
                "; resource [\"" + type + "\", " + name + "] already declared" +
                (first_at.empty() ? "" : " " + first_at);
    }
    log_("err", message);
    report_.transaction_completed = false;
    report_.error = message;
    report_.resources.clear();
    return false;
  }

  /// A resource whose Deferred values are called at its turn still claims, before anything is
  /// applied, what its known values say it manages: Puppet checks uniqueness when the catalog
  /// becomes resources, with the Deferred values still in them. Nothing is claimed when the
  /// known values alone do not make a resource (a required value is deferred).
  bool claim_known_identity(std::size_t index) {
    const auto& resource = catalog_.resources[index];
    const auto* type = ral::find_type(text::lowercase(resource.type));
    if (!type) return true;
    catalog::Resource known = resource;
    for (auto it = known.parameters.begin(); it != known.parameters.end();)
      it = catalog::holds_deferred(*it) ? known.parameters.erase(it) : std::next(it);
    std::string ignored;
    auto provider = type->make(known, host_, ignored);
    return !provider || claim_identity(index, provider->identity());
  }

  /// Puppet 8's resolve_resource: the resource's Deferred values called, then the resource
  /// checked as a whole. A call that fails stops the run (stopped_); a resource the values make
  /// invalid fails alone, with the returned message.
  std::optional<std::string> resolve_deferred(Managed& managed) {
    managed.deferred = false;
    catalog::Resource resolved = catalog_.resources[managed.resource];
    try {
      resolved.parameters = catalog::plain_data(options_.resolve_deferred(resolved.parameters));
    } catch (const std::exception& e) {
      fail_run(e.what());
      stopped_ = true;
      return std::nullopt;
    }
    managed.resolved = std::move(resolved);
    const auto* type = ral::find_type(text::lowercase(managed.resolved->type));
    if (!type) return std::nullopt;
    std::string error;
    managed.provider = type->make(*managed.resolved, host_, error);
    if (!managed.provider) return error;
    return std::nullopt;
  }

  /// Puppet's canceled_resource_handler: a stop was requested, the resource is not evaluated.
  void cancel(std::size_t vertex) {
    Managed* managed = managed_at(vertex);
    if (!managed) return;
    report_.resources[managed->status].skipped = true;
    log_("debug", managed->path + ": Transaction canceled, skipping");
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
    if (managed && skipped_by_tags(*managed)) {
      // Puppet's skip? with --skip_tags or --tags: not evaluated, its queued events are dropped.
      report_.resources[managed->status].skipped = true;
      log_("debug", managed->path + ": Resource is being skipped, unscheduling all events");
      state.queued.clear();
      return;
    }
    auto start = Clock::now();
    std::vector<catalog::Resource> generated;
    if (managed && options_.evaltrace)
      log_("info", managed->path + ": Starting to evaluate the resource (" +
                       std::to_string(++evaluated_) + " of " +
                       std::to_string(report_.resources.size()) + ")");
    std::optional<std::string> invalid;
    if (managed && managed->deferred) {
      invalid = resolve_deferred(*managed);
      if (stopped_) return;
    }
    if (managed && invalid) {
      managed->context->evaluation_failed(*invalid);
      queue_events(vertex, managed->context->events());
    } else if (managed) {
      if (managed->provider) {
        generated = managed->provider->generate([&](const std::string& identity) {
          const auto& resource = catalog_.resources[managed->resource];
          return identities_.count(text::lowercase(resource.type) + "\n" + identity) > 0;
        });
        managed->provider->evaluate(*managed->context);
        if (managed->provider->self_refresh()) queue_own_events(vertex, *managed);
      } else {
        // Puppet's words for a type none of whose providers is suitable on this node.
        const std::string type = text::lowercase(catalog_.resources[managed->resource].type);
        managed->context->log_plain("err", "Could not find a suitable provider for " + type);
        managed->context->log("debug", "marionette applies no provider of the '" + type +
                                           "' type (it applies: " + implemented_types() + ")");
        managed->context->add_event(
            {"", "resource_error", "failure", "no suitable provider for " + type, {}, {}});
      }
      // With generated resources, its events go to their sentinel (evaluate_generated).
      if (generated.empty()) queue_events(vertex, managed->context->events());
      drop_invalidated_refreshes(vertex, *managed);
    }
    process_events(vertex);
    if (managed) finish(*managed, state, seconds_since(start));
    if (managed && options_.evaltrace) {
      char seconds[32];
      std::snprintf(seconds, sizeof seconds, "%.2f", seconds_since(start));
      log_("info", managed->path + ": Evaluated in " + seconds + " seconds");
    }
    if (managed && !generated.empty()) evaluate_generated(vertex, *managed, std::move(generated));
  }

  /// Puppet's eval_generate: a recursive directory's entries (or the file a concat_file
  /// makes), each evaluated right after it as if it depended on it. Their failures count as the
  /// parent's for its dependents; their events and the parent's go to Puppet's "completed"
  /// sentinel, which passes one event of its own on.
  void evaluate_generated(std::size_t vertex, const Managed& parent,
                          std::vector<catalog::Resource> children) {
    std::vector<ral::Event> sentinel = parent.context->events();
    const bool contained = parent.provider->generated_are_contained();
    const catalog::Resource& owner = catalog_.resources[parent.resource];
    const std::string own = canonical_type(owner.type) + "[" + owner.title + "]";
    const std::string prefix = parent.path.substr(0, parent.path.size() - own.size());
    const bool parent_failed = report_.resources[parent.status].failed;
    for (const auto& child : children) {
      // A recursive directory's entries are files; concat_file generates a file too.
      const std::string type = canonical_type(child.type);
      const ral::TypeDefinition* definition = ral::find_type(text::lowercase(child.type));
      ResourceStatus status;
      status.type = type;
      status.title = child.title;
      status.ref = type + "[" + child.title + "]";
      const std::string path = prefix + status.ref;
      if (parent_failed) {
        if (notified_.insert(parent.resource).second) {
          log_("notice", path + ": Dependency " + own + " has failures: true");
        }
        log_("warning", path + ": Skipping because of failed dependencies");
        status.skipped = true;
        status.failed_dependencies.push_back(own);
        report_.resources.push_back(std::move(status));
        continue;
      }
      auto start = Clock::now();
      ral::ResourceContext context(host_, parent.noop, log_, path);
      context.set_show_diff(options_.show_diff);
      std::string error;
      auto provider = definition ? definition->make(child, host_, error) : nullptr;
      if (provider) {
        provider->evaluate(context);
      } else {
        context.evaluation_failed(error);
      }
      sentinel.insert(sentinel.end(), context.events().begin(), context.events().end());
      // A file concat_file generates sits in its container, which hears its events directly.
      if (contained) queue_events(vertex, context.events(), /*say=*/false);
      record_events(status, context.events());
      status.seconds = seconds_since(start);
      if (status.failed) {
        state_[vertex].failed = true;
        // Dependents name the generated resource that failed, as Puppet's graph holds it.
        failed_generated_.emplace(parent.resource, status.ref);
      }
      report_.time[text::lowercase(type)] += status.seconds;
      report_.resources.push_back(std::move(status));
    }
    complete_generated(vertex, owner, sentinel);
  }

  /// The sentinel's refresh: one `restarted` event for its dependents, or in noop the notice
  /// (under the parent's title, as Puppet names it) and one noop event.
  void complete_generated(std::size_t vertex, const catalog::Resource& owner,
                          const std::vector<ral::Event>& events) {
    if (events.empty()) return;
    const bool all_noop = std::all_of(events.begin(), events.end(), [](const ral::Event& event) {
      return event.status == "noop";
    });
    if (!all_noop) {
      queue_events(vertex, {{"", "restarted", "success", "", {}, {}}}, /*say=*/false);
      return;
    }
    const std::string count =
        std::to_string(events.size()) + (events.size() == 1 ? " event" : " events");
    log_("notice", owner.title + ": Would have triggered 'refresh' from " + count);
    queue_events(vertex, {{"", "noop_restart", "noop", "", {}, {}}}, /*say=*/false);
  }

  /// Whether the resource carries one of `tags` (Puppet compares lower-cased).
  static bool tagged_with(const catalog::Resource& resource, const std::vector<std::string>& tags) {
    for (const auto& tag : resource.tags) {
      if (std::find(tags.begin(), tags.end(), text::lowercase(tag)) != tags.end()) return true;
    }
    return false;
  }

  /// Puppet's skip_tags? then missing_tags?, with their debug lines: a resource with a skip tag
  /// is skipped, then one without any of --tags.
  bool skipped_by_tags(const Managed& managed) const {
    const catalog::Resource& resource = catalog_.resources[managed.resource];
    if (!options_.skip_tags.empty() && tagged_with(resource, options_.skip_tags)) {
      log_("debug", managed.path + ": Skipping with skip tags " + joined(options_.skip_tags));
      return true;
    }
    if (!options_.tags.empty() && !tagged_with(resource, options_.tags)) {
      log_("debug", managed.path + ": Not tagged with " + joined(options_.tags));
      return true;
    }
    return false;
  }

  static std::string joined(const std::vector<std::string>& tags) {
    std::string text;
    for (const auto& tag : tags) text += (text.empty() ? "" : ", ") + tag;
    return text;
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
      std::string ref = managed_[failed]
                            ? report_.resources[managed_[failed]->status].ref
                            : canonical_type(resource.type) + "[" + resource.title + "]";
      auto generated = failed_generated_.find(failed);
      if (generated != failed_generated_.end()) ref = generated->second;
      status.failed_dependencies.push_back(ref);
      if (!notified_.insert(failed).second) continue;
      bool dependency_failed =
          generated != failed_generated_.end() ||
          (managed_[failed] && report_.resources[managed_[failed]->status].failed);
      log_("notice", managed.path + ": Dependency " + ref +
                         " has failures: " + (dependency_failed ? "true" : "false"));
    }
    log_("warning", managed.path + ": Skipping because of failed dependencies");
    status.skipped = true;
  }

  /// Puppet's queue_events: events travel along refresh edges to anchors and to resources
  /// that can refresh.
  /// `say`: log Puppet's lines about it (not for a recursive directory's generated entries).
  void queue_events(std::size_t vertex, const std::vector<ral::Event>& events, bool say = true) {
    if (events.empty()) return;
    const Managed* source = managed_at(vertex);
    const std::string who = source ? source->path : graph_->label(vertex);
    std::vector<std::string> scheduled, propagated;  // what Puppet says (seen with -v and -d)
    for (std::size_t id : graph_->out_edges(vertex)) {
      const auto& edge = graph_->edges()[id];
      if (!edge.refresh) continue;
      Managed* target = managed_at(edge.to);
      if (target && !(target->provider && target->provider->refreshable())) continue;
      if (target)
        scheduled.push_back(who + ": Scheduling refresh of " + graph_->label(edge.to));
      else if (graph_->vertices()[edge.to].kind == Kind::completed)
        propagated.push_back(who + ": The container " + graph_->label(edge.to) +
                             " will propagate my refresh event");
      auto& queue = state_[edge.to].queued;
      queue.insert(queue.end(), events.begin(), events.end());
    }
    // Puppet: a resource schedules its subscribers first, a container passes its events up first.
    if (!say) return;
    if (source) {
      for (const auto& line : scheduled) log_("info", line);
      for (const auto& line : propagated) log_("debug", line);
    } else {
      for (const auto& line : propagated) log_("debug", line);
      for (const auto& line : scheduled) log_("info", line);
    }
  }

  /// Puppet's dequeue of refreshes after a change that does what a refresh would (a service
  /// started): what was queued for the resource is dropped.
  void drop_invalidated_refreshes(std::size_t vertex, const Managed& managed) {
    const auto& events = managed.context->events();
    if (std::none_of(events.begin(), events.end(),
                     [](const ral::Event& event) { return event.invalidates_refreshes; }))
      return;
    log_("info",
         managed.path + ": Unscheduling refresh on " + report_.resources[managed.status].ref);
    state_[vertex].queued.clear();
  }

  /// Puppet's self_refresh: a resource's changes are queued to itself (not a failed one's).
  void queue_own_events(std::size_t vertex, const Managed& managed) {
    const auto& events = managed.context->events();
    bool failed = std::any_of(events.begin(), events.end(),
                              [](const ral::Event& event) { return event.status == "failure"; });
    if (failed) return;
    auto& queue = state_[vertex].queued;
    queue.insert(queue.end(), events.begin(), events.end());
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
      queue_events(vertex, {{"", "noop_restart", "noop", "", {}, {}}});
      return;
    }
    if (!managed) {  // an anchor passes the events on
      queue_events(vertex, {{"", "restarted", "success", "", {}, {}}});
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
    queue_events(vertex, {{"", "restarted", "success", "", {}, {}}});
  }

  void finish(Managed& managed, VertexState& state, double seconds) {
    ResourceStatus& status = report_.resources[managed.status];
    record_events(status, managed.context->events());
    if (managed.context->skipped()) status.skipped = true;
    status.seconds = seconds;
    state.failed = status.failed;
    state.failed_to_restart = status.failed_to_restart;
    report_.time[text::lowercase(status.type)] += seconds;
  }

  /// A provider's events as the report keeps them, with the values they changed from and to.
  static void record_events(ResourceStatus& status, const std::vector<ral::Event>& events) {
    for (const auto& event : events) {
      Event copy{event.property, event.name, event.status, event.message, "", ""};
      event_values(event.message, copy.previous_value, copy.desired_value);
      if (event.previous_value) copy.previous_value = *event.previous_value;
      if (event.desired_value) copy.desired_value = *event.desired_value;
      status.events.push_back(std::move(copy));
      if (event.status == "failure") status.failed = true;
    }
  }

  /// Keeps a log line for the report: "/Stage[main]/…/File[/x]/ensure: created" has that source.
  void record_log(const std::string& level, const std::string& message) {
    // Puppet's report keeps the lines at its default log level, notice, and above.
    if (level == "debug" || level == "info") return;
    LogEntry entry{level, "Puppet", message, 0};
    if (!message.empty() && message.front() == '/') {
      std::size_t bracket = message.rfind(']', message.find(": "));
      std::size_t colon = message.find(": ", bracket == std::string::npos ? 0 : bracket);
      if (colon != std::string::npos) {
        entry.source = message.substr(0, colon);
        entry.message = message.substr(colon + 2);
      }
    }
    entry.time_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    report_.logs.push_back(std::move(entry));
  }

  /// The values a change message names: "… changed 'A' to 'B'", "current_value 'A', should be
  /// 'B' (noop)", "change from 'A' to 'B' failed: …".
  static void event_values(const std::string& message, std::string& previous,
                           std::string& desired) {
    auto quoted_after = [&](std::size_t from, std::string& out) -> std::size_t {
      std::size_t open = message.find('\'', from);
      if (open == std::string::npos) return std::string::npos;
      std::size_t close = message.find('\'', open + 1);
      if (close == std::string::npos) return std::string::npos;
      out = message.substr(open + 1, close - open - 1);
      return close + 1;
    };
    for (const char* marker : {" changed '", "current_value '", "change from '"}) {
      std::size_t at = message.find(marker);
      if (at == std::string::npos) continue;
      std::size_t next = quoted_after(at, previous);
      if (next != std::string::npos) quoted_after(next, desired);
      return;
    }
  }

  const catalog::Catalog& catalog_;
  const ApplyOptions& options_;
  Report& report_;
  std::function<void(const std::string&, const std::string&)> log_ = [](const std::string&,
                                                                        const std::string&) {};
  std::optional<RelationshipGraph> graph_;
  std::vector<std::unique_ptr<Managed>> managed_;  ///< by resource index; null for containers
  std::vector<VertexState> state_;
  std::size_t evaluated_ = 0;  ///< resources evaluated so far, for --evaltrace's "N of M"
  bool stopped_ = false;       ///< a Deferred call failed: nothing more is applied
  /// Resources whose generated resources failed: the first failed one's "Type[title]".
  std::map<std::size_t, std::string> failed_generated_;
  std::set<std::size_t> notified_;  ///< failed resources already announced ("has failures")
  std::map<std::string, std::size_t> identities_;  ///< "type\nidentity" -> resource index
  ral::RunPaths run_paths_;                        ///< module dirs and filebucket for the providers
  ral::Host host_;
};

}  // namespace

Report apply(const catalog::Catalog& catalog, const ApplyOptions& options) {
  auto start = Clock::now();
  Report report;
  report.noop = options.noop;
  report.catalog_name = catalog.name;
  report.catalog_version = catalog.version;
  report.environment = catalog.environment;
  // Puppet 8's rich data read as the providers read Puppet 7's catalogs.
  std::optional<catalog::Catalog> plain;
  if (options.resolve_deferred)
    plain = catalog::with_plain_data_but_deferred(catalog);
  else if (catalog::has_rich_data(catalog))
    plain = catalog::with_plain_data(catalog);
  Transaction transaction(plain ? *plain : catalog, options, report);
  if (transaction.prepare()) transaction.run();
  report.time["total"] = seconds_since(start);
  report.finalize();
  return report;
}

}  // namespace marionette::transaction
