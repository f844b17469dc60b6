// Values named by a digest of themselves, kept by the process: found by name, bounded by bytes.
#include "puppetdb/kept_by_name.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace marionette::puppetdb {
namespace {

std::size_t length(const std::string& text) {
  return text.size();
}

TEST(KeptByName, AValueIsFoundByItsNameUntilTheBoundEmptiesIt) {
  KeptByName<std::string> kept(100, length);
  EXPECT_EQ(kept.find("a"), nullptr);
  auto forty = std::make_shared<const std::string>(40, 'x');
  kept.keep("a", forty);
  kept.keep("b", std::make_shared<const std::string>(40, 'y'));
  EXPECT_EQ(kept.find("a"), forty);  // the value kept, not a copy
  EXPECT_EQ(*kept.find("b"), std::string(40, 'y'));
  EXPECT_EQ(kept.bytes(), 82u);                                  // names counted too
  kept.keep("a", std::make_shared<const std::string>(40, 'z'));  // a name means one value
  EXPECT_EQ(kept.find("a"), forty);
  EXPECT_EQ(kept.bytes(), 82u);
  // one more would pass the bound: what was kept goes, the new one stays
  kept.keep("c", std::make_shared<const std::string>(30, 'w'));
  EXPECT_EQ(kept.find("a"), nullptr);
  EXPECT_EQ(kept.find("b"), nullptr);
  EXPECT_EQ(*kept.find("c"), std::string(30, 'w'));
  EXPECT_EQ(kept.bytes(), 31u);
}

TEST(KeptByName, ThreadsKeepAndFindAtOnce) {
  KeptByName<std::string> kept(1 << 20, length);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&kept, t] {
      for (int i = 0; i < 500; ++i) {
        const std::string name = std::to_string(i % 50);
        kept.keep(name, std::make_shared<const std::string>(name + "!"));
        std::shared_ptr<const std::string> found = kept.find(std::to_string((i + t) % 50));
        if (found) {
          EXPECT_EQ(found->back(), '!');
        }
      }
    });
  for (std::thread& thread : threads) thread.join();
  for (int i = 0; i < 50; ++i) EXPECT_EQ(*kept.find(std::to_string(i)), std::to_string(i) + "!");
}

}  // namespace
}  // namespace marionette::puppetdb
