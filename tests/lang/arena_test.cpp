// Arena: nodes placed in blocks, destroyed with the arena.
#include "lang/ast/arena.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lang/ast/literals.hpp"

namespace marionette::lang::ast {
namespace {

/// A node that records its destruction, with a payload of the given size.
template <std::size_t Bytes>
struct Counted : Node {
  Counted(std::vector<int>* log, int id) : Node(NodeKind::StringLiteral, {}), log(log), id(id) {}
  ~Counted() override { log->push_back(id); }
  std::vector<int>* log;
  int id;
  alignas(16) char payload[Bytes] = {};
};

TEST(Arena, NodesLiveUntilTheArenaGoesThenAreDestroyedNewestFirst) {
  std::vector<int> destroyed;
  {
    Arena arena;
    std::vector<Counted<40>*> small;
    for (int i = 0; i < 5000; ++i) small.push_back(arena.make<Counted<40>>(&destroyed, i));
    auto* big = arena.make<Counted<100000>>(&destroyed, 5000);  // larger than a block
    auto* text = arena.make<StringLiteral>(SourceLocation{}, std::string(100, 'x'));
    EXPECT_EQ(arena.size(), 5002u);
    for (int i = 0; i < 5000; ++i) {
      EXPECT_EQ(small[i]->id, i);
      EXPECT_EQ(reinterpret_cast<std::uintptr_t>(small[i]) % alignof(Counted<40>), 0u);
    }
    EXPECT_EQ(big->id, 5000);
    EXPECT_EQ(text->value, std::string(100, 'x'));
    EXPECT_TRUE(destroyed.empty());
  }
  ASSERT_EQ(destroyed.size(), 5001u);
  EXPECT_EQ(destroyed.front(), 5000);
  EXPECT_EQ(destroyed.back(), 0);
}

TEST(Arena, ANodeWhoseConstructorThrowsIsNotDestroyed) {
  struct Throwing : Node {
    Throwing() : Node(NodeKind::StringLiteral, {}) { throw std::runtime_error("no"); }
  };
  std::vector<int> destroyed;
  {
    Arena arena;
    arena.make<Counted<8>>(&destroyed, 1);
    EXPECT_THROW(arena.make<Throwing>(), std::runtime_error);
    arena.make<Counted<8>>(&destroyed, 2);
  }
  EXPECT_EQ(destroyed, (std::vector<int>{2, 1}));
}

}  // namespace
}  // namespace marionette::lang::ast
