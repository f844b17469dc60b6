#include "daemon/catalog_summary.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "resource_types/descriptor.hpp"
#include "text/text.hpp"

namespace marionette::daemon {

namespace {

bool managed(const catalog::Resource& resource) {
  if (resource.exported || resource.kind == "class" || resource.kind == "defined_type")
    return false;
  const std::string type = text::lowercase(resource.type);
  if (type == "class" || type == "stage" || type == "node" || type == "component" ||
      type.find("::") != std::string::npos)
    return false;
  // The type's descriptor names the properties that make it managed; a type listed with none
  // is managed whatever it sets (a property of it has a default: exec's returns, notify's
  // message, package's ensure); a type from a module without a descriptor: its own rules.
  const resource_types::Descriptor* known = resource_types::find(type);
  if (!known || known->properties.empty()) return true;
  for (const auto& [name, value] : resource.parameters.items()) {
    if (value.is_null()) continue;
    if (std::find(known->properties.begin(), known->properties.end(), name) !=
        known->properties.end())
      return true;
  }
  return false;
}

/// Writes `text` to `path` with mode 0640 (Puppet's classfile and resourcefile mode) on
/// creation; the reason when it cannot.
std::optional<std::string> write_text(const std::filesystem::path& path, const std::string& text) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0640);
  if (fd < 0) return std::string(std::strerror(errno));
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      std::string why = std::strerror(errno);
      ::close(fd);
      return why;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return std::string(std::strerror(errno));
  return std::nullopt;
}

}  // namespace

void write_catalog_summary(const catalog::Catalog& catalog, const std::filesystem::path& state_dir,
                           const RunLog& log) {
  // Ruby's puts of the joined lines: one newline at the end, a lone one when there are none.
  std::string classes;
  for (const std::string& name : catalog.classes) classes += (classes.empty() ? "" : "\n") + name;
  classes += "\n";
  std::string resources;
  for (const catalog::Resource& resource : catalog.resources) {
    if (!managed(resource)) continue;
    resources +=
        (resources.empty() ? "" : "\n") + text::lowercase(resource.ref());  // Ruby's ref.downcase
  }
  resources += "\n";
  std::error_code ignored;
  std::filesystem::create_directories(state_dir, ignored);
  const std::filesystem::path class_file = state_dir / "classes.txt";
  if (auto why = write_text(class_file, classes))
    log("err", "Could not create class file " + class_file.string() + ": " + *why);
  const std::filesystem::path resource_file = state_dir / "resources.txt";
  if (auto why = write_text(resource_file, resources))
    log("err", "Could not create resource file " + resource_file.string() + ": " + *why);
}

}  // namespace marionette::daemon
