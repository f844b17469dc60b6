// Custom facts (lib/facter/*.rb) resolved in marionette-ruby.so: the files are found here, the
// facts cross in the wire format of ruby/value_wire.hpp, and Facter's DSL is the module's Ruby
// layer (ruby/lib/marionette/facter_compat.rb).

#include "facts/custom_facts.hpp"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <exception>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include "facts/json_facts.hpp"
#include "facts/native_parts.hpp"
#include "ruby/module_abi.h"
#include "ruby/value_wire.hpp"

namespace marionette::facts {

namespace fs = std::filesystem;

namespace {

void encode(const Facts& value, ruby_wire::Writer& out, int depth) {
  if (depth > ruby_wire::kMaxDepth) throw std::runtime_error("a fact is nested too deeply");
  switch (value.type()) {
    case Facts::value_t::null:
    case Facts::value_t::discarded:
      out.tag('n');
      break;
    case Facts::value_t::boolean:
      out.tag(value.get<bool>() ? 't' : 'f');
      break;
    case Facts::value_t::number_integer:
    case Facts::value_t::number_unsigned:
      out.tag('i');
      out.integer(value.get<std::int64_t>());
      break;
    case Facts::value_t::number_float:
      out.tag('r');
      out.real(value.get<double>());
      break;
    case Facts::value_t::string:
      out.tag('s');
      out.text(value.get_ref<const std::string&>());
      break;
    case Facts::value_t::array:
      out.tag('a');
      out.count(value.size());
      for (const Facts& item : value) encode(item, out, depth + 1);
      break;
    case Facts::value_t::object:
      out.tag('h');
      out.count(value.size());
      for (const auto& [key, item] : value.items()) {
        out.tag('s');
        out.text(key);
        encode(item, out, depth + 1);
      }
      break;
    case Facts::value_t::binary:
      throw std::runtime_error("a fact holds binary data");
  }
}

std::string encoded(const Facts& value) {
  ruby_wire::Writer out;
  encode(value, out, 0);
  return out.bytes();
}

Facts decode(ruby_wire::Reader& in, int depth) {
  if (depth > ruby_wire::kMaxDepth) throw std::runtime_error("a custom fact is nested too deeply");
  switch (char tag = in.tag()) {
    case 'n':
      return nullptr;
    case 't':
      return true;
    case 'f':
      return false;
    case 'i':
      return in.integer();
    case 'r':
      return in.real();
    case 's':
    case 'b':  // facts are data: an ASCII-8BIT String or a String subclass's text is a String
    case 'o':
      return std::string(in.text());
    case 'a': {
      Facts array = Facts::array();
      for (std::uint32_t n = in.count(); n > 0; --n) array.push_back(decode(in, depth + 1));
      return array;
    }
    case 'h': {
      Facts object = Facts::object();
      for (std::uint32_t n = in.count(); n > 0; --n) {
        Facts key = decode(in, depth + 1);
        if (!key.is_string())
          throw std::runtime_error("a custom fact has a key that is not a string");
        object[key.get<std::string>()] = decode(in, depth + 1);
      }
      return object;
    }
    default:
      throw std::runtime_error(std::string("a custom fact has a value facts cannot hold (tag ") +
                               tag + ")");
  }
}

std::string nul_separated(const std::vector<fs::path>& paths) {
  std::string out;
  for (const fs::path& path : paths) out += path.string() + '\0';
  return out;
}

/// The *.rb files directly in `dir`, sorted by name.
void add_files_in(const fs::path& dir, std::vector<fs::path>& files) {
  std::vector<fs::path> found;
  for (const native::DirectoryEntry& entry : native::list_directory(dir.c_str())) {
    if (entry.name.size() <= 3 || !entry.name.ends_with(".rb")) continue;
    std::error_code error;
    if (fs::is_regular_file(dir / entry.name, error)) found.push_back(dir / entry.name);
  }
  std::sort(found.begin(), found.end());
  files.insert(files.end(), found.begin(), found.end());
}

/// Each module's directory, the first of each name, in modulepath order.
std::vector<fs::path> module_dirs(const std::vector<fs::path>& modulepath) {
  std::vector<fs::path> dirs;
  std::set<std::string> seen;
  for (const fs::path& root : modulepath) {
    std::vector<native::DirectoryEntry> entries = native::list_directory(root.c_str());
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const native::DirectoryEntry& entry : entries)
      if (entry.name[0] != '.' && seen.insert(entry.name).second) dirs.push_back(root / entry.name);
  }
  return dirs;
}

void keep_reply(void* sink_context, const char* data, std::size_t size) {
  static_cast<std::string*>(sink_context)->assign(data, size);
}

/// One call of the module: the facts of one part, what it said, or what it threw.
struct PartCall {
  std::string options;
  int status = MARIONETTE_RUBY_ERROR;
  std::string reply;
  std::exception_ptr thrown;
};

/// Runs the parts at once, part 0 on this thread; a thread's exception (Ruby's `exit N`)
/// comes back here.
void run_parts(const marionette_ruby_module& module, marionette_ruby_facts_request request,
               std::vector<PartCall>& calls) {
  auto run = [&module, request](PartCall& call) mutable {
    try {
      request.options = call.options.data();
      request.options_size = call.options.size();
      call.status = module.resolve_facts(&request, keep_reply, &call.reply);
    } catch (...) {
      call.thrown = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t part = 1; part < calls.size(); ++part)
    threads.emplace_back(run, std::ref(calls[part]));
  run(calls[0]);
  for (std::thread& thread : threads) thread.join();
  for (const PartCall& call : calls)
    if (call.thrown) std::rethrow_exception(call.thrown);
}

}  // namespace

std::vector<fs::path> custom_fact_files(const CustomFactSources& sources) {
  std::vector<fs::path> files;
  for (const fs::path& module : module_dirs(sources.modulepath))
    add_files_in(module / "lib" / "facter", files);
  for (const fs::path& dir : sources.custom_dirs) add_files_in(dir, files);
  return files;
}

namespace {

/// The modules' lib/ directories, for $LOAD_PATH.
std::vector<fs::path> module_libs(const CustomFactSources& sources) {
  std::vector<fs::path> libs;
  for (const fs::path& module_dir : module_dirs(sources.modulepath)) {
    std::error_code error;
    if (fs::is_directory(module_dir / "lib", error)) libs.push_back(module_dir / "lib");
  }
  return libs;
}

/// The module, or nullptr after the one error that says why (naming the first file).
const marionette_ruby_module* facts_module(const std::vector<fs::path>& files,
                                           const RubyModuleLoader& load_ruby, const FactLog& log) {
  std::string why_not;
  const marionette_ruby_module* module = load_ruby(why_not);
  if (module && module->resolve_facts) return module;
  if (module) why_not = "its version has no custom facts";
  log("err", "Facter: Error loading fact " + files.front().string() +
                 ": custom facts are written in Ruby, which needs marionette's embedded Ruby: "
                 "install the package " +
                 kRubyFactsPackage + " (" + why_not + ")");
  return nullptr;
}

/// What the parts' calls gave: the custom facts that count and (lazy calls) every custom fact
/// resolved, by its own value.
struct Resolved {
  Facts custom = Facts::object();
  Facts own_values = Facts::object();
  Facts names = Facts::object();  ///< a names_only call: file => the facts its load defined
  bool failed = false;
};

/// `parts` calls of the module at once over `files`, each with `options` and its part; the
/// logs merged in the facts' order (load errors in `said` are not said again).
Resolved resolve_in_parts(const marionette_ruby_module& module, const std::vector<fs::path>& files,
                          const CustomFactSources& sources, const Facts& core,
                          const Facts& external, unsigned parts, const Facts& options,
                          const FactLog& log, std::set<std::string>* said) {
  const std::vector<fs::path> libs = module_libs(sources);
  const std::string file_list = nul_separated(files), load_path = nul_separated(libs);
  const std::string core_bytes = encoded(core), external_bytes = encoded(external);
  marionette_ruby_facts_request request{file_list.data(),
                                        file_list.size(),
                                        load_path.data(),
                                        load_path.size(),
                                        core_bytes.data(),
                                        core_bytes.size(),
                                        external_bytes.data(),
                                        external_bytes.size(),
                                        nullptr,
                                        0};
  parts = std::max(1u, parts);
  std::vector<PartCall> calls(parts);
  for (unsigned part = 0; part < parts; ++part) {
    Facts these = options;
    these["part"] = part;
    these["parts"] = parts;
    these["facter_conf"] = sources.facter_conf.string();
    these["cache_dir"] = sources.cache_dir.string();
    calls[part].options = encoded(these);
  }
  run_parts(module, request, calls);
  // Each fact's lines from the first part that has any (its owner's, or, for a fact no part
  // owns, the first that resolved it), in the facts' order; the files' load errors first.
  std::map<std::int64_t, std::vector<std::pair<std::string, std::string>>> lines;
  Resolved out;
  bool failed = false;
  for (const PartCall& call : calls) {
    if (call.status != MARIONETTE_RUBY_OK) {
      if (!failed) log("err", "Facter: custom facts could not be resolved: " + call.reply);
      failed = true;
      continue;
    }
    ruby_wire::Reader in(call.reply.data(), call.reply.size());
    Facts result = decode(in, 0);
    std::map<std::int64_t, std::vector<std::pair<std::string, std::string>>> mine;
    for (const Facts& entry : result["logs"])
      mine[entry[2].get<std::int64_t>()].emplace_back(entry[0].get<std::string>(),
                                                      "Facter: " + entry[1].get<std::string>());
    for (auto& [order, entries] : mine) lines.try_emplace(order, std::move(entries));
    for (auto& [name, value] : result["facts"].items()) out.custom[name] = std::move(value);
    if (result.contains("resolved") && result["resolved"].is_object())
      for (auto& [name, value] : result["resolved"].items())
        out.own_values[name] = std::move(value);
    if (result.contains("names") && result["names"].is_object())
      for (auto& [file, names] : result["names"].items()) out.names[file] = std::move(names);
  }
  out.failed = failed;
  for (const auto& [order, entries] : lines)
    for (const auto& [level, message] : entries)
      if (order >= 0 || !said || said->insert(message).second) log(level, message);
  return out;
}

/// The position after `word` at `at` when `text` has it there.
bool word_at(const std::string& text, std::size_t at, std::string_view word) {
  return text.compare(at, word.size(), word) == 0;
}

void skip_blanks(const std::string& text, std::size_t& at) {
  while (at < text.size() && (text[at] == ' ' || text[at] == '\t')) ++at;
}

bool name_character(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

/// Whether `text` calls `verb` (require, load) as a method of its own (not `x.load`, not a
/// longer name such as `loaded`, not a symbol) with a path that is not a literal: `require
/// 'open3'` loads no fact file, `Dir[...].each { |f| load f }` may.
bool loads_a_file(const std::string& text, std::string_view verb) {
  for (std::size_t at = text.find(verb); at != std::string::npos; at = text.find(verb, at + 1)) {
    const bool starts = at == 0 || (!name_character(text[at - 1]) && text[at - 1] != ':');
    std::size_t end = at + verb.size();
    const bool ends = end >= text.size() || (!name_character(text[end]) && text[end] != '?' &&
                                             text[end] != '!' && text[end] != ':');
    if (!starts || !ends) continue;
    skip_blanks(text, end);
    if (end < text.size() && text[end] == '(') ++end;
    skip_blanks(text, end);
    if (end >= text.size() || (text[end] != '\'' && text[end] != '"')) return true;
  }
  return false;
}

}  // namespace

FactFileNames fact_file_names(const std::string& text) {
  FactFileNames out;
  for (std::size_t at = text.find("Facter"); at != std::string::npos;
       at = text.find("Facter", at + 1)) {
    std::size_t next = at + 6;
    skip_blanks(text, next);
    if (next >= text.size() || text[next] != '.') continue;
    ++next;
    skip_blanks(text, next);
    std::size_t after;
    if (word_at(text, next, "add") && !name_character(text[std::min(next + 3, text.size() - 1)]))
      after = next + 3;
    else if (word_at(text, next, "define_fact"))
      after = next + 11;
    else
      continue;
    skip_blanks(text, after);
    if (after < text.size() && text[after] == '(') ++after;
    skip_blanks(text, after);
    std::string name;
    if (after < text.size() && text[after] == ':') {
      std::size_t end = after + 1;
      while (end < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
      name = text.substr(after + 1, end - after - 1);
    } else if (after < text.size() && (text[after] == '\'' || text[after] == '"')) {
      std::size_t end = text.find(text[after], after + 1);
      if (end != std::string::npos) name = text.substr(after + 1, end - after - 1);
      // "prefix_#{...}": a fact of a computed name, which starts with the literal part.
      if (std::size_t hole = name.find("#{"); text[after] == '"' && hole != std::string::npos &&
                                              hole > 0 && name.find_first_of("\\#\n") == hole) {
        std::string prefix = name.substr(0, hole);
        std::transform(prefix.begin(), prefix.end(), prefix.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (std::find(out.prefixes.begin(), out.prefixes.end(), prefix) == out.prefixes.end())
          out.prefixes.push_back(std::move(prefix));
        continue;
      }
      if (name.find_first_of("\\#\n") != std::string::npos) name.clear();
    }
    if (name.empty()) {
      out.opaque = true;
      continue;
    }
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (std::find(out.names.begin(), out.names.end(), name) == out.names.end())
      out.names.push_back(std::move(name));
  }
  // A file listing a directory loads what it finds when it also requires or loads something;
  // Dir.glob alone (apt's apt_sources.rb lists /etc/apt/sources.list.d in its setcode) loads
  // nothing.
  const bool lists = text.find("Dir[") != std::string::npos ||
                     text.find("Dir.glob") != std::string::npos ||
                     text.find("Dir.each_child") != std::string::npos ||
                     text.find("Dir.entries") != std::string::npos;
  if ((out.names.empty() && out.prefixes.empty()) ||
      text.find("require_relative") != std::string::npos ||
      text.find("require File") != std::string::npos ||
      text.find("load File") != std::string::npos ||
      (lists && (loads_a_file(text, "require") || loads_a_file(text, "load"))))
    out.opaque = true;
  for (std::size_t at = 0; at < text.size();) {
    if (word_at(text, at, "def ") || word_at(text, at, "module ") || word_at(text, at, "class ")) {
      out.shared = true;
      break;
    }
    at = text.find('\n', at);
    if (at == std::string::npos) break;
    ++at;
  }
  return out;
}

LazyCustomFacts::LazyCustomFacts(Facts node, Facts core, Facts external,
                                 std::vector<fs::path> files, CustomFactSources sources,
                                 RubyModuleLoader load_ruby, FactLog log)
    : node_(std::move(node)),
      core_(std::move(core)),
      external_(std::move(external)),
      files_(std::move(files)),
      sources_(std::move(sources)),
      load_ruby_(std::move(load_ruby)),
      log_(std::move(log)) {
  for (std::size_t index = 0; index < files_.size(); ++index) {
    FactFileNames names;
    if (std::optional<std::string> text = native::read_file(files_[index].c_str()))
      names = fact_file_names(*text);
    else
      names.opaque = true;  // Ruby says why it cannot be loaded
    for (const std::string& name : names.names) definers_[name].push_back(index);
    for (std::string& prefix : names.prefixes) prefixed_.emplace_back(std::move(prefix), index);
    // A file of computed names is loaded whenever facts are resolved too: Facter.value of one
    // of its facts from another file finds it.
    if (names.opaque || names.shared || !names.prefixes.empty()) always_.push_back(index);
    any_opaque_ = any_opaque_ || names.opaque;
  }
  all_resolved_ = files_.empty();
}

void LazyCustomFacts::learn_names() {
  if (!any_opaque_ || all_resolved_) return;
  const marionette_ruby_module* module = facts_module(files_, load_ruby_, log_);
  if (!module) {
    all_resolved_ = true;  // said once; the facts stay as they are
    return;
  }
  std::vector<fs::path> files;
  std::map<std::string, std::size_t> index_of;
  for (std::size_t index : always_) {
    files.push_back(files_[index]);
    index_of.emplace(files_[index].string(), index);
  }
  Facts options = Facts::object();
  options["names_only"] = true;
  Resolved answer =
      resolve_in_parts(*module, files, sources_, core_, external_, 1, options, log_, &said_);
  if (answer.failed) return;  // resolve() resolves them all: the names could not be told
  for (const auto& [file, names] : answer.names.items()) {
    auto found = index_of.find(file);
    if (found == index_of.end() || !names.is_array()) continue;
    for (const Facts& name : names) {
      if (!name.is_string()) continue;
      std::vector<std::size_t>& definers = definers_[name.get<std::string>()];
      if (std::find(definers.begin(), definers.end(), found->second) == definers.end())
        definers.push_back(found->second);
    }
  }
  any_opaque_ = false;
}

bool LazyCustomFacts::pending(const std::string& name) const {
  if (all_resolved_ || external_.contains(name) || asked_.count(name)) return false;
  return any_opaque_ || definers_.count(name) || prefixed(name);
}

bool LazyCustomFacts::prefixed(const std::string& name) const {
  for (const auto& [prefix, _] : prefixed_)
    if (name.starts_with(prefix)) return true;
  return false;
}

Facts LazyCustomFacts::call(const std::vector<std::string>* wanted) {
  const marionette_ruby_module* module = facts_module(files_, load_ruby_, log_);
  if (!module) {
    all_resolved_ = true;  // said once; the facts stay as they are
    return Facts::object();
  }
  Facts options = Facts::object();
  options["resolved"] = own_values_;
  std::vector<fs::path> files;
  unsigned parts = sources_.concurrency;
  if (wanted) {
    parts = 1;
    options["wanted"] = *wanted;
    Facts definers = Facts::object();
    for (const auto& [name, indexes] : definers_) {
      Facts list = Facts::array();
      for (std::size_t index : indexes) list.push_back(files_[index].string());
      definers[name] = std::move(list);
    }
    options["definers"] = std::move(definers);
    std::set<std::size_t> chosen(always_.begin(), always_.end());
    for (const std::string& name : *wanted)
      if (auto found = definers_.find(name); found != definers_.end())
        chosen.insert(found->second.begin(), found->second.end());
    for (std::size_t index : chosen) files.push_back(files_[index]);
  } else {
    files = files_;
  }
  if (files.empty()) return Facts::object();
  Resolved answer =
      resolve_in_parts(*module, files, sources_, core_, external_, parts, options, log_, &said_);
  for (auto& [name, value] : answer.own_values.items()) own_values_[name] = std::move(value);
  Facts counting = Facts::object();
  for (auto& [name, value] : answer.custom.items()) {
    counted_[name] = value;
    counting[name] = std::move(value);
  }
  for (const auto& [name, _] : counting.items()) asked_.insert(name);
  return counting;
}

Facts LazyCustomFacts::node_facts() const {
  Facts facts = node_;
  if (!counted_.empty()) {
    set_all(facts, counted_);
    facts = native::sorted_facts(std::move(facts));
  }
  if (finish) finish(facts);
  return facts;
}

Facts LazyCustomFacts::resolve(const std::string& name) {
  if (!pending(name)) return Facts::object();
  learn_names();  // a file whose names its text cannot tell is loaded to tell them
  if (all_resolved_) return Facts::object();
  if (any_opaque_) return resolve_all();
  asked_.insert(name);
  if (!definers_.count(name) && !prefixed(name)) return Facts::object();
  const std::vector<std::string> wanted{name};
  return call(&wanted);
}

Facts LazyCustomFacts::resolve_all() {
  if (all_resolved_) return Facts::object();
  Facts counting = call(nullptr);
  all_resolved_ = true;
  return counting;
}

Facts with_custom_facts(Facts facts, const Facts& external, const std::vector<fs::path>& files,
                        const CustomFactSources& sources, const RubyModuleLoader& load_ruby,
                        const FactLog& log) {
  if (files.empty()) return facts;
  const marionette_ruby_module* module = facts_module(files, load_ruby, log);
  if (!module) return facts;
  // The core facts as Facter sees them: the native ones, without the external ones' overrides.
  Facts core = facts;
  for (const auto& [name, _] : external.items()) core.erase(name);
  Facts custom = resolve_in_parts(*module, files, sources, core, external, sources.concurrency,
                                  Facts::object(), log, nullptr)
                     .custom;
  if (custom.empty()) return facts;
  set_all(facts, custom);
  return native::sorted_facts(std::move(facts));
}

fs::path default_facter_conf() {
  if (const char* path = std::getenv("MARIONETTE_FACTER_CONF")) return path;
  std::error_code error;
  if (fs::exists("/etc/marionette/facter.conf", error)) return "/etc/marionette/facter.conf";
  return "/etc/facter/facter.conf";
}

fs::path default_fact_cache_dir() {
  if (const char* dir = std::getenv("MARIONETTE_FACTS_CACHE_DIR"); dir && *dir) return dir;
  if (::geteuid() == 0) return "/var/cache/marionette/facts";
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
    return fs::path(xdg) / "marionette" / "facts";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "marionette" / "facts";
  return {};
}

unsigned custom_fact_concurrency() {
  if (const char* text = std::getenv("MARIONETTE_CUSTOM_FACTS_WORKERS"); text && *text) {
    char* end = nullptr;
    unsigned long count = std::strtoul(text, &end, 10);
    if (*end == '\0' && count > 0) return static_cast<unsigned>(std::min(count, 64ul));
  }
  cpu_set_t cpus;
  unsigned cores = ::sched_getaffinity(0, sizeof cpus, &cpus) == 0
                       ? static_cast<unsigned>(CPU_COUNT(&cpus))
                       : std::thread::hardware_concurrency();
  return std::clamp(cores, 1u, 8u);
}

std::vector<fs::path> facterlib_dirs() {
  return native::directories_from_environment("FACTERLIB");
}

Facts gather_with_custom_facts(const std::vector<fs::path>& external_dirs, const Warn& warn,
                               const std::vector<std::string>& names,
                               const CustomFactSources& sources, const RubyModuleLoader& load_ruby,
                               const FactLog& log) {
  const std::vector<fs::path> files = custom_fact_files(sources);
  if (files.empty()) return gather(external_dirs, warn, names);
  Facts facts = gather_native();
  const Facts external = load_external_facts(external_dirs, warn);
  if (!external.empty()) {
    set_all(facts, external);
    facts = native::sorted_facts(std::move(facts));
  }
  return with_custom_facts(std::move(facts), external, files, sources, load_ruby, log);
}

Facts gather_deferring_custom_facts(const std::vector<fs::path>& external_dirs, const Warn& warn,
                                    const CustomFactSources& sources,
                                    const RubyModuleLoader& load_ruby, const FactLog& log,
                                    std::shared_ptr<LazyCustomFacts>& lazy) {
  std::vector<fs::path> files = custom_fact_files(sources);
  if (files.empty()) return gather(external_dirs, warn, {});
  Facts facts = gather_native();
  const Facts external = load_external_facts(external_dirs, warn);
  Facts core = facts;  // as Facter sees them: without the names external facts replace
  for (const auto& [name, _] : external.items()) core.erase(name);
  if (!external.empty()) {
    set_all(facts, external);
    facts = native::sorted_facts(std::move(facts));
  }
  lazy = std::make_shared<LazyCustomFacts>(facts, std::move(core), external, std::move(files),
                                           sources, load_ruby, log);
  return facts;
}

}  // namespace marionette::facts
