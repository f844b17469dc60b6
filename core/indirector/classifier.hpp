#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "indirector/node.hpp"

/// Puppet's external node classifier (ENC): a command run with the certname as its last
/// argument, printing YAML with classes, parameters and environment.
namespace marionette::indirector::classifier {

struct Output {
  int exit_code = -1;  ///< -1: killed (by the timeout or a signal)
  bool timed_out = false;
  std::string out, err;
};

/// Runs `argv` (argv[0] searched in PATH) with no stdin; kills it after `timeout`.
/// Throws std::runtime_error when it cannot be started.
Output run(const std::vector<std::string>& argv, std::chrono::milliseconds timeout);

/// Reads the classifier's YAML into a node named `name`: classes (a list of names, or a mapping
/// of names to parameters), parameters (a mapping), environment (a string). Throws
/// std::runtime_error saying what is wrong.
Node parse(const std::string& yaml, const std::string& name);

}  // namespace marionette::indirector::classifier
