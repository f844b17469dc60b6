#include "ral/file_recursion.hpp"

#include <fnmatch.h>

#include <map>
#include <optional>

#include "ral/file_source.hpp"

namespace marionette::ral {

namespace {

using Kind = FileInfo::Kind;

/// One entry found below a directory, by path relative to it.
struct Entry {
  Kind kind = Kind::file;
  std::string link_target;  ///< for a link managed as a link
};
using Listing = std::map<std::string, Entry>;

bool ignored(const std::string& name, const std::vector<std::string>& patterns) {
  for (const auto& pattern : patterns) {
    if (::fnmatch(pattern.c_str(), name.c_str(), 0) == 0) return true;
  }
  return false;
}

class Walker {
 public:
  Walker(FileSystem& files, const FileSpec& spec) : files_(files), spec_(spec) {}

  /// Everything below `root` to the depth limit; links followed with links => follow.
  Listing walk(const std::string& root) {
    Listing listing;
    descend(root, "", 1, listing);
    return listing;
  }

 private:
  std::optional<FileInfo> info(const std::string& path) {
    std::optional<FileInfo> found = files_.lstat(path);
    if (found && found->kind == Kind::link && spec_.links == FileSpec::Links::follow) {
      if (auto followed = files_.stat(path)) return followed;
    }
    return found;
  }

  void descend(const std::string& dir, const std::string& prefix, unsigned depth,
               Listing& listing) {
    if (spec_.recurselimit && depth > *spec_.recurselimit) return;
    auto names = files_.list_directory(dir);
    if (!names) return;
    for (const auto& name : *names) {
      if (ignored(name, spec_.ignore)) continue;
      const std::string path = dir + "/" + name;
      std::optional<FileInfo> found = info(path);
      if (!found) continue;
      if (found->kind == Kind::link && spec_.links == FileSpec::Links::ignore) continue;
      Entry entry{found->kind, ""};
      if (found->kind == Kind::link) entry.link_target = files_.read_link(path).value_or("");
      const std::string relative = prefix + name;
      listing[relative] = entry;
      if (found->kind == Kind::directory) descend(path, relative + "/", depth + 1, listing);
    }
  }

  FileSystem& files_;
  const FileSpec& spec_;
};

/// The first source that is a directory on this node, and where it is.
std::optional<std::pair<std::string, std::string>> directory_source(const FileSpec& spec,
                                                                    Host host) {
  for (const auto& source : spec.sources) {
    auto path = resolve_source(source, host.paths);
    if (!path) continue;
    auto info =
        spec.links == FileSpec::Links::follow ? host.files->stat(*path) : host.files->lstat(*path);
    if (!info) continue;
    if (info->kind != Kind::directory) return std::nullopt;
    return std::make_pair(source, *path);
  }
  return std::nullopt;
}

/// Whether the catalog declares `path` or a directory between the parent and it.
bool under_declared(const std::string& parent, const std::string& path,
                    const DeclaredPath& declared) {
  for (std::size_t slash = path.find('/', parent.size() + 1);; slash = path.find('/', slash + 1)) {
    if (declared(path.substr(0, slash))) return true;
    if (slash == std::string::npos) return false;
  }
}

catalog::Data child_parameters(const catalog::Resource& parent) {
  catalog::Data inherited = catalog::Data::object();
  for (const auto& [name, value] : parent.parameters.items()) {
    if (name == "ensure" || name == "recurse" || name == "recurselimit" || name == "target" ||
        name == "source" || name == "content" || name == "path" || name == "alias") {
      continue;
    }
    inherited[name] = value;
  }
  return inherited;
}

}  // namespace

std::vector<catalog::Resource> recursive_children(const catalog::Resource& parent,
                                                  const FileSpec& spec, Host host,
                                                  const DeclaredPath& declared) {
  if (spec.recurse == FileSpec::Recurse::no) return {};
  Walker walker(*host.files, spec);
  Listing local;
  if (spec.recurse == FileSpec::Recurse::yes) {
    auto here = spec.links == FileSpec::Links::follow ? host.files->stat(spec.path)
                                                      : host.files->lstat(spec.path);
    if (here && here->kind == Kind::directory) local = walker.walk(spec.path);
  }
  Listing remote;
  std::string source_uri;
  if (auto source = directory_source(spec, host)) {
    source_uri = source->first;
    while (source_uri.size() > 1 && source_uri.back() == '/') source_uri.pop_back();
    remote = walker.walk(source->second);
  }

  const catalog::Data inherited = child_parameters(parent);
  std::map<std::string, catalog::Resource> children;
  auto child = [&](const std::string& relative) -> catalog::Resource& {
    auto [it, fresh] = children.try_emplace(relative);
    if (fresh) {
      it->second.type = parent.type;
      it->second.title = spec.path + "/" + relative;
      it->second.tags = parent.tags;
      it->second.parameters = inherited;
    }
    return it->second;
  };
  for (const auto& [relative, entry] : local) child(relative);
  for (const auto& [relative, entry] : remote) {
    catalog::Resource& resource = child(relative);
    resource.parameters["source"] = source_uri + "/" + relative;
    if (entry.kind == Kind::directory) {
      resource.parameters["ensure"] = "directory";
    } else if (entry.kind == Kind::link) {
      resource.parameters["ensure"] = "link";
      resource.parameters["target"] = entry.link_target;
      resource.parameters.erase("source");
    } else {
      resource.parameters["ensure"] = "file";
      resource.parameters["checksum"] = "sha256";  // Puppet's digest_algorithm for copies
    }
  }
  if (spec.purge) {
    for (auto& [relative, resource] : children) {
      if (!remote.count(relative)) resource.parameters["ensure"] = "absent";
    }
  }

  std::vector<catalog::Resource> out;
  out.reserve(children.size());
  for (auto& [relative, resource] : children) {
    if (under_declared(spec.path, resource.title, declared)) continue;
    out.push_back(std::move(resource));
  }
  return out;
}

}  // namespace marionette::ral
