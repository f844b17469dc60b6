// `marionette apply` with Puppet's strictness flags (--strict, --strict_variables), --show_diff,
// --skip_tags and --write-catalog-summary (Puppet's spellings, '_' or '-'), against what real Puppet 7.23's `puppet apply` printed
// and wrote for the same manifests and files (recorded below, its paths replaced by the test's
// scratch dir "@/", diff timestamps and temporary file names normalised).

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

class StrictDiffCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "marionette-strict-XXXXXX").string();
    dir_ = ::mkdtemp(pattern.data());
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// `text` with "@/" standing for the scratch dir (a lone "@", as in "@@ -1,3", stays).
  std::string at(std::string text) const {
    for (auto found = text.find("@/"); found != std::string::npos; found = text.find("@/", found))
      text.replace(found, 1, dir_.string()), found += dir_.string().size();
    return text;
  }

  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << at(text);
  }

  std::string read(const std::string& name) const {
    std::ifstream in(dir_ / name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  }

  CommandResult apply(const std::string& manifest, std::vector<std::string> flags) {
    write("site.pp", manifest);
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply", "--puppet-compat", "7", "--statedir",
                                     (dir_ / "state").string(), "--facts", MARIONETTE_FACTS_FILE};
    argv.insert(argv.end(), flags.begin(), flags.end());
    argv.push_back((dir_ / "site.pp").string());
    CommandResult result = run_command(argv, 30s, {{"TMPDIR", "/tmp"}, {"TZ", "UTC"}});
    EXPECT_FALSE(result.timed_out);
    return result;
  }

  fs::path dir_;
};

/// The lines of `text` that start with `prefix`, in order.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(prefix)) lines.push_back(line);
  return lines;
}

// Puppet 7.23: `puppet apply site.pp` prints these warnings on stderr, one per read (a loop
// repeats its warning), and applies the catalog (exit 0). `$facts['x']`, a variable set to
// undef, `$module_name` and match variables are never unknown.
const char* const kUnknownVariables =
    "notice(\"a${x}b\")\n"
    "notice($y)\n"
    "notice($x)\n"
    "notice(\"again ${x}\")\n"
    "notice($::z)\n"
    "notice($facts['nonexist'])\n"
    "class foo { notice($bar) }\n"
    "include foo\n"
    "notice($foo::baz)\n"
    "notice($nope::baz)\n"
    "[1,2,3].each |$i| { notice($q) }\n"
    "notice(\"$w\")\n"
    "$u = undef\n"
    "notice($u, $module_name, $1)\n";

TEST_F(StrictDiffCli, UnknownVariablesWarnAsPuppetDoes) {
  CommandResult result = apply(kUnknownVariables, {});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  std::vector<std::string> expected;
  for (const char* line :
       {"'x'. (file: @/site.pp, line: 1, column: 12)", "'y'. (file: @/site.pp, line: 2, column: 8)",
        "'x'. (file: @/site.pp, line: 3, column: 8)", "'x'. (file: @/site.pp, line: 4, column: 17)",
        "'::z'. (file: @/site.pp, line: 5, column: 8)",
        "'bar'. (file: @/site.pp, line: 7, column: 20)",
        "'foo::baz'. (file: @/site.pp, line: 9, column: 8)",
        "'nope::baz'. (file: @/site.pp, line: 10, column: 8)",
        "'q'. (file: @/site.pp, line: 11, column: 28)", "'q'. (file: @/site.pp, line: 11, column: 28)",
        "'q'. (file: @/site.pp, line: 11, column: 28)", "'w'. (file: @/site.pp, line: 12, column: 9)"})
    expected.push_back(at(std::string("Warning: Unknown variable: ") + line));
  EXPECT_EQ(lines_starting(result.err, "Warning: Unknown variable"), expected) << result.err;
}

