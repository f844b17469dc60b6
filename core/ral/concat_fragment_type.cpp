#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// concat's concat_fragment: manages nothing itself; the concat_file that collects it (by
/// target or tag) writes its content.
class ConcatFragmentResource final : public ManagedResource {
 public:
  void evaluate(ResourceContext&) override {}
};

}  // namespace

std::unique_ptr<ManagedResource> make_concat_fragment(const catalog::Resource& resource, Host,
                                                      std::string& error) {
  const bool has_source = !params::texts(resource, "source").empty();
  const bool has_content = params::text(resource, "content").has_value();
  std::string reason;
  if (!params::text(resource, "target") && !params::text(resource, "tag")) {
    reason = "No 'target' or 'tag' set";
  } else if (!has_source && !has_content) {
    reason = "Set either 'source' or 'content'";
  } else if (has_source && has_content) {
    reason = "Can't use 'source' and 'content' at the same time";
  }
  if (!reason.empty()) {
    error = "Validation of " + resource.ref() + " failed: " + reason;
    return nullptr;
  }
  return std::make_unique<ConcatFragmentResource>();
}

Provider concat_fragment_type_provider() {
  return {make_concat_fragment, nullptr};
}

}  // namespace marionette::ral
