#include "ral/file_spec.hpp"

#include <cstdio>

#include "ral/params.hpp"

namespace marionette::ral {

namespace {

std::optional<FileSpec::Ensure> parse_ensure(const std::string& text) {
  if (text == "present") return FileSpec::Ensure::present;
  if (text == "file") return FileSpec::Ensure::file;
  if (text == "directory") return FileSpec::Ensure::directory;
  if (text == "absent") return FileSpec::Ensure::absent;
  return std::nullopt;
}

std::string strip_trailing_slashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

std::optional<unsigned> parse_octal_mode(const std::string& text) {
  if (text.size() < 3 || text.size() > 4) return std::nullopt;
  unsigned mode = 0;
  for (char c : text) {
    if (c < '0' || c > '7') return std::nullopt;
    mode = mode * 8 + static_cast<unsigned>(c - '0');
  }
  return mode;
}

std::string format_mode(unsigned mode) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "%04o", mode & 07777);
  return buffer;
}

unsigned directory_mode(unsigned mode) {
  if (mode & 0400) mode |= 0100;
  if (mode & 0040) mode |= 0010;
  if (mode & 0004) mode |= 0001;
  return mode;
}

std::string ensure_name(FileSpec::Ensure ensure) {
  switch (ensure) {
    case FileSpec::Ensure::present:
      return "present";
    case FileSpec::Ensure::file:
      return "file";
    case FileSpec::Ensure::directory:
      return "directory";
    case FileSpec::Ensure::absent:
      return "absent";
    case FileSpec::Ensure::unmanaged:
      break;
  }
  return "";
}

std::optional<FileSpec> read_file_spec(const catalog::Resource& resource, std::string& error) {
  FileSpec spec;
  const std::string ref = resource.ref();
  spec.path = strip_trailing_slashes(params::text(resource, "path").value_or(resource.title));
  if (spec.path.empty() || spec.path.front() != '/') {
    error = "Parameter path failed on " + ref + ": File paths must be fully qualified, not '" +
            spec.path + "'";
    return std::nullopt;
  }
  if (auto ensure = params::text(resource, "ensure")) {
    auto parsed = parse_ensure(*ensure);
    if (!parsed) {
      error = "Validation of " + ref + " failed: marionette does not support ensure => '" +
              *ensure + "' for files yet (supported: present, file, directory, absent)";
      return std::nullopt;
    }
    spec.ensure = *parsed;
  }
  if (auto source = params::text(resource, "source")) {
    error = "Validation of " + ref + " failed: marionette does not support 'source' for files yet";
    return std::nullopt;
  }
  auto content = resource.parameters.find("content");
  if (content != resource.parameters.end() && !content->is_null()) {
    if (!content->is_string()) {
      error = "Validation of " + ref + " failed: content must be a string";
      return std::nullopt;
    }
    spec.content = content->get<std::string>();
  }
  if (auto mode = params::text(resource, "mode")) {
    spec.mode = parse_octal_mode(*mode);
    if (!spec.mode) {
      error = "Parameter mode failed on " + ref + ": The file mode specification is invalid: '" +
              *mode + "' (marionette supports octal modes such as '0644')";
      return std::nullopt;
    }
  }
  spec.owner = params::text(resource, "owner");
  spec.group = params::text(resource, "group");
  spec.force = params::boolean(resource, "force").value_or(false);
  spec.replace = params::boolean(resource, "replace").value_or(true);
  return spec;
}

}  // namespace marionette::ral
