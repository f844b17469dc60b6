#include "ral/resource_type.hpp"
#include "text/puppet_quote.hpp"

namespace marionette::ral {

std::string single_quoted(const std::string& text) {
  return text::puppet_quote(text);
}

void ResourceContext::log(const std::string& level, const std::string& message) const {
  if (log_) log_(level, path_ + ": " + message);
}

void ResourceContext::log(const std::string& level, const std::string& property,
                          const std::string& message) const {
  if (log_) log_(level, path_ + "/" + property + ": " + message);
}

void ResourceContext::log_plain(const std::string& level, const std::string& message) const {
  if (log_) log_(level, message);
}

void ResourceContext::changed(const std::string& property, const std::string& event_name,
                              const std::string& message, std::optional<std::string> previous,
                              std::optional<std::string> desired) {
  log(loglevel_, property, message);
  events_.push_back(
      {property, event_name, "success", message, std::move(previous), std::move(desired)});
}

void ResourceContext::would_change(const std::string& property, const std::string& event_name,
                                   const std::string& current, const std::string& should) {
  std::string message = "current_value " + current + ", should be " + should + " (noop)";
  log(loglevel_, property, message);
  events_.push_back({property, event_name, "noop", message, {}, {}});
}

void ResourceContext::change_failed(const std::string& property, const std::string& from,
                                    const std::string& to, const std::string& reason) {
  std::string message = "change from " + from + " to " + to + " failed: " + reason;
  log_plain("err", reason);
  log("err", property, message);
  events_.push_back({property, "change_failed", "failure", message, {}, {}});
}

void ResourceContext::evaluation_failed(const std::string& reason) {
  std::string message = "Could not evaluate: " + reason;
  log("err", message);
  events_.push_back({"", "resource_error", "failure", message, {}, {}});
}

void ResourceContext::refreshed(std::size_t event_count) {
  std::string message = "Triggered 'refresh' from " + std::to_string(event_count) +
                        (event_count == 1 ? " event" : " events");
  log("notice", message);
  events_.push_back({"", "refresh", "success", message, {}, {}});
}

void ResourceContext::refresh_failed(const std::string& reason) {
  std::string message = "Failed to call refresh: " + reason;
  log("err", message);
  events_.push_back({"", "resource_error", "failure", message, {}, {}});
}

}  // namespace marionette::ral
