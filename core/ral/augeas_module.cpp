#include "ral/augeas_module.hpp"

#include "augeas/module_loader.hpp"

namespace marionette::ral {

namespace {

void assign_to(void* context, const char* data, std::size_t size) {
  static_cast<std::string*>(context)->assign(data, size);
}

void push_to(void* context, const char* data, std::size_t size) {
  static_cast<std::vector<std::string>*>(context)->emplace_back(data, size);
}

const char* or_null(const std::optional<std::string>& value) {
  return value ? value->c_str() : nullptr;
}

}  // namespace

const marionette_augeas_module* augeas_module(std::string& why_not) {
  return marionette::augeas::load_module(why_not);
}

std::unique_ptr<AugeasTree> AugeasTree::open(const marionette_augeas_module& module,
                                             const std::string& root, const std::string& load_path,
                                             unsigned flags) {
  marionette_augeas_tree* tree = module.open(root.c_str(), load_path.c_str(), flags);
  if (tree == nullptr) return nullptr;
  return std::unique_ptr<AugeasTree>(new AugeasTree(module, tree));
}

AugeasTree::~AugeasTree() {
  module_.close(tree_);
}

std::optional<std::string> AugeasTree::get(const std::string& path) {
  std::string value;
  bool given = false;
  struct Capture {
    std::string* value;
    bool* given;
  } capture{&value, &given};
  const int found = module_.get(
      tree_, path.c_str(),
      [](void* context, const char* data, std::size_t size) {
        auto* into = static_cast<Capture*>(context);
        into->value->assign(data, size);
        *into->given = true;
      },
      &capture);
  if (found != 1 || !given) return std::nullopt;
  return value;
}

bool AugeasTree::set(const std::string& path, const std::optional<std::string>& value) {
  return module_.set(tree_, path.c_str(), or_null(value)) == 0;
}

int AugeasTree::setm(const std::string& base, const std::string& sub,
                     const std::optional<std::string>& value) {
  return module_.setm(tree_, base.c_str(), sub.c_str(), or_null(value));
}

int AugeasTree::rm(const std::string& path) {
  return module_.rm(tree_, path.c_str());
}

int AugeasTree::insert(const std::string& path, const std::string& label, bool before) {
  return module_.insert(tree_, path.c_str(), label.c_str(), before ? 1 : 0);
}

int AugeasTree::mv(const std::string& source, const std::string& destination) {
  return module_.mv(tree_, source.c_str(), destination.c_str());
}

int AugeasTree::rename(const std::string& source, const std::string& label) {
  return module_.rename(tree_, source.c_str(), label.c_str());
}

std::optional<std::vector<std::string>> AugeasTree::match(const std::string& path) {
  std::vector<std::string> paths;
  if (module_.match(tree_, path.c_str(), push_to, &paths) < 0) return std::nullopt;
  return paths;
}

std::vector<std::string> AugeasTree::match_or_none(const std::string& path) {
  return match(path).value_or(std::vector<std::string>{});
}

int AugeasTree::defvar(const std::string& name, const std::string& expression) {
  return module_.defvar(tree_, name.c_str(), expression.c_str());
}

void AugeasTree::undefine(const std::string& name) {
  module_.defvar(tree_, name.c_str(), nullptr);
}

int AugeasTree::defnode(const std::string& name, const std::string& expression,
                        const std::string& value) {
  int created = 0;
  return module_.defnode(tree_, name.c_str(), expression.c_str(), value.c_str(), &created);
}

bool AugeasTree::load() {
  return module_.load(tree_) == 0;
}

bool AugeasTree::save() {
  return module_.save(tree_) == 0;
}

std::string AugeasTree::error() {
  std::string text;
  module_.error(tree_, assign_to, &text);
  return text;
}

}  // namespace marionette::ral
