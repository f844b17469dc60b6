#include "ral/file_mode.hpp"

#include <gtest/gtest.h>

#include "ral/file_spec.hpp"

namespace marionette::ral {
namespace {

TEST(SymbolicMode, SetsEachClassAsChmodDoes) {
  EXPECT_EQ(apply_symbolic_mode("u=rw,go=r", 0777, false), 0644u);
  EXPECT_EQ(apply_symbolic_mode("a=rwx,o-w", 0, false), 0775u);  // real Puppet 7 gives 0775
  EXPECT_EQ(apply_symbolic_mode("+x", 0644, false), 0755u);
  EXPECT_EQ(apply_symbolic_mode("g+w,o-r", 0644, false), 0660u);
}

TEST(SymbolicMode, CapitalXOnlyForDirectoriesOrExecutables) {
  EXPECT_EQ(apply_symbolic_mode("a+X", 0644, false), 0644u);
  EXPECT_EQ(apply_symbolic_mode("a+X", 0644, true), 0755u);
  EXPECT_EQ(apply_symbolic_mode("go+X", 0744, false), 0755u);
}

TEST(SymbolicMode, SpecialBitsAndCopies) {
  EXPECT_EQ(apply_symbolic_mode("u+s", 0755, false), 04755u);
  EXPECT_EQ(apply_symbolic_mode("g+s,o+t", 0755, true), 03755u);
  EXPECT_EQ(apply_symbolic_mode("go=u", 0700, false), 0777u);
  EXPECT_EQ(apply_symbolic_mode("u=", 04755, false), 0055u);
}

TEST(SymbolicMode, RejectsWhatIsNotAMode) {
  EXPECT_FALSE(apply_symbolic_mode("", 0644, false));
  EXPECT_FALSE(apply_symbolic_mode("u", 0644, false));
  EXPECT_FALSE(apply_symbolic_mode("u=rwz", 0644, false));
  EXPECT_FALSE(apply_symbolic_mode("rw", 0644, false));
  EXPECT_FALSE(apply_symbolic_mode("u+r,", 0644, false));
}

TEST(FilePathMunging, CollapsesSlashesAsPuppetDoes) {
  EXPECT_EQ(munge_file_path("/tmp//foo"), "/tmp/foo");
  EXPECT_EQ(munge_file_path("/tmp///a//b/"), "/tmp/a/b");
  EXPECT_EQ(munge_file_path("/"), "/");
  EXPECT_EQ(munge_file_path("//"), "/");
}

TEST(FileSource, LocalPathsAndFileUris) {
  EXPECT_EQ(local_source_path("/srv/a"), "/srv/a");
  EXPECT_EQ(local_source_path("file:///srv//a"), "/srv/a");
  EXPECT_EQ(local_source_path("file://localhost/srv/a"), "/srv/a");
  EXPECT_FALSE(local_source_path("puppet:///modules/x/a"));
  EXPECT_FALSE(local_source_path("http://example.com/a"));
}

}  // namespace
}  // namespace marionette::ral
