#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// Puppet's notify: logs its message and counts as a change on every run.
class NotifyResource final : public ManagedResource {
 public:
  NotifyResource(std::string message, bool with_path)
      : message_(std::move(message)), with_path_(with_path) {}

  void evaluate(ResourceContext& context) override {
    if (context.noop()) {
      context.would_change("message", "message_changed", single_quoted("absent"),
                           single_quoted(message_));
      return;
    }
    if (with_path_) {
      context.log(context.loglevel(), message_);
    } else {
      context.log_plain(context.loglevel(), message_);
    }
    context.changed("message", "message_changed",
                    "defined 'message' as " + single_quoted(message_));
  }

 private:
  std::string message_;
  bool with_path_;
};

}  // namespace

std::unique_ptr<ManagedResource> make_notify(const catalog::Resource& resource, Host,
                                             std::string&) {
  std::string message = params::text(resource, "message").value_or(resource.title);
  bool with_path = params::boolean(resource, "withpath").value_or(false);
  return std::make_unique<NotifyResource>(std::move(message), with_path);
}

Provider notify_type_provider() {
  return {make_notify, nullptr};
}

}  // namespace marionette::ral
