#pragma once

#include <cstdint>

namespace marionette::compiler {

/// Bounds how many expressions this thread's compilations may still evaluate (0, the default:
/// no bound); past it a compilation fails with "evaluation step budget exhausted" at the
/// expression it reached. For the evaluator's fuzzer, so that a slow input is not taken for a hang.
void set_evaluation_step_budget(std::uint64_t steps);

}  // namespace marionette::compiler
