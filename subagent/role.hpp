#pragma once

namespace marionette::subagent {

/// Which process the subagent serves: `marionette agent` or `marionette server`.
enum class Role { agent, server };

}  // namespace marionette::subagent
