#include <gtest/gtest.h>

#include <stdexcept>

#include "subagent/subagent.hpp"

namespace marionette::subagent {
namespace {

TEST(Options, ARootThatIsNotANumericOidIsRefusedBeforeNetSnmpStarts) {
  metrics::Registry registry;
  std::atomic<bool> stop{true};
  for (const char* root : {"iso.3.6", "1", ".1.3..6", "MARIONETTE-MIB::marionetteMIB"}) {
    Options options;
    options.root_oid = root;
    EXPECT_THROW(run(options, registry, stop), std::invalid_argument) << root;
  }
}

}  // namespace
}  // namespace marionette::subagent
