// stdlib's validate_augeas(content, lens, [tests], [message]): the content checked by Augeas's
// lens through marionette-augeas.so (libaugeas), as stdlib's Ruby does it with ruby-augeas,
// which Debian's puppet recommends and OpenVox's packages bundle. Without marionette-augeas it
// fails with stdlib's words for Puppet without the augeas feature.
#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "augeas/module_loader.hpp"
#include "compiler/function_host.hpp"
#include "compiler/functions/stdlib_support.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;

void keep_text(void* context, const char* data, std::size_t size) {
  static_cast<std::string*>(context)->assign(data, size);
}

void add_text(void* context, const char* data, std::size_t size) {
  static_cast<std::vector<std::string>*>(context)->emplace_back(data, size);
}

/// One libaugeas tree, closed on every way out.
class Tree {
 public:
  Tree(const marionette_augeas_module& module, marionette_augeas_tree* tree)
      : module_(module), tree_(tree) {}
  ~Tree() {
    if (tree_) module_.close(tree_);
  }
  Tree(const Tree&) = delete;
  Tree& operator=(const Tree&) = delete;

  bool open() const { return tree_ != nullptr; }
  void set(const std::string& path, const std::string& value) {
    module_.set(tree_, path.c_str(), value.c_str());
  }
  bool load() { return module_.load(tree_) == 0; }
  std::vector<std::string> match(const std::string& path) {
    std::vector<std::string> found;
    if (module_.match(tree_, path.c_str(), add_text, &found) < 0) found.clear();
    return found;
  }
  std::string get(const std::string& path) {
    std::string value;
    module_.get(tree_, path.c_str(), keep_text, &value);
    return value;
  }
  void defvar(const std::string& name, const std::string& expression) {
    module_.defvar(tree_, name.c_str(), expression.c_str());
  }
  std::string error() {
    std::string text;
    module_.error(tree_, keep_text, &text);
    return text;
  }

 private:
  const marionette_augeas_module& module_;
  marionette_augeas_tree* tree_;
};

/// The content in a temporary file of its own (Ruby's Tempfile), removed on every way out.
class ContentFile {
 public:
  explicit ContentFile(const std::string& content) {
    std::string pattern = "/tmp/validate_augeasXXXXXX";
    int fd = ::mkstemp(pattern.data());
    if (fd < 0) return;
    path_ = pattern;
    const char* at = content.data();
    std::size_t left = content.size();
    while (left > 0) {
      ssize_t written = ::write(fd, at, left);
      if (written <= 0) break;
      at += written;
      left -= static_cast<std::size_t>(written);
    }
    ::close(fd);
  }
  ~ContentFile() {
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  ContentFile(const ContentFile&) = delete;
  ContentFile& operator=(const ContentFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

[[noreturn]] void no_augeas_feature(const CallContext& call) {
  raise(call,  // stdlib's words when Puppet has no augeas feature (ruby-augeas)
        "validate_augeas(): this function requires the augeas feature. See "
        "http://docs.puppetlabs.com/guides/augeas.html#pre-requisites for how to activate it.");
}

Value validate_augeas(CallContext& call) {
  std::string why_not;
  const marionette_augeas_module* module = augeas::load_module(why_not);
  if (!module) no_augeas_feature(call);
  const std::vector<Value> arguments = stdlib::legacy_arguments(call.arguments);
  if (arguments.size() < 2 || arguments.size() > 4)
    raise(call, "validate_augeas(): wrong number of arguments (" + stdlib::count_of(arguments) +
                    "; must be 2, 3, or 4)");
  std::string message =
      arguments.size() > 3 && arguments[3].is_string() && !arguments[3].string().empty()
          ? arguments[3].string()
          : "validate_augeas(): Failed to validate content against " + ruby_inspect(arguments[1]);
  // Augeas.open(nil, nil, NO_MODL_AUTOLOAD), then transform(lens:, name: 'Validate_augeas',
  // incl: the file) and load!, as stdlib does.
  const char* root = std::getenv("AUGEAS_ROOT");
  Tree tree(*module, module->open(root ? root : "/", "", MARIONETTE_AUGEAS_NO_MODULE_AUTOLOAD));
  if (!tree.open()) raise(call, "Failed to initialize Augeas");
  const std::string content =
      arguments[0].is_string() ? arguments[0].string() : to_string(arguments[0]);
  ContentFile file(content);
  if (file.path().empty()) raise(call, "validate_augeas(): cannot write a temporary file");
  std::string lens = to_string(arguments[1]);
  if (lens.find('.') == std::string::npos) lens += ".lns";
  tree.set("/augeas/load/Validate_augeas/lens", lens);
  tree.set("/augeas/load/Validate_augeas/incl[last()+1]", file.path());
  if (!tree.load()) raise(call, "Failed to load Augeas tree: " + tree.error());
  if (!tree.match("/augeas/files" + file.path() + "//error").empty())
    raise(call,
          message + " with error: " + tree.get("/augeas/files" + file.path() + "//error/message"));
  tree.defvar("file", "/files" + file.path());
  if (arguments.size() > 2 && arguments[2].is_array()) {
    for (const Value& test : arguments[2].array()) {
      message += " testing path " + to_string(test);
      if (!tree.match(to_string(test)).empty()) raise(call, message);
    }
  }
  return Value();
}

}  // namespace

void register_stdlib_validate_augeas_function(FunctionTable& table) {
  table.emplace_back("validate_augeas", validate_augeas);
}

}  // namespace marionette::compiler
