#include <regex>

#include "ral/params.hpp"
#include "ral/resource_type.hpp"
#include "ral/ruby_encoding.hpp"
#include "ral/ruby_lines.hpp"
#include "ral/spec_resource.hpp"
#include "ral/types.hpp"
#include "rubyish/regex.hpp"

namespace marionette::ral {

namespace {

/// How many symbolic links a path may go through before we give up (Linux's MAXSYMLINKS).
constexpr int kMaxLinks = 40;

struct FileLineSpec {
  std::string path;
  bool present = true;
  std::optional<std::string> line;
  std::optional<std::string> match;
  std::optional<std::string> after;
  bool multiple = false;
  bool replace = true;
  bool replace_all_matches = false;  ///< replace_all_matches_not_matching_line
  bool match_for_absence = false;
  bool append_on_no_match = true;
  RubyEncoding encoding;
  std::string where;  ///< " (file: F, line: L)" when the catalog knows, as wrapped errors end
};

/// What Ruby raises when a pattern meets a line it cannot match in the file's encoding.
struct EncodingError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// stdlib's file_line with its ruby provider: one line of a file present or absent, the rest
/// of the file left as it is.
class FileLineResource final : public ManagedResource {
 public:
  FileLineResource(FileLineSpec spec, Host host) : spec_(std::move(spec)), host_(host) {}

  void evaluate(ResourceContext& context) override {
    try {
      work(context);
    } catch (const std::regex_error& error) {
      context.evaluation_failed(std::string("invalid regular expression: ") + error.what());
    } catch (const rubyish::RegexTooComplex& error) {
      context.evaluation_failed(error.what());
    }
  }

 private:
  void work(ResourceContext& context) {
    std::string error;
    if (!read_lines(context.noop(), error)) return context.evaluation_failed(error);
    if (spec_.match) match_ = LinePattern(*spec_.match);
    if (spec_.after) after_ = LinePattern(*spec_.after);
    bool exists = false;
    try {
      exists = line_exists();
    } catch (const EncodingError& e) {
      return context.evaluation_failed(e.what());
    }
    if (exists == spec_.present) return;
    const std::string from = spec_.present ? "'absent'" : "'present'";
    const std::string to = spec_.present ? "'present'" : "'absent'";
    const std::string event = spec_.present ? "file_line_created" : "file_line_removed";
    if (context.noop()) return context.would_change("ensure", event, from, to);
    std::string text;
    try {
      if (!(spec_.present ? created(text, error) : removed(text, error)) || !write(text, error)) {
        return context.change_failed("ensure", from, to, error);
      }
    } catch (const EncodingError& e) {
      // Ruby's ArgumentError, which the ensure property wraps.
      return context.change_failed("ensure", from, to,
                                   "Could not set " + to + " on ensure: " + e.what() + spec_.where);
    }
    context.changed("ensure", event, spec_.present ? "created" : "removed",
                    spec_.present ? "absent" : "present", spec_.present ? "present" : "absent");
  }

  /// Reads the file once; a missing one counts as empty only in noop, as the provider does.
  bool read_lines(bool noop, std::string& error) {
    FileSystem& files = *host_.files;
    std::optional<FileInfo> info = files.stat(spec_.path);
    if (!info) {
      if (noop) return true;
      error = "No such file or directory @ rb_sysopen - " + spec_.path;
      return false;
    }
    if (info->kind == FileInfo::Kind::directory) {
      error = "Is a directory @ io_fillbuf - fd:5 " + spec_.path;  // Ruby's words, fd and all
      return false;
    }
    std::string text;
    IoResult read = files.read(spec_.path, text);
    if (!read.ok) {
      error = read.error + " @ rb_sysopen - " + spec_.path;
      return false;
    }
    lines_ = readlines(text);
    attributes_ = {info->mode, info->uid, info->gid};
    return true;
  }

  bool is_the_line(const std::string& line) const {
    return spec_.line && spec_.encoding.equal(chomped(line), *spec_.line);
  }

  /// line.match(pattern), raising as Ruby does when the line's encoding does not allow it.
  bool hit(const LinePattern& pattern, const std::string& line) const {
    const std::string& source = match_ && &pattern == &*match_ ? *spec_.match : *spec_.after;
    if (auto error = spec_.encoding.match_error(line, source)) throw EncodingError(*error);
    return pattern.matches(line);
  }

  /// Lines the pattern matches; with replace_all_matches_not_matching_line, the line itself
  /// does not count.
  std::size_t count_matches(const LinePattern& pattern) const {
    std::size_t count = 0;
    for (const auto& line : lines_) {
      if (spec_.replace_all_matches && is_the_line(line)) continue;
      if (hit(pattern, line)) ++count;
    }
    return count;
  }

  /// The provider's exists?: whether ensure is currently present.
  bool line_exists() const {
    std::size_t lines_count = 0;
    for (const auto& line : lines_) lines_count += is_the_line(line) ? 1 : 0;
    if (!match_) return lines_count > 0;
    const std::size_t match_count = count_matches(*match_);
    if (spec_.present) {
      if (match_count == 0) return lines_count > 0 || !spec_.append_on_no_match;
      if (spec_.replace_all_matches) return false;  // there may still be lines to replace
      return lines_count > 0 || !spec_.replace;
    }
    if (match_count == 0) return lines_count > 0;
    return lines_count > 0 || spec_.match_for_absence;
  }

  std::string too_many_matches() const {
    return "More than one line in file '" + spec_.path + "' matches pattern '" + *spec_.match + "'";
  }

