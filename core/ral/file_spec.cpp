#include "ral/file_spec.hpp"

#include <cstdio>

#include "ral/file_mode.hpp"
#include "ral/file_source.hpp"
#include "ral/params.hpp"

namespace marionette::ral {

namespace {

std::optional<FileSpec::Ensure> parse_ensure(const std::string& text) {
  if (text == "present") return FileSpec::Ensure::present;
  if (text == "file") return FileSpec::Ensure::file;
  if (text == "directory") return FileSpec::Ensure::directory;
  if (text == "absent") return FileSpec::Ensure::absent;
  if (text == "link") return FileSpec::Ensure::link;
  return std::nullopt;
}

/// recurse, recurselimit, purge and ignore.
bool read_recursion(const catalog::Resource& resource, FileSpec& spec, std::string& error) {
  const std::string ref = resource.ref();
  if (auto recurse = params::text(resource, "recurse")) {
    if (*recurse == "true" || *recurse == "inf") {
      spec.recurse = FileSpec::Recurse::yes;
    } else if (*recurse == "remote") {
      spec.recurse = FileSpec::Recurse::remote;
    } else if (*recurse != "false") {
      error = "Parameter recurse failed on " + ref + ": Invalid recurse value " + *recurse;
      return false;
    }
  }
  if (auto limit = params::text(resource, "recurselimit")) {
    bool digits = !limit->empty() && limit->find_first_not_of("0123456789") == std::string::npos;
    if (!digits) {
      error = "Parameter recurselimit failed on " + ref + ": Invalid recurselimit value " + *limit;
      return false;
    }
    spec.recurselimit = static_cast<unsigned>(std::stoul(*limit));
  }
  spec.purge = params::boolean(resource, "purge").value_or(false);
  spec.ignore = params::texts(resource, "ignore");
  return true;
}

/// checksum, and the combinations Puppet refuses.
bool read_checksum(const catalog::Resource& resource, FileSpec& spec, std::string& error) {
  const std::string ref = resource.ref();
  auto checksum = params::text(resource, "checksum");
  if (!checksum) return true;
  auto type = parse_checksum_type(*checksum);
  if (!type) {
    error = "Parameter checksum failed on " + ref + ": Invalid value \"" + *checksum +
            "\". Valid values are md5, md5lite, sha224, sha256, sha256lite, sha384, sha512, " +
            "mtime, ctime, none.";
    return false;
  }
  spec.checksum = *type;
  if (spec.content && (is_time_checksum(*type) || *type == ChecksumType::none)) {
    error = "Validation of " + ref + " failed: You cannot specify content when using checksum '" +
            *checksum + "'";
    return false;
  }
  if (!spec.sources.empty() && *type == ChecksumType::none) {
    error = "Validation of " + ref + " failed: You cannot specify source when using checksum '" +
            *checksum + "'";
    return false;
  }
  return true;
}

}  // namespace

std::string munge_file_path(std::string path) {
  std::string out;
  out.reserve(path.size());
  for (char c : path) {
    if (c == '/' && !out.empty() && out.back() == '/') continue;
    out.push_back(c);
  }
  while (out.size() > 1 && out.back() == '/') out.pop_back();
  return out;
}

std::optional<std::string> local_source_path(const std::string& source) {
  if (!source.empty() && source.front() == '/') return munge_file_path(source);
  const std::string scheme = "file://";
  if (source.compare(0, scheme.size(), scheme) == 0) {
    std::string rest = source.substr(scheme.size());
    if (rest.rfind("localhost/", 0) == 0) rest = rest.substr(9);
    if (!rest.empty() && rest.front() == '/') return munge_file_path(rest);
  }
  return std::nullopt;
}

unsigned FileSpec::wanted_mode(unsigned current, bool is_directory) const {
  if (symbolic_mode) {
    return apply_symbolic_mode(*symbolic_mode, current, is_directory).value_or(current);
  }
  if (!mode) return current;
  return is_directory ? directory_mode(*mode) : *mode;
}

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
    case FileSpec::Ensure::link:
      return "link";
    case FileSpec::Ensure::unmanaged:
      break;
  }
  return "";
}

