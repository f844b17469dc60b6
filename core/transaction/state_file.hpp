#pragma once

#include <filesystem>
#include <string>

namespace marionette::transaction {

/// Replaces a report file in the state dir atomically (mode 0640, like Puppet's), with a final
/// newline. Throws std::runtime_error naming the file when it cannot be written.
void write_state_file(const std::filesystem::path& path, const std::string& yaml);

}  // namespace marionette::transaction
