#include "ral/resource_type.hpp"
#include "ral/types.hpp"

namespace marionette::ral {

namespace {

/// stdlib's anchor: manages nothing, but sits in the graph so classes can be ordered around it,
/// and answers refresh (Puppet logs "Triggered 'refresh' from N events" and passes a
/// `restarted` event on).
class AnchorResource final : public ManagedResource {
 public:
  void evaluate(ResourceContext&) override {}
  bool refreshable() const override { return true; }
};

}  // namespace

std::unique_ptr<ManagedResource> make_anchor(const catalog::Resource&, Host, std::string&) {
  return std::make_unique<AnchorResource>();
}

Provider anchor_type_provider() {
  return {make_anchor, nullptr};
}

}  // namespace marionette::ral