std::optional<FileSpec> read_file_spec(const catalog::Resource& resource, std::string& error) {
  FileSpec spec;
  const std::string ref = resource.ref();
  spec.path = munge_file_path(params::text(resource, "path").value_or(resource.title));
  if (spec.path.empty() || spec.path.front() != '/') {
    error = "Parameter path failed on " + ref + ": File paths must be fully qualified, not '" +
            spec.path + "'";
    return std::nullopt;
  }
  if (auto ensure = params::text(resource, "ensure")) {
    auto parsed = parse_ensure(*ensure);
    if (!parsed && !ensure->empty()) {
      // As Puppet's newvalue(/./): any other ensure is a link to it, 'bogus' included.
      parsed = FileSpec::Ensure::link;
      spec.target = *ensure;
    }
    if (!parsed) {
      error = "Parameter ensure failed on " + ref + ": Invalid value \"" + *ensure +
              "\". Valid values are absent, false, file, present, directory, link.";
      return std::nullopt;
    }
    spec.ensure = *parsed;
  }
  const bool target_given = params::text(resource, "target") || spec.target.has_value();
  if (auto target = params::text(resource, "target")) spec.target = *target;
  if (spec.ensure == FileSpec::Ensure::link && !spec.target) {
    error = "Validation of " + ref + " failed: ensure => link needs a target";
    return std::nullopt;
  }
  spec.sources = params::texts(resource, "source");
  for (const auto& source : spec.sources) {
    if (!is_servable_source(source)) {
      error = "Validation of " + ref + " failed: marionette serves sources from local paths, " +
              "file:// URIs and puppet:///modules/ URIs only, not '" + source + "'";
      return std::nullopt;
    }
  }
  auto content = resource.parameters.find("content");
  if (content != resource.parameters.end() && !content->is_null()) {
    if (!content->is_string()) {
      error = "Validation of " + ref + " failed: content must be a string";
      return std::nullopt;
    }
    spec.content = content->get<std::string>();
  }
  if (int(spec.content.has_value()) + int(!spec.sources.empty()) + int(target_given) > 1) {
    error = "Validation of " + ref + " failed: You cannot specify more than one of content, " +
            "source, target";
    return std::nullopt;
  }
  if (auto mode = params::text(resource, "mode")) {
    spec.mode = parse_octal_mode(*mode);
    if (!spec.mode && apply_symbolic_mode(*mode, 0, false)) spec.symbolic_mode = *mode;
    if (!spec.mode && !spec.symbolic_mode) {
      error = "Parameter mode failed on " + ref + ": The file mode specification is invalid: \"" +
              *mode + "\"";
      return std::nullopt;
    }
  }
  spec.owner = params::text(resource, "owner");
  spec.group = params::text(resource, "group");
  spec.force = params::boolean(resource, "force").value_or(false);
  spec.replace = params::boolean(resource, "replace").value_or(true);
  spec.show_diff = params::boolean(resource, "show_diff").value_or(true);
  for (const std::string& name : resource.sensitive_parameters)
    if (name == "content") spec.sensitive_content = true;
  if (!read_recursion(resource, spec, error)) return std::nullopt;
  if (!read_checksum(resource, spec, error)) return std::nullopt;
  if (auto links = params::text(resource, "links")) {
    if (*links == "manage") {
      spec.links = FileSpec::Links::manage;
    } else if (*links == "follow") {
      spec.links = FileSpec::Links::follow;
    } else if (*links == "ignore") {
      spec.links = FileSpec::Links::ignore;
    } else {
      error = "Parameter links failed on " + ref + ": Invalid value \"" + *links +
              "\". Valid values are follow, manage, ignore.";
      return std::nullopt;
    }
  }
  if (auto backup = params::text(resource, "backup"); backup && *backup != "false") {
    spec.backup = *backup;
  }
  if (auto command = params::text(resource, "validate_cmd")) {
    spec.validation = FileValidation{*command,
                                     params::text(resource, "validate_replacement").value_or("%")};
  }
  if (resource.file && resource.line) {
    spec.where = " (file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
  }
  return spec;
}

}  // namespace marionette::ral