// Puppet 7.23 (`puppet apply site.pp`): the duplicate key is found when the file is parsed, so
// its warning comes before the first notice; each coerced operand warns where it is written.
TEST_F(StrictDiffCli, DuplicateKeysAndCoercedStringsWarn) {
  const std::string manifest =
      "notice('first')\n$h = {'a' => 1, 'a' => 2}\nnotice('1' + 1)\nnotice(2 * '1.5')\n";
  CommandResult result = apply(manifest, {});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(lines_starting(result.err, "Warning: "),
            (std::vector<std::string>{
                at("Warning: The key 'a' is declared more than once (file: @/site.pp, line: 2, "
                   "column: 21)"),
                at("Warning: The string '1' was automatically coerced to the numerical value 1 "
                   "(file: @/site.pp, line: 3, column: 8)"),
                at("Warning: The string '1.5' was automatically coerced to the numerical value "
                   "1.5 (file: @/site.pp, line: 4, column: 12)")}))
      << result.err;
  EXPECT_LT(result.err.find("The key 'a'"), result.err.find("Scope(Class[main]): first"));
  result = apply(manifest, {"--strict", "off"});
  EXPECT_EQ(lines_starting(result.err, "Warning: "), std::vector<std::string>{}) << result.err;
  result = apply(manifest, {"--strict", "error"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find(at("@/site.pp:2:21: error: The key 'a' is declared more than once")),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("Scope(Class[main]): first"), std::string::npos) << result.err;
}

TEST_F(StrictDiffCli, StrictOffSaysNothing) {
  CommandResult result = apply(kUnknownVariables, {"--strict", "off"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(result.err.find("Unknown variable"), std::string::npos) << result.err;
}

// Puppet 7.23 with --strict_variables (or --strict=error): "Error: Evaluation Error: Unknown
// variable: 'x'. (file: …/site.pp, line: 2, column: 12)", after the notice before it; exit 1.
TEST_F(StrictDiffCli, StrictVariablesFailTheCompile) {
  for (std::vector<std::string> flags :
       {std::vector<std::string>{"--strict_variables"}, {"--strict=error"},
        {"--strict-variables", "--strict", "off"}}) {
    CommandResult result = apply("notice('before')\nnotice(\"a${x}b\")\n", flags);
    EXPECT_EQ(result.exit_code, 1) << flags[0] << "\n" << result.out << result.err;
    EXPECT_NE((result.out + result.err).find("before"), std::string::npos);
    EXPECT_NE(result.err.find(at("@/site.pp:2:12: error: Unknown variable: 'x'.")),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("Warning: Unknown variable"), std::string::npos) << result.err;
  }
}

TEST_F(StrictDiffCli, AnUnknownStrictLevelIsRefused) {
  // Puppet 7.23: "Error: Could not initialize global default settings: Invalid value 'bogus' for
  // parameter strict. Allowed values are 'off', 'warning', 'error'", exit 1; marionette refuses
  // a bad setting on the command line as a usage error (exit 1 too), naming the allowed values.
  CommandResult result = apply("notice('x')\n", {"--strict", "bogus"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("option --strict must be one of off, warning, error, not 'bogus'"),
            std::string::npos)
      << result.err;
}

// The files and manifest Puppet 7.23 was run on (`puppet apply --show_diff [--noop]`).
class ShowDiff : public StrictDiffCli {
 protected:
  void SetUp() override {
    StrictDiffCli::SetUp();
    write("f1", "a\nb\nc\n");
    write("f2", "one\ntwo");
    write("bin", std::string("x\0y\n", 4));
    write("sens", "secret\n");
    write("nodiff", "keep\n");
    write("long", "l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n");
  }

  static std::string normalised(std::string text) {
    text = std::regex_replace(text, std::regex(R"(\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} \+0000)"),
                              "\tTIME");
    return std::regex_replace(text, std::regex(R"(/tmp/puppet-file\d{8}-\d+-[0-9a-z]+)"), "TMP");
  }

  static constexpr const char* kManifest =
      "class web {\n"
      "  file { '@/f1': content => \"a\\nB\\nc\\nd\\n\" }\n"
      "  file { '@/f2': content => \"one\\ntwo\\n\" }\n"
      "}\n"
      "include web\n"
      "file { '@/bin': content => \"x\\ny\\n\" }\n"
      "file { '@/sens': content => Sensitive(\"public\\n\") }\n"
      "file { '@/nodiff': content => \"changed\\n\", show_diff => false }\n"
      "file { '@/long': content => \"l1\\nl2\\nX\\nl4\\nl5\\nl6\\nl7\\nl8\\nl9\\nl10\\nY\\nl12\\n\" }\n"
      "file { '@/new': content => \"new\\n\" }\n";
};

// What Puppet printed on stdout, in this order, for each file (the change line follows).
const char* const kPuppetDiffs[] = {
    "Notice: /Stage[main]/Web/File[@/f1]/content: \n"
    "--- @/f1\tTIME\n"
    "+++ TMP\tTIME\n"
    "@@ -1,3 +1,4 @@\n"
    " a\n"
    "-b\n"
    "+B\n"
    " c\n"
    "+d\n",
    "Notice: /Stage[main]/Web/File[@/f2]/content: \n"
    "--- @/f2\tTIME\n"
    "+++ TMP\tTIME\n"
    "@@ -1,2 +1,2 @@\n"
    " one\n"
    "-two\n"
    "\\ No newline at end of file\n"
    "+two\n",
    "Notice: /Stage[main]/Main/File[@/bin]/content: \n"
    "Binary files @/bin and TMP differ\n",
    "Notice: /Stage[main]/Main/File[@/sens]/content: [diff redacted]\n",
    "Notice: /Stage[main]/Main/File[@/long]/content: \n"
    "--- @/long\tTIME\n"
    "+++ TMP\tTIME\n"
    "@@ -1,6 +1,6 @@\n"
    " l1\n"
    " l2\n"
    "-l3\n"
    "+X\n"
    " l4\n"
    " l5\n"
    " l6\n"
    "@@ -8,5 +8,5 @@\n"
    " l8\n"
    " l9\n"
    " l10\n"
    "-l11\n"
    "+Y\n"
    " l12\n",
};

TEST_F(ShowDiff, ContentChangesAreLoggedAsUnifiedDiffs) {
  CommandResult result = apply(kManifest, {"--show_diff"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string out = normalised(result.out);
  std::size_t from = 0;
  for (const char* diff : kPuppetDiffs) {
    std::size_t found = out.find(at(diff), from);
    EXPECT_NE(found, std::string::npos) << at(diff) << "\nnot in order in:\n" << out;
    if (found != std::string::npos) from = found;
  }
  EXPECT_NE(out.find(at("Notice: /Stage[main]/Web/File[@/f1]/content: content changed "
                        "'{sha256}880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2' "
                        "to '{sha256}41b6f5d9e6efb065d54d362e80e0f8476626d20f70e49d78d9f1205d8fa31f17'")),
            std::string::npos)
      << out;
  EXPECT_NE(out.find(at("Notice: /Stage[main]/Main/File[@/sens]/content: changed [redacted] to "
                        "[redacted]")),
            std::string::npos)
      << out;
  // show_diff => false, and a new file: no diff.
  EXPECT_EQ(out.find(at("File[@/nodiff]/content: \n")), std::string::npos) << out;
  EXPECT_EQ(out.find(at("File[@/new]/content: \n")), std::string::npos) << out;
  EXPECT_EQ(read("f1"), "a\nB\nc\nd\n");
}

TEST_F(ShowDiff, NoopShowsTheDiffToo) {
  CommandResult result = apply(kManifest, {"--show-diff", "--noop"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string out = normalised(result.out);
  for (const char* diff : kPuppetDiffs)
    EXPECT_NE(out.find(at(diff)), std::string::npos) << at(diff) << "\nnot in:\n" << out;
  EXPECT_NE(out.find(at("Notice: /Stage[main]/Main/File[@/sens]/content: current_value "
                        "[redacted], should be [redacted] (noop)")),
            std::string::npos)
      << out;
  EXPECT_EQ(read("f1"), "a\nb\nc\n");
}

TEST_F(ShowDiff, WithoutTheFlagThereIsNoDiff) {
  CommandResult result = apply(kManifest, {});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(result.out.find("@@"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("[diff redacted]"), std::string::npos) << result.out;
}

// Puppet 7.23, `puppet apply --skip_tags T2,k`: only a and d are applied (tags compare
// lower-cased; a class's name is a tag of its resources).
TEST_F(StrictDiffCli, SkipTagsSkipsTaggedResources) {
  CommandResult result = apply(
      "notify { 'a': tag => ['t1'] }\nnotify { 'b': tag => ['t1', 't2'] }\n"
      "notify { 'c': tag => ['t2'] }\nnotify { 'd': }\nclass k { notify { 'e': } }\ninclude k\n",
      {"--skip_tags", "T2,k"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(lines_starting(result.out, "Notice: /Stage"),
            (std::vector<std::string>{"Notice: /Stage[main]/Main/Notify[a]/message: defined "
                                      "'message' as 'a'",
                                      "Notice: /Stage[main]/Main/Notify[d]/message: defined "
                                      "'message' as 'd'"}))
      << result.out;
}

// Puppet 7.23, `puppet apply --write-catalog-summary` of ShowDiff's manifest plus a notify and
// a defined type: classes.txt and resources.txt in the state dir, mode 0640.
TEST_F(ShowDiff, CatalogSummaryIsWrittenAsPuppetWritesIt) {
  std::string manifest = std::string(kManifest) +
                         "define d() { file { \"@/${title}\": content => \"nn\\n\" } }\n"
                         "d { 'viadefine': }\n"
                         "notify { 'hi': tag => ['skipme'] }\n";
  CommandResult result = apply(manifest, {"--write-catalog-summary", "--noop"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_EQ(read("state/classes.txt"), "settings\nweb\n");
  // Puppet writes `ref.downcase`: the title is lower-cased too.
  std::string resources =
      at("file[@/f1]\nfile[@/f2]\nfile[@/bin]\nfile[@/sens]\nfile[@/nodiff]\nfile[@/long]\n"
         "file[@/new]\nnotify[hi]\nfile[@/viadefine]\n");
  for (char& c : resources) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(read("state/resources.txt"), resources);
  struct stat info {};
  ASSERT_EQ(::stat((dir_ / "state/resources.txt").c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0640u);
  fs::remove_all(dir_ / "state");
  apply(manifest, {"--noop"});
  EXPECT_FALSE(fs::exists(dir_ / "state/classes.txt"));  // apply's default, as Puppet's
}

}  // namespace
}  // namespace marionette
