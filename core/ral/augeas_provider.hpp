#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ral/augeas_commands.hpp"
#include "ral/augeas_module.hpp"
#include "ral/augeas_tree_pool.hpp"
#include "ral/host.hpp"

/// What augeas_core's provider does with one augeas resource, on libaugeas through
/// marionette-augeas.so: open the tree, check onlyif, try the changes in "newfile" mode to learn
/// whether any file would change (and show the diff), then make them for real.
namespace marionette::ral::augeas {

struct AugeasSpec {
  std::string context;  ///< munged: "/files" + incl when empty and incl is given
  std::optional<std::vector<std::string>> changes;  ///< the lines; unset when not given
  std::vector<std::string> onlyif;
  std::string root = "/";
  std::string load_path;  ///< colon-separated, the modules' lenses directories included
  bool force = false;
  bool type_check = false;
  std::optional<std::string> lens;
  std::optional<std::string> incl;
  bool show_diff = true;
};

/// A message of the provider's own ("Augeas[x](provider=augeas): …") at a level.
using ProviderLog = std::function<void(const std::string& level, const std::string& message)>;

class AugeasProvider {
 public:
  AugeasProvider(const marionette_augeas_module& module, AugeasSpec spec, Host host,
                 ProviderLog log)
      : module_(module), spec_(std::move(spec)), host_(host), log_(std::move(log)) {}

  /// The provider's need_to_run?: whether the changes would change a file (onlyif allowing).
  /// `diff_level` set: diffs of the files that would change are logged at it. `noop`: the tree
  /// is closed afterwards. Throws CommandError with Puppet's text on a failure.
  bool need_to_run(std::optional<std::string> diff_level, bool noop);
  /// The provider's execute_changes, on the tree need_to_run left open. Throws CommandError.
  void execute_changes();

 private:
  TreeKey tree_key() const;
  void open_tree();
  /// Gives a tree opened for `incl` back to the pool (augeas_tree_pool.hpp), unless the changes
  /// touched Augeas's own /augeas nodes; closes any other.
  void close_tree();
  void report_load_errors(const std::optional<std::string>& restricted);
  void report_put_errors();
  void report_errors(const std::vector<std::string>& errors);
  bool onlyif_holds();
  void execute(const Command& command);
  bool save_to_new_files(std::optional<std::string> diff_level);
  std::vector<Command> parsed_changes() const;

  const marionette_augeas_module& module_;
  AugeasSpec spec_;
  Host host_;
  ProviderLog log_;
  std::unique_ptr<AugeasTree> tree_;
  std::vector<std::string> variables_;  ///< defined by defvar/defnode changes
  bool touched_metadata_ = false;
};

/// onlyif's `get`, `match` and `values` against the tree; true for any other command. Throws
/// CommandError with Puppet's whole text ("Error sending command 'match' with params nil/…").
bool onlyif_holds(AugeasTree& tree, const Command& command);

}  // namespace marionette::ral::augeas
