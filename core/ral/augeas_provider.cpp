#include "ral/augeas_provider.hpp"

#include <algorithm>
#include <regex>

#include "ral/content_diff.hpp"

namespace marionette::ral::augeas {

namespace {

/// Ruby's words when the provider calls a method on the tree it has already closed (Puppet 7.23
/// with augeas_core 1.x: `force => true`, or `returns` set to other than 0), error_highlight's
/// lines included.
const char* const kClosedTree =
    "undefined method `match' for nil:NilClass\n\n"
    "    @aug.match('/augeas/events/saved').each do |file|\n"
    "        ^^^^^^^";

/// Ruby's words for an augeas resource without `changes`.
const char* const kNoChanges =
    "undefined method `flatten' for nil:NilClass\n\n"
    "    data = data.flatten\n"
    "               ^^^^^^^^^";

[[noreturn]] void sending_failed(const Command& command, const std::string& message) {
  const std::vector<std::string> params(command.begin() + 1, command.end());
  throw CommandError("Error sending command '" + command[0] + "' with params " + inspect(params) +
                     "/" + message);
}

/// The provider's own failure of a command: its message is the same "Error sending …" text.
[[noreturn]] void command_failed(const Command& command) {
  const std::vector<std::string> params(command.begin() + 1, command.end());
  sending_failed(command,
                 "Error sending command '" + command[0] + "' with params " + inspect(params));
}

}  // namespace

std::vector<Command> AugeasProvider::parsed_changes() const {
  if (!spec_.changes) throw CommandError(kNoChanges);
  return parse_commands(*spec_.changes, spec_.context);
}

TreeKey AugeasProvider::tree_key() const {
  unsigned flags = spec_.type_check ? MARIONETTE_AUGEAS_TYPE_CHECK : 0;
  flags |= spec_.incl ? MARIONETTE_AUGEAS_NO_MODULE_AUTOLOAD : MARIONETTE_AUGEAS_NO_LOAD;
  return {spec_.root, spec_.load_path, flags};
}

void AugeasProvider::open_tree() {
  if (tree_) return;
  const TreeKey key = tree_key();
  tree_ = spec_.incl ? take_tree(module_, key)
                     : AugeasTree::open(module_, key.root, key.load_path, key.flags);
  if (!tree_) throw CommandError("Failed to initialize Augeas");
  AugeasTree& tree = *tree_;
  std::optional<std::string> restricted;
  static const std::regex simple_context("^/files/[^'\"\\[\\]]+$");
  const bool glob_available = !tree.match_or_none("/augeas/version/pathx/functions/glob").empty();
  if (spec_.incl) {
    tree.set("/augeas/load/Xfm/lens", spec_.lens);
    tree.set("/augeas/load/Xfm/incl", spec_.incl);
    restricted = "/augeas//error";
  } else if (glob_available && std::regex_search(spec_.context, simple_context)) {
    // Only the lenses whose files can lie under the context are loaded.
    std::string directory = spec_.context.substr(std::string("/files").size());
    if (directory.ends_with('/')) directory.pop_back();
    directory += '/';
    const std::string others = "/augeas/load/*['" + directory + "' !~ glob(incl) + regexp('/.*')]";
    if (tree.match_or_none(others).size() < tree.match_or_none("/augeas/load/*").size()) {
      tree.rm(others);
      restricted = "/augeas/files" + directory + "error";
    }
  }
  tree.load();
  report_load_errors(restricted);
}

void AugeasProvider::close_tree() {
  if (!tree_) return;
  if (spec_.incl && !touched_metadata_) {
    give_back_tree(std::move(tree_), tree_key(), variables_);
  }
  tree_.reset();
}

void AugeasProvider::report_load_errors(const std::optional<std::string>& restricted) {
  const std::vector<std::string> errors = tree_->match_or_none("/augeas//error");
  if (errors.empty()) return;
  if (restricted && !tree_->match_or_none(*restricted).empty()) {
    log_("warning", "Loading failed for one or more files, see debug for /augeas//error output");
  } else {
    log_("debug", "Loading failed for one or more files, output from /augeas//error:");
  }
  report_errors(errors);
}

void AugeasProvider::report_put_errors() {
  const std::vector<std::string> errors = tree_->match_or_none("/augeas//error[. = 'put_failed']");
  if (!errors.empty())
    log_("debug", "Put failed on one or more files, output from /augeas//error:");
  report_errors(errors);
}

/// Each error node and its children at debug, "PATH = VALUE", as the provider's print_errors.
void AugeasProvider::report_errors(const std::vector<std::string>& errors) {
  for (const auto& node : errors) {
    if (std::optional<std::string> error = tree_->get(node)) log_("debug", node + " = " + *error);
    for (const auto& child : tree_->match_or_none(node + "/*")) {
      log_("debug", child + " = " + tree_->get(child).value_or(""));
    }
  }
}

bool AugeasProvider::onlyif_holds() {
  std::vector<Command> filter = parse_commands(spec_.onlyif, spec_.context);
  if (filter.empty()) return true;
  return augeas::onlyif_holds(*tree_, filter.front());
}

void AugeasProvider::execute(const Command& command) {
  AugeasTree& tree = *tree_;
  const std::string& name = command[0];
  if (name == "defvar" || name == "defnode") variables_.push_back(command[1]);
  for (std::size_t i = 1; i < command.size(); ++i) {
    if (command[i].starts_with("/augeas")) touched_metadata_ = true;
  }
  auto argument = [&](std::size_t i) -> const std::string& { return command[i]; };
  if (name == "set") {
    tree.set(argument(1), argument(2));  // ruby-augeas's set answers true whatever happens
  } else if (name == "setm") {
    if (tree.setm(argument(1), argument(2), argument(3)) < 0) command_failed(command);
  } else if (name == "rm" || name == "remove") {
    if (tree.rm(argument(1)) < 0) command_failed(command);
  } else if (name == "clear") {
    if (!tree.set(argument(1), std::nullopt)) command_failed(command);
  } else if (name == "clearm") {
    tree.setm(argument(1), argument(2), std::nullopt);  // its answer is never checked
  } else if (name == "touch") {
    std::optional<std::vector<std::string>> found = tree.match(argument(1));
    if (!found) {
      sending_failed(command,
                     "unknown error - Matching path expression '" + argument(1) + "' failed");
    }
    if (found->empty() && !tree.set(argument(1), std::nullopt)) command_failed(command);
  } else if (name == "insert" || name == "ins") {
    const std::string& where = argument(2);
    if (where != "before" && where != "after") {
      sending_failed(command, "Invalid value '" + where + "' for where param");
    }
    if (tree.insert(argument(3), argument(1), where == "before") < 0) command_failed(command);
  } else if (name == "defvar") {
    if (tree.defvar(argument(1), argument(2)) < 0) command_failed(command);
  } else if (name == "defnode") {
    if (tree.defnode(argument(1), argument(2), argument(3)) < 0) command_failed(command);
  } else if (name == "mv" || name == "move") {
    if (tree.mv(argument(1), argument(2)) < 0) command_failed(command);
  } else if (name == "rename") {
    if (tree.rename(argument(1), argument(2)) < 0) command_failed(command);
  } else {
    sending_failed(command, "Command '" + name + "' is not supported");
  }
}

/// Saves in "newfile" mode: each file that would change is written beside itself as
/// FILE.augnew, diffed with show_diff, and removed. Whether any would change.
bool AugeasProvider::save_to_new_files(std::optional<std::string> diff_level) {
  AugeasTree& tree = *tree_;
  tree.set("/augeas/save", std::string("newfile"));
  for (const auto& command : parsed_changes()) execute(command);
  if (!tree.save()) {
    report_put_errors();
    throw CommandError("Save failed, see debug output for details");
  }
  std::vector<std::string> saved;
  const std::string root = spec_.root == "/" ? "" : spec_.root;
  for (const auto& event : tree.match_or_none("/augeas/events/saved")) {
    std::string file = tree.get(event).value_or("");
    if (file.starts_with("/files")) file = root + file.substr(6);
    if (std::find(saved.begin(), saved.end(), file) == saved.end()) saved.push_back(file);
  }
  FileSystem& files = *host_.files;
  for (const auto& file : saved) {
    const std::string new_file = file + ".augnew";
    if (diff_level) log_(*diff_level, "\n" + files_diff(files, file, new_file));
    files.remove(new_file, false);
  }
  return !saved.empty();
}

bool AugeasProvider::need_to_run(std::optional<std::string> diff_level, bool noop) {
  bool run = true;
  bool saved = false;
  try {
    open_tree();
    run = onlyif_holds();
    if (run && !spec_.force) {
      run = save_to_new_files(diff_level);
      saved = true;
    }
  } catch (...) {
    close_tree();
    throw;
  }
  if (!run || noop || !saved) close_tree();
  return run;
}

void AugeasProvider::execute_changes() {
  if (!tree_) throw CommandError(kClosedTree);
  AugeasTree& tree = *tree_;
  try {
    // The files saved in newfile mode would not be read again without this (an Augeas bug).
    for (const auto& event : tree.match_or_none("/augeas/events/saved")) {
      tree.rm("/augeas" + tree.get(event).value_or("") + "/mtime");
    }
    tree.set("/augeas/save", std::string("overwrite"));
    tree.load();
    for (const auto& command : parsed_changes()) execute(command);
    if (!tree.save()) {
      report_put_errors();
      throw CommandError("Save failed, see debug output for details");
    }
  } catch (...) {
    close_tree();
    throw;
  }
  close_tree();
}

}  // namespace marionette::ral::augeas
