#include "ral/record_resource.hpp"

namespace marionette::ral {

std::string property_change_message(const std::string& property, const std::string& is,
                                    const std::string& should) {
  if (is.empty()) return "defined '" + property + "' as " + should;
  if (should.empty()) return "undefined '" + property + "' from " + is;
  return property + " changed " + is + " to " + should;
}

void prefetch_failed(ResourceContext& context, const std::string& type,
                     const std::string& provider, const std::string& error,
                     bool first_report) {
  if (first_report) {
    // Puppet logs a read failure on its own first; a line it cannot parse only in the second.
    if (error.starts_with("Puppet::Util::FileType")) context.log_plain("err", error);
    context.log_plain("err",
                      "Could not prefetch " + type + " provider '" + provider + "': " + error);
  }
  context.log("warning", "Skipping because provider prefetch failed");
  context.mark_skipped();
  context.add_event({"", "resource_error", "failure", "provider prefetch failed", {}, {}});
}

}  // namespace marionette::ral
