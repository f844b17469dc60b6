#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "augeas/module_loader.hpp"

namespace marionette::ral {

/// The Debian package that holds marionette-augeas.so, for the error when it is missing.
inline constexpr const char* kAugeasModulePackage = marionette::augeas::kModule.package;

/// marionette-augeas.so (augeas/module_abi.h), loaded on first use and kept for the life of the
/// process; nullptr when it cannot be loaded, with why in `why_not`. It is looked for at
/// ../lib/marionette/ from the executable, or where MARIONETTE_AUGEAS_MODULE says (tests).
const marionette_augeas_module* augeas_module(std::string& why_not);

/// One libaugeas tree, open until destroyed; each call is libaugeas's of the same name.
class AugeasTree {
 public:
  /// Null when aug_init fails.
  static std::unique_ptr<AugeasTree> open(const marionette_augeas_module& module,
                                          const std::string& root, const std::string& load_path,
                                          unsigned flags);
  ~AugeasTree();
  AugeasTree(const AugeasTree&) = delete;
  AugeasTree& operator=(const AugeasTree&) = delete;

  /// The node's value; nothing when no single node matches or it has no value.
  std::optional<std::string> get(const std::string& path);
  bool set(const std::string& path, const std::optional<std::string>& value);
  int setm(const std::string& base, const std::string& sub,
           const std::optional<std::string>& value);
  int rm(const std::string& path);
  int insert(const std::string& path, const std::string& label, bool before);
  int mv(const std::string& source, const std::string& destination);
  int rename(const std::string& source, const std::string& label);
  /// The matching paths; nothing when the expression is invalid.
  std::optional<std::vector<std::string>> match(const std::string& path);
  /// match() with an invalid expression read as no match.
  std::vector<std::string> match_or_none(const std::string& path);
  int defvar(const std::string& name, const std::string& expression);
  /// Forgets the variable (aug_defvar without an expression).
  void undefine(const std::string& name);
  int defnode(const std::string& name, const std::string& expression, const std::string& value);
  bool load();
  bool save();
  std::string error();

 private:
  AugeasTree(const marionette_augeas_module& module, marionette_augeas_tree* tree)
      : module_(module), tree_(tree) {}
  const marionette_augeas_module& module_;
  marionette_augeas_tree* tree_;
};

}  // namespace marionette::ral