  /// The file's new text with the line in place: replacing matches, after a matching line, or
  /// appended.
  bool created(std::string& text, std::string& error) const {
    const std::string& wanted = *spec_.line;
    if (match_) {
      std::size_t match_count = count_matches(*match_);
      if (match_count > 1 && !spec_.multiple) {
        error = too_many_matches();
        return false;
      }
      for (const auto& line : lines_) {
        put_line(text, hit(*match_, line) ? wanted : line);
        if (match_count == 0 && after_ && hit(*after_, line)) {
          put_line(text, wanted);
          ++match_count;
        }
      }
      if (match_count == 0) put_line(text, wanted);
      return true;
    }
    if (after_) {
      const std::size_t after_count = count_matches(*after_);
      if (after_count > 1 && !spec_.multiple) {
        error = std::to_string(after_count) + " lines match pattern '" + *spec_.after +
                "' in file '" + spec_.path + "'. One or no line must match the pattern.";
        return false;
      }
      for (const auto& line : lines_) {
        put_line(text, line);
        if (hit(*after_, line)) put_line(text, wanted);
      }
      if (after_count == 0) put_line(text, wanted);
      return true;
    }
    for (const auto& line : lines_) put_line(text, line);
    put_line(text, wanted);
    return true;
  }

  /// The file's new text without the line (or, with match_for_absence, without the matches).
  bool removed(std::string& text, std::string& error) const {
    const bool by_match = spec_.match_for_absence && match_;
    if (by_match && count_matches(*match_) > 1 && !spec_.multiple) {
      error = too_many_matches();
      return false;
    }
    for (const auto& line : lines_) {
      if (by_match ? hit(*match_, line) : is_the_line(line)) continue;
      text += line;  // kept as it was, final newline or not
    }
    return true;
  }

  /// Rewrites the file (through symbolic links, as Ruby's File.open does), keeping its mode
  /// and owner.
  bool write(const std::string& text, std::string& error) const {
    FileSystem& files = *host_.files;
    std::string target = spec_.path;
    for (int hops = 0; hops < kMaxLinks; ++hops) {
      std::optional<std::string> link = files.read_link(target);
      if (!link) break;
      target = link->starts_with('/') ? *link : target.substr(0, target.rfind('/') + 1) + *link;
    }
    IoResult written = files.write_atomic(target, text, attributes_);
    if (!written.ok) error = written.error + " @ rb_sysopen - " + spec_.path;
    return written.ok;
  }

  FileLineSpec spec_;
  Host host_;
  std::vector<std::string> lines_;
  FileAttributes attributes_;
  std::optional<LinePattern> match_;
  std::optional<LinePattern> after_;
};

/// A true/false parameter as the type's newvalues(true, false) accepts it.
bool read_flag(const catalog::Resource& resource, const std::string& name, bool fallback,
               bool& value, std::string& error) {
  std::optional<std::string> given = params::text(resource, name);
  if (!given) {
    value = fallback;
    return true;
  }
  if (*given != "true" && *given != "false") {
    error = "Parameter " + name + " failed on " + resource.ref() + ": Invalid value \"" + *given +
            "\". Valid values are true, false.";
    return false;
  }
  value = *given == "true";
  return true;
}

bool read_spec(const catalog::Resource& resource, FileLineSpec& spec, std::string& error) {
  const std::string ensure = params::text(resource, "ensure").value_or("present");
  if (ensure != "present" && ensure != "absent") {
    error = "Parameter ensure failed on " + resource.ref() + ": Invalid value \"" + ensure +
            "\". Valid values are present, absent.";
    return false;
  }
  spec.present = ensure == "present";
  spec.line = params::text(resource, "line");
  spec.match = params::text(resource, "match");
  spec.after = params::text(resource, "after");
  if (!read_flag(resource, "multiple", false, spec.multiple, error) ||
      !read_flag(resource, "replace", true, spec.replace, error) ||
      !read_flag(resource, "replace_all_matches_not_matching_line", false, spec.replace_all_matches,
                 error) ||
      !read_flag(resource, "match_for_absence", false, spec.match_for_absence, error) ||
      !read_flag(resource, "append_on_no_match", true, spec.append_on_no_match, error)) {
    return false;
  }
  std::optional<std::string> path = params::text(resource, "path");
  if (path && !path->starts_with('/')) {
    error = "Parameter path failed on " + resource.ref() +
            ": File paths must be fully qualified, not '" + *path + "'";
    return false;
  }
  if (spec.replace_all_matches && params::text(resource, "multiple") == "false") {
    error = "multiple must be true when replace_all_matches_not_matching_line is true";
  } else if (spec.replace_all_matches && !spec.replace) {
    error = "replace must be true when replace_all_matches_not_matching_line is true";
  } else if (!spec.line && !(!spec.present && spec.match_for_absence && spec.match)) {
    error = "line is a required attribute";
  } else if (!path) {
    error = "path is a required attribute";
  }
  if (!error.empty()) return false;
  spec.path = *path;
  spec.encoding = RubyEncoding(params::text(resource, "encoding").value_or("UTF-8"));
  if (resource.file && resource.line) {
    spec.where = " (file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
  }
  return true;
}

}  // namespace

std::unique_ptr<ManagedResource> make_file_line(const catalog::Resource& resource, Host host,
                                                std::string& error) {
  return made_from_spec<FileLineSpec, FileLineResource>(resource, host, error, read_spec);
}

Provider file_line_type_provider() {
  return {make_file_line, nullptr};
}

}  // namespace marionette::ral
