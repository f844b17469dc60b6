// Every type marionette applies is described once (core/resource_types/descriptors/NAME.cpp)
// and provided once (core/ral/NAME_type.cpp); the two agree.
#include <gtest/gtest.h>

#include "ral/resource_type.hpp"
#include "resource_types/descriptor.hpp"

namespace {

using marionette::ral::find_type;
using marionette::ral::type_names;
namespace resource_types = marionette::resource_types;

TEST(TypeDescriptor, EveryProviderHasItsDescriptor) {
  ASSERT_FALSE(type_names().empty());
  for (const std::string& name : type_names())
    EXPECT_NE(resource_types::find(name), nullptr) << name << " has a provider, no descriptor";
}

TEST(TypeDescriptor, ListsInstancesExactlyWhenTheDescriptorSaysSo) {
  for (const std::string& name : type_names()) {
    const resource_types::Descriptor* described = resource_types::find(name);
    ASSERT_NE(described, nullptr) << name;
    EXPECT_EQ(static_cast<bool>(find_type(name)->instances), described->lists_instances) << name;
  }
  EXPECT_TRUE(find_type("user")->instances);
  EXPECT_FALSE(find_type("file")->instances);
}

TEST(TypeDescriptor, DescriptorsAreFoundByNameOnce) {
  const auto& all = resource_types::all();
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(resource_types::find(all[i].name), &all[i]) << all[i].name;
    if (i > 0) EXPECT_LT(all[i - 1].name, all[i].name) << "described twice: " << all[i].name;
  }
  EXPECT_EQ(resource_types::find("no_such_type"), nullptr);
}

TEST(TypeDescriptor, ModuleTypesAreAppliedButNotCore) {
  const resource_types::Descriptor* anchor = resource_types::find("anchor");
  ASSERT_NE(anchor, nullptr);
  EXPECT_EQ(anchor->origin, resource_types::Origin::module);
  EXPECT_NE(find_type("anchor"), nullptr);
  EXPECT_EQ(resource_types::find("file")->namevar, "path");
  EXPECT_EQ(resource_types::find("exec")->namevar, "command");
}

}  // namespace
