#include <sstream>

#include "indirector/classifier.hpp"
#include "indirector/termini.hpp"

namespace marionette::indirector {

namespace {

/// node/plain: a node with no classes or parameters, in the agent's environment.
class PlainNode : public Terminus<Node> {
 public:
  PlainNode() : Terminus("node", "plain") {}

  std::optional<Node> find(const Request& request) override {
    Node node;
    node.name = request.key;
    return node;
  }
};

/// node/exec: Puppet's external_nodes. The command's words, then the certname; its YAML says
/// the node's classes, parameters and environment. Empty output: no such node.
class ExecNode : public Terminus<Node> {
 public:
  ExecNode(const TerminusSettings& settings, const Route& route)
      : Terminus("node", "exec"), timeout_(settings.enc_timeout) {
    std::istringstream words(route.command.value_or(""));
    for (std::string word; words >> word;) command_.push_back(word);
  }

  std::optional<Node> find(const Request& request) override {
    if (command_.empty()) throw error(request.key, "cannot classify", "no command is configured");
    std::vector<std::string> argv = command_;
    argv.push_back(request.key);
    classifier::Output output;
    try {
      output = classifier::run(argv, timeout_);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot classify", command_[0] + ": " + e.what());
    }
    if (output.timed_out)
      throw error(request.key, "cannot classify",
                  command_[0] + " did not finish in " + std::to_string(timeout_.count()) + " s");
    if (output.exit_code != 0) {
      std::string why =
          command_[0] + " exited with " +
          (output.exit_code < 0 ? std::string("a signal") : std::to_string(output.exit_code));
      while (!output.err.empty() && (output.err.back() == '\n' || output.err.back() == '\r'))
        output.err.pop_back();
      if (!output.err.empty()) why += ": " + output.err;
      throw error(request.key, "cannot classify", why);
    }
    if (output.out.find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
    try {
      return classifier::parse(output.out, request.key);
    } catch (const std::exception& e) {
      throw error(request.key, "cannot classify", command_[0] + ": " + e.what());
    }
  }

 private:
  std::vector<std::string> command_;
  std::chrono::seconds timeout_;
};

}  // namespace

void add_node_termini(Registry<Node>& registry) {
  registry.add("plain",
               [](const TerminusSettings&, const Route&) { return std::make_unique<PlainNode>(); });
  registry.add("exec", [](const TerminusSettings& settings, const Route& route) {
    return std::make_unique<ExecNode>(settings, route);
  });
}

}  // namespace marionette::indirector
