#include "transaction/state_file.hpp"

#include <stdexcept>

#include "ral/posix_host.hpp"

namespace marionette::transaction {

void write_state_file(const std::filesystem::path& path, const std::string& yaml) {
  ral::PosixFileSystem files;
  ral::IoResult written =
      files.write_atomic(path.string(), yaml + "\n", ral::FileAttributes{0640, {}, {}});
  if (!written.ok) {
    throw std::runtime_error("Could not write " + path.string() + ": " + written.error);
  }
}

}  // namespace marionette::transaction
