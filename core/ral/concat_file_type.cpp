#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "ral/concat_content.hpp"
#include "ral/file_source.hpp"
#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/types.hpp"
#include "text/text.hpp"

namespace marionette::ral {

namespace {

/// concat_file's parameters handed to the file it generates, as the type's generate copies
/// them (the selinux ones are left out: this node has no SELinux, where Puppet ignores them).
constexpr const char* kFileParameters[] = {"owner", "group",        "mode",     "replace",
                                           "backup", "validate_cmd", "show_diff"};
/// Metaparameters copied too (before, notify, require, subscribe and tag are not).
constexpr const char* kCopiedMetaparameters[] = {"noop", "loglevel", "schedule", "audit"};

/// concat's concat_file: a file whose content is its concat_fragments, sorted and joined. As in
/// Puppet, the file itself is a File resource the type generates (logged as
/// ".../Concat[x]/File[x]"), evaluated right after it with its content filled in.
class ConcatFileResource final : public ManagedResource {
 public:
  ConcatFileResource(catalog::Resource resource, std::string path, ConcatStyle style, Host host)
      : resource_(std::move(resource)), path_(std::move(path)), style_(std::move(style)),
        host_(host) {}

  std::string identity() const override { return path_; }

  std::vector<catalog::Resource> generate(
      const std::function<bool(const std::string&)>&) override {
    const std::string ref = "File[" + path_ + "]";
    if (host_.catalog && host_.catalog->find(ref)) return {};  // the catalog's own file wins
    catalog::Resource file;
    file.type = "File";
    file.title = path_;
    file.tags = resource_.tags;
    const bool absent = params::text(resource_, "ensure") == "absent";
    file.parameters["ensure"] = absent ? "absent" : "file";
    file.parameters["path"] = path_;
    for (const char* name : kFileParameters) copy(name, file);
    for (const char* name : kCopiedMetaparameters) copy(name, file);
    generate_error_.reset();
    try {
      file.parameters["content"] = content();
    } catch (const std::exception& error) {
      // Puppet logs the failure and still evaluates the file, with no content to manage.
      generate_error_ = error.what();
    }
    return {std::move(file)};
  }

  bool generated_are_contained() const override { return true; }

  void evaluate(ResourceContext& context) override {
    if (generate_error_) {
      context.log("err", "Failed to generate additional resources using 'eval_generate': " +
                             *generate_error_);
    }
  }

 private:
  void copy(const char* name, catalog::Resource& file) const {
    auto found = resource_.parameters.find(name);
    if (found != resource_.parameters.end() && !found->is_null()) file.parameters[name] = *found;
  }

  /// The type's fragments: every concat_fragment whose target is this file's path or title, or
  /// whose tag is this resource's tag.
  std::vector<ConcatFragment> fragments() const {
    std::vector<ConcatFragment> found;
    if (!host_.catalog) return found;
    const std::optional<std::string> tag = params::text(resource_, "tag");
    for (const auto& resource : host_.catalog->resources) {
      if (text::lowercase(resource.type) != "concat_fragment") continue;
      const std::optional<std::string> target = params::text(resource, "target");
      const std::optional<std::string> fragment_tag = params::text(resource, "tag");
      const bool mine =
          (target && (*target == path_ || *target == resource_.title)) ||
          (fragment_tag && tag && text::lowercase(*fragment_tag) == text::lowercase(*tag));
      if (!mine) continue;
      found.push_back({resource.title, params::text(resource, "order").value_or("10"),
                       fragment_text(resource)});
    }
    return found;
  }

  /// A fragment's content, or the first of its sources that exists.
  std::string fragment_text(const catalog::Resource& fragment) const {
    if (auto content = params::text(fragment, "content")) return *content;
    const std::vector<std::string> sources = params::texts(fragment, "source");
    for (const auto& source : sources) {
      std::optional<std::string> local = resolve_source(source, host_.paths);
      if (!local || !host_.files->stat(*local)) continue;
      std::string text;
      IoResult read = host_.files->read(*local, text);
      if (!read.ok) throw std::runtime_error(read.error + " @ rb_sysopen - " + *local);
      return text;
    }
    std::string listed;
    for (const auto& source : sources) listed += (listed.empty() ? "" : ", ") + source;
    throw std::runtime_error("Could not retrieve source(s) " + listed);
  }

  std::string content() const { return concat_content(fragments(), style_); }

  catalog::Resource resource_;
  std::string path_;
  ConcatStyle style_;
  Host host_;
  std::optional<std::string> generate_error_;
};

bool one_of(const std::string& value, std::initializer_list<const char*> allowed) {
  return std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return value == a; });
}

std::string invalid(const catalog::Resource& resource, const std::string& name,
                    const std::string& value, const std::string& valid) {
  return "Parameter " + name + " failed on " + resource.ref() + ": Invalid value \"" + value +
         "\". Valid values are " + valid + ".";
}

bool read_style(const catalog::Resource& resource, ConcatStyle& style, std::string& error) {
  const std::string order = params::text(resource, "order").value_or("numeric");
  if (!one_of(order, {"alpha", "numeric"})) {
    error = invalid(resource, "order", order, "alpha, numeric");
    return false;
  }
  style.numeric_order = order == "numeric";
  style.format = params::text(resource, "format").value_or("plain");
  if (!one_of(style.format,
              {"plain", "yaml", "json", "json-array", "json-pretty", "json-array-pretty"})) {
    error = invalid(resource, "format", style.format,
                    "plain, yaml, json, json-array, json-pretty, json-array-pretty");
    return false;
  }
  return params::boolean_parameter(resource, "force", false, style.force, error) &&
         params::boolean_parameter(resource, "ensure_newline", false, style.ensure_newline,
                                   error);
}

}  // namespace

std::unique_ptr<ManagedResource> make_concat_file(const catalog::Resource& resource, Host host,
                                                  std::string& error) {
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (!one_of(ensure, {"present", "absent"})) {
    error = invalid(resource, "ensure", ensure, "present, absent");
    return nullptr;
  }
  const std::string path = params::text(resource, "path").value_or(resource.title);
  if (!path.starts_with('/')) {
    error = "Parameter path failed on " + resource.ref() +
            ": File paths must be fully qualified, not '" + path + "'";
    return nullptr;
  }
  bool replace = true;
  ConcatStyle style;
  if (!params::boolean_parameter(resource, "replace", true, replace, error) ||
      !read_style(resource, style, error)) {
    return nullptr;
  }
  return std::make_unique<ConcatFileResource>(resource, path, std::move(style), host);
}

Provider concat_file_type_provider() {
  return {make_concat_file, nullptr};
}

}  // namespace marionette::ral
